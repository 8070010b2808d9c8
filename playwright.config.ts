import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";
import { APP_URL } from "./e2e/stack-urls";

/**
 * Specs that change what other specs of their lane measure run one at a time in that lane (a project with
 * `workers: 1`); the lanes and the other specs run beside each other on two workers, against the one stack.
 * - chain: mints with dev account #1 and the XQB supply checked to the unit (minting, the bridge, VibeCoins), and
 *   the chain's clock moved forward (real staking); onboarding's fresh wallet mints XQB and stakes; crowdfunding
 *   mints VIBE rewards and moves the clock past a campaign's deadline.
 * - readiness: the operator runs whose stored results the readiness scores read (the security suite, the
 *   professional assessments, the testnet tests), treasury staking (its open positions count for testnet
 *   readiness), the mainnet page that shows those scores, and the Safe's queue: the treasury's Safe page and the
 *   Safe owners' spec propose and execute at its nonces, which the testnet runs also move.
 * - pages: the others; each that sends transactions or reads a balance has a dev account of its own
 *   (e2e/dev-accounts.ts).
 * Supplies other lanes also move are read at the blocks of the spec's own transactions (the treasury's mint checks
 * the XQB supply in the block before its Safe transaction and in that block), never at "latest".
 */
const LANES = {
  chain: ["minting", "bridge", "vibecoins", "real-staking", "onboarding", "crowdfunding"],
  readiness: [
    "government-security-dashboard",
    "professional-blockchain-development",
    "testnet-perfection",
    "mainnet-readiness-dashboard",
    "treasury-staking",
    "safe-owners",
    "quantum-treasury-2",
  ],
};
const specs = (names: string[]) => names.map((n) => `${n}.spec.ts`);

/**
 * Debian's Chromium, never a downloaded browser: its headless shell (package chromium-headless-shell, which .ci/run
 * installs), as Playwright's own headless runs use, else the full browser. The shell has no GPU process and a lighter
 * compositor: the same 65 tests took 481 core-seconds and 5.0 min instead of 6.4 min (4 specs: 208 -> 133 core-s).
 * E2E_CHROMIUM names another binary.
 */
const CHROMIUM =
  process.env.E2E_CHROMIUM ??
  ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((p) => existsSync(p)) ??
  "/usr/bin/chromium";

// The flags keep it off the (closed) network.
export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results/e2e",
  globalSetup: "./e2e/global-setup.ts",
  workers: 2,
  projects: [
    { name: "chain", testMatch: specs(LANES.chain), workers: 1 },
    { name: "readiness", testMatch: specs(LANES.readiness), workers: 1 },
    { name: "pages", testIgnore: specs([...LANES.chain, ...LANES.readiness]) },
  ],
  timeout: 60_000,
  // Two workers beside the stack on two cores run pages two to three times slower than alone (measured): a first
  // render after a cold load took over 10 s there.
  expect: { timeout: 20_000 },
  reporter: [
    ["list"],
    ["json", { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? "test-results/playwright.json" }],
  ],
  use: {
    baseURL: APP_URL, // PORT, default 3000 (e2e/stack-urls.ts)
    // A failing test keeps its trace (actions, console, network, sources) and its screenshot. Without the screencast:
    // its frames cost the browser and its compositor a quarter of their CPU (88.6 -> 48.7 s on three specs), on two
    // cores that every worker shares. Without DOM snapshots: taken before and after every action of every test, they
    // cost the whole run 41 s of 450 (measured, 65 tests). To see a failure's DOM step by step, run that spec with
    // `npx playwright test <spec> --trace retain-on-failure` (the CLI's mode records snapshots).
    trace: { mode: "retain-on-failure", screenshots: false, snapshots: false },
    screenshot: "only-on-failure",
    contextOptions: { reducedMotion: "reduce" },
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
});
