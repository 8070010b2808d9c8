import { expect, test } from "@playwright/test";
import { keepScreenshot } from "./keep-screenshot";

const PAGE = "/professional-blockchain-development";

type Report = {
  overallReadiness: number;
  mainnetRecommendation: string;
  assessments: Record<string, { timestamp: string | null; score: number }>;
  history: unknown[];
};

test.describe("Professional Blockchain Development", () => {
  // The stack's database is fresh for the run: nothing has run yet, so readiness starts from what was stored.
  test("runs the compliance audit and the load test from the page, shows the real figures, and fits 390 px", async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await page.goto(PAGE);
    await expect(page.getByTestId("back-link")).toHaveAttribute("href", "/");
    await expect(page.getByRole("tab")).toHaveText([
      "Security Audit",
      "Load Testing",
      "Compliance Audit",
      "Penetration Testing",
      "Disaster Recovery",
      "Detailed Results",
    ]);
    await expect(page.getByRole("button", { name: "Run Complete Assessment" })).toBeEnabled();
    const before = (await (await request.get("/api/professional/readiness-report")).json()) as Report;
    await expect(page.getByTestId("overall-readiness")).toHaveText(`${before.overallReadiness}%`);
    await expect(page.getByTestId("mainnet-recommendation")).toHaveText(before.mainnetRecommendation);

    // Compliance audit: the rules read from the chain, each with its source and what was measured.
    await page.getByTestId("tab-compliance-audit").click();
    await page.getByTestId("run-compliance-audit").click();
    await expect(page.getByTestId("toast").filter({ hasText: "Compliance Audit Complete" })).toBeVisible({
      timeout: 30_000,
    });
    const compliance = page.getByTestId("result-compliance-audit");
    const rules = compliance.getByTestId("compliance-rule");
    expect(await rules.count()).toBeGreaterThan(3);
    for (const r of await rules.all()) {
      await expect(r.getByTestId("rule-source")).not.toBeEmpty();
      await expect(r.getByTestId("rule-measured")).not.toBeEmpty();
    }
    // XQBUSD is backed by ETH and USDC: the GENIUS Act's permitted-assets rule is not met, and says so
    const genius = compliance.getByTestId("compliance-verdict").filter({ hasText: "GENIUS" });
    await expect(genius.getByTestId("verdict-not-met")).toBeVisible();
    await expect(compliance.getByTestId("reserves-reading")).toContainText("Live");

    // Load test: autocannon inside the API against its own reads, bounded; the thresholds and the figures.
    await page.getByTestId("tab-load-testing").click();
    await page.getByTestId("run-load-testing").click();
    await expect(page.getByTestId("run-load-testing")).toHaveText(/Running… \d+ s/);
    await expect(page.getByTestId("toast").filter({ hasText: "Load Testing Complete" })).toBeVisible({
      timeout: 30_000,
    });
    const load = page.getByTestId("result-load-testing");
    const rps = Number((await load.getByTestId("load-requests-s").textContent())?.replace(/,/g, ""));
    expect(rps).toBeGreaterThan(0);
    await expect(load.getByTestId("load-p95")).toHaveText(/^\d[\d,.]* ms$/);
    await expect(load.getByTestId("threshold")).toHaveCount(2);
    expect(await load.getByTestId("load-endpoints").getByRole("listitem").count()).toBeGreaterThan(0);
    await expect(page.getByTestId("load-history-chart")).toHaveAttribute("data-runs", /^[1-9]\d*$/);

    // The report was read again: both assessments now have a time and a score, and the page shows the API's figure.
    const after = (await (await request.get("/api/professional/readiness-report")).json()) as Report;
    expect(after.assessments["compliance-audit"]!.timestamp).not.toBeNull();
    expect(after.assessments["load-testing"]!.timestamp).not.toBeNull();
    await expect(page.getByTestId("overall-readiness")).toHaveText(`${after.overallReadiness}%`);
    await expect(page.getByTestId("summary-load-testing-when")).not.toHaveText("never run");

    // At 390 px, with the results just received on the page, nothing is wider than the window.
    await page.setViewportSize({ width: 390, height: 900 });
    for (const tab of [
      "security-audit",
      "load-testing",
      "compliance-audit",
      "penetration-testing",
      "disaster-recovery",
      "results",
    ]) {
      await page.getByTestId(`tab-${tab}`).click();
      await expect(page.getByTestId(`tabpanel-${tab}`)).toBeVisible();
      await expect(page.getByTestId(`tabpanel-${tab}`).locator('[data-testid="part-loading"]')).toHaveCount(0, {
        timeout: 20_000,
      });
      await keepScreenshot(page, { path: `test-results/professional/${tab}-390.png`, fullPage: true });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${tab} at 390 px scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
    }
    test.info().annotations.push({
      type: "readiness",
      description: `${before.overallReadiness}% -> ${after.overallReadiness}% (${after.mainnetRecommendation}); load test ${rps} req/s`,
    });
  });
});
