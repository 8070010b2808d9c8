import { expect, test } from "@playwright/test";

const PAGE = "/technical-integration-overview";

interface Overview {
  contracts: { name: string; address: string; deployedOnBlock: number; code: { hash: string | null } }[];
  api: {
    total: number;
    features: { feature: string; endpoints: { method: string; path: string; access: string }[] }[];
  };
}
interface OpenApi {
  paths: Record<string, Record<string, { tags: string[]; "x-access": string }>>;
}

test.describe("Technical Integration Overview", () => {
  // The running stack: the page's contracts are the API's overview, which is the deploy map read against the chain;
  // its endpoints are the OpenAPI document's, each with the document's access rule.
  test("shows the contracts of GET /api/technical-integration/overview and the endpoints of the OpenAPI document", async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    await page.goto(PAGE);
    await expect(page.getByTestId("back-link")).toHaveAttribute("href", "/");
    const rows = page.getByTestId("contract-row");
    await expect(rows.first()).toBeVisible({ timeout: 20_000 });

    const overview = (await (await request.get("/api/technical-integration/overview")).json()) as Overview;
    const openApi = (await (await request.get("/api/openapi.json")).json()) as OpenApi;

    await expect(rows).toHaveCount(overview.contracts.length);
    for (const [i, c] of overview.contracts.entries()) {
      const row = rows.nth(i);
      await expect(row).toHaveAttribute("data-name", c.name);
      await expect(row).toHaveAttribute("data-address", c.address);
      await expect(row.getByTestId("contract-block")).toHaveText(`#${c.deployedOnBlock}`);
      expect(c.code.hash, c.name).toMatch(/^0x[0-9a-f]{64}$/);
      await expect(row.getByTestId("contract-code-hash")).toHaveAttribute("data-value", c.code.hash!);
    }

    const fromDocument = Object.entries(openApi.paths).flatMap(([p, ops]) =>
      Object.entries(ops).map(([m, op]) => `${m} ${p} ${op["x-access"]}`),
    );
    const shown = await page
      .getByTestId("api-endpoint")
      .evaluateAll((els) =>
        els.map(
          (e) => `${e.getAttribute("data-method")} ${e.getAttribute("data-path")} ${e.getAttribute("data-access")}`,
        ),
      );
    expect(shown.sort()).toEqual(fromDocument.sort());
    await expect(page.getByTestId("section-api")).toContainText(`${overview.api.total} endpoints`);

    // A group opens from the keyboard (the summary is the browser's own control).
    const group = page.getByTestId("api-feature").first();
    await group.locator("summary").focus();
    await page.keyboard.press("Enter");
    await expect(group).toHaveAttribute("open", "");
    await expect(page.getByTestId("road-layer")).toHaveCount(13);
  });

  test("at 390 px the page fits: contracts are cards, nothing scrolls sideways", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(PAGE);
    await expect(page.getByTestId("contract-row").first()).toBeVisible({ timeout: 20_000 });
    expect(
      await page
        .getByTestId("contract-row")
        .first()
        .evaluate((e) => e.tagName),
    ).toBe("LI");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
