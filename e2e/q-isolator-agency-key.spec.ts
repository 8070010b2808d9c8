import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { installInjectedWallet } from "./injected-wallet";
import { SPEC_ACCOUNT } from "./dev-accounts";

/** This spec's own dev account (e2e/dev-accounts.ts): its uploads count against no other spec's wallet quota. */
const ACCOUNT = SPEC_ACCOUNT.qIsolatorAgencyKey;

const PAGE = "/q-blockchain-isolator-dashboard";

// Keys stay with their holders: an agency's ML-KEM keys are made in the page, the server receives only the
// encapsulation keys, and a file wrapped for the agency is opened in the page with the saved key file. No API call
// decrypts it: the operator's server-side download refuses the agency (the server has no key for it), and the
// envelope under /ipfs/<cid> is ciphertext. (The database side: q-isolator.routes.test.ts.)
test("an agency key made in the page decrypts a file in the page; the server gives only ciphertext for it", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const agency = `E2E Lab ${randomBytes(3).toString("hex")}`;
  await installInjectedWallet(page, { accountIndex: ACCOUNT });
  await page.goto(`${PAGE}?tab=government`);
  await page.getByTestId("connect-wallet-button").click();
  await page.getByTestId("sign-in-button").click();
  await expect(page.getByTestId("session-status")).toBeVisible();

  // Register the agency: keys made here, the key file saved.
  await page.getByTestId("agency-key-name").fill(agency);
  await page.getByTestId("agency-key-clearance").selectOption("SECRET");
  const registered = page.waitForResponse(
    (r) => r.url().endsWith("/api/q-isolator/government-profiles") && r.request().method() === "POST",
  );
  const [keyDownload] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("agency-key-register").click(),
  ]);
  const sent = (await registered).request().postDataJSON() as { encapsulationKeys: Record<string, string> };
  expect(keyDownload.suggestedFilename()).toMatch(/^agency-key-E2E-Lab-[0-9a-f]{6}\.json$/);
  const keyPath = (await keyDownload.path())!;
  const keyFile = JSON.parse(await readFile(keyPath, "utf8")) as {
    recipientId: string;
    keys: { securityLevel: string; encapsulationKey: string; decapsulationKey: string }[];
  };
  expect(keyFile.recipientId).toBe(`agency:${agency}`);
  // what the server got: encapsulation keys only, the very ones in the key file
  for (const k of keyFile.keys) {
    expect(sent.encapsulationKeys[k.securityLevel]).toBe(k.encapsulationKey);
    expect(JSON.stringify(sent)).not.toContain(k.decapsulationKey.slice(0, 40));
  }
  await expect(page.getByTestId("agency-key-success")).toContainText(`${agency} holds its own keys`);
  await expect(
    page.locator(`[data-testid="agency-profile"][data-agency="${agency}"]`).getByTestId("agency-key-custody"),
  ).toHaveAttribute("data-custody", "agency");

  // An isolation for the agency, and a file in it.
  await page.getByRole("tab", { name: "Isolations" }).click();
  await page.getByTestId("agency-input").fill(agency);
  await page.getByTestId("create-isolation").click();
  await expect(page.getByTestId("create-success")).toBeVisible({ timeout: 30_000 });
  const isolationId = ((await page.getByTestId("created-id").textContent()) ?? "").trim();
  const secret = randomBytes(5000);
  await page.getByTestId("upload-isolation").selectOption(isolationId);
  await page
    .getByTestId("upload-file")
    .setInputFiles({ name: "agency-only.bin", mimeType: "application/octet-stream", buffer: secret });
  await page.getByTestId("upload-button").click();
  await expect(page.getByTestId("upload-success")).toBeVisible({ timeout: 30_000 });
  const cid = ((await page.getByTestId("uploaded-cid").textContent()) ?? "").trim();

  // Decrypt it in the page with the key file: the same bytes.
  await page.getByRole("tab", { name: "VibeCoins Files" }).click();
  const card = page.locator(`[data-testid="file-card"][data-cid="${cid}"]`);
  await expect(card.getByTestId("file-version")).toContainText(`${agency} (agency) holds its own key`);
  await card.getByTestId("key-file-input").setInputFiles({
    name: keyDownload.suggestedFilename(),
    mimeType: "application/json",
    buffer: await readFile(keyPath),
  });
  await expect(card.getByTestId("key-file-picked")).toHaveText(keyDownload.suggestedFilename());
  const [plain] = await Promise.all([page.waitForEvent("download"), card.getByTestId("decrypt-in-browser").click()]);
  expect(plain.suggestedFilename()).toBe("agency-only.bin");
  expect(Buffer.compare(await readFile((await plain.path())!), secret)).toBe(0);
  await expect(card.getByTestId("decrypt-done")).toContainText(
    `Decrypted in this browser as ${agency} (agency) (ML-KEM-768, 10 checks passed)`,
  );

  // The server's side: the download route refuses the agency (no key held for it); the server-side download offers
  // only the custodian; /ipfs/<cid> is the envelope, ciphertext only.
  await expect(card.getByTestId("download-recipient").locator("option")).toHaveText(["Custodian"]);
  const refused = await page.request.get(
    `/api/q-isolator/files/${cid}?recipient=${encodeURIComponent(`agency:${agency}`)}`,
  );
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { issues: { message: string }[] }).issues[0]!.message).toContain(
    "registered its own",
  );
  const envelope = await page.request.get(`/ipfs/${cid}`);
  expect(envelope.status()).toBe(200);
  const bytes = await envelope.body();
  expect(bytes.subarray(0, 4).toString()).toBe("XQPQ");
  expect(bytes.includes(secret.subarray(0, 32))).toBe(false);
  const profiles = (await (await page.request.get("/api/q-isolator/government-profiles")).json()) as {
    profiles: { agency: string; keyCustody: string }[];
  };
  expect(profiles.profiles.find((p) => p.agency === agency)?.keyCustody).toBe("agency");
});
