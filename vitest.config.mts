import { configDefaults, defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { muiWithoutCssVars } from "./dapp/build/mui-without-css-vars.mts";
import { FULL_SIZE, SLOW_TESTS } from "./scripts/lib/test-size";

// The slow proofs (SLOW_TESTS) run in `npm run test:slow` (TEST_SIZE=full, after `npm test` in .ci/run), not here.
const exclude = [...configDefaults.exclude, ...(FULL_SIZE ? [] : SLOW_TESTS)];

// One runner, four projects: contracts and api run against Hardhat's in-process chain and PGlite in
// forked workers (Hardhat's runtime is a CommonJS singleton per process); dapp runs in jsdom; scripts tests
// the stack tooling (chain guard, supervision, log rotation) with real child processes.
export default defineConfig({
  test: {
    // Two test files at a time (vitest's default on 2 cores is one): many files mostly wait (timers, child
    // processes, sockets), and `npm test` must stay under 20 minutes here.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "contracts",
          include: ["contracts/**/*.test.ts"],
          exclude,
          setupFiles: ["scripts/lib/register-ts-node.ts"],
          environment: "node",
          pool: "forks",
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
          environment: "jsdom",
          setupFiles: ["dapp/src/testing/setup.ts"],
          globals: true,
          testTimeout: 30_000,
        },
      },
    ],
  },
});
