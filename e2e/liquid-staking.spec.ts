import { expect, test, type Page } from "@playwright/test";
import { installInjectedWallet } from "./injected-wallet";
import { devAddress, shortAddress, SPEC_ACCOUNT } from "./dev-accounts";
import { keepScreenshot } from "./keep-screenshot";
import { chooseOption } from "./choose-option";

const PAGE = "/liquid-staking-leverage";
/** The injected wallet: this spec's own dev account (e2e/dev-accounts.ts), whose positions no other spec touches. */
const ACCOUNT = SPEC_ACCOUNT.liquidStaking;
const WALLET = devAddress(ACCOUNT);

async function connect(page: Page) {
  await installInjectedWallet(page, { accountIndex: ACCOUNT });
  await page.goto(PAGE);
  await page.getByTestId("ls-wallet-header").getByTestId("connect-wallet-button").click();
  const option = page.getByTestId("wallet-option").first();
  if (await option.isVisible().catch(() => false)) await option.click();
  await expect(page.getByTestId("ls-wallet-address")).toHaveText(new RegExp(`^${shortAddress(WALLET)}$`, "i"));
}

test.describe("Liquid Staking Leverage", () => {
  test("opens a 3x qETH position from the wallet (setDelegate then openPosition), shows the router's liquidation price, closes it", async ({
    page,
    request,
  }) => {
    await connect(page);
    await expect(page.getByTestId("ls-wallet-balance")).toHaveText(/^\d+\.\d{4} ETH$/);

    // Strategies -> Use This Strategy -> Create Leverage with qETH selected.
    await page.getByTestId("tab-strategies").click();
    await page
      .locator('[data-testid="strategy-card"][data-strategy="qeth-leverage"]')
      .getByTestId("use-strategy")
      .click();
    await expect(page.getByTestId("tab-create")).toHaveAttribute("aria-selected", "true");
    await page.getByTestId("ls-amount-input").fill("1");
    await chooseOption(page.getByTestId("ratio-select-button"), page.getByTestId("ratio-option-3"), "3x Aggressive");

    // The router's own preview, read straight from the API: the page must show the same liquidation price.
    const api = await request.get(
      `/api/liquid-staking/preview?strategy=qeth-leverage&ethAmount=1&leverageRatio=3&walletAddress=${WALLET}`,
    );
    expect(api.ok()).toBe(true);
    const { preview, wallet } = (await api.json()) as {
      preview: { liquidationPriceUsd: number; possible: boolean };
      wallet: { routerIsDelegate: boolean };
    };
    expect(preview.possible).toBe(true);
    const usd = `$${preview.liquidationPriceUsd.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    const onTab = page.getByTestId("leverage-preview").getByTestId("preview-liquidation-price");
    await expect(onTab).toContainText(usd);

    await page.getByTestId("create-button").click();
    const dialog = page.getByTestId("tx-flow-dialog");
    await expect(dialog).toHaveAttribute("data-phase", "preview", { timeout: 15_000 });
    await expect(dialog.getByTestId("preview-liquidation-price")).toContainText(usd);
    // A fresh wallet has not made the router its delegate: the flow shows both steps.
    expect(wallet.routerIsDelegate).toBe(false);
    await expect(dialog.getByTestId("tx-step")).toHaveCount(2);
    await expect(dialog.getByTestId("tx-step").first()).toContainText("setDelegate");
    await expect(dialog.getByTestId("tx-step").nth(1)).toContainText("openPosition");
    await dialog.getByTestId("tx-confirm").click();
    await expect(dialog).toHaveAttribute("data-phase", "confirmed", { timeout: 45_000 });
    const toast = page.getByTestId("toast").filter({ hasText: "Leverage Position Created!" });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText("3x leverage on 1 ETH with");
    await dialog.getByTestId("tx-close").click();

    // My Positions: the wallet's active 3x qETH position, its liquidation price the router's preview.
    await expect(page.getByTestId("tab-positions")).toHaveAttribute("aria-selected", "true");
    await expect(page.getByTestId("positions-owner")).toHaveAttribute("data-owner", "wallet");
    const card = page.locator('[data-testid="position-card"][data-token="qETH"][data-status="active"]');
    await expect(card).toHaveCount(1, { timeout: 20_000 });
    await expect(card).toContainText("3x qETH");
    await expect(card.getByTestId("position-liquidation-price")).toContainText(usd);

    // Close it through the transaction flow (the buffer unwinder buys the shares back).
    await card.getByTestId("close-position").click();
    await expect(dialog).toHaveAttribute("data-phase", "preview");
    await expect(dialog.getByTestId("preview-eth-back")).toContainText("ETH");
    await dialog.getByTestId("tx-confirm").click();
    await expect(dialog).toHaveAttribute("data-phase", "confirmed", { timeout: 45_000 });
    await dialog.getByTestId("tx-close").click();
    // Fresh without a reload or a poll (those come every 15 s): the flow waits for the API's index to hold the close's
    // block, and the chain-change stream refreshes the positions.
    const closed = page.locator('[data-testid="position-card"][data-token="qETH"][data-status="closed"]');
    await expect(closed).toHaveCount(1, { timeout: 5_000 });
    await expect(page.locator('[data-testid="position-card"][data-status="active"]')).toHaveCount(0);
    await expect(closed.getByTestId("position-close-tx")).toContainText(/0x[0-9a-f]{4}/i);
    await expect(closed.getByTestId("close-position")).toHaveCount(0);
    await expect(closed.getByTestId("position-close-error")).toHaveCount(0);
  });

  for (const width of [1280, 390]) {
    test(`every tab fits at ${width} px (E2E_SCREENSHOTS=1 keeps screenshots in test-results/liquid-staking)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await connect(page);
      for (const tab of ["overview", "tokens", "strategies", "create", "positions"]) {
        await page.getByTestId(`tab-${tab}`).click();
        await expect(page.getByTestId(`tabpanel-${tab}`)).toBeVisible();
        if (tab === "create") {
          await chooseOption(
            page.getByTestId("strategy-select-button"),
            page.getByTestId("strategy-option-qeth-leverage"),
            "qETH Leveraged Staking",
          );
          await page.getByTestId("ls-amount-input").fill("1");
          await expect(page.getByTestId("leverage-preview").getByTestId("preview-liquidation-price")).toContainText(
            "$",
          );
          await page.getByTestId("simulate-button").click();
          await expect(page.getByTestId("simulation-results")).toBeVisible({ timeout: 20_000 });
        }
        // Each tab's code and readings are in: no part or query still loading.
        await expect(
          page
            .getByTestId(`tabpanel-${tab}`)
            .locator('[data-testid="part-loading"], [role="status"][aria-label^="Loading"]'),
        ).toHaveCount(0, { timeout: 20_000 });
        await page.waitForTimeout(300);
        await keepScreenshot(page, { path: `test-results/liquid-staking/${tab}-${width}.png`, fullPage: true });
        // Nothing wider than the viewport: the page never scrolls sideways.
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${tab} at ${width} px scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
      }
    });
  }
});
