import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { deferred, json, stubFetch, type FakeRoute } from "../../../testing/fake-api";
import { ethRecord, mintingRates, stellarRecord, unifiedStatus, xrpRecord } from "../../../testing/fixtures";
import { renderWithProviders } from "../../../testing/test-utils";
import type { MintHistoryEntry, MintRecord } from "../api/contract";
import { MintingPage } from "./minting-page";

/** The fake API keeps what it minted, so the history refetch after a mint returns it like the real one. */
type Routes = Record<string, FakeRoute>;

function setup(
  routes: Routes | ((history: MintRecord[]) => Routes) = {},
  initialHistory: (MintRecord | MintHistoryEntry)[] = [],
  route = "/multi-blockchain-minting",
) {
  const history: MintRecord[] = [...initialHistory];
  const api = stubFetch({
    "GET /api/unified/status": () => json(unifiedStatus()),
    "GET /api/minting/rates": () => json(mintingRates),
    // like the API: unless a record says otherwise, nothing is known about its chain
    "GET /api/minting/history": () =>
      json({ mints: history.map((m) => ({ onCurrentChain: null, ...m })), nextCursor: null }),
    ...(typeof routes === "function" ? routes(history) : routes),
  });
  const view = renderWithProviders(<MintingPage />, { route });
  const apiPosts = () => api.requests.filter((r) => r.method === "POST" && r.url.pathname.startsWith("/api/"));
  return { ...api, ...view, history, apiPosts };
}

/** A mint endpoint that records and returns `record`. */
const minted =
  (record: MintRecord, history: MintRecord[]): FakeRoute =>
  () => {
    history.unshift(record);
    return json(record, 201);
  };

/** Forms are lazy parts: the first look waits for the field to be there. */
const setAmount = async (testId: string, value: string) =>
  fireEvent.change(await screen.findByTestId(testId), { target: { value } });
const toasts = () => within(screen.getByTestId("toast-area"));

describe("MintingPage", () => {
  it("renders the three tabs, the back link and the empty results", async () => {
    setup();
    expect(screen.getByRole("tab", { name: "ETH to XQB" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tab", { name: "XLM to VibeCoins" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "XRP volume" })).toBeInTheDocument();
    // The spec's back link: the Unified Platform Dashboard (config/paths.ts backOf).
    expect(screen.getByTestId("back-link")).toHaveAttribute("href", "/unified-platform");
    expect(screen.getByTestId("mint-results-loading")).toBeInTheDocument();
    expect(await screen.findByTestId("mint-results-empty")).toBeInTheDocument();
  });

  it("switches tabs and gives each input its step and min", async () => {
    const { user } = setup();
    expect(await screen.findByLabelText("ETH amount")).toHaveAttribute("step", "0.001");
    await user.click(screen.getByRole("tab", { name: "XLM to VibeCoins" }));
    expect(screen.getByRole("tabpanel")).toHaveAttribute("id", "mint-tabpanel-xlm");
    expect(await screen.findByLabelText("XLM amount")).toHaveAttribute("step", "1");
    await user.click(screen.getByRole("tab", { name: "XRP volume" }));
    expect(await screen.findByLabelText("XRP amount")).toHaveAttribute("step", "1000");
    for (const id of ["eth-amount-input", "xlm-amount-input", "xrp-amount-input"])
      expect(screen.getByTestId(id)).toHaveAttribute("min", "0");
  });

  it("disables each button while its amount is empty", async () => {
    const { user } = setup();
    for (const [tab, id] of [
      ["XLM to VibeCoins", "mint-stellar-button"],
      ["XRP volume", "xrp-test-button"],
      ["ETH to XQB", "mint-eth-button"],
    ] as const) {
      await user.click(screen.getByRole("tab", { name: tab }));
      expect(await screen.findByTestId(id)).toBeDisabled();
    }
    await setAmount("eth-amount-input", "0.5");
    expect(screen.getByTestId("mint-eth-button")).toBeEnabled();
    expect(screen.getByTestId("mint-stellar-button")).toBeDisabled();
  });

  it("disables Mint with the reason beside it when the amount is not greater than 0; Enter sends nothing", async () => {
    const { apiPosts } = setup();
    await setAmount("eth-amount-input", "0");
    const button = screen.getByTestId("mint-eth-button");
    expect(button).toBeDisabled();
    expect(screen.getByTestId("mint-eth-button-reason")).toHaveTextContent("Must be greater than 0 ETH");
    expect(button).toHaveAccessibleDescription("Must be greater than 0 ETH");
    fireEvent.submit(screen.getByTestId("eth-amount-input").closest("form")!);
    await screen.findByTestId("mint-results-empty");
    expect(apiPosts()).toHaveLength(0);
    await setAmount("eth-amount-input", "0.01");
    expect(button).toBeEnabled();
    expect(screen.queryByTestId("mint-eth-button-reason")).toBeNull();
  });

  it("mints ETH with the server account, toasts, prepends the result and clears the input", async () => {
    const older = xrpRecord({ id: "old" });
    const attestation = {
      algorithm: "ML-DSA-65" as const,
      message: "xqb-attestation:v1|ethereum|hardhat|0x…",
      signature: "c2ln",
      publicKeyId: "ab".repeat(32),
    };
    const created = ethRecord({ id: "new", quantumAttestation: attestation });
    const { apiPosts, user } = setup((history) => ({ "POST /api/xqbme/mint-xqb": minted(created, history) }), [older]);
    await screen.findByTestId("mint-results");
    expect(await screen.findByTestId("eth-signer")).toHaveTextContent("server account");
    await setAmount("eth-amount-input", "0.5");
    await user.click(screen.getByTestId("mint-eth-button"));

    expect(await toasts().findByText("Hardhat Local Minting Successful!")).toBeInTheDocument();
    expect(toasts().getByTestId("toast-description")).toHaveTextContent(
      "Minted 1,500 XQB + 1,000 XQBUSD for 0.5 ETH on hardhat",
    );
    expect(apiPosts().map((r) => r.body)).toEqual([
      {
        ethAmount: 0.5,
        stablecoinPair: "XQBUSD",
        network: "hardhat",
        quantumSecurity: true,
      },
    ]);
    await waitFor(() => expect(screen.getAllByTestId("mint-result")).toHaveLength(2));
    const [first] = screen.getAllByTestId("mint-result");
    expect(first).toHaveAttribute("data-kind", "eth-mint");
    expect(within(first!).getByTestId("mint-result-hash")).toHaveAttribute("title", created.transactionHash);
    expect(within(first!).getByTestId("quantum-chip")).toHaveTextContent("Quantum secured (ML-DSA-65)");
    expect(screen.getByTestId("eth-amount-input")).toHaveValue(null);
  });

  it("marks a live record whose block the node no longer has as from an earlier run of the chain", async () => {
    const gone: MintHistoryEntry = { ...ethRecord({ id: "gone" }), onCurrentChain: false };
    const here: MintHistoryEntry = { ...ethRecord({ id: "here" }), onCurrentChain: true };
    setup({}, [gone, here]);
    const [first, second] = await screen.findAllByTestId("mint-result");
    expect(within(first!).getByTestId("result-note")).toHaveTextContent(
      "From an earlier run of the hardhat chain: the node was restarted and no longer has this block.",
    );
    expect(within(first!).getByTestId("source-badge")).toHaveTextContent("Live");
    expect(within(second!).queryByTestId("result-note")).toBeNull();
  });

  it("names Sepolia only when the record says sepolia", async () => {
    const { user } = setup({ "POST /api/xqbme/mint-xqb": () => json(ethRecord({ network: "sepolia" })) });
    await setAmount("eth-amount-input", "0.01");
    await user.click(screen.getByTestId("mint-eth-button"));
    expect(await toasts().findByText("Sepolia Testnet Minting Successful!")).toBeInTheDocument();
  });

  it("holds one busy flag: every mint button is disabled while any mint is pending", async () => {
    const reply = deferred();
    const { user } = setup({ "POST /api/vibecoins/mint-stellar": () => reply.promise });
    await setAmount("eth-amount-input", "1");
    await user.click(screen.getByRole("tab", { name: "XLM to VibeCoins" }));
    await setAmount("xlm-amount-input", "10");
    await user.click(screen.getByTestId("mint-stellar-button"));
    await waitFor(() => expect(screen.getByTestId("mint-stellar-button")).toBeDisabled());
    expect(screen.getByTestId("mint-eth-button")).toBeDisabled();
    expect(screen.getByTestId("mint-stellar-button")).toHaveTextContent("Minting…");

    reply.resolve(json(stellarRecord()));
    expect(await toasts().findByText("Stellar Testnet Minting Simulated")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("mint-eth-button")).toBeEnabled());
  });

  it("mints VibeCoins with the spec's body and shows the simulated reason", async () => {
    const { apiPosts, user } = setup((history) => ({
      "POST /api/vibecoins/mint-stellar": minted(stellarRecord(), history),
    }));
    await user.click(screen.getByRole("tab", { name: "XLM to VibeCoins" }));
    await setAmount("xlm-amount-input", "10");
    await user.click(screen.getByTestId("mint-stellar-button"));
    // simulated: never the success toast nor its title
    expect(await toasts().findByText("Stellar Testnet Minting Simulated")).toBeInTheDocument();
    expect(toasts().getByTestId("toast")).toHaveAttribute("data-variant", "simulated");
    expect(toasts().getByTestId("toast-description")).toHaveTextContent(
      "Signed offline, never submitted: Horizon unreachable: fetch failed.",
    );
    expect(apiPosts()[0]?.body).toEqual({
      xlmAmount: 10,
      tokenType: "VIBE",
      network: "testnet",
      environmentalAction: "tree_planting",
      quantumSecurity: true,
    });
    const item = await screen.findByTestId("mint-result");
    const badge = within(item).getByTestId("source-badge");
    expect(badge).toHaveAttribute("data-source", "simulated");
    expect(badge).toHaveTextContent("Simulated");
    expect(within(item).getByTestId("simulated-outcome")).toHaveTextContent(
      "Simulated — signed offline, never submitted",
    );
    expect(within(item).getByTestId("simulated-reason")).toHaveTextContent("Horizon unreachable: fetch failed");
    expect(within(item).queryByTestId("explorer-link")).not.toBeInTheDocument();
  });

  it("runs the XRP volume test and links a live result to its explorer", async () => {
    const record = xrpRecord();
    const { apiPosts, user } = setup((history) => ({
      "POST /api/quantum-cross-chain/xrp-volume-test": minted(record, history),
    }));
    await user.click(screen.getByRole("tab", { name: "XRP volume" }));
    await setAmount("xrp-amount-input", "1000");
    await user.click(screen.getByTestId("xrp-test-button"));
    expect(await toasts().findByText("XRP Testnet Volume Test Successful!")).toBeInTheDocument();
    expect(apiPosts()[0]?.body).toEqual({
      xrpAmount: 1000,
      testType: "volume",
      network: "testnet",
      quantumSecurity: true,
      governmentNode: true,
    });
    const item = await screen.findByTestId("mint-result");
    expect(within(item).getByTestId("source-badge")).toHaveTextContent("Live");
    expect(within(item).getByTestId("explorer-link")).toHaveAttribute("href", record.explorerUrl);
  });

  it("validates as the user types with the API's schema: 0.00001, 50000 and -1 each get a message before any click", async () => {
    const { apiPosts, user } = setup();
    expect(await screen.findByTestId("eth-amount-input-helper")).toHaveTextContent("Min 0.0001 ETH · max 100 ETH");
    for (const [amount, message] of [
      ["0.00001", "Must be at least 0.0001 ETH"],
      ["50000", "Must be at most 100 ETH"],
      ["-1", "Must be greater than 0 ETH"],
    ] as const) {
      await setAmount("eth-amount-input", amount);
      expect(screen.getByTestId("eth-amount-input-helper")).toHaveTextContent(message);
      // The button says the same, disabled: a refused amount is never sent.
      expect(screen.getByTestId("mint-eth-button")).toBeDisabled();
      expect(screen.getByTestId("mint-eth-button-reason")).toHaveTextContent(message);
    }
    // Enter in the field sends nothing either, and the field keeps focus for the correction.
    await user.type(screen.getByTestId("eth-amount-input"), "{Enter}");
    expect(apiPosts()).toHaveLength(0);
    expect(screen.getByTestId("eth-amount-input")).toHaveFocus();
    await user.click(screen.getByRole("tab", { name: "XRP volume" }));
    await setAmount("xrp-amount-input", "200000");
    expect(screen.getByTestId("xrp-amount-input-helper")).toHaveTextContent("Must be at most 100000 XRP");
  });

  it("shows the failure toast with the server's field error when the server refuses the input, and keeps the input", async () => {
    const { user } = setup({
      "POST /api/xqbme/mint-xqb": () =>
        json(
          {
            code: "INVALID_INPUT",
            error: "Invalid request body",
            issues: [{ path: "recipient", message: "must be a 0x-prefixed 20-byte hex address" }],
          },
          400,
        ),
    });
    await setAmount("eth-amount-input", "0.5");
    await user.click(screen.getByTestId("mint-eth-button"));
    expect(await toasts().findByText("ETH Minting Failed")).toBeInTheDocument();
    const description = toasts().getByTestId("toast-description");
    expect(description).toHaveTextContent("Please check your inputs and try again");
    expect(description).toHaveTextContent(
      "Your input was refused: recipient must be a 0x-prefixed 20-byte hex address",
    );
    expect(screen.getByTestId("eth-amount-input")).toHaveValue(0.5);
    expect(screen.getByTestId("toast")).toHaveAttribute("data-variant", "error");
    expect(screen.getByTestId("eth-mint-error")).toHaveAttribute("data-kind", "invalid-input");
  });

  it("with the API down, says the API is not reachable (never 'check your inputs'), and Retry sends the same mint again", async () => {
    let calls = 0;
    const { apiPosts, user } = setup((history) => ({
      "POST /api/xqbme/mint-xqb": (req) => {
        calls++;
        if (calls === 1) return Promise.reject(new TypeError("Failed to fetch"));
        return minted(ethRecord({ id: "after-retry" }), history)(req);
      },
    }));
    await setAmount("eth-amount-input", "0.5");
    await user.click(screen.getByTestId("mint-eth-button"));
    expect(await toasts().findByText("ETH Minting Failed")).toBeInTheDocument();
    const description = toasts().getByTestId("toast-description");
    expect(description).toHaveTextContent("The API is not reachable");
    expect(description).not.toHaveTextContent(/check your inputs/i);
    const inline = screen.getByTestId("eth-mint-error");
    expect(inline).toHaveAttribute("data-kind", "api-unreachable");
    await user.click(within(inline).getByTestId("eth-mint-error-retry"));
    expect(await toasts().findByText("Hardhat Local Minting Successful!")).toBeInTheDocument();
    expect(apiPosts().map((r) => r.body)).toEqual([
      { ethAmount: 0.5, stablecoinPair: "XQBUSD", network: "hardhat", quantumSecurity: true },
      { ethAmount: 0.5, stablecoinPair: "XQBUSD", network: "hardhat", quantumSecurity: true },
    ]);
    await waitFor(() => expect(screen.queryByTestId("eth-mint-error")).toBeNull());
  });

  it("reads a rate limit and a dead ledger differently, neither as the user's fault", async () => {
    const { user } = setup({
      "POST /api/vibecoins/mint-stellar": () =>
        json({ code: "RATE_LIMITED", error: "Too many write requests", retryAfterSeconds: 42 }, 429),
      "POST /api/quantum-cross-chain/xrp-volume-test": () =>
        json(
          { code: "LEDGER_UNAVAILABLE", error: "XRP Ledger testnet unreachable", ledger: "xrpl", retryAfterSeconds: 3 },
          503,
        ),
    });
    await user.click(screen.getByRole("tab", { name: "XLM to VibeCoins" }));
    await setAmount("xlm-amount-input", "10");
    await user.click(screen.getByTestId("mint-stellar-button"));
    const limited = await screen.findByTestId("xlm-mint-error");
    expect(limited).toHaveAttribute("data-kind", "rate-limited");
    expect(limited).toHaveTextContent("Too many requests, try again in 42 s");

    await user.click(screen.getByRole("tab", { name: "XRP volume" }));
    await setAmount("xrp-amount-input", "1000");
    await user.click(screen.getByTestId("xrp-test-button"));
    const down = await screen.findByTestId("xrp-mint-error");
    expect(down).toHaveAttribute("data-kind", "unavailable");
    expect(down).toHaveTextContent("The chain is unavailable");
    expect(down).toHaveTextContent("This is not your input: the XRP Ledger cannot be reached now");
    for (const el of [limited, down]) expect(el).not.toHaveTextContent(/check your inputs/i);
  });

  it("keeps the selected tab in the URL (?tab=)", async () => {
    setup({}, [], "/multi-blockchain-minting?tab=xrp");
    expect(screen.getByRole("tab", { name: "XRP volume" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tabpanel")).toHaveAttribute("id", "mint-tabpanel-xrp");
  });

  it("falls back to the ETH tab for an unknown ?tab=", async () => {
    setup({}, [], "/multi-blockchain-minting?tab=doge");
    expect(screen.getByRole("tab", { name: "ETH to XQB" })).toHaveAttribute("aria-selected", "true");
  });

  it("names each failure after its tab", async () => {
    const { user } = setup({
      "POST /api/quantum-cross-chain/xrp-volume-test": () =>
        new Response("boom", { status: 500, statusText: "Internal Server Error" }),
    });
    await user.click(screen.getByRole("tab", { name: "XRP volume" }));
    await setAmount("xrp-amount-input", "5");
    await user.click(screen.getByTestId("xrp-test-button"));
    expect(await toasts().findByText("XRP Testing Failed")).toBeInTheDocument();
    expect(toasts().getByTestId("toast-description")).toHaveTextContent("500: boom");
  });

  it("shows the status cards and the info cards only once the status has loaded", async () => {
    const status = deferred();
    setup({ "GET /api/unified/status": () => status.promise });
    expect(screen.getByTestId("network-status-loading")).toBeInTheDocument();
    expect(screen.queryByTestId("info-cards")).not.toBeInTheDocument();

    status.resolve(json(unifiedStatus()));
    const infoCards = await screen.findByTestId("info-cards");
    expect(within(infoCards).getByTestId("info-card-eth-rate")).toHaveTextContent(
      "1 ETH mints 3,000 XQB and up to 2,000 XQBUSD (150% collateral at $3,000 per ETH)",
    );
    expect(within(infoCards).getByTestId("info-card-xlm-rate")).toHaveTextContent("1 XLM → 50 VIBE");
    expect(within(infoCards).getByTestId("info-card-database")).toHaveTextContent("Stored mints: 3 live, 2 simulated");
    expect(within(infoCards).getByTestId("info-card-signing-account")).toHaveTextContent("0xf39F…2266");

    const eth = screen.getByTestId("network-status-ethereum");
    expect(eth).toHaveTextContent("Ethereum / Hardhat");
    expect(within(eth).getByTestId("source-badge")).toHaveTextContent("Live");
    expect(within(eth).getByTestId("network-status-latest")).toHaveTextContent("42");
    const stellar = screen.getByTestId("network-status-stellar");
    expect(within(stellar).getByTestId("source-badge")).toHaveTextContent("Simulated");
    expect(within(stellar).getByTestId("network-status-reason")).toHaveTextContent("Horizon unreachable");
    expect(screen.getByTestId("network-status-xrpl")).toHaveTextContent("9,876,543");
  });

  it("shows readable errors when the API is down", async () => {
    setup({
      "GET /api/unified/status": () => new Response("", { status: 502, statusText: "Bad Gateway" }),
      "GET /api/minting/history": () => new Response("", { status: 502, statusText: "Bad Gateway" }),
    });
    const statusError = await screen.findByTestId("network-status-error");
    expect(statusError).toHaveTextContent("Could not load the network status");
    // a 502 with no API body is the API (or its proxy) being down, not the user's doing
    expect(statusError).toHaveAttribute("data-kind", "api-unreachable");
    expect(statusError).toHaveTextContent("The API did not answer (502 Bad Gateway)");
    expect(within(statusError).getByTestId("network-status-retry")).toBeEnabled();
    expect(await screen.findByTestId("mint-results-error")).toHaveTextContent(
      "Could not load the mint history: 502: Bad Gateway",
    );
    expect(screen.queryByTestId("info-cards")).not.toBeInTheDocument();
  });
});
