import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { freshFromChain } from "../../../lib/chain-changes";
import { crowdfundingContract, type ProjectsResponse } from "./contract";
import { crowdfundingQueryKey, PROJECTS_POLL_MS } from "./keys";

/** GET vibecoins/projects: the projects with their campaigns' figures and attestations read from the chain. */
export const getProjects = (signal?: AbortSignal): Promise<ProjectsResponse> =>
  callEndpoint(crowdfundingContract.projects, {}, { signal });

export const projectsQueryKey = [...crowdfundingQueryKey, "projects"] as const;

export const useProjects = () =>
  useQuery({
    queryKey: projectsQueryKey,
    queryFn: ({ signal }) => getProjects(signal),
    ...freshFromChain({ everyBlock: true }, PROJECTS_POLL_MS),
  });
