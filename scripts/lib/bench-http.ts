// The HTTP figures of `npm run bench` (the "server road" issue): requests/s and latency of the API's reads
// under load (status and history, and every GET a page loads or polls: scripts/lib/bench-reads.ts), beside a
// bare Express 5 hello-world measured in the same run, and the minting page's JavaScript as the server
// transfers it. Reports the goals; never fails on a missed one.
//
// The stack is the real one (startStack: Hardhat node, deploy, built web app, API) on ports of its own,
// with a fresh database seeded with 100 records (50 live ETH mints, 50 simulated Stellar mints), the
// testnets pointed at a closed port, and the write rate limit off so the seeding is not throttled.
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { readFile } from "node:fs/promises";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import autocannon from "autocannon";
import { withBenchStack, type BenchStack } from "./bench-stack";
import { READ_GOALS, selectedReads, type BenchRead } from "./bench-reads";
import { ROOT } from "./stack";
import { paths, routeModuleOf } from "../../dapp/src/config/paths";

const SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_HTTP_WARMUP_SECONDS ?? 2);
/** The page reads are many (about 35): each is measured for less time than status and history. */
const PAGE_SECONDS = Number(process.env.BENCH_HTTP_PAGE_SECONDS ?? 5);
const PAGE_WARMUP_SECONDS = Number(process.env.BENCH_HTTP_PAGE_WARMUP_SECONDS ?? 1);
const CONNECTIONS = Number(process.env.BENCH_HTTP_CONNECTIONS ?? 50);
// The benches' fixed ports sit below Linux's ephemeral range (32768-60999): a port in it can be held for a minute
// by an outgoing connection's TIME-WAIT (seen: :33000 taken by a closed connection to the chain, so the bench
// refused to start).
const CHAIN_PORT = Number(process.env.BENCH_CHAIN_PORT ?? 24545);
const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 24000);
const SEED_LIVE = 50;
const SEED_SIMULATED = 50;
/** The lazy route chunk of /multi-blockchain-minting (the page table's convention), as the vite manifest names it. */
const MINTING_ROUTE_MODULE = `src/app/routes/${routeModuleOf(paths.multiBlockchainMinting)}.tsx`;
/** A port nothing listens on: the testnets are simulated. */

const round = (x: number, digits = 1) => Number(x.toFixed(digits));

export interface LoadFigures {
  url: string;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  /** The tail past p99, to tell a slow queue from a few stuck requests. */
  maxMs: number;
  meanMs: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

async function load(url: string, seconds = SECONDS): Promise<LoadFigures> {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: seconds });
  return {
    url,
    rps: round(r.requests.average, 0),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    maxMs: r.latency.max,
    meanMs: round(r.latency.average),
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
}

/** Warms a target up (JIT, pools, caches), then measures it. */
async function measure(name: string, url: string, seconds = SECONDS, warmup = WARMUP_SECONDS): Promise<LoadFigures> {
  if (warmup > 0) await load(url, warmup);
  const figures = await load(url, seconds);
  console.log(
    `  ${name.padEnd(26)} ${String(figures.rps).padStart(7)} req/s  p50 ${figures.p50Ms} ms  p99 ${figures.p99Ms} ms  max ${figures.maxMs} ms${figures.non2xx || figures.errors ? `  (${figures.non2xx} non-2xx, ${figures.errors} errors)` : ""}`,
  );
  return figures;
}

/**
 * The bare server: Express 5's hello world, in a worker thread of this process so that it has an event
 * loop of its own (autocannon runs on the main thread; sharing one loop would halve the bare figure).
 */
const BARE_SERVER = `
const { parentPort, workerData } = require("node:worker_threads");
const express = require(workerData.express);
const app = express();
app.get("/", (req, res) => res.json({ ok: true }));
const server = app.listen(0, "127.0.0.1", () => parentPort.postMessage(server.address().port));
`;

async function startBareServer(): Promise<{ url: string; stop: () => Promise<number> }> {
  const worker = new Worker(BARE_SERVER, {
    eval: true,
    workerData: { express: require.resolve("express", { paths: [ROOT] }) },
  });
  const port = await new Promise<number>((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  return { url: `http://127.0.0.1:${port}/`, stop: () => worker.terminate() };
}

async function post(appUrl: string, route: string, body: unknown): Promise<{ source?: string }> {
  const res = await fetch(`${appUrl}${route}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { source?: string };
  if (!res.ok) throw new Error(`POST ${route}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

async function seed(appUrl: string) {
  const t0 = performance.now();
  for (let i = 0; i < SEED_LIVE; i++) {
    const r = await post(appUrl, "/api/xqbme/mint-xqb", {
      ethAmount: 0.01,
      stablecoinPair: "XQBUSD",
      network: "hardhat",
      quantumSecurity: false,
    });
    if (r.source !== "live") throw new Error(`ETH mint ${i} was ${r.source}, expected live`);
  }
  for (let i = 0; i < SEED_SIMULATED; i++) {
    const r = await post(appUrl, "/api/vibecoins/mint-stellar", {
      xlmAmount: 1,
      tokenType: "VIBE",
      network: "testnet",
      environmentalAction: "tree_planting",
      quantumSecurity: false,
    });
    if (r.source !== "simulated") throw new Error(`Stellar mint ${i} was ${r.source}, expected simulated`);
  }
  const status = (await (await fetch(`${appUrl}/api/unified/status`)).json()) as {
    mints?: { live: number; simulated: number };
  };
  return { live: status.mints?.live, simulated: status.mints?.simulated, ms: Math.round(performance.now() - t0) };
}

/** GET with the encodings a browser accepts; the bytes as they crossed the wire, not inflated. */
function getRaw(url: string): Promise<{ status: number; encoding: string | undefined; wire: Buffer; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": "br, gzip" } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("error", reject);
        res.on("end", () => {
          const wire = Buffer.concat(chunks);
          const encoding = res.headers["content-encoding"];
          const body = encoding === "br" ? brotliDecompressSync(wire) : encoding === "gzip" ? gunzipSync(wire) : wire;
          resolve({ status: res.statusCode ?? 0, encoding, wire, body });
        });
      })
      .on("error", reject);
  });
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

/** A chunk and everything it imports statically: what the browser loads with it (vite preloads them). */
function withStaticImports(
  manifest: Record<string, ManifestChunk>,
  key: string,
  into = new Set<string>(),
): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const dep of chunk.imports ?? []) withStaticImports(manifest, dep, into);
  return into;
}

/**
 * index.html and every script /multi-blockchain-minting loads before it is drawn: the entry, its
 * modulepreloads, and the lazy route chunk with its static imports (from dapp/dist/.vite/manifest.json),
 * fetched from the running server as a browser would, with `Accept-Encoding: br, gzip`.
 */
async function mintingPageTransfer(appUrl: string) {
  const page = await getRaw(`${appUrl}/multi-blockchain-minting`);
  const html = page.body.toString("utf8");
  const fromHtml = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/([^"]+\.js)"/g)].map(
    (m) => m[1]!,
  );
  const manifest = JSON.parse(await readFile(path.join(ROOT, "dapp/dist/.vite/manifest.json"), "utf8")) as Record<
    string,
    ManifestChunk
  >;
  if (!manifest[MINTING_ROUTE_MODULE])
    throw new Error(`the vite manifest has no ${MINTING_ROUTE_MODULE}; was the route moved?`);
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  const scripts = new Set([
    ...fromHtml,
    ...(entry ? withStaticImports(manifest, entry) : []),
    ...withStaticImports(manifest, MINTING_ROUTE_MODULE),
  ]);

  const files = [
    {
      file: "index.html",
      status: page.status,
      encoding: page.encoding ?? "identity",
      rawBytes: page.body.length,
      transferredBytes: page.wire.length,
    },
  ];
  for (const file of scripts) {
    const r = await getRaw(`${appUrl}/${file}`);
    files.push({
      file,
      status: r.status,
      encoding: r.encoding ?? "identity",
      rawBytes: r.body.length,
      transferredBytes: r.wire.length,
    });
  }
  const js = files.filter((f) => f.file.endsWith(".js"));
  const sum = (xs: typeof files, k: "rawBytes" | "transferredBytes") => xs.reduce((s, f) => s + f[k], 0);
  return {
    page: "/multi-blockchain-minting",
    acceptEncoding: "br, gzip",
    jsFiles: js.length,
    jsRawKB: round(sum(js, "rawBytes") / 1024),
    jsTransferredKB: round(sum(js, "transferredBytes") / 1024),
    withHtmlRawKB: round(sum(files, "rawBytes") / 1024),
    withHtmlTransferredKB: round(sum(files, "transferredBytes") / 1024),
    files,
  };
}

export async function httpBench() {
  const bare = await startBareServer();
  try {
    return await withBenchStack({ chainPort: CHAIN_PORT, appPort: APP_PORT, name: "http" }, (stack) =>
      measureOn(stack, bare),
    );
  } finally {
    await bare.stop();
  }
}

async function measureOn(stack: BenchStack, bare: { url: string }) {
  const seeded = await seed(stack.appUrl);
  console.log(
    `  seeded ${SEED_LIVE} live ETH + ${SEED_SIMULATED} simulated Stellar mints in ${seeded.ms} ms (status counts: ${seeded.live} live, ${seeded.simulated} simulated)`,
  );

  const reads = selectedReads();
  console.log(
    `  load: ${CONNECTIONS} connections; status and history ${SECONDS} s after ${WARMUP_SECONDS} s of warm-up, the page reads ${PAGE_SECONDS} s after ${PAGE_WARMUP_SECONDS} s`,
  );
  const bareFirst = await measure("bare", bare.url);
  const measured: Array<{ read: BenchRead; figures: LoadFigures }> = [];
  for (const read of reads) {
    const figures =
      read.tier === "core"
        ? await measure(read.name, `${stack.appUrl}${read.path}`)
        : await measure(read.name, `${stack.appUrl}${read.path}`, PAGE_SECONDS, PAGE_WARMUP_SECONDS);
    measured.push({ read, figures });
  }
  const bareLast = await measure("bare", bare.url);
  const bareRps = round((bareFirst.rps + bareLast.rps) / 2, 0);

  const judge = (read: BenchRead, f: LoadFigures) => {
    const goal = READ_GOALS[read.tier];
    const ratio = round(f.rps / bareRps, 3);
    // A read that answered nothing in its window (every request slower than it) meets no goal.
    const clean = f.non2xx === 0 && f.errors === 0 && f.requests > 0;
    return {
      name: read.name,
      path: read.path,
      tier: read.tier,
      goal,
      ...f,
      ratioToBare: ratio,
      meetsRatio: clean && ratio >= goal.minRatioToBare,
      meetsP99: clean && f.p99Ms <= goal.maxP99Ms,
      pass: clean && ratio >= goal.minRatioToBare && f.p99Ms <= goal.maxP99Ms,
    };
  };
  const judged = measured.map(({ read, figures }) => judge(read, figures));
  const mintingPageJs = await mintingPageTransfer(stack.appUrl);

  return {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, loadavg: os.loadavg().map((x) => round(x, 2)) },
    connections: CONNECTIONS,
    secondsPerTarget: SECONDS,
    warmupSeconds: WARMUP_SECONDS,
    goal: {
      ...READ_GOALS,
      note: "status and history: req/s >= 0.7x the bare server's and p99 <= 50 ms; every other read a page loads or polls: >= 0.3x, p99 <= 100 ms",
    },
    seeded: { records: SEED_LIVE + SEED_SIMULATED, live: seeded.live, simulated: seeded.simulated, ms: seeded.ms },
    bare: { rps: bareRps, first: bareFirst, last: bareLast },
    pageSeconds: PAGE_SECONDS,
    reads: judged,
    status: judged.find((r) => r.name === "status"),
    history: judged.find((r) => r.name === "history"),
    mintingPageJs,
  };
}

/** The figures as a few lines for the terminal: one per read, its ratio to the bare server and p99 against its goal. */
export function describeHttp(h: Awaited<ReturnType<typeof httpBench>>): string {
  const line = (t: (typeof h.reads)[number]) =>
    `  ${t.name.padEnd(26)} ${String(t.rps).padStart(7)} req/s = ${String(t.ratioToBare).padEnd(5)}x bare (>= ${t.goal.minRatioToBare}x: ${t.meetsRatio ? "pass" : "FAIL"}), ` +
    `p50 ${t.p50Ms} ms, p99 ${String(t.p99Ms).padStart(4)} ms (<= ${t.goal.maxP99Ms} ms: ${t.meetsP99 ? "pass" : "FAIL"})${t.non2xx || t.errors ? `  ${t.non2xx} non-2xx, ${t.errors} errors` : ""}`;
  const js = h.mintingPageJs;
  const passed = h.reads.filter((r) => r.pass).length;
  return [
    `HTTP under load (${h.connections} connections, ${h.secondsPerTarget} s for status/history, ${h.pageSeconds} s per page read, ${h.seeded.records} records stored):`,
    `  ${"bare".padEnd(26)} ${String(h.bare.rps).padStart(7)} req/s (first ${h.bare.first.rps}, last ${h.bare.last.rps}), p99 ${h.bare.first.p99Ms}/${h.bare.last.p99Ms} ms`,
    ...h.reads.map(line),
    `  ${passed} of ${h.reads.length} reads meet their goal`,
    `minting page JS as transferred (${js.jsFiles} files, Accept-Encoding: ${js.acceptEncoding}): ${js.jsRawKB} KB raw -> ${js.jsTransferredKB} KB on the wire` +
      ` (with index.html: ${js.withHtmlRawKB} -> ${js.withHtmlTransferredKB} KB)`,
  ].join("\n");
}
