// The congressional presentation on the running stack: the deck's keys (right arrow, space, left arrow) with wrap both
// ways, the slide number in the URL (a link opens that slide), the stat cards as the API computed them, fullscreen
// through the Fullscreen API (document.fullscreenElement) left with Escape, the dashboard's Treasury backing with the
// API's debt figure, and the page at 390 px without sideways scroll. Screenshots in test-results/congressional.
import { expect, test, type Page } from "@playwright/test";
import { paths } from "../dapp/src/config/paths";
import { congressionalContract } from "../api/src/features/congressional/congressional.contract";
import type { CongressionalFiguresResponse } from "../api/src/features/congressional/congressional.schemas";
import { keepScreenshot } from "./keep-screenshot";

const PAGE = paths.congressionalPresentation.path;
const FIGURES = congressionalContract.figures.path;

const shownSlide = (page: Page) => page.locator('[data-testid="slide"]:not([hidden])');
const slideInUrl = (page: Page) => new URL(page.url()).searchParams.get("slide");

test.describe("Congressional presentation", () => {
  test("keys move through the deck with wrap, the URL carries the slide, fullscreen enters and Escape leaves", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === FIGURES && r.status() === 200);
    await page.goto(`${PAGE}?slide=2`);
    await expect(page.getByRole("heading", { level: 1, name: paths.congressionalPresentation.title })).toBeVisible();
    await expect(shownSlide(page)).toHaveAttribute("data-slide", "genius-act");
    const figures = (await (await answered).json()) as CongressionalFiguresResponse;

    // The stat cards show what the API computed.
    const cards = shownSlide(page).getByTestId("stat-card");
    await expect(cards).toHaveCount(3);
    await expect(cards.nth(0).getByTestId("stat-value")).toHaveText(`${figures.complianceScore.value}%`);
    await expect(cards.nth(0)).toHaveAttribute("data-basis", figures.complianceScore.basis);
    await expect(cards.nth(1).getByTestId("stat-value")).toHaveText(String(figures.activities.value));
    await expect(cards.nth(2).getByTestId("stat-value")).toHaveText(String(figures.federalEndpoints.value));
    await keepScreenshot(page, { path: "test-results/congressional/slide-2-1280.png", fullPage: true });

    // Keys: left back to 1, left again wraps to 8, right wraps to 1, space forward to 2.
    await page.locator("body").click({ position: { x: 5, y: 5 } });
    await page.keyboard.press("ArrowLeft");
    await expect(shownSlide(page)).toHaveAttribute("data-slide", "executive-summary");
    expect(slideInUrl(page)).toBe("1");
    await page.keyboard.press("ArrowLeft");
    await expect(shownSlide(page)).toHaveAttribute("data-slide", "deployment-readiness");
    expect(slideInUrl(page)).toBe("8");
    await page.keyboard.press("ArrowRight");
    await expect(shownSlide(page)).toHaveAttribute("data-slide", "executive-summary");
    await page.keyboard.press(" ");
    await expect(shownSlide(page)).toHaveAttribute("data-slide", "genius-act");
    expect(slideInUrl(page)).toBe("2");

    // Printed, the deck is a handout: all eight slides, without the controls.
    await page.emulateMedia({ media: "print" });
    await expect(page.locator('[data-testid="slide"]:visible')).toHaveCount(8);
    await expect(page.getByTestId("slide-next")).toBeHidden();
    await page.emulateMedia({ media: "screen" });
    await expect(page.locator('[data-testid="slide"]:visible')).toHaveCount(1);

    // A presenter's link opens that slide.
    await page.goto(`${PAGE}?slide=6`);
    await expect(shownSlide(page)).toHaveAttribute("data-slide", "revenue-potential");
    await expect(shownSlide(page).getByTestId("claim-label").first()).toHaveText("Product claim");

    // Fullscreen: the presentation area becomes the document's fullscreen element; Escape leaves it.
    await page.getByTestId("fullscreen-toggle").click();
    await expect
      .poll(() => page.evaluate(() => document.fullscreenElement?.getAttribute("data-testid") ?? null))
      .toBe("presentation-stage");
    await expect(page.getByTestId("fullscreen-toggle")).toHaveText("Exit fullscreen");
    // Keys still work in fullscreen.
    await page.keyboard.press("ArrowRight");
    await expect(shownSlide(page)).toHaveAttribute("data-slide", "federal-efficiency");
    await page.keyboard.press("Escape");
    await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();
    await expect(page.getByTestId("fullscreen-toggle")).toHaveText("Fullscreen");
  });

  test("the dashboard's Treasury backing shows the API's national debt; the page fits 390 px", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === FIGURES && r.status() === 200);
    await page.goto(`${PAGE}?view=dashboard`);
    const figures = (await (await answered).json()) as CongressionalFiguresResponse;
    await expect(page.getByTestId("dashboard-card")).toHaveCount(6);
    const trillions = (figures.nationalDebt.valueUsd / 1e12).toLocaleString("en-US", { maximumFractionDigits: 2 });
    await expect(page.getByTestId("national-debt")).toHaveText(`$${trillions}T`);
    if (figures.nationalDebt.asOf) {
      await expect(page.locator('[data-card="treasury-backing"]')).toContainText(`As of ${figures.nationalDebt.asOf}`);
    }
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    await keepScreenshot(page, { path: "test-results/congressional/dashboard-390.png", fullPage: true });
    await page.goto(`${PAGE}?slide=2`);
    await expect(shownSlide(page).getByTestId("stat-card")).toHaveCount(3);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    await keepScreenshot(page, { path: "test-results/congressional/slide-2-390.png", fullPage: true });
  });
});
