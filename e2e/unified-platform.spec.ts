import { expect, test } from "@playwright/test";
import { APP_URL } from "./stack-urls";

const PAGE = "/unified-platform";

type Run = { id: number; operation: string; outcome: string; result: { summary: string } };
type Operations = { last: Record<string, Run | null> };

test.describe("Presidential Dashboard", () => {
  // The three operations run for real on the stack (operator routes are open on a loopback-only server): each
  // result is stored, shown on the page, and the same run is what every visitor reads from the API.
  test("runs the three operations on the running stack and shows the stored results", async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.goto(PAGE);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Presidential Dashboard");
    await expect(page.getByTestId("back-link")).toHaveAttribute("href", "/");
    await expect(page.getByTestId("platform-card")).toHaveCount(7);
    await expect(page.locator('[data-platform="mobile-wallet"] [data-testid="platform-status"]')).toHaveText(
      "Not part of this product",
    );
    // a card selected with the keyboard shows its details
    await page.locator('[data-testid="platform-card"][data-platform="smart-contracts"]').focus();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("platform-details")).toHaveAttribute("data-platform", "smart-contracts");

    await page.getByRole("tab", { name: "Operations" }).click();
    await expect(page).toHaveURL(/tab=operations/);
    for (const operation of ["health_check", "sync_bridges", "threat_scan"]) {
      const button = page.getByTestId(`execute-${operation}`);
      await expect(button).toBeEnabled();
      const answered = page.waitForResponse((r) => r.url().endsWith("/api/unified/execute"));
      await button.click();
      const response = await answered;
      expect(response.status()).toBe(200);
      const { run } = (await response.json()) as { run: Run };
      const shown = page.getByTestId(`run-${operation}`);
      await expect(shown).toHaveAttribute("data-run-id", String(run.id));
      await expect(shown).toHaveAttribute("data-outcome", run.outcome);
      await expect(shown.getByTestId("run-summary")).toHaveText(run.result.summary);
      await expect(shown.getByTestId("run-check").first()).toBeVisible();
      // stored: every visitor reads this run from the API
      const stored = (await (await request.get(`${APP_URL}/api/unified/operations`)).json()) as Operations;
      expect(stored.last[operation]!.id).toBe(run.id);
    }
    await expect(page.getByTestId("platform-status-list").getByRole("listitem")).toHaveCount(7);
    await expect(page.getByTestId("history-row").first()).toBeVisible();

    await page.getByRole("tab", { name: "Monitoring" }).click();
    await expect(page.getByTestId("figure-p50Ms-reading")).toHaveText(/\d ms$/);
    await expect(page.getByTestId("integrations-count")).toHaveText(/^\d+ of \d+ connected$/);
  });
});
