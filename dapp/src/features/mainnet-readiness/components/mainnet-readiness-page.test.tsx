import { screen, waitFor, within } from "@testing-library/react";
import { vi } from "vitest";
import { deferred, json, stubFetch, type FakeRoute } from "../../../testing/fake-api";
import { narrowScreen } from "../../../testing/narrow-screen";
import { renderWithProviders } from "../../../testing/test-utils";
import { SCORE_RULE } from "../constants";
import { history, items, report, SIGNER, status } from "../testing/fixtures";
import { MainnetReadinessPage } from "./mainnet-readiness-page";

function setup(routes: Record<string, FakeRoute> = {}, route = "/mainnet-readiness-dashboard") {
  const api = stubFetch({
    "GET /api/mainnet-readiness/status": () => json(status()),
    "GET /api/mainnet-readiness/history": () => json(history),
    "GET /api/mainnet-readiness/report": () => json(report),
    ...routes,
  });
  return { ...api, ...renderWithProviders(<MainnetReadinessPage />, { route }) };
}

const toasts = () => within(screen.getByTestId("toast-area"));

describe("MainnetReadinessPage", () => {
  it("score with its colour and rule at the top; the blockers failing first with verdict, rule, evidence and where to fix them", async () => {
    setup();
    expect(await screen.findByTestId("mainnet-score-value")).toHaveTextContent("22.2%");
    expect(screen.getByTestId("score-rule")).toHaveTextContent(SCORE_RULE);
    expect(screen.getByTestId("mainnet-score")).toHaveAttribute("data-tone", "error");
    expect(screen.getByTestId("mainnet-score-counts")).toHaveTextContent(
      "2 of 9 items pass · 2 failing · 5 not measured",
    );
    expect(screen.getAllByRole("tab").map((t) => t.textContent)).toEqual(["Blockers", "Role Holders", "History"]);

    const rows = screen.getAllByTestId("readiness-item");
    expect(rows.map((r) => r.getAttribute("data-verdict"))).toEqual([
      "fail",
      "statement",
      "not-measured",
      "not-measured",
      "not-measured",
      "not-measured",
      "not-measured",
      "pass",
      "pass",
    ]);
    const keys = rows[0]!;
    expect(within(keys).getByTestId("item-verdict")).toHaveTextContent("FAIL");
    expect(within(keys).getByTestId("item-rule")).toHaveTextContent("Rule: Every key the server holds");
    expect(within(keys).getByTestId("item-measured")).toHaveTextContent("(10 minutes ago)");
    expect(within(keys).queryByTestId("item-ran-by")).toBeNull(); // a reading, not a run
    // four pieces of evidence: three shown, one folded
    expect(within(keys).getAllByTestId("item-evidence-item")).toHaveLength(4);
    expect(within(keys).getByText("1 more").closest("details")).not.toHaveAttribute("open");
    expect(within(rows[1]!).getByTestId("item-verdict")).toHaveTextContent("NOT DONE");
    expect(within(rows[1]!).getByText("(a statement, not a reading)")).toBeInTheDocument();
    const pause = rows.find((r) => r.getAttribute("data-item") === "pause-path")!;
    expect(within(pause).getByTestId("item-link")).toHaveAttribute("href", "/testnet-perfection");
    expect(within(pause).getByTestId("item-verdict")).toHaveTextContent("NOT MEASURED");
    const security = rows.find((r) => r.getAttribute("data-item") === "security-suite")!;
    expect(within(security).getByTestId("item-link")).toHaveAttribute("href", "/government-security-dashboard");
  });

  it("a recorded run says who ran it (operators only run them): the operator's address beside when it was measured", async () => {
    const load = {
      ...items.find((i) => i.id === "load-test")!,
      passed: true,
      detail: "passed, score 100 (2 minutes ago, run by 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266)",
      measuredAt: "2026-11-24T10:14:00.000Z",
      ranBy: SIGNER,
      ageSeconds: 120,
    };
    setup({
      "GET /api/mainnet-readiness/status": () =>
        json(status({ items: items.map((i) => (i.id === "load-test" ? load : i)) })),
    });
    const row = (await screen.findAllByTestId("readiness-item")).find(
      (r) => r.getAttribute("data-item") === "load-test",
    )!;
    expect(within(row).getByTestId("item-ran-by")).toHaveTextContent(`run by operator ${SIGNER}`);
  });

  it("green at 90 or more, yellow at 75 or more", async () => {
    setup({ "GET /api/mainnet-readiness/status": () => json(status({ score: 77.8, passed: 7 })) });
    expect(await screen.findByTestId("mainnet-score-value")).toHaveTextContent("77.8%");
    expect(screen.getByTestId("mainnet-score")).toHaveAttribute("data-tone", "warning");
  });

  it("Role Holders: contract, role, holder and kind read from the chain; mocks and operational roles said as such", async () => {
    const { user } = setup();
    await screen.findByTestId("mainnet-score-value");
    await user.click(screen.getByRole("tab", { name: "Role Holders" }));
    const rows = await screen.findAllByTestId("role-holder");
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent("XQBToken");
    expect(rows[0]).toHaveTextContent("DEFAULT_ADMIN_ROLE");
    expect(rows[0]).toHaveTextContent("the Safe (TreasuryMultisig)");
    expect(rows[0]).toHaveTextContent("admin/pause: the Safe");
    expect(rows[1]).toHaveTextContent("mock: not counted");
    expect(rows[2]).toHaveTextContent("the API signer (minter)");
    expect(rows[2]).toHaveTextContent("EOA");
    expect(rows[2]).toHaveTextContent("operational");
  });

  it("Role Holders on a phone: a card per right, every column (Holder, Kind, Right too) as 'Header: value'", async () => {
    narrowScreen();
    const { user } = setup();
    await screen.findByTestId("mainnet-score-value");
    await user.click(screen.getByRole("tab", { name: "Role Holders" }));
    const rows = await screen.findAllByTestId("role-holder");
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.getByRole("list", { name: "Role holders" })).toBe(screen.getByTestId("role-holders"));
    expect(rows).toHaveLength(3);
    expect(
      within(rows[2]!)
        .getAllByRole("term")
        .map((t) => t.textContent),
    ).toEqual(["Contract", "Role", "Holder", "Kind", "Right"]);
    const values = within(rows[2]!).getAllByRole("definition");
    expect(values[2]).toHaveTextContent("the API signer (minter)");
    expect(values[3]).toHaveTextContent("EOA");
    expect(values[4]).toHaveTextContent("operational");
  });

  it("History: the stored snapshots' count and the rule that stores them", async () => {
    const { user } = setup();
    await user.click(screen.getByRole("tab", { name: "History" }));
    expect(await screen.findByTestId("history-caption", {}, { timeout: 5000 })).toHaveTextContent("2 snapshots");
    expect(screen.getByTestId("history-caption")).toHaveTextContent("10 minutes old");
  });

  it("Download report: the button waits while the report is computed, then saves the Markdown and says so", async () => {
    const answer = deferred();
    const createObjectURL = vi.fn(() => "blob:report");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const { user } = setup({ "GET /api/mainnet-readiness/report": () => answer.promise });
    await screen.findByTestId("mainnet-score-value");
    await user.click(screen.getByTestId("download-report"));
    expect(screen.getByTestId("download-report")).toBeDisabled();
    answer.resolve(json(report));
    expect(await toasts().findByText("Download report Complete")).toBeInTheDocument();
    expect(createObjectURL).toHaveBeenCalled();
    await waitFor(() => expect(screen.getByTestId("download-report")).toBeEnabled());
  });

  it("Download report Failed with the server's words", async () => {
    const { user } = setup({
      "GET /api/mainnet-readiness/report": () =>
        json({ error: "The local chain is not live", code: "LEDGER_UNAVAILABLE" }, 503),
    });
    await screen.findByTestId("mainnet-score-value");
    await user.click(screen.getByTestId("download-report"));
    expect(await toasts().findByText("Download report Failed")).toBeInTheDocument();
    expect(toasts().getByTestId("toast-description").textContent).not.toBe("");
  });
});
