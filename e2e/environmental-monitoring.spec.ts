import { expect, test, type APIRequestContext } from "@playwright/test";
import { createPublicClient, http, type Hash } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { APP_URL, CHAIN_URL } from "./stack-urls";

const PAGE = "/environmental-monitoring";
const chain = createPublicClient({ transport: http(CHAIN_URL) });
const origin = { Origin: APP_URL };

/** A fresh wallet signed in over SIWE through the page's own cookie jar (a fresh one: its hourly VIBE slot is free). */
async function signIn(request: APIRequestContext) {
  const account = privateKeyToAccount(generatePrivateKey());
  const { nonce } = (await (await request.get(`${APP_URL}/api/auth/nonce`)).json()) as { nonce: string };
  const message = createSiweMessage({
    domain: new URL(APP_URL).host,
    address: account.address,
    uri: APP_URL,
    version: "1",
    chainId: 31337,
    nonce,
    issuedAt: new Date(),
  });
  const signature = await account.signMessage({ message });
  const res = await request.post(`${APP_URL}/api/auth/verify`, { data: { message, signature }, headers: origin });
  expect(res.status(), await res.text()).toBe(200);
  return account.address;
}

test.describe("Environmental Monitoring", () => {
  test("the energy charts render with their dates and sources", async ({ page }) => {
    await page.goto(PAGE);
    await expect(page.getByRole("heading", { level: 1, name: "Environmental Monitoring" })).toBeVisible();
    // One chart per commodity (WTI, Henry Hub), monthly first; Daily draws the daily prices.
    const series = page.getByTestId("energy-series");
    await expect(series).toHaveCount(2);
    await expect(page.getByTestId("energy-chart").locator("svg").first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId("energy-chart")).toHaveCount(2);
    const wti = series.first();
    await expect(wti).toHaveAttribute("data-series", "wti-monthly");
    await expect(wti.getByTestId("energy-series-dates")).toContainText("2016-01-01 to 2026-07-01");
    await expect(wti.getByTestId("energy-series-source")).toContainText("eia_spot_prices_monthly.csv");
    await wti.getByTestId("energy-frequency-daily").click();
    await expect(wti).toHaveAttribute("data-series", "wti-daily");
    await expect(wti.getByTestId("energy-chart")).toHaveAttribute("data-series", "wti-daily");
    await expect(wti.getByTestId("energy-chart").locator("svg").first()).toBeVisible();
    await expect(wti.getByTestId("energy-series-source")).toContainText(
      "series RWTC; bundled file api/data/government/eia_wti_cushing_spot_daily.csv",
    );
    for (const latest of await page.getByTestId("energy-latest").all()) {
      await expect(latest.getByTestId("energy-latest-date")).toContainText(/As of \d{4}-\d{2}-\d{2}/);
      await expect(latest).toContainText(/Snapshot|Live/);
    }
  });

  test("the rewards ledger lists a VIBE reward minted in the test, read from the chain", async ({ page }) => {
    const wallet = await signIn(page.request);
    const res = await page.request.post(`${APP_URL}/api/vibecoins-crypto/mint`, {
      headers: origin,
      data: {
        recipientAddress: wallet,
        amount: 37,
        environmentalProject: "E2E wetland restoration",
        network: "hardhat",
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    const { transactionHash } = (await res.json()) as { transactionHash: Hash };
    const receipt = await chain.getTransactionReceipt({ hash: transactionHash });
    expect(receipt.status).toBe("success");

    await page.goto(`${PAGE}?tab=rewards`);
    const row = page.locator(`[data-tx="${transactionHash}"]`);
    await expect(row).toBeVisible({ timeout: 20_000 });
    await expect(row).toContainText("37 VIBE");
    await expect(row).toContainText("Environmental action: Environmental project: E2E wetland restoration");
    await expect(row).toContainText(`#${receipt.blockNumber}`);
    await expect(page.getByTestId("rewards-basis")).toContainText("indexed through block");
  });
});
