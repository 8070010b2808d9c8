import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { environmentalContract } from "./contract";
import { LEDGER_POLL_MS, projectsKey } from "./keys";

/** GET environmental/projects: each crowdfunding project's funding and attestation state. */
export const useProjects = () =>
  useQuery({
    queryKey: projectsKey,
    queryFn: ({ signal }) => callEndpoint(environmentalContract.projects, undefined, { signal }),
    refetchInterval: LEDGER_POLL_MS,
  });
