import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Address } from "viem";
import { createSiweMessage } from "viem/siwe";
import { useConfig } from "wagmi";
import { signMessage } from "wagmi/actions";
import { notify } from "../toast";
import { describeError } from "../../lib/api-client";
import { isUserRejection } from "../../lib/wallet-errors";
import { getNonce } from "./get-nonce";
import { accessQueryKey } from "./use-access";
import { sessionQueryKey } from "./get-session";
import { verifySignIn } from "./verify-sign-in";

export const SIGN_IN_STATEMENT = "Sign in to the XQB dApp. This request does not send a transaction or cost gas.";

/** The EIP-4361 message for this page: its host and origin, the wallet's chain, the server's nonce. */
export function buildSignInMessage({
  address,
  chainId,
  nonce,
  expiresAt,
}: {
  address: Address;
  chainId: number;
  nonce: string;
  expiresAt: string;
}) {
  return createSiweMessage({
    domain: window.location.host,
    uri: window.location.origin,
    address,
    chainId,
    nonce,
    version: "1",
    statement: SIGN_IN_STATEMENT,
    issuedAt: new Date(),
    // The nonce's own expiry, on the server's clock: the wallet shows the user how long this is good for.
    expirationTime: new Date(expiresAt),
  });
}

/**
 * Sign-In with Ethereum: a nonce from the API, the message signed by the wallet (no transaction, no gas),
 * then POST /api/auth/verify, which sets the session cookie. The answer becomes the cached session.
 */
export function useSignIn() {
  const config = useConfig();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["auth", "sign-in"],
    mutationFn: async ({ address, chainId }: { address: Address; chainId: number }) => {
      const { nonce, expiresAt } = await getNonce();
      const message = buildSignInMessage({ address, chainId, nonce, expiresAt });
      const signature = await signMessage(config, { account: address, message });
      return verifySignIn({ message, signature });
    },
    onSuccess: async (session) => {
      queryClient.setQueryData(sessionQueryKey, session);
      // Operator and wallet gates read the access rule again for the signed-in wallet.
      await queryClient.invalidateQueries({ queryKey: accessQueryKey });
    },
    onError: (error) =>
      isUserRejection(error)
        ? notify({
            variant: "error",
            title: "Sign-in rejected",
            description: "The signature request was rejected in the wallet, so you are not signed in.",
          })
        : notify({ variant: "error", title: "Sign-in failed", description: describeError(error) }),
  });
}
