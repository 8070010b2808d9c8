import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { muiWithoutCssVars } from "./dapp/build/mui-without-css-vars.mts";

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
          setupFiles: ["scripts/lib/register-ts-node.ts"],
          environment: "node",
          pool: "forks",
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "scripts",
          include: ["scripts/**/*.test.ts"],
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
