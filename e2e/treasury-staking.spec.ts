import { expect, test, type Page } from "@playwright/test";
import { bondPrice } from "../api/src/features/treasury-staking/bond-math";
import type {
  TreasuryPosition,
  TreasuryPositionsResponse,
  TreasuryReplayResponse,
  TreasuryStakeResponse,
} from "../api/src/features/treasury-staking/treasury-staking.schemas";
import { installInjectedWallet } from "./injected-wallet";
import { keepScreenshot } from "./keep-screenshot";

/** Hardhat dev account #6: the injected wallet that signs in and trades its own book here. */
const TRADER = "0x976EA74026E726554dB657fA54763abd0C3a0aa9";

const PAGE = "/treasury-staking";
const API = "/api/treasury-staking";

/** The page's dollar format (features/treasury-staking/utils/format.ts: signedUsdText). */
const signedUsd = (n: number) =>
  `${n > 0 ? "+" : n < 0 ? "−" : ""}${Math.abs(n).toLocaleString("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function curveDay(page: Page) {
  return (await page.getByTestId("curve-day").getAttribute("data-as-of")) ?? "";
}

test.describe("Treasury Staking", () => {
  test("a visitor sees the demo user's read-only showcase and 'Sign in with your wallet to trade'", async ({
    page,
    request,
  }) => {
    await page.goto(PAGE);
    const card = page.locator('[data-testid="opportunity-card"][data-opportunity="steepener_2s10s"]');
    await card.getByTestId("select-opportunity").click();
    const form = page.getByTestId("stake-form");
    await expect(form.getByTestId("access-note")).toHaveText("Sign in with your wallet to trade");
    await expect(form.getByTestId("create-position-button")).toBeDisabled();
    // Without a session the API refuses, and the showcase cannot be closed by anyone.
    expect(
      (await request.post(`${API}/stake`, { data: { opportunityId: "steepener_2s10s", amount: 100000 } })).status(),
    ).toBe(401);
    const showcase = (await (await request.get(`${API}/positions/demo-user`)).json()) as TreasuryPositionsResponse;
    expect(showcase.positions.length).toBeGreaterThanOrEqual(2);
    expect((await request.post(`${API}/positions/${showcase.positions[0]!.id}/close`, { data: {} })).status()).toBe(
      401,
    );
    await page.getByTestId("tab-positions").click();
    await expect(page.getByTestId("positions-owner")).toContainText("showcase book, read-only");
    await expect(page.locator('[data-testid="position-card"]').first()).toBeVisible();
    await expect(page.getByTestId("close-position")).toHaveCount(0);
  });

  test("signed in, opens a 2s10s steepener in its own book, advances the replay a week, and shows the P&L the API's bond math gives", async ({
    page,
    request,
  }) => {
    await installInjectedWallet(page, { accountIndex: 6 });
    await page.goto(PAGE);
    await page.getByTestId("connect-wallet-button").click();
    await page.getByTestId("sign-in-button").click();
    await expect(page.getByTestId("sign-in-button")).toHaveCount(0);
    const replayBefore = (await (await request.get(`${API}/replay`)).json()) as TreasuryReplayResponse;
    expect(replayBefore.canAdvance).toBe(true); // the stack is the local chain
    await expect(page.getByTestId("curve-day")).toHaveAttribute("data-as-of", replayBefore.asOf);

    // Select the steepener, stake its minimum, read the position the API opened.
    const card = page.locator('[data-testid="opportunity-card"][data-opportunity="steepener_2s10s"]');
    await card.getByTestId("select-opportunity").click();
    await expect(card).toHaveAttribute("data-selected", "true");
    const minimum = Number((await card.getByTestId("opportunity-capital").innerText()).replace(/[$,]/g, ""));
    expect(minimum).toBeGreaterThan(0);
    const form = page.getByTestId("stake-form");
    await expect(form.getByTestId("risk-disclosure")).toContainText("paper position on official data");
    await form.getByTestId("stake-amount-input").fill(String(minimum * 2));
    const staked = page.waitForResponse((r) => r.url().endsWith(`${API}/stake`) && r.request().method() === "POST");
    await form.getByTestId("create-position-button").click();
    const stake = (await (await staked).json()) as TreasuryStakeResponse;
    expect(stake.position.strategy).toBe("steepener_2s10s");
    expect(stake.userId).toBe(TRADER);
    expect(stake.position.amount).toBe(minimum * 2);
    await expect(page.getByTestId("toast").filter({ hasText: "Staking Position Created" })).toBeVisible();
    await expect(page.getByTestId("stake-form")).toHaveCount(0);
    await expect(card).toHaveAttribute("data-selected", "false");

    // My Positions: open at today's curve, nothing gained yet.
    await page.getByTestId("tab-positions").click();
    await expect(page.getByTestId("positions-owner")).toHaveAttribute("data-owner", "wallet");
    const position = page.locator(`[data-testid="position-card"][data-position="${stake.position.id}"]`);
    await expect(position).toHaveAttribute("data-status", "ACTIVE");
    await expect(position.getByTestId("position-days")).toHaveText("0");
    await expect(position.getByTestId("position-pnl")).toContainText("$0.00");
    await expect(position).toContainText(/paper position on official data/i);

    // A week of the official history (5 curve days); every figure on the page is read again.
    await expect(page.getByTestId("replay-advance-week")).toBeEnabled();
    await page.getByTestId("replay-advance-week").click();
    await expect(page.getByTestId("replay-done")).toBeVisible();
    await expect.poll(() => curveDay(page)).not.toBe(replayBefore.asOf);
    const asOf = await curveDay(page);
    await expect(position.getByTestId("position-days")).toHaveText("5");

    // The API's marks for that day, and the bond math done again here on its legs.
    const marked = (await (await request.get(`${API}/positions/${TRADER}`)).json()) as TreasuryPositionsResponse;
    expect(marked.asOf).toBe(asOf);
    const p = marked.positions.find((x) => x.id === stake.position.id) as TreasuryPosition;
    const pricePnl = p.legs.reduce(
      (sum, l) =>
        sum +
        ((l.side === "long" ? 1 : -1) *
          l.notional *
          (bondPrice(l.entryYield, l.currentYield, l.remainingYears) - l.entryPrice)) /
          100,
      0,
    );
    expect(pricePnl).toBeCloseTo(p.pnlBreakdown.price, 1);
    expect(p.unrealizedPnL).toBeCloseTo(p.pnlBreakdown.price + p.pnlBreakdown.carry, 1);
    expect(p.unrealizedPnL).not.toBe(0); // a week of curve moves and carry
    await expect(position.getByTestId("position-pnl")).toContainText(signedUsd(p.unrealizedPnL));
    await expect(position.getByTestId("position-value")).toContainText(signedUsd(p.currentValue).replace(/^\+/, ""));
    console.log(
      `2s10s steepener, $${p.amount.toLocaleString("en-US")} opened ${p.openedOn}, marked ${asOf} (${p.daysHeld} curve days): ` +
        `P&L ${signedUsd(p.unrealizedPnL)} = price ${signedUsd(p.pnlBreakdown.price)} (recomputed ${signedUsd(pricePnl)}) + carry ${signedUsd(p.pnlBreakdown.carry)}; spread ${p.entrySpreadBps} -> ${p.currentSpreadBps} bps`,
    );

    // Close it: the P&L is locked.
    await position.getByTestId("close-position").click();
    await expect(position).toHaveAttribute("data-status", "CLOSED");
  });

  for (const width of [1280, 390]) {
    test(`every tab fits at ${width} px (E2E_SCREENSHOTS=1 keeps screenshots in test-results/treasury-staking)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(PAGE);
      for (const tab of ["opportunities", "bonds", "positions", "analytics"]) {
        await page.getByTestId(`tab-${tab}`).click();
        await expect(page.getByTestId(`tabpanel-${tab}`)).toBeVisible();
        if (tab === "opportunities") {
          await page
            .locator('[data-testid="opportunity-card"][data-opportunity="steepener_2s10s"]')
            .getByTestId("select-opportunity")
            .click();
          await expect(page.getByTestId("stake-form")).toBeVisible();
        }
        if (tab === "bonds")
          await expect(page.getByTestId("curve-chart").locator("svg").first()).toBeVisible({ timeout: 20_000 });
        await expect(
          page
            .getByTestId(`tabpanel-${tab}`)
            .locator('[data-testid="part-loading"], [role="status"][aria-label^="Loading"]'),
        ).toHaveCount(0, { timeout: 20_000 });
        await page.waitForTimeout(300);
        await keepScreenshot(page, { path: `test-results/treasury-staking/${tab}-${width}.png`, fullPage: true });
        // The first screen as a phone shows it (a full page at 390 px is too tall to read as one image).
        if (width === 390)
          await keepScreenshot(page, { path: `test-results/treasury-staking/${tab}-${width}-first-screen.png` });
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${tab} at ${width} px scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
      }
    });
  }
});
