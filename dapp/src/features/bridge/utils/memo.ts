// The memo a lock carries (Stellar's text memo holds 28 bytes, the tighter of the two ledgers), and the
// memos of the way back that name the EVM address to release to (shared-context's inbound memo rule).

export const MAX_MEMO_BYTES = 28;

export const memoBytes = (memo: string) => new TextEncoder().encode(memo).length;

export function checkMemo(memo: string): { ok: true } | { ok: false; reason: string } {
  const n = memoBytes(memo);
  return n <= MAX_MEMO_BYTES
    ? { ok: true }
    : { ok: false, reason: `At most ${MAX_MEMO_BYTES} bytes (this one is ${n}): Stellar's text memo limit` };
}

const isEvmAddress = (a: string) => /^0x[0-9a-fA-F]{40}$/.test(a);

/** Stellar: MEMO_HASH = 12 zero bytes + the 20-byte EVM address (a text memo cannot hold 42 characters). */
export function stellarInboundMemoHex(evmAddress: string): string {
  if (!isEvmAddress(evmAddress)) throw new Error(`Not an EVM address: ${evmAddress}`);
  return "00".repeat(12) + evmAddress.slice(2).toLowerCase();
}

const toHex = (text: string) =>
  Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, "0"))
    .join("")
    .toUpperCase();

/** XRPL: one Memo, MemoType "evm-address" and MemoData the address as text, both hex-encoded as XRPL requires. */
export function xrplInboundMemo(evmAddress: string): { Memo: { MemoType: string; MemoData: string } } {
  if (!isEvmAddress(evmAddress)) throw new Error(`Not an EVM address: ${evmAddress}`);
  return { Memo: { MemoType: toHex("evm-address"), MemoData: toHex(evmAddress) } };
}
