import { expect, test, type Page } from "@playwright/test";
import { createPublicClient, formatEther, http, parseAbi, parseEther, type Address } from "viem";
import { installInjectedWallet, setWalletRejects } from "./injected-wallet";
import { APP_URL, CHAIN_URL } from "./stack-urls";
import { keepScreenshot } from "./keep-screenshot";

const PAGE = "/real-eth-staking-test";
/** Hardhat dev account #1: the injected wallet's account. */
const WALLET: Address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const chain = createPublicClient({ transport: http(CHAIN_URL) });
const erc20 = parseAbi(["function balanceOf(address) view returns (uint256)"]);

type Pool = {
  token: string;
  name: string;
  contractAddress: Address;
  minAmount: string;
  withdrawalDelaySeconds: number;
};

/** The pools as the API reads them from the chain (addresses of this run's deployment). */
async function pools(page: Page): Promise<Record<string, Pool>> {
  const r = await page.request.get(`${APP_URL}/api/real-staking/protocols`);
  const body = (await r.json()) as { protocols: Pool[] };
  return Object.fromEntries(body.protocols.map((p) => [p.token, p]));
}

const sharesOf = (pool: Address) =>
  chain.readContract({ address: pool, abi: erc20, functionName: "balanceOf", args: [WALLET] });

async function connect(page: Page) {
  await installInjectedWallet(page);
  await page.goto(PAGE);
  await page.getByTestId("connect-wallet-button").click();
  await expect(page.getByTestId("wallet-banner")).toHaveAttribute("data-connected", "true");
}

async function advance(page: Page, days: 1 | 7 | 30) {
  const done = page.getByTestId("local-chain-time-done");
  await page.getByTestId(`advance-${days}`).click();
  await expect(done).toContainText(`Advanced ${days} ${days === 1 ? "day" : "days"}`);
}

async function confirmInDialog(page: Page) {
  const dialog = page.getByRole("dialog");
  await dialog.getByTestId("tx-confirm").click();
  await expect(dialog).toHaveAttribute("data-phase", "confirmed", { timeout: 30_000 });
  const hash = await dialog.getByTestId("tx-hash").getAttribute("title");
  await dialog.getByTestId("tx-close").click();
  return hash!;
}

test.describe("Real ETH Staking Test", () => {
  test("stakes 0.01 ETH in qETH, requests a withdrawal, waits out the delay on the local chain, claims the ETH back", async ({
    page,
  }) => {
    await connect(page);
    const qeth = (await pools(page)).qETH!;
    const sharesBefore = await sharesOf(qeth.contractAddress);

    // Real Protocols -> Test Stake selects qETH and opens Create Test.
    await expect(page.getByTestId("protocol-qETH")).toBeVisible();
    await page.getByTestId("test-stake-qETH").click();
    await expect(page.getByTestId("tabpanel-create")).toBeVisible();
    await page.getByTestId("stake-amount-input").fill("0.01");
    await expect(page.getByTestId("stake-preview-shares")).toContainText("qETH (previewDeposit)");
    await page.getByTestId("create-stake-button").click();

    const dialog = page.getByRole("dialog");
    await expect(dialog.getByTestId("preview-shares")).toContainText("previewDeposit");
    await expect(dialog.getByTestId("preview-gas")).toHaveText(/^[\d,]+ gas$/);
    await expect(dialog.getByTestId("preview-daily")).toHaveText(/^\d+\.\d{6} ETH at [\d.]+%$/);
    const hash = await confirmInDialog(page);
    const toast = page.getByTestId("toast").filter({ hasText: "Real Stake Created!" });
    await expect(toast).toContainText(`Testing 0.01 ETH with ${qeth.name}`);

    // The view switched to My Test Stakes, the stake is there with its hash; the shares grew on chain.
    await expect(page.getByTestId("tabpanel-stakes")).toBeVisible();
    const stake = page.getByTestId("stake").filter({ has: page.locator(`[title="${hash}"]`) });
    await expect(stake).toBeVisible();
    await expect(stake.getByTestId("stake-status")).toHaveText("confirmed");
    const sharesAfter = await sharesOf(qeth.contractAddress);
    expect(sharesAfter).toBeGreaterThan(sharesBefore);
    await expect(stake.getByTestId("stake-shares")).toContainText(formatEther(sharesAfter - sharesBefore));

    // A week of chain time: rewards accrue.
    await advance(page, 7);

    // Request the withdrawal: the shares burn, the ETH is not claimable before the pool's delay.
    await stake.getByTestId("request-withdrawal-button").click();
    await confirmInDialog(page);
    expect(await sharesOf(qeth.contractAddress)).toBe(sharesBefore);
    const withdrawal = stake.getByTestId("withdrawal");
    await expect(withdrawal).toHaveAttribute("data-state", "waiting");
    await expect(withdrawal.getByTestId("claim-button")).toBeDisabled();
    await expect(withdrawal.getByTestId("withdrawal-countdown")).toContainText("Claimable in");

    // Past the delay (qETH: 3 days), then claim: the ETH comes back to the wallet.
    expect(qeth.withdrawalDelaySeconds).toBeLessThanOrEqual(7 * 86_400);
    await advance(page, 7);
    await expect(withdrawal).toHaveAttribute("data-state", "claimable");
    const ethBefore = await chain.getBalance({ address: WALLET });
    const assetsText = (await withdrawal.getByTestId("claim-button").textContent())!;
    await withdrawal.getByTestId("claim-button").click();
    await confirmInDialog(page);
    await expect(withdrawal).toHaveAttribute("data-state", "claimed");
    const ethAfter = await chain.getBalance({ address: WALLET });
    // At least the 0.01 ETH staked came back (plus a week's rewards), less the claim's gas (< 0.001 ETH).
    expect(ethAfter - ethBefore).toBeGreaterThan(parseEther("0.009"));
    expect(assetsText).toMatch(/Claim 0\.01\d* ETH/);
  });

  test("refuses an amount below the pool's minimum with the chain's reason, and sends nothing", async ({ page }) => {
    await connect(page);
    const qeth = (await pools(page)).qETH!;
    const sharesBefore = await sharesOf(qeth.contractAddress);
    await page.getByTestId("test-stake-qETH").click();
    await page.getByTestId("stake-amount-input").fill("0.0005");
    await expect(page.getByTestId("stake-amount-input-helper")).toHaveText(
      `Minimum for ${qeth.name} is ${qeth.minAmount} ETH`,
    );
    // The chain's own answer to that deposit, dry-run: the decoded custom error.
    await expect(page.getByTestId("create-refusal-failure")).toContainText("BelowMinimumDeposit");
    await expect(page.getByTestId("create-stake-button")).toBeDisabled();
    await expect(page.getByTestId("create-stake-button-reason")).toHaveText(
      `Amount Too Low: Minimum for ${qeth.name} is ${qeth.minAmount} ETH`,
    );
    await expect(page.getByRole("dialog")).toHaveCount(0);
    expect(await sharesOf(qeth.contractAddress)).toBe(sharesBefore);
  });

  test("a rejected signature reads as rejected, and nothing is staked", async ({ page }) => {
    await connect(page);
    const qeth = (await pools(page)).qETH!;
    const sharesBefore = await sharesOf(qeth.contractAddress);
    await setWalletRejects(page, true);
    await page.getByTestId("test-stake-qETH").click();
    await page.getByTestId("stake-amount-input").fill("0.01");
    await page.getByTestId("create-stake-button").click();
    const dialog = page.getByRole("dialog");
    await dialog.getByTestId("tx-confirm").click();
    await expect(dialog).toHaveAttribute("data-phase", "failed");
    await expect(dialog).toContainText("Rejected in your wallet");
    await expect(page.getByTestId("toast").filter({ hasText: "Staking Test Failed" })).toContainText(
      "Rejected in your wallet",
    );
    expect(await sharesOf(qeth.contractAddress)).toBe(sharesBefore);
  });

  test("without a wallet, Create Real Test Stake waits with Wallet Required beside it", async ({ page }) => {
    await page.goto(`${PAGE}?tab=create`);
    await expect(page.getByTestId("create-stake-button")).toBeDisabled();
    await expect(page.getByTestId("create-stake-button-reason")).toHaveText(
      "Wallet Required: Connect your wallet to test real ETH staking",
    );
  });

  for (const width of [1280, 390]) {
    test(`every tab fits at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await connect(page);
      for (const tab of ["protocols", "create", "stakes", "practice"]) {
        // Create Test is opened the way a user does, from a protocol's Test Stake, so the preview shows.
        await page.getByTestId(tab === "create" ? "test-stake-qETH" : `tab-${tab}`).click();
        await expect(page.getByTestId(`tabpanel-${tab}`)).toBeVisible();
        if (tab === "create") {
          await page.getByTestId("stake-amount-input").fill("0.01");
          await expect(page.getByTestId("stake-preview-shares")).toContainText("previewDeposit");
        }
        if (tab === "practice") await expect(page.getByTestId("practice-dry-run")).toBeVisible();
        await page.waitForTimeout(300);
        await keepScreenshot(page, { path: `test-results/real-staking/${tab}-${width}.png`, fullPage: true });
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${tab} at ${width} px overflows by ${overflow} px`).toBeLessThanOrEqual(0);
      }
    });
  }
});
