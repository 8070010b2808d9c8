// JavaScript a visitor downloads until the page is idle, per built route, without and with a browser wallet
// (the injected EIP-1193 + EIP-6963 wallet of the browser tests, e2e/injected-wallet.ts, not connected):
// the app loads wagmi and viem only when a wallet is there or the visitor presses Connect
// (components/wallet/wallet-presence.ts), so a visitor without one should not pay for them.
// "Idle": Playwright's networkidle (500 ms without a request), then until no new script has been asked for
// during QUIET_MS (the app-bar wallet control loads once the browser is idle after the load event).
// Figures: gzip -9 of each script file as built (comparable with the first-load figures,
// bench-first-load.ts), and the bodies' bytes on the wire (the server sends brotli when the browser asks).
import path from "node:path";
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { chromium, type Browser } from "@playwright/test";
import { builtPaths, type AppPath } from "../../dapp/src/config/paths";
import { installInjectedWallet } from "../../e2e/injected-wallet";
import { withBenchStack } from "./bench-stack";

const ROOT = path.resolve(__dirname, "../..");
const CHAIN_PORT = Number(process.env.BENCH_IDLE_CHAIN_PORT ?? 24745);
const APP_PORT = Number(process.env.BENCH_IDLE_APP_PORT ?? 24200);
const QUIET_MS = 2_500;
const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";

/** The issue's goals: `/` and every page that needs no wallet, without a wallet in the browser. */
export const IDLE_JS_GOAL = { landingKB: 160, noWalletPageKB: 220 } as const;

export interface IdleJs {
  gzipKB: number;
  wireKB: number;
  files: number;
  /** Whether wagmi's code (the wallet provider chunk) was among them. */
  walletCode: boolean;
}
export interface RouteIdleJs {
  route: string;
  /** The page shows a wallet part in its first view (the page table's `wallet`): its goal is not the light page's. */
  walletPage: boolean;
  withoutWallet: IdleJs;
  withWallet: IdleJs;
  goalKB: number | null;
  pass: boolean;
}

const round1 = (n: number) => Number(n.toFixed(1));

async function scriptsUntilIdle(
  browser: Browser,
  url: string,
  dist: string,
  wallet: { rpcUrl: string } | null,
): Promise<IdleJs> {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (wallet) {
    // Run under tsx, whose esbuild keeps function names by wrapping them in __name(): the wallet's init script
    // is serialized from its source, so the page needs that helper, or the script throws and no wallet appears.
    await page.addInitScript({ content: "globalThis.__name = (f) => f;" });
    await installInjectedWallet(page, { rpcUrl: wallet.rpcUrl });
  }
  const scripts = new Map<string, number>();
  let lastScriptAt = Date.now();
  page.on("requestfinished", (request) => {
    if (request.resourceType() !== "script") return;
    lastScriptAt = Date.now();
    void request.sizes().then(
      (s) => scripts.set(new URL(request.url()).pathname, s.responseBodySize),
      () => scripts.set(new URL(request.url()).pathname, 0),
    );
  });
  try {
    await page.goto(url, { waitUntil: "networkidle", timeout: 60_000 });
    const deadline = Date.now() + 20_000;
    while (Date.now() - lastScriptAt < QUIET_MS && Date.now() < deadline) await page.waitForTimeout(250);
    await page.waitForTimeout(200); // the last sizes() answers
  } finally {
    await context.close();
  }
  let gzip = 0;
  let wire = 0;
  for (const [file, onWire] of scripts) {
    wire += onWire;
    gzip += gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  }
  return {
    gzipKB: round1(gzip / 1024),
    wireKB: round1(wire / 1024),
    files: scripts.size,
    walletCode: [...scripts.keys()].some((f) => /\/wallet-provider-[^/]+\.js$/.test(f)),
  };
}

function goalOf(page: AppPath): number | null {
  if (page.path === "/") return IDLE_JS_GOAL.landingKB;
  return page.wallet ? null : IDLE_JS_GOAL.noWalletPageKB;
}

/** Every built page (or `routes`) of an app already running at appUrl (serving `dist`), whose chain is at rpcUrl. */
export async function idleJsOn(
  appUrl: string,
  rpcUrl: string,
  routes: readonly string[] = builtPaths.map((p) => p.path),
  dist = path.join(ROOT, "dapp/dist"),
): Promise<RouteIdleJs[]> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-dev-shm-usage"],
  });
  try {
    const out: RouteIdleJs[] = [];
    for (const route of routes) {
      const page = builtPaths.find((p) => p.path === route);
      if (!page) throw new Error(`${route} is not a built page of the page table`);
      const withoutWallet = await scriptsUntilIdle(browser, `${appUrl}${route}`, dist, null);
      const withWallet = await scriptsUntilIdle(browser, `${appUrl}${route}`, dist, { rpcUrl });
      const goalKB = goalOf(page);
      const r: RouteIdleJs = {
        route,
        walletPage: Boolean(page.wallet),
        withoutWallet,
        withWallet,
        goalKB,
        pass: goalKB === null || withoutWallet.gzipKB <= goalKB,
      };
      console.log(`  ${describeOne(r)}`);
      out.push(r);
    }
    return out;
  } finally {
    await browser.close();
  }
}

/** Its own stack (chain :24745, app :24200 unless BENCH_IDLE_CHAIN_PORT / BENCH_IDLE_APP_PORT say otherwise). */
export async function idleJsBench() {
  return withBenchStack({ chainPort: CHAIN_PORT, appPort: APP_PORT, name: "idle" }, async (stack) => {
    const routes = await idleJsOn(stack.appUrl, `http://127.0.0.1:${CHAIN_PORT}`);
    return { goal: IDLE_JS_GOAL, quietMs: QUIET_MS, routes, pass: routes.every((r) => r.pass) };
  });
}

function describeOne(r: RouteIdleJs): string {
  const f = (x: IdleJs) =>
    `${x.gzipKB.toFixed(1).padStart(6)} KB gzip (${x.wireKB.toFixed(1)} on the wire, ${x.files} files${x.walletCode ? ", wagmi" : ""})`;
  const mark = r.goalKB === null ? "wall" : r.pass ? "ok  " : "OVER";
  return `${mark} ${r.route.padEnd(38)} no wallet ${f(r.withoutWallet)}${r.goalKB ? ` of ${r.goalKB}` : ""}; wallet ${f(r.withWallet)}`;
}

export function describeIdleJs(h: Awaited<ReturnType<typeof idleJsBench>>): string {
  return [
    `JS until network idle (+${h.quietMs / 1000} s without a new script), without / with an injected wallet; goal ${h.goal.landingKB} KB on /, ${h.goal.noWalletPageKB} KB on a page without a wallet part ("wall": a wallet page)`,
    ...h.routes.map((r) => `  ${describeOne(r)}`),
  ].join("\n");
}
