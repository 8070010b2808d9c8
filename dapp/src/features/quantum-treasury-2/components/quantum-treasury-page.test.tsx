import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { forgetNetwork } from "../../../lib/network/get-network";
import { deferred, json, OPEN_ACCESS, stubFetch, type FakeRoute } from "../../../testing/fake-api";
import { narrowScreen } from "../../../testing/narrow-screen";
import { renderWithProviders } from "../../../testing/test-utils";
import {
  capacity,
  executed,
  metrics,
  OWNER_SIGNATURE,
  OWNERS,
  pending,
  PROPOSER,
  proposal,
  signatureAdded,
  tokenomics,
} from "./fixtures";
import { QuantumTreasuryPage } from "./quantum-treasury-page";

const network = {
  chainId: 31337,
  network: "hardhat",
  rpcUrl: "http://127.0.0.1:8545",
  explorerBaseUrl: null,
  labels: [],
};
/** A signed-in wallet on a loopback server without OPERATOR_ADDRESSES: it may propose, and co-sign as the open operator. */
const SIGNED_IN_OPEN = { ...OPEN_ACCESS, address: PROPOSER };
/** A signed-in wallet that is not an operator (OPERATOR_ADDRESSES names someone else). */
const SIGNED_IN_LISTED = {
  mode: "listed",
  openReason: null,
  address: PROPOSER,
  operator: false,
  operatorBy: null,
  operatorCount: 1,
};
const proposals = (...list: unknown[]) => json({ proposals: list });

function setup(routes: Record<string, FakeRoute> = {}, route = "/quantum-treasury-2") {
  forgetNetwork();
  const api = stubFetch({
    "GET /api/network": () => json(network),
    "GET /api/quantum-treasury-2/metrics": () => json(metrics()),
    "GET /api/quantum-treasury-2/tokenomics": () => json(tokenomics()),
    "GET /api/quantum-treasury-2/capacity": (req) => {
      const c = req.url.searchParams.get("collateral")!;
      const r = req.url.searchParams.get("ratio")!;
      return json(capacity(c, r, String(Number(c) / (Number(r) / 100))));
    },
    "GET /api/auth/access": () => json(SIGNED_IN_OPEN),
    "GET /api/quantum-treasury-2/proposals": () => proposals(),
    ...routes,
  });
  return { ...api, ...renderWithProviders(<QuantumTreasuryPage />, { route }) };
}

const selectedTab = () => screen.getAllByRole("tab").find((t) => t.getAttribute("aria-selected") === "true");

describe("QuantumTreasuryPage", () => {
  it("is titled Quantum Operations with the spec's five tabs, Treasury Overview selected", async () => {
    setup();
    expect(screen.getByRole("heading", { level: 1, name: "Quantum Operations" })).toBeInTheDocument();
    expect(screen.getAllByRole("tab").map((t) => t.textContent)).toEqual([
      "Treasury Overview",
      "XQB Tokenomics",
      "USDC Collateral",
      "Treasury Operations",
      "Launch Strategy",
    ]);
    expect(selectedTab()).toHaveTextContent("Treasury Overview");
    await screen.findByTestId("qt-overview");
  });

  it("shows each reading with the plan's figure beside it, labelled Plan, never in its place", async () => {
    setup();
    await screen.findByTestId("qt-overview");
    // Capital: $30M read from the vault; the spec's $150M beside it as the plan.
    expect(screen.getByTestId("qt-capital-reading")).toHaveTextContent(/^\$30M$/);
    expect(screen.getByTestId("qt-capital-plan")).toHaveTextContent(/^Plan\s*\$150M$/);
    expect(screen.getByTestId("qt-xqb-reading")).toHaveTextContent("150M XQB");
    expect(screen.getByTestId("qt-xqb-plan")).toHaveTextContent("Plan150M XQB");
    expect(screen.getByTestId("qt-xqbusd-reading")).toHaveTextContent("0 XQBUSD");
    expect(screen.getByTestId("qt-xqbusd-plan")).toHaveTextContent("Plan100M XQBUSD");
    // No debt yet: the ratio says so rather than showing the plan's 150%.
    expect(screen.getByTestId("qt-ratio-reading")).toHaveTextContent("No debt");
    expect(screen.getByTestId("qt-ratio-plan")).toHaveTextContent("Plan150%");
    expect(screen.getByTestId("qt-liquidation-reading")).toHaveTextContent("130%");
    expect(screen.getByTestId("qt-eth-price-reading")).toHaveTextContent("$3,000");
    expect(screen.getByTestId("qt-eth-price-age")).toHaveTextContent(/updated 1 minute( \d+ seconds?)? ago/);
    expect(screen.getByTestId("qt-safe-reading")).toHaveTextContent("2 of 3");
    // The Safe's address and its three owners, each with a copy button (a part that loads after the first paint).
    expect(
      within(await screen.findByTestId("qt-safe-owners", {}, { timeout: 5_000 })).getAllByTestId("address-view"),
    ).toHaveLength(4);
    expect(screen.getAllByTestId("source-badge")[0]).toHaveAttribute("data-source", "live");
    // The copy-only figures are listed as the plan's, not as readings.
    expect(screen.getAllByTestId("qt-plan-line").map((l) => l.textContent)).toEqual([
      "Quantum security levelPlan: 99.9%",
      "Personal blockchain nodesPlan: 7",
      "Distribution phasePlan: Genesis Launch",
    ]);
  });

  it("lists the allocation beside the genesis holders' balances and states the circulating rule", async () => {
    const { user } = setup();
    await user.click(screen.getByRole("tab", { name: "XQB Tokenomics" }));
    const rows = await screen.findAllByTestId("qt-allocation-row", {}, { timeout: 5_000 });
    expect(rows.map((r) => r.getAttribute("data-label"))).toEqual(["founderAllocation", "liquidityPools"]);
    expect(within(rows[1]!).getByTestId("qt-allocation-plan")).toHaveTextContent("22.5M XQB15% (plan)");
    expect(within(rows[1]!).getByTestId("qt-allocation-balance")).toHaveAttribute("title", "22,400,000 XQB");
    expect(screen.getByTestId("qt-circulating-reading")).toHaveTextContent("22.4M XQB (14.93%)");
    expect(screen.getByTestId("qt-circulating-plan")).toHaveTextContent("75M XQB in year 1");
    expect(screen.getByTestId("qt-circulating-rule")).toHaveTextContent("Total supply minus the balances");
  });

  it("on a phone each allocation bucket is a card with the holder and the genesis amount too, and the totals a last card", async () => {
    narrowScreen();
    const { user } = setup();
    await user.click(screen.getByRole("tab", { name: "XQB Tokenomics" }));
    const rows = await screen.findAllByTestId("qt-allocation-row", {}, { timeout: 5_000 });
    expect(
      within(rows[1]!)
        .getAllByRole("term")
        .map((t) => t.textContent),
    ).toEqual(["Bucket", "Plan", "Holder", "Genesis", "Balance now"]);
    expect(within(rows[1]!).getByTestId("qt-allocation-genesis")).toBeInTheDocument();
    expect(within(screen.getByTestId("qt-allocation-footer")).getAllByRole("definition")[0]).toHaveTextContent("Total");
  });

  it("computes the calculator's figures as typed, shows the vault's answer agreeing, and warns under 130%", async () => {
    const { user, requests } = setup({}, "/quantum-treasury-2?tab=collateral");
    const collateral = await screen.findByTestId("qt-collateral-input", {}, { timeout: 5_000 });
    expect(screen.getByTestId("qt-calc-capacity")).toHaveTextContent(/^\$100,000,000$/);
    expect(screen.getByTestId("qt-calc-excess")).toHaveTextContent(/^\$50,000,000$/);
    expect(screen.getByTestId("qt-calc-utilization")).toHaveTextContent("66.67%");
    expect(await screen.findByTestId("qt-agree-badge")).toHaveAttribute("data-agree", "true");
    expect(screen.getByTestId("qt-vault-capacity-value")).toHaveTextContent("$100,000,000");
    expect(screen.queryByTestId("qt-calc-warning")).toBeNull();

    await user.clear(collateral);
    await user.type(collateral, "1000");
    fireEvent.change(screen.getByTestId("qt-ratio-input"), { target: { value: "125" } });
    expect(screen.getByTestId("qt-calc-capacity")).toHaveTextContent(/^\$800$/);
    expect(screen.getByTestId("qt-calc-excess")).toHaveTextContent(/^\$200$/);
    expect(screen.getByTestId("qt-calc-utilization")).toHaveTextContent(/^80%$/);
    expect(screen.getByTestId("qt-calc-warning")).toHaveTextContent("125% is below the 130% liquidation threshold");
    // The vault is asked once typing pauses, with the same two inputs.
    await waitFor(() => expect(requests.some((r) => r.url.search === "?collateral=1000&ratio=125")).toBe(true));
    await waitFor(() => expect(screen.getByTestId("qt-vault-capacity-value")).toHaveTextContent("$800"));
    expect(await screen.findByTestId("qt-agree-badge")).toHaveAttribute("data-agree", "true");
  });

  it("runs Mint XQB with the operator's dev-key co-signing: pending label, both signatures labelled as the server's, the supply before and after, the toast", async () => {
    const reply = deferred();
    const { user, requests } = setup(
      { "POST /api/quantum-treasury-2/execute": () => reply.promise },
      "/quantum-treasury-2?tab=operations",
    );
    const card = await screen.findByTestId("qt-op-mint_xqb", {}, { timeout: 5_000 });
    expect(within(card).getByTestId("qt-amount-mint_xqb")).toHaveValue(150_000_000);
    // Open mode: the co-signing is an operator's, allowed here, and the note says why.
    const coSign = await screen.findByTestId("qt-cosign");
    expect(within(coSign).getByTestId("access-note")).toHaveTextContent(
      "open: this server listens on this machine only",
    );
    await user.click(within(coSign).getByTestId("qt-cosign-checkbox"));
    await waitFor(() => expect(within(card).getByTestId("qt-run-mint_xqb")).toBeEnabled());
    await user.click(within(card).getByTestId("qt-run-mint_xqb"));
    expect(within(card).getByTestId("qt-run-mint_xqb")).toHaveTextContent("Minting...");
    // One pending operation disables every treasury button.
    expect(within(card).getByTestId("qt-run-mint_xqb")).toBeDisabled();
    expect(screen.getByTestId("qt-run-deploy_capital")).toBeDisabled();
    expect(screen.getByTestId("qt-run-enable_xqbusd")).toBeDisabled();
    expect(requests.find((r) => r.method === "POST")?.body).toEqual({
      operation: "mint_xqb",
      amount: "150000000",
      parameters: { treasury_backing: true, quantum_secured: true },
      coSign: "dev-keys",
    });

    reply.resolve(json(executed("mint_xqb", ["150000000", "0"], ["300000000", "0"], null)));
    const flow = await within(card).findByTestId("safe-flow");
    expect(flow).toHaveAttribute("data-status", "executed");
    const signatures = within(flow).getAllByTestId("safe-step-signature");
    expect(signatures.map((s) => s.querySelector("h6, .MuiTypography-subtitle2")?.textContent)).toEqual([
      "Signature 1 of 2 (done)",
      "Signature 2 of 2 (done)",
    ]);
    expect(
      within(flow)
        .getAllByTestId("safe-signature")
        .map((s) => s.getAttribute("data-owner")),
    ).toEqual([OWNERS[0], OWNERS[1]]);
    expect(
      within(flow)
        .getAllByTestId("safe-signature-by")
        .map((s) => s.textContent),
    ).toEqual([
      "Signed by the server with the public dev key of owner #1 (local chain only)",
      "Signed by the server with the public dev key of owner #2 (local chain only)",
    ]);
    expect(within(flow).getByTestId("safe-confirmations")).toHaveTextContent("Confirmations 2/2");
    expect(within(flow).getAllByTestId("safe-signature-value")[0]).toHaveTextContent(/^Signature 0x/);
    expect(within(flow).getByTestId("safe-execution-block")).toHaveTextContent("Block 213");
    const xqb = within(card).getByTestId("qt-change-xqb");
    expect(within(xqb).getByTestId("before")).toHaveTextContent("150,000,000 XQB");
    expect(within(xqb).getByTestId("after")).toHaveTextContent("300,000,000 XQB+150,000,000 XQB");
    expect(await screen.findByTestId("toast-title")).toHaveTextContent("Treasury Operation Successful");
    expect(within(card).getByTestId("qt-run-mint_xqb")).toHaveTextContent("Mint XQB Tokens");
    expect(within(card).getByTestId("qt-run-mint_xqb")).toBeEnabled();
  });

  it("refuses an amount the token cannot hold before any click, by the API's rule, and says why beside the button", async () => {
    const { requests } = setup({}, "/quantum-treasury-2?tab=operations");
    const card = await screen.findByTestId("qt-op-mint_xqb", {}, { timeout: 5_000 });
    const input = within(card).getByTestId("qt-amount-mint_xqb");
    for (const [typed, message] of [
      ["0.0000000000000000001", "XQB has 18 decimals; 0.0000000000000000001 has more"],
      ["0", "Must be greater than 0"],
      ["", "Enter an amount of XQB"],
    ] as const) {
      fireEvent.change(input, { target: { value: typed } });
      expect(within(card).getByTestId("qt-run-mint_xqb")).toBeDisabled();
      expect(within(card).getByTestId("qt-run-mint_xqb-reason")).toHaveTextContent(message);
    }
    const usdc = screen.getByTestId("qt-op-deploy_capital");
    fireEvent.change(within(usdc).getByTestId("qt-amount-deploy_capital"), { target: { value: "1.0000001" } });
    expect(within(usdc).getByTestId("qt-run-deploy_capital-reason")).toHaveTextContent("USDC has 6 decimals");
    expect(requests.filter((r) => r.method === "POST")).toEqual([]);
  });

  it("a visitor without a session cannot propose: the buttons wait and the note says to sign in", async () => {
    setup({ "GET /api/auth/access": () => json(OPEN_ACCESS) }, "/quantum-treasury-2?tab=operations");
    const card = await screen.findByTestId("qt-op-mint_xqb", {}, { timeout: 5_000 });
    await waitFor(() =>
      expect(within(card).getByTestId("access-note")).toHaveTextContent("Sign in with your wallet to do this"),
    );
    expect(within(card).getByTestId("qt-run-mint_xqb")).toBeDisabled();
    expect(screen.getByTestId("qt-run-deploy_capital")).toBeDisabled();
  });

  it("a signed-in wallet that is not an operator proposes, but may not ask for the dev keys' co-signing", async () => {
    const { user, requests } = setup(
      {
        "GET /api/auth/access": () => json(SIGNED_IN_LISTED),
        "POST /api/quantum-treasury-2/execute": () => json(pending("mint_xqb")),
      },
      "/quantum-treasury-2?tab=operations",
    );
    const coSign = await screen.findByTestId("qt-cosign", {}, { timeout: 5_000 });
    await waitFor(() => expect(within(coSign).getByTestId("qt-cosign-checkbox")).toBeDisabled());
    expect(within(coSign).getByTestId("access-note")).toHaveTextContent(
      `Only an operator may run this: ${PROPOSER} is not one`,
    );
    const card = screen.getByTestId("qt-op-mint_xqb");
    await user.click(within(card).getByTestId("qt-run-mint_xqb"));
    expect(await within(card).findByTestId("qt-proposed")).toHaveTextContent("Nothing has moved yet");
    expect(requests.find((r) => r.method === "POST")?.body).toEqual({
      operation: "mint_xqb",
      amount: "150000000",
      parameters: { treasury_backing: true, quantum_secured: true },
    });
    expect(await screen.findByTestId("toast-title")).toHaveTextContent("Treasury Operation Proposed");
  });

  it("shows a queued proposal as Safe{Wallet} does: the SafeTx, its hash, who proposed, confirmations 0/2, no signature yet", async () => {
    setup(
      { "GET /api/quantum-treasury-2/proposals": () => proposals(proposal(0)) },
      "/quantum-treasury-2?tab=operations",
    );
    const item = await screen.findByTestId("qt-proposal", {}, { timeout: 5_000 });
    const flow = within(item).getByTestId("safe-flow");
    expect(flow).toHaveAttribute("data-status", "pending");
    expect(within(flow).getByTestId("safe-tx-hash")).toHaveTextContent(/^safeTxHash 0x00000000…00005afe$/);
    expect(within(flow).getByTestId("safe-proposed-by")).toHaveTextContent("Proposed by");
    expect(within(within(flow).getByTestId("safe-proposed-by")).getByTestId("address-view")).toHaveAttribute(
      "data-address",
      PROPOSER,
    );
    const fields = within(flow).getByTestId("safe-tx-fields");
    expect(Array.from(fields.querySelectorAll("dt")).map((d) => d.textContent)).toEqual([
      "to",
      "value",
      "data",
      "operation",
      "safeTxGas",
      "baseGas",
      "gasPrice",
      "gasToken",
      "refundReceiver",
      "nonce",
    ]);
    expect(within(fields).getByTestId("safe-tx-operation")).toHaveTextContent("0 (Call)");
    expect(within(fields).getByTestId("safe-tx-nonce")).toHaveTextContent("3");
    expect(within(flow).getByTestId("safe-confirmations")).toHaveTextContent("Confirmations 0/2");
    expect(within(flow).getAllByTestId("safe-signature-waiting")).toHaveLength(2);
    expect(within(flow).getByTestId("safe-waiting")).toHaveTextContent("Waiting for owners' signatures: 0 of 2 so far");
    expect(within(item).getByTestId("qt-call")).toHaveAttribute("data-function", "mint(address,uint256)");
  });

  it("takes owners' signatures pasted for a queued proposal, one by one, until the Safe executes it", async () => {
    let count = 0;
    const { user, requests } = setup(
      {
        "GET /api/quantum-treasury-2/proposals": () => proposals(proposal(count)),
        [`POST /api/quantum-treasury-2/proposals/0x${"0".repeat(60)}5afe/signatures`]: () =>
          json(signatureAdded(++count)),
      },
      "/quantum-treasury-2?tab=operations",
    );
    const item = await screen.findByTestId("qt-proposal", {}, { timeout: 5_000 });
    const input = within(item).getByTestId("qt-signature-input");
    expect(within(item).getByTestId("qt-add-signature")).toBeDisabled();
    fireEvent.change(input, { target: { value: OWNER_SIGNATURE } });
    await user.click(within(item).getByTestId("qt-add-signature"));
    await waitFor(
      () => expect(within(screen.getByTestId("qt-proposal")).getAllByTestId("safe-signature")).toHaveLength(1),
      { timeout: 5_000 },
    );
    expect(requests.filter((r) => r.method === "POST").at(-1)?.body).toEqual({ signature: OWNER_SIGNATURE });
    const one = screen.getByTestId("qt-proposal");
    expect(within(one).getByTestId("safe-flow")).toHaveAttribute("data-status", "pending");
    expect(within(one).getByTestId("safe-signature-by")).toHaveTextContent("Signed by the owner's own wallet");
    fireEvent.change(within(one).getByTestId("qt-signature-input"), { target: { value: OWNER_SIGNATURE } });
    await user.click(within(one).getByTestId("qt-add-signature"));
    // Executed: it moves to the history with the execution's hash and block and the chain before and after.
    await waitFor(
      () =>
        expect(within(screen.getByTestId("qt-history")).getByTestId("safe-flow")).toHaveAttribute(
          "data-status",
          "executed",
        ),
      { timeout: 5_000 },
    );
    const done = within(screen.getByTestId("qt-history")).getByTestId("qt-proposal");
    expect(within(done).getAllByTestId("safe-signature")).toHaveLength(2);
    expect(within(done).getByTestId("safe-execution-hash")).toHaveTextContent(/^Tx 0x/);
    expect(within(done).getByTestId("safe-execution-block")).toHaveTextContent("Block 300");
    expect(within(done).queryByTestId("qt-pending-signatures")).toBeNull();
    expect(within(within(done).getByTestId("qt-change-xqb")).getByTestId("after")).toHaveTextContent(
      "300,000,000 XQB+150,000,000 XQB",
    );
    expect(screen.getByTestId("qt-queue-empty")).toHaveTextContent("No proposal waits for signatures.");
  });

  it("shows a refusal in the API's words and fills in the largest amount the vault can back", async () => {
    const sentence = "100,000,000 XQBUSD at 150% needs $150,000,000 of collateral; the vault holds $30,000,000";
    const { user } = setup(
      {
        "POST /api/quantum-treasury-2/execute": () =>
          json(
            {
              code: "INVALID_INPUT",
              error: sentence,
              issues: [{ path: "amount", message: sentence }],
              maxAmount: "20000000",
            },
            400,
          ),
      },
      "/quantum-treasury-2?tab=operations",
    );
    const card = await screen.findByTestId("qt-op-enable_xqbusd", {}, { timeout: 5_000 });
    expect(within(card).getByTestId("qt-run-enable_xqbusd")).toHaveTextContent("Enable XQBUSD");
    // Enabled once the session probe has answered (the access gate): on a loaded machine that is after it renders.
    await waitFor(() => expect(within(card).getByTestId("qt-run-enable_xqbusd")).toBeEnabled(), { timeout: 5_000 });
    await user.click(within(card).getByTestId("qt-run-enable_xqbusd"));
    const refusal = await within(card).findByTestId("qt-refusal");
    expect(within(refusal).getByTestId("qt-refusal-message")).toHaveTextContent(sentence);
    expect(within(refusal).getByTestId("qt-refusal-max")).toHaveTextContent("20,000,000 XQBUSD");
    await user.click(within(refusal).getByRole("button", { name: "Use the largest amount it can back" }));
    expect(within(card).getByTestId("qt-amount-enable_xqbusd")).toHaveValue(20_000_000);
  });

  it("shows the Launch Strategy phases, the current one Genesis, pre-launch", async () => {
    const { user } = setup();
    await user.click(screen.getByRole("tab", { name: "Launch Strategy" }));
    const phases = await screen.findAllByTestId("qt-phase", {}, { timeout: 5_000 });
    expect(phases).toHaveLength(3);
    expect(within(phases[0]!).getByTestId("qt-phase-status")).toHaveTextContent("Genesis, pre-launch");
    expect(screen.getByRole("button", { name: "Execute Treasury Strategy" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Download Implementation Plan" })).toBeEnabled();
  });
});
