// `npm test`: every suite — contracts, API and components (vitest), then the browser tests (Playwright in Debian's
// Chromium against the stack as `npm start` runs it) with the static checks (tsc, ESLint, Prettier, solhint) beside
// them. Exits non-zero if any suite fails and ends with one "N passed, N failed" line over all of them.
import path from "node:path";
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { buildDapp, dappBuildIsCurrent } from "./lib/dapp-build";

const ROOT = path.resolve(__dirname, "..");
const OUT = path.join(ROOT, "test-results");
mkdirSync(OUT, { recursive: true });

/** `cmd` is a bin of node_modules/.bin, or a script's path under node_modules run with this Node. */
function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<number> {
  return new Promise((resolve) => {
    const [file, argv] = cmd.includes("/")
      ? [process.execPath, [path.join(ROOT, "node_modules", cmd), ...args]]
      : [path.join(ROOT, "node_modules/.bin", cmd), args];
    const child = spawn(file, argv, {
      cwd: ROOT,
      stdio: "inherit",
      env: { ...process.env, ...env },
    });
    child.once("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** What Prettier formats: the code (Markdown and JSON keep their authors' layout). */
const FORMATTED = ["**/*.{ts,tsx,mts,mjs,cjs}"];

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

function vitestCounts(file: string): Counts {
  const r = JSON.parse(readFileSync(file, "utf8")) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  return { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests };
}

function playwrightCounts(file: string): Counts {
  const r = JSON.parse(readFileSync(file, "utf8")) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  };
  return { passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected, skipped: r.stats.skipped };
}

function read(what: string, f: () => Counts, code: number): Counts {
  try {
    const c = f();
    // A runner that crashed before writing its report still failed.
    return code !== 0 && c.failed === 0 ? { ...c, failed: 1 } : c;
  } catch {
    console.error(`${what}: no report was written (exit ${code})`);
    return { passed: 0, failed: code === 0 ? 0 : 1, skipped: 0 };
  }
}

/**
 * The type check runs on TypeScript 7, the native compiler (package alias typescript-7; hardhat's ts-node needs 5.9,
 * which stays the `typescript` package and the editors'): the same verdict on this repo in 21 core-seconds instead
 * of 77. One checker thread: on two cores its four cost more (27 s wall, 45 core-s) and take them from vitest.
 */
const TYPE_CHECK: [string, string[]] = [
  "typescript-7/bin/tsc",
  ["--noEmit", "-p", "tsconfig.json", "--singleThreaded"],
];

/**
 * The static checks, one after another: the Solidity lint (.solhint.json), ESLint (eslint.config.mjs: the import
 * boundaries among them), the formatter's check and the type check. Each finding fails the run like a failing test.
 */
async function staticChecks(): Promise<Counts> {
  const checks: [string, string, string[]][] = [
    ["tsc", ...TYPE_CHECK],
    ["eslint", "eslint", ["--max-warnings", "0", "."]],
    ["prettier", "prettier", ["--check", "--log-level", "warn", ...FORMATTED]],
    ["solhint", "solhint", ["--max-warnings", "0", "contracts/**/*.sol"]],
  ];
  const counts: Counts = { passed: 0, failed: 0, skipped: 0 };
  for (const [name, cmd, args] of checks) {
    const started = Date.now();
    const code = await run(cmd, args);
    console.log(`${name}: ${code === 0 ? "passed" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (code === 0) counts.passed += 1;
    else counts.failed += 1;
  }
  return counts;
}

/**
 * The web build when it is not current (it needs the compiled deploy map): the build test reads it
 * (scripts/lib/dapp-build.test.ts) and the browser tests' stack serves it. Built from this test run's NODE_ENV=test,
 * which must not reach vite. A failed build counts as one failure.
 */
async function webBuild(): Promise<Counts> {
  if (await dappBuildIsCurrent()) return { passed: 0, failed: 0, skipped: 0 };
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "test";
  let failed = 0;
  await buildDapp().catch((err: unknown) => {
    console.error(`web build: ${err instanceof Error ? err.message : String(err)}`);
    failed = 1;
  });
  // Assigning undefined would store the string "undefined", which vitest would then keep instead of "test".
  if (nodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnv;
  return { passed: 0, failed, skipped: 0 };
}

/** Vitest: contracts, API, components, scripts. */
async function unitTests(): Promise<Counts> {
  const file = path.join(OUT, "vitest.json");
  const code = await run("vitest", ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${file}`]);
  return read("vitest", () => vitestCounts(file), code);
}

type StartedStack = { stop: () => Promise<void> } | { error: string };

/**
 * The browser tests' stack (e2e/global-setup.ts), started while vitest runs. Started by Playwright's global setup,
 * its boot (the node, the deploy, the API's first load) came first in their stage: their first test began 31.4 s in
 * (clean-clone run), now 3-5 s in. Vitest pays about 20 s for it; the run nets some 16 s in the repo.
 */
function startStackEarly(): Promise<StartedStack> {
  return import("../e2e/global-setup")
    .then(({ startE2eStack }) => startE2eStack())
    .then(
      (stop) => ({ stop }),
      (err: unknown) => ({ error: err instanceof Error ? err.message : String(err) }),
    );
}

/**
 * Playwright (playwright.config.ts): against the stack started early when there is one (E2E_STACK=running tells its
 * global setup to use it; it is stopped here after), else against the one its global setup starts.
 */
async function browserTests(early?: Promise<StartedStack>): Promise<Counts> {
  const file = path.join(OUT, "playwright.json");
  const stack = await early;
  if (stack && "error" in stack) {
    console.error(`browser tests: their stack did not start: ${stack.error}`);
    return { passed: 0, failed: 1, skipped: 0 };
  }
  try {
    const code = await run("playwright", ["test"], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: file,
      ...(stack ? { E2E_STACK: "running" } : {}),
    });
    return read("playwright", () => playwrightCounts(file), code);
  } finally {
    await stack?.stop();
  }
}

async function main() {
  const only = process.argv.slice(2);
  const want = (s: string) => only.length === 0 || only.includes(s);
  const totals: Counts = { passed: 0, failed: 0, skipped: 0 };
  const add = (c: Counts) => {
    totals.passed += c.passed;
    totals.failed += c.failed;
    totals.skipped += c.skipped;
  };

  // Each stage's wall time, printed at the end: where the ten minutes go (README, "Tests").
  const stages: string[] = [];
  const timed = async <T>(name: string, f: () => Promise<T>): Promise<T> => {
    const started = Date.now();
    const result = await f();
    stages.push(`${name} ${((Date.now() - started) / 1000).toFixed(0)} s`);
    return result;
  };

  // Contracts compile once up front: tsc reads the artifacts' types, and vitest's parallel workers then only read them.
  if ((want("lint") || want("unit")) && (await timed("compile", () => run("hardhat", ["compile", "--quiet"]))) !== 0)
    totals.failed += 1;
  // The web build, then vitest with only the browser tests' stack booting beside it, then the browser tests with the
  // static checks beside them, one check at a time.
  // Vitest keeps both cores busy (467 core-s in 283 s); the browser tests leave more idle (474 core-s in 282 s: pages
  // wait on the chain, polls and animations), and the checks' 90 core-s fill it. Measured: vitest 283 -> 333-351 s
  // with the checks beside it, the browser tests 282 -> 305 s.
  let early: Promise<StartedStack> | undefined;
  if (want("unit") || want("e2e")) add(await timed("web build", webBuild));
  if (want("unit")) {
    if (want("e2e")) {
      early = startStackEarly();
      // Stopped on Ctrl-C too, as Playwright's own teardown would.
      const stopAndExit = () =>
        void early!.then((s) => ("stop" in s ? s.stop() : undefined)).finally(() => process.exit(130));
      process.once("SIGINT", stopAndExit);
      process.once("SIGTERM", stopAndExit);
    }
    add(await timed("vitest", unitTests));
  }
  await Promise.all([
    want("lint") ? timed("static checks", staticChecks).then(add) : undefined,
    want("e2e") ? timed("browser tests", () => browserTests(early)).then(add) : undefined,
  ]);

  console.log(`\nStages: ${stages.join(", ")}`);
  console.log(`All suites: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  console.log(`${totals.passed} passed, ${totals.failed} failed`);
  process.exit(totals.failed > 0 || totals.passed === 0 ? 1 : 0);
}

void main();
