// Where a transaction's gas goes, by contract and by kind of opcode: storage writes and reads, calls
// (their own cost: cold account access, value transfer), logs, hashing and the rest. Used by
// `GAS_TRACE=<call> npm run bench:gas` to explain a row of the gas report; reads debug_traceTransaction.
import type { Hex } from "viem";

/** Any EIP-1193 provider (Hardhat's in-process one included). */
interface Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

interface StructLog {
  op: string;
  gas: number;
  gasCost: number;
  depth: number;
  stack?: string[];
}

const CALLS = new Set(["CALL", "CALLCODE", "DELEGATECALL", "STATICCALL"]);

/** A stack word as a number (Hardhat gives hex without 0x). */
const word = (w: string) => BigInt(w.startsWith("0x") ? w : `0x${w}`);

function kind(op: string): string {
  if (op === "SSTORE") return "SSTORE";
  if (op === "SLOAD") return "SLOAD";
  if (CALLS.has(op)) return "CALL (own cost)";
  if (op.startsWith("LOG")) return "LOG";
  if (op === "KECCAK256" || op === "SHA3") return "KECCAK";
  if (op === "TSTORE" || op === "TLOAD") return "TSTORE/TLOAD";
  if (op === "BALANCE" || op === "EXTCODESIZE" || op === "EXTCODEHASH" || op === "SELFBALANCE") return "account reads";
  return "other";
}

export interface GasBreakdown {
  byKind: Record<string, number>;
  byContract: Record<string, number>;
  sstores: { contract: string; slot: string; cost: number }[];
}

/** Gas per kind and per contract of `hash`'s execution (intrinsic and calldata gas are not in here). */
export async function traceGas(
  provider: Provider,
  hash: Hex,
  to: string,
  names: Record<string, string>,
): Promise<GasBreakdown> {
  const trace = (await provider.request({ method: "debug_traceTransaction", params: [hash] })) as {
    structLogs: StructLog[];
  };
  const logs = trace.structLogs;
  const byKind: Record<string, number> = {};
  const byContract: Record<string, number> = {};
  const sstores: GasBreakdown["sstores"] = [];
  const stack: string[] = [to.toLowerCase()];
  const name = (a: string) => names[a.toLowerCase()] ?? a;
  for (let i = 0; i < logs.length; i++) {
    const s = logs[i]!;
    const next = logs[i + 1];
    let cost = s.gasCost;
    if (CALLS.has(s.op)) {
      // gasCost of a call includes the gas forwarded; the call's own cost is what the caller lost minus
      // what the callee used, i.e. gas before the call - gas after return - callee's consumption.
      const back = logs.findIndex((l, j) => j > i && l.depth === s.depth);
      if (next && next.depth > s.depth && back > 0) {
        const calleeUsed = next.gas - (logs[back - 1]!.gas - logs[back - 1]!.gasCost);
        cost = s.gas - logs[back]!.gas - calleeUsed;
        const target =
          "0x" +
          word(s.stack![s.stack!.length - 2]!)
            .toString(16)
            .padStart(40, "0");
        stack[s.depth] = s.op === "DELEGATECALL" ? stack[s.depth - 1]! : target;
      } else if (back > 0) {
        cost = s.gas - logs[back]!.gas; // precompile or call to an account without code
      }
    }
    const contract = name(stack[s.depth - 1]!);
    const k = kind(s.op);
    byKind[k] = (byKind[k] ?? 0) + cost;
    byContract[contract] = (byContract[contract] ?? 0) + cost;
    if (s.op === "SSTORE")
      sstores.push({ contract, slot: "0x" + word(s.stack![s.stack!.length - 1]!).toString(16), cost });
  }
  return { byKind, byContract, sstores };
}
