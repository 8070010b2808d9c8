/** What an owner's "Sign" needs: the Safe's EIP-712 payload, its owners, who signed so far, and where the signature goes. */
export type SafeOwnerSignProps = {
  /** The API's EIP-712 payload (domain, types with EIP712Domain, primaryType "SafeTx", message with integers as text). */
  typedData: Record<string, unknown>;
  owners: readonly string[];
  signatures: readonly { owner: string }[];
  /** Hands the wallet's signature to the API (which verifies and, at the threshold, executes); throws to show its refusal. */
  submit: (signature: `0x${string}`) => Promise<unknown>;
  testId?: string;
};
