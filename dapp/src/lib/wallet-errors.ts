/**
 * True when the wallet's user said no (EIP-1193 code 4001, viem's UserRejectedRequestError), wherever
 * wagmi or viem wrapped it in the cause chain.
 */
export function isUserRejection(error: unknown): boolean {
  for (
    let e: unknown = error, depth = 0;
    e && typeof e === "object" && depth < 10;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    if ((e as { code?: unknown }).code === 4001 || (e as { name?: unknown }).name === "UserRejectedRequestError")
      return true;
  }
  return false;
}
