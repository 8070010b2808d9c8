// The isolator's reads with a lot stored: BENCH_ISOLATOR_FILES (60) files of BENCH_ISOLATOR_FILE_BYTES (25 MiB)
// uploaded through the real API (sealed, stored as UnixFS blocks on disk, verified once as written) into a
// temporary folder, then GET /api/q-isolator/status timed over a real socket, BENCH_ISOLATOR_READS (200) times,
// first with the store at rest, then while the background scrub re-reads every file at its configured pace;
// government-profiles and comprehensive-report beside it. Budget: status under 100 ms at the median and p99.
// The temporary folder is deleted afterwards, whatever happens.
// Runnable alone: `npx tsx scripts/lib/bench-isolator.ts`; `npm run bench` runs it as the "isolator" part.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { createScrubber } from "../../api/src/features/q-isolator/q-isolator.scrub";
import { openBlockStore } from "../../api/src/features/q-isolator/q-isolator.blocks";
import { createIsolatorRepository } from "../../api/src/features/q-isolator/q-isolator.repository";
import { startTestApp } from "../../api/src/testing/harness";
import { signedInCookie } from "../../api/src/testing/sessions";

const FILES = Number(process.env.BENCH_ISOLATOR_FILES ?? 60);
const FILE_BYTES = Number(process.env.BENCH_ISOLATOR_FILE_BYTES ?? 25 * 1024 * 1024);
const READS = Number(process.env.BENCH_ISOLATOR_READS ?? 200);
/** The scrub's default pace (Q_ISOLATOR_SCRUB_BYTES_PER_SECOND). */
const SCRUB_BYTES_PER_SECOND = 8 * 1024 * 1024;
export const STATUS_BUDGET_MS = 100;

export interface LatencyFigures {
  medianMs: number;
  p99Ms: number;
  maxMs: number;
  reads: number;
}

export interface IsolatorBench {
  files: number;
  fileBytes: number;
  storedEnvelopeBytes: number;
  uploadMedianMs: number;
  status: LatencyFigures;
  statusDuringScrub: LatencyFigures & { scrubbedFiles: number; scrubBytesPerSecond: number };
  governmentProfiles: LatencyFigures;
  comprehensiveReport: LatencyFigures;
  budgetMs: number;
  withinBudget: boolean;
}

const round = (x: number) => Math.round(x * 10) / 10;
const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};

async function timeGets(url: string, n: number): Promise<LatencyFigures> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await fetch(url);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    times.push(performance.now() - t0);
  }
  return {
    medianMs: round(quantile(times, 0.5)),
    p99Ms: round(quantile(times, 0.99)),
    maxMs: round(Math.max(...times)),
    reads: n,
  };
}

export async function benchIsolator(): Promise<IsolatorBench> {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-isolator-"));
  let server: Server | null = null;
  const t = await startTestApp({
    chain: "none",
    env: {
      Q_ISOLATOR_DIR: dir,
      PGLITE_DIR: path.join(dir, "pglite"),
      Q_ISOLATOR_WALLET_QUOTA_BYTES: String(4 * FILES * FILE_BYTES),
      Q_ISOLATOR_TOTAL_QUOTA_BYTES: String(4 * FILES * FILE_BYTES),
    },
  });
  try {
    server = createServer(t.app);
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const { cookie } = await signedInCookie(t.deps.database.db);
    const post = (p: string, body: BodyInit, json = false) =>
      fetch(`${base}${p}`, {
        method: "POST",
        body,
        headers: { cookie, origin: base, ...(json ? { "content-type": "application/json" } : {}) },
      });

    const created = await post(
      "/api/q-isolator/create-isolation",
      JSON.stringify({ securityLevel: "ENTERPRISE", agency: "Bench Agency" }),
      true,
    );
    if (created.status !== 201) throw new Error(`create-isolation answered ${created.status}: ${await created.text()}`);
    const { isolation } = (await created.json()) as { isolation: { isolationId: string } };

    const uploads: number[] = [];
    let stored = 0;
    for (let i = 0; i < FILES; i++) {
      const form = new FormData();
      form.append("isolationId", isolation.isolationId);
      form.append("file", new Blob([randomBytes(FILE_BYTES)]), `bench-${i}.bin`);
      const t0 = performance.now();
      const res = await post("/api/q-isolator/files", form);
      if (res.status !== 201) throw new Error(`upload ${i} answered ${res.status}: ${await res.text()}`);
      uploads.push(performance.now() - t0);
      stored += ((await res.json()) as { file: { encryptedSize: number } }).file.encryptedSize;
      if ((i + 1) % 10 === 0)
        console.log(`isolator bench: ${i + 1}/${FILES} files stored (${(stored / 1024 ** 3).toFixed(2)} GiB)`);
    }

    await timeGets(`${base}/api/q-isolator/status`, 5); // warm-up
    const status = await timeGets(`${base}/api/q-isolator/status`, READS);
    const governmentProfiles = await timeGets(`${base}/api/q-isolator/government-profiles`, Math.min(READS, 50));
    const comprehensiveReport = await timeGets(`${base}/api/q-isolator/comprehensive-report`, Math.min(READS, 50));

    // The background scrub with every file due (an interval of 1 s), at its default pace, during the same reads.
    const scrubber = createScrubber(createIsolatorRepository(t.deps.database.db), openBlockStore(dir), {
      intervalSeconds: 1,
      bytesPerSecond: SCRUB_BYTES_PER_SECOND,
    });
    await new Promise((r) => setTimeout(r, 1100));
    const before = (await createIsolatorRepository(t.deps.database.db).files()).map(
      (f) => f.verifiedAt?.getTime() ?? 0,
    );
    scrubber.start();
    await new Promise((r) => setTimeout(r, 1500));
    const duringScrub = await timeGets(`${base}/api/q-isolator/status`, READS);
    await scrubber.stop();
    const after = (await createIsolatorRepository(t.deps.database.db).files()).map((f) => f.verifiedAt?.getTime() ?? 0);
    const scrubbedFiles = after.filter((a, i) => a > before[i]!).length;

    return {
      files: FILES,
      fileBytes: FILE_BYTES,
      storedEnvelopeBytes: stored,
      uploadMedianMs: round(quantile(uploads, 0.5)),
      status,
      statusDuringScrub: { ...duringScrub, scrubbedFiles, scrubBytesPerSecond: SCRUB_BYTES_PER_SECOND },
      governmentProfiles,
      comprehensiveReport,
      budgetMs: STATUS_BUDGET_MS,
      withinBudget: status.p99Ms < STATUS_BUDGET_MS && duringScrub.p99Ms < STATUS_BUDGET_MS,
    };
  } finally {
    if (server) await new Promise((resolve) => server!.close(resolve));
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function describeBenchIsolator(b: IsolatorBench): string {
  const row = (name: string, l: LatencyFigures) =>
    `  ${name.padEnd(34)} median ${String(l.medianMs).padStart(6)} ms   p99 ${String(l.p99Ms).padStart(6)} ms   max ${String(l.maxMs).padStart(6)} ms   (${l.reads} reads)`;
  return [
    `Isolator reads with ${b.files} × ${(b.fileBytes / 1024 / 1024).toFixed(0)} MiB stored (${(b.storedEnvelopeBytes / 1024 ** 3).toFixed(2)} GiB of envelopes; upload median ${b.uploadMedianMs} ms):`,
    row("GET /api/q-isolator/status", b.status),
    row(`status while the scrub reads (${b.statusDuringScrub.scrubbedFiles} files)`, b.statusDuringScrub),
    row("GET .../government-profiles", b.governmentProfiles),
    row("GET .../comprehensive-report", b.comprehensiveReport),
    `  budget: status under ${b.budgetMs} ms (p99): ${b.withinBudget ? "met" : "NOT met"}`,
  ].join("\n");
}

if (require.main === module) {
  benchIsolator()
    .then((b) => console.log(describeBenchIsolator(b)))
    .catch((err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    });
}
