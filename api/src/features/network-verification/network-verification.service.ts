// One verification run probes every network in parallel; the service keeps it so that a crowd on the page does
// not multiply probes: one run at a time (later requests join it), the last run answers for 15 s, and a refresh
// runs anew only once the last run is 3 s old. Every answer says which run it is and how old.
import {
  CACHE_MS,
  CACHE_RULE,
  LATENCY_RULE,
  OUTCOME_RULE,
  PROBE_TIMEOUT_MS,
  REFRESH_MIN_MS,
  SKEW_RULE,
  TIMEOUT_RULE,
} from "./network-verification.constants";
import { verifyLocal, verifySepolia, verifyStellar, verifyXrpl, type LocalTarget } from "./network-verification.checks";
import type { NetworkVerification, VerificationResponse } from "./network-verification.schemas";

export interface VerificationRun {
  /** Unix ms when it started. */
  startedAt: number;
  durationMs: number;
  networks: NetworkVerification[];
}

export interface NetworkTargets {
  /** The local chain, when the API runs on it. */
  local: LocalTarget | null;
  /** Sepolia's RPC URL, when one is configured. */
  sepoliaRpcUrl: string | null;
  horizonUrl: string;
  xrplWsUrl: string;
}

/** Every network probed at once, each within its own 3 s. */
export async function runVerification(
  targets: NetworkTargets,
  now: () => number = Date.now,
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<VerificationRun> {
  const startedAt = now();
  const started = performance.now();
  const o = { timeoutMs, now };
  const networks = await Promise.all([
    ...(targets.local ? [verifyLocal(targets.local, o)] : []),
    verifySepolia(targets.sepoliaRpcUrl, o),
    verifyStellar(targets.horizonUrl, o),
    verifyXrpl(targets.xrplWsUrl, o),
  ]);
  return { startedAt, durationMs: Math.round(performance.now() - started), networks };
}

export interface VerificationServiceDeps {
  run: () => Promise<VerificationRun>;
  /** Unix ms; tests move it. */
  now?: () => number;
}

const seconds = (ms: number) => Math.round(ms / 100) / 10;

export function createVerificationService(deps: VerificationServiceDeps) {
  const now = deps.now ?? Date.now;
  let last: VerificationRun | null = null;
  let running: Promise<VerificationRun> | null = null;

  const start = () =>
    (running ??= deps
      .run()
      .then((run) => (last = run))
      .finally(() => {
        running = null;
      }));

  const present = (run: VerificationRun, servedFrom: VerificationResponse["servedFrom"], servedNote: string) => ({
    checkedAt: new Date(run.startedAt).toISOString(),
    durationMs: run.durationMs,
    ageSeconds: seconds(now() - run.startedAt),
    servedFrom,
    servedNote,
    rules: {
      outcome: OUTCOME_RULE,
      timeout: TIMEOUT_RULE,
      cache: CACHE_RULE,
      latency: LATENCY_RULE,
      clockSkew: SKEW_RULE,
    },
    networks: run.networks,
  });

  return {
    async verify(refresh: boolean): Promise<VerificationResponse> {
      if (running) {
        const run = await running;
        return present(run, "joined-run", "A run was already under way when this request came; this is its result.");
      }
      const age = last ? now() - last.startedAt : Infinity;
      if (last && refresh && age < REFRESH_MIN_MS)
        return present(
          last,
          "last-run",
          `A new run was asked for, but the last one is only ${seconds(age)} s old (a new run once it is ${REFRESH_MIN_MS / 1000} s old): this is the last run.`,
        );
      if (last && !refresh && age < CACHE_MS)
        return present(
          last,
          "last-run",
          `The last run, ${seconds(age)} s old (runs are kept ${CACHE_MS / 1000} s; Run again checks anew).`,
        );
      const run = await start();
      return present(run, "new-run", `Checked for this request, in ${seconds(run.durationMs)} s.`);
    },
  };
}
