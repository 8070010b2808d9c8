import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { installInjectedWallet } from "./injected-wallet";
import { SPEC_ACCOUNT } from "./dev-accounts";

/** This spec's own dev account (e2e/dev-accounts.ts): its uploads count against no other spec's wallet quota. */
const ACCOUNT = SPEC_ACCOUNT.qIsolatorDashboard;

/** Creating and uploading act for a signed-in wallet: the injected wallet (its own dev account) connects and signs in (SIWE). */
async function signIn(page: Page) {
  await page.getByTestId("connect-wallet-button").click();
  await page.getByTestId("sign-in-button").click();
  await expect(page.getByTestId("session-status")).toBeVisible();
}

const PAGE = "/q-blockchain-isolator-dashboard";
const TABS = ["Overview", "Isolations", "VibeCoins Files", "Government", "Threat Testing", "Full Report"];

test.describe("Q Blockchain Isolator", () => {
  // The real stack: keys generated with @noble/post-quantum, the file sealed and stored as UnixFS blocks by the API,
  // the attacks run on copies of the stored envelope, the download opened with the custodian's key.
  test("create an isolation, upload a file, see its CID, attack it at intensity 85 (all blocked), download the same bytes", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await installInjectedWallet(page, { accountIndex: ACCOUNT });
    await page.goto(`${PAGE}?tab=isolations`);
    await expect(page.getByRole("tab")).toHaveText(TABS);
    // Before signing in, creating waits for it and says why.
    await expect(page.getByTestId("create-isolation")).toBeDisabled();
    await expect(page.getByTestId("create-isolation-form").getByTestId("access-note")).toContainText(
      "Sign in with your wallet",
    );
    await signIn(page);

    // Create: Enterprise Grade (the default), no agency.
    await expect(page.getByTestId("security-level")).toHaveValue("ENTERPRISE");
    await page.getByTestId("create-isolation").click();
    const created = page.getByTestId("create-success");
    await expect(created).toBeVisible({ timeout: 30_000 });
    await expect(created).toContainText("ML-KEM-768 + ML-DSA-65 (NIST category 3)");
    await expect(page.getByTestId("created-keys")).toContainText("encapsulation 1184 B"); // FIPS 203's ML-KEM-768 key size
    const isolationId = ((await page.getByTestId("created-id").textContent()) ?? "").trim();
    expect(isolationId).toMatch(/^iso-[0-9a-f]{16}$/);

    // Upload a small file into it.
    const bytes = randomBytes(3000);
    await page.getByTestId("upload-isolation").selectOption(isolationId);
    await page
      .getByTestId("upload-file")
      .setInputFiles({ name: "e2e-secret.bin", mimeType: "application/octet-stream", buffer: bytes });
    await expect(page.getByTestId("upload-picked")).toHaveText("e2e-secret.bin · 2.9 KB");
    await page.getByTestId("upload-button").click();
    await expect(page.getByTestId("upload-success")).toBeVisible({ timeout: 30_000 });
    const cid = ((await page.getByTestId("uploaded-cid").textContent()) ?? "").trim();
    expect(cid).toMatch(/^b[a-z2-7]{40,}$/);

    // The files tab lists it under its CID, secured.
    await page.getByRole("tab", { name: "VibeCoins Files" }).click();
    const card = page.locator(`[data-testid="file-card"][data-cid="${cid}"]`);
    await expect(card.getByTestId("file-hash")).toHaveText(`${cid.slice(0, 20)}...`);
    await expect(card.getByTestId("file-name")).toHaveText("e2e-secret.bin");
    await expect(card.getByTestId("file-size")).toContainText("2.9 KB");
    await expect(card.getByTestId("quantum-secured-badge")).toBeVisible();
    await expect(card.getByTestId("view-on-ipfs")).toHaveAttribute("href", new RegExp(`/ipfs/${cid}$`));

    // The threat simulation at the default intensity, 85: every attack refused by the product's own checks.
    await page.getByRole("tab", { name: "Threat Testing" }).click();
    await expect(page.getByTestId("threat-intensity")).toHaveValue("85");
    await page.getByTestId("launch-simulation").click();
    const summary = page.getByTestId("simulation-summary");
    await expect(summary).toBeVisible({ timeout: 120_000 });
    await expect(page.getByTestId("overall-rate")).toHaveText("100%");
    await expect(summary).toHaveAttribute("data-low", "false");
    const mine = page.locator('[data-testid="simulation-result"]').filter({ hasText: isolationId });
    await expect(mine.getByTestId("result-badge")).toHaveText("Threat blocked");
    await expect(mine.getByTestId("result-target")).toContainText(cid);
    await expect(mine.getByTestId("result-figures")).toContainText("85 attempts");
    const rows = page.getByTestId("attack-row");
    expect(await rows.count()).toBeGreaterThanOrEqual(7);
    await expect(page.locator('[data-testid="attack-row"][data-all-blocked="false"]')).toHaveCount(0);

    // Download it decrypted (the custodian's key) and compare the bytes: an operator's action, open here and saying why.
    await page.getByRole("tab", { name: "VibeCoins Files" }).click();
    await expect(card.getByTestId("access-note").first()).toContainText(
      "open: this server listens on this machine only",
    );
    const [download] = await Promise.all([page.waitForEvent("download"), card.getByTestId("download-file").click()]);
    expect(download.suggestedFilename()).toBe("e2e-secret.bin");
    const saved = await readFile((await download.path())!);
    expect(Buffer.compare(saved, bytes)).toBe(0);
    await expect(card.getByTestId("download-done")).toContainText("Decrypted with Custodian's key");

    // The report now measures readiness from the stored file and the simulation.
    await page.getByRole("tab", { name: "Full Report" }).click();
    await expect(page.getByTestId("report-active-value")).not.toHaveText("0");
    await expect(page.getByTestId("report-grade")).toContainText("Security Grade (self-test)");
    await expect(page.getByTestId("grade-qualifier")).toContainText("not an external audit");
    await expect(page.getByTestId("self-test-isolation").filter({ hasText: isolationId })).toContainText(cid);
    await expect(page.getByTestId("certification-statement")).toBeVisible();
  });

  test("a file over 25 MB is refused in the browser before it is sent", async ({ page }) => {
    await installInjectedWallet(page, { accountIndex: ACCOUNT });
    await page.goto(`${PAGE}?tab=isolations`);
    await signIn(page);
    await page.getByTestId("create-isolation").click();
    await expect(page.getByTestId("create-success")).toBeVisible({ timeout: 30_000 });
    let posted = false;
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().endsWith("/api/q-isolator/files")) posted = true;
    });
    // A sparse file on disk, given by path: the browser sees its size without 25 MB crossing the DevTools protocol as
    // base64 (which took 36 s of this test on two cores), and the page refuses it on that size alone.
    const dir = await mkdtemp(path.join(tmpdir(), "isolator-e2e-"));
    try {
      const big = path.join(dir, "big.bin");
      await writeFile(big, "");
      await truncate(big, 25 * 1024 * 1024 + 1);
      await page.getByTestId("upload-file").setInputFiles(big);
      await expect(page.getByTestId("upload-refused")).toContainText("larger than the 25 MB limit");
      await expect(page.getByTestId("upload-button")).toBeDisabled();
      expect(posted).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test("at 390 px every tab fits without scrolling sideways", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(PAGE);
    await expect(page.getByTestId("summary-status-value")).toBeVisible({ timeout: 30_000 });
    for (const name of TABS) {
      await page.getByRole("tab", { name }).click();
      await page.waitForLoadState("networkidle");
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, name).toBeLessThanOrEqual(0);
    }
  });
});
