// Safe owners sign with their own wallets: a signed-in wallet proposes a Safe mint (nothing moves), owner #1
// and owner #2 (Hardhat dev accounts #1 and #2, public keys) sign it from two injected wallets in two browser
// contexts (EIP-712 through wagmi), and the second signature executes it: the supply read back from the chain
// rises by exactly the amount. A third wallet (dev #4) is not an owner: the page says so and offers no button,
// and a direct POST of its signature is refused with nothing stored.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { createPublicClient, erc20Abi, http, parseUnits, type Address, type Hex } from "viem";
import { deployment } from "../contracts/generated/31337";
import { installInjectedWallet } from "./injected-wallet";
import { connectAndSignIn, connectWallet } from "./sign-in";
import { APP_URL, CHAIN_URL } from "./stack-urls";

const PAGE = "/quantum-treasury-2?tab=operations";
const OWNER_1 = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const OWNER_2 = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
/** Hardhat dev account #4: not one of the Safe's owners (#1-#3). */
const OUTSIDER = "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65";
const AMOUNT = 1234;
const chain = createPublicClient({ transport: http(CHAIN_URL) });
const XQB = deployment.XQBToken.address as Address;
const SAFE = deployment.TreasuryMultisig.address as Address;
/**
 * The XQB supply at a block. The chain lane's specs mint and burn XQB beside this one: "nothing moved" is read from
 * the Safe's own balance (only the Safe's transactions move it, and they run one at a time in this lane), and the
 * mint's exact rise from the supply in the block before its execution and in that block.
 */
const xqbSupplyAt = (blockNumber: bigint) =>
  chain.readContract({ address: XQB, abi: erc20Abi, functionName: "totalSupply", blockNumber });
const safeXqb = () => chain.readContract({ address: XQB, abi: erc20Abi, functionName: "balanceOf", args: [SAFE] });

/** One browser context per wallet: its own localStorage, cookies and injected account. */
async function walletPage(browser: Browser, accountIndex: number): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await installInjectedWallet(page, { accountIndex });
  await page.goto(PAGE);
  return page;
}

const item = (page: Page, hash: string) => page.locator(`[data-testid="qt-proposal"][data-safe-tx-hash="${hash}"]`);

test.describe("Safe owners sign with their own wallets", () => {
  test("two owners sign a Safe mint from two wallets and it executes; a wallet that is not an owner cannot sign", async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const safeBefore = await safeXqb();

    // Owner #1's browser: signs in and proposes 1,234 XQB without the server's co-signing.
    const one = await walletPage(browser, 1);
    await connectAndSignIn(one);
    const card = one.getByTestId("qt-op-mint_xqb");
    await expect(one.getByTestId("qt-cosign-checkbox")).not.toBeChecked();
    await card.getByTestId("qt-amount-mint_xqb").fill(String(AMOUNT));
    await expect(card.getByTestId("qt-run-mint_xqb")).toBeEnabled();
    await card.getByTestId("qt-run-mint_xqb").click();
    const proposed = card.getByTestId("qt-proposed");
    await expect(proposed).toBeVisible({ timeout: 30_000 });
    const hash = (await proposed.getAttribute("data-safe-tx-hash"))!;
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await safeXqb()).toBe(safeBefore);

    // The queue shows it as Safe{Wallet} does: who proposed it, the SafeTx, confirmations 0/2.
    const queuedOne = item(one, hash);
    await expect(queuedOne).toHaveAttribute("data-status", "pending", { timeout: 20_000 });
    await expect(queuedOne.getByTestId("safe-proposed-by").getByTestId("address-view")).toHaveAttribute(
      "data-address",
      OWNER_1,
    );
    await expect(queuedOne.getByTestId("safe-tx-operation")).toHaveText("0 (Call)");
    await expect(queuedOne.getByTestId("safe-confirmations")).toHaveText("Confirmations 0/2");
    await queuedOne.getByTestId("safe-sign-button").click();
    await expect(queuedOne.getByTestId("safe-confirmations")).toHaveText("Confirmations 1/2", { timeout: 20_000 });
    const first = queuedOne.getByTestId("safe-signature");
    await expect(first).toHaveAttribute("data-owner", OWNER_1);
    await expect(first).toHaveAttribute("data-by", "owner-wallet");
    await expect(first.getByTestId("safe-signature-by")).toHaveText("Signed by the owner's own wallet");
    await expect(queuedOne.getByTestId("safe-owner-sign")).toHaveAttribute("data-state", "signed");
    expect(await safeXqb()).toBe(safeBefore);

    // A wallet that is not an owner (dev #4): told why, no button.
    const outsider = await walletPage(browser, 4);
    await connectWallet(outsider);
    const queuedOutsider = item(outsider, hash);
    const refusal = queuedOutsider.getByTestId("safe-owner-sign");
    await expect(refusal).toHaveAttribute("data-state", "not-owner", { timeout: 20_000 });
    await expect(refusal).toContainText(
      `The connected wallet ${OUTSIDER} is not an owner of this Safe, so it cannot sign this transaction.`,
    );
    await expect(queuedOutsider.getByTestId("safe-sign-button")).toHaveCount(0);
    // Its signature posted directly (signed by its key over the same SafeTx) is refused, and nothing is stored.
    const stored = (await (
      await outsider.request.get(`${APP_URL}/api/quantum-treasury-2/proposals/${hash}`)
    ).json()) as { typedData: unknown; signatures: unknown[] };
    expect(stored.signatures).toHaveLength(1);
    const outsiderSignature = (await (
      await fetch(CHAIN_URL, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "eth_signTypedData_v4",
          params: [OUTSIDER, JSON.stringify(stored.typedData)],
        }),
      })
    ).json()) as { result: Hex };
    const posted = await outsider.request.post(`${APP_URL}/api/quantum-treasury-2/proposals/${hash}/signatures`, {
      data: { signature: outsiderSignature.result },
    });
    expect(posted.status()).toBe(400);
    const body = (await posted.json()) as { code: string; issues: { path: string; message: string }[] };
    expect(body.code).toBe("INVALID_INPUT");
    expect(body.issues[0]!.path).toBe("signature");
    expect(body.issues[0]!.message).toContain(`recovers to ${OUTSIDER}`);
    const after = (await (
      await outsider.request.get(`${APP_URL}/api/quantum-treasury-2/proposals/${hash}`)
    ).json()) as { signatures: unknown[]; status: string };
    expect(after).toMatchObject({ status: "pending", signatures: [expect.objectContaining({ owner: OWNER_1 })] });

    // Owner #2's browser (no sign-in needed: the signature is the authority) signs: the threshold is met and it executes.
    const two = await walletPage(browser, 2);
    await connectWallet(two);
    const queuedTwo = item(two, hash);
    await expect(queuedTwo.getByTestId("safe-confirmations")).toHaveText("Confirmations 1/2", { timeout: 20_000 });
    await queuedTwo.getByTestId("safe-sign-button").click();
    const executed = item(two, hash);
    await expect(executed).toHaveAttribute("data-status", "executed", { timeout: 45_000 });
    await expect(executed.getByTestId("safe-confirmations")).toHaveText("Confirmations 2/2");
    await expect(executed.getByTestId("safe-execution-hash")).toContainText("Tx 0x");
    const owners = await executed
      .getByTestId("safe-signature")
      .evaluateAll((els) => els.map((e) => [e.getAttribute("data-owner"), e.getAttribute("data-by")]));
    expect(owners).toEqual([
      [OWNER_1, "owner-wallet"],
      [OWNER_2, "owner-wallet"],
    ]);
    await expect(two.getByTestId("toast").filter({ hasText: "Treasury Operation Successful" })).toBeVisible();
    // Read back from the chain: the supply rose by exactly the amount in the execution's block, and the Safe holds it.
    const { transactionHash } = (await (
      await two.request.get(`${APP_URL}/api/quantum-treasury-2/proposals/${hash}`)
    ).json()) as { transactionHash: Hex };
    const { blockNumber } = await chain.getTransactionReceipt({ hash: transactionHash });
    expect((await xqbSupplyAt(blockNumber)) - (await xqbSupplyAt(blockNumber - 1n))).toBe(
      parseUnits(String(AMOUNT), 18),
    );
    expect((await safeXqb()) - safeBefore).toBe(parseUnits(String(AMOUNT), 18));
    await expect(executed.getByTestId("qt-change-xqb").getByTestId("delta")).toHaveText("+1,234 XQB");

    // Owner #1's page sees the second signature arrive and the execution (the queue is re-read while it waits).
    await expect(item(one, hash)).toHaveAttribute("data-status", "executed", { timeout: 20_000 });
    await expect(item(one, hash).getByTestId("safe-execution-hash")).toContainText("Tx 0x");
    for (const p of [one, two, outsider]) await p.context().close();
  });
});
