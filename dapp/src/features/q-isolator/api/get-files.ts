import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { qIsolatorContract } from "./contract";
import { filesKey } from "./keys";

/** GET q-isolator/vibecoins-files: the protected files, each with its CID, version, recipients and verification. */
export const useProtectedFiles = () =>
  useQuery({
    queryKey: filesKey,
    queryFn: ({ signal }) => callEndpoint(qIsolatorContract.files, {}, { signal }),
  });
