// The authentic testnet dashboard against the API's recorded answers: four status cards computed from the calls and
// saying how, the government figures with their date, series and source (the spec's fallback only when the API sets
// `message`), the Stellar form (1 XLM by default, the 28-byte memo refused as typed) whose success refreshes the
// testnet queries, and compliance never shown VALIDATED while the API says PARTIAL.
import { screen, waitFor, within } from "@testing-library/react";
import { json, stubFetch, type FakeRequest, type FakeRoute } from "../../../testing/fake-api";
import { renderWithProviders } from "../../../testing/test-utils";
import { testnetOperationsContract as contract } from "../api/contract";
import { GOVERNMENT_UNAVAILABLE, STELLAR_DEFAULTS } from "../constants";
import {
  COMPLIANCE,
  COMPREHENSIVE,
  comprehensiveWithDebtMissing,
  REAL_OPERATIONS,
  SIGNED_IN_ACCESS,
  TESTNET_STELLAR,
  TREASURY_HEALTH,
  VISITOR_ACCESS,
} from "../testing/fixtures";
import { AuthenticDashboardPage } from "./authentic-dashboard-page";

const PAGE = "/authentic-testnet-dashboard";
const route = (e: { method: string; path: string }) => `${e.method.toUpperCase()} ${e.path}`;

function stubApi(routes: Record<string, FakeRoute> = {}, signedIn = false) {
  return stubFetch({
    "GET /api/auth/access": () => json(signedIn ? SIGNED_IN_ACCESS : VISITOR_ACCESS),
    [route(contract.comprehensiveData)]: () => json(COMPREHENSIVE),
    [route(contract.realOperations)]: () => json(REAL_OPERATIONS),
    [route(contract.treasuryHealth)]: () => json(TREASURY_HEALTH),
    [route(contract.complianceValidate)]: () => json(COMPLIANCE),
    ...routes,
  });
}

const sent = (requests: FakeRequest[], e: { method: string; path: string }) =>
  requests.filter((r) => r.method === e.method.toUpperCase() && r.url.pathname === e.path);

describe("AuthenticDashboardPage", () => {
  it("shows four status cards computed from the calls, each saying how, and the spec's tabs", async () => {
    stubApi();
    renderWithProviders(<AuthenticDashboardPage />, { route: PAGE });
    expect(screen.getByRole("heading", { level: 1, name: "Authentic Testnet Dashboard" })).toBeInTheDocument();
    expect(screen.getAllByRole("tab").map((t) => t.textContent)).toEqual([
      "Overview",
      "Government APIs",
      "Blockchain Testing",
      "Compliance",
    ]);

    // Government sources: none answering live here (FRED and EIA have no key, Fiscal Data is unreachable).
    expect(await screen.findByTestId("card-government-reading")).toHaveTextContent("0 of 3 live");
    expect(screen.getByTestId("card-government")).toHaveTextContent(
      "FRED: disabled · Fiscal Data: failed · EIA: disabled",
    );
    expect(screen.getByTestId("card-government")).toHaveTextContent("Figures: 0 live, 5 snapshot");
    // Testnets by level, from real-operations.
    expect(await screen.findByTestId("card-networks-reading")).toHaveTextContent("1 live · 16 signed offline");
    expect(screen.getByTestId("card-networks")).toHaveTextContent("1 display only; 17 testnets a test can target");
    // The Treasury's health with the probe's latency and its rule.
    expect(await screen.findByTestId("treasury-status")).toHaveAttribute("data-status", "UNREACHABLE");
    expect(screen.getByTestId("card-treasury-reading")).toHaveTextContent("6 ms");
    expect(screen.getByTestId("card-treasury")).toHaveTextContent("OPERATIONAL when Treasury Fiscal Data answered");
    // Compliance: PARTIAL with GENIUS 2 of 5, never dressed as VALIDATED.
    const status = await screen.findByTestId("compliance-status");
    expect(status).toHaveAttribute("data-status", "PARTIAL");
    expect(status).toHaveTextContent(/^PARTIAL$/);
    expect(screen.getByTestId("card-compliance-reading")).toHaveTextContent("GENIUS 2 of 5");
    expect(screen.getByTestId("card-compliance")).toHaveTextContent("VALIDATED only when every framework is");

    // Overview: the testnets at their levels.
    const rows = await screen.findAllByTestId("network-row");
    expect(rows).toHaveLength(REAL_OPERATIONS.operations.authenticBlockchains.length);
    expect(rows.filter((r) => r.getAttribute("data-level") === "live")).toHaveLength(1);
  });

  it("Government APIs: each figure with its value and units, date, series, publisher and source; no fallback message when `message` is null", async () => {
    stubApi();
    renderWithProviders(<AuthenticDashboardPage />, { route: `${PAGE}?tab=government` });
    const cards = await screen.findAllByTestId("figure-card");
    expect(cards.map((c) => c.getAttribute("data-key"))).toEqual([
      "fedFundsDaily",
      "gdp",
      "unemployment",
      "publicDebt",
      "tenYear",
    ]);
    const funds = within(cards[0]!);
    expect(funds.getByTestId("figure-reading")).toHaveTextContent("3.63 %");
    expect(funds.getByTestId("figure-published")).toHaveTextContent("3.63 percent");
    expect(funds.getByTestId("figure-as-of")).toHaveTextContent("Aug 4, 2026");
    expect(funds.getByTestId("figure-series")).toHaveTextContent("DFF");
    expect(funds.getByTestId("figure-publisher")).toHaveTextContent("FRED (Federal Reserve Bank of St. Louis)");
    expect(funds.getByTestId("source-badge")).toHaveAttribute("data-source", "snapshot");
    expect(funds.getByTestId("figure-note")).toHaveTextContent("live disabled: no key");
    expect(within(cards[4]!).getByTestId("figure-series")).toHaveTextContent("DGS10");
    expect(screen.queryByTestId("government-unavailable")).toBeNull();
    expect(screen.queryByText(new RegExp(GOVERNMENT_UNAVAILABLE.slice(0, 30)))).toBeNull();
    // The Treasury's health panel: the probe, its latency and what the figures fall back to.
    expect(await screen.findByTestId("treasury-health-latency")).toHaveTextContent("6 ms");
    expect(screen.getByTestId("treasury-health-fallback")).toHaveTextContent("debt to the penny as of 2026-08-20");
  });

  it("Government APIs: the spec's message when the API sets `message`, and the missing figure as such", async () => {
    stubApi({ [route(contract.comprehensiveData)]: () => json(comprehensiveWithDebtMissing()) });
    renderWithProviders(<AuthenticDashboardPage />, { route: `${PAGE}?tab=government` });
    const notice = await screen.findByTestId("government-unavailable");
    expect(notice).toHaveTextContent(GOVERNMENT_UNAVAILABLE);
    expect(notice).toHaveTextContent("treasury.nationalDebt: Fiscal Data did not answer");
    expect(screen.getByTestId("figure-missing")).toHaveTextContent("No value");
    expect(screen.getByTestId("card-government")).toHaveTextContent("1 missing");
  });

  it("Blockchain Testing: 1 XLM by default, the memo's 28 bytes as typed; a simulated payment without explorer link refreshes the testnets", async () => {
    const api = stubApi({ [route(contract.testnetStellar)]: () => json(TESTNET_STELLAR) }, true);
    const { user } = renderWithProviders(<AuthenticDashboardPage />, { route: `${PAGE}?tab=testing` });
    const amount = await screen.findByTestId("stellar-amount-input");
    expect(amount).toHaveValue(STELLAR_DEFAULTS.dashboardAmount);
    const memo = screen.getByTestId("memo-input");
    expect(memo).toHaveValue("XQBUSD Test Transaction");
    await user.type(memo, " plus six");
    expect(screen.getByTestId("memo-input-helper")).toHaveTextContent("it is 32");
    expect(screen.getByTestId("stellar-send-button")).toBeDisabled();
    await user.clear(memo);
    await user.type(memo, "XQBUSD Test Transaction");
    await waitFor(() => expect(screen.getByTestId("stellar-send-button")).toBeEnabled());

    await screen.findAllByTestId("network-row");
    const readsBefore = sent(api.requests, contract.realOperations).length;
    await user.click(screen.getByTestId("stellar-send-button"));
    const result = within(await screen.findByTestId("stellar-result"));
    expect(sent(api.requests, contract.testnetStellar).map((r) => r.body)).toEqual([
      { amount: "1", memo: "XQBUSD Test Transaction" },
    ]);
    expect(result.getByTestId("source-badge")).toHaveAttribute("data-source", "simulated");
    expect(result.getByTestId("stellar-result-source")).toHaveTextContent("horizon-testnet.stellar.org unreachable");
    expect(result.queryByTestId("explorer-link")).toBeNull();
    expect(result.getByTestId("stellar-result-amount")).toHaveTextContent("1 XLM");
    await waitFor(() => expect(sent(api.requests, contract.realOperations).length).toBeGreaterThan(readsBefore));
  });

  it("Blockchain Testing: a visitor's Send waits for a signed-in wallet and says so", async () => {
    stubApi();
    renderWithProviders(<AuthenticDashboardPage />, { route: `${PAGE}?tab=testing` });
    await screen.findByTestId("stellar-amount-input");
    await waitFor(() => expect(screen.getByTestId("access-note")).toHaveTextContent("Sign in with your wallet"));
    expect(screen.getByTestId("stellar-send-button")).toBeDisabled();
  });

  it("Compliance: PARTIAL with its rule, never VALIDATED; each framework's checks met or not with what was measured; ISO 20022 not assessed", async () => {
    stubApi();
    renderWithProviders(<AuthenticDashboardPage />, { route: `${PAGE}?tab=compliance` });
    const overall = await screen.findByTestId("compliance-overall");
    expect(overall).toHaveAttribute("data-status", "PARTIAL");
    expect(overall).toHaveTextContent(/^PARTIAL$/);
    expect(screen.getByTestId("compliance-rule")).toHaveTextContent("VALIDATED only when every framework is VALIDATED");
    const frameworks = screen.getAllByTestId("framework");
    const statusOf = (id: string) =>
      within(frameworks.find((f) => f.getAttribute("data-framework") === id)!)
        .getByTestId("framework-status")
        .getAttribute("data-status");
    expect(statusOf("genius")).toBe("PARTIAL");
    expect(statusOf("iso20022")).toBe("NOT_ASSESSED");
    // The one framework the API validates is shown as such, and only it.
    expect(statusOf("quantum")).toBe("VALIDATED");
    const validated = [...screen.getAllByTestId("framework-status"), overall, screen.getByTestId("compliance-status")]
      .filter((p) => p.textContent === "VALIDATED")
      .map((p) => p.closest("[data-framework]")?.getAttribute("data-framework"));
    expect(validated).toEqual(["quantum"]);

    const genius = within(frameworks[0]!);
    expect(genius.getByTestId("genius-count")).toHaveTextContent("2 of 5 rules met, read from the chain at block 91");
    const checks = genius.getAllByTestId("compliance-check");
    expect(checks.map((c) => c.getAttribute("data-met"))).toEqual(["true", "false", "false", "false", "true"]);
    expect(checks[0]).toHaveTextContent("650%: collateral $1.30");
    expect(checks[0]).toHaveTextContent("GENIUS Act (S. 1582, signed 18 July 2025), §4(a)(1)(A)");
    expect(checks[1]).toHaveTextContent("not met");
    expect(screen.getByTestId("iso-reason")).toHaveTextContent(
      "Not assessed: this product neither produces nor parses ISO 20022 messages",
    );
  });
});
