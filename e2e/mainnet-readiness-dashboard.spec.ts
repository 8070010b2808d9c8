import { expect, test } from "@playwright/test";

const PAGE = "/mainnet-readiness-dashboard";

test.describe("Mainnet Readiness Dashboard", () => {
  // The real stack: the deploy hands admin and pause rights to the Safe, so the role table shows them as the
  // Safe's, read from the chain; the score is the API's own, computed by the rule shown on the page.
  test("shows the score with its rule, the blockers failing first, and the role holders read from the chain", async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await page.goto(PAGE);
    await expect(page.getByTestId("back-link")).toHaveAttribute("href", "/");
    await expect(page.getByRole("tab")).toHaveText(["Blockers", "Role Holders", "History"]);
    await expect(page.getByTestId("score-rule")).toContainText("items passed ÷ all items");
    await expect(page.getByTestId("mainnet-score-value")).toHaveText(/^\d+(\.\d)?%$/, { timeout: 30_000 });

    const api = (await (await request.get("/api/mainnet-readiness/status")).json()) as {
      score: number;
      passed: number;
      total: number;
      chain: { safe: string };
    };
    const shown = Number(((await page.getByTestId("mainnet-score-value").textContent()) ?? "").replace("%", ""));
    expect(shown).toBe(api.score);
    await expect(page.getByTestId("mainnet-score-counts")).toContainText(`of ${api.total} items pass`);

    // The blockers: failing items first; the audit is a statement; the admin item passes on a fresh deploy.
    const items = page.getByTestId("readiness-item");
    await expect(items).toHaveCount(9);
    await expect(items.first()).toHaveAttribute("data-verdict", /fail|statement/);
    await expect(page.locator('[data-item="external-audit"]')).toHaveAttribute("data-verdict", "statement");
    await expect(page.locator('[data-item="safe-admin"]')).toHaveAttribute("data-verdict", "pass");
    await expect(page.locator('[data-item="pause-path"] [data-testid="item-link"]')).toHaveAttribute(
      "href",
      "/testnet-perfection",
    );

    // The role holders: DEFAULT_ADMIN_ROLE on XQBToken held by the Safe; the API signer's minter role an EOA's.
    await page.getByRole("tab", { name: "Role Holders" }).click();
    const table = page.getByTestId("role-holders");
    await expect(table).toBeVisible();
    const xqbAdmin = table
      .getByTestId("role-holder")
      .filter({ hasText: "XQBToken" })
      .filter({ hasText: "DEFAULT_ADMIN_ROLE" });
    await expect(xqbAdmin).toHaveAttribute("data-kind", "safe");
    await expect(xqbAdmin).toContainText("admin/pause: the Safe");
    await expect(
      table.getByTestId("role-holder").filter({ hasText: "the API signer (minter)" }).first(),
    ).toHaveAttribute("data-kind", "eoa");

    // The history: at least the snapshot the first read stored.
    await page.getByRole("tab", { name: "History" }).click();
    await expect(page.getByTestId("history-caption")).toContainText(/\d+ snapshots?/);
  });

  test("at 390 px the page fits: the role holders are a card each", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${PAGE}?tab=roles`);
    await expect(page.getByTestId("role-holders")).toBeVisible({ timeout: 30_000 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
