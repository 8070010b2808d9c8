// The environmental monitoring page against answers shaped by the API's schemas: the energy charts with their dates
// and sources, the rewards ledger and its paging, the projects (claimed impact labelled) and their empty state.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { json, stubFetch } from "../../../testing/fake-api";
import { renderWithProviders } from "../../../testing/test-utils";
import { environmentalContract as contract } from "../api/contract";
import { ENERGY, NO_REWARDS, PROJECT, projects, REWARDS_PAGE_1, REWARDS_PAGE_2 } from "../testing/fixtures";
import { EnvironmentalPage } from "./environmental-page";

const PAGE = "/environmental-monitoring";

function setup(
  route = PAGE,
  answers: { rewards?: typeof REWARDS_PAGE_1; projects?: ReturnType<typeof projects> } = {},
) {
  const api = stubFetch({
    [`GET ${contract.energy.path}`]: () => json(ENERGY),
    [`GET ${contract.rewards.path}`]: (req) =>
      json(answers.rewards ?? (req.url.searchParams.get("cursor") ? REWARDS_PAGE_2 : REWARDS_PAGE_1)),
    [`GET ${contract.projects.path}`]: () => json(answers.projects ?? projects([PROJECT])),
  });
  return { ...api, ...renderWithProviders(<EnvironmentalPage />, { route }) };
}

describe("EnvironmentalPage", () => {
  it("shows each energy series as a chart with its dates and source, and the newest values live or snapshot", async () => {
    setup();
    expect(screen.getByRole("heading", { level: 1, name: "Environmental Monitoring" })).toBeInTheDocument();
    const latest = await screen.findAllByTestId("energy-latest");
    expect(latest.map((c) => within(c).getByTestId("energy-latest-date").textContent)).toEqual([
      "As of 2026-08-18 · RWTC, U.S. Energy Information Administration (EIA v2)",
      "As of 2026-11-27 · RNGWHHD, U.S. Energy Information Administration (EIA v2)",
    ]);
    expect(within(latest[0]!).getByText("Snapshot")).toBeInTheDocument();
    expect(within(latest[1]!).getByText("Live")).toBeInTheDocument();

    // One chart per commodity, monthly first; Daily swaps the chart and its dates and source.
    const card = await screen.findByTestId("energy-series");
    expect(card).toHaveAttribute("data-series", "wti-monthly");
    expect(within(card).getByTestId("energy-series-dates")).toHaveTextContent(
      "2026-05-01 to 2026-07-01 (3 observations)",
    );
    expect(within(card).getByTestId("energy-series-source")).toHaveTextContent(
      "series RWTC; bundled file api/data/government/eia_spot_prices_monthly.csv",
    );
    await waitFor(() => expect(screen.getByTestId("energy-chart")).toHaveAttribute("data-series", "wti-monthly"), {
      timeout: 5000,
    });
    await userEvent.click(within(card).getByTestId("energy-frequency-daily"));
    expect(card).toHaveAttribute("data-series", "wti-daily");
    expect(within(card).getByTestId("energy-frequency-daily")).toHaveAttribute("aria-pressed", "true");
    expect(within(card).getByTestId("energy-series-dates")).toHaveTextContent(
      "2026-08-17 to 2026-08-18 (2 observations)",
    );
    expect(within(card).getByTestId("energy-series-source")).toHaveTextContent("eia_wti_cushing_spot_daily.csv");
    await waitFor(() => expect(screen.getByTestId("energy-chart")).toHaveAttribute("data-series", "wti-daily"));
  });

  it("lists the VIBE rewards with recipient, amount, purpose and transaction, and pages to older mints", async () => {
    const { requests } = setup(`${PAGE}?tab=rewards`);
    const table = await screen.findByTestId("rewards-table");
    expect(
      within(table)
        .getAllByTestId("reward-amount")
        .map((a) => a.textContent),
    ).toEqual(["1 VIBE", "2 VIBE"]);
    const purposes = within(table).getAllByTestId("reward-purpose");
    expect(purposes[0]).toHaveTextContent(
      "Environmental action: Environmental project: Wetlands (recorded by testnet-operations)",
    );
    expect(purposes[1]).toHaveTextContent("Not recorded");
    expect(screen.getByTestId("rewards-basis")).toHaveTextContent("indexed through block 120");
    expect(screen.getByTestId("rewards-newer")).toBeDisabled();

    await userEvent.click(screen.getByTestId("rewards-older"));
    await waitFor(() =>
      expect(within(screen.getByTestId("rewards-table")).getAllByTestId("reward-amount")).toHaveLength(1),
    );
    expect(requests.at(-1)!.url.searchParams.get("cursor")).toBe("98-0");
    expect(screen.getByTestId("rewards-older")).toBeDisabled();
    await userEvent.click(screen.getByTestId("rewards-newer"));
    await waitFor(() =>
      expect(within(screen.getByTestId("rewards-table")).getAllByTestId("reward-amount")).toHaveLength(2),
    );
  });

  it("says so when no VIBE was minted yet", async () => {
    setup(`${PAGE}?tab=rewards`, { rewards: NO_REWARDS });
    expect(await screen.findByTestId("rewards-empty")).toHaveTextContent("No VIBE has been minted");
  });

  it("shows each project's funding progress and attestation, its impact labelled claimed, not measured", async () => {
    setup(`${PAGE}?tab=projects`);
    const card = await screen.findByTestId("project-card");
    expect(within(card).getByTestId("project-funding")).toHaveTextContent("250 of 1000 USDC (25.0%)");
    expect(within(card).getByRole("progressbar")).toHaveAttribute("aria-valuenow", "25");
    expect(within(card).getByTestId("project-attestation")).toHaveTextContent(
      "Attested by verifier 0x0000000000000000000000000000000000000002",
    );
    expect(within(card).getByTestId("project-impact")).toHaveTextContent("12 t CO2 a year (claimed, not measured)");
  });

  it("has an empty state for projects", async () => {
    setup(`${PAGE}?tab=projects`, { projects: projects([]) });
    expect(await screen.findByTestId("projects-empty")).toHaveTextContent("No crowdfunding project yet");
  });
});
