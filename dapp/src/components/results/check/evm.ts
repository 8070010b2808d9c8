// Decodes an EVM signed transaction in the browser with viem: who signed it (recovered from the signature,
// not taken from the record), what it does, and whether its keccak256 is the hash the result shows.
import { formatEther, keccak256, parseTransaction, recoverTransactionAddress, type Hex } from "viem";

export interface EvmTransactionCheck {
  ok: true;
  /** keccak256 of the signed bytes: the transaction hash, computed here. */
  computedHash: string;
  hashMatches: boolean;
  from: string;
  /** null when no signer was expected; else whether the recovered sender is it. */
  fromMatches: boolean | null;
  to: string | null;
  nonce: number | null;
  /** In ETH, exact. */
  value: string;
  data: string;
  chainId: number | null;
  gas: string | null;
  type: string;
}
export type CheckFailure = { ok: false; error: string };

export async function checkEvmTransaction(
  signedTransaction: string,
  shownHash: string,
  expectedSigner?: string | null,
): Promise<EvmTransactionCheck | CheckFailure> {
  if (!/^0x[0-9a-fA-F]+$/.test(signedTransaction)) return { ok: false, error: "not 0x-prefixed hex" };
  const raw = signedTransaction as Hex;
  try {
    const tx = parseTransaction(raw);
    const from = await recoverTransactionAddress({
      serializedTransaction: raw as Parameters<typeof recoverTransactionAddress>[0]["serializedTransaction"],
    });
    const computedHash = keccak256(raw);
    return {
      ok: true,
      computedHash,
      hashMatches: computedHash.toLowerCase() === shownHash.toLowerCase(),
      from,
      fromMatches: expectedSigner ? from.toLowerCase() === expectedSigner.toLowerCase() : null,
      to: tx.to ?? null,
      nonce: tx.nonce ?? null,
      value: formatEther(tx.value ?? 0n),
      data: tx.data ?? "0x",
      chainId: tx.chainId ?? null,
      gas: tx.gas === undefined ? null : tx.gas.toString(),
      type: tx.type ?? "legacy",
    };
  } catch (e) {
    return {
      ok: false,
      error: e instanceof Error ? ((e as { shortMessage?: string }).shortMessage ?? e.message) : String(e),
    };
  }
}
