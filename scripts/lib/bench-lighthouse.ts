// Lighthouse (Debian's Chromium, headless, nothing fetched from the network) on each built page of a list,
// in two presets: "mobile", Lighthouse's default config (a phone: slow 4G, 4x CPU slowdown, simulated), and
// "desktop" (its desktop preset); against the real stack (startStack: node, deploy, built web app, API) on
// ports of its own. Per route and preset: the median run (by performance score) of BENCH_LH_RUNS runs, with
// performance, accessibility, CLS, TBT, LCP and FCP, and the audits that cost points. BENCH_LH_PRESETS
// (comma list, default "mobile,desktop") runs fewer. Scores on a loaded machine are low and noisy: the
// machine's load average is reported beside them.
import os from "node:os";
import path from "node:path";
import { mkdirSync, writeFileSync } from "node:fs";
import { builtPaths } from "../../dapp/src/config/paths";
import { withBenchStack } from "./bench-stack";

/** Every built page of the page table (dapp/src/config/paths.ts): a page is measured from the day it is built. */
export const LIGHTHOUSE_ROUTES: readonly string[] = builtPaths.map((p) => p.path);
export type LighthousePreset = "mobile" | "desktop";
export const LIGHTHOUSE_GOALS: Record<
  LighthousePreset,
  { minPerformance: number; accessibility: number; maxCls: number }
> = {
  mobile: { minPerformance: 90, accessibility: 100, maxCls: 0.02 },
  desktop: { minPerformance: 98, accessibility: 100, maxCls: 0.02 },
};
const PRESETS = (process.env.BENCH_LH_PRESETS ?? "mobile,desktop")
  .split(",")
  .map((p) => p.trim()) as LighthousePreset[];

const CHAIN_PORT = Number(process.env.BENCH_LH_CHAIN_PORT ?? 24645);
const APP_PORT = Number(process.env.BENCH_LH_APP_PORT ?? 24100);
const RUNS = Number(process.env.BENCH_LH_RUNS ?? 3);
const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";

export interface LighthouseFigures {
  route: string;
  preset: LighthousePreset;
  performance: number;
  accessibility: number;
  cls: number;
  tbtMs: number;
  lcpMs: number;
  fcpMs: number;
  /** Every run's performance score, for the spread. */
  performanceRuns: number[];
  /** Accessibility audits that failed (their ids and titles). */
  accessibilityFailures: { id: string; title: string }[];
  /** Performance opportunities and diagnostics that did not pass, most costly first (ids only). */
  performanceHints: string[];
  pass: boolean;
}

type Lhr = {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    { id: string; title: string; score: number | null; scoreDisplayMode: string; numericValue?: number }
  >;
  runtimeError?: { message: string };
};

const round = (n: number, d = 0) => Number(n.toFixed(d));

function figures(route: string, preset: LighthousePreset, runs: Lhr[]): LighthouseFigures {
  const score = (l: Lhr, c: string) => Math.round((l.categories[c]?.score ?? 0) * 100);
  const sorted = [...runs].sort((a, b) => score(a, "performance") - score(b, "performance"));
  const lhr = sorted[Math.floor(sorted.length / 2)]!;
  const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const failed = (c: string) =>
    (lhr.categories[c]?.auditRefs ?? [])
      .map((r) => lhr.audits[r.id]!)
      .filter(
        (a) =>
          a &&
          a.score !== null &&
          a.score < 1 &&
          (a.scoreDisplayMode === "binary" ||
            a.scoreDisplayMode === "numeric" ||
            a.scoreDisplayMode === "metricSavings"),
      );
  const f: Omit<LighthouseFigures, "pass"> = {
    route,
    preset,
    performance: score(lhr, "performance"),
    accessibility: score(lhr, "accessibility"),
    cls: round(num("cumulative-layout-shift"), 3),
    tbtMs: round(num("total-blocking-time")),
    lcpMs: round(num("largest-contentful-paint")),
    fcpMs: round(num("first-contentful-paint")),
    performanceRuns: runs.map((r) => score(r, "performance")),
    accessibilityFailures: failed("accessibility").map((a) => ({ id: a.id, title: a.title })),
    performanceHints: failed("performance").map((a) => a.id),
  };
  const goal = LIGHTHOUSE_GOALS[preset];
  return {
    ...f,
    pass: f.performance >= goal.minPerformance && f.accessibility >= goal.accessibility && f.cls <= goal.maxCls,
  };
}

/** Lighthouse on `routes` (default: every built page) of an app already running at appUrl, in each preset. */
export async function lighthouseOn(
  appUrl: string,
  routes = LIGHTHOUSE_ROUTES,
  runs = RUNS,
  presets: readonly LighthousePreset[] = PRESETS,
): Promise<LighthouseFigures[]> {
  for (const p of presets)
    if (!(p in LIGHTHOUSE_GOALS)) throw new Error(`BENCH_LH_PRESETS: unknown preset "${p}" (mobile, desktop)`);
  const [{ default: lighthouse }, { default: desktopConfig }, chromeLauncher] = await Promise.all([
    import("lighthouse"),
    import("lighthouse/core/config/desktop-config.js"),
    import("chrome-launcher"),
  ]);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  try {
    const out: LighthouseFigures[] = [];
    for (const preset of presets) {
      // Lighthouse's default config is the mobile one; the desktop preset is a config of its own.
      const config = preset === "desktop" ? desktopConfig : undefined;
      for (const route of routes) {
        const lhrs: Lhr[] = [];
        for (let i = 0; i < runs; i++) {
          // A run Lighthouse itself could not record (NO_NAVSTART and the like, seen on a busy machine) is run again, twice at most.
          let lhr: Lhr | undefined;
          for (let attempt = 1; attempt <= 3; attempt++) {
            const result = await lighthouse(
              `${appUrl}${route}`,
              {
                port: chrome.port,
                output: "json",
                logLevel: "error",
                onlyCategories: ["performance", "accessibility"],
              },
              config,
            );
            lhr = result?.lhr as unknown as Lhr | undefined;
            if (!lhr) throw new Error(`lighthouse gave no result for ${route}`);
            if (!lhr.runtimeError) break;
            if (attempt === 3) throw new Error(`lighthouse on ${route}: ${lhr.runtimeError.message}`);
            console.log(`  ${route}: ${lhr.runtimeError.message} (run again)`);
          }
          if (!lhr) throw new Error(`lighthouse gave no result for ${route}`);
          lhrs.push(lhr);
          // BENCH_LH_DUMP=<folder>: every report's JSON, to see which elements shift or fail contrast.
          if (process.env.BENCH_LH_DUMP) {
            mkdirSync(process.env.BENCH_LH_DUMP, { recursive: true });
            writeFileSync(
              path.join(process.env.BENCH_LH_DUMP, `${preset}-${route.replace(/\W+/g, "_") || "root"}-${i}.json`),
              JSON.stringify(lhr),
            );
          }
        }
        const f = figures(route, preset, lhrs);
        console.log(`  ${describeOne(f)}`);
        out.push(f);
      }
    }
    return out;
  } finally {
    chrome.kill();
  }
}

/** Starts its own stack (chain :24645, app :24100 unless BENCH_LH_CHAIN_PORT/BENCH_LH_APP_PORT say otherwise), runs Lighthouse, stops it. */
export async function lighthouseBench() {
  return withBenchStack({ chainPort: CHAIN_PORT, appPort: APP_PORT, name: "lh" }, async (stack) => {
    const routes = await lighthouseOn(stack.appUrl);
    return {
      date: new Date().toISOString(),
      lighthouse: `13, presets ${PRESETS.join(" and ")} (mobile: the default config, slow 4G and 4x CPU, simulated; desktop: its preset), headless Chromium`,
      runsPerRoute: RUNS,
      machine: { cpus: os.cpus().length, loadavg: os.loadavg().map((x) => round(x, 2)) },
      goals: LIGHTHOUSE_GOALS,
      routes,
      pass: routes.every((r) => r.pass),
    };
  });
}

function describeOne(r: LighthouseFigures): string {
  return `${r.pass ? "ok  " : "MISS"} ${r.preset.padEnd(7)} ${r.route.padEnd(28)} perf ${r.performance} (runs ${r.performanceRuns.join("/")})  a11y ${r.accessibility}  CLS ${r.cls}  TBT ${r.tbtMs} ms  LCP ${r.lcpMs} ms${
    r.accessibilityFailures.length ? `  a11y failures: ${r.accessibilityFailures.map((a) => a.id).join(", ")}` : ""
  }`;
}

export function describeLighthouse(h: Awaited<ReturnType<typeof lighthouseBench>>): string {
  const goals = Object.entries(h.goals)
    .map(([p, g]) => `${p} perf >= ${g.minPerformance}, a11y ${g.accessibility}, CLS <= ${g.maxCls}`)
    .join("; ");
  return [
    `Lighthouse (${h.lighthouse}, median of ${h.runsPerRoute}, load average ${h.machine.loadavg.join(" ")}); goals ${goals}`,
    ...h.routes.map((r) => `  ${describeOne(r)}`),
  ].join("\n");
}
