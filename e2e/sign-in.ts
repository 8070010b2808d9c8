import { expect, type Page } from "@playwright/test";

/**
 * Connects the injected wallet from the app bar and signs in with Ethereum (SIWE: a signature, no transaction),
 * as a visitor does before an action the API takes for a signed-in wallet. The page must be loaded.
 */
export async function connectAndSignIn(page: Page) {
  await connectWallet(page);
  await page.getByTestId("sign-in-button").click();
  await expect(page.getByTestId("session-status")).toBeVisible({ timeout: 20_000 });
}

/** Connects the injected wallet from the app bar (no sign-in). */
export async function connectWallet(page: Page) {
  await page.getByTestId("connect-wallet-button").click();
  await expect(page.getByTestId("wallet-address")).toBeVisible({ timeout: 20_000 });
}
