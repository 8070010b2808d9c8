import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { qIsolatorContract } from "./contract";
import { profilesKey } from "./keys";

/** GET q-isolator/government-profiles: the agencies (recipients), their clearance and whom they authorised. */
export const useGovernmentProfiles = () =>
  useQuery({
    queryKey: profilesKey,
    queryFn: ({ signal }) => callEndpoint(qIsolatorContract.profiles, {}, { signal }),
  });
