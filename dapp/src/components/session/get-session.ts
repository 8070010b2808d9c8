import { queryOptions, useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../lib/endpoint-client";
import { authContract, type SessionResponse } from "./contract";

/** GET auth/session: the signed-in wallet, or null when the browser has no valid session (a 200 either way). */
export const getSession = (signal?: AbortSignal): Promise<SessionResponse | null> =>
  callEndpoint(authContract.session, {}, { signal });

export const sessionQueryKey = ["auth", "session"] as const;

export const getSessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => getSession(signal),
  });

export const useSession = () => useQuery(getSessionQueryOptions());
