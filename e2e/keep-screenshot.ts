// Screenshots kept for people to look at (test-results/<spec>/), taken only when E2E_SCREENSHOTS=1: a full-page PNG
// costs the browser and its compositor more CPU than the check beside it, and `npm test` runs on two cores (measured
// on three specs: 12% of the browser tests' CPU). A failing test still gets its screenshot (playwright.config.ts).
import type { Page, PageScreenshotOptions } from "@playwright/test";

export const KEEP_SCREENSHOTS = process.env.E2E_SCREENSHOTS === "1";

export async function keepScreenshot(page: Page, options: PageScreenshotOptions & { path: string }): Promise<void> {
  if (KEEP_SCREENSHOTS) await page.screenshot(options);
}
