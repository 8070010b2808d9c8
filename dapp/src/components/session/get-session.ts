import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../lib/api-client";
import type { sessionResponse, SessionResponse } from "../../types/api";

/** GET /api/auth/session: the signed-in wallet, or null when the browser has no session (401). */
export const getSession = (signal?: AbortSignal): Promise<SessionResponse | null> =>
  apiRequest<typeof sessionResponse>("/api/auth/session", { signal, returnNullOn401: true });

export const sessionQueryKey = ["auth", "session"] as const;

export const getSessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => getSession(signal),
  });

export const useSession = () => useQuery(getSessionQueryOptions());
