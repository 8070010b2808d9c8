import { expect, test, type Page } from "@playwright/test";
import { installInjectedWallet } from "./injected-wallet";
import { keepScreenshot } from "./keep-screenshot";

// The bridge in the browser: XRPL runs LIVE against the fake rippled mini ledger of the global setup
// (slice xrpl), Stellar stays unreachable (simulated). The injected wallet is dev account #1.

const DEMO = "/testnet-cross-chain-demo";
const REAL = "/real-cross-chain-testing";

/** XQB for the injected wallet, through the app: the minting page's wallet mint (0.01 ETH -> 30 XQB). */
async function mintXqb(page: Page) {
  await page.goto("/multi-blockchain-minting");
  await page.getByTestId("connect-wallet-button").click();
  await expect(page.getByTestId("wallet-address")).toHaveText(/^0x7099…79C8$/i);
  await page.getByTestId("eth-amount-input").fill("0.01");
  await page.getByTestId("mint-eth-button").click();
  const dialog = page.getByRole("dialog");
  await dialog.getByTestId("tx-confirm").click();
  await expect(dialog).toHaveAttribute("data-phase", "confirmed", { timeout: 30_000 });
  await dialog.getByTestId("tx-close").click();
}

/**
 * A destination on the XRPL that can receive XQB, made on /xrp-account-testing in this browser session:
 * generated in the page (the seed stays in the tab's memory), funded by the faucet, given the XQB trust line.
 */
async function xrplDestination(page: Page): Promise<string> {
  await page.goto("/xrp-account-testing");
  await page.getByTestId("xrpl-generate-button").click();
  const address = (await page.getByTestId("xrpl-address").textContent())!.trim();
  await page.getByTestId("xrpl-fund-button").click();
  await expect(page.getByTestId("xrpl-balance-reading")).toContainText("XRP", { timeout: 30_000 });
  await page.getByTestId("xrpl-trustline-button").click();
  await expect(page.getByTestId("xrpl-trustline").filter({ hasText: "XQB" })).toBeVisible({ timeout: 30_000 });
  return address;
}

/** A client-side navigation: the XRPL wallet lives in the tab's memory (a reload would forget it). */
async function navigate(page: Page, path: string) {
  await page.evaluate((p) => {
    window.history.pushState({}, "", p);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);
}

test.describe("Cross-chain bridge", () => {
  test("a transfer to XRPL is delivered with both hashes, and the escrow's locked total equals the delivered supply", async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    await installInjectedWallet(page);
    await mintXqb(page);
    const destination = await xrplDestination(page);

    await navigate(page, DEMO);
    const form = page.getByTestId("send-form");
    await expect(form).toBeVisible();
    await page.getByTestId("ledger-xrpl").check();
    // Prefilled with the wallet made on /xrp-account-testing in this tab.
    await expect(page.getByTestId("destination-input")).toHaveValue(destination);
    // The page read the destination from the ledger: it holds the XQB trust line.
    await expect(page.getByTestId("trust-line-ok")).toBeVisible({ timeout: 20_000 });
    await page.getByTestId("amount-input").fill("2.5");
    await page.getByTestId("memo-input").fill("e2e invoice 7");
    await page.getByTestId("bridge-submit").click();

    const dialog = page.getByRole("dialog");
    await expect(dialog.getByTestId("preview-destination")).toHaveText(destination);
    await dialog.getByTestId("tx-confirm").click();
    await expect(dialog).toHaveAttribute("data-phase", "confirmed", { timeout: 30_000 });
    await dialog.getByTestId("tx-close").click();

    // Followed from the API until delivered: the lock's hash on the local chain, the delivery's on the XRPL.
    await expect(page).toHaveURL(/[?&]transfer=\d+/);
    const stepper = page.getByTestId("transfer-stepper");
    await expect(stepper).toHaveAttribute("data-state", "delivered", { timeout: 90_000 });
    const lockHash = await page.getByTestId("step-locked-hash").getAttribute("title");
    expect(lockHash).toMatch(/^0x[0-9a-f]{64}$/);
    await expect(page.getByTestId("step-locked-no-link")).toHaveText("Local chain: no public explorer");
    const delivered = page.getByTestId("step-delivered");
    const deliveryHash = await delivered.getByTestId("step-delivered-hash").getAttribute("title");
    expect(deliveryHash).toMatch(/^[0-9A-F]{64}$/);
    await expect(delivered.getByTestId("source-badge")).toHaveAttribute("data-source", "live");
    await expect(page.getByTestId("toast").filter({ hasText: "Delivered" })).toBeVisible({ timeout: 20_000 });

    // The XQB is on the destination's trust line, and the API's record carries both hashes.
    const lockId = new URL(page.url()).searchParams.get("transfer")!;
    const record = await (await request.get(`/api/bridge/transfers/${lockId}`)).json();
    expect(record).toMatchObject({
      state: "delivered",
      evm: { lockTxHash: lockHash },
      destination: {
        ledger: "xrpl",
        address: destination,
        deliveryTxHash: deliveryHash,
        source: "live",
        memo: "e2e invoice 7",
      },
    });
    const account = await (await request.get(`/api/xrpl/accounts/${destination}`)).json();
    expect(account.account.trustLines.find((l: { currency: string }) => l.currency === "XQB").balance).toBe("2.5");
    console.log(`bridge e2e: lock #${lockId} ${lockHash} -> XRPL ${deliveryHash}`);

    // The wallet's list has it.
    await page.getByRole("tab", { name: "Your transfers" }).click();
    await expect(page.getByTestId("my-transfers-table").locator(`[data-id="${lockId}"]`)).toHaveAttribute(
      "data-state",
      "delivered",
    );

    // The books: the escrow's locked total equals the XQB delivered on the XRPL (nothing in flight, nothing on Stellar).
    await page.goto(REAL);
    const locked = page.getByTestId("books-locked-reading");
    await expect(locked).toContainText("XQB");
    const summary = await (await request.get("/api/bridge/summary")).json();
    const xrpl = summary.supplies.find((s: { ledger: string }) => s.ledger === "xrpl");
    expect(xrpl.source).toBe("live");
    expect(summary.outboundInFlight.baseUnits).toBe("0");
    expect(summary.escrow.totalLocked.baseUnits).toBe(xrpl.supply.baseUnits);
    await expect(locked).toHaveText(new RegExp(`^${summary.escrow.totalLocked.xqb} XQB`));
    await expect(page.getByTestId("books-xrpl-reading")).toHaveText(new RegExp(`^${xrpl.supply.xqb} XQB`));
    // On the page: the difference over what was read is 0 (green only when every supply is read live: Stellar is
    // unreachable here, so the page says which figure it could not count instead of claiming a match).
    await expect(page.getByTestId("books-difference")).toHaveText("0");
    if (summary.matches !== null)
      await expect(page.getByTestId("books-match")).toHaveAttribute("data-equal", String(summary.matches));
    else await expect(page.getByTestId("books-missing")).toContainText("the Stellar supply");
    await keepScreenshot(page, { path: "test-results/bridge/real-cross-chain-testing-1280.png", fullPage: true });
  });

  test("both pages work at 390 px: nothing wider than the screen, the form reachable by keyboard", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of [DEMO, `${DEMO}?tab=back`, REAL]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
      await keepScreenshot(page, { path: `test-results/bridge/${path.replace(/\W+/g, "_")}-390.png`, fullPage: true });
    }
    await page.goto(REAL);
    const count = page.getByTestId("batch-count");
    await count.focus();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("checkbox", { name: "Stellar" })).toBeFocused();
  });
});
