// Property test over the whole suite (issue 3): random sequences of 50 actions by four actors across the
// treasury vault, the XQB minter, the three liquid-staking pools and the lending pool, with the global
// invariants (./invariants.ts) checked after every action and the action-specific checks (mint ratio,
// borrow health factor, liquidation bad-debt bounds; ./actions.ts) after every successful one.
//
// Every run starts from the same deployed state (evm_snapshot after deploy, evm_revert before each run).
// Reproducible: FC_SEED (default 20240603) seeds fast-check; FC_RUNS sets the number of runs (default 12 in
// `npm test`, 200 in `npm run test:slow`: the same seed, so the quick runs are the full run's first twelve).
// A failure shrinks: shrinking replaces irrelevant actions with skips and simplifies the rest, and the
// failure message prints the executed sequence, one readable action per line with its outcome.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { getAddress, keccak256, toHex, type Address, type Hex } from "viem";
import { revertTo, snapshot, type Snapshot, restoreChainAfterFile } from "../testing/chain";
import { POOLS, deployWorld, initialHolders, rpc, trackedTokens, type World } from "./world";
import { checkGlobal, type Model } from "./invariants";
import { EXPECTED, describe as describeAction, execute, slotArb, type Action } from "./actions";
import { writePropertiesRecord } from "./record";
import { testSize } from "../../scripts/lib/test-size";

const SEED = Number(process.env.FC_SEED ?? 20240603);
const RUNS = testSize("FC_RUNS", 12, 200);
const ACTIONS_PER_RUN = 50;

let w: World;
let deployed: Snapshot;
restoreChainAfterFile();
/** Holders at deploy time (the genesis buckets, the dead-shares holders, every Transfer recipient so far). */
let baseHolders: Map<Address, Set<Address>>;

beforeAll(async () => {
  w = await deployWorld();
  baseHolders = new Map(trackedTokens(w).map((t) => [t.address, new Set(initialHolders(w))]));
  const logs = (await rpc("eth_getLogs", [
    {
      fromBlock: "0x0",
      toBlock: "latest",
      address: trackedTokens(w).map((t) => t.address),
      topics: [keccak256(toHex("Transfer(address,address,uint256)"))],
    },
  ])) as { address: Hex; topics: Hex[] }[];
  for (const l of logs) baseHolders.get(getAddress(l.address))?.add(getAddress(`0x${l.topics[2]!.slice(26)}`));
  deployed = await snapshot();
}, 120_000);

/** FC_TRACE=kind,kind: print every action of those kinds with its outcome (to see what a run reaches). */
const TRACE = new Set((process.env.FC_TRACE ?? "").split(",").filter(Boolean));

describe("suite invariants under random action sequences", () => {
  it(`hold for ${RUNS} runs of ${ACTIONS_PER_RUN} actions`, { timeout: 900_000 }, async () => {
    const stats = {
      runs: 0,
      actions: 0,
      ok: 0,
      writeOffs: 0,
      reverted: new Map<string, number>(),
      byKind: new Map<string, number>(),
      okByKind: new Map<string, number>(),
    };
    const started = Date.now();
    console.log(`[property] FC_SEED=${SEED} runs=${RUNS} actions/run=${ACTIONS_PER_RUN}`);

    const property = fc.asyncProperty(
      fc.array(slotArb, { minLength: ACTIONS_PER_RUN, maxLength: ACTIONS_PER_RUN }),
      async (slots) => {
        // each run (and each shrink attempt) starts from the deployed state; a snapshot id is single-use
        await revertTo(deployed);
        deployed = await snapshot();
        const model: Model = {
          holders: new Map([...baseHolders].map(([k, v]) => [k, new Set(v)])),
          requests: Object.fromEntries(POOLS.map((p) => [p, []])),
          lendingBadDebt: 0n,
          lendingSocialized: 0n,
        };
        const done: string[] = [];
        stats.runs++;
        const actions = slots.filter((s): s is Action => s !== null);
        try {
          await checkGlobal(w, model);
          for (const a of actions) {
            const label = describeAction(a);
            done.push(`${String(done.length + 1).padStart(2)}. ${label}`);
            const badDebtBefore = model.lendingBadDebt;
            const r = await execute(w, model, a);
            if (model.lendingBadDebt > badDebtBefore) stats.writeOffs++;
            stats.actions++;
            stats.byKind.set(a.kind, (stats.byKind.get(a.kind) ?? 0) + 1);
            if (r.outcome === "ok") {
              stats.ok++;
              stats.okByKind.set(a.kind, (stats.okByKind.get(a.kind) ?? 0) + 1);
            } else
              stats.reverted.set(`${a.kind}:${r.outcome}`, (stats.reverted.get(`${a.kind}:${r.outcome}`) ?? 0) + 1);
            done[done.length - 1] += `  [${r.detail}] -> ${r.outcome}`;
            if (TRACE.has(a.kind)) console.log(`[trace] run ${stats.runs} ${done[done.length - 1]}`);
            await checkGlobal(w, model);
          }
        } catch (e) {
          const msg = e instanceof Error ? e.message : String(e);
          throw new Error(
            `${msg}\n  after the sequence (${done.length} actions, last one failing):\n    ${done.join("\n    ")}`,
            { cause: e },
          );
        }
      },
    );

    const result = await fc.check(property, { seed: SEED, numRuns: RUNS, endOnFailure: false });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const reverts = [...stats.reverted]
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k}=${v}`)
      .join(" ");
    console.log(
      `[property] runs=${result.numRuns} actions=${stats.actions} ok=${stats.ok} expected-reverts=${stats.actions - stats.ok} ` +
        `(${stats.runs} executions incl. shrinking) in ${seconds}s, seed ${SEED}; lending liquidations that wrote bad debt off: ${stats.writeOffs}\n` +
        `[property] by kind (ok/all): ${[...stats.byKind].map(([k, v]) => `${k}=${stats.okByKind.get(k) ?? 0}/${v}`).join(" ")}\n[property] reverts: ${reverts}`,
    );
    // The result on this machine, pass or fail, for the API's security audit (data/reports/, never committed).
    let passed = false;
    try {
      if (result.failed) {
        const shrunk = (result.counterexample?.[0] ?? []).filter((s) => s !== null) as Action[];
        throw new Error(
          `property failed (seed ${SEED}, path "${result.counterexamplePath}", ${result.numShrinks} shrinks):\n` +
            `${result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance)}\n` +
            `  shrunk counterexample (${shrunk.length} actions):\n    ${shrunk.map(describeAction).join("\n    ")}`,
        );
      }
      expect(result.numRuns).toBe(RUNS);
      // No slot is ever generated empty (skips only come from shrinking), so a passing run executed all 50.
      expect(stats.actions).toBe(RUNS * ACTIONS_PER_RUN);
      // Every kind of action ran, and reverts were only ever expected ones (execute() fails the run otherwise).
      expect([...stats.byKind.keys()].sort()).toEqual(Object.keys(EXPECTED).sort());
      passed = true;
    } finally {
      writePropertiesRecord({
        passed,
        tests: result.numRuns,
        failed: result.failed ? 1 : passed ? 0 : 1,
        durationMs: Date.now() - started,
      });
    }
  });
});
