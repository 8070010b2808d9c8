// The Presidential Dashboard against the API's answers (parsed with its schemas): the seven cards with the three
// absent platforms said honestly, a card selected by keyboard showing its details and our pages, the operations run
// with the spec's payload (every button disabled while one runs, the result shown, the reads refreshed), a visitor
// refused by the access rule in words while still reading the last run, the measured monitoring figures, the
// settings copy labelled as such, and the page on a phone.
import { screen, waitFor, within } from "@testing-library/react";
import { deferred, json, OPEN_ACCESS, stubFetch, type FakeRoute } from "../../../testing/fake-api";
import { narrowScreen } from "../../../testing/narrow-screen";
import { renderWithProviders } from "../../../testing/test-utils";
import { unifiedContract as c, type OperationsResponse } from "../api/contract";
import { HEALTH_RUN, MONITORING_ANSWER, OPERATIONS_ANSWER, PLATFORMS_ANSWER } from "../testing/fixtures";
import { UnifiedPage } from "./unified-page";

const LISTED = {
  ...OPEN_ACCESS,
  mode: "listed",
  openReason: null,
  operator: false,
  operatorBy: null,
  operatorCount: 1,
};

function setup(tab: string | null, routes: Record<string, FakeRoute> = {}) {
  const api = stubFetch({
    [`GET ${c.platforms.path}`]: () => json(PLATFORMS_ANSWER),
    [`GET ${c.operations.path}`]: () => json(OPERATIONS_ANSWER),
    [`GET ${c.monitoring.path}`]: () => json(MONITORING_ANSWER),
    ...routes,
  });
  return { ...api, ...renderWithProviders(<UnifiedPage />, { route: `/unified-platform${tab ? `?tab=${tab}` : ""}` }) };
}

const cardOf = (id: string) =>
  screen.getAllByTestId("platform-card").find((el) => el.getAttribute("data-platform") === id)!;

describe("UnifiedPage", () => {
  it("overview: the seven cards, the three this product lacks said so; a card selected by keyboard shows its details and our pages", async () => {
    const answer = deferred();
    const { user } = setup(null, { [`GET ${c.platforms.path}`]: () => answer.promise });
    expect(screen.getByRole("heading", { level: 1, name: "Presidential Dashboard" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Home/ })).toHaveAttribute("href", "/");
    expect(screen.getByRole("tab", { name: "Overview" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByTestId("platforms-loading")).toBeInTheDocument();
    answer.resolve(json(PLATFORMS_ANSWER));

    await screen.findAllByTestId("platform-card");
    expect(screen.getAllByTestId("platform-card").map((el) => el.getAttribute("data-platform"))).toEqual([
      "cross-chain",
      "quantum-crypto",
      "xrp-ledger",
      "mobile-wallet",
      "restaurant-pos",
      "smart-contracts",
      "consciousness-tracking",
    ]);
    for (const id of ["mobile-wallet", "restaurant-pos", "consciousness-tracking"]) {
      expect(within(cardOf(id)).getByTestId("platform-status")).toHaveTextContent("Not part of this product");
      expect(within(cardOf(id)).queryAllByTestId("platform-metric")).toHaveLength(0);
    }
    expect(within(cardOf("cross-chain")).getByTestId("platform-status")).toHaveTextContent("Degraded");
    expect(within(cardOf("cross-chain")).getAllByTestId("platform-metric")[0]).toHaveTextContent(
      "Transfers finished: 3",
    );
    // each badge is the API's status for that platform, not the spec's "operational" for all
    expect(screen.getAllByTestId("platform-status").map((el) => el.getAttribute("data-status"))).toEqual(
      PLATFORMS_ANSWER.platforms.map((p) => p.status),
    );
    expect(screen.getByTestId("platform-details-empty")).toBeInTheDocument();

    // keyboard: Tab to the smart contracts card, Enter selects it
    cardOf("smart-contracts").focus();
    await user.keyboard("{Enter}");
    expect(cardOf("smart-contracts")).toHaveAttribute("aria-pressed", "true");
    const details = within(screen.getByTestId("platform-details"));
    expect(details.getByTestId("platform-status-basis")).toHaveTextContent("live at 127.0.0.1:8545");
    expect(details.getByText("contracts/generated/31337.ts, written by the deploy")).toBeInTheDocument();
    expect(details.getByRole("link", { name: "Multi-Blockchain Minting" })).toHaveAttribute(
      "href",
      "/multi-blockchain-minting",
    );
    // Space on another card moves the selection
    cardOf("mobile-wallet").focus();
    await user.keyboard(" ");
    expect(screen.getByTestId("platform-details")).toHaveAttribute("data-platform", "mobile-wallet");
    expect(screen.getByTestId("platform-details")).toHaveTextContent("No metric");
    expect(cardOf("smart-contracts")).toHaveAttribute("aria-pressed", "false");
  });

  it("operations: a run sends the spec's payload, every button waits while it runs, its result shows and the reads refresh", async () => {
    const run = deferred();
    let after = false;
    const { user, requests } = setup("operations", {
      [`POST ${c.execute.path}`]: () => run.promise,
      [`GET ${c.operations.path}`]: () =>
        json(
          after
            ? ({
                ...OPERATIONS_ANSWER,
                last: { ...OPERATIONS_ANSWER.last, health_check: HEALTH_RUN.run },
                history: [HEALTH_RUN.run, ...OPERATIONS_ANSWER.history],
              } satisfies OperationsResponse)
            : OPERATIONS_ANSWER,
        ),
    });
    const health = await screen.findByTestId("execute-health_check");
    await waitFor(() => expect(health).toBeEnabled());
    expect(screen.getAllByTestId("access-note")[0]).toHaveTextContent("open: this server listens on this machine only");
    // every visitor reads the last stored run
    expect(screen.getByTestId("run-threat_scan")).toHaveTextContent("All 2 stored files verified");
    expect(screen.getByTestId("no-run-health_check")).toBeInTheDocument();
    expect(screen.getByTestId("minting-link")).toHaveAttribute("href", "/multi-blockchain-minting");
    const statusList = await screen.findByTestId("platform-status-list");
    expect(within(statusList).getAllByRole("listitem")).toHaveLength(7);

    await user.click(health);
    await waitFor(() => expect(screen.getByTestId("execute-health_check")).toHaveTextContent("Checking…"));
    for (const op of ["health_check", "sync_bridges", "threat_scan"])
      expect(screen.getByTestId(`execute-${op}`)).toBeDisabled();
    const sent = requests.find((r) => r.method === "POST")!;
    expect(sent.body).toEqual({
      platform: "all",
      operation: "health_check",
      data: { timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
    });
    after = true;
    run.resolve(json(HEALTH_RUN));

    const result = await screen.findByTestId("run-health_check");
    expect(result).toHaveAttribute("data-outcome", "failed");
    expect(within(result).getByTestId("run-summary")).toHaveTextContent("3 of 5 checks ok, 1 degraded, 1 failed");
    const xqbusd = within(result)
      .getAllByTestId("run-check")
      .find((r) => r.getAttribute("data-check") === "contract:XQBUSD")!;
    expect(xqbusd).toHaveAttribute("data-status", "failed");
    expect(xqbusd).toHaveTextContent("no code at 0x9fE4");
    expect(within(result).getByTestId("run-ran-by")).toHaveTextContent("by the local presenter");
    await waitFor(() => expect(screen.getByTestId("execute-sync_bridges")).toBeEnabled());
    // the refresh after success read the cards and the runs again
    expect(requests.filter((r) => r.url.pathname === c.platforms.path).length).toBeGreaterThan(1);
  });

  it("a visitor where operators are listed: the buttons wait with the reason in words, and the last run is still shown", async () => {
    setup("operations", { "GET /api/auth/access": () => json(LISTED) });
    await waitFor(() =>
      expect(screen.getAllByTestId("access-note")[0]).toHaveTextContent("Sign in as an operator to run this"),
    );
    for (const op of ["health_check", "sync_bridges", "threat_scan"])
      expect(screen.getByTestId(`execute-${op}`)).toBeDisabled();
    expect(screen.getByTestId("run-threat_scan")).toHaveAttribute("data-outcome", "ok");
  });

  it("a refused run says why in words, and the buttons are free again", async () => {
    const { user } = setup("operations", {
      [`POST ${c.execute.path}`]: () =>
        json({ code: "FORBIDDEN", message: "Only an operator may run this: 0xabc is not in OPERATOR_ADDRESSES" }, 403),
    });
    const scan = await screen.findByTestId("execute-threat_scan");
    await waitFor(() => expect(scan).toBeEnabled());
    await user.click(scan);
    expect(await screen.findByTestId("execute-error")).toHaveTextContent("Could not run run quantum threat scan");
    await waitFor(() => expect(screen.getByTestId("execute-threat_scan")).toBeEnabled());
  });

  it("monitoring: the API's measured figures with how each is measured, and integrations counted", async () => {
    setup("monitoring");
    expect(await screen.findByTestId("figure-p50Ms-reading")).toHaveTextContent("3.21 ms");
    expect(screen.getByTestId("figure-p95Ms-reading")).toHaveTextContent("48.5 ms");
    expect(screen.getByTestId("figure-errorRate-reading")).toHaveTextContent("0.83 %");
    expect(screen.getByTestId("figure-uptimeSeconds-reading")).toHaveTextContent("1 hour 30 minutes");
    expect(screen.getByTestId("figure-cacheHitRate-reading")).toHaveTextContent("71.43 %");
    expect(screen.getByTestId("figure-p50Ms")).toHaveTextContent("median duration of the last 120 /api requests");
    expect(screen.getByTestId("integrations-count")).toHaveTextContent("2 of 4 connected");
    expect(screen.getAllByTestId("integration")).toHaveLength(4);
    // never the spec's constants
    expect(document.body.textContent).not.toMatch(/156 ?ms|99\.97|97\.8/);
  });

  it("settings: the spec's lists, labelled as product copy", async () => {
    setup("settings");
    expect(await screen.findByTestId("copy-label")).toHaveTextContent("Product copy");
    expect(within(screen.getByTestId("consolidated-features")).getAllByRole("listitem")).toHaveLength(7);
    expect(within(screen.getByTestId("benefits")).getAllByRole("listitem").length).toBeGreaterThan(0);
  });

  it("on a phone the run's checks are cards with every column", async () => {
    narrowScreen();
    const { user } = setup("operations", { [`POST ${c.execute.path}`]: () => json(HEALTH_RUN) });
    const health = await screen.findByTestId("execute-health_check");
    await waitFor(() => expect(health).toBeEnabled());
    await user.click(health);
    const result = await screen.findByTestId("run-health_check");
    const row = within(result)
      .getAllByTestId("run-check")
      .find((r) => r.getAttribute("data-check") === "database")!;
    expect(row.tagName).toBe("LI");
    expect(row).toHaveTextContent("Found");
    expect(row).toHaveTextContent("answered a ping in 1 ms");
  });
});
