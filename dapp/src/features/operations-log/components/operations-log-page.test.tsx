// The operations log page against the API's recorded answers (testing/fixtures.ts): the rows with their hashes, links,
// sources and earlier-run markers; filters kept in the URL and sent to the API; paging by the API's cursors; the CSV
// link with the filters; the empty, error and phone layouts; the connected wallet's "Mine".
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { mock } from "wagmi";
import { connect } from "wagmi/actions";
import { json, stubFetch, type FakeRequest } from "../../../testing/fake-api";
import { fakeNode } from "../../../testing/fake-node";
import { narrowScreen } from "../../../testing/narrow-screen";
import { renderWithProviders } from "../../../testing/test-utils";
import { testWagmiConfig } from "../../../testing/wagmi";
import { operationsLogContract as contract } from "../api/contract";
import { ALICE, ALICES, ALL, EMPTY_LOG, NONE_MATCH, PAGE_ONE, PAGE_TWO } from "../testing/fixtures";
import { OperationsLogPage } from "./operations-log-page";

const PAGE = "/comprehensive-testnet-operations";
const LIST = `GET ${contract.list.path}`;

type Answer = typeof ALL;
function stubLog(answer: (q: URLSearchParams) => Answer | Response = () => ALL) {
  return stubFetch({
    [LIST]: (req) => {
      const out = answer(req.url.searchParams);
      return out instanceof Response ? out : json(out);
    },
  });
}
const listed = (requests: FakeRequest[]) =>
  requests.filter((r) => r.url.pathname === contract.list.path).map((r) => Object.fromEntries(r.url.searchParams));
const rows = () => screen.getAllByTestId("operation-row");

describe("OperationsLogPage", () => {
  it("lists the operations with their count, hashes to copy, links only where an explorer exists, and earlier runs marked", async () => {
    const { requests } = stubLog();
    renderWithProviders(<OperationsLogPage />, { route: PAGE });
    expect(screen.getByRole("heading", { level: 1, name: "Comprehensive Testnet Operations" })).toBeInTheDocument();
    expect(await screen.findByTestId("operations-count")).toHaveTextContent(
      `${ALL.total} operations recorded, ${ALL.rows.length} on this page.`,
    );
    expect(listed(requests)[0]).toEqual({ limit: "25" });
    expect(await screen.findAllByTestId("operation-row")).toHaveLength(ALL.rows.length);
    expect(screen.getByTestId("operations-table")).toHaveAttribute("data-layout", "table");

    const rowOf = (id: string) => within(rows().find((r) => r.getAttribute("data-id") === id)!);
    for (const r of ALL.rows) {
      const row = rowOf(r.id);
      expect(row.getByTestId("operation-kind")).toHaveTextContent(r.kind);
      expect(row.getByTestId("tx-hash")).toHaveAttribute("title", r.hash);
      expect(row.getByRole("button", { name: "Copy transaction hash" })).toBeInTheDocument();
      expect(row.getByTestId("source-badge")).toHaveAttribute("data-source", r.source);
      if (r.link) expect(row.getByTestId("explorer-link")).toHaveAttribute("href", r.link);
      else expect(row.queryByTestId("explorer-link")).toBeNull();
      expect(row.queryByTestId("earlier-run") !== null).toBe(r.earlierRun === true);
    }
    // The seeded local chain has rows of an earlier run (a mint that names it, a faucet claim from before it began).
    expect(screen.getAllByTestId("earlier-run").length).toBe(ALL.rows.filter((r) => r.earlierRun).length);
    expect(screen.getAllByTestId("earlier-run").length).toBeGreaterThan(0);
    // An indexed event's time is the block's, labelled as chain time.
    const stake = ALL.rows.find((r) => r.kind === "stake")!;
    expect(rowOf(stake.id).getByText(/chain time$/)).toBeInTheDocument();
    // A simulated row says why in its badge.
    const simulated = ALL.rows.find((r) => r.source === "simulated" && r.reason)!;
    expect(rowOf(simulated.id).getByTestId("source-badge")).toHaveTextContent(simulated.reason!);
    // The filter choices are the log's, with their counts.
    const ledger = await screen.findByTestId("filter-ledger");
    expect(within(ledger).getByRole("option", { name: /Stellar testnet \(\d+\)/ })).toBeInTheDocument();
    expect(screen.getByTestId("download-csv")).toHaveAttribute("href", contract.csv.path);
    expect(screen.queryByTestId("page-next")).toBeNull();
  });

  it("keeps the filters in the URL, sends them to the API and to the CSV link, and starts again from the newest page", async () => {
    const { requests, user } = {
      ...stubLog((q) => (q.get("wallet") ? ALICES : q.get("cursor") ? PAGE_TWO : PAGE_ONE)),
      ...renderWithProviders(<OperationsLogPage />, { route: `${PAGE}?feature=bridge&cursor=${PAGE_ONE.nextCursor}` }),
    };
    await screen.findByTestId("operations-count");
    // A linked view: the URL's filters and page are what is asked.
    expect(listed(requests)[0]).toEqual({ feature: "bridge", cursor: PAGE_ONE.nextCursor, limit: "25" });
    expect(await screen.findByTestId("filter-feature")).toHaveValue("bridge");

    await user.selectOptions(screen.getByTestId("filter-ledger"), "stellar-testnet");
    await waitFor(() =>
      expect(listed(requests).at(-1)).toEqual({ feature: "bridge", ledger: "stellar-testnet", limit: "25" }),
    );
    expect(screen.getByTestId("download-csv")).toHaveAttribute(
      "href",
      `${contract.csv.path}?ledger=stellar-testnet&feature=bridge`,
    );

    // The wallet is checked as typed; a bad one is said and not sent.
    const wallet = screen.getByTestId("filter-wallet");
    await user.type(wallet, "0x1234");
    expect(screen.getByText("must be a 0x-prefixed 20-byte hex address")).toBeInTheDocument();
    expect(screen.getByTestId("filter-wallet-apply")).toBeDisabled();
    fireEvent.change(wallet, { target: { value: ALICE.toLowerCase() } });
    await user.click(screen.getByTestId("filter-wallet-apply"));
    await waitFor(() => expect(listed(requests).at(-1)).toMatchObject({ wallet: ALICE.toLowerCase() }));
    expect(
      await screen.findByText(`${ALICES.total} operations match the filters, ${ALICES.rows.length} on this page.`, {
        exact: false,
      }),
    ).toBeInTheDocument();

    await user.click(screen.getByTestId("filters-clear"));
    await waitFor(() => expect(listed(requests).at(-1)).toEqual({ limit: "25" }));
    expect(screen.getByTestId("filter-wallet")).toHaveValue("");
  });

  it("pages by the API's cursors: Next for older rows, Previous back to newer ones", async () => {
    const { requests, user } = {
      ...stubLog((q) => (q.get("cursor") === PAGE_ONE.nextCursor ? PAGE_TWO : PAGE_ONE)),
      ...renderWithProviders(<OperationsLogPage />, { route: PAGE }),
    };
    await screen.findByTestId("operations-count");
    expect((await screen.findAllByTestId("operation-row")).map((r) => r.getAttribute("data-id"))).toEqual(
      PAGE_ONE.rows.map((r) => r.id),
    );
    expect(screen.getByTestId("page-previous")).toBeDisabled();
    await user.click(screen.getByTestId("page-next"));
    await waitFor(() => expect(rows().map((r) => r.getAttribute("data-id"))).toEqual(PAGE_TWO.rows.map((r) => r.id)));
    expect(listed(requests).at(-1)).toEqual({ cursor: PAGE_ONE.nextCursor, limit: "25" });
    expect(new Set([...PAGE_ONE.rows, ...PAGE_TWO.rows].map((r) => r.id)).size).toBe(20);
    expect(screen.getByTestId("page-previous")).toBeEnabled();
    await user.click(screen.getByTestId("page-previous"));
    await waitFor(() => expect(listed(requests).at(-1)).toEqual({ cursor: PAGE_TWO.prevCursor, limit: "25" }));
  });

  it("says when nothing is recorded yet and what would record something, and when no row matches the filters", async () => {
    stubLog(() => EMPTY_LOG);
    const { unmount } = renderWithProviders(<OperationsLogPage />, { route: PAGE });
    expect(await screen.findByTestId("operations-empty")).toHaveTextContent("No operations recorded yet.");
    expect(screen.getByTestId("operations-empty")).toHaveTextContent("A mint, a stake, a faucet claim");
    expect(screen.getByRole("link", { name: "claim from the faucet" })).toHaveAttribute("href", "/testnet-xqb-faucet");
    unmount();

    const { requests, user } = {
      ...stubLog(() => NONE_MATCH),
      ...renderWithProviders(<OperationsLogPage />, { route: `${PAGE}?ledger=sepolia&source=simulated` }),
    };
    expect(await screen.findByTestId("operations-empty")).toHaveTextContent("No operations match these filters.");
    await user.click(screen.getByTestId("empty-clear"));
    await waitFor(() => expect(listed(requests).at(-1)).toEqual({ limit: "25" }));
  });

  it("shows an API failure in words with a Retry", async () => {
    stubLog(() => json({ code: "INTERNAL", message: "boom", requestId: "r1" }, 500));
    renderWithProviders(<OperationsLogPage />, { route: PAGE });
    expect(await screen.findByTestId("operations-error")).toHaveTextContent("Could not load the operations log");
    expect(screen.getByTestId("operations-retry")).toBeInTheDocument();
  });

  it("on a phone, each operation is a card that keeps every column", async () => {
    narrowScreen();
    stubLog(() => PAGE_ONE);
    renderWithProviders(<OperationsLogPage />, { route: PAGE });
    expect(await screen.findByTestId("operations-table")).toHaveAttribute("data-layout", "cards");
    const card = within(rows()[0]!);
    for (const header of ["When", "Feature", "Ledger", "Transaction", "Status", "Source", "Wallet"])
      expect(card.getByText(header)).toBeInTheDocument();
  });

  it("filters to the connected wallet's own operations with Mine", async () => {
    const node = fakeNode();
    const api = stubFetch({
      [LIST]: (req) => json(req.url.searchParams.get("wallet") ? ALICES : ALL),
      "POST http://127.0.0.1:8545/": node.route,
    });
    const wagmiConfig = testWagmiConfig({
      connectors: [mock({ accounts: [ALICE], features: { reconnect: true } })],
      discover: false,
    });
    await connect(wagmiConfig, { connector: wagmiConfig.connectors[0]! });
    const { user } = renderWithProviders(<OperationsLogPage />, { route: PAGE, wagmiConfig });
    const mine = await screen.findByTestId("filter-mine");
    expect(mine).toHaveAttribute("aria-pressed", "false");
    await user.click(mine);
    await waitFor(() => expect(listed(api.requests).at(-1)).toEqual({ wallet: ALICE, limit: "25" }));
    expect(screen.getByTestId("filter-mine")).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByTestId("filter-wallet")).toHaveValue(ALICE);
  });
});
