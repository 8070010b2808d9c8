// `npm run test:slow`: the full-size proofs `npm test` runs small or leaves out (.ci/run runs it after `npm test`).
// TEST_SIZE=full: every test file that sizes a bound with scripts/lib/test-size.ts (the contract property runs,
// the generated bad input, …) runs at its full size, and the slow proofs (SLOW_TESTS in scripts/lib/test-size.ts:
// the API replicas on one PostgreSQL, the supervisor's restarts) run too. Exits non-zero if any fails.
import path from "node:path";
import { spawn, execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { SLOW_TESTS } from "./lib/test-size";

const ROOT = path.resolve(__dirname, "..");
const OUT = path.join(ROOT, "test-results");
mkdirSync(OUT, { recursive: true });

/** Test files that import the size helper: their bounds grow under TEST_SIZE=full. */
function sizedFiles(): string[] {
  const out = execFileSync(
    "git",
    ["grep", "-l", "-E", 'from "[./]+(scripts/lib/|lib/)?test-size"', "--", "*.test.ts", "*.test.tsx"],
    { cwd: ROOT, encoding: "utf8" },
  );
  return out.split("\n").filter(Boolean);
}

function run(cmd: string, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(path.join(ROOT, "node_modules/.bin", cmd), args, {
      cwd: ROOT,
      stdio: "inherit",
      env: { ...process.env, TEST_SIZE: "full" },
    });
    child.once("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/**
 * Run after the others, on their own: the replicas' proof measures a chain under 100 parallel mints (none may wait
 * past the 20 s busy limit), which it cannot do on 2 cores shared with the full-size fuzz run and the other files'
 * child processes (a CI run on 0545044 saw single sequential writes wait over 20 s there).
 */
const ALONE = ["scripts/lib/api-replicas.test.ts"];

async function main() {
  if ((await run("hardhat", ["compile", "--quiet"])) !== 0) process.exit(1);
  const slow = execFileSync("git", ["ls-files", "--", ...SLOW_TESTS.map((g) => `:(glob)${g}`)], {
    cwd: ROOT,
    encoding: "utf8",
  })
    .split("\n")
    .filter(Boolean);
  const files = [...sizedFiles(), ...slow].filter((f) => !ALONE.includes(f));
  console.log(`test:slow (TEST_SIZE=full): ${files.join(", ")}; then alone: ${ALONE.join(", ")}`);
  const together = await run("vitest", [
    "run",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${path.join(OUT, "vitest-slow.json")}`,
    ...files,
  ]);
  const alone = await run("vitest", [
    "run",
    "--maxWorkers=1",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${path.join(OUT, "vitest-slow-alone.json")}`,
    ...ALONE,
  ]);
  process.exit(together || alone);
}

void main();
