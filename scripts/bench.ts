// `npm run bench`: the figures the foundation issue asks for, measured on this machine.
//   0. the gas report of issue 3 (scripts/bench-gas.ts, in its own process: docs/GAS.md, .bench/gas.json)
//   1. first-load JS per built route (KB gzip) from the production build: entry + modulepreloads + the
//      route's lazy chunk and its static imports (+ the WalletScope chunk on wagmi pages), budget 150 KB
//      each (scripts/lib/bench-first-load.ts)
//   2. API time of a live ETH mint on the local node (median and p95 over N mints)
//   3. `npm start` time to ready (median over R cold starts), and that Ctrl-C frees the ports
//   4. HTTP under load (scripts/lib/bench-http.ts): req/s, ratio to a bare Express server and p50/p99 of
//      GET /api/unified/status, GET /api/minting/history and every GET a page loads or polls
//      (scripts/lib/bench-reads.ts; BENCH_HTTP_READS=name,… for some), and the minting page's JS as
//      transferred; on its own stack (chain :24545, app :24000; BENCH_CHAIN_PORT / BENCH_APP_PORT)
//   5. Lighthouse 13 (desktop preset, headless Chromium, no network) on `/`, the minting page and the
//      staking pages once built: performance, accessibility, CLS, TBT, median of BENCH_LH_RUNS (3); on its
//      own stack (chain :24645, app :24100; BENCH_LH_CHAIN_PORT / BENCH_LH_APP_PORT) (scripts/lib/bench-lighthouse.ts)
//   8. JS until network idle per built route, without and with an injected wallet (wagmi loads only with a
//      wallet or on Connect): goal <= 160 KB gzip on `/`, <= 220 KB on a page without a wallet part; on its own
//      stack (chain :24745, app :24200; BENCH_IDLE_CHAIN_PORT / BENCH_IDLE_APP_PORT) (scripts/lib/bench-idle-js.ts)
//   7. the post-quantum isolator's reads with ~1.5 GB stored (60 × 25 MiB, in a temporary folder deleted after):
//      status latency at rest and while the background scrub reads, median and p99, budget 100 ms
//      (scripts/lib/bench-isolator.ts)
//   9. the coins' offline signers: library load, sign and decode times and a sample id each (scripts/lib/bench-coins.ts)
// BENCH_ONLY=http (or any comma list of gas, js, idle, start, http, lighthouse, pq, isolator, coins) runs only those parts; the
// figures of the others stay in .bench/latest.json as the last run left them.
import path from "node:path";
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { buildDapp, dappBuildIsCurrent } from "./lib/dapp-build";
import { portIsFree } from "./lib/processes";
import { describeHttp, httpBench } from "./lib/bench-http";
import { describeFirstLoad, firstLoadPerRoute } from "./lib/bench-first-load";
import { describeLighthouse, lighthouseBench } from "./lib/bench-lighthouse";
import { describeIdleJs, idleJsBench } from "./lib/bench-idle-js";
import { benchIsolator, describeBenchIsolator } from "./lib/bench-isolator";
import { benchPq, describeBenchPq } from "./lib/bench-pq";
import { benchCoins, describeBenchCoins } from "./lib/bench-coins";
import { appPortFromEnv, chainPortFromEnv } from "./lib/ports";

const ROOT = path.resolve(__dirname, "..");
const MINTS = Number(process.env.BENCH_MINTS ?? 30);
const STARTS = Number(process.env.BENCH_STARTS ?? 3);
const PARTS = ["gas", "js", "idle", "start", "http", "lighthouse", "pq", "isolator", "coins"] as const;
const ONLY = (process.env.BENCH_ONLY ?? "")
  .split(",")
  .map((p) => p.trim())
  .filter(Boolean);
const runs = (part: (typeof PARTS)[number]) => ONLY.length === 0 || ONLY.includes(part);
const LATEST = path.join(ROOT, ".bench/latest.json");
const TESTNETS_OFF = {
  STELLAR_HORIZON_URL: "http://127.0.0.1:9",
  STELLAR_FRIENDBOT_URL: "http://127.0.0.1:9",
  XRPL_WS_URL: "ws://127.0.0.1:9",
};

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};

async function firstLoadJs() {
  if (!(await dappBuildIsCurrent())) await buildDapp();
  return firstLoadPerRoute(path.join(ROOT, "dapp/dist"));
}

/** Starts `npm start` like a user, returns ms to the "Ready" line and a stopper that sends Ctrl-C. */
function npmStart(): Promise<{ readyMs: number; stop: () => Promise<number> }> {
  const t0 = performance.now();
  // Its own process group, like a terminal's foreground job, so Ctrl-C can be sent the way a terminal does.
  const child = spawn("npm", ["start"], {
    cwd: ROOT,
    env: { ...process.env, ...TESTNETS_OFF },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let out = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start not ready after 120 s:\n${out}`)), 120_000);
    const onData = (d: Buffer) => {
      out += d;
      if (/Ready in/.test(out)) {
        clearTimeout(timer);
        child.stdout?.off("data", onData);
        resolve({
          readyMs: performance.now() - t0,
          stop: () =>
            new Promise((done) => {
              child.once("exit", (code) => done(code ?? -1));
              // Ctrl-C in a terminal sends SIGINT to the whole foreground group: npm, sh and tsx alike.
              process.kill(-child.pid!, "SIGINT");
            }),
        });
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (d) => (out += d));
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited (${code}) before ready:\n${out}`));
    });
  });
}

async function mintTimings(appUrl: string) {
  const times: number[] = [];
  for (let i = 0; i < MINTS; i++) {
    const t = performance.now();
    const res = await fetch(`${appUrl}/api/xqbme/mint-xqb`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ethAmount: 0.01, stablecoinPair: "XQBUSD", network: "hardhat", quantumSecurity: true }),
    });
    const body = (await res.json()) as { source?: string; xqbAmount?: number };
    times.push(performance.now() - t);
    if (!res.ok || body.source !== "live" || body.xqbAmount !== 30)
      throw new Error(`mint ${i} failed: ${res.status} ${JSON.stringify(body)}`);
  }
  return {
    n: MINTS,
    medianMs: Number(quantile(times, 0.5).toFixed(1)),
    p95Ms: Number(quantile(times, 0.95).toFixed(1)),
    minMs: Number(Math.min(...times).toFixed(1)),
  };
}

/**
 * Runs scripts/bench-gas.ts in its own process (Hardhat's in-process chain and runtime stay out of this
 * one) and returns the summary it wrote to .bench/gas.json.
 */
function gasReport(): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(ROOT, "node_modules/.bin/tsx"), ["scripts/bench-gas.ts"], {
      cwd: ROOT,
      stdio: ["ignore", "inherit", "inherit"],
    });
    child.once("error", reject);
    child.once("exit", (code) => {
      if (code !== 0) return reject(new Error(`bench-gas exited with ${code}`));
      const report = JSON.parse(readFileSync(path.join(ROOT, ".bench/gas.json"), "utf8")) as {
        meta: unknown;
        summary: unknown;
      };
      resolve({ report: "docs/GAS.md", meta: report.meta, ...(report.summary as object) });
    });
  });
}

async function main() {
  for (const p of ONLY)
    if (!(PARTS as readonly string[]).includes(p))
      throw new Error(`BENCH_ONLY: unknown part "${p}" (parts: ${PARTS.join(", ")})`);
  // Parts not run this time keep their last figures.
  const previous = existsSync(LATEST) ? (JSON.parse(readFileSync(LATEST, "utf8")) as Record<string, unknown>) : {};
  const results: Record<string, unknown> = {
    ...previous,
    date: new Date().toISOString(),
    node: process.version,
    parts: ONLY.length ? ONLY : [...PARTS],
  };
  if (runs("gas")) results.gas = await gasReport();
  if (runs("js")) {
    const js = await firstLoadJs();
    results.firstLoadJs = js;
    console.log(describeFirstLoad(js));
  }

  if (runs("idle")) {
    if (!(await dappBuildIsCurrent())) await buildDapp();
    console.log("JS until idle: starting its own stack…");
    const idle = await idleJsBench();
    results.idleJs = idle;
    console.log(describeIdleJs(idle));
  }

  if (runs("start")) await npmStartFigures(results);

  if (runs("http")) {
    console.log(
      `HTTP bench: starting its own stack (chain :${process.env.BENCH_CHAIN_PORT ?? 24545}, app :${process.env.BENCH_APP_PORT ?? 24000})…`,
    );
    const h = await httpBench();
    results.http = h;
    console.log(describeHttp(h));
  }

  if (runs("lighthouse")) {
    console.log("Lighthouse: starting its own stack…");
    const lh = await lighthouseBench();
    results.lighthouse = lh;
    console.log(describeLighthouse(lh));
  }

  // 6. the post-quantum file envelope: seal/verify/open a 10 MiB file per level, sizes (scripts/lib/bench-pq.ts)
  if (runs("pq")) console.log(describeBenchPq((results.pq = await benchPq())));

  // 7. the isolator's status with ~1.5 GB stored (scripts/lib/bench-isolator.ts)
  if (runs("isolator")) console.log(describeBenchIsolator((results.isolator = await benchIsolator())));

  // 9. the coins' offline signers: load, sign and decode times, sample ids (scripts/lib/bench-coins.ts)
  if (runs("coins")) console.log(describeBenchCoins((results.coins = await benchCoins())));

  mkdirSync(path.join(ROOT, ".bench"), { recursive: true });
  writeFileSync(LATEST, JSON.stringify(results, null, 2));
  console.log("written to .bench/latest.json");
}

/** Parts 2 and 3: `npm start` as a user runs it, on 8545 and 3000. */
async function npmStartFigures(results: Record<string, unknown>) {
  const starts: number[] = [];
  let mint: unknown;
  const portsFreedAfterStop: boolean[] = [];
  for (let r = 0; r < STARTS; r++) {
    // The first start is a fresh clone's: no current web build, so it builds one.
    if (r === 0) rmSync(path.join(ROOT, "dapp/dist/.inputs-sha256"), { force: true });
    const { readyMs, stop } = await npmStart();
    starts.push(readyMs);
    if (r === 0) {
      mint = await mintTimings(`http://127.0.0.1:${appPortFromEnv()}`);
      console.log("live ETH mint via API:", mint);
    }
    await stop();
    portsFreedAfterStop.push((await portIsFree(chainPortFromEnv())) && (await portIsFree(appPortFromEnv())));
  }
  results.liveEthMint = mint;
  results.npmStart = {
    firstWithWebBuildMs: Math.round(starts[0]!),
    laterRunsMs: starts.slice(1).map((s) => Math.round(s)),
    medianOfLaterMs: starts.length > 1 ? Math.round(quantile(starts.slice(1), 0.5)) : null,
    budgetMs: 30_000,
    portsFreedAfterStop,
  };
  console.log("npm start to ready:", results.npmStart);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
