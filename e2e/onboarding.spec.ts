import { expect, test, type Page } from "@playwright/test";
import { createWalletClient, http, parseEther, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { deployment } from "../contracts/generated/31337";
import { BURNER_KEY_ITEM } from "../dapp/src/lib/burner/burner-storage";
import { localChain } from "../dapp/src/lib/local-chain";
import { CHAIN_URL } from "./stack-urls";

const PAGE = "/authentic-user-onboarding";
const step = (page: Page, id: string) => page.getByTestId(`onboarding-step-${id}`);
const expectDone = (page: Page, id: string, timeout = 20_000) =>
  expect(step(page, id)).toHaveAttribute("data-status", "done", { timeout });

// A fresh wallet: the page's burner, a key generated in the browser and funded by the faucet step, walks the checklist
// to its first stake; the stake is sent straight to the pool contract with viem from here, outside the app.
test.describe("Authentic User Onboarding", () => {
  test("a fresh burner wallet walks the seven steps; a stake sent straight to the pool completes the last", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.goto(PAGE);
    await expect(step(page, "wallet")).toHaveAttribute("data-status", "current");
    await expect(page.getByTestId("onboarding-burner-warning")).toContainText("local chain only, never use elsewhere");

    // 1-3: the burner is found, on the local chain, connected.
    await page.getByTestId("onboarding-take-burner").click();
    for (const id of ["wallet", "network", "connected"]) await expectDone(page, id);
    await expect(step(page, "wallet").getByTestId("onboarding-step-evidence")).toContainText("burner");
    const key = (await page.evaluate((item) => sessionStorage.getItem(item), BURNER_KEY_ITEM)) as Hex;
    const burner = privateKeyToAccount(key);

    // 4: Sign-In with Ethereum, signed by the burner's key; steps 1-3 are recorded with it.
    await step(page, "signed_in").getByTestId("onboarding-sign-in").click();
    await expectDone(page, "signed_in");
    await expect(step(page, "connected").getByTestId("onboarding-step-evidence")).toContainText(
      `Account ${burner.address}`,
    );
    await expect(step(page, "connected").getByTestId("onboarding-step-evidence")).toContainText("recorded");

    // 5: the faucet's ETH, claimed inline.
    await step(page, "funded").getByTestId("onboarding-claim-eth").click();
    await expectDone(page, "funded", 30_000);
    await expect(step(page, "funded").getByTestId("onboarding-step-evidence")).toContainText("1 ETH from the faucet");

    // 6: the minting page, signed by the burner, then back here by the back link.
    await step(page, "first_mint").getByTestId("onboarding-go").click();
    await expect(page).toHaveURL(/\/multi-blockchain-minting\?from=/);
    await expect(page.getByTestId("eth-signer")).toHaveAttribute("data-signer", "wallet", { timeout: 20_000 });
    await page.getByTestId("eth-amount-input").fill("0.01");
    await page.getByTestId("mint-eth-button").click();
    const dialog = page.getByRole("dialog");
    await dialog.getByTestId("tx-confirm").click();
    await expect(dialog.getByTestId("tx-step-status")).toHaveText(/^Confirmed in block \d+$/, { timeout: 30_000 });
    await dialog.getByTestId("tx-close").click();
    await page.getByTestId("back-link").click();
    await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
    await expectDone(page, "first_mint");
    await expect(step(page, "first_mint").getByTestId("onboarding-step-evidence")).toContainText("Minted on XQBMinter");
    await expect(step(page, "first_stake")).toHaveAttribute("data-status", "current");

    // 7: a stake sent straight to the xqbETH pool, outside the app: the page re-checks on the chain's change.
    const wallet = createWalletClient({ account: burner, chain: localChain(CHAIN_URL), transport: http(CHAIN_URL) });
    const hash = await wallet.writeContract({
      address: deployment.xqbETH.address,
      abi: deployment.xqbETH.abi,
      functionName: "depositEth",
      args: [burner.address],
      value: parseEther("0.01"),
    });
    await expectDone(page, "first_stake", 30_000);
    await expect(step(page, "first_stake").getByTestId("onboarding-step-evidence")).toContainText(
      `Deposit on xqbETH, transaction ${hash.slice(0, 6)}`,
    );
    await expect(page.getByTestId("onboarding-complete")).toBeVisible();

    // Kept per wallet: after a reload the burner reconnects and every step reads as recorded.
    await page.reload();
    for (const id of ["wallet", "network", "connected", "signed_in", "funded", "first_mint", "first_stake"])
      await expectDone(page, id);
    await expect(step(page, "first_stake").getByTestId("onboarding-step-evidence")).toContainText("recorded");
  });
});
