import { expect, test } from "@playwright/test";
import { createPublicClient, http, parseAbi, type Address } from "viem";
import { installInjectedWallet } from "./injected-wallet";
import { APP_URL, CHAIN_URL } from "./stack-urls";

const PAGE = "/vibecoins-xqb-mint-burn";
const chain = createPublicClient({ transport: http(CHAIN_URL) });
const erc20 = parseAbi(["function totalSupply() view returns (uint256)"]);

/** VibeCoin's address as the API reads it (this run's deployment). */
async function vibeAddress(page: import("@playwright/test").Page): Promise<Address> {
  const body = (await (await page.request.get(`${APP_URL}/api/vibecoins/supplies`)).json()) as {
    supplies: { ledger: string; token: string; issuer: Address }[];
  };
  return body.supplies.find((s) => s.ledger === "ethereum" && s.token === "VIBE")!.issuer;
}

test.describe("VibeCoins XQB Mint / Burn", () => {
  test("signs in, earns the VIBE reward, burns some VIBE and sees the supply fall", async ({ page }) => {
    await installInjectedWallet(page);
    await page.goto(PAGE);
    const vibe = await vibeAddress(page);
    const supply = () => chain.readContract({ address: vibe, abi: erc20, functionName: "totalSupply" });

    // Supplies, each with its badge: the local chain live, Stellar simulated (unreachable in the browser tests).
    await expect(page.getByTestId("supply-ethereum-VIBE")).toHaveAttribute("data-source", "live");
    await expect(page.getByTestId("supply-stellar-VIBE")).toHaveAttribute("data-source", "simulated");

    await page.getByTestId("connect-wallet-button").click();
    const reward = page.getByTestId("reward-card");
    await reward.getByTestId("sign-in-button").click();
    const before = await supply();
    await reward.getByTestId("reward-button").click();
    await expect(reward.getByTestId("reward-supply")).toContainText("→");
    await expect(page.getByTestId("toast").filter({ hasText: "Reward minted" })).toBeVisible();
    const afterReward = await supply();
    expect(afterReward - before).toBe(100n * 10n ** 18n);
    // A second reward within the hour cannot be asked for: the button waits, and says until when.
    await expect(reward.getByTestId("reward-button")).toBeDisabled();
    await expect(reward.getByTestId("reward-next")).toContainText("Next reward from");

    // Burn 25 VIBE from the wallet through the transaction flow; the API reads the receipt back.
    const burn = page.getByTestId("burn-card");
    await burn.getByTestId("burn-amount").fill("25");
    await burn.getByTestId("burn-button").click();
    const dialog = page.getByRole("dialog");
    await dialog.getByTestId("tx-confirm").click();
    await expect(dialog).toHaveAttribute("data-phase", "confirmed", { timeout: 30_000 });
    await dialog.getByTestId("tx-close").click();
    const shown = burn.getByTestId("burn-supply-VIBE");
    await expect(shown).toBeVisible();
    const [b, a] = [Number(await shown.getAttribute("data-before")), Number(await shown.getAttribute("data-after"))];
    expect(b - a).toBe(25);
    expect(await supply()).toBeLessThan(afterReward);

    // The history lists the reward and the burn.
    await expect(page.getByTestId("history-entry").filter({ hasText: "Burn" }).first()).toContainText("25 VIBE");
    await expect(page.getByTestId("history-entry").filter({ hasText: "Reward" }).first()).toContainText("100 VIBE");
  });
});
