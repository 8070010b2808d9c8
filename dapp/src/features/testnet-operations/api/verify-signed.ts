import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import type { verifyResponse } from "../../../../../api/src/features/cryptocurrency/cryptocurrency.schemas";
import type { VerifyResponse } from "./contract";

/**
 * POST the payment's own `verifyPath` (the coin layer's verify endpoint, which the API names in the answer)
 * {signedTransaction}: the envelope decoded with the Stellar library and its signature checked; changes nothing.
 */
export const verifySigned = ({
  verifyPath,
  signedTransaction,
}: {
  verifyPath: string;
  signedTransaction: string;
}): Promise<VerifyResponse> =>
  apiRequest<typeof verifyResponse>(verifyPath, { method: "POST", body: { signedTransaction } });

export const useVerifySigned = () => useMutation({ mutationFn: verifySigned });
