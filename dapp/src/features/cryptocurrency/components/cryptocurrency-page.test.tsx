// The cryptocurrency page against the API's answers (captured from the stack, parsed with the API's schemas): the
// overview, the coins in their groups with their honest levels, a test transaction and its Verify round trip, the
// memo a coin cannot carry, the bulk Top 5 rows, and the analytics.
import { screen, waitFor, within } from "@testing-library/react";
import { deferred, json, stubFetch, type FakeRequest, type FakeRoute } from "../../../testing/fake-api";
import { narrowScreen } from "../../../testing/narrow-screen";
import { renderWithProviders } from "../../../testing/test-utils";
import { CATEGORY_TITLES, TOP_FIVE } from "../constants";
import {
  BTC_BYTES,
  BTC_TXID,
  btcResult,
  btcVerified,
  ECOSYSTEM,
  PRICES,
  RESPONSE_TIMES,
  SIGNED_IN_ACCESS,
  SUPPORTED,
  topFiveRun,
  VISITOR_ACCESS,
} from "../testing/fixtures";
import { cryptocurrencyContract as contract } from "../api/contract";
import { CryptocurrencyPage } from "./cryptocurrency-page";

/** The paths the page posts to, from the endpoint contract (never typed here). */
const testPath = (symbol: string) => contract.testTransaction.path.replace(":symbol", symbol);
const verifyPath = (symbol: string) => contract.verify.path.replace(":symbol", symbol);
const BULK_PATH = contract.bulkTest.path;

const PAGE = "/complete-cryptocurrency-dashboard";

function stubApi(routes: Record<string, FakeRoute> = {}, signedIn = true) {
  return stubFetch({
    "GET /api/auth/access": () => json(signedIn ? SIGNED_IN_ACCESS : VISITOR_ACCESS),
    "GET /api/cryptocurrencies/supported": () => json(SUPPORTED),
    "GET /api/cryptocurrencies/ecosystem-status": () => json(ECOSYSTEM),
    "GET /api/cryptocurrencies/prices": () => json(PRICES),
    "GET /api/cryptocurrencies/response-times": () => json(RESPONSE_TIMES),
    ...routes,
  });
}

const card = (symbol: string) =>
  within(screen.getAllByTestId("coin-card").find((c) => c.getAttribute("data-symbol") === symbol)!);
const posts = (requests: FakeRequest[], path: string) =>
  requests.filter((r) => r.method === "POST" && r.url.pathname === path).map((r) => r.body);

describe("CryptocurrencyPage", () => {
  it("shows the overview and every coin in the spec's groups, each with its level badge and reason", async () => {
    stubApi({}, false);
    renderWithProviders(<CryptocurrencyPage />, { route: PAGE });
    expect(screen.getByRole("heading", { level: 1, name: "Cryptocurrency Integration" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "All Cryptocurrencies" })).toHaveAttribute("aria-selected", "true");
    for (const name of ["Transaction Testing", "Bulk Testing", "Analytics"])
      expect(screen.getByRole("tab", { name })).toBeInTheDocument();

    // The overview, computed by the API, with its rule in words.
    expect(await screen.findByTestId("overview-total-reading")).toHaveTextContent("22");
    expect(screen.getByTestId("overview-operational-reading")).toHaveTextContent("21 of 22");
    expect(screen.getByTestId("overview-health")).toHaveTextContent("healthy");
    expect(screen.getByTestId("overview-operational")).toHaveTextContent("95.5 %");
    expect(screen.getByTestId("overview-health-rule")).toHaveTextContent("operational ÷ listed coins");
    expect(screen.getByTestId("overview-levels")).toHaveTextContent("5 live");
    expect(screen.getByTestId("overview-levels")).toHaveTextContent("16 signed offline · 1 display only");
    expect(screen.getByTestId("overview-attested")).toHaveTextContent("21 of 22");
    expect(screen.getByTestId("overview-attested")).toHaveTextContent("still classical");
    expect(screen.getByTestId("overview-response")).toHaveTextContent("no test transaction yet");

    // The groups, in the spec's order and words, with their coins.
    await screen.findAllByTestId("coin-card");
    const groups = screen.getAllByTestId("coin-group");
    expect(groups.map((g) => within(g).getByRole("heading", { level: 2 }).textContent)).toEqual([
      `${CATEGORY_TITLES.layer1} (14)`,
      `${CATEGORY_TITLES.layer2} (3)`,
      `${CATEGORY_TITLES.stablecoins} (3)`,
      `${CATEGORY_TITLES.platform} (2)`,
    ]);
    expect(
      within(groups[2]!)
        .getAllByTestId("coin-card")
        .map((c) => c.getAttribute("data-symbol")),
    ).toEqual(["USDC", "USDT", "XQBUSD"]);
    expect(screen.getAllByTestId("coin-card")).toHaveLength(22);
    const badges = screen.getAllByTestId("level-badge").map((b) => b.textContent);
    expect(badges.filter((b) => b === "Live")).toHaveLength(5);
    expect(badges.filter((b) => b === "Signed offline")).toHaveLength(16);
    expect(badges.filter((b) => b === "Display only")).toHaveLength(1);

    // USDT says it is only displayed, and why; nothing pretends more.
    expect(card("USDT").getByTestId("level-badge")).toHaveTextContent("Display only");
    expect(card("USDT").getByTestId("coin-status")).toHaveTextContent("DISPLAY_ONLY");
    expect(card("USDT").getByTestId("coin-level-reason")).toHaveTextContent("Tether publishes no official testnet");
    expect(card("USDT").getByTestId("coin-testnet")).toHaveTextContent("none");
    expect(card("USDT").getByTestId("coin-attested")).toHaveTextContent("No");

    // BTC: signed offline, its testnet's id and kind, its library, the public faucet in a new tab.
    expect(card("BTC").getByTestId("level-badge")).toHaveTextContent("Signed offline");
    expect(card("BTC").getByTestId("coin-status")).toHaveTextContent("OPERATIONAL");
    expect(card("BTC").getByTestId("coin-testnet")).toHaveTextContent("Bitcoin testnet4");
    expect(card("BTC").getByTestId("coin-testnet-id")).toHaveTextContent("genesis block hash");
    expect(card("BTC").getByTestId("coin-library")).toHaveTextContent("@scure/btc-signer 2.4.1");
    expect(card("BTC").getByRole("link", { name: /mempool.space testnet4 faucet/ })).toHaveAttribute(
      "href",
      "https://mempool.space/testnet4/faucet",
    );
    expect(card("BTC").getByTestId("coin-attested")).toHaveTextContent(
      "the result carries our ML-DSA-65 attestation (the coin's own signature is still classical)",
    );
    // ETH: live on the local chain, our own faucet page through the router.
    expect(card("ETH").getByTestId("level-badge")).toHaveTextContent("Live");
    expect(card("ETH").getByRole("link", { name: "this app's testnet faucet" })).toHaveAttribute(
      "href",
      "/testnet-xqb-faucet",
    );
    expect(card("ARB").getByTestId("coin-faucet")).toHaveTextContent("none");
  });

  it("Transaction Testing: BTC's limits, the test sent as typed, the simulated result, and Verify decodes the same id", async () => {
    const test = deferred();
    const api = stubApi({
      "POST /api/cryptocurrencies/BTC/test-transaction": () => test.promise,
      "POST /api/cryptocurrencies/BTC/verify": () => json(btcVerified()),
    });
    const { user } = renderWithProviders(<CryptocurrencyPage />, { route: `${PAGE}?tab=testing` });
    const select = await screen.findByTestId("coin-select");
    // Display-only coins are not offered.
    const offered = within(select)
      .getAllByRole("option")
      .map((o) => (o as HTMLOptionElement).value);
    expect(offered).not.toContain("USDT");
    expect(offered).toContain("BTC");
    expect(screen.getByTestId("test-button")).toBeDisabled();
    expect(screen.getByTestId("test-button-reason")).toHaveTextContent("Choose a coin to test");

    await user.selectOptions(select, "BTC");
    const limits = await screen.findByTestId("coin-limits");
    expect(within(limits).getByTestId("limit-decimals")).toHaveTextContent("8");
    expect(within(limits).getByTestId("limit-max")).toHaveTextContent("1 BTC");
    expect(within(limits).getByTestId("limit-memo")).toHaveTextContent("up to 80 bytes, in a zero-value OP_RETURN");
    expect(screen.getByTestId("test-amount-input")).toHaveValue(1);

    // The amount checked as typed: the spec's 0.1 minimum, then BTC's own maximum.
    const amount = screen.getByTestId("test-amount-input");
    await user.clear(amount);
    await user.type(amount, "0.05");
    expect(screen.getByTestId("test-button-reason")).toHaveTextContent("Amount must be at least 0.1 BTC");
    await user.clear(amount);
    await user.type(amount, "2");
    expect(screen.getByTestId("test-button-reason")).toHaveTextContent("must be at most 1 BTC");
    await user.clear(amount);
    await user.type(amount, "1");

    const memo = screen.getByTestId("memo-input");
    expect(memo).toBeEnabled();
    await user.type(memo, "héllo");
    expect(screen.getByTestId("memo-input-helper")).toHaveTextContent("6 / 80 bytes");
    await user.clear(memo);
    await user.type(memo, "hello");

    await waitFor(() => expect(screen.getByTestId("test-button")).toBeEnabled());
    await user.click(screen.getByTestId("test-button"));
    await waitFor(() => expect(screen.getByTestId("test-button")).toHaveTextContent("Testing BTC…"));
    test.resolve(json(btcResult()));

    const result = await screen.findByTestId("test-result");
    expect(posts(api.requests, testPath("BTC"))).toEqual([{ amount: "1", memo: "hello" }]);
    const r = within(result);
    expect(r.getByTestId("source-badge")).toHaveAttribute("data-source", "simulated");
    expect(r.getByTestId("result-level")).toHaveTextContent("Signed offline");
    expect(r.getByTestId("result-note")).toHaveTextContent("never broadcast");
    expect(r.getByTestId("result-tx-hash")).toHaveAttribute("title", BTC_TXID);
    expect(r.queryByTestId("explorer-link")).toBeNull();
    expect(r.getByTestId("result-amount")).toHaveTextContent("1 BTC");
    expect(r.getByTestId("result-fee")).toHaveTextContent("0.00000141 BTC");
    expect(r.getByTestId("result-memo")).toHaveTextContent("hello");
    expect(r.getByTestId("result-assumptions")).toHaveTextContent("made-up outpoint");
    expect(r.getByTestId("result-elapsed")).toHaveTextContent("12.4 ms");
    expect(r.getByTestId("result-attestation")).toHaveTextContent("ML-DSA-65, key key-1a2b");
    expect(r.getByTestId("signed-bytes-box")).toHaveTextContent(BTC_BYTES);
    expect(r.getByTestId("signed-bytes-encoding")).toHaveTextContent(`hex, ${BTC_BYTES.length >> 1} bytes`);
    expect(r.getByRole("button", { name: "Copy signed BTC transaction" })).toBeInTheDocument();

    await user.click(r.getByTestId("verify-button"));
    const verified = await r.findByTestId("verify-result");
    expect(posts(api.requests, verifyPath("BTC"))).toEqual([{ signedTransaction: BTC_BYTES }]);
    expect(verified).toHaveAttribute("data-signature", "true");
    expect(verified).toHaveAttribute("data-id-matches", "true");
    const v = within(verified);
    expect(v.getByTestId("verify-signature")).toHaveTextContent("Signature verifies");
    expect(v.getByTestId("verify-id-match")).toHaveTextContent("Same id as the result");
    expect(v.getByTestId("verify-amount")).toHaveTextContent("1 BTC");
    expect(v.getByTestId("verify-memo")).toHaveTextContent("hello");
    expect(v.getByTestId("verify-fee")).toHaveTextContent("0.00000141 BTC");
    expect(v.getByTestId("verify-signature-note")).toHaveTextContent("BIP 143");
  });

  it("a coin that cannot carry a memo: the memo is disabled with the reason, and the test is sent without one", async () => {
    const api = stubApi({
      "POST /api/cryptocurrencies/BTC/test-transaction": () => json(btcResult(null)),
      "POST /api/cryptocurrencies/IOTA/test-transaction": () =>
        json({ code: "LEDGER_UNAVAILABLE", error: "down" }, 503),
    });
    const { user } = renderWithProviders(<CryptocurrencyPage />, { route: `${PAGE}?tab=testing` });
    const select = await screen.findByTestId("coin-select");
    await user.selectOptions(select, "BTC");
    await user.type(screen.getByTestId("memo-input"), "kept for BTC");
    await user.selectOptions(select, "ETH");
    expect(screen.getByTestId("memo-input")).toBeDisabled();
    expect(screen.getByTestId("memo-input-helper")).toHaveTextContent(
      "ETH cannot carry a memo here: a local-chain transfer carries no memo here",
    );
    await user.selectOptions(select, "IOTA");
    expect(screen.getByTestId("memo-input")).toBeDisabled();
    expect(screen.getByTestId("memo-input-helper")).toHaveTextContent(
      "IOTA cannot carry a memo here: IOTA transaction data has no memo field",
    );
    expect(screen.getByTestId("limit-memo")).toHaveTextContent("none: IOTA transaction data has no memo field");
    await user.click(screen.getByTestId("test-button"));
    expect(await screen.findByTestId("test-error")).toHaveTextContent("down");
    expect(posts(api.requests, testPath("IOTA"))).toEqual([{ amount: "1", memo: null }]);
  });

  it("a visitor: Test waits for a signed-in wallet and says so beside it", async () => {
    stubApi({}, false);
    const { user } = renderWithProviders(<CryptocurrencyPage />, { route: `${PAGE}?tab=testing` });
    await user.selectOptions(await screen.findByTestId("coin-select"), "XLM");
    await waitFor(() => expect(screen.getAllByTestId("access-note")[0]).toHaveTextContent("Sign in with your wallet"));
    expect(screen.getByTestId("test-button")).toBeDisabled();
    // Verify is every visitor's.
    expect(screen.getByTestId("verify-any-button-reason")).toHaveTextContent("Paste the signed transaction");
  });

  it("Verify any bytes: the decoded contents of pasted bytes, and a refusal in the API's words", async () => {
    let refuse = false;
    const api = stubApi({
      "POST /api/cryptocurrencies/BTC/verify": () =>
        refuse
          ? json(
              {
                code: "INVALID_INPUT",
                error: "Invalid input",
                issues: [{ path: "signedTransaction", message: "is not a signed BTC test transfer: bad bytes" }],
              },
              400,
            )
          : json(btcVerified({ signatureValid: null })),
    });
    const { user } = renderWithProviders(<CryptocurrencyPage />, { route: `${PAGE}?tab=testing` });
    const bytes = await screen.findByTestId("verify-bytes-input");
    await user.click(bytes);
    await user.paste(BTC_BYTES);
    expect(screen.getByTestId("verify-any-button-reason")).toHaveTextContent("Choose the coin the bytes are for");
    await user.selectOptions(screen.getByTestId("verify-coin-select"), "BTC");
    await user.click(screen.getByTestId("verify-any-button"));
    const out = await screen.findByTestId("verify-any-result");
    expect(out).toHaveAttribute("data-signature", "null");
    expect(within(out).getByTestId("verify-signature")).toHaveTextContent("cannot be checked here");
    expect(within(out).queryByTestId("verify-id-match")).toBeNull();
    expect(posts(api.requests, verifyPath("BTC"))).toEqual([{ signedTransaction: BTC_BYTES }]);
    refuse = true;
    await user.click(screen.getByTestId("verify-any-button"));
    expect(await screen.findByTestId("verify-any-error")).toHaveTextContent("is not a signed BTC test transfer");
  });

  it("Bulk Testing, Top 5: each coin waits while the run runs, then its outcome, level and id, and the summary", async () => {
    const run = deferred();
    const api = stubApi({ "POST /api/cryptocurrencies/bulk-test": () => run.promise });
    const { user } = renderWithProviders(<CryptocurrencyPage />, { route: `${PAGE}?tab=bulk` });
    const top5 = await screen.findByTestId("bulk-scope-top5");
    expect(top5).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByTestId("bulk-chosen")).toHaveTextContent("5 coins: XLM, ETH, BTC, XRP, ADA");
    // Before a run: the chosen coins, not run yet.
    expect(screen.getAllByTestId("bulk-row").map((r) => r.getAttribute("data-symbol"))).toEqual([...TOP_FIVE]);
    // The amount meets every chosen coin's rule: BTC's maximum (1) and ADA's chain minimum (0.96975).
    const amount = screen.getByTestId("bulk-amount-input");
    await user.clear(amount);
    await user.type(amount, "2");
    expect(screen.getByTestId("bulk-run-button-reason")).toHaveTextContent("what our BTC test account signs for");
    await user.clear(amount);
    await user.type(amount, "0.5");
    expect(screen.getByTestId("bulk-run-button-reason")).toHaveTextContent("ADA's chain minimum");
    await user.clear(amount);
    await user.type(amount, "1");
    // The memo's counter is against the smallest limit of the coins that carry one (XLM's 28 bytes).
    await user.type(screen.getByTestId("bulk-memo-input"), "bulk");
    expect(screen.getByTestId("bulk-memo-input-helper")).toHaveTextContent("4 / 28 bytes");
    expect(screen.getByTestId("bulk-memo-input-helper")).toHaveTextContent("ETH cannot carry one");

    await user.click(screen.getByTestId("bulk-run-button"));
    await waitFor(() =>
      expect(screen.getAllByTestId("bulk-row-outcome").map((c) => c.textContent)).toEqual(Array(5).fill("waiting…")),
    );
    expect(screen.getByTestId("bulk-running")).toBeInTheDocument();
    expect(posts(api.requests, BULK_PATH)).toEqual([
      { symbols: ["XLM", "ETH", "BTC", "XRP", "ADA"], amount: "1", memo: "bulk" },
    ]);
    run.resolve(json(topFiveRun()));

    await waitFor(() => expect(screen.getByTestId("bulk-summary")).toBeInTheDocument());
    const rows = screen.getAllByTestId("bulk-row");
    expect(rows.map((r) => r.getAttribute("data-success"))).toEqual(["true", "true", "true", "true", "false"]);
    const eth = within(rows[1]!);
    expect(eth.getByTestId("bulk-row-level")).toHaveTextContent("Live");
    expect(eth.getByTestId("source-badge")).toHaveAttribute("data-source", "live");
    expect(eth.getByTestId("tx-hash")).toHaveAttribute("title", `eth-id-${"0".repeat(20)}`);
    expect(within(rows[4]!).getByTestId("bulk-row-error")).toHaveTextContent(
      "the ADA signer did not start (LEDGER_UNAVAILABLE)",
    );
    expect(screen.getByTestId("bulk-summary")).toHaveTextContent("4 successful");
    expect(screen.getByTestId("bulk-summary")).toHaveTextContent("1 failed");
    expect(screen.getByTestId("bulk-success-rate")).toHaveTextContent("success rate 80 % of 5");
    expect(screen.getByTestId("bulk-summary")).toHaveTextContent("2,345 ms");

    // A row's whole result, with its Verify, on request.
    await user.click(within(rows[2]!).getByTestId("bulk-row-details"));
    expect(await screen.findByTestId("test-result")).toHaveAttribute("data-symbol", "BTC");
  });

  it("Bulk Testing: 'All' is every coin but the display-only ones; a 409 says a run of yours is running", async () => {
    const api = stubApi({
      "POST /api/cryptocurrencies/bulk-test": () =>
        json(
          {
            code: "CONFLICT",
            error: "a bulk test of yours is running: wait for its answer before starting another",
          },
          409,
        ),
    });
    const { user } = renderWithProviders(<CryptocurrencyPage />, { route: `${PAGE}?tab=bulk` });
    await user.click(await screen.findByTestId("bulk-scope-all"));
    expect(screen.getByTestId("bulk-chosen")).toHaveTextContent("21 coins");
    expect(screen.getAllByTestId("bulk-row").map((r) => r.getAttribute("data-symbol"))).not.toContain("USDT");
    await waitFor(() => expect(screen.getByTestId("bulk-run-button")).toBeEnabled());
    await user.click(screen.getByTestId("bulk-run-button"));
    expect(await screen.findByTestId("bulk-conflict")).toHaveTextContent("A bulk run of yours is already running");
    const sent = posts(api.requests, BULK_PATH)[0] as { symbols: string[] };
    expect(sent.symbols).toHaveLength(21);
    expect(screen.getAllByTestId("bulk-row-outcome").every((c) => c.textContent === "not run yet")).toBe(true);
  });

  it("Analytics: the snapshots charted with their sources, the unpriced coins, response times and level counts", async () => {
    stubApi({}, false);
    renderWithProviders(<CryptocurrencyPage />, { route: `${PAGE}?tab=analytics` });
    expect(await screen.findByTestId("prices-caption")).toHaveTextContent(
      "Dated daily snapshots bundled with the API, not live prices",
    );
    expect(screen.getByTestId("prices-caption")).toHaveTextContent("CoinGecko");
    expect(screen.getByTestId("prices-caption")).toHaveTextContent("Binance");
    expect(screen.getByTestId("prices-unpriced")).toHaveTextContent("No bundled price for ADA, SOL");
    const charts = await screen.findAllByTestId("price-chart", {}, { timeout: 10_000 });
    expect(charts.map((c) => c.getAttribute("data-symbol"))).toEqual(["BTC", "XLM"]);
    expect(within(charts[0]!).getByTestId("price-chart-caption")).toHaveTextContent(
      "latest $83,500.01 on Jun 30, 2026 (Binance USDT close)",
    );
    const rows = await screen.findAllByTestId("response-time-row");
    expect(rows.map((r) => r.getAttribute("data-symbol"))).toEqual(["BTC", "ETH"]);
    expect(rows[0]).toHaveTextContent("12.4 ms");
    expect(rows[1]).toHaveTextContent("no test yet");
    const levels = await screen.findByTestId("level-counts-list");
    expect(
      within(levels)
        .getAllByRole("listitem")
        .map((li) => li.getAttribute("data-count")),
    ).toEqual(["5", "16", "1"]);
  });

  it("at 390 px the bulk rows are cards, each with every column", async () => {
    narrowScreen();
    stubApi({ "POST /api/cryptocurrencies/bulk-test": () => json(topFiveRun()) });
    const { user } = renderWithProviders(<CryptocurrencyPage />, { route: `${PAGE}?tab=bulk` });
    await waitFor(() => expect(screen.getByTestId("bulk-run-button")).toBeEnabled());
    await user.click(screen.getByTestId("bulk-run-button"));
    await screen.findByTestId("bulk-summary");
    expect(screen.getByTestId("bulk-rows")).toHaveAttribute("data-layout", "cards");
    const ada = within(screen.getAllByTestId("bulk-row")[4]!);
    expect(ada.getByText("Outcome")).toBeInTheDocument();
    expect(ada.getByTestId("bulk-row-error")).toHaveTextContent("the ADA signer did not start");
  });
});
