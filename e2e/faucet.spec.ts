import { expect, test } from "@playwright/test";
import { createPublicClient, erc20Abi, formatEther, http } from "viem";
import { deployment } from "../contracts/generated/31337";
import type { FaucetClaimResponse } from "../api/src/features/faucet/faucet.schemas";
import { installInjectedWallet } from "./injected-wallet";
import { devAddress, SPEC_ACCOUNT } from "./dev-accounts";
import { CHAIN_URL } from "./stack-urls";
import { keepScreenshot } from "./keep-screenshot";

const PAGE = "/testnet-xqb-faucet";
/** This spec's own dev account (e2e/dev-accounts.ts): its XQB balance moves only by its own claims. */
const ACCOUNT = SPEC_ACCOUNT.faucet;
const WALLET = devAddress(ACCOUNT);
const DAY_MS = 86_400_000;
const chain = createPublicClient({ transport: http(CHAIN_URL) });
const xqbOf = (who: `0x${string}`) =>
  chain.readContract({ address: deployment.XQBToken.address, abi: erc20Abi, functionName: "balanceOf", args: [who] });
/** The page's whole-unit format (features/faucet/utils/format.ts). */
const grouped = (wei: bigint) => {
  const [i = "0", f = ""] = formatEther(wei).split(".");
  const cut = f.slice(0, 4).replace(/0+$/, "");
  return `${i.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}${cut ? `.${cut}` : ""}`;
};

test.describe("Testnet XQB Faucet", () => {
  test("the injected wallet (its own dev account) signs in, claims XQB, sees the hash and its balance; a second claim is refused with the next claim time 24 h later", async ({
    page,
    context,
  }) => {
    await installInjectedWallet(page, { accountIndex: ACCOUNT });
    await page.goto(PAGE);
    const signIn = page.getByTestId("faucet-sign-in");
    const xqb = page.locator('[data-testid="faucet-asset-card"][data-asset="XQB"]');
    await expect(xqb.getByTestId("faucet-balance")).toContainText("XQB");
    await expect(xqb.getByTestId("claim-button")).toBeDisabled();

    // Connect and sign in on the page (a signature, no transaction).
    await signIn.getByTestId("connect-wallet-button").click();
    await signIn.getByTestId("sign-in-button").click();
    await expect(page.getByTestId("faucet-who")).toContainText(`Signed in as ${WALLET}`);

    // A second tab of the same browser, opened before the claim: its page still offers Claim.
    const other = await context.newPage();
    await installInjectedWallet(other, { accountIndex: ACCOUNT });
    await other.goto(PAGE);
    const otherXqb = other.locator('[data-testid="faucet-asset-card"][data-asset="XQB"]');
    await expect(otherXqb.getByTestId("claim-button")).toBeEnabled();

    const before = await xqbOf(WALLET);
    const answered = page.waitForResponse(
      (r) => r.url().endsWith("/api/faucet/claim") && r.request().method() === "POST",
    );
    await xqb.getByTestId("claim-button").click();
    const claim = (await (await answered).json()) as FaucetClaimResponse;
    expect(claim).toMatchObject({ asset: "XQB", amount: "1000", recipient: WALLET, source: "live", explorerUrl: null });
    await expect(xqb.getByTestId("claim-tx-hash")).toHaveAttribute("title", claim.transactionHash);
    await expect(page.getByTestId("toast").filter({ hasText: "1,000 XQB sent" })).toBeVisible();
    const after = await xqbOf(WALLET);
    expect(after - before).toBe(10n ** 21n);
    await expect(xqb.getByTestId("wallet-balance")).toHaveText(`${grouped(after)} XQB`);
    await expect(xqb.getByTestId("claim-button")).toBeDisabled();
    const next = Date.parse((await xqb.getByTestId("next-claim").getAttribute("data-next-claim-at"))!);
    expect(Math.abs(next - (Date.now() + DAY_MS))).toBeLessThan(60_000);

    // The other tab claims again: 429, nothing sent, the next claim time ~24 h later on its card.
    const refused = other.waitForResponse(
      (r) => r.url().endsWith("/api/faucet/claim") && r.request().method() === "POST",
    );
    await otherXqb.getByTestId("claim-button").click();
    const res = await refused;
    expect(res.status()).toBe(429);
    expect(Number(res.headers()["retry-after"])).toBeGreaterThan(86_000);
    await expect(other.getByTestId("toast").filter({ hasText: "XQB already claimed" })).toBeVisible();
    const refusedUntil = Date.parse((await otherXqb.getByTestId("next-claim").getAttribute("data-next-claim-at"))!);
    expect(refusedUntil).toBe(Date.parse(claim.nextClaimAt));
    await expect(otherXqb.getByTestId("next-claim-countdown")).toHaveText(/^2[34] h \d+ min \d+ s$/);
    expect(await xqbOf(WALLET)).toBe(after);
  });

  test("at 390 px: nothing overflows sideways, and the cards are reachable with the keyboard", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await installInjectedWallet(page, { accountIndex: ACCOUNT });
    await page.goto(PAGE);
    await expect(page.getByTestId("faucet-asset-card")).toHaveCount(3);
    await expect(page.getByTestId("ledger-fund-card")).toHaveCount(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await keepScreenshot(page, { path: "test-results/e2e/faucet-390.png", fullPage: true });
    // Tab reaches the Stellar key field (the cards' controls are ordinary buttons and inputs).
    for (
      let i = 0;
      i < 40 && !(await page.getByTestId("stellar-account-input").evaluate((el) => el === document.activeElement));
      i++
    )
      await page.keyboard.press("Tab");
    await expect(page.getByTestId("stellar-account-input")).toBeFocused();
  });
});
