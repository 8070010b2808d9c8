import { expect, test } from "@playwright/test";
import { classicAddressToXAddress } from "xrpl";

// XRPL in the user's hands, live on the fake rippled mini ledger (e2e/global-setup.ts): a wallet generated
// in the page, funded from the faucet, reserves read from the ledger, the XQB trust line, a payment
// validated with its ledger index; and a seed typed into the page never appears in any request.

const ACCOUNT = "/xrp-account-testing";
const EXECUTION = "/real-testnet-xrp-execution";

test.describe("XRPL account and payments", () => {
  test("generate, fund, reserves from the ledger, the XQB trust line, then a payment validated in a ledger", async ({
    page,
  }) => {
    await page.goto(ACCOUNT);
    await expect(page.getByTestId("xrpl-network").getByTestId("source-badge")).toHaveAttribute("data-source", "live");
    await expect(page.getByTestId("xrpl-network-ledger")).toContainText("reserves 1 XRP + 0.2 XRP per object");
    await page.getByTestId("xrpl-generate-button").click();
    const address = (await page.getByTestId("xrpl-address").textContent())!.trim();
    expect(address).toMatch(/^r[1-9A-HJ-NP-Za-km-z]{24,34}$/);
    // The seed is shown once, until the user says it is saved.
    await expect(page.getByTestId("xrpl-seed-shown-value")).toHaveText(/^s[1-9A-HJ-NP-Za-km-z]+$/);
    await page.getByTestId("xrpl-seed-shown-done").click();
    await expect(page.getByTestId("xrpl-seed-shown")).toHaveCount(0);
    await expect(page.getByTestId("xrpl-account-missing")).toBeVisible();

    await page.getByTestId("xrpl-fund-button").click();
    await expect(page.getByTestId("xrpl-balance-reading")).toHaveText("10000 XRP");
    await expect(page.getByTestId("xrpl-reserve-base-reading")).toHaveText("1 XRP");
    await expect(page.getByTestId("xrpl-reserve-owner-reading")).toHaveText("0.2 XRP x 0");

    await page.getByTestId("xrpl-trustline-button").click();
    await expect(page.getByTestId("xrpl-trustline").filter({ hasText: "XQB" })).toBeVisible();
    await expect(page.getByTestId("xrpl-reserve-owner-reading")).toHaveText("0.2 XRP x 1");
    await expect(page.getByTestId("xrpl-trustline-button")).toHaveText("XQB trust line added");

    // A public lookup of the same account by its test-net X-address: decoded in the page, read live.
    await expect(page.getByTestId("xrpl-network-fee")).toContainText("the ledger's fee command");
    await page.getByTestId("xrpl-lookup-input").fill(classicAddressToXAddress(address, 7, true));
    await expect(page.getByTestId("xrpl-lookup-decoded")).toContainText(
      `Classic address ${address} · destination tag 7`,
    );
    await page.getByTestId("xrpl-lookup-button").click();
    await expect(page.getByTestId("xrpl-lookup-summary")).toContainText(
      "XRP and 1 trust line, read from the validated ledger",
    );

    // The wallet lives in the tab's memory: a client-side navigation keeps it (a reload would forget it).
    await page.evaluate((p) => {
      window.history.pushState({}, "", p);
      window.dispatchEvent(new PopStateEvent("popstate"));
    }, EXECUTION);
    await expect(page.getByTestId("xrpl-address")).toHaveText(address);
    await page.getByTestId("xrpl-destination-input").fill("rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe");
    await page.getByTestId("xrpl-amount-input").fill("12.5");
    await page.getByTestId("xrpl-tag-input").fill("4294967296");
    await expect(page.getByTestId("xrpl-send-button")).toBeDisabled();
    await expect(page.getByTestId("xrpl-send-button-reason")).toHaveText("A whole number from 0 to 4294967295");
    await page.getByTestId("xrpl-tag-input").fill("42");
    await page.getByTestId("xrpl-memo-input").fill("hello ledger");
    await page.getByTestId("xrpl-send-button").click();
    const result = page.getByTestId("xrpl-payment-result").first();
    await expect(result).toHaveAttribute("data-status", "validated");
    await expect(result).toHaveAttribute("data-result", "tesSUCCESS");
    await expect(result.getByTestId("xrpl-result-engine")).toContainText("the transaction was applied");
    expect(Number(await result.getByTestId("xrpl-result-ledger").textContent())).toBeGreaterThan(1000);
    await expect(result.getByTestId("explorer-link")).toHaveAttribute(
      "href",
      /^https:\/\/testnet\.xrpl\.org\/transactions\/[0-9A-F]{64}$/,
    );

    // A refusal in words: more than the account holds above its reserve.
    await page.getByTestId("xrpl-amount-input").fill("9999");
    await page.getByTestId("xrpl-send-button").click();
    const refused = page.getByTestId("xrpl-payment-result").first();
    await expect(refused).toHaveAttribute("data-result", "tecUNFUNDED_PAYMENT");
    await expect(refused.getByTestId("xrpl-result-engine")).toContainText("does not hold enough XRP");
  });

  test("a seed typed into the page never appears in any request", async ({ page }) => {
    const bodies: string[] = [];
    const urls: string[] = [];
    page.on("request", (r) => {
      urls.push(r.url());
      bodies.push(r.postData() ?? "");
      bodies.push(JSON.stringify(r.headers()));
    });
    await page.goto(ACCOUNT);
    await page.getByTestId("xrpl-seed-input").fill("s0OIl0OIl0OIl0OIl0OIl");
    await page.getByTestId("xrpl-import-button").click();
    await expect(page.getByText("A seed uses base58 characters only (no 0, O, I or l)")).toBeVisible();
    const seed = "sEdTM1uX8pu2do5XvTnutH6HsouMaM2"; // a valid ed25519 family seed (xrpl.js docs' example)
    await page.getByTestId("xrpl-seed-input").fill(seed);
    await page.getByTestId("xrpl-import-button").click();
    await expect(page.getByTestId("xrpl-address")).toBeVisible();
    await page.getByTestId("xrpl-fund-button").click();
    await expect(page.getByTestId("xrpl-balance-reading")).toContainText("XRP");
    await page.getByTestId("xrpl-trustline-button").click();
    await expect(page.getByTestId("xrpl-trustline").filter({ hasText: "XQB" })).toBeVisible();
    expect(urls.some((u) => u.includes("/api/xrpl/submit") || u.includes("/api/xrpl/fund"))).toBe(true);
    for (const text of [...bodies, ...urls]) expect(text).not.toContain(seed);
  });

  test("both pages fit a 390 px screen and the forms work from the keyboard", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of [ACCOUNT, EXECUTION]) {
      await page.goto(path);
      await expect(page.getByTestId("xrpl-generate-button")).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
    await page.getByTestId("xrpl-seed-input").focus();
    await page.keyboard.type("sEdTM1uX8pu2do5XvTnutH6HsouMaM3");
    await page.keyboard.press("Enter");
    await expect(
      page.getByText("This is not a valid XRPL seed (its checksum does not match): check for a typo"),
    ).toBeVisible();
  });
});
