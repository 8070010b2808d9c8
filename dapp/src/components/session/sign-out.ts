import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { notify } from "../toast";
import { describeError } from "../../lib/api-client";
import { callEndpoint } from "../../lib/endpoint-client";
import { authContract, type SignOutResponse } from "./contract";
import { sessionQueryKey } from "./get-session";
import { accessQueryKey } from "./use-access";

/** POST auth/logout: ends the session and clears its cookie (answers the same without one). */
export const signOut = (): Promise<SignOutResponse> => callEndpoint(authContract.logout);

/** Signs out and forgets the cached session. */
export async function signOutAndForget(queryClient: QueryClient): Promise<void> {
  await signOut();
  queryClient.setQueryData(sessionQueryKey, null);
  // Operator and wallet gates read the access rule again: this browser is a visitor now.
  await queryClient.invalidateQueries({ queryKey: accessQueryKey });
}

/** After the wallet disconnects: ends the session if this page holds one (no request otherwise). */
export async function signOutIfSignedIn(queryClient: QueryClient): Promise<void> {
  if (queryClient.getQueryData(sessionQueryKey)) await signOutAndForget(queryClient);
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["auth", "sign-out"],
    mutationFn: () => signOutAndForget(queryClient),
    onError: (error) => notify({ variant: "error", title: "Sign-out failed", description: describeError(error) }),
  });
}
