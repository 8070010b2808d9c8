import { randomBytes } from "node:crypto";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { vi } from "vitest";
import { dsaKeygen, kemKeygen, sealFile } from "../../../../../api/src/features/q-isolator/crypto";
import { theme } from "../../../config/theme";
import { formatFileSize } from "../../../lib/format";
import { deferred, json, OPEN_ACCESS, stubFetch, type FakeRoute } from "../../../testing/fake-api";
import { narrowScreen } from "../../../testing/narrow-screen";
import { renderWithProviders } from "../../../testing/test-utils";
import { MAX_UPLOAD_BYTES, RULES } from "../constants";
import { makeAgencyKeys } from "../crypto/agency-key";
import { fromBase64, toBase64 } from "../crypto/bytes";
import {
  CID_A,
  CID_B,
  created,
  dns,
  emptyStatus,
  file,
  files,
  instance,
  ISO_ENT,
  ISO_GOV,
  profiles,
  report,
  simulation,
  status,
  uploaded,
  WALLET,
} from "../testing/fixtures";
import { QIsolatorPage } from "./q-isolator-page";

const PAGE = "/q-blockchain-isolator-dashboard";

/** This machine's presenter, signed in: operator actions open (no OPERATOR_ADDRESSES), wallet actions its own. */
const SIGNED_IN = { ...OPEN_ACCESS, address: WALLET };
/** A visitor of a server with named operators: no session. */
const VISITOR = {
  mode: "listed",
  openReason: null,
  address: null,
  operator: false,
  operatorBy: null,
  operatorCount: 1,
};

function setup(routes: Record<string, FakeRoute> = {}, route = PAGE) {
  const api = stubFetch({
    "GET /api/auth/access": () => json(SIGNED_IN),
    "GET /api/q-isolator/status": () => json(status()),
    "GET /api/q-isolator/vibecoins-files": () => json(files()),
    "GET /api/q-isolator/government-profiles": () => json(profiles),
    "GET /api/q-isolator/dns-protection": () => json(dns),
    "GET /api/q-isolator/comprehensive-report": () => json(report),
    ...routes,
  });
  return { ...api, ...renderWithProviders(<QIsolatorPage />, { route }) };
}

const count = (requests: { method: string; url: URL }[], method: string, path: string) =>
  requests.filter((r) => r.method === method && r.url.pathname === path).length;

/** A File whose size is `bytes` without holding them (jsdom keeps a Blob's bytes in memory). */
function fileOfSize(name: string, bytes: number) {
  const f = new File(["x"], name, { type: "application/octet-stream" });
  Object.defineProperty(f, "size", { value: bytes });
  return f;
}

describe("formatFileSize (spec part 2 §2)", () => {
  it("B below 1024, KB with one decimal below 1 MB, MB with one decimal from there", () => {
    expect(formatFileSize(0)).toBe("0 B");
    expect(formatFileSize(1023)).toBe("1023 B");
    expect(formatFileSize(1024)).toBe("1.0 KB");
    expect(formatFileSize(1536)).toBe("1.5 KB");
    expect(formatFileSize(1024 * 1024 - 1024)).toBe("1023.0 KB");
    expect(formatFileSize(1024 * 1024)).toBe("1.0 MB");
    expect(formatFileSize(MAX_UPLOAD_BYTES)).toBe("25.0 MB");
  });
});

describe("QIsolatorPage", () => {
  it("Overview: the summary cards and every isolation with its level, parameter sets, resistance and status; the failures named", async () => {
    setup();
    expect(await screen.findByTestId("summary-active-value")).toHaveTextContent("1");
    expect(screen.getByRole("heading", { level: 1, name: "Q Blockchain Isolator" })).toBeInTheDocument();
    expect(screen.getByTestId("summary-files-value")).toHaveTextContent("2");
    expect(screen.getByTestId("summary-threat-value")).toHaveTextContent("12.5%");
    expect(screen.getByTestId("summary-threat")).toHaveTextContent(RULES.quantumThreatLevel);
    expect(screen.getByTestId("summary-status-value")).toHaveTextContent("DEGRADED");
    expect(screen.getAllByRole("tab").map((t) => t.textContent)).toEqual([
      "Overview",
      "Isolations",
      "VibeCoins Files",
      "Government",
      "Threat Testing",
      "Full Report",
    ]);

    const cards = await screen.findAllByTestId("isolation-instance");
    expect(cards).toHaveLength(2);
    const gov = cards[0]!;
    expect(within(gov).getByTestId("instance-id")).toHaveTextContent(ISO_GOV);
    expect(within(gov).getByTestId("level-badge")).toHaveTextContent("Government Grade");
    expect(within(gov).getByTestId("instance-algorithms")).toHaveTextContent(
      "ML-KEM-1024 + ML-DSA-87 · NIST category 5 · FBI",
    );
    expect(within(gov).getByTestId("instance-resistance")).toHaveTextContent("100%");
    expect(within(gov).getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
    expect(within(gov).getByTestId("instance-status")).toHaveAttribute("data-status", "ACTIVE");
    expect(await within(gov).findByRole("button", { name: "Copy isolation id" })).toBeInTheDocument(); // after the first paint
    const ent = cards[1]!;
    expect(within(ent).getByTestId("instance-resistance")).toHaveTextContent("50%");
    expect(within(ent).getByTestId("instance-status")).toHaveTextContent("INTEGRITY_FAILED");
    expect(within(ent).getByTestId("integrity-failures")).toHaveTextContent(
      "tampered.bin failed the check “SHA-256 of the encrypted file matches the signed header”: SHA-256 differs",
    );
    expect(within(ent).getByTestId("instance-files")).toHaveTextContent("2 files · 1 verified");
    expect(screen.queryByTestId("integration-card")).not.toBeInTheDocument();
    expect(screen.getByTestId("resistance-rule")).toHaveTextContent(RULES.quantumResistance);
  });

  it("Overview: the integration card only when the status carries it; the empty state leads to the Isolations tab", async () => {
    const crypto = { domain: "vibecoins.crypto", fileCount: 3, isolationLevel: "GOVERNMENT" as const };
    const first = setup({ "GET /api/q-isolator/status": () => json(status({ vibeCoinsCrypto: crypto })) });
    expect(await screen.findByTestId("integration-card")).toHaveTextContent("vibecoins.crypto");
    expect(screen.getByTestId("integration-card")).toHaveTextContent("Protected files: 3");
    first.unmount();

    const { user } = setup({ "GET /api/q-isolator/status": () => json(emptyStatus()) });
    expect(await screen.findByTestId("overview-empty")).toHaveTextContent("No isolation yet");
    expect(screen.getByTestId("summary-status-value")).toHaveTextContent("EMPTY");
    await user.click(screen.getByTestId("go-create"));
    expect(screen.getByRole("tab", { name: "Isolations" })).toHaveAttribute("aria-selected", "true");
    expect(await screen.findByTestId("create-isolation-form", {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it("Isolations: the agency is checked with the API's rule before sending; pending reads Creating Isolation...; success shows the keys and refreshes the reads", async () => {
    const answer = deferred();
    const { user, requests } = setup(
      { "POST /api/q-isolator/create-isolation": () => answer.promise },
      `${PAGE}?tab=isolations`,
    );
    const level = await screen.findByTestId("security-level", {}, { timeout: 5000 });
    expect(level).toHaveValue("ENTERPRISE");
    expect([...(level as HTMLSelectElement).options].map((o) => o.textContent)).toEqual([
      "Government Grade (ML-KEM-1024 + ML-DSA-87)",
      "Enterprise Grade (ML-KEM-768 + ML-DSA-65)",
      "Commercial Grade (ML-KEM-512 + ML-DSA-44)",
    ]);

    await user.type(screen.getByTestId("agency-input"), "<script>");
    await user.click(screen.getByTestId("create-isolation"));
    expect(screen.getByTestId("agency-help")).toHaveTextContent(
      "Agency may contain letters, digits, spaces and . , ' & ( ) / - _ only",
    );
    await user.clear(screen.getByTestId("agency-input"));
    fireEvent.change(screen.getByTestId("agency-input"), { target: { value: "A".repeat(121) } });
    await user.click(screen.getByTestId("create-isolation"));
    expect(screen.getByTestId("agency-help")).toHaveTextContent("Agency must be at most 120 characters");
    expect(count(requests, "POST", "/api/q-isolator/create-isolation")).toBe(0);

    await user.clear(screen.getByTestId("agency-input"));
    await user.type(screen.getByTestId("agency-input"), "  FBI ");
    await user.selectOptions(level, "GOVERNMENT");
    const statusReadsBefore = count(requests, "GET", "/api/q-isolator/status");
    await user.click(screen.getByTestId("create-isolation"));
    expect(screen.getByTestId("create-isolation")).toHaveTextContent("Creating Isolation...");
    expect(screen.getByTestId("create-isolation")).toBeDisabled();
    expect(requests.find((r) => r.method === "POST")?.body).toEqual({ securityLevel: "GOVERNMENT", agency: "FBI" });
    answer.resolve(json(created, 201));
    const success = await screen.findByTestId("create-success");
    expect(success).toHaveTextContent("iso-aaaabbbbccccdddd");
    expect(success).toHaveTextContent("ML-KEM-768 + ML-DSA-65 (NIST category 3)");
    expect(success).toHaveTextContent(
      "encapsulation 1184 B, decapsulation 2400 B, verification 1952 B, signing 4032 B; generated in 4.2 ms",
    );
    expect(screen.getByTestId("create-isolation")).toHaveTextContent("Create Isolation");
    await waitFor(() => expect(count(requests, "GET", "/api/q-isolator/status")).toBeGreaterThan(statusReadsBefore));
  });

  it("Isolations: a file over 25 MB is refused before anything is sent; one within is uploaded and its CID shown", async () => {
    const { user, requests } = setup(
      { "POST /api/q-isolator/files": () => json(uploaded, 201) },
      `${PAGE}?tab=isolations`,
    );
    const input = await screen.findByTestId("upload-file", {}, { timeout: 5000 });
    expect(screen.getByTestId("upload-picked")).toHaveTextContent("up to 25 MB");
    await user.upload(input, fileOfSize("huge.iso", MAX_UPLOAD_BYTES + 1));
    expect(screen.getByTestId("upload-picked")).toHaveTextContent("huge.iso · 25.0 MB");
    expect(screen.getByTestId("upload-refused")).toHaveTextContent(
      "huge.iso is 25.0 MB: larger than the 25 MB limit, so it was not sent.",
    );
    expect(screen.getByTestId("upload-button")).toBeDisabled();
    fireEvent.submit(screen.getByTestId("upload-form"));
    expect(count(requests, "POST", "/api/q-isolator/files")).toBe(0);

    await user.upload(input, new File(["hello world"], "hello.txt", { type: "text/plain" }));
    expect(screen.queryByTestId("upload-refused")).not.toBeInTheDocument();
    expect(screen.getByTestId("upload-picked")).toHaveTextContent("hello.txt · 11 B");
    await user.click(screen.getByTestId("upload-button"));
    const done = await screen.findByTestId("upload-success");
    expect(within(done).getByTestId("uploaded-cid")).toHaveTextContent(CID_A);
    expect(done).toHaveTextContent("11 B plain, 4.9 KB stored");
    expect(within(done).getByTestId("uploaded-timings")).toHaveTextContent(
      "Sealed (encrypt + sign) in 6.5 ms, stored as UnixFS blocks in 2.1 ms",
    );
    expect(count(requests, "POST", "/api/q-isolator/files")).toBe(1);
  });

  it("Isolations: the API's own refusal of an upload (413) is shown with its message", async () => {
    const { user } = setup(
      {
        "POST /api/q-isolator/files": () =>
          json({ error: "The file is larger than the 25 MB limit", code: "BODY_TOO_LARGE" }, 413),
      },
      `${PAGE}?tab=isolations`,
    );
    const input = await screen.findByTestId("upload-file", {}, { timeout: 5000 });
    await user.upload(input, new File(["abc"], "a.txt"));
    await user.click(screen.getByTestId("upload-button"));
    expect(await screen.findByTestId("upload-error")).toHaveTextContent("The file is larger than the 25 MB limit");
  });

  it("VibeCoins Files: the computed Quantum Secured, and each file's hash preview, size, layer, version, IPFS link and decrypted download", async () => {
    const createObjectURL = vi.fn((_b: Blob) => "blob:file");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const { user, requests } = setup(
      {
        "GET /api/q-isolator/files/bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy": () =>
          new Response(new Uint8Array([104, 105]), {
            headers: {
              "Content-Type": "application/octet-stream",
              "Content-Disposition": 'attachment; filename="budget.pdf"',
            },
          }),
        "GET /api/q-isolator/files/bafkreibm6jg3ux5qumhcn2b3flc3tyu6dmlb4xa7u5bf44yegnrjhc4yeq": () =>
          json({ error: "This CID is a superseded version (1); the current is 2", code: "CONFLICT" }, 409),
      },
      `${PAGE}?tab=files`,
    );
    expect(await screen.findByTestId("total-files-value", {}, { timeout: 5000 })).toHaveTextContent("2");
    expect(screen.getByTestId("quantum-secured-value")).toHaveTextContent("50%");
    expect(screen.getByTestId("quantum-secured")).toHaveTextContent(RULES.quantumSecured);
    expect(screen.getByTestId("protection-level-value")).toHaveTextContent("Enterprise Grade");
    const [a, b] = screen.getAllByTestId("file-card");
    expect(within(a!).getByTestId("file-hash")).toHaveTextContent(`${CID_A.slice(0, 20)}...`);
    expect(within(a!).getByTestId("file-size")).toHaveTextContent("1.5 KB");
    expect(within(a!).getByTestId("quantum-secured-badge")).toHaveTextContent("Quantum Secured");
    expect(within(a!).getByTestId("file-layer")).toHaveTextContent(`GOVERNMENT · ML-KEM-1024 + ML-DSA-87 · ${ISO_GOV}`);
    expect(within(a!).getByTestId("file-version")).toHaveTextContent(
      "Version 2 · readable by Custodian, FBI (agency), NSA (agency)",
    );
    const ipfs = within(a!).getByTestId("view-on-ipfs");
    expect(ipfs).toHaveAttribute("href", `/ipfs/${CID_A}`);
    expect(ipfs).toHaveAttribute("target", "_blank");
    expect(ipfs).toHaveAttribute("rel", "noopener noreferrer");
    expect(within(b!).queryByTestId("quantum-secured-badge")).not.toBeInTheDocument();
    expect(within(b!).getByTestId("file-size")).toHaveTextContent("1023 B");
    expect(within(b!).getByTestId("file-verification")).toHaveTextContent(
      "Failed the check “SHA-256 of the encrypted file matches the signed header”",
    );

    const recipient = await within(a!).findByTestId("download-recipient");
    expect([...(recipient as HTMLSelectElement).options].map((o) => o.value)).toEqual([
      "custodian",
      "agency:FBI",
      "agency:NSA",
    ]);
    await user.selectOptions(recipient, "agency:FBI");
    await user.click(within(a!).getByTestId("download-file"));
    expect(await within(a!).findByTestId("download-done")).toHaveTextContent(
      "Decrypted with FBI (agency)'s key and saved as budget.pdf (2 B)",
    );
    expect(requests.find((r) => r.url.pathname.endsWith(CID_A))?.url.searchParams.get("recipient")).toBe("agency:FBI");
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(await createObjectURL.mock.calls[0]![0].text()).toBe("hi");

    await user.click(within(b!).getByTestId("download-file"));
    expect(await within(b!).findByTestId("download-error")).toHaveTextContent(
      "This CID is a superseded version (1); the current is 2",
    );
  });

  it("a visitor: create, upload, register and authorize wait for a sign-in, the server-side download is for operators, and decrypting with a key file is offered", async () => {
    const first = setup({ "GET /api/auth/access": () => json(VISITOR) }, `${PAGE}?tab=isolations`);
    const createButton = await screen.findByTestId("create-isolation", {}, { timeout: 5000 });
    await waitFor(() => expect(screen.getAllByTestId("access-note").length).toBeGreaterThanOrEqual(2));
    expect(createButton).toBeDisabled();
    expect(screen.getByTestId("upload-button")).toBeDisabled();
    expect(screen.getAllByTestId("access-note")[0]).toHaveTextContent("Sign in with your wallet to do this");
    first.unmount();

    const second = setup({ "GET /api/auth/access": () => json(VISITOR) }, `${PAGE}?tab=files`);
    const [card] = await screen.findAllByTestId("file-card", {}, { timeout: 5000 });
    const gated = await within(card!).findByTestId("server-download-gated");
    expect(gated).toHaveTextContent("operators only");
    expect(within(gated).getByTestId("access-note")).toHaveTextContent("Sign in as an operator to run this");
    expect(within(card!).queryByTestId("download-file")).not.toBeInTheDocument();
    expect(within(card!).getByTestId("browser-decrypt")).toHaveTextContent(
      "Decrypt in this browser with your key file",
    );
    second.unmount();

    setup({ "GET /api/auth/access": () => json(VISITOR) }, `${PAGE}?tab=government`);
    expect(await screen.findByTestId("agency-key-register", {}, { timeout: 5000 })).toBeDisabled();
    const [fbi] = await screen.findAllByTestId("agency-profile");
    await waitFor(() => expect(within(fbi!).getByTestId("authorize-button")).toBeDisabled());
  });

  it("VibeCoins Files: a file wrapped for an agency is decrypted in the page with its key file (the same bytes), and another key is refused by name", async () => {
    const createObjectURL = vi.fn((_b: Blob) => "blob:file");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    // the product's own sealer, for a key made the way the page makes it
    const made = makeAgencyKeys("Lab", "http://localhost");
    const signer = { level: "ENTERPRISE" as const, ...dsaKeygen("ENTERPRISE") };
    const plaintext = new Uint8Array(randomBytes(3000));
    const meta = file({
      isolationId: ISO_ENT,
      securityLevel: "ENTERPRISE",
      version: 1,
      name: "lab.bin",
      recipients: ["custodian", "agency:Lab"],
      recipientsHoldingOwnKey: ["agency:Lab"],
    });
    const { bytes } = sealFile({
      fileId: meta.fileId,
      version: 1,
      isolationId: ISO_ENT,
      level: "ENTERPRISE",
      name: "lab.bin",
      contentType: "application/octet-stream",
      plaintext,
      recipients: [
        { id: "custodian", encapsulationKey: kemKeygen("ENTERPRISE").encapsulationKey },
        { id: "agency:Lab", encapsulationKey: fromBase64(made.encapsulationKeys.ENTERPRISE)! },
      ],
      signer,
    });
    const { user, requests } = setup(
      {
        "GET /api/q-isolator/vibecoins-files": () => json(files({ files: [meta] })),
        "GET /api/q-isolator/status": () =>
          json(
            status({
              isolationInstances: [
                instance({
                  id: ISO_ENT,
                  securityLevel: "ENTERPRISE",
                  verificationKey: toBase64(signer.verificationKey),
                }),
              ],
            }),
          ),
        [`GET /ipfs/${meta.hash}`]: () =>
          new Response(bytes as BlobPart, { headers: { "Content-Type": "application/octet-stream" } }),
      },
      `${PAGE}?tab=files`,
    );
    const [card] = await screen.findAllByTestId("file-card", {}, { timeout: 5000 });
    expect(card).toHaveTextContent("Lab (agency) holds its own key");
    // the server cannot open as the agency: only the custodian is offered there
    const recipient = await within(card!).findByTestId("download-recipient");
    expect([...(recipient as HTMLSelectElement).options].map((o) => o.value)).toEqual(["custodian"]);
    const keyInput = within(card!).getByTestId("key-file-input");
    await user.upload(
      keyInput,
      new File([JSON.stringify(made.file)], "agency-key-Lab.json", { type: "application/json" }),
    );
    await waitFor(() => expect(within(card!).getByTestId("decrypt-in-browser")).toBeEnabled());
    await user.click(within(card!).getByTestId("decrypt-in-browser"));
    expect(await within(card!).findByTestId("decrypt-done", {}, { timeout: 10_000 })).toHaveTextContent(
      "Decrypted in this browser as Lab (agency) (ML-KEM-768, 10 checks passed) and saved as lab.bin",
    );
    const saved = new Uint8Array(await createObjectURL.mock.calls[0]![0].arrayBuffer());
    expect(Buffer.from(saved).equals(Buffer.from(plaintext))).toBe(true);
    // the key itself went nowhere: no request carried it
    const secret = made.file.keys.find((k) => k.securityLevel === "ENTERPRISE")!.decapsulationKey;
    expect(
      requests.some(
        (r) => r.url.href.includes(secret.slice(0, 40)) || JSON.stringify(r.body ?? "").includes(secret.slice(0, 40)),
      ),
    ).toBe(false);

    await user.upload(
      keyInput,
      new File([JSON.stringify(makeAgencyKeys("Lab", "x").file)], "other.json", { type: "application/json" }),
    );
    await user.click(within(card!).getByTestId("decrypt-in-browser"));
    expect(await within(card!).findByTestId("decrypt-error", {}, { timeout: 10_000 })).toHaveTextContent(
      "Refused at the check “File key unwraps (ML-KEM + HKDF + AES-GCM)”",
    );
  });

  it("Government: an agency registered with keys made in the page sends only its encapsulation keys and saves the key file", async () => {
    const createObjectURL = vi.fn((_b: Blob) => "blob:key");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const lab = { ...profiles.profiles[1]!, agency: "Lab", keyCustody: "agency" as const };
    const { user, requests } = setup(
      { "POST /api/q-isolator/government-profiles": () => json({ profile: lab }, 201) },
      `${PAGE}?tab=government`,
    );
    await user.type(await screen.findByTestId("agency-key-name", {}, { timeout: 5000 }), "Lab");
    await waitFor(() => expect(screen.getByTestId("agency-key-register")).toBeEnabled());
    await user.click(screen.getByTestId("agency-key-register"));
    expect(await screen.findByTestId("agency-key-success", {}, { timeout: 10_000 })).toHaveTextContent(
      "Lab holds its own keys",
    );
    expect(screen.getByTestId("agency-key-file")).toHaveTextContent("agency-key-Lab.json");
    const sent = requests.find((r) => r.method === "POST")!.body as {
      agency: string;
      clearanceLevel: string;
      encapsulationKeys: Record<string, string>;
    };
    expect(Object.keys(sent).sort()).toEqual(["agency", "clearanceLevel", "encapsulationKeys"]);
    expect({ agency: sent.agency, clearanceLevel: sent.clearanceLevel }).toEqual({
      agency: "Lab",
      clearanceLevel: "SECRET",
    });
    expect(
      Object.fromEntries(Object.entries(sent.encapsulationKeys).map(([l, k]) => [l, fromBase64(k)!.length])),
    ).toEqual({ COMMERCIAL: 800, ENTERPRISE: 1184, GOVERNMENT: 1568 });
    const keyFile = JSON.parse(await createObjectURL.mock.calls[0]![0].text()) as {
      recipientId: string;
      keys: { securityLevel: string; encapsulationKey: string; decapsulationKey: string }[];
    };
    expect(keyFile.recipientId).toBe("agency:Lab");
    for (const k of keyFile.keys) {
      expect(k.encapsulationKey).toBe(sent.encapsulationKeys[k.securityLevel]);
      expect(JSON.stringify(sent)).not.toContain(k.decapsulationKey.slice(0, 40));
    }
    await user.click(screen.getByTestId("agency-key-save-again"));
    expect(createObjectURL).toHaveBeenCalledTimes(2);
  });

  it("VibeCoins Files: View on IPFS opens the configured gateway; no file yet is an empty state", async () => {
    const first = setup(
      { "GET /api/q-isolator/vibecoins-files": () => json(files({ gatewayUrl: "https://ipfs.example/" })) },
      `${PAGE}?tab=files`,
    );
    const links = await screen.findAllByTestId("view-on-ipfs", {}, { timeout: 5000 });
    expect(links[1]).toHaveAttribute("href", `https://ipfs.example/ipfs/${CID_B}`);
    first.unmount();
    setup(
      {
        "GET /api/q-isolator/vibecoins-files": () =>
          json(
            files({
              totalFiles: 0,
              files: [],
              quantumSecuredPercent: 0,
              quantumProtection: { level: null, rule: RULES.protectionLevel },
            }),
          ),
      },
      `${PAGE}?tab=files`,
    );
    expect(await screen.findByTestId("files-empty", {}, { timeout: 5000 })).toHaveTextContent("No protected file yet");
  });

  it("Government: clearance badges (unknown grey), threat level, the first two authorised agencies; authorising shows the re-wrapped files; DNS protection with its self-test", async () => {
    const { user, requests } = setup(
      {
        "POST /api/q-isolator/government-profiles/authorize": () =>
          json({
            profile: profiles.profiles[1],
            rewrapped: [{ fileId: "f1", name: "budget.pdf", fromVersion: 2, toVersion: 3, cid: CID_B }],
          }),
      },
      `${PAGE}?tab=government`,
    );
    const cards = await screen.findAllByTestId("agency-profile", {}, { timeout: 5000 });
    expect(cards).toHaveLength(3);
    const fbi = cards[0]!;
    expect(within(fbi).getByTestId("clearance-badge")).toHaveTextContent("TOP SECRET");
    expect(within(fbi).getByTestId("agency-authorized")).toHaveTextContent("Authorized agencies: NSA, CIA + 1 more");
    expect(within(fbi).getByTestId("agency-layers")).toHaveTextContent("Active isolation layers: 1");
    expect(within(cards[1]!).getByTestId("agency-threat")).toHaveTextContent("25%");
    const unknown = within(cards[2]!).getByTestId("clearance-badge");
    expect(unknown).toHaveTextContent("COSMIC");
    expect(unknown).toHaveStyle({ backgroundColor: theme.palette.action.selected });
    expect(within(fbi).getByTestId("clearance-badge")).toHaveStyle({ backgroundColor: theme.palette.error.main });
    expect(screen.getByTestId("clearance-rule")).toHaveTextContent(RULES.clearance);

    const nsa = cards[1]!;
    await user.selectOptions(within(nsa).getByTestId("authorize-target"), "Mystery");
    await user.click(within(nsa).getByTestId("authorize-button"));
    expect(await within(nsa).findByTestId("rewrapped-file")).toHaveTextContent(
      `budget.pdf: version 2 → 3, CID ${CID_B}`,
    );
    expect(requests.find((r) => r.method === "POST")?.body).toEqual({ agency: "NSA", authorizedAgency: "Mystery" });

    const dnsCard = await screen.findByTestId("dns-card");
    expect(within(dnsCard).getByTestId("dns-domains")).toHaveTextContent("3");
    expect(within(dnsCard).getByTestId("dns-threats")).toHaveTextContent((12345).toLocaleString());
    expect(within(dnsCard).getByTestId("dns-uptime")).toHaveTextContent("2h 14m");
    expect(within(dnsCard).getByTestId("dns-rule")).toHaveTextContent(RULES.threatsBlocked);
    const tests = within(dnsCard).getAllByTestId("dns-test");
    expect(tests.map((t) => t.getAttribute("data-passed"))).toEqual(["true", "true", "false"]);
    expect(within(tests[1]!).getByTestId("dns-risk")).toHaveTextContent("HIGH Risk");
    expect(within(tests[2]!).getByTitle("failed")).toBeInTheDocument();
    expect(within(tests[0]!).getByTitle("passed")).toBeInTheDocument();
  });

  it("Threat Testing: the intensity input's attributes, the pending label, and the results with each attack and what stopped it", async () => {
    const answer = deferred();
    const { user, requests } = setup(
      { "POST /api/q-isolator/simulate-threat": () => answer.promise },
      `${PAGE}?tab=threats`,
    );
    const intensity = await screen.findByTestId("threat-intensity", {}, { timeout: 5000 });
    expect(intensity).toHaveAttribute("type", "number");
    expect(intensity).toHaveAttribute("min", "1");
    expect(intensity).toHaveAttribute("max", "100");
    expect(intensity).toHaveValue(85);
    await user.clear(intensity);
    await user.type(intensity, "42.7");
    await user.click(screen.getByTestId("launch-simulation"));
    expect(screen.getByTestId("launch-simulation")).toHaveTextContent("Simulating Quantum Attack...");
    expect(screen.getByTestId("launch-simulation")).toBeDisabled();
    expect(requests.find((r) => r.method === "POST")?.body).toEqual({ threatType: "QUANTUM_COMPUTER", intensity: 42 });
    answer.resolve(json(simulation(100)));
    const summary = await screen.findByTestId("simulation-summary");
    expect(screen.getByTestId("launch-simulation")).toHaveTextContent("Launch Threat Simulation");
    expect(within(summary).getByTestId("overall-rate")).toHaveTextContent("100%");
    expect(summary).toHaveAttribute("data-low", "false");
    expect(summary).toHaveTextContent("2 of 2 isolations secure · 170 of 170 attacks blocked");
    const results = screen.getAllByTestId("simulation-result");
    expect(within(results[0]!).getByTestId("result-badge")).toHaveTextContent("Threat blocked");
    expect(within(results[0]!).getByTestId("result-target")).toHaveTextContent(`budget.pdf (${CID_A})`);
    expect(within(results[1]!).getByTestId("result-target")).toHaveTextContent("canary");
    const rows = within(results[0]!).getAllByTestId("attack-row");
    expect(rows).toHaveLength(7);
    expect(rows[0]).toHaveTextContent("Bit flip in the encrypted file");
    expect(rows[0]).toHaveTextContent("AES-256-GCM authentication tag");
  });

  it("Threat Testing: a rate below 80 draws the summary with a red border and a breached isolation's badge red", async () => {
    const { user } = setup(
      { "POST /api/q-isolator/simulate-threat": () => json(simulation(70)) },
      `${PAGE}?tab=threats`,
    );
    const launch = await screen.findByTestId("launch-simulation", {}, { timeout: 5000 });
    // Enabled once the session probe has answered (the access gate): on a loaded machine that is after it renders.
    await waitFor(() => expect(launch).toBeEnabled(), { timeout: 5000 });
    await user.click(launch);
    const summary = await screen.findByTestId("simulation-summary");
    expect(summary).toHaveAttribute("data-low", "true");
    expect(summary).toHaveStyle({ borderColor: theme.palette.error.main });
    const badge = within(screen.getAllByTestId("simulation-result")[0]!).getByTestId("result-badge");
    expect(badge).toHaveTextContent("BREACHED");
    expect(badge).toHaveStyle({ backgroundColor: theme.palette.error.main });
    expect(within(screen.getAllByTestId("simulation-result")[0]!).getAllByTestId("attack-row")[0]).toHaveAttribute(
      "data-all-blocked",
      "false",
    );
  });

  it("Threat Testing on a phone: each attack is a card with every column, none in a box narrower than itself", async () => {
    narrowScreen();
    const { user } = setup(
      { "POST /api/q-isolator/simulate-threat": () => json(simulation(100)) },
      `${PAGE}?tab=threats`,
    );
    const launch = await screen.findByTestId("launch-simulation", {}, { timeout: 5000 });
    await waitFor(() => expect(launch).toBeEnabled(), { timeout: 5000 });
    await user.click(launch);
    const result = (await screen.findAllByTestId("simulation-result"))[0]!;
    expect(within(result).queryByRole("table")).toBeNull();
    const rows = within(result).getAllByTestId("attack-row");
    expect(rows).toHaveLength(7);
    expect(
      within(rows[0]!)
        .getAllByRole("term")
        .map((t) => t.textContent),
    ).toEqual(["Attack", "Attempts", "Blocked", "Stopped by", "Example refusal"]);
    expect(within(rows[0]!).getAllByRole("definition")[0]).toHaveTextContent("Bit flip in the encrypted file");
    expect(within(rows[0]!).getAllByRole("definition")[3]).toHaveTextContent("AES-256-GCM authentication tag");
  });

  it("Full Report: the figures (not measured until they are), the rules, what is used and no certification claimed; the Markdown downloads", async () => {
    const createObjectURL = vi.fn((_b: Blob) => "blob:report");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const { user } = setup({}, `${PAGE}?tab=report`);
    expect(await screen.findByTestId("report-version-value", {}, { timeout: 5000 })).toHaveTextContent(
      "0.1.0 · XQPQ v1",
    );
    expect(screen.getByTestId("report-readiness-value")).toHaveTextContent("not measured");
    expect(screen.getByTestId("report-grade-value")).toHaveTextContent("not measured");
    expect(screen.getByTestId("report-missing")).toHaveTextContent("no threat simulation has run yet");
    expect(screen.getByTestId("report-active-value")).toHaveTextContent("1");
    expect(screen.getByTestId("report-rules")).toHaveTextContent(RULES.securityGrade);
    expect(screen.getAllByTestId("report-algorithm").map((a) => a.textContent)).toEqual([
      "ML-KEM-768 (FIPS 203): wraps each file key for each recipient",
      "ML-DSA-65 (FIPS 204): signs each envelope",
    ]);
    expect(screen.getByTestId("certification-statement")).toHaveTextContent("holds no FIPS 140-3 validation");
    expect(screen.getByTestId("algorithms-panel").textContent).not.toMatch(/certified/i);
    await user.click(screen.getByTestId("download-report"));
    expect(await createObjectURL.mock.calls[0]![0].text()).toBe(report.markdown);
  });

  it("Full Report: the grade is labelled a self-test, says what that means, and names what was attacked", async () => {
    const graded = {
      ...report,
      overview: { ...report.overview, quantumReadiness: 100, securityGrade: "A" as const, notMeasured: [] },
      selfTest: {
        ranAt: "2026-11-24T10:00:00.000Z",
        ranBy: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
        isolations: [
          {
            isolationId: ISO_GOV,
            securityLevel: "GOVERNMENT" as const,
            canary: false,
            files: [{ name: "budget.pdf", cid: CID_A }],
          },
          { isolationId: ISO_ENT, securityLevel: "ENTERPRISE" as const, canary: true, files: [] },
        ],
        attacks: [
          { kind: "ciphertext-bit-flip" as const, label: "Bit flip in the encrypted file" },
          { kind: "wrong-key" as const, label: "Decryption with a key that is not a recipient's" },
        ],
        notAttacked: 2,
      },
    };
    setup({ "GET /api/q-isolator/comprehensive-report": () => json(graded) }, `${PAGE}?tab=report`);
    const grade = await screen.findByTestId("report-grade", {}, { timeout: 5000 });
    expect(grade).toHaveTextContent("Security Grade (self-test)");
    expect(within(grade).getByTestId("report-grade-value")).toHaveTextContent("A");
    expect(screen.getByTestId("grade-qualifier")).toHaveTextContent("not an external audit");
    expect(screen.getByTestId("self-test-run")).toHaveTextContent(
      "by 0x70997970C51812dc3A010C7d01b50e0d17dc79C8. Attacks: Bit flip in the encrypted file; Decryption with a key that is not a recipient's.",
    );
    const attacked = screen.getAllByTestId("self-test-isolation");
    expect(attacked[0]).toHaveTextContent(`${ISO_GOV} (Government Grade): budget.pdf (${CID_A})`);
    expect(attacked[1]).toHaveTextContent("a sealed canary");
    expect(screen.getByTestId("report-self-test")).toHaveTextContent("2 older isolations were not attacked");
  });

  it("says so when the status cannot be read", async () => {
    setup({
      "GET /api/q-isolator/status": () =>
        json({ error: "Internal server error", code: "INTERNAL", requestId: "r1" }, 500),
    });
    expect(await screen.findByTestId("summary-error", {}, { timeout: 5000 })).toHaveTextContent(
      "Could not load the isolation status",
    );
  });
});
