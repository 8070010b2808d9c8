// The technical overview page against the API's recorded answer (parsed with its schema): every contract of the
// answer in the table with its address, block and code hash copyable, the API grouped by feature with its access
// rules, the ledgers live or simulated with the reason, the versions, the two roads; loading, error, and a phone.
import { act, screen, waitFor, within } from "@testing-library/react";
import { deferred, json, stubFetch, type FakeRoute } from "../../../testing/fake-api";
import { narrowScreen } from "../../../testing/narrow-screen";
import { renderWithProviders } from "../../../testing/test-utils";
import { technicalIntegrationContract as contract } from "../api/contract";
import { OVERVIEW } from "../testing/fixtures";
import { TechnicalIntegrationPage } from "./technical-integration-page";

const PAGE = "/technical-integration-overview";
const GET = `GET ${contract.overview.path}`;

function setup(route: FakeRoute = () => json(OVERVIEW)) {
  const api = stubFetch({ [GET]: route });
  return { ...api, ...renderWithProviders(<TechnicalIntegrationPage />, { route: PAGE }) };
}

describe("TechnicalIntegrationPage", () => {
  it("loads with a skeleton, then every section from the API's answer", async () => {
    const answer = deferred();
    setup(() => answer.promise);
    expect(screen.getByRole("heading", { level: 1, name: "Technical Integration Overview" })).toBeInTheDocument();
    expect(screen.getByTestId("overview-loading")).toBeInTheDocument();
    answer.resolve(json(OVERVIEW));

    await screen.findByTestId("contracts-table");
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual([
      "Contracts",
      "The API by feature",
      "Ledgers",
      "Dependencies",
      "Architecture: the data road",
    ]);

    // Contracts: one row per contract of the answer, in its order, with the full values behind the short ones.
    const rows = screen.getAllByTestId("contract-row");
    expect(rows.map((r) => r.dataset.name)).toEqual(OVERVIEW.contracts.map((c) => c.name));
    OVERVIEW.contracts.forEach((c, i) => {
      const row = within(rows[i]!);
      expect(row.getByTestId("contract-address")).toHaveAttribute("data-value", c.address);
      expect(row.getByTestId("contract-block")).toHaveTextContent(`#${c.deployedOnBlock}`);
      expect(row.getByTestId("contract-code-hash")).toHaveAttribute("data-value", c.code.hash!);
      expect(row.getByRole("button", { name: `Copy ${c.name} code hash` })).toBeInTheDocument();
    });
    const token = within(rows.find((r) => r.dataset.name === "XQBToken")!);
    expect(token.getAllByTestId("admin-holder").find((h) => h.dataset.role === "DEFAULT_ADMIN_ROLE")).toHaveAttribute(
      "data-kind",
      "safe",
    );

    // The API: one group per feature, every endpoint with its access rule.
    const groups = screen.getAllByTestId("api-feature");
    expect(groups.map((g) => g.dataset.feature)).toEqual(OVERVIEW.api.features.map((f) => f.feature));
    const endpoints = screen.getAllByTestId("api-endpoint");
    expect(endpoints.map((e) => `${e.dataset.method} ${e.dataset.path} ${e.dataset.access}`)).toEqual(
      OVERVIEW.api.features.flatMap((f) => f.endpoints.map((e) => `${e.method} ${e.path} ${e.access}`)),
    );
    expect(screen.getByTestId("section-api")).toHaveTextContent(`${OVERVIEW.api.total} endpoints`);

    // Ledgers: the EVM live with its client version; Stellar and XRPL simulated, with why and no version.
    const ledger = (id: string) => within(screen.getAllByTestId("ledger-card").find((c) => c.dataset.ledger === id)!);
    expect(ledger("ethereum").getByTestId("source-badge")).toHaveAttribute("data-source", "live");
    expect(ledger("ethereum").getByTestId("ledger-client-version")).toHaveTextContent(/^HardhatNetwork\//);
    expect(ledger("xrpl").getByTestId("source-badge")).toHaveAttribute("data-source", "simulated");
    expect(ledger("xrpl").getByTestId("ledger-client-version")).toHaveTextContent("not read: connection refused");
    expect(ledger("stellar").getByTestId("ledger-reason")).toHaveTextContent("Simulated: ");

    // Versions as answered.
    const viem = OVERVIEW.versions.dependencies.find((d) => d.name === "viem")!;
    expect(
      within(screen.getAllByTestId("dependency-row").find((r) => r.dataset.name === "viem")!).getByTestId(
        "dependency-version",
      ),
    ).toHaveTextContent(viem.version!);
    expect(screen.getByTestId("solidity-version")).toHaveTextContent(`solc ${OVERVIEW.versions.solidity.version}`);

    // The roads, layer by layer in order, with the counts the API gave.
    const layers = within(screen.getByTestId("road-server")).getAllByTestId("road-layer");
    expect(layers.map((l) => l.dataset.layer)).toEqual(OVERVIEW.road.server.map((l) => l.id));
    expect(within(layers[5]!).getByTestId("road-count")).toHaveTextContent(
      String(OVERVIEW.road.server[5]!.items.length),
    );
    expect(
      within(screen.getByTestId("road-wallet")).getByText("POST /api/xqbme/wallet-mint (minting)"),
    ).toBeInTheDocument();
  });

  it("an API error shows the shared error state with a Retry", async () => {
    let fail = true;
    const { user } = setup(() =>
      fail ? json({ code: "INTERNAL", error: "Internal server error" }, 500) : json(OVERVIEW),
    );
    expect(await screen.findByTestId("overview-error")).toHaveTextContent("Could not load the technical overview");
    fail = false;
    await user.click(screen.getByTestId("overview-retry"));
    expect(await screen.findAllByTestId("contract-row")).toHaveLength(OVERVIEW.contracts.length);
  });

  it("on a phone: contracts as cards with every column, an API group reached by focus and opened", async () => {
    narrowScreen();
    const { user } = setup();
    const cards = await screen.findAllByTestId("contract-row");
    expect(cards[0]!.tagName).toBe("LI");
    expect(within(cards[0]!).getByText("Code hash")).toBeInTheDocument();
    expect(within(cards[0]!).getByText("Admin holders")).toBeInTheDocument();

    const group = screen.getAllByTestId("api-feature")[0]!;
    expect(group).not.toHaveAttribute("open");
    const summary = group.querySelector("summary")!;
    // A summary is focusable and toggles its group (the browser's own keyboard handling; jsdom acts on the click).
    act(() => summary.focus());
    expect(summary).toHaveFocus();
    await user.click(summary);
    await waitFor(() => expect(group).toHaveAttribute("open"));
    expect(within(group).getAllByTestId("api-endpoint")).toHaveLength(OVERVIEW.api.features[0]!.endpoints.length);
  });
});
