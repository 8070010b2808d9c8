// Which deploy-map contract a log came from, and its decoded, JSON-safe arguments. The map's name comes from
// the log's address, never from the ABI: the three staking pools share one ABI but are three contracts.
import {
  decodeEventLog,
  getAddress,
  toEventSelector,
  type Abi,
  type AbiEvent,
  type AbiParameter,
  type Address,
  type Hex,
  type Log,
} from "viem";
import { contractsOn, type ContractName, type DeployedContract } from "../contracts";
import type { IndexedEvent } from "./types";

export interface IndexedContract {
  name: ContractName;
  address: Address;
  deployedOnBlock: number;
  /** The ABI's events by topic0. */
  events: Map<Hex, AbiEvent>;
}

/**
 * The contracts the index follows on a chain: every entry of its deploy map except `external` ones (Sepolia's
 * USDC and Chainlink feed are other people's busy contracts: millions of transfers that are not ours; what our
 * contracts did with them is in our contracts' own events).
 */
export function indexedContracts(
  chainId: number,
  map: Partial<Record<ContractName, DeployedContract & { external?: boolean }>> | null = contractsOn(chainId),
): IndexedContract[] {
  return Object.entries(map ?? {})
    .filter(([, c]) => c && !c.external)
    .map(([name, c]) => ({
      name: name as ContractName,
      address: getAddress(c!.address),
      deployedOnBlock: c!.deployedOnBlock,
      events: new Map(
        (c!.abi as Abi)
          .filter((i): i is AbiEvent => i.type === "event" && !i.anonymous)
          .map((e) => [toEventSelector(e), e] as const),
      ),
    }));
}

export type DecodedLog = Omit<IndexedEvent, "chainInstance" | "blockTimestamp"> & { blockHash: Hex };

/** The log decoded with its contract's ABI; null for a log of another address or an event not in the ABI. */
export function decodeLog(byAddress: Map<string, IndexedContract>, log: Log): DecodedLog | null {
  const contract = byAddress.get(log.address.toLowerCase());
  const topic0 = log.topics[0];
  const event = topic0 ? contract?.events.get(topic0.toLowerCase() as Hex) : undefined;
  if (
    !contract ||
    !event ||
    log.blockNumber === null ||
    log.logIndex === null ||
    !log.transactionHash ||
    !log.blockHash
  )
    return null;
  let decoded;
  try {
    decoded = decodeEventLog({ abi: [event], data: log.data, topics: log.topics as [Hex, ...Hex[]], strict: true });
  } catch {
    return null;
  }
  const raw = decoded.args as unknown as Record<string, unknown> | readonly unknown[];
  const args: Record<string, string | boolean> = {};
  event.inputs.forEach((input, i) => {
    const value = Array.isArray(raw) ? raw[i] : (raw as Record<string, unknown>)[input.name ?? String(i)];
    args[input.name || String(i)] = jsonSafe(value, input);
  });
  return {
    contract: contract.name,
    address: contract.address,
    eventName: event.name,
    args,
    blockNumber: log.blockNumber,
    blockHash: log.blockHash.toLowerCase() as Hex,
    logIndex: log.logIndex,
    transactionHash: log.transactionHash.toLowerCase() as Hex,
  };
}

/** Integers as decimal strings, addresses checksummed, booleans kept; arrays and tuples as JSON text of the same. */
export function jsonSafe(value: unknown, param?: AbiParameter): string | boolean {
  const plain = toPlain(value, param);
  return typeof plain === "string" || typeof plain === "boolean" ? plain : JSON.stringify(plain);
}

function toPlain(value: unknown, param?: AbiParameter): unknown {
  if (typeof value === "bigint" || typeof value === "number") return value.toString();
  if (typeof value === "boolean") return value;
  if (typeof value === "string") {
    if (param?.type === "address" || (!param && /^0x[0-9a-fA-F]{40}$/.test(value))) return getAddress(value);
    return param?.type.startsWith("bytes") ? value.toLowerCase() : value;
  }
  if (Array.isArray(value)) {
    const inner = param?.type.endsWith("]") ? { ...param, type: param.type.replace(/\[\d*\]$/, "") } : undefined;
    const components = param && "components" in param ? param.components : undefined;
    if (components && !param?.type.endsWith("]")) return value.map((v, i) => toPlain(v, components[i]));
    return value.map((v) => toPlain(v, inner as AbiParameter | undefined));
  }
  if (value && typeof value === "object") {
    const components = param && "components" in param ? param.components : undefined;
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        toPlain(
          v,
          components?.find((c) => c.name === k),
        ),
      ]),
    );
  }
  return value === undefined ? null : value;
}

/** A query value as stored: an address in any letter case becomes its checksummed form. */
export function normalizeArg(value: string): string {
  return /^0x[0-9a-fA-F]{40}$/.test(value) ? getAddress(value.toLowerCase()) : value;
}
