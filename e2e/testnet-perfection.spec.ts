import { expect, test, type Page } from "@playwright/test";
import { keepScreenshot } from "./keep-screenshot";

const PAGE = "/testnet-perfection";

/** The readiness score as the Overview shows it ("37.5%" -> 37.5). */
async function shownScore(page: Page): Promise<number> {
  const text = (await page.getByTestId("readiness-score-value").textContent()) ?? "";
  return Number(text.replace("%", ""));
}

test.describe("Testnet Perfection", () => {
  // The stack's chain is fresh for the run: no test has passed on this chain instance yet.
  test("runs the multi-sig and treasury tests on the chain and sees the readiness score rise", async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    await page.goto(PAGE);
    await expect(page.getByTestId("back-link")).toHaveAttribute("href", "/");
    await expect(page.getByRole("tab")).toHaveText(["Overview", "Testing", "Metrics", "Franklin Report"]);
    await expect(page.getByTestId("readiness-score-value")).toHaveText(/%$/);
    await expect(page.getByTestId("flag-contractsDeployed-value")).toHaveText("Deployed");
    await expect(page.getByTestId("flag-multiSigTested-value")).toHaveText("Pending");
    await expect(page.getByTestId("flag-multiSigTested-reading")).toContainText("3 signers");
    const before = await shownScore(page);
    const apiBefore = (await (await request.get("/api/testnet/status")).json()) as { readinessScore: number };
    expect(apiBefore.readinessScore).toBe(before);

    // Multi-sig: GS020 with one signature, executed with two, then the pause / refused / unpause steps.
    await page.getByTestId("tab-testing").click();
    await expect(page.getByTestId("multisig-setup")).toHaveAttribute("data-signers", "3");
    await page.getByTestId("run-multisig").click();
    await expect(page.getByTestId("toast").filter({ hasText: "Multi-Sig Tests Complete" })).toBeVisible({
      timeout: 90_000,
    });
    const multisig = page.getByTestId("multisig-run");
    await expect(multisig).toHaveAttribute("data-passed", "true");
    await expect(multisig.getByTestId("run-step").filter({ hasText: "ONE signature" })).toContainText(
      "Refused, as expected (GS020)",
    );
    const two = multisig.getByTestId("run-step").filter({ hasText: "TWO signatures" });
    await expect(two).toContainText("Executed");
    await expect(two.getByTestId("run-step-hash")).toHaveAttribute("title", /^0x[0-9a-f]{64}$/);
    const emergency = page.getByTestId("emergency-run");
    await expect(emergency).toHaveAttribute("data-passed", "true");
    await expect(emergency.getByTestId("run-step").filter({ hasText: "refused while paused" })).toContainText(
      "Refused, as expected (EnforcedPause)",
    );

    // Treasury: deposit, mint at 150%, 149% refused, price down, liquidated, restored.
    await page.getByTestId("run-treasury").click();
    await expect(page.getByTestId("toast").filter({ hasText: "Treasury Tests Complete" })).toBeVisible({
      timeout: 120_000,
    });
    const treasury = page.getByTestId("treasury-run");
    await expect(treasury).toHaveAttribute("data-passed", "true");
    await expect(treasury.getByTestId("run-step").filter({ hasText: "exactly 150%" })).toContainText(
      "Collateral ratio150%",
    );
    await expect(treasury.getByTestId("run-step").filter({ hasText: "149%" })).toContainText(
      "Refused, as expected (CollateralRatioTooLow)",
    );
    await expect(treasury.getByTestId("run-step").filter({ hasText: "liquidates the borrower" })).toContainText(
      "Executed",
    );
    await expect(page.getByTestId("vault-after")).toContainText("ETH/USD (feed)$");
    // Who ran it and where, for every visitor: the open presenter (no OPERATOR_ADDRESSES, loopback only), on a
    // fresh in-process chain; the shared feed never moved.
    await expect(page.getByTestId("treasury-run-ran-by")).toContainText("by the local presenter");
    await expect(page.getByTestId("treasury-run-ran-by")).toContainText(
      "ran on in-process chain, fresh deploy of the suite at",
    );

    // Back on the Overview the flags say so, and the score has risen (the status is read again after each run).
    await page.getByTestId("tab-overview").click();
    await expect(page.getByTestId("flag-multiSigTested-value")).toHaveText("Tested");
    await expect(page.getByTestId("flag-emergencyFunctionsTested-value")).toHaveText("Configured");
    await expect.poll(() => shownScore(page), { timeout: 15_000 }).toBeGreaterThan(before);
    const after = await shownScore(page);
    // Run all checks (POST /api/testnet/perfect) runs both again and says the score before and after.
    await page.getByTestId("run-perfection").click();
    const toast = page.getByTestId("toast").filter({ hasText: "Testnet Perfection Complete!" });
    await expect(toast).toBeVisible({ timeout: 120_000 });
    await expect(toast).toContainText(`Readiness score: ${after}%`);
    await expect(toast).toContainText(/Franklin readiness: (YES|PENDING)/);
    await expect(page.getByTestId("perfection-result")).toContainText(`${after}% before the run, ${after}% after`);
    const passing = await page.locator('[data-testid="check"][data-passed="true"]').count();
    const all = await page.getByTestId("check").count();
    expect(after).toBeCloseTo((passing / all) * 100, 1);
    test
      .info()
      .annotations.push({ type: "readiness", description: `${before}% -> ${after}% (${passing} of ${all} checks)` });
  });

  for (const width of [1280, 390]) {
    test(`every tab fits at ${width} px (E2E_SCREENSHOTS=1 keeps screenshots in test-results/testnet-perfection)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(PAGE);
      for (const tab of ["overview", "testing", "metrics", "report"]) {
        await page.getByTestId(`tab-${tab}`).click();
        await expect(page.getByTestId(`tabpanel-${tab}`)).toBeVisible();
        // Each tab's code and readings are in: no part or query still loading.
        await expect(
          page
            .getByTestId(`tabpanel-${tab}`)
            .locator('[data-testid="part-loading"], [role="status"][aria-label^="Loading"]'),
        ).toHaveCount(0, { timeout: 20_000 });
        await page.waitForTimeout(300);
        await keepScreenshot(page, { path: `test-results/testnet-perfection/${tab}-${width}.png`, fullPage: true });
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${tab} at ${width} px scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
      }
    });
  }
});
