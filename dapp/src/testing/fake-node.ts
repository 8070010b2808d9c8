import type { Hex } from "viem";
import { json, type FakeRequest } from "./fake-api";

export type RpcError = { code: number; message: string; data?: unknown };
type SentTx = { from: string; to: string; data?: Hex; value?: Hex };

/**
 * Just enough of a Hardhat node's JSON-RPC for wallet writes through wagmi's `mock` connector (which
 * forwards eth_sendTransaction to the chain's URL). `onSend` answers each sent transaction with a hash,
 * or a JSON-RPC error (4001: the user rejected it; 3 with revert data: the contract refused).
 */
export function fakeNode(
  options: {
    onSend?: (tx: SentTx, n: number) => Hex | RpcError;
    onCall?: (data: Hex) => Hex;
    onEstimate?: (tx: SentTx) => { result: Hex } | { error: RpcError };
    gas?: bigint;
    balance?: bigint;
    blockNumber?: bigint;
    chainId?: number;
    /** The logs of a sent transaction's receipt (e.g. an event the page reads back); none by default. */
    logs?: (tx: SentTx, hash: Hex) => { address: string; topics: Hex[]; data: Hex }[];
  } = {},
) {
  const sent: SentTx[] = [];
  const block = options.blockNumber ?? 16n;
  const mined = new Map<Hex, SentTx>();
  const handle = (method: string, params: unknown[]): { result: unknown } | { error: RpcError } => {
    switch (method) {
      case "eth_chainId":
        return { result: `0x${(options.chainId ?? 31337).toString(16)}` };
      case "eth_blockNumber":
        return { result: `0x${block.toString(16)}` };
      case "eth_estimateGas":
        return options.onEstimate
          ? options.onEstimate(params[0] as SentTx)
          : { result: `0x${(options.gas ?? 63_000n).toString(16)}` };
      case "eth_gasPrice":
        return { result: "0x3b9aca00" }; // 1 gwei
      case "eth_getBalance":
        return { result: `0x${(options.balance ?? 10_000n * 10n ** 18n).toString(16)}` };
      case "eth_call":
        return { result: options.onCall?.((params[0] as { data: Hex }).data) ?? "0x" };
      case "eth_sendTransaction": {
        const tx = params[0] as SentTx;
        sent.push(tx);
        const answer = options.onSend?.(tx, sent.length) ?? (`0x${sent.length.toString(16).padStart(64, "0")}` as Hex);
        if (typeof answer === "object") return { error: answer };
        mined.set(answer, tx);
        return { result: answer };
      }
      case "eth_getTransactionReceipt": {
        const hash = params[0] as Hex;
        const tx = mined.get(hash);
        if (!tx) return { result: null };
        return {
          result: {
            blockHash: `0x${"11".repeat(32)}`,
            blockNumber: `0x${block.toString(16)}`,
            contractAddress: null,
            cumulativeGasUsed: "0x5208",
            effectiveGasPrice: "0x1",
            from: tx.from.toLowerCase(),
            gasUsed: "0x5208",
            logs: (options.logs?.(tx, hash) ?? []).map((log, i) => ({
              ...log,
              blockHash: `0x${"11".repeat(32)}`,
              blockNumber: `0x${block.toString(16)}`,
              logIndex: `0x${i.toString(16)}`,
              removed: false,
              transactionHash: hash,
              transactionIndex: "0x0",
            })),
            logsBloom: `0x${"00".repeat(256)}`,
            status: "0x1",
            to: tx.to?.toLowerCase() ?? null,
            transactionHash: hash,
            transactionIndex: "0x0",
            type: "0x2",
          },
        };
      }
      default:
        return { error: { code: -32601, message: `fake node: ${method} not handled` } };
    }
  };
  const route = (req: FakeRequest) => {
    const { id, method, params } = req.body as { id: number; method: string; params: unknown[] };
    return json({ jsonrpc: "2.0", id, ...handle(method, params ?? []) });
  };
  return { route, sent };
}

/** An EIP-1193 user rejection, as MetaMask answers eth_sendTransaction when the user clicks Reject. */
export const userRejected: RpcError = { code: 4001, message: "User rejected the request." };
