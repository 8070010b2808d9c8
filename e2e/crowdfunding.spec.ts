import { expect, test, type Page } from "@playwright/test";
import { createPublicClient, createWalletClient, http, parseAbi, parseUnits, type Address } from "viem";
import { mnemonicToAccount } from "viem/accounts";
import { localChain } from "../dapp/src/lib/local-chain";
import { devAddress, SPEC_ACCOUNT } from "./dev-accounts";
import { installInjectedWallet } from "./injected-wallet";
import { connectWallet } from "./sign-in";
import { APP_URL, CHAIN_URL } from "./stack-urls";
import { chooseOption } from "./choose-option";

const PAGE = "/enhanced-vibecoins-crowdfunding";
const FUNDER = SPEC_ACCOUNT.crowdfunding;
const VERIFIER = SPEC_ACCOUNT.crowdfundingVerifier;
const chain = createPublicClient({ transport: http(CHAIN_URL) });
const erc20 = parseAbi(["function balanceOf(address) view returns (uint256)", "function faucet(uint256 amount)"]);
const campaignAbi = parseAbi(["function contributionOf(address) view returns (uint256)"]);
const registryAbi = parseAbi(["function revoke(uint256 id)"]);
const usdc = (n: number) => parseUnits(String(n), 6);

interface Contracts {
  usdc: Address;
  vibe: Address;
  registry: Address;
}
interface Project {
  id: string;
  title: string;
  campaign: Address;
  creator: Address;
  satelliteVerified: boolean;
  state: string | null;
  attestation: { id: string } | null;
}
async function api(page: Page): Promise<{ contracts: Contracts; projects: Project[] }> {
  return (await (await page.request.get(`${APP_URL}/api/vibecoins/projects`)).json()) as {
    contracts: Contracts;
    projects: Project[];
  };
}
const balance = (token: Address, who: Address) =>
  chain.readContract({ address: token, abi: erc20, functionName: "balanceOf", args: [who] });
/** The dev account sends a transaction itself (outside the page): the faucet's USDC, a revocation. */
const devWallet = (index: number) =>
  createWalletClient({
    account: mnemonicToAccount("test test test test test test test test test test test junk", { addressIndex: index }),
    chain: localChain(CHAIN_URL),
    transport: http(CHAIN_URL),
  });

async function open(page: Page, account: number) {
  await installInjectedWallet(page, { accountIndex: account });
  await page.goto(PAGE);
  await connectWallet(page);
  // The page's one Sign in (its actions are recorded for the signed-in wallet).
  await page.getByTestId("crowdfunding-sign-in").getByTestId("sign-in-button").click();
  await expect(page.getByTestId("crowdfunding-sign-in")).toHaveCount(0, { timeout: 20_000 });
}
const card = (page: Page, id: string) => page.locator(`[data-testid="project-card"][data-project="${id}"]`);
async function confirm(page: Page) {
  const dialog = page.getByRole("dialog");
  await dialog.getByTestId("tx-confirm").click();
  await expect(dialog).toHaveAttribute("data-phase", "confirmed", { timeout: 30_000 });
  await dialog.getByTestId("tx-close").click();
}

test.describe("Enhanced VibeCoins Crowdfunding", () => {
  test("a wallet funds a project: 50 USDC moves to the campaign and 50 VIBE lands, both read from the chain", async ({
    page,
  }) => {
    const wallet = devAddress(FUNDER);
    const { contracts, projects } = await api(page);
    await chain.waitForTransactionReceipt({
      hash: await devWallet(FUNDER).writeContract({
        address: contracts.usdc,
        abi: erc20,
        functionName: "faucet",
        args: [usdc(200)],
      }),
    });
    // An open campaign (runs of the refund test move the chain's clock past the shorter demo deadlines) that this
    // wallet has not funded yet, and not its own: a wallet earns its funding reward once per project.
    const fundedBefore = await Promise.all(
      projects.map((p) =>
        chain.readContract({
          address: p.campaign as Address,
          abi: campaignAbi,
          functionName: "contributionOf",
          args: [wallet],
        }),
      ),
    );
    const target = projects.find(
      (p, i) => p.state === "open" && fundedBefore[i] === 0n && p.creator.toLowerCase() !== wallet.toLowerCase(),
    )!;
    const before = {
      campaign: await balance(contracts.usdc, target.campaign),
      vibe: await balance(contracts.vibe, wallet),
    };
    await open(page, FUNDER);
    await expect(page.getByTestId("stats-bar")).toBeVisible();
    await card(page, target.id).getByTestId("fund-button").click();
    await confirm(page);
    const toast = page.getByTestId("toast").filter({ hasText: "Project Funded!" });
    await expect(toast).toContainText("Earned 50 VibeCoins for supporting environmental action");
    expect((await balance(contracts.usdc, target.campaign)) - before.campaign).toBe(usdc(50));
    expect((await balance(contracts.vibe, wallet)) - before.vibe).toBe(parseUnits("50", 18));
  });

  test("a verifier's attestation flips satelliteVerified, and its revocation flips it back", async ({ page }) => {
    const { contracts, projects } = await api(page);
    // Never attested before: a verifier earns its reward once per project.
    const target = projects.find((p) => p.attestation === null && p.state === "open")!;
    await open(page, VERIFIER);
    const c = card(page, target.id);
    await c.getByTestId("verify-button").click();
    await confirm(page);
    await expect(page.getByTestId("toast").filter({ hasText: "SATELLITE VERIFIED!" })).toContainText(
      "Earned 500 VibeCoins for verified environmental impact",
    );
    await expect(c.getByTestId("project-verified")).toBeVisible();
    await expect(c.getByTestId("verify-button")).toHaveCount(0);
    await expect(c.getByTestId("project-attestation")).toContainText("Attested by verifier");
    const attested = (await api(page)).projects.find((p) => p.id === target.id)!;
    expect(attested.satelliteVerified).toBe(true);

    // The verifier revokes it from its own wallet: the page reads the registry again and offers Verify again.
    await chain.waitForTransactionReceipt({
      hash: await devWallet(VERIFIER).writeContract({
        address: contracts.registry,
        abi: registryAbi,
        functionName: "revoke",
        args: [BigInt(attested.attestation!.id)],
      }),
    });
    await expect(c.getByTestId("project-attestation")).toContainText("was revoked", { timeout: 30_000 });
    await expect(c.getByTestId("verify-button")).toBeVisible();
    expect((await api(page)).projects.find((p) => p.id === target.id)!.satelliteVerified).toBe(false);
  });

  test("a wallet's own campaign misses its goal after the chain's clock moves, and refunds the contribution", async ({
    page,
  }) => {
    const wallet = devAddress(FUNDER);
    const { contracts } = await api(page);
    await chain.waitForTransactionReceipt({
      hash: await devWallet(FUNDER).writeContract({
        address: contracts.usdc,
        abi: erc20,
        functionName: "faucet",
        args: [usdc(100)],
      }),
    });
    await open(page, FUNDER);
    const create = page.getByTestId("create-project-card");
    const title = `Refund test ${Date.now()}`;
    await create.getByTestId("create-title").fill(title);
    await create.getByTestId("create-description").fill("A campaign that will miss its goal");
    await create.getByTestId("create-category").fill("Test");
    await create.getByTestId("create-location").fill("Local chain");
    await create.getByTestId("create-goal").fill("5000");
    await chooseOption(create.getByLabel("Runs for"), page.getByRole("option", { name: "7 days" }), "7 days");
    await create.getByTestId("create-button").click();
    await confirm(page);
    await expect(page.getByTestId("toast").filter({ hasText: "Project created" })).toBeVisible();
    const mine = (await api(page)).projects.find((p) => p.title === title)!;
    const c = card(page, mine.id);
    await expect(c.getByTestId("reward-note")).toHaveText("Your own campaign: funding it earns no VIBE.");
    await c.getByTestId("fund-button").click();
    await confirm(page);
    // Its own campaign: the contribution is recorded, and the toast says why it earned no VIBE.
    await expect(page.getByTestId("toast").filter({ hasText: "Project Funded!" })).toContainText(
      "No VIBE for funding your own campaign",
    );
    const funded = await balance(contracts.usdc, wallet);

    // 7 days of chain time: past the 7-day deadline without the goal.
    await page.getByTestId("advance-7").click();
    await expect(page.getByTestId("local-chain-time-done")).toContainText("Advanced 7 days");
    await expect(c.getByTestId("project-state")).toContainText("Goal missed", { timeout: 30_000 });
    await c.getByTestId("refund-button").click();
    await confirm(page);
    expect((await balance(contracts.usdc, wallet)) - funded).toBe(usdc(50));
    expect(await balance(contracts.usdc, mine.campaign)).toBe(0n);
    await expect(c.getByTestId("refund-button")).toHaveCount(0);
  });
});
