import { queryOptions, useQuery } from "@tanstack/react-query";
import { callEndpointOrNull } from "../../lib/endpoint-client";
import { authContract, type SessionResponse } from "./contract";

/** GET auth/session: the signed-in wallet, or null when the browser has no session (401). */
export const getSession = (signal?: AbortSignal): Promise<SessionResponse | null> =>
  callEndpointOrNull(authContract.session, {}, { signal });

export const sessionQueryKey = ["auth", "session"] as const;

export const getSessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => getSession(signal),
  });

export const useSession = () => useQuery(getSessionQueryOptions());
