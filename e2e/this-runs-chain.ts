import type { Page } from "@playwright/test";
import { CHAIN_URL } from "./stack-urls";

/** The chain URL the app's wagmi config reads (until the chain URL comes from the API). */
export const DEFAULT_CHAIN = "http://127.0.0.1:8545";

/**
 * The app's wagmi config reads the local chain at http://127.0.0.1:8545; when this run's stack has its
 * own CHAIN_PORT, send those reads (receipts, balances, gas estimates) to it instead. (The same as
 * minting.spec.ts's helper; the app's CSP then needs `test.use({ bypassCSP: CHAIN_URL !== DEFAULT_CHAIN })`.)
 */
export async function useThisRunsChain(page: Page) {
  if (CHAIN_URL === DEFAULT_CHAIN) return;
  await page.route(`${DEFAULT_CHAIN}/**`, async (route) => {
    if (route.request().method() === "OPTIONS") {
      const origin = route.request().headers()["origin"] ?? "*";
      return route.fulfill({ status: 204, headers: { "access-control-allow-origin": origin, "access-control-allow-methods": "POST", "access-control-allow-headers": "content-type" } });
    }
    const { host: _host, ...headers } = route.request().headers();
    const response = await route.fetch({ url: CHAIN_URL + new URL(route.request().url()).pathname, headers });
    return route.fulfill({ response });
  });
}
