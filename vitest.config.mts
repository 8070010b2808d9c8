import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { muiWithoutCssVars } from "./dapp/build/mui-without-css-vars.mts";
import { FULL_SIZE, SLOW_TESTS } from "./scripts/lib/test-size";

// The slow proofs (SLOW_TESTS) run in `npm run test:slow` (TEST_SIZE=full, after `npm test` in .ci/run), not here.

/** The dapp's test files that mock a module (vi.mock / vi.doMock), found by reading them. */
const DAPP_SRC = fileURLToPath(new URL("./dapp/src", import.meta.url));
const DAPP_MOCKING = readdirSync(DAPP_SRC, { recursive: true, encoding: "utf8" })
  .filter((f) => /\.test\.tsx?$/.test(f) && /\bvi\.(do)?[mM]ock\(/.test(readFileSync(path.join(DAPP_SRC, f), "utf8")))
  .map((f) => path.posix.join("dapp/src", f.split(path.sep).join("/")));
const exclude = [...configDefaults.exclude, ...(FULL_SIZE ? [] : SLOW_TESTS)];

// One runner, four projects (the dapp's in two): contracts and api run against Hardhat's in-process chain and PGlite in
// forked workers (Hardhat's runtime is a CommonJS singleton per process); dapp runs in jsdom; scripts tests
// the stack tooling (chain guard, supervision, log rotation) with real child processes.
export default defineConfig({
  test: {
    // Three test files at a time on 2 cores (vitest's default is one): many files mostly wait (timers, child
    // processes, sockets, the chain). Measured, whole run alone: 2 workers 283 s (83% of the cores busy), 3 workers
    // 246 s (93%), 4 workers 255 s.
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: "contracts",
          include: ["contracts/**/*.test.ts"],
          exclude,
          setupFiles: ["scripts/lib/register-ts-node.ts", "api/src/testing/per-file-chain.ts"],
          environment: "node",
          pool: "forks",
          // One process runs many files (Hardhat and the artifacts loaded once); each file starts from the fresh
          // chain (per-file-chain.ts reverts to it).
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "api",
          include: ["api/**/*.test.ts"],
          exclude,
          setupFiles: ["scripts/lib/register-ts-node.ts", "api/src/testing/per-file-chain.ts"],
          environment: "node",
          pool: "forks",
          // One process runs many files: the harness's migrated PGlite and deployed suite are made once per
          // worker (api/src/testing/worker-*.ts), each file starting from the deployed snapshot.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "scripts",
          include: ["scripts/**/*.test.ts"],
          exclude,
          environment: "node",
          pool: "forks",
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        // The same MUI build as the app (dapp/build/mui-without-css-vars.mts), so tests render what ships.
        plugins: [muiWithoutCssVars(), react()],
        test: {
          name: "dapp",
          include: ["dapp/**/*.test.{ts,tsx}"],
          exclude: [...configDefaults.exclude, ...DAPP_MOCKING],
          environment: "jsdom",
          setupFiles: ["dapp/src/testing/setup.ts"],
          globals: true,
          testTimeout: 30_000,
          // One worker process (and one jsdom) runs many files: React, MUI and the pages are imported once per
          // worker instead of once per file. The setup file cleans the DOM, the stubs and localStorage after each test.
          isolate: false,
        },
      },
      {
        // Files that replace modules (vi.mock) get a module registry of their own: in a shared one the real module
        // may already be loaded, or the mock would reach the next file.
        plugins: [muiWithoutCssVars(), react()],
        test: {
          name: "dapp-mocking",
          include: DAPP_MOCKING.length > 0 ? DAPP_MOCKING : ["-"],
          environment: "jsdom",
          setupFiles: ["dapp/src/testing/setup.ts"],
          globals: true,
          testTimeout: 30_000,
        },
      },
    ],
  },
});
