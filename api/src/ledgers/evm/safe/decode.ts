// Calls and reverts in words, with the deploy map's ABIs: a preview names each call's contract, function and
// arguments; a revert names the target's own error (Error(string), Panic, or a custom error of any map
// contract) instead of the Safe's GS013.
import {
  decodeErrorResult,
  decodeFunctionData,
  getAddress,
  type Abi,
  type AbiFunction,
  type Address,
  type Hex,
} from "viem";
import { contractsOn, type DeployedContract } from "../contracts";

export interface DecodedCall {
  to: Address;
  contract: string | null;
  function: string | null;
  args: Record<string, string>;
  value: string;
  data: Hex;
}

const text = (v: unknown): string =>
  typeof v === "bigint"
    ? v.toString()
    : Array.isArray(v)
      ? JSON.stringify(v, (_k, x) => (typeof x === "bigint" ? x.toString() : x))
      : String(v);

function entryAt(chainId: number, address: Address): [string, DeployedContract] | null {
  const map = contractsOn(chainId) ?? {};
  const found = Object.entries(map).find(([, c]) => c && getAddress(c.address) === getAddress(address));
  return found ? [found[0], found[1]!] : null;
}

/** The call's contract (map name), function signature and named arguments; nulls where the map cannot say. */
export function describeCall(chainId: number, call: { to: Address; value?: bigint; data: Hex }): DecodedCall {
  const base = { to: getAddress(call.to), value: (call.value ?? 0n).toString(), data: call.data };
  const entry = entryAt(chainId, call.to);
  if (!entry) return { ...base, contract: null, function: null, args: {} };
  try {
    const decoded = decodeFunctionData({ abi: entry[1].abi, data: call.data });
    const item = (entry[1].abi as Abi).find(
      (i): i is AbiFunction =>
        i.type === "function" && i.name === decoded.functionName && i.inputs.length === (decoded.args?.length ?? 0),
    );
    const args: Record<string, string> = {};
    (decoded.args ?? []).forEach((v, i) => (args[item?.inputs[i]?.name || String(i)] = text(v)));
    const signature = `${decoded.functionName}(${(item?.inputs ?? []).map((i) => i.type).join(",")})`;
    return { ...base, contract: entry[0], function: signature, args };
  } catch {
    return { ...base, contract: entry[0], function: null, args: {} };
  }
}

export interface DecodedRevert {
  /** "Error" for require messages, "Panic", a custom error's name, or null when nothing decodes. */
  errorName: string | null;
  args: Record<string, string>;
  /** One line: `GS020`, `CollateralRatioTooLow(ratioBps=14000, minimumBps=15000)`, … */
  text: string;
  /** The map contract whose ABI decoded it. */
  contract: string | null;
}

/** Decodes revert data with Error/Panic and then every map contract's errors (first that fits). */
export function decodeRevert(chainId: number, data: Hex | null, preferred?: Address): DecodedRevert {
  if (!data || data === "0x") return { errorName: null, args: {}, text: "reverted without a reason", contract: null };
  const map = contractsOn(chainId) ?? contractsOn(31337) ?? {};
  const first = preferred ? entryAt(chainId, preferred) : null;
  const candidates: [string | null, Abi][] = [
    [null, []],
    ...(first ? [[first[0], first[1].abi] as [string, Abi]] : []),
    ...Object.entries(map).map(([n, c]) => [n, c!.abi] as [string, Abi]),
  ];
  for (const [name, abi] of candidates) {
    try {
      const d = decodeErrorResult({ abi, data });
      const inputs = d.abiItem && "inputs" in d.abiItem ? d.abiItem.inputs : [];
      const args: Record<string, string> = {};
      (d.args ?? []).forEach((v, i) => (args[inputs[i]?.name || String(i)] = text(v)));
      if (d.errorName === "Error") return { errorName: "Error", args, text: String(d.args?.[0] ?? ""), contract: null };
      if (d.errorName === "Panic")
        return { errorName: "Panic", args, text: `Panic(${args[0] ?? args.code ?? ""})`, contract: null };
      const list = Object.entries(args)
        .map(([k, v]) => `${k}=${v}`)
        .join(", ");
      return { errorName: d.errorName, args, text: `${d.errorName}(${list})`, contract: name };
    } catch {
      // not this ABI's error
    }
  }
  return { errorName: null, args: {}, text: `reverted with unknown data ${data.slice(0, 10)}…`, contract: null };
}
