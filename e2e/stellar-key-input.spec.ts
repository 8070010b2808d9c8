import { expect, test, type Page } from "@playwright/test";
import { Keypair } from "@stellar/stellar-sdk";
import { keepScreenshot } from "./keep-screenshot";

const PAGE = "/stellar-key-input";

/** Every request the page makes: URL and body, to search for the secret afterwards. */
function recordRequests(page: Page) {
  const seen: string[] = [];
  page.on("request", (req) => seen.push(`${req.method()} ${req.url()}\n${req.postData() ?? ""}`));
  return seen;
}

test.describe("Stellar Key Input", () => {
  test("a secret typed into the page never appears in any request; a payment is signed here and shown as simulated with its reason", async ({
    page,
  }) => {
    const requests = recordRequests(page);
    const kp = Keypair.random();
    const secret = kp.secret();
    await page.goto(PAGE);
    const input = page.getByTestId("secret-input");
    await expect(input).toHaveAttribute("type", "password");
    // A mistyped key is refused as it is typed, with the reason.
    await input.fill(secret.slice(0, 30) + (secret[30] === "A" ? "B" : "A") + secret.slice(31));
    await expect(page.getByTestId("secret-helper")).toContainText("wrong checksum");
    await expect(page.getByTestId("use-secret")).toBeDisabled();
    await input.fill(secret);
    await expect(page.getByTestId("secret-helper")).toHaveText("Valid secret key (checksum verified)");
    await page.getByTestId("use-secret").click();
    await expect(page.getByTestId("public-key")).toHaveText(kp.publicKey());

    // Stellar is unreachable in the browser tests: the account was never read, and the page says so.
    await expect(page.getByTestId("account-missing")).toContainText("Stellar is simulated");

    await page.getByTestId("pay-destination").fill(Keypair.random().publicKey());
    await page.getByTestId("pay-amount").fill("3.25");
    await page.getByTestId("pay-memo").fill("e2e 🌱");
    await expect(page.getByTestId("memo-counter")).toHaveText("8 / 28 bytes");
    await page.getByTestId("pay-submit").click();
    const result = page.getByTestId("submit-result");
    await expect(result).toHaveAttribute("data-source", "simulated", { timeout: 20_000 });
    await expect(page.getByTestId("submit-reason")).toContainText("Why simulated:");
    await expect(page.getByTestId("submit-reason")).toContainText("unreachable");
    await expect(page.getByTestId("submit-hash")).toHaveText(/^Tx [0-9a-f]{10}…[0-9a-f]{8}$/);
    await expect(result.getByRole("button", { name: "Copy signed transaction XDR" })).toBeVisible();
    await keepScreenshot(page, { path: "test-results/e2e/stellar-key-input-payment.png", fullPage: true });

    // The network signed for, and a public lookup (no secret): Horizon is unreachable, so the balance is unknown.
    await expect(page.getByTestId("stellar-passphrase")).toContainText("Test SDF Network ; September 2015");
    await expect(page.getByTestId("stellar-base-fee")).toContainText("the SDK's default BASE_FEE");
    await page.getByTestId("stellar-lookup-input").fill(Keypair.random().publicKey());
    await page.getByTestId("stellar-lookup-button").click();
    await expect(page.getByTestId("stellar-lookup-summary")).toContainText("Not reachable, balance unknown");

    // The trustline too: signed here, relayed as an envelope.
    await page.getByTestId("trust-VIBE").click();
    await expect(page.getByTestId("submit-result")).toContainText("VIBE trustline: simulated, not submitted", {
      timeout: 20_000,
    });

    const all = requests.join("\n");
    expect(
      requests.some((r) => r.startsWith("POST") && r.includes("/api/stellar/submit") && r.includes("envelopeXdr")),
    ).toBe(true);
    expect(all).not.toContain(secret);
    expect(all).not.toContain(encodeURIComponent(secret));
    expect(all).not.toContain(secret.slice(1, 40));
  });

  test("generate a keypair: the secret shown once, never sent; at 390 px nothing overflows", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const requests = recordRequests(page);
    await page.goto(PAGE);
    await page.getByTestId("generate-keypair").click();
    const secret = (await page.getByTestId("generated-secret-value").textContent()) ?? "";
    expect(secret).toMatch(/^S[A-Z2-7]{55}$/);
    await expect(page.getByTestId("public-key")).toHaveText(Keypair.fromSecret(secret).publicKey());
    await page.getByTestId("generated-secret-done").click();
    await expect(page.getByTestId("generated-secret")).toHaveCount(0);
    await expect(page.getByTestId("actions-panel")).toBeVisible({ timeout: 20_000 });
    await keepScreenshot(page, { path: "test-results/e2e/stellar-key-input-390.png", fullPage: true });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    // Keyboard: the payment form is reachable and submits with Enter.
    await page.getByTestId("pay-amount").focus();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("pay-submit")).toBeDisabled();
    await expect(page.getByTestId("pay-submit-reason")).toHaveText("Enter the destination account (G…)");
    expect(requests.join("\n")).not.toContain(secret);
  });
});
