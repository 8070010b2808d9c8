// The landing page on the running stack: the four cards computed by the API (what the page shows is what
// GET /api/landing/summary answered), the named networks with their real statuses, the six blocks with a figure and
// their pages, and a link to every other page of the page table; "not built" nowhere, no sideways scroll at 390 px, and
// one API call. Screenshots in test-results/landing.
import { expect, test } from "@playwright/test";
import { allPaths, paths } from "../dapp/src/config/paths";
import { landingContract } from "../api/src/features/landing/landing.contract";
import type { LandingSummaryResponse } from "../api/src/features/landing/landing.schemas";
import { keepScreenshot } from "./keep-screenshot";

const SUMMARY = landingContract.summary.path;
const APP_WIDE = new Set(["/api/auth/access", "/api/chain/changes"]);

test.describe("Landing page", () => {
  for (const width of [1280, 390]) {
    test(`shows the computed cards and links to every page of the table at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      const apiCalls: string[] = [];
      page.on("request", (r) => {
        const url = new URL(r.url());
        if (url.pathname.startsWith("/api/")) apiCalls.push(url.pathname);
      });
      const answered = page.waitForResponse((r) => new URL(r.url()).pathname === SUMMARY && r.status() === 200);
      await page.goto(paths.home.path);
      await expect(page.getByRole("heading", { level: 1, name: "XQBUSD Development Platform" })).toBeVisible();
      const summary = (await (await answered).json()) as LandingSummaryResponse;
      await expect(page.getByTestId("summary")).toHaveAttribute("data-computed-at", summary.computedAt, {
        timeout: 15_000,
      });

      // Each card shows the API's computed value and the sentence saying how.
      for (const [id, card] of [
        ["government", summary.stats.government],
        ["multi-chain", summary.stats.multiChain],
        ["quantum", summary.stats.quantum],
        ["rwa", summary.stats.rwa],
      ] as const) {
        await expect(page.getByTestId(`stat-${id}-reading`)).toHaveText(card.value ?? "Not read");
        await expect(page.getByTestId(`stat-${id}-how`)).toHaveText(card.how);
      }
      // On the stack the vault answers live, and the quantum key signs.
      expect(summary.stats.rwa.figures?.source).toBe("live");
      expect(summary.stats.quantum.figures?.attestation.signsNow).toBe(true);

      const networks = page.getByTestId("network");
      await expect(networks).toHaveCount(summary.networks.list.length);
      const statuses = await networks.evaluateAll((rows) => rows.map((r) => r.getAttribute("data-status")));
      expect(statuses).toEqual(summary.networks.list.map((n) => n.status));
      expect(new Set(statuses).size).toBeGreaterThan(1);

      for (const b of summary.blocks) {
        const block = page.getByTestId(`block-${b.id}`);
        await expect(block.getByTestId("block-link").first()).toBeVisible();
      }

      const links = page.getByTestId("route-index").getByTestId("route-link");
      await expect(links).toHaveCount(allPaths.length - 1);
      expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")))).toEqual(
        allPaths.filter((p) => p !== paths.home).map((p) => p.path),
      );
      await expect(page.locator("body")).not.toContainText(/not built/i);

      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `the landing at ${width} px scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
      // The page's one call; the app's own (who may act, the chain-change stream every page listens to) are not the page's.
      expect(apiCalls.filter((p) => !APP_WIDE.has(p))).toEqual([SUMMARY]);
      await keepScreenshot(page, { path: `test-results/landing/landing-${width}.png`, fullPage: true });

      // A link of the grid leads to its page.
      await links.filter({ hasText: paths.treasuryStaking.title }).click();
      await expect(page).toHaveURL(new RegExp(`${paths.treasuryStaking.path}$`));
      await expect(page.getByRole("heading", { level: 1, name: paths.treasuryStaking.title })).toBeVisible();
    });
  }
});
