import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Keypair, Networks, TransactionBuilder, type Transaction } from "@stellar/stellar-sdk/base";
import { afterEach, beforeEach, vi } from "vitest";
import { json, stubFetch, type FakeRequest } from "../../../testing/fake-api";
import { renderWithProviders } from "../../../testing/test-utils";
import { forgetStellarKey } from "../../../lib/stellar/stellar-key";
import { stellarAccountContract } from "../api/contract";
import { StellarKeyPage } from "./stellar-key-page";

vi.mock("@stellar/freighter-api", () => ({
  isConnected: async () => ({ isConnected: false }),
  requestAccess: async () => ({ address: "", error: { message: "not installed" } }),
  getAddress: async () => ({ address: "" }),
  signTransaction: async () => ({ signedTxXdr: "", signerAddress: "", error: { message: "not installed" } }),
}));

const VIBE_ISSUER = Keypair.random().publicKey();
const SERVER = Keypair.random().publicKey();
const NETWORK = {
  network: "testnet",
  networkPassphrase: Networks.TESTNET,
  baseFeeStroops: "100",
  baseFeeSource: "sdk-default",
  baseFeeLedger: null,
  baseReserveXlm: null,
  assets: {
    VIBE: { code: "VIBE", issuer: VIBE_ISSUER, description: "" },
    XQB: { code: "XQB", issuer: SERVER, description: "" },
  },
  serverAccount: SERVER,
  horizonEndpoint: "horizon-testnet.stellar.org",
  friendbotAvailable: false,
  source: "simulated",
  reason: "horizon-testnet.stellar.org unreachable",
};

const account = (publicKey: string) => ({
  publicKey,
  exists: true,
  sequence: "4294967296",
  balances: [
    {
      assetType: "credit_alphanum4",
      assetCode: "VIBE",
      assetIssuer: VIBE_ISSUER,
      balance: "5.0000000",
      limit: "1000.0000000",
    },
    { assetType: "native", assetCode: null, assetIssuer: null, balance: "9999.9999900", limit: null },
  ],
  subentryCount: 1,
  numSponsoring: 0,
  numSponsored: 0,
  baseReserveXlm: "0.5",
  minimumBalanceXlm: "1.5",
  observed: "last-seen",
  explorerUrl: null,
  source: "simulated",
  reason: "horizon-testnet.stellar.org unreachable",
});

function setup() {
  const api = stubFetch({
    "GET /api/stellar/network": () => json(NETWORK),
    "POST /api/stellar/submit": (req: FakeRequest) => {
      const { envelopeXdr } = req.body as { envelopeXdr: string };
      const tx = TransactionBuilder.fromXDR(envelopeXdr, Networks.TESTNET) as Transaction;
      return json({
        transactionHash: Buffer.from(tx.hash()).toString("hex"),
        sourceAccount: tx.source,
        sequence: tx.sequence,
        ledger: null,
        explorerUrl: null,
        assumptions: ["not submitted: the envelope was decoded and its signature checked; the ledger never saw it"],
        source: "simulated",
        reason: "horizon-testnet.stellar.org unreachable",
      });
    },
  });
  const routeAccount = (req: FakeRequest) => json(account(decodeURIComponent(req.url.pathname.split("/").pop()!)));
  // Any account id: a wildcard in front of the stub.
  const inner = api.spy.getMockImplementation()!;
  api.spy.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    if (url.pathname.startsWith("/api/stellar/accounts/")) {
      api.requests.push({ method: "GET", url, body: undefined });
      return routeAccount({ method: "GET", url, body: undefined });
    }
    return inner(input, init);
  });
  return { ...api, ...renderWithProviders(<StellarKeyPage />, { route: "/stellar-key-input" }) };
}

const everyRequestText = (requests: FakeRequest[]) =>
  requests.map((r) => `${r.url.href} ${JSON.stringify(r.body ?? "")}`).join("\n");

afterEach(() => forgetStellarKey());

// jsdom's TextEncoder returns a Uint8Array of another realm, which the SDK's XDR encoder refuses for a text
// memo ("expected Uint8Array"); a browser has one realm. This encoder returns this realm's bytes.
class RealmTextEncoder {
  readonly encoding = "utf-8";
  encode(text = ""): Uint8Array {
    return new Uint8Array(Buffer.from(text, "utf8"));
  }
}
// Per test: the shared setup unstubs every global after each one.
beforeEach(() => vi.stubGlobal("TextEncoder", RealmTextEncoder));

describe("StellarKeyPage: the key", () => {
  it("checks a pasted secret as it is typed: a wrong checksum and a public key get clear messages; nothing is sent", () => {
    const { requests } = setup();
    const secret = Keypair.random().secret();
    const typo = secret.slice(0, 20) + (secret[20] === "A" ? "B" : "A") + secret.slice(21);
    const input = screen.getByTestId("secret-input");
    expect(input).toHaveAttribute("type", "password");
    fireEvent.change(input, { target: { value: typo } });
    expect(screen.getByTestId("secret-helper")).toHaveTextContent("wrong checksum: a character is mistyped or missing");
    expect(screen.getByTestId("use-secret")).toBeDisabled();
    fireEvent.change(input, { target: { value: Keypair.random().publicKey() } });
    expect(screen.getByTestId("secret-helper")).toHaveTextContent("This is a public key (G…)");
    fireEvent.change(input, { target: { value: secret.slice(0, 40) } });
    expect(screen.getByTestId("secret-helper")).toHaveTextContent("56 characters long (this one has 40)");
    fireEvent.change(input, { target: { value: secret } });
    expect(screen.getByTestId("secret-helper")).toHaveTextContent("Valid secret key (checksum verified)");
    expect(screen.getByTestId("use-secret")).toBeEnabled();
    fireEvent.click(screen.getByTestId("secret-toggle"));
    expect(input).toHaveAttribute("type", "text");
    expect(everyRequestText(requests)).not.toContain(secret);
  });

  it("uses a valid secret: its public key derived in the page, the account read by public key only", async () => {
    const kp = Keypair.random();
    const { requests } = setup();
    fireEvent.change(screen.getByTestId("secret-input"), { target: { value: kp.secret() } });
    fireEvent.click(screen.getByTestId("use-secret"));
    expect(await screen.findByTestId("public-key")).toHaveTextContent(kp.publicKey());
    expect(await screen.findByTestId("account-minimum-balance")).toHaveTextContent("1.5 XLM");
    expect(screen.getByTestId("account-reserve-formula")).toHaveTextContent(
      "(2 + 1 subentries + 0 sponsoring − 0 sponsored) × 0.5 XLM",
    );
    expect(within(screen.getByTestId("balance-VIBE")).getByText("1000.0000000")).toBeInTheDocument();
    expect(requests.some((r) => r.url.pathname === `/api/stellar/accounts/${kp.publicKey()}`)).toBe(true);
    expect(everyRequestText(requests)).not.toContain(kp.secret());
  });

  it("generates a keypair: the secret shown once with a warning, then hidden; never sent", async () => {
    const { requests } = setup();
    fireEvent.click(screen.getByTestId("generate-keypair"));
    const shown = await screen.findByTestId("generated-secret-value");
    const secret = shown.textContent!;
    expect(secret).toMatch(/^S[A-Z2-7]{55}$/);
    expect(screen.getByTestId("generated-secret")).toHaveTextContent("Save this secret now: it is shown once");
    expect(screen.getByTestId("public-key")).toHaveTextContent(Keypair.fromSecret(secret).publicKey());
    fireEvent.click(screen.getByTestId("generated-secret-done"));
    expect(screen.queryByTestId("generated-secret")).toBeNull();
    await screen.findByTestId("account-sequence");
    expect(everyRequestText(requests)).not.toContain(secret);
  });

  it("Freighter not installed: says so and offers the other ways", async () => {
    setup();
    fireEvent.click(screen.getByTestId("connect-freighter"));
    expect(await screen.findByTestId("freighter-missing")).toHaveTextContent(
      "Freighter is not installed in this browser",
    );
  });
});

describe("StellarKeyPage: a payment", () => {
  it("counts the memo in UTF-8 bytes, builds and signs in the page, sends only the envelope, shows the simulated result", async () => {
    const kp = Keypair.random();
    const dest = Keypair.random().publicKey();
    const { requests } = setup();
    fireEvent.change(screen.getByTestId("secret-input"), { target: { value: kp.secret() } });
    fireEvent.click(screen.getByTestId("use-secret"));
    const memo = await screen.findByTestId("pay-memo", {}, { timeout: 5000 });
    fireEvent.change(memo, { target: { value: "é".repeat(15) } });
    expect(screen.getByTestId("memo-counter")).toHaveTextContent(
      "30 / 28 bytes — The memo is 30 bytes; a text memo holds 28 bytes (UTF-8)",
    );
    fireEvent.change(memo, { target: { value: "thanks 🌱" } });
    expect(screen.getByTestId("memo-counter")).toHaveTextContent(/^11 \/ 28 bytes$/);
    fireEvent.change(screen.getByTestId("pay-destination"), { target: { value: dest } });
    fireEvent.change(screen.getByTestId("pay-amount"), { target: { value: "1.12345678" } });
    expect(screen.getByTestId("pay-submit")).toBeDisabled();
    expect(screen.getByTestId("pay-submit-reason")).toHaveTextContent("At most 7 decimals (Stellar's precision)");
    fireEvent.change(screen.getByTestId("pay-amount"), { target: { value: "2.5" } });
    fireEvent.click(screen.getByTestId("pay-submit"));
    // The transaction builders load on first use (a lazy chunk): slow on a busy machine.
    const result = await screen.findByTestId("submit-result", {}, { timeout: 20_000 });
    expect(result).toHaveAttribute("data-source", "simulated");
    expect(screen.getByTestId("submit-reason")).toHaveTextContent(
      "Why simulated: horizon-testnet.stellar.org unreachable",
    );
    const post = requests.find((r) => r.method === "POST" && r.url.pathname === "/api/stellar/submit")!;
    expect(Object.keys(post.body as object)).toEqual(["envelopeXdr"]);
    const tx = TransactionBuilder.fromXDR(
      (post.body as { envelopeXdr: string }).envelopeXdr,
      Networks.TESTNET,
    ) as Transaction;
    expect(tx.source).toBe(kp.publicKey());
    expect(tx.sequence).toBe("4294967297");
    // SDK 17: the signature is a field (an XDR value or bytes), not the old accessor.
    const s0 = tx.signatures[0] as unknown as { signature: unknown };
    const raw =
      typeof s0.signature === "function"
        ? (s0.signature as () => Uint8Array).call(s0)
        : ((s0.signature as { value?: Uint8Array }).value ?? (s0.signature as Uint8Array));
    expect(kp.verify(new Uint8Array(tx.hash()) as Buffer, new Uint8Array(raw) as Buffer)).toBe(true);
    expect(Buffer.from(tx.memo.value as Uint8Array).toString("utf8")).toBe("thanks 🌱");
    // The signed envelope is copyable from the result: the very XDR that was relayed.
    expect(within(result).getByTestId("submit-xdr")).toHaveTextContent(/^Signed XDR /);
    const copy = within(result).getByRole("button", { name: "Copy signed transaction XDR" });
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    fireEvent.click(copy);
    expect(writeText).toHaveBeenCalledWith((post.body as { envelopeXdr: string }).envelopeXdr);
    await waitFor(() => expect(everyRequestText(requests)).not.toContain(kp.secret()));
  }, 40_000);
});

describe("StellarKeyPage: the network and a public lookup (no key)", () => {
  it("shows the network passphrase (copyable) and the base fee with where it comes from", async () => {
    setup();
    expect(await screen.findByTestId("stellar-passphrase")).toHaveTextContent(Networks.TESTNET);
    expect(screen.getByRole("button", { name: "Copy network passphrase" })).toBeInTheDocument();
    expect(screen.getByTestId("stellar-base-fee")).toHaveTextContent(
      "Base fee 100 stroops per operation (the SDK's default BASE_FEE: Horizon not read)",
    );
  });

  it("looks an account up by public key; a secret typed there is named and never sent; unreachable says balance unknown", async () => {
    const { spy, requests } = setup();
    const kp = Keypair.random();
    const inner = spy.getMockImplementation()!;
    spy.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://localhost");
      if (url.pathname !== stellarAccountContract.lookup.path) return inner(input, init);
      requests.push({ method: "GET", url, body: undefined });
      return json({
        address: url.searchParams.get("address"),
        network: "testnet",
        reachable: false,
        exists: null,
        sequence: null,
        balances: null,
        subentryCount: null,
        minimumBalanceXlm: null,
        summary: "Not reachable, balance unknown: the Stellar testnet did not answer (horizon unreachable)",
        explorerUrl: null,
        source: "simulated",
        reason: "horizon unreachable",
      });
    });
    const input = await screen.findByTestId("stellar-lookup-input");
    fireEvent.change(input, { target: { value: kp.secret() } });
    expect(await screen.findByText(/This is a secret key: it stays in this page and is not sent/)).toBeInTheDocument();
    expect(screen.getByTestId("stellar-lookup-button")).toBeDisabled();
    fireEvent.change(input, { target: { value: kp.publicKey() } });
    fireEvent.click(screen.getByTestId("stellar-lookup-button"));
    expect(await screen.findByTestId("stellar-lookup-summary")).toHaveTextContent(/^Not reachable, balance unknown/);
    expect(screen.getByTestId("stellar-lookup-result")).toHaveAttribute("data-reachable", "false");
    expect(requests.some((r) => r.url.searchParams.get("address") === kp.publicKey())).toBe(true);
    expect(everyRequestText(requests)).not.toContain(kp.secret());
  });
});
