// The Cryptocurrency Integration page against the stack (Stellar and XRPL unreachable here): every coin at its
// real level, and a signed-offline BTC test transaction checked back through Verify, as a signed-in wallet does it.
import { expect, test } from "@playwright/test";
import { installInjectedWallet } from "./injected-wallet";
import { keepScreenshot } from "./keep-screenshot";
import { connectAndSignIn } from "./sign-in";

const PAGE = "/complete-cryptocurrency-dashboard";
const SHOTS = "test-results/cryptocurrency";

test.describe("Cryptocurrency Integration", () => {
  test("lists the 22 coins by the spec's groups, each with its level and the reason", async ({ page }) => {
    await page.goto(PAGE);
    await expect(page.getByRole("heading", { level: 1, name: "Cryptocurrency Integration" })).toBeVisible();
    const cards = page.getByTestId("coin-card");
    await expect(cards).toHaveCount(22, { timeout: 30_000 });
    for (const group of ["Layer 1 Blockchains", "Layer 2 Solutions", "Stablecoins", "Platform Tokens"])
      await expect(page.getByRole("heading", { name: group })).toBeVisible();
    const card = (symbol: string) => cards.filter({ has: page.getByText(symbol, { exact: true }) }).first();
    await expect(card("USDT")).toContainText("Display only");
    await expect(card("USDT")).toContainText("Tether publishes no official testnet USDT");
    await expect(card("BTC")).toContainText("Signed offline");
    await expect(card("BTC")).toContainText("Bitcoin testnet4");
    await expect(card("ETH")).toContainText("Live");
    // The overview is computed: 21 of 22 work now (USDT never runs).
    await expect(page.getByTestId("overview-operational")).toContainText("21 of 22");
    await keepScreenshot(page, { path: `${SHOTS}/all-1280.png`, fullPage: true });
  });

  test("a signed-in wallet tests BTC: signed offline, never broadcast, and Verify decodes the same id", async ({
    page,
  }) => {
    await installInjectedWallet(page);
    await page.goto(`${PAGE}?tab=testing`);
    await connectAndSignIn(page);
    await page.getByTestId("coin-select").selectOption("BTC");
    await page.getByTestId("test-amount-input").fill("0.5");
    await page.getByTestId("memo-input").fill("e2e check");
    await page.getByTestId("test-button").click();
    const result = page.getByTestId("test-result");
    await expect(result).toBeVisible({ timeout: 30_000 });
    await expect(result).toContainText("Simulated");
    await expect(result.getByTestId("result-memo")).toContainText("e2e check");
    await expect(result.getByRole("link", { name: /explorer/i })).toHaveCount(0);
    await result.getByTestId("verify-button").click();
    await expect(page.getByTestId("verify-signature")).toContainText("verifies", { timeout: 30_000 });
    await expect(page.getByTestId("verify-id-match")).toContainText("Same id");
    await keepScreenshot(page, { path: `${SHOTS}/btc-verified.png`, fullPage: true });
  });
});
