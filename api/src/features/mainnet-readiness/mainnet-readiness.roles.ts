// Who holds which right on every contract of the deploy map, read from the chain: the AccessControl
// RoleGranted/RoleRevoked events since each contract's deployedOnBlock (from the event index, which stores every
// event of the map's contracts) give the candidates, and hasRole confirms each one now; owner() for Ownable
// contracts. Each holder is classified: the Safe, another contract of the map, or an EOA (no code).
import { getAddress, keccak256, toBytes, type Abi, type Address, type Hex } from "viem";
import { withTimeout } from "../../ledgers/deadline";
import { contractsOn, type ContractName } from "../../ledgers/evm/contracts";
import type { LooseCall } from "../../ledgers/evm/live";
import type { BlockStamp } from "../../ledgers/evm";
import type { EventQuery, IndexedEvent } from "../../ledgers/evm/event-index/types";
import type { RoleHolder } from "./mainnet-readiness.schemas";

export interface RolesDeps {
  chainId: number;
  /** The live node: rights are read from the chain, never from the simulated twin. */
  node: {
    read(call: LooseCall): Promise<never>;
    codeAt(address: Address): Promise<Hex>;
    block(n?: bigint): Promise<BlockStamp>;
  };
  index: {
    events(q: EventQuery): Promise<IndexedEvent[]>;
    waitFor(block: bigint, timeoutMs?: number): Promise<boolean>;
  };
  /** The API's own signing account, named as such where it holds a role. */
  serverSigner: Address;
  timeoutMs?: number;
}

export const DEFAULT_ADMIN_ROLE = `0x${"00".repeat(32)}` as Hex;
/** Rights that must be the Safe's: who holds them can re-grant every role, or stop the contract. */
const PRIVILEGED = new Set(["DEFAULT_ADMIN_ROLE", "PAUSER_ROLE", "owner()"]);
/** What an operational role is for, when an EOA holds it. */
const OPERATIONAL: Record<string, string> = {
  MINTER_ROLE: "minter",
  RELAYER_ROLE: "bridge relayer",
  KEEPER_ROLE: "keeper",
  UPDATER_ROLE: "price-feed updater",
  ROUTER_ROLE: "router",
  VAULT_ROLE: "vault",
};
/** Test doubles that the real USDC and Chainlink feed replace off the local chain. */
export const isMock = (name: string) => name.startsWith("Mock");

export interface RoleReading {
  holders: RoleHolder[];
  safe: Address | null;
  /** Why the reading is incomplete (the index behind the chain, a read that failed); null when complete. */
  incomplete: string | null;
}

const fnNames = (abi: Abi) =>
  new Set(abi.filter((x) => x.type === "function").map((x) => (x as { name: string }).name));

/** Role hash -> name, from the ABI's `*_ROLE()` getters (OpenZeppelin: keccak256 of the name; admin is zero). */
function roleNames(abi: Abi): Map<string, string> {
  const names = new Map<string, string>([[DEFAULT_ADMIN_ROLE, "DEFAULT_ADMIN_ROLE"]]);
  for (const n of fnNames(abi))
    if (/^[A-Z_]+_ROLE$/.test(n) && n !== "DEFAULT_ADMIN_ROLE") names.set(keccak256(toBytes(n)), n);
  return names;
}

/**
 * Rights change only with a transaction, so a reading is reused while the chain's head block is the same
 * (its hash: a new block or a restarted chain reads again). The status is polled; its reads stay cheap.
 */
export function createRoleReader(deps: RolesDeps) {
  // The reading under way is shared too: the requests that arrive while it runs do not start their own.
  let last: { head: string; reading: Promise<RoleReading> } | null = null;
  return async (): Promise<RoleReading> => {
    const head = await withTimeout(deps.node.block(), deps.timeoutMs ?? 5000, "latest block");
    if (last?.head === head.hash) return last.reading;
    const entry = { head: head.hash, reading: readRoleHolders(deps, head) };
    last = entry;
    // An incomplete reading (the index behind) or a failed one is read again by the next caller.
    const forget = () => {
      if (last === entry) last = null;
    };
    entry.reading.then((r) => r.incomplete && forget(), forget);
    return entry.reading;
  };
}

export async function readRoleHolders(deps: RolesDeps, head?: BlockStamp): Promise<RoleReading> {
  const timeoutMs = deps.timeoutMs ?? 5000;
  const map = Object.entries(contractsOn(deps.chainId) ?? {}).filter(
    ([, c]) => c && !(c as { external?: boolean }).external,
  ) as [ContractName, { address: Address; abi: Abi }][];
  const safeEntry = map.find(([name]) => name === "TreasuryMultisig");
  const safe = safeEntry ? getAddress(safeEntry[1].address) : null;
  const byAddress = new Map(map.map(([name, c]) => [getAddress(c.address), name]));
  const accessControlled = map.filter(([, c]) => fnNames(c.abi).has("hasRole"));
  const ownable = map.filter(([, c]) => fnNames(c.abi).has("owner"));
  let incomplete: string | null = null;

  // The index must have seen the chain's current block, or a recent grant could be missing.
  const tip = head ?? (await withTimeout(deps.node.block(), timeoutMs, "latest block"));
  if (!(await deps.index.waitFor(tip.number, timeoutMs)))
    incomplete = `the event index has not reached block ${tip.number} yet; recent grants may be missing`;

  const events = accessControlled.length
    ? await withTimeout(
        deps.index.events({ contract: accessControlled.map(([n]) => n), eventName: ["RoleGranted", "RoleRevoked"] }),
        timeoutMs,
        "role events",
      )
    : [];
  const candidates = new Map<string, { contract: ContractName; role: Hex; account: Address }>();
  for (const e of events) {
    const role = String(e.args.role).toLowerCase() as Hex;
    const account = getAddress(String(e.args.account));
    candidates.set(`${e.contract}|${role}|${account}`, { contract: e.contract, role, account });
  }

  // Confirm every candidate now (a revoke, or a renounce, leaves a grant event behind).
  const confirmed = await withTimeout(
    Promise.all(
      [...candidates.values()].map(async (c) => ({
        ...c,
        has: Boolean(
          await deps.node.read({ contract: c.contract, functionName: "hasRole", args: [c.role, c.account] }),
        ),
      })),
    ),
    timeoutMs,
    "hasRole",
  );
  const owners = await withTimeout(
    Promise.all(
      ownable.map(async ([name]) => ({
        contract: name,
        account: getAddress(String(await deps.node.read({ contract: name, functionName: "owner" }))),
      })),
    ),
    timeoutMs,
    "owner()",
  );

  const held = [
    ...confirmed
      .filter((c) => c.has)
      .map((c) => ({
        contract: c.contract,
        role: roleNames(map.find(([n]) => n === c.contract)![1].abi).get(c.role) ?? c.role,
        account: c.account,
      })),
    ...owners.map((o) => ({ contract: o.contract, role: "owner()", account: o.account })),
  ];

  // Code at each distinct holder that is neither the Safe nor a map contract: none means an EOA.
  const others = [...new Set(held.map((h) => h.account).filter((a) => a !== safe && !byAddress.has(a)))];
  const codes = new Map(
    await withTimeout(
      Promise.all(others.map(async (a) => [a, await deps.node.codeAt(a)] as const)),
      timeoutMs,
      "holder code",
    ),
  );

  const signer = getAddress(deps.serverSigner);
  const holders: RoleHolder[] = held.map((h) => {
    const contractAddress = getAddress(map.find(([n]) => n === h.contract)![1].address);
    const privileged = PRIVILEGED.has(h.role);
    let kind: RoleHolder["kind"];
    let holderName: string;
    if (h.account === safe) {
      kind = "safe";
      holderName = "the Safe (TreasuryMultisig)";
    } else if (byAddress.has(h.account)) {
      kind = "contract";
      holderName = byAddress.get(h.account)!;
    } else if ((codes.get(h.account) ?? "0x") !== "0x") {
      kind = "contract";
      holderName = "a contract outside the deploy map";
    } else {
      kind = "eoa";
      const use = privileged ? "admin" : (OPERATIONAL[h.role] ?? "operator");
      holderName = h.account === signer ? `the API signer (${use})` : `an EOA (${use})`;
    }
    return {
      contract: h.contract,
      contractAddress,
      role: h.role,
      holder: h.account,
      kind,
      holderName,
      privileged,
      counted: !isMock(h.contract),
    };
  });
  // Privileged rights first, then by contract and role.
  holders.sort(
    (a, b) =>
      Number(b.privileged) - Number(a.privileged) ||
      a.contract.localeCompare(b.contract) ||
      a.role.localeCompare(b.role),
  );
  return { holders, safe, incomplete };
}
