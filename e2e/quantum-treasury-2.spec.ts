import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { createPublicClient, formatEther, http, parseAbi, type Address } from "viem";
import { installInjectedWallet } from "./injected-wallet";
import { connectAndSignIn } from "./sign-in";
import { APP_URL, CHAIN_URL } from "./stack-urls";
import { KEEP_SCREENSHOTS, keepScreenshot } from "./keep-screenshot";

const PAGE = "/quantum-treasury-2";
/** Hardhat dev accounts #1 and #2: the Safe owners whose public keys the local stack holds and co-signs with for an operator. */
const OWNER_1 = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const OWNER_2 = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const chain = createPublicClient({ transport: http(CHAIN_URL) });
const erc20 = parseAbi(["function totalSupply() view returns (uint256)"]);

type Metrics = { xqbMinted: string; safe: { threshold: number; owners: string[] }; contracts: { xqb: Address } };
const metrics = async (page: Page) =>
  (await (await page.request.get(`${APP_URL}/api/quantum-treasury-2/metrics`)).json()) as Metrics;
/** The XQB supply at a block: other specs mint XQB beside this one, so "latest" would count their mints too. */
const xqbSupply = async (xqb: Address, blockNumber: bigint) =>
  Number(formatEther(await chain.readContract({ address: xqb, abi: erc20, functionName: "totalSupply", blockNumber })));
const whole = (n: number) => n.toLocaleString("en-US", { maximumFractionDigits: 2 });

/**
 * Signed in (dev #1's injected wallet) on this loopback stack without OPERATOR_ADDRESSES, so the caller is the
 * open operator, and the server's dev-key co-signing ticked: operations execute at once, each signature
 * labelled as the server's. The owners' own wallet signatures: e2e/safe-owners.spec.ts.
 */
async function asOperatorCoSigning(page: Page, path: string, cosign = true) {
  await installInjectedWallet(page);
  await page.goto(path);
  await connectAndSignIn(page);
  if (cosign) {
    const box = page.getByTestId("qt-cosign");
    await expect(box.getByTestId("access-note")).toContainText("open: this server listens on this machine only");
    await box.getByTestId("qt-cosign-checkbox").check();
  }
}

test.describe("Quantum Treasury 2.0", () => {
  test("without a session the treasury buttons wait and say to sign in", async ({ page }) => {
    await page.goto(`${PAGE}?tab=operations`);
    const card = page.getByTestId("qt-op-mint_xqb");
    await expect(card.getByTestId("access-note")).toHaveText(
      "Sign in with your wallet to do this: it acts for your own address",
    );
    await expect(card.getByTestId("qt-run-mint_xqb")).toBeDisabled();
  });

  test("the operator's dev-key co-signing mints XQB through the Safe: two signatures labelled as the server's, executed, and the supply rises by exactly the amount", async ({
    page,
  }) => {
    const before = await metrics(page);
    expect(before.safe.threshold).toBe(2);

    await asOperatorCoSigning(page, `${PAGE}?tab=operations`);
    const card = page.getByTestId("qt-op-mint_xqb");
    await card.getByTestId("qt-amount-mint_xqb").fill("1000");
    // The API answers in a few hundred ms on a quiet machine, quicker than a check can see the pending label: the
    // request is held (and then sent on, unchanged) until the page has been seen waiting for it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/quantum-treasury-2/execute", async (route) => {
      await held;
      await route.continue();
    });
    await card.getByTestId("qt-run-mint_xqb").click();
    // While the Safe transaction runs, the pending label shows and every treasury button waits.
    await expect(card.getByTestId("qt-run-mint_xqb")).toHaveText("Minting...");
    await expect(page.getByTestId("qt-run-deploy_capital")).toBeDisabled();
    release(); // the route stays: a later request passes straight through

    const flow = card.getByTestId("safe-flow");
    await expect(flow).toHaveAttribute("data-status", "executed", { timeout: 45_000 });
    await expect(flow.getByTestId("safe-step-proposed")).toContainText("safeTxHash 0x");
    // Both confirmations, each by an owner, its signature shown shortened with a copy button.
    const signatures = flow.getByTestId("safe-signature");
    await expect(signatures).toHaveCount(2);
    await expect(flow.getByTestId("safe-step-signature").nth(0)).toContainText("Signature 1 of 2");
    await expect(flow.getByTestId("safe-step-signature").nth(1)).toContainText("Signature 2 of 2");
    const owners = await signatures.evaluateAll((els) => els.map((e) => e.getAttribute("data-owner")?.toLowerCase()));
    expect(owners.sort()).toEqual([OWNER_1, OWNER_2].map((o) => o.toLowerCase()).sort());
    await expect(signatures.first().getByTestId("safe-signature-value")).toHaveText(
      /^Signature 0x[0-9a-f]{8}…[0-9a-f]{8}$/i,
    );
    await expect(signatures.first().getByRole("button", { name: "Copy signature" })).toBeVisible();
    await expect(flow.getByTestId("safe-signature-by")).toHaveText([
      "Signed by the server with the public dev key of owner #1 (local chain only)",
      "Signed by the server with the public dev key of owner #2 (local chain only)",
    ]);
    await expect(flow.getByTestId("safe-execution-hash")).toContainText("Tx 0x");
    await expect(flow.getByTestId("safe-execution-block")).toHaveText(/^Block \d+$/);

    // The supply before and after, as the page shows it and as the chain says: in the block before the Safe
    // transaction and in its own, whatever the other specs mint meanwhile.
    const executedIn = BigInt((await flow.getByTestId("safe-execution-block").textContent())!.replace("Block ", ""));
    const supplyBefore = await xqbSupply(before.contracts.xqb, executedIn - 1n);
    const supplyAfter = await xqbSupply(before.contracts.xqb, executedIn);
    expect(supplyAfter - supplyBefore).toBe(1000);
    const change = card.getByTestId("qt-change-xqb");
    await expect(change.getByTestId("before")).toHaveText(`${whole(supplyBefore)} XQB`);
    await expect(change.getByTestId("after")).toContainText(`${whole(supplyAfter)} XQB`);
    await expect(change.getByTestId("delta")).toHaveText("+1,000 XQB");
    await expect(page.getByTestId("toast").filter({ hasText: "Treasury Operation Successful" })).toBeVisible();
    await expect(card.getByTestId("qt-run-mint_xqb")).toHaveText("Mint XQB Tokens");

    // The overview reads the new supply (the operation refreshed the readings).
    await page.getByTestId("tab-overview").click();
    await expect(page.getByTestId("qt-xqb-reading")).toHaveText(
      `${new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 2 }).format(supplyAfter)} XQB`,
    );
    await expect(page.getByTestId("qt-xqb-plan")).toContainText("150M XQB");
  });

  test("a request the vault cannot back is refused in numbers, and the largest amount it can back executes", async ({
    page,
  }) => {
    await asOperatorCoSigning(page, `${PAGE}?tab=operations`);
    // Collateral first: 1,500 USDC deployed through the Safe.
    const deploy = page.getByTestId("qt-op-deploy_capital");
    await deploy.getByTestId("qt-amount-deploy_capital").fill("1500");
    await deploy.getByTestId("qt-run-deploy_capital").click();
    await expect(deploy.getByTestId("safe-flow")).toHaveAttribute("data-status", "executed", { timeout: 45_000 });

    const enable = page.getByTestId("qt-op-enable_xqbusd");
    await enable.getByTestId("qt-amount-enable_xqbusd").fill("100000000");
    await enable.getByTestId("qt-run-enable_xqbusd").click();
    const refusal = enable.getByTestId("qt-refusal");
    await expect(refusal).toBeVisible({ timeout: 30_000 });
    await expect(refusal.getByTestId("qt-refusal-message")).toContainText(
      "100,000,000 XQBUSD at 150% needs $150,000,000 of collateral",
    );
    await refusal.getByRole("button", { name: "Use the largest amount it can back" }).click();
    const max = Number(await enable.getByTestId("qt-amount-enable_xqbusd").inputValue());
    expect(max).toBeGreaterThan(0);
    await enable.getByTestId("qt-run-enable_xqbusd").click();
    await expect(enable.getByTestId("safe-flow")).toHaveAttribute("data-status", "executed", { timeout: 45_000 });
    // Minting the most the Safe's position can back leaves it at the vault's minimum ratio.
    await expect(enable.getByTestId("qt-change-safe-ratio").getByTestId("after")).toContainText("150%");
  });

  test("downloads the implementation plan as the API generates it", async ({ page }) => {
    const api = (await (await page.request.get(`${APP_URL}/api/quantum-treasury-2/implementation-plan`)).json()) as {
      filename: string;
      markdown: string;
    };
    await page.goto(`${PAGE}?tab=strategy`);
    await expect(page.getByTestId("qt-phase").first().getByTestId("qt-phase-status")).toHaveText("Genesis, pre-launch");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download Implementation Plan" }).click(),
    ]);
    // Named for the network, the chain's date and the block it was generated at. The other lanes may have mined a
    // block, or moved chain time on, since the API's copy, so both may only have grown.
    const PLAN_FILE = /^(quantum-treasury-implementation-plan-[a-z0-9-]+?)-(\d{4}-\d{2}-\d{2})-block-(\d+)\.md$/;
    const [, name, apiDate, apiBlock] = PLAN_FILE.exec(api.filename)!;
    const [, downloadName, date, block] = PLAN_FILE.exec(download.suggestedFilename()) ?? [];
    expect(downloadName).toBe(name);
    expect(date! >= apiDate!, `the download's date ${date} is before the API's ${apiDate}`).toBe(true);
    expect(Number(block)).toBeGreaterThanOrEqual(Number(apiBlock));
    const text = await readFile((await download.path())!, "utf8");
    expect(text).toMatch(/^# /m);
    // Generated from the chain: it names the Safe's owners.
    expect(text.toLowerCase()).toContain(OWNER_1.toLowerCase());
  });

  test("Execute Treasury Strategy previews every call of the batch, then runs it through the Safe with the operator's co-signing", async ({
    page,
  }) => {
    await asOperatorCoSigning(page, `${PAGE}?tab=strategy`, false);
    await page.getByRole("button", { name: "Execute Treasury Strategy" }).click();
    const dialog = page.getByTestId("qt-strategy-dialog");
    await expect(dialog.getByTestId("qt-strategy-confirm")).toHaveText("Propose the batch");
    await dialog.getByTestId("qt-cosign-checkbox").check();
    await expect(dialog.getByTestId("qt-strategy-confirm")).toHaveText("Execute the batch");
    await dialog.getByTestId("qt-strategy-collateralUsdc").fill("3000");
    await dialog.getByTestId("qt-strategy-xqbAmount").fill("10");
    await dialog.getByTestId("qt-strategy-xqbusdAmount").fill("1000");
    const calls = dialog.getByTestId("qt-strategy-call");
    await expect(calls.first()).toBeVisible({ timeout: 20_000 });
    await expect(dialog.getByTestId("qt-strategy-confirm")).toBeEnabled();
    const functions = await calls.evaluateAll((els) => els.map((e) => e.getAttribute("data-function")));
    expect(functions.some((f) => f?.startsWith("depositUsdc"))).toBe(true);
    expect(functions.some((f) => f?.startsWith("mint"))).toBe(true);
    expect(functions.some((f) => f?.startsWith("mintXqbusd"))).toBe(true);
    await dialog.getByTestId("qt-strategy-confirm").click();
    await expect(dialog.getByTestId("safe-flow")).toHaveAttribute("data-status", "executed", { timeout: 60_000 });
    await expect(dialog.getByTestId("safe-signature")).toHaveCount(2);
    await expect(dialog.getByTestId("safe-signature").first()).toHaveAttribute("data-by", "server-dev-key");
    await expect(page.getByTestId("toast").filter({ hasText: "Treasury Operation Successful" })).toBeVisible();
  });

  for (const width of [1280, 390]) {
    test(`every tab fits at ${width} px (E2E_SCREENSHOTS=1 keeps screenshots in test-results/quantum-treasury-2)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await asOperatorCoSigning(page, PAGE, false);
      for (const tab of ["overview", "tokenomics", "collateral", "operations", "strategy"]) {
        await page.getByTestId(`tab-${tab}`).click();
        await expect(page.getByTestId(`tabpanel-${tab}`)).toBeVisible();
        if (tab === "tokenomics") await expect(page.getByTestId("qt-release-chart")).toBeVisible({ timeout: 20_000 });
        if (tab === "collateral")
          await expect(page.getByTestId("qt-agree-badge")).toHaveAttribute("data-agree", "true", { timeout: 20_000 });
        if (tab === "operations") {
          // A small mint, so the screenshot shows a Safe flow and the before/after table at this width.
          await page.getByTestId("qt-cosign-checkbox").check();
          const card = page.getByTestId("qt-op-mint_xqb");
          await card.getByTestId("qt-amount-mint_xqb").fill("1");
          await card.getByTestId("qt-run-mint_xqb").click();
          await expect(card.getByTestId("safe-flow")).toHaveAttribute("data-status", "executed", { timeout: 45_000 });
          // A kept screenshot waits for the toast to go (up to its 6-8 s), so it shows the table; the width check
          // below holds with the toast on screen too, as a visitor sees it.
          if (KEEP_SCREENSHOTS)
            await page
              .getByTestId("toast")
              .first()
              .waitFor({ state: "detached", timeout: 15_000 })
              .catch(() => {});
        }
        await expect(
          page
            .getByTestId(`tabpanel-${tab}`)
            .locator('[data-testid="part-loading"], [role="status"][aria-label^="Loading"]'),
        ).toHaveCount(0, { timeout: 20_000 });
        await page.waitForTimeout(300);
        await keepScreenshot(page, { path: `test-results/quantum-treasury-2/${tab}-${width}.png`, fullPage: true });
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${tab} at ${width} px scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
      }
      // The strategy's preview dialog, every call of the batch listed.
      await page.getByRole("button", { name: "Execute Treasury Strategy" }).click();
      await expect(page.getByTestId("qt-strategy-call").first()).toBeVisible({ timeout: 20_000 });
      await page.waitForTimeout(300);
      await keepScreenshot(page, {
        path: `test-results/quantum-treasury-2/strategy-preview-${width}.png`,
        fullPage: true,
      });
    });
  }
});
