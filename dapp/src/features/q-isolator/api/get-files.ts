import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { vibecoinsFilesResponse } from "../../../types/api";
import { filesKey } from "./keys";

/** GET /api/q-isolator/vibecoins-files: the protected files, each with its CID, version, recipients and verification. */
export const useProtectedFiles = () =>
  useQuery({
    queryKey: filesKey,
    queryFn: ({ signal }) => api.get<typeof vibecoinsFilesResponse>("/api/q-isolator/vibecoins-files", signal),
  });
