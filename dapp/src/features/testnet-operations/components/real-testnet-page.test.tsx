// The real-testnet page against the API's recorded answers: the government figures with their date, series and
// source (and the spec's fallback message only when the API sets it), the Stellar form's rules as typed, a simulated
// payment (no explorer link) and its envelope checked, the multi-crypto coin picker, Run All Real Tests with and
// without a signed-in wallet, and the Results tab's raw JSON newest first.
import { screen, waitFor, within } from "@testing-library/react";
import { deferred, json, stubFetch, type FakeRequest, type FakeRoute } from "../../../testing/fake-api";
import { narrowScreen } from "../../../testing/narrow-screen";
import { renderWithProviders } from "../../../testing/test-utils";
import { testnetOperationsContract as contract } from "../api/contract";
import { GOVERNMENT_UNAVAILABLE, STELLAR_DEFAULTS } from "../constants";
import {
  ALICE,
  ASSETS,
  GOVERNMENT,
  governmentWithGdpMissing,
  MEMO_REFUSED,
  MULTI_CRYPTO,
  REAL_OPERATIONS,
  SIGNED_IN_ACCESS,
  STELLAR,
  VERIFIED,
  VIBE_ANALYTICS,
  vibeMinted,
  VISITOR_ACCESS,
} from "../testing/fixtures";
import { RealTestnetPage } from "./real-testnet-page";

const PAGE = "/real-testnet-operations";
const route = (e: { method: string; path: string }) => `${e.method.toUpperCase()} ${e.path}`;

/** Every read answers as recorded; the writes only when a test routes them. */
function stubApi(routes: Record<string, FakeRoute> = {}, signedIn = false) {
  return stubFetch({
    "GET /api/auth/access": () => json(signedIn ? SIGNED_IN_ACCESS : VISITOR_ACCESS),
    [route(contract.governmentData)]: () => json(GOVERNMENT),
    [route(contract.supportedAssets)]: () => json(ASSETS),
    [route(contract.vibeAnalytics)]: () => json(VIBE_ANALYTICS),
    [route(contract.realOperations)]: () => json(REAL_OPERATIONS),
    ...routes,
  });
}

const sent = (requests: FakeRequest[], e: { method: string; path: string }) =>
  requests.filter((r) => r.method === e.method.toUpperCase() && r.url.pathname === e.path);
const WRITES = [contract.realTestnetStellar, contract.multiCrypto, contract.vibeMint];

const figure = (key: string) =>
  within(screen.getAllByTestId("figure-card").find((c) => c.getAttribute("data-key") === key)!);

describe("RealTestnetPage", () => {
  it("has the spec's buttons and tabs; Government APIs shows each figure with its units, date, series, publisher and Snapshot note", async () => {
    const api = stubApi();
    const { user } = renderWithProviders(<RealTestnetPage />, { route: `${PAGE}?tab=government` });
    expect(screen.getByRole("heading", { level: 1, name: "Real Testnet Operations" })).toBeInTheDocument();
    expect(screen.getByTestId("run-all-button")).toHaveTextContent("Run All Real Tests");
    expect(screen.getByTestId("load-assets-button")).toHaveTextContent("Load Supported Assets");
    expect(screen.getAllByRole("tab").map((t) => t.textContent)).toEqual([
      "Stellar Test",
      "Government APIs",
      "Multi-Crypto",
      "Results",
    ]);

    expect(await screen.findByTestId("government-empty")).toBeInTheDocument();
    await user.click(screen.getByTestId("government-button"));
    await screen.findAllByTestId("figure-card");
    expect(sent(api.requests, contract.governmentData)).toHaveLength(1);
    expect(screen.getAllByTestId("figure-card")).toHaveLength(7);

    // Public debt: compact USD, the value as published with its units, the observation's date, the series id.
    const debt = figure("publicDebt");
    expect(debt.getByTestId("figure-reading")).toHaveTextContent("$40.03T");
    expect(debt.getByTestId("figure-published")).toHaveTextContent("40,033,256,786,764.37 USD");
    expect(debt.getByTestId("figure-as-of")).toHaveTextContent("Aug 20, 2026");
    expect(debt.getByTestId("figure-series")).toHaveTextContent("debt_to_penny.tot_pub_debt_out_amt");
    expect(debt.getByTestId("figure-publisher")).toHaveTextContent("U.S. Treasury Fiscal Data");
    expect(debt.getByTestId("source-badge")).toHaveAttribute("data-source", "snapshot");
    // GDP in billions, as published, and why it is not live.
    const gdp = figure("gdp");
    expect(gdp.getByTestId("figure-reading")).toHaveTextContent("$32.48T");
    expect(gdp.getByTestId("figure-published")).toHaveTextContent(
      "32,475.21 billions of USD, seasonally adjusted annual rate",
    );
    expect(gdp.getByTestId("figure-as-of")).toHaveTextContent("Apr 1, 2026");
    expect(gdp.getByTestId("figure-series")).toHaveTextContent("GDP");
    expect(gdp.getByTestId("figure-note")).toHaveTextContent("live disabled: no key (FRED_API_KEY unset)");
    expect(figure("unemployment").getByTestId("figure-reading")).toHaveTextContent("4.1 %");
    expect(figure("wti").getByTestId("figure-reading")).toHaveTextContent(/^\$[\d.]+ per barrel$/);
    // Each publisher's live state in words.
    const states = screen.getAllByTestId("source-state");
    expect(states.map((s) => s.getAttribute("data-live"))).toEqual(["disabled", "failed", "disabled"]);
    expect(states[1]).toHaveTextContent("unreachable (getaddrinfo ENOTFOUND api.fiscaldata.treasury.gov)");
    // The recorded answer has every figure (message null): no "temporarily unavailable".
    expect(screen.queryByTestId("government-unavailable")).toBeNull();
    expect(screen.queryByText(new RegExp(GOVERNMENT_UNAVAILABLE.slice(0, 30)))).toBeNull();
    expect(await screen.findByTestId("toast-title")).toHaveTextContent("Government Data Complete");
  });

  it("shows the spec's fallback message when the API sets it, naming the missing field, and no figure for it", async () => {
    stubApi({ [route(contract.governmentData)]: () => json(governmentWithGdpMissing()) });
    const { user } = renderWithProviders(<RealTestnetPage />, { route: `${PAGE}?tab=government` });
    await user.click(await screen.findByTestId("government-button"));
    const notice = await screen.findByTestId("government-unavailable");
    expect(notice).toHaveTextContent(GOVERNMENT_UNAVAILABLE);
    expect(notice).toHaveTextContent("federalReserve.gdp: FRED did not answer and the bundled file has no row");
    expect(screen.getByTestId("figure-missing")).toHaveTextContent("No value");
    expect(screen.getAllByTestId("figure-card")).toHaveLength(6);
  });

  it("Stellar Test: 10 XLM and the memo by default, the API's rules as typed, a simulated result without explorer link, its envelope checked", async () => {
    const payment = deferred();
    const api = stubApi(
      {
        [route(contract.realTestnetStellar)]: () => payment.promise,
        [`POST ${STELLAR.verifyPath}`]: () => json(VERIFIED),
      },
      true,
    );
    const { user } = renderWithProviders(<RealTestnetPage />, { route: PAGE });
    const amount = await screen.findByTestId("stellar-amount-input");
    const memo = screen.getByTestId("memo-input");
    expect(amount).toHaveValue(STELLAR_DEFAULTS.realTestnetAmount);
    expect(amount).toHaveAttribute("step", "1");
    expect(amount).toHaveAttribute("min", "0");
    expect(memo).toHaveValue("XQBUSD Test Transaction");
    expect(screen.getByTestId("memo-input-helper")).toHaveTextContent("23 / 28 bytes");
    await waitFor(() => expect(screen.getByTestId("stellar-send-button")).toBeEnabled());

    // 28 bytes pass; one more is refused as typed, before any click. Bytes, not characters: "é" is two.
    await user.clear(memo);
    await user.type(memo, "x".repeat(28));
    expect(screen.getByTestId("stellar-send-button")).toBeEnabled();
    await user.type(memo, "y");
    expect(screen.getByTestId("memo-input-helper")).toHaveTextContent(
      "at most 28 bytes (Stellar's text memo): it is 29",
    );
    expect(screen.getByTestId("stellar-send-button")).toBeDisabled();
    expect(screen.getByTestId("stellar-send-button-reason")).toHaveTextContent("at most 28 bytes");
    await user.clear(memo);
    await user.type(memo, "é".repeat(15));
    expect(screen.getByTestId("memo-input-helper")).toHaveTextContent("it is 30");
    // The amount: the API's own limits (one stroop up to what our account pays in one test).
    await user.clear(memo);
    await user.type(memo, "XQBUSD Test Transaction");
    await user.clear(amount);
    await user.type(amount, "0");
    expect(screen.getByTestId("stellar-send-button-reason")).toHaveTextContent("must be at least 0.0000001 XLM");
    await user.clear(amount);
    await user.type(amount, "101");
    expect(screen.getByTestId("stellar-send-button-reason")).toHaveTextContent("must be at most 100 XLM");
    await user.clear(amount);
    await user.type(amount, "10");

    await user.click(screen.getByTestId("stellar-send-button"));
    await waitFor(() => expect(screen.getByTestId("stellar-send-button")).toHaveTextContent("Sending…"));
    payment.resolve(json(STELLAR));
    const result = within(await screen.findByTestId("stellar-result"));
    expect(sent(api.requests, contract.realTestnetStellar).map((r) => r.body)).toEqual([
      { xlmAmount: "10", memo: "XQBUSD Test Transaction" },
    ]);
    expect(result.getByTestId("source-badge")).toHaveAttribute("data-source", "simulated");
    expect(result.getByTestId("stellar-result-source")).toHaveTextContent(
      "Simulated: signed with our testnet key and never submitted, because horizon-testnet.stellar.org unreachable",
    );
    // Simulated: the hash, copyable, and no explorer link.
    expect(result.getByTestId("stellar-tx-hash")).toHaveAttribute("title", STELLAR.transactionHash);
    expect(result.getByRole("button", { name: "Copy transaction hash" })).toBeInTheDocument();
    expect(result.queryByTestId("explorer-link")).toBeNull();
    expect(result.getByTestId("signed-envelope-box")).toHaveTextContent(STELLAR.signedTransaction);
    expect(await screen.findByTestId("toast-title")).toHaveTextContent("Stellar Transaction Complete");

    await user.click(result.getByTestId("verify-button"));
    const verified = await result.findByTestId("verify-result");
    expect(sent(api.requests, { method: "post", path: STELLAR.verifyPath }).map((r) => r.body)).toEqual([
      { signedTransaction: STELLAR.signedTransaction },
    ]);
    expect(verified).toHaveAttribute("data-signature", "true");
    expect(verified).toHaveAttribute("data-id-matches", "true");
    expect(within(verified).getByTestId("verify-memo")).toHaveTextContent("XQBUSD Test Transaction");
  });

  it("a refused payment says the server's words in the toast and beside the form", async () => {
    stubApi({ [route(contract.realTestnetStellar)]: () => json(MEMO_REFUSED, 400) }, true);
    const { user } = renderWithProviders(<RealTestnetPage />, { route: PAGE });
    await waitFor(() => expect(screen.getByTestId("stellar-send-button")).toBeEnabled());
    await user.click(screen.getByTestId("stellar-send-button"));
    expect(await screen.findByTestId("stellar-error")).toHaveTextContent(
      "Transaction error: Invalid request (memo: at most 28 bytes (Stellar's text memo))",
    );
    expect(await screen.findByTestId("toast-title")).toHaveTextContent("Stellar Transaction Failed");
  });

  it("Multi-Crypto: BTC, ETH and XRP by default, at least one coin, each result at its level with no explorer link it was not given", async () => {
    const api = stubApi({ [route(contract.multiCrypto)]: () => json(MULTI_CRYPTO) }, true);
    const { user } = renderWithProviders(<RealTestnetPage />, { route: `${PAGE}?tab=multi-crypto` });
    await screen.findByTestId("coin-checkboxes");
    const checked = () =>
      ["BTC", "ETH", "XRP", "XLM", "ADA", "ALGO", "MATIC", "AVAX", "HBAR"].filter(
        (c) => (screen.getByTestId(`coin-${c}`) as HTMLInputElement).checked,
      );
    expect(checked()).toEqual(["BTC", "ETH", "XRP"]);
    for (const c of ["BTC", "ETH", "XRP"]) await user.click(screen.getByTestId(`coin-${c}`));
    expect(screen.getByTestId("multi-run-button")).toBeDisabled();
    expect(screen.getByTestId("multi-run-button-reason")).toHaveTextContent("Choose at least one coin");
    for (const c of ["XRP", "BTC", "ETH"]) await user.click(screen.getByTestId(`coin-${c}`));
    await user.click(screen.getByTestId("multi-run-button"));
    await screen.findByTestId("multi-result");
    // Sent in the spec's order, whatever order they were ticked in.
    expect(sent(api.requests, contract.multiCrypto).map((r) => r.body)).toEqual([
      { selectedCryptos: ["BTC", "ETH", "XRP"] },
    ]);
    expect(screen.getByTestId("multi-summary")).toHaveTextContent("3 of 3 succeeded, 0 failed · success rate 100 %");
    const rows = screen.getAllByTestId("multi-row");
    expect(rows.map((r) => within(r).getByTestId("multi-row-level").textContent)).toEqual([
      "Signed offline",
      "Live",
      "Signed offline",
    ]);
    expect(within(rows[0]!).getByTestId("multi-row-note")).toHaveTextContent("Simulated: No Bitcoin testnet4 node");
    expect(within(screen.getByTestId("multi-rows")).queryByTestId("explorer-link")).toBeNull();
  });

  it("Run All Real Tests without a session runs the four reads, says what it skipped and why, and lists each result's raw JSON newest first", async () => {
    const api = stubApi();
    const { user } = renderWithProviders(<RealTestnetPage />, { route: PAGE });
    await waitFor(() => expect(screen.getByTestId("run-all-button")).toBeEnabled());
    expect(screen.getByTestId("run-all-scope")).toHaveTextContent(
      "Stellar Transaction, Multi-Crypto Test, VibeCoins Mint need a signed-in wallet",
    );
    await user.click(screen.getByTestId("run-all-button"));
    await waitFor(() => expect(screen.getByTestId("run-all-status")).toHaveTextContent("4 of 4 run, 3 skipped"));
    const steps = screen.getAllByTestId("run-all-step");
    expect(steps.map((s) => [s.getAttribute("data-kind"), s.getAttribute("data-state")])).toEqual([
      ["government", "done"],
      ["assets", "done"],
      ["vibeAnalytics", "done"],
      ["realOperations", "done"],
      ["stellar", "skipped"],
      ["multiCrypto", "skipped"],
      ["vibeMint", "skipped"],
    ]);
    expect(within(steps[4]!).getByTestId("run-all-step-why")).toHaveTextContent("needs a signed-in wallet");
    for (const e of [
      contract.governmentData,
      contract.supportedAssets,
      contract.vibeAnalytics,
      contract.realOperations,
    ])
      expect(sent(api.requests, e)).toHaveLength(1);
    for (const e of WRITES) expect(sent(api.requests, e)).toHaveLength(0);
    await waitFor(() =>
      expect(screen.getAllByTestId("toast-title").map((t) => t.textContent)).toContain("Run All Real Tests Complete"),
    );
    const summary = screen
      .getAllByTestId("toast")
      .find((t) => within(t).getByTestId("toast-title").textContent === "Run All Real Tests Complete")!;
    expect(summary).toHaveTextContent("4 of 4 tests answered");
    expect(summary).toHaveTextContent("Skipped: Stellar Transaction (needs a signed-in wallet");

    // Results: newest first, each with its label, time, duration and the raw JSON.
    await user.click(screen.getByRole("tab", { name: "Results" }));
    const entries = await screen.findAllByTestId("result-entry");
    expect(entries.map((e) => e.getAttribute("data-kind"))).toEqual([
      "realOperations",
      "vibeAnalytics",
      "assets",
      "government",
    ]);
    expect(within(entries[1]!).getByTestId("result-timing")).toHaveTextContent(/took \d+ ms/);
    expect(JSON.parse(within(entries[1]!).getByTestId("result-json").textContent!)).toEqual(VIBE_ANALYTICS);
    expect(within(entries[3]!).getByTestId("result-outcome")).toHaveTextContent("Government Data Complete");

    // The VibeCoins analytics: the APY with its rule, CO2 "not measured" with the reason.
    await user.click(screen.getByRole("tab", { name: "Multi-Crypto" }));
    const vibe = within(await screen.findByTestId("vibe-analytics"));
    expect(vibe.getByTestId("vibe-total-staked")).toHaveTextContent("12.5 ETH in 3 pools");
    expect(vibe.getByTestId("vibe-average-apy")).toHaveTextContent("4.21 %");
    expect(vibe.getByTestId("vibe-average-apy")).toHaveTextContent("weighted by the ETH its holders own");
    expect(vibe.getByTestId("vibe-co2")).toHaveTextContent("not measured");
    expect(vibe.getByTestId("vibe-co2")).toHaveTextContent("No environmental action is recorded yet");
    expect(screen.getByTestId("assets-levels")).toHaveTextContent(
      `${ASSETS.totalAssets} assets: ${ASSETS.levels.live} live, ${ASSETS.levels["signed-offline"]} signed offline, 1 display only`,
    );
  });

  it("Run All Real Tests signed in runs every test with the tabs' inputs, the mint to the signed-in wallet; a failure says the server's words", async () => {
    const api = stubApi(
      {
        [route(contract.realTestnetStellar)]: () => json(STELLAR),
        [route(contract.multiCrypto)]: () => json(MULTI_CRYPTO),
        [route(contract.vibeMint)]: () =>
          json(
            {
              code: "RATE_LIMITED",
              error: "One VIBE mint per wallet per hour: the next one is due at 2026-11-29T06:15:35.000Z",
              retryAfterSeconds: 1200,
              details: { nextRewardAt: "2026-11-29T06:15:35.000Z" },
            },
            429,
          ),
        [route(contract.vibeAnalytics)]: () => json({ code: "INTERNAL", error: "Internal server error" }, 500),
      },
      true,
    );
    const { user } = renderWithProviders(<RealTestnetPage />, { route: PAGE });
    await waitFor(() => expect(screen.getByTestId("run-all-scope")).toHaveTextContent(`as ${ALICE}`));
    await user.click(screen.getByTestId("run-all-button"));
    await waitFor(() => expect(screen.getByTestId("run-all-status")).toHaveTextContent("7 of 7 run"), {
      timeout: 10_000,
    });
    expect(sent(api.requests, contract.realTestnetStellar).map((r) => r.body)).toEqual([
      { xlmAmount: "10", memo: "XQBUSD Test Transaction" },
    ]);
    expect(sent(api.requests, contract.multiCrypto).map((r) => r.body)).toEqual([
      { selectedCryptos: ["BTC", "ETH", "XRP"] },
    ]);
    expect(sent(api.requests, contract.vibeMint).map((r) => r.body)).toEqual([
      {
        recipientAddress: ALICE,
        amount: 1000,
        environmentalProject: "Real Testnet Operations test mint",
        network: "ethereum",
      },
    ]);
    const states = screen.getAllByTestId("run-all-step").map((s) => s.getAttribute("data-state"));
    expect(states).toEqual(["done", "done", "failed", "done", "done", "done", "failed"]);
    const toasts = () => screen.getAllByTestId("toast").map((t) => t.textContent);
    await waitFor(() =>
      expect(toasts()).toContain(
        "VibeCoins Mint FailedOne VIBE mint per wallet per hour: the next one is due at 2026-11-29T06:15:35.000Z",
      ),
    );
    // Each failure keeps the server's words in the results.
    await user.click(screen.getByRole("tab", { name: "Results" }));
    const failed = (await screen.findAllByTestId("result-entry")).filter(
      (e) => e.getAttribute("data-failed") === "true",
    );
    expect(failed.map((e) => e.getAttribute("data-kind"))).toEqual(["vibeMint", "vibeAnalytics"]);
    expect(within(failed[1]!).getByTestId("result-outcome")).toHaveTextContent("VibeCoins Analytics Failed");
    expect(within(failed[1]!).getByTestId("result-json")).toHaveTextContent("The server failed on our side, not yours");
  });

  it("the VIBE test mint goes to the signed-in wallet; a visitor is told to sign in", async () => {
    const api = stubApi({ [route(contract.vibeMint)]: () => json(vibeMinted(ALICE)) }, true);
    const { user } = renderWithProviders(<RealTestnetPage />, { route: `${PAGE}?tab=multi-crypto` });
    await waitFor(() => expect(screen.getByTestId("vibe-mint-button")).toBeEnabled());
    await user.click(screen.getByTestId("vibe-mint-button"));
    const minted = within(await screen.findByTestId("vibe-mint-result"));
    expect(sent(api.requests, contract.vibeMint)[0]!.body).toMatchObject({ recipientAddress: ALICE, amount: 1000 });
    expect(minted.getByTestId("source-badge")).toHaveAttribute("data-source", "live");
    // The local chain has no explorer: the API gives no link, so none is shown.
    expect(minted.queryByTestId("explorer-link")).toBeNull();
    expect(await screen.findByTestId("toast-title")).toHaveTextContent("VibeCoins Mint Success");
  });

  it("a visitor: the wallet's actions wait for a sign-in and say so", async () => {
    stubApi();
    renderWithProviders(<RealTestnetPage />, { route: PAGE });
    await waitFor(() => expect(screen.getAllByTestId("access-note")[0]).toHaveTextContent("Sign in with your wallet"));
    expect(screen.getByTestId("stellar-send-button")).toBeDisabled();
  });

  it("at 390 px the multi-crypto rows are cards, each with every column", async () => {
    narrowScreen();
    stubApi({ [route(contract.multiCrypto)]: () => json(MULTI_CRYPTO) }, true);
    const { user } = renderWithProviders(<RealTestnetPage />, { route: `${PAGE}?tab=multi-crypto` });
    await waitFor(() => expect(screen.getByTestId("multi-run-button")).toBeEnabled());
    await user.click(screen.getByTestId("multi-run-button"));
    expect(await screen.findByTestId("multi-rows")).toHaveAttribute("data-layout", "cards");
    expect(within(screen.getAllByTestId("multi-row")[1]!).getByText("Transaction")).toBeInTheDocument();
  });
});
