import { expect, test } from "@playwright/test";
import { keepScreenshot } from "./keep-screenshot";

const PAGE = "/government-security-dashboard";

type Latest = {
  report: {
    summary: { overallScore: number; totalTests: number; failedTests: number; securityGrade: string };
    detailedResults: { status: string }[];
    ranAt: string;
  } | null;
};

test.describe("Government Security Testing Dashboard", () => {
  // The stack's API is probed for real: each run sends its requests over HTTP to this API and answers with them.
  test("runs the CSRF test and the comprehensive suite against this API and shows what they found", async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await page.goto(PAGE);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Government Security Testing Dashboard");
    await expect(page.getByTestId("about-scoring-rule")).toContainText("overallScore = 100");

    // One individual test: the CSRF probes, in their own area with their category.
    await page.getByTestId("run-csrf").click();
    await expect(page.getByTestId("run-comprehensive")).toBeDisabled();
    await expect(page.getByTestId("run-progress")).toContainText("Running the CSRF Test");
    await expect(page.getByTestId("toast").filter({ hasText: "CSRF Test Complete" })).toBeVisible({ timeout: 40_000 });
    const csrf = page.getByTestId("individual-csrf");
    await expect(csrf).toHaveAttribute("data-category", "CSRF");
    const csrfCards = csrf.getByTestId("result");
    // The five CSRF probes and the passive rule of that category (every cookie SameSite).
    await expect(csrfCards).toHaveCount(6);
    for (const status of await csrfCards.evaluateAll((els) => els.map((e) => e.getAttribute("data-status"))))
      expect(["PASS", "FAIL", "WARNING"]).toContain(status);
    // every request sent is there with what came back
    await csrfCards.first().getByTestId("evidence-toggle").click();
    await expect(csrfCards.first().getByTestId("evidence-item").first().getByTestId("evidence-response")).toContainText(
      /HTTP \d{3}|No answer/,
    );

    // The comprehensive run: stored, shown in the four tabs, the same figures as the API's latest report.
    await expect(page.getByTestId("run-comprehensive")).toBeEnabled();
    await page.getByTestId("run-comprehensive").click();
    await expect(page.getByTestId("run-progress")).toContainText("Running the Comprehensive Test");
    await expect(page.getByTestId("run-elapsed")).toHaveText(/^\d+ s$/);
    await expect(page.getByTestId("toast").filter({ hasText: "Comprehensive Test Complete" })).toBeVisible({
      timeout: 45_000,
    });
    await expect(page.getByRole("tab")).toHaveText(["Summary", "Results", "Compliance Status", "Recommendations"]);
    const latest = (await (await request.get("/api/security/latest")).json()) as Latest;
    expect(latest.report).not.toBeNull();
    const s = latest.report!.summary;
    await expect(page.getByTestId("overall-score-value")).toHaveText(`${s.overallScore} / 100`);
    await expect(page.getByTestId("security-grade")).toHaveText(`Grade ${s.securityGrade}`);
    await expect(page.getByTestId("total-tests")).toHaveText(String(s.totalTests));
    await expect(page.getByTestId("failed-tests")).toHaveText(String(s.failedTests));
    await expect(page.getByTestId("last-run")).toContainText("requests");
    await expect(page.getByTestId("last-run")).toContainText("by the local presenter");
    await expect(page.getByTestId("coverage-line")).toContainText("operations reached");
    await page.getByTestId("tab-results").click();
    await expect(page.getByTestId("results-tab").getByTestId("result")).toHaveCount(s.totalTests);
    await page.getByTestId("tab-compliance").click();
    await expect(page.getByTestId("compliance-overall")).toContainText("mapped checks pass");
    await expect(page.getByTestId("no-certification")).toContainText("Certifications held or claimed");
    test.info().annotations.push({
      type: "report",
      description: `score ${s.overallScore} (${s.securityGrade}), ${s.failedTests} failed of ${s.totalTests}`,
    });

    // Reloaded, the page shows the stored run.
    await page.goto(PAGE);
    await expect(page.getByTestId("overall-score-value")).toHaveText(`${s.overallScore} / 100`);
  });

  for (const width of [1280, 600, 390]) {
    test(`fits at ${width} px: nothing wider than the window on any tab (E2E_SCREENSHOTS=1 keeps screenshots in test-results/government-security-dashboard)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      // Layout shifts from the first paint on (the report, the API's rule and the lazy parts arriving), not caused by input.
      await page.addInitScript(() => {
        const w = window as unknown as { __cls: number };
        w.__cls = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
            if (!e.hadRecentInput) w.__cls += e.value;
        }).observe({ type: "layout-shift", buffered: true });
      });
      await page.goto(PAGE);
      await expect(page.getByTestId("about-scoring-rule")).toContainText("overallScore = 100");
      await page.waitForTimeout(1500);
      const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
      test.info().annotations.push({ type: "cls", description: `${width} px: ${cls}` });
      expect(cls, `layout shift at ${width} px`).toBeLessThanOrEqual(0.02);
      // The rule's box keeps its height from the first paint: this is the figure about-suite.tsx reserves.
      const ruleHeight = await page.getByTestId("about-scoring-rule").evaluate((e) => e.getBoundingClientRect().height);
      test.info().annotations.push({ type: "rule-height", description: `${width} px: ${ruleHeight}` });
      const tabs = await page.getByRole("tab").count();
      for (const tab of tabs ? ["summary", "results", "compliance", "recommendations"] : [null]) {
        if (tab) {
          await page.getByTestId(`tab-${tab}`).click();
          await expect(page.getByTestId(`tabpanel-${tab}`)).toBeVisible();
          await expect(page.getByTestId(`tabpanel-${tab}`).locator('[data-testid="part-loading"]')).toHaveCount(0, {
            timeout: 20_000,
          });
        }
        await page.waitForTimeout(200);
        await keepScreenshot(page, {
          path: `test-results/government-security-dashboard/${tab ?? "empty"}-${width}.png`,
          fullPage: true,
        });
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${tab ?? "page"} at ${width} px scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
      }
    });
  }
});
