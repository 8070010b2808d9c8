// Navigation from the page table (dapp/src/config/paths.ts): the app bar's menu at 1280 and 390 px, used
// from the keyboard, and every built page of the table visited once (its title and its back link by the
// one rule). Screenshots in test-results/navigation.
import { expect, test, type Page } from "@playwright/test";
import { allPaths, backOf, builtPagesBySection, builtPaths, paths } from "../dapp/src/config/paths";
import { installInjectedWallet } from "./injected-wallet";
import { keepScreenshot } from "./keep-screenshot";

const SHOTS = "test-results/navigation";

/** Every console error and uncaught error of the page, with the page it happened on. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`${new URL(page.url()).pathname}: ${m.text()}`);
  });
  page.on("pageerror", (e) => errors.push(`${new URL(page.url()).pathname}: ${e.message}`));
  return errors;
}

/** Presses ArrowDown until the focused link is `name` (the drawer wraps, so at most one round). */
async function arrowTo(page: Page, name: string) {
  for (let i = 0; i <= builtPaths.length; i++) {
    if ((await page.evaluate(() => document.activeElement?.textContent ?? "")) === name) return;
    await page.keyboard.press("ArrowDown");
  }
  throw new Error(`no link named ${name} in the menu`);
}

test.describe("Navigation", () => {
  for (const width of [1280, 390]) {
    test(`the menu lists the built pages by section and leads to one by keyboard at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      const from = paths.testnetPerfection;
      const to = paths.testnetXqbFaucet;
      await page.goto(from.path);
      await expect(page.getByRole("heading", { level: 1, name: from.title })).toBeVisible();

      // The menu button is the page's first Tab stop.
      await page.keyboard.press("Tab");
      const button = page.getByRole("button", { name: "Menu" });
      await expect(button).toBeFocused();
      await expect(button).toBeInViewport();
      await page.keyboard.press("Enter");
      const drawer = page.getByRole("dialog", { name: "Pages" });
      await expect(drawer).toBeVisible();
      const nav = drawer.getByRole("navigation", { name: "Pages" });
      const here = nav.getByRole("link", { name: from.title });
      await expect(here).toHaveAttribute("aria-current", "page");
      await expect(here).toBeFocused();

      for (const { section, pages } of builtPagesBySection()) {
        const list = nav.getByRole("list", { name: section });
        await expect(list.getByRole("link")).toHaveText(pages.map((p) => p.title));
      }
      await expect(nav.getByRole("link")).toHaveCount(builtPaths.length);
      for (const p of allPaths.filter((x) => !x.built))
        await expect(nav.getByRole("link", { name: p.title, exact: true })).toHaveCount(0);

      const box = (await drawer.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      await page.waitForTimeout(300); // the slide-in is done
      await keepScreenshot(page, { path: `${SHOTS}/menu-open-${width}.png` });

      await arrowTo(page, to.title);
      await keepScreenshot(page, { path: `${SHOTS}/menu-focus-${width}.png` });
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(new RegExp(`${to.path}$`));
      await expect(drawer).toHaveCount(0);
      await expect(button).toBeFocused();
      await expect(page.getByRole("heading", { level: 1, name: to.title })).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `the app bar at ${width} px scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
      await keepScreenshot(page, { path: `${SHOTS}/arrived-${width}.png` });

      // Escape closes it again, and the focus is back on the button.
      await page.keyboard.press("Enter");
      await expect(drawer).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(drawer).toHaveCount(0);
      await expect(button).toBeFocused();
    });
  }

  // The browser tests' route list: every built page of the table, a step each, in one browser page (its cache
  // warm after the first, as a visitor's is: one test per page cost a cold start each, 19 of them).
  test("every built page opens under its title, with the back link the page table gives it", async ({ page }) => {
    test.setTimeout(30_000 + builtPaths.length * 15_000);
    for (const p of builtPaths) {
      await test.step(p.path, async () => {
        await page.goto(p.path);
        await expect(page).toHaveTitle(p.path === "/" ? p.title : `${p.title} · ${paths.home.title}`);
        // A page's chunk (the XRPL pages' is large) may take a while on a busy machine.
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 30_000 });
        const back = backOf(p.path);
        if (back) {
          await expect(page.getByTestId("back-link")).toHaveAttribute("href", back.to);
          await expect(page.getByTestId("back-link")).toHaveText(`Back to ${back.label}`);
        } else await expect(page.getByTestId("back-link")).toHaveCount(0);
      });
    }
  });

  // Normal use logs nothing: a wallet connected but not signed in asks GET /api/auth/session on every page,
  // which answers 200 null (a 401 was a console error on each).
  test("no console error on the wallet pages with a wallet connected but not signed in; it reconnects by itself", async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await installInjectedWallet(page);
    await page.goto(paths.home.path);
    const appBar = page.getByRole("banner");
    await appBar.getByTestId("connect-wallet-button").click();
    await expect(appBar.getByTestId("wallet-address")).toBeVisible({ timeout: 30_000 });
    for (const p of [
      paths.testnetXqbFaucet,
      paths.vibecoinsXqbMintBurn,
      paths.treasuryStaking,
      paths.multiBlockchainMinting,
      // Its reads refresh from the chain-change stream, not by polling: network idle comes (it never did).
      paths.liquidStakingLeverage,
    ]) {
      await page.goto(p.path, { waitUntil: "networkidle" });
      // The wallet authorised on the first page comes back on each load without a click.
      await expect(appBar.getByTestId("wallet-address")).toBeVisible({ timeout: 30_000 });
    }
    expect(errors).toEqual([]);
  });

  test("without a wallet: no wallet code until Connect, which then says No Wallet Found; no console error", async ({
    page,
  }) => {
    const errors = collectErrors(page);
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
    });
    const walletCode = () => scripts.filter((f) => /\/(wallet-control|wallet-provider)-[^/]+\.js$/.test(f));
    await page.goto(paths.home.path, { waitUntil: "networkidle" });
    await page.waitForTimeout(2_500); // past the idle moment the wallet control used to load at
    expect(walletCode()).toEqual([]);

    const connect = page.getByTestId("connect-wallet-button");
    await expect(connect).toBeEnabled();
    await connect.click();
    await expect(page.getByTestId("no-wallet-message")).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("install-wallet-link")).toBeVisible();
    expect(walletCode().length).toBeGreaterThan(0);
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("connect-wallet-button")).toBeFocused();

    for (const p of [paths.treasuryStaking, paths.testnetPerfection, paths.governmentSecurityDashboard]) {
      await page.goto(p.path, { waitUntil: "networkidle" });
      await expect(page.getByRole("heading", { level: 1, name: p.title })).toBeVisible();
    }
    expect(errors).toEqual([]);
  });
});
