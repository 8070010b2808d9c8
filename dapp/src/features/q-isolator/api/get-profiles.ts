import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { governmentProfilesResponse } from "../../../types/api";
import { profilesKey } from "./keys";

/** GET /api/q-isolator/government-profiles: the agencies (recipients), their clearance and whom they authorised. */
export const useGovernmentProfiles = () =>
  useQuery({
    queryKey: profilesKey,
    queryFn: ({ signal }) => api.get<typeof governmentProfilesResponse>("/api/q-isolator/government-profiles", signal),
  });
