// The seven platform cards. A card's status is the worse of a reading now (the relayer's heartbeat, the recorded
// isolator integrity, the XRPL and EVM selectors' status) and the last stored run that looked at it (its operation's
// outcome, or the health check's checks for it); each card says which. The three platforms this product does not
// have say so, with no metric.
import type { LedgerStatus } from "../../ledgers/types";
import { PLATFORM_IDS, PLATFORMS, type Operation, type Outcome, type PlatformId } from "./unified.constants";
import { relayerCheck, worst, type BridgeView } from "./unified.operations";
import type { RunStore } from "./unified.runs";
import type { OperationRun, PlatformCard, PlatformsResponse } from "./unified.schemas";

export interface PlatformsDeps {
  runs: Pick<RunStore, "lastOfEach">;
  ledgers: { ethereum: { status(): LedgerStatus }; xrpl: { status(): LedgerStatus } };
  bridge: BridgeView;
  attestor: { publicKeyId: string; ephemeral: boolean };
  isolator: { integrity(): Promise<{ files: number; verified: number; failed: number; pending: number }> };
  contracts: { list(): { name: string }[] | null; chainId: number };
  now?: () => Date;
}

const STATUS_OF: Record<Outcome, PlatformCard["status"]> = {
  ok: "operational",
  degraded: "degraded",
  failed: "failed",
};

/** Evidence from one stored run: the outcome of the checks that concern a platform. */
interface Stored {
  outcome: Outcome;
  words: string;
}

const at = (run: OperationRun) => `run #${run.id} at ${run.startedAt}`;

function fromChecks(run: OperationRun | null, match: (id: string) => boolean, what: string): Stored | null {
  if (!run) return null;
  const checks = run.result.checks.filter((c) => match(c.id));
  if (checks.length === 0) return null;
  const outcome = worst(checks.map((c) => c.status));
  return { outcome, words: `${what} of the last health check (${at(run)}): ${outcome}` };
}
const fromRun = (run: OperationRun | null): Stored | null =>
  run ? { outcome: run.outcome, words: `last ${run.operation} (${at(run)}): ${run.outcome}` } : null;

function card(
  id: PlatformId,
  now: { outcome: Outcome; words: string },
  stored: (Stored | null)[],
  metrics: PlatformCard["metrics"],
  operations: Operation[],
): PlatformCard {
  const runs = stored.filter((s): s is Stored => s !== null);
  const outcome = worst([now.outcome, ...runs.map((s) => s.outcome)]);
  return {
    id,
    ...PLATFORMS[id],
    features: [...PLATFORMS[id].features],
    status: STATUS_OF[outcome],
    statusBasis: [
      `Now: ${now.words}`,
      runs.length ? runs.map((s) => s.words).join("; ") : "no stored run has looked at it yet",
    ].join(". "),
    metrics,
    operations,
  };
}

const absent = (id: PlatformId): PlatformCard => ({
  id,
  ...PLATFORMS[id],
  features: [],
  status: "not part of this product",
  statusBasis: "This product has no such platform; nothing is measured.",
  metrics: [],
  operations: [],
});

const ledgerNow = (s: LedgerStatus, downIs: Outcome) =>
  s.mode === "live"
    ? { outcome: "ok" as const, words: `live at ${s.endpoint}` }
    : { outcome: downIs, words: `simulated (${s.reason ?? "not live"})` };

export async function platformCards(d: PlatformsDeps): Promise<PlatformsResponse> {
  const now = (d.now ?? (() => new Date()))();
  const [last, totals, heartbeat, integrity] = await Promise.all([
    d.runs.lastOfEach(),
    d.bridge.totals(),
    relayerCheck(d.bridge, now),
    d.isolator.integrity(),
  ]);
  const count = (states: string[]) => totals.filter((t) => states.includes(t.state)).reduce((n, t) => n + t.count, 0);
  const health = last.health_check;
  const xrpl = d.ledgers.xrpl.status();
  const evm = d.ledgers.ethereum.status();
  const contracts = d.contracts.list() ?? [];
  const contractRun = health?.result.checks.filter((c) => c.id.startsWith("contract:")) ?? [];
  const byId: Record<PlatformId, PlatformCard> = {
    "cross-chain": card(
      "cross-chain",
      { outcome: heartbeat.status, words: `relayer ${heartbeat.detail}` },
      [fromRun(last.sync_bridges), fromChecks(health, (id) => id === "relayer", "the relayer check")],
      [
        {
          label: "Transfers finished",
          value: String(count(["delivered", "released"])),
          how: "stored bridge transfers delivered (EVM → Stellar / XRPL) or released (back to EVM), this chain run",
        },
        {
          label: "In flight",
          value: String(count(["locked", "relaying", "seen", "releasing"])),
          how: "stored transfers the relayer still moves (locked, relaying, seen, releasing)",
        },
        {
          label: "Failed or refunded",
          value: String(count(["failed", "refunded", "rejected"])),
          how: "stored transfers whose delivery failed (refunded on the EVM side) or that were rejected",
        },
        {
          label: "Relayer heartbeat",
          value: heartbeat.detail,
          how: "the relayer lease's renewal time in the database",
        },
      ],
      ["sync_bridges", "health_check"],
    ),
    "quantum-crypto": card(
      "quantum-crypto",
      integrity.failed > 0
        ? { outcome: "failed", words: `${integrity.failed} stored file(s) failed their last verification` }
        : { outcome: "ok", words: `attestation key loaded; no stored file failed its last verification` },
      [fromRun(last.threat_scan)],
      [
        {
          label: "Attestation key",
          value: `ML-DSA-65 ${d.attestor.publicKeyId.slice(0, 16)}…${d.attestor.ephemeral ? " (ephemeral)" : ""}`,
          how: d.attestor.ephemeral
            ? "the key signing quantum-secured records; PQ_ATTESTATION_SEED unset, so it lives as long as this process"
            : "the key signing quantum-secured records, from PQ_ATTESTATION_SEED",
        },
        {
          label: "Isolator files verified",
          value: `${integrity.verified} of ${integrity.files}`,
          how: "stored files whose envelope passed every check when last verified (upload, scrub or threat scan)",
        },
        {
          label: "Integrity failures",
          value: String(integrity.failed),
          how: "stored post-quantum envelopes that failed a check when last verified",
        },
      ],
      ["threat_scan"],
    ),
    "xrp-ledger": card(
      "xrp-ledger",
      ledgerNow(xrpl, "degraded"),
      [fromChecks(health, (id) => id === "ledger:xrpl", "the XRPL probe")],
      [
        { label: "Mode", value: xrpl.mode, how: `the XRPL selector's last probe of ${xrpl.endpoint}` },
        {
          label: "Latest ledger",
          value: xrpl.latestBlock === null ? "not read" : `#${xrpl.latestBlock.toLocaleString("en-US")}`,
          how: "the validated ledger index the last probe read",
        },
        {
          label: "Probe latency",
          value: xrpl.lastProbeLatencyMs === null ? "not probed" : `${xrpl.lastProbeLatencyMs} ms`,
          how: `the last probe's round trip${xrpl.lastProbeAt ? ` (${xrpl.lastProbeAt})` : ""}`,
        },
      ],
      ["health_check"],
    ),
    "mobile-wallet": absent("mobile-wallet"),
    "restaurant-pos": absent("restaurant-pos"),
    "smart-contracts": card(
      "smart-contracts",
      ledgerNow(evm, "failed"),
      [
        fromChecks(
          health,
          (id) => id.startsWith("contract:") || id === "contracts" || id === "ledger:ethereum",
          "the contract code checks",
        ),
      ],
      [
        {
          label: "Contracts in the deploy map",
          value: String(contracts.length),
          how: `contracts/generated/${d.contracts.chainId}.ts, written by the deploy`,
        },
        {
          label: "With code at the last health check",
          value: health
            ? `${contractRun.filter((c) => c.status === "ok").length} of ${contractRun.length}`
            : "not checked yet",
          how: "eth_getCode at each address, read by the last health check",
        },
        {
          label: "Latest block",
          value: evm.latestBlock === null ? "not read" : `#${evm.latestBlock.toLocaleString("en-US")}`,
          how: `the EVM selector's last probe of ${evm.endpoint} (${evm.network})`,
        },
      ],
      ["health_check"],
    ),
    "consciousness-tracking": absent("consciousness-tracking"),
  };
  return { platforms: PLATFORM_IDS.map((id) => byId[id]), timestamp: now.toISOString() };
}
