// From the live reads to the verdicts: per network its identity checks (expected, source, value read, outcome),
// the latest block or ledger, the clock skew and the latency, beside the offline signed-transaction check.
// Nothing passes without a value read in this run.
import type { Address } from "viem";
import { endpointOf } from "../../ledgers/deadline";
import { contractsOn } from "../../ledgers/evm/contracts";
import {
  LOCAL_CHAIN_ID,
  NETWORK_NAMES,
  SEPOLIA_CHAIN_ID,
  SEPOLIA_GENESIS_HASH,
  SKEW_RULE,
  STELLAR_TESTNET_PASSPHRASE,
  XRPL_TESTNET_NETWORK_ID,
  type CheckId,
  type Expected,
  type NetworkId,
  type Outcome,
} from "./network-verification.constants";
import {
  readEvm,
  readHorizonRoot,
  readRippled,
  type EvmReading,
  type ProbeOptions,
  type Settled,
} from "./network-verification.ledger";
import type {
  ContractCode,
  IdentityCheck,
  LatestBlock,
  NetworkVerification,
  SignedTransactionCheck,
} from "./network-verification.schemas";
import { signEvm, signStellar, signXrpl } from "./network-verification.signing";

const iso = (ms: number) => new Date(ms).toISOString();

interface CheckSpec {
  id: CheckId;
  name: string;
  expected: Expected<string>;
  readWith: string;
}

/** A value read compared with the expected one; a read without an answer is not reachable, never a pass. */
function judge(spec: CheckSpec, read: Settled<string | null>, at: number): IdentityCheck {
  const base = {
    id: spec.id,
    name: spec.name,
    expected: spec.expected.value,
    source: spec.expected.source,
    sourceUrl: spec.expected.sourceUrl,
    readWith: spec.readWith,
    checkedAt: iso(at),
  };
  if (!read.ok) return { ...base, actual: null, outcome: "not-reachable", note: read.why };
  if (read.value === null) return { ...base, actual: null, outcome: "fail", note: "the answer did not contain it" };
  const pass = read.value === spec.expected.value;
  return {
    ...base,
    actual: read.value,
    outcome: pass ? "pass" : "fail",
    note: pass ? null : "the node answered a different value: this endpoint is not that network",
  };
}

/** Expected values shown with nothing read: no endpoint to ask. */
function unconfigured(spec: CheckSpec, why: string, at: number): IdentityCheck {
  return {
    id: spec.id,
    name: spec.name,
    expected: spec.expected.value,
    source: spec.expected.source,
    sourceUrl: spec.expected.sourceUrl,
    actual: null,
    readWith: spec.readWith,
    outcome: "not-configured",
    note: why,
    checkedAt: iso(at),
  };
}

/** Fail over not reachable over pass; not configured only when nothing was asked. */
export function overall(checks: readonly IdentityCheck[]): Outcome {
  if (checks.some((c) => c.outcome === "fail")) return "fail";
  if (checks.some((c) => c.outcome === "not-reachable")) return "not-reachable";
  if (checks.length > 0 && checks.every((c) => c.outcome === "pass")) return "pass";
  return "not-configured";
}

function summaryOf(outcome: Outcome, checks: readonly IdentityCheck[]): string {
  switch (outcome) {
    case "pass":
      return checks.length === 1
        ? "Its identity check matched the value read live now."
        : `All ${checks.length} identity checks matched values read live now.`;
    case "fail": {
      const failed = checks.filter((c) => c.outcome === "fail").map((c) => c.name.toLowerCase());
      return `Not this network: the ${failed.join(" and the ")} did not match what the node answered.`;
    }
    case "not-reachable":
      return `Not reachable: ${checks.find((c) => c.outcome === "not-reachable")?.note ?? "no answer"}. Nothing is claimed about it.`;
    case "not-configured":
      return `Not configured: ${checks[0]?.note ?? "no endpoint configured"}. Its expected values are shown.`;
  }
}

function latestOf(kind: LatestBlock["kind"], number: string, closedAtMs: number | null, answeredAt: number) {
  const latest: LatestBlock = {
    kind,
    number,
    closedAt: closedAtMs === null ? null : iso(closedAtMs),
    ageSeconds: closedAtMs === null ? null : Math.round((answeredAt - closedAtMs) / 1000),
    checkedAt: iso(answeredAt),
  };
  const clockSkew =
    closedAtMs === null ? null : { seconds: Math.round((closedAtMs - answeredAt) / 1000), basis: SKEW_RULE };
  return { latest, clockSkew };
}

function network(
  id: NetworkId,
  endpoint: string | null,
  checks: IdentityCheck[],
  signedTransaction: SignedTransactionCheck,
  at: number,
  more: Partial<Pick<NetworkVerification, "contracts" | "latest" | "clockSkew" | "latencyMs">> = {},
): NetworkVerification {
  const outcome = overall(checks);
  return {
    id,
    name: NETWORK_NAMES[id],
    endpoint,
    outcome,
    summary: summaryOf(outcome, checks),
    checks,
    contracts: more.contracts ?? null,
    latest: more.latest ?? null,
    clockSkew: more.clockSkew ?? null,
    latencyMs: more.latencyMs ?? null,
    signedTransaction,
    checkedAt: iso(at),
  };
}

const asText = (s: Settled<number | string | null>): Settled<string | null> =>
  s.ok ? { ok: true, value: s.value === null ? null : String(s.value) } : s;

const chainIdSpec = (expected: Expected<number>): CheckSpec => ({
  id: "chain-id",
  name: "Chain id",
  expected: { ...expected, value: String(expected.value) },
  readWith: "eth_chainId",
});
const GENESIS_READ = "eth_getBlockByNumber(0) → hash";

/** The deploy map's entries of a chain, ours first to check; external ones (someone else's contracts) marked. */
function mapEntries(chainId: number) {
  const map = contractsOn(chainId);
  if (!map) return null;
  return Object.entries(map).map(([name, c]) => ({
    name,
    address: c!.address,
    external: Boolean((c as { external?: boolean }).external),
  }));
}

function evmLatest(reading: EvmReading) {
  if (!reading.latest.ok) return {};
  const { number, timestamp } = reading.latest.value;
  return latestOf("block", number.toString(), timestamp * 1000, reading.answeredAt);
}

/** Code at every address of the map this run read; external entries are listed and skipped. */
function codeCheck(
  chainId: number,
  entries: NonNullable<ReturnType<typeof mapEntries>>,
  ours: readonly { address: Address }[],
  reading: EvmReading,
  at: number,
): { check: IdentityCheck; contracts: ContractCode[] } {
  const read = new Map(ours.map((c, i) => [c.address, reading.codes[i]!]));
  const contracts = entries.map((e) => {
    const r = read.get(e.address);
    return { name: e.name, address: e.address, external: e.external, hasCode: r?.ok ? r.value : null };
  });
  const skipped = entries.length - ours.length;
  const expected = `code at each of the ${ours.length} addresses${skipped ? ` (${skipped} external entr${skipped === 1 ? "y" : "ies"} not ours, skipped)` : ""}`;
  const unread = [...read.values()].find((r) => !r.ok);
  const missing = contracts.filter((c) => !c.external && c.hasCode === false).map((c) => c.name);
  const withCode = contracts.filter((c) => c.hasCode === true).length;
  const base = {
    id: "contract-code" as const,
    name: "Contract code at the deploy map's addresses",
    expected,
    source: `the deploy map the deploy wrote: contracts/generated/${chainId}.ts`,
    sourceUrl: null,
    readWith: "eth_getCode at each address (latest block)",
    checkedAt: iso(at),
  };
  if (unread && !unread.ok)
    return { contracts, check: { ...base, actual: null, outcome: "not-reachable", note: unread.why } };
  return {
    contracts,
    check: {
      ...base,
      actual: `${withCode} of ${ours.length} have code`,
      outcome: missing.length === 0 ? "pass" : "fail",
      note: missing.length === 0 ? null : `no code at ${missing.join(", ")}: the deploy has not run on this chain`,
    },
  };
}

export interface LocalTarget {
  rpcUrl: string;
  /** The genesis hash this API's EVM client recorded at its last probe of the chain (null before any). */
  recordedGenesis: () => string | null;
}

/** The local Hardhat chain: its id, this run's genesis against the API's record, and code at the map's addresses. */
export async function verifyLocal(target: LocalTarget, o: ProbeOptions): Promise<NetworkVerification> {
  const at = o.now();
  const entries = mapEntries(LOCAL_CHAIN_ID.value) ?? [];
  const ours = entries.filter((e) => !e.external);
  const recorded = target.recordedGenesis();
  const [reading, signed] = await Promise.all([
    readEvm(
      target.rpcUrl,
      ours.map((c) => c.address),
      o,
    ),
    signEvm(LOCAL_CHAIN_ID.value, o.now),
  ]);
  const genesisSpec: CheckSpec = {
    id: "genesis-hash",
    name: "Genesis block hash (this chain run)",
    expected: {
      value: recorded ?? "(none recorded yet)",
      source:
        "the genesis hash this API recorded for the chain run it serves: its EVM client reads block 0 at every probe (at start, then about every 60 s) and keys its nonces by it. A Hardhat node makes a new genesis at each start, so no published value exists.",
      sourceUrl: null,
    },
    readWith: GENESIS_READ,
  };
  const genesis =
    recorded === null && reading.genesisHash.ok
      ? {
          ...judge(genesisSpec, reading.genesisHash, reading.answeredAt),
          outcome: "fail" as const,
          note: "the API has no recorded genesis for this chain yet (its EVM client never reached it), so nothing to compare with",
        }
      : judge(genesisSpec, reading.genesisHash, reading.answeredAt);
  const code = codeCheck(LOCAL_CHAIN_ID.value, entries, ours, reading, reading.answeredAt);
  return network(
    "local",
    endpointOf(target.rpcUrl),
    [judge(chainIdSpec(LOCAL_CHAIN_ID), asText(reading.chainId), reading.answeredAt), genesis, code.check],
    signed,
    at,
    { contracts: code.contracts, latencyMs: reading.latencyMs, ...evmLatest(reading) },
  );
}

/** Sepolia: its chain id and genesis hash, asked only when an RPC URL is configured. */
export async function verifySepolia(rpcUrl: string | null, o: ProbeOptions): Promise<NetworkVerification> {
  const at = o.now();
  const genesisSpec: CheckSpec = {
    id: "genesis-hash",
    name: "Genesis block hash",
    expected: SEPOLIA_GENESIS_HASH,
    readWith: GENESIS_READ,
  };
  const signing = signEvm(SEPOLIA_CHAIN_ID.value, o.now);
  if (rpcUrl === null) {
    const why =
      "no Sepolia RPC URL is configured (SEPOLIA_RPC_URL; with EVM_PRIVATE_KEY too the API runs on Sepolia), so nothing was asked";
    return network(
      "sepolia",
      null,
      [unconfigured(chainIdSpec(SEPOLIA_CHAIN_ID), why, at), unconfigured(genesisSpec, why, at)],
      await signing,
      at,
    );
  }
  const entries = mapEntries(SEPOLIA_CHAIN_ID.value);
  const ours = entries?.filter((e) => !e.external) ?? [];
  const [reading, signed] = await Promise.all([
    readEvm(
      rpcUrl,
      ours.map((c) => c.address),
      o,
    ),
    signing,
  ]);
  const checks = [
    judge(chainIdSpec(SEPOLIA_CHAIN_ID), asText(reading.chainId), reading.answeredAt),
    judge(genesisSpec, reading.genesisHash, reading.answeredAt),
  ];
  const code = entries ? codeCheck(SEPOLIA_CHAIN_ID.value, entries, ours, reading, reading.answeredAt) : null;
  if (code) checks.push(code.check);
  return network("sepolia", endpointOf(rpcUrl), checks, signed, at, {
    contracts: code?.contracts ?? null,
    latencyMs: reading.latencyMs,
    ...evmLatest(reading),
  });
}

/** Stellar testnet: Horizon's root must name the testnet's passphrase. */
export async function verifyStellar(horizonUrl: string, o: ProbeOptions): Promise<NetworkVerification> {
  const at = o.now();
  const [reading, signed] = await Promise.all([
    readHorizonRoot(horizonUrl, o),
    signStellar(STELLAR_TESTNET_PASSPHRASE.value, o.now),
  ]);
  const check = judge(
    {
      id: "network-passphrase",
      name: "Network passphrase",
      expected: STELLAR_TESTNET_PASSPHRASE,
      readWith: "GET {horizon}/ → network_passphrase",
    },
    reading.root.ok ? { ok: true, value: reading.root.value.passphrase } : reading.root,
    reading.answeredAt,
  );
  const root = reading.root.ok ? reading.root.value : null;
  const closedAt = root?.latestLedgerClosedAt ? Date.parse(root.latestLedgerClosedAt) : NaN;
  return network("stellar-testnet", endpointOf(horizonUrl), [check], signed, at, {
    latencyMs: reading.latencyMs,
    ...(root?.latestLedger != null
      ? latestOf("ledger", String(root.latestLedger), Number.isNaN(closedAt) ? null : closedAt, reading.answeredAt)
      : {}),
  });
}

/** XRPL testnet: server_info's network_id must be 1. */
export async function verifyXrpl(wsUrl: string, o: ProbeOptions): Promise<NetworkVerification> {
  const at = o.now();
  const [reading, signed] = await Promise.all([readRippled(wsUrl, o), signXrpl(XRPL_TESTNET_NETWORK_ID.value, o.now)]);
  const check = judge(
    {
      id: "network-id",
      name: "Network id",
      expected: { ...XRPL_TESTNET_NETWORK_ID, value: String(XRPL_TESTNET_NETWORK_ID.value) },
      readWith: "server_info → info.network_id",
    },
    asText(reading.info.ok ? { ok: true, value: reading.info.value.networkId } : reading.info),
    reading.answeredAt,
  );
  const info = reading.info.ok ? reading.info.value : null;
  return network("xrpl-testnet", endpointOf(wsUrl), [check], signed, at, {
    latencyMs: reading.latencyMs,
    ...(info?.validatedLedger != null
      ? latestOf(
          "ledger",
          String(info.validatedLedger),
          info.closeTime === null ? null : info.closeTime * 1000,
          reading.answeredAt,
        )
      : {}),
  });
}
