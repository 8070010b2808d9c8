import { screen, waitFor, within } from "@testing-library/react";
import { vi } from "vitest";
import { deferred, json, stubFetch, type FakeRoute } from "../../../testing/fake-api";
import { forgetNetwork } from "../../../lib/network/get-network";
import { renderWithProviders } from "../../../testing/test-utils";
import { NO_ENDORSEMENT } from "../constants";
import {
  ALL_CHECKS,
  emergencyRun,
  hash,
  multisigResponse,
  multisigRun,
  perfectResult,
  report,
  skippedTreasuryRun,
  status,
  treasuryResponse,
  treasuryRun,
} from "../testing/fixtures";
import { TestnetPage } from "./testnet-page";
import { testnetContract } from "../api/contract";

const NETWORK = {
  chainId: 31337,
  network: "hardhat",
  rpcUrl: "http://127.0.0.1:8545",
  explorerBaseUrl: null,
  labels: [],
};

function setup(routes: Record<string, FakeRoute> = {}, route = "/testnet-perfection") {
  forgetNetwork(); // GET /api/network is read once per page load; each test is a fresh page
  const api = stubFetch({
    "GET /api/testnet/status": () => json(status()),
    "GET /api/network": () => json(NETWORK),
    "GET /api/testnet/franklin-report": () => json(report),
    ...routes,
  });
  return { ...api, ...renderWithProviders(<TestnetPage />, { route }) };
}

const toasts = () => within(screen.getByTestId("toast-area"));
/** A run button once the access rule has been read (it waits disabled until then). */
const ready = async (testId: string) => {
  const button = await screen.findByTestId(testId);
  await waitFor(() => expect(button).toBeEnabled());
  return button;
};
/** GET /api/auth/access with OPERATOR_ADDRESSES set: nobody signed in, or a signed-in visitor who is not an operator. */
const LISTED = { mode: "listed", openReason: null, address: null, operator: false, operatorBy: null, operatorCount: 1 };
const statusReads = (requests: { method: string; url: URL }[]) =>
  requests.filter((r) => r.method === "GET" && r.url.pathname === testnetContract.status.path).length;

describe("TestnetPage", () => {
  it("has a back link to /, the spec's four tabs with Overview selected, and each flag's word", async () => {
    setup();
    expect(screen.getByTestId("back-link")).toHaveAttribute("href", "/");
    expect(screen.getAllByRole("tab").map((t) => t.textContent)).toEqual([
      "Overview",
      "Testing",
      "Metrics",
      "Franklin Report",
    ]);
    expect(screen.getByRole("tab", { name: "Overview" })).toHaveAttribute("aria-selected", "true");
    expect(await screen.findByTestId("flag-contractsDeployed-value")).toHaveTextContent(/^Deployed$/);
    expect(screen.getByTestId("flag-multiSigTested-value")).toHaveTextContent(/^Pending$/);
    expect(screen.getByTestId("flag-treasuryArbitrageActive-value")).toHaveTextContent(/^Pending$/);
    expect(screen.getByTestId("flag-emergencyFunctionsTested-value")).toHaveTextContent(/^Pending$/);
    expect(screen.getByTestId("flag-contractsDeployed-reading")).toHaveTextContent("21 of 21 contracts have code");
    // the spec's multi-sig set-up: 3 signers, read from the chain
    expect(screen.getByTestId("flag-multiSigTested-reading")).toHaveTextContent("Safe 2-of-3: 3 signers");
    // a pending flag points at the action that fills it
    expect(screen.getByTestId("open-treasury-staking")).toHaveAttribute("href", "/treasury-staking");
    // 3 of 8 checks pass: 37.5%, red; Franklin readiness PENDING; no endorsement claimed
    expect(screen.getByTestId("readiness-score-value")).toHaveTextContent("37.5%");
    expect(screen.getByTestId("readiness-score")).toHaveAttribute("data-tone", "error");
    expect(screen.getByTestId("franklin-ready")).toHaveTextContent(/^PENDING$/);
    expect(screen.getByTestId("no-endorsement")).toHaveTextContent(NO_ENDORSEMENT);
    const checks = await screen.findAllByTestId("check"); // a lazy part, after the first paint
    expect(checks).toHaveLength(8);
    expect(checks.filter((c) => c.getAttribute("data-passed") === "true")).toHaveLength(3);
    expect(within(checks[0]!).getByTestId("check-detail")).toHaveTextContent(
      "Contracts Deployed: measured and passing",
    );
    expect(within(checks[0]!).getByTestId("check-rule")).toHaveTextContent(
      "Passes when every contract of the deploy map has code",
    );
  });

  it("shows every word when the flags are true, YES and a green score when every check passes", async () => {
    setup({ "GET /api/testnet/status": () => json(status({ passing: ALL_CHECKS, runs: { multisig: multisigRun } })) });
    expect(await screen.findByTestId("flag-contractsDeployed-value")).toHaveTextContent("Deployed");
    expect(screen.getByTestId("flag-multiSigTested-value")).toHaveTextContent("Tested");
    expect(screen.getByTestId("flag-treasuryArbitrageActive-value")).toHaveTextContent("Active");
    expect(screen.getByTestId("flag-emergencyFunctionsTested-value")).toHaveTextContent("Configured");
    expect(screen.getByTestId("readiness-score-value")).toHaveTextContent("100%");
    expect(screen.getByTestId("readiness-score")).toHaveAttribute("data-tone", "success");
    expect(screen.getByTestId("franklin-ready")).toHaveTextContent(/^YES$/);
    // a check's transaction hash is evidence a reader can copy
    const multisig = (await screen.findAllByTestId("check")).find(
      (c) => c.getAttribute("data-check") === "multiSigTested",
    )!;
    expect(within(multisig).getByTestId("check-evidence-hash")).toHaveAttribute("title", hash(0xa1));
    expect(within(multisig).getByRole("button", { name: "Copy transaction hash" })).toBeInTheDocument();
    // a long list of evidence shows three items and folds the rest
    const treasury = (await screen.findAllByTestId("check")).find(
      (c) => c.getAttribute("data-check") === "treasuryTested",
    )!;
    expect(within(treasury).getAllByTestId("check-evidence-item")).toHaveLength(6);
    expect(within(treasury).getByText("3 more").closest("details")).not.toHaveAttribute("open");
  });

  it("Run all checks: the spec's toast with the score and Franklin readiness, then the status is read again", async () => {
    const answer = deferred();
    const { user, requests } = setup({ "POST /api/testnet/perfect": () => answer.promise });
    await screen.findByTestId("readiness-score-value");
    const before = statusReads(requests);
    await user.click(await ready("run-perfection"));
    expect(screen.getByTestId("run-perfection")).toBeDisabled();
    expect(screen.getByTestId("run-perfection")).toHaveTextContent("Running every check…");
    answer.resolve(json(perfectResult(87.5, false)));
    expect(await toasts().findByText("Testnet Perfection Complete!")).toBeInTheDocument();
    expect(toasts().getByText("Readiness score: 87.5% · Franklin readiness: PENDING")).toBeInTheDocument();
    await waitFor(() => expect(statusReads(requests)).toBeGreaterThan(before));
    expect(screen.getByTestId("perfection-result")).toHaveTextContent(
      "Readiness 37.5% before the run, 87.5% after · 3 of 3 runs passed · Franklin readiness PENDING",
    );
    expect(requests.find((r) => r.method === "POST")?.body).toBeUndefined(); // no body
    await waitFor(() => expect(screen.getByTestId("run-perfection")).toBeEnabled());
  });

  it("says YES in the perfection toast when every check passes", async () => {
    const { user } = setup({ "POST /api/testnet/perfect": () => json(perfectResult(100, true)) });
    await user.click(await ready("run-perfection"));
    expect(await toasts().findByText("Readiness score: 100% · Franklin readiness: YES")).toBeInTheDocument();
  });

  it("Perfection Failed - Please check logs and try again, with the API's reason", async () => {
    const { user } = setup({
      "POST /api/testnet/perfect": () =>
        json({ code: "LEDGER_UNAVAILABLE", error: "The local chain is not reachable" }, 503),
    });
    await user.click(await ready("run-perfection"));
    expect(await toasts().findByText("Perfection Failed")).toBeInTheDocument();
    expect(toasts().getByTestId("toast-description")).toHaveTextContent("Please check logs and try again");
    expect(toasts().getByTestId("toast-description")).toHaveTextContent("The local chain is not reachable");
  });

  it("Testing: the multi-sig run shows GS020 refused with one signature, executed with two, and the pause steps", async () => {
    let ran = false;
    const { user, requests } = setup(
      {
        "GET /api/testnet/status": () =>
          json(
            ran
              ? status({
                  passing: ["contractsDeployed", "multiSigTested", "emergencyFunctionsTested"],
                  runs: { multisig: multisigRun, emergency: emergencyRun },
                })
              : status(),
          ),
        "POST /api/testnet/test-multisig": () => {
          ran = true;
          return json(multisigResponse);
        },
      },
      "/testnet-perfection?tab=testing",
    );
    expect(await screen.findByTestId("multisig-no-run")).toBeInTheDocument();
    const setupBox = screen.getByTestId("multisig-setup");
    expect(setupBox).toHaveAttribute("data-signers", "3");
    expect(setupBox).toHaveTextContent("3 signers, 2 signatures needed");
    expect(within(setupBox).getAllByTestId("address-view")).toHaveLength(3);
    await user.click(await ready("run-multisig"));
    expect(await toasts().findByText("Multi-Sig Tests Complete")).toBeInTheDocument();
    expect(toasts().getByText("Every step passed")).toBeInTheDocument();
    expect(requests.some((r) => r.method === "POST" && r.url.pathname === "/api/testnet/test-multisig")).toBe(true);

    const msRun = await screen.findByTestId("multisig-run");
    expect(msRun).toHaveAttribute("data-passed", "true");
    const [one, two] = within(msRun).getAllByTestId("run-step");
    expect(within(one!).getByTestId("run-step-outcome")).toHaveTextContent("Refused, as expected (GS020)");
    expect(within(one!).getByTestId("run-step-revert")).toHaveTextContent("GS020");
    expect(within(two!).getByTestId("run-step-outcome")).toHaveTextContent("Executed");
    expect(within(two!).getByTestId("run-step-hash")).toHaveAttribute("title", hash(0xa1));
    expect(within(two!).getByRole("button", { name: "Copy transaction hash" })).toBeInTheDocument();
    // the local chain has no explorer: no link rather than a broken one
    expect(within(msRun).queryByTestId("explorer-link")).toBeNull();
    const emergency = screen.getByTestId("emergency-run");
    expect(
      within(emergency)
        .getAllByTestId("run-step-name")
        .map((n) => n.textContent),
    ).toEqual([
      "Safe pauses BridgeEscrow (2 of 3)",
      "A user's lock is refused while paused",
      "Safe unpauses BridgeEscrow (2 of 3)",
    ]);
    expect(within(emergency).getAllByTestId("run-step")[1]).toHaveTextContent("Refused, as expected (EnforcedPause)");
  });

  it("Testing: the treasury run shows each step's numbers in units, explorer links where there is an explorer, and the vault after", async () => {
    let ran = false;
    const { user } = setup(
      {
        "GET /api/network": () =>
          json({
            ...NETWORK,
            chainId: 11155111,
            network: "sepolia",
            rpcUrl: null,
            explorerBaseUrl: "https://sepolia.etherscan.io",
          }),
        "GET /api/testnet/status": () => json(status({ runs: ran ? { treasury: treasuryRun } : {} })),
        "POST /api/testnet/test-treasury": () => {
          ran = true;
          return json(treasuryResponse);
        },
      },
      "/testnet-perfection?tab=testing",
    );
    await user.click(await ready("run-treasury"));
    expect(await toasts().findByText("Treasury Tests Complete")).toBeInTheDocument();
    const run = await screen.findByTestId("treasury-run");
    const steps = within(run).getAllByTestId("run-step");
    expect(steps.map((s) => within(s).getByTestId("run-step-name").textContent)).toEqual([
      "Borrower (#7) deposits 1 ETH",
      "Borrower (#7) mints XQBUSD at exactly 150%",
      "A further mint to 149% is refused",
      "Mock feed moved down until the position is below 130%",
      "Liquidator (#8) liquidates the borrower",
      "Feed price restored",
    ]);
    expect(within(steps[0]!).getByTestId("run-step-numbers")).toHaveTextContent("Deposit1 ETH");
    expect(within(steps[1]!).getByTestId("run-step-numbers")).toHaveTextContent("Collateral ratio150%");
    expect(within(steps[1]!).getByTestId("run-step-numbers")).toHaveTextContent("Minted1,333.3333 XQBUSD");
    expect(within(steps[2]!).getByTestId("run-step-outcome")).toHaveTextContent(
      "Refused, as expected (CollateralRatioTooLow)",
    );
    expect(within(steps[2]!).getByTestId("run-step-numbers")).toHaveTextContent("149%");
    expect(within(steps[3]!).getByTestId("run-step-numbers")).toHaveTextContent("ETH/USD after$2,500");
    expect(within(steps[4]!).getByTestId("explorer-link")).toHaveAttribute(
      "href",
      `https://sepolia.etherscan.io/tx/${hash(0xb4)}`,
    );
    const vault = screen.getByTestId("vault-after");
    expect(vault).toHaveTextContent("ETH/USD (feed)$3,000");
    expect(vault).toHaveTextContent("System collateral ratio180%");
  });

  it("Testing: a skipped step says why, and the run is not shown as passed", async () => {
    setup(
      { "GET /api/testnet/status": () => json(status({ runs: { treasury: skippedTreasuryRun } })) },
      "/testnet-perfection?tab=testing",
    );
    const run = await screen.findByTestId("treasury-run");
    expect(run).toHaveAttribute("data-passed", "false");
    expect(within(run).getByTestId("treasury-run-verdict")).toHaveTextContent("Skipped on this chain");
    const step = within(run).getByTestId("run-step");
    expect(step).toHaveAttribute("data-outcome", "skipped");
    expect(within(step).getByTestId("run-step-detail")).toHaveTextContent(
      "Why: Sepolia's feed is Chainlink's: it cannot be moved",
    );
  });

  it("a visitor (OPERATOR_ADDRESSES set) sees the last operator run, who ran it, when and where, and run buttons that say why they are off", async () => {
    const { requests } = setup({
      "GET /api/auth/access": () => json(LISTED),
      "GET /api/testnet/status": () =>
        json(status({ runs: { multisig: multisigRun, emergency: emergencyRun, treasury: treasuryRun } })),
    });
    expect(await screen.findByTestId("perfection-ran-by")).toHaveTextContent(
      /^Last test run .* by operator 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266 · ran on in-process chain, fresh deploy of the suite at/,
    );
    await waitFor(() =>
      expect(screen.getByTestId("access-note")).toHaveTextContent("Sign in as an operator to run this"),
    );
    expect(screen.getByTestId("run-perfection")).toBeDisabled();
    expect(screen.getByTestId("run-perfection")).toHaveAttribute("aria-describedby", "perfection-access");
    // The report and the tabs stay every visitor's.
    expect(screen.getByTestId("open-report")).toBeEnabled();
    expect(requests.filter((r) => r.method === "POST")).toEqual([]);
  });

  it("Testing, as a visitor: both run buttons off with the reason, each run with who ran it", async () => {
    setup(
      {
        "GET /api/auth/access": () => json(LISTED),
        "GET /api/testnet/status": () =>
          json(status({ runs: { multisig: multisigRun, emergency: emergencyRun, treasury: treasuryRun } })),
      },
      "/testnet-perfection?tab=testing",
    );
    expect(await screen.findByTestId("treasury-run-ran-by")).toHaveTextContent(
      /^Finished .* by operator 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266 · ran on in-process chain/,
    );
    expect(screen.getByTestId("multisig-run-ran-by")).toHaveTextContent(
      "by operator 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
    );
    await waitFor(() =>
      expect(screen.getAllByTestId("access-note").map((n) => n.textContent)).toEqual([
        "Sign in as an operator to run this",
        "Sign in as an operator to run this",
      ]),
    );
    expect(screen.getByTestId("run-multisig")).toBeDisabled();
    expect(screen.getByTestId("run-treasury")).toBeDisabled();
  });

  it("open on a loopback-only server: the buttons run, and the page says why they are open", async () => {
    setup({}, "/testnet-perfection?tab=testing");
    await ready("run-treasury");
    expect(screen.getAllByTestId("access-note")[0]).toHaveTextContent("open: this server listens on this machine only");
  });

  it("a run the API refuses (another is running) says so, and the buttons wait for a run in flight", async () => {
    const answer = deferred();
    const { user } = setup(
      { "POST /api/testnet/test-treasury": () => answer.promise },
      "/testnet-perfection?tab=testing",
    );
    await user.click(await ready("run-treasury"));
    expect(screen.getByTestId("run-multisig")).toBeDisabled();
    expect(screen.getByTestId("run-treasury")).toHaveTextContent("Running…");
    answer.resolve(
      json(
        {
          code: "RATE_LIMITED",
          error:
            "the treasury test is already running (started 2026-11-24T04:00:00.000Z); one run at a time: try again when it has finished",
          retryAfterSeconds: 30,
          details: { running: "the treasury test", since: "2026-11-24T04:00:00.000Z" },
        },
        429,
      ),
    );
    expect(await toasts().findByText("The treasury test did not run")).toBeInTheDocument();
    expect(toasts().getByText(/the treasury test is already running/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("run-multisig")).toBeEnabled());
  });

  it("Metrics: four cards with what each is measured from; Performance Validated only above 99%", async () => {
    setup({}, "/testnet-perfection?tab=metrics");
    expect(await screen.findByTestId("metric-response-time-value")).toHaveTextContent("12.3 ms");
    expect(screen.getByTestId("metric-response-time-measures")).toHaveTextContent("Over the last 42 /api requests");
    expect(screen.getByTestId("metric-success-rate-value")).toHaveTextContent("100%");
    expect(screen.getByTestId("performance-validated")).toHaveTextContent("Performance Validated");
    expect(screen.getByTestId("metric-yield-accuracy-value")).toHaveTextContent("100%");
    expect(screen.getByTestId("metric-spread-capture-value")).toHaveTextContent("Not measured");
    expect(screen.getByTestId("metric-spread-capture-measures")).toHaveTextContent("Arbitrage Spread Capture: not yet");
  });

  it("Metrics: no Performance Validated badge at exactly 99%", async () => {
    setup({ "GET /api/testnet/status": () => json(status({ successRate: 99 })) }, "/testnet-perfection?tab=metrics");
    expect(await screen.findByTestId("metric-success-rate-value")).toHaveTextContent("99%");
    expect(screen.queryByTestId("performance-validated")).toBeNull();
  });

  it("Franklin Report: the summary and capability lists, no endorsement, Download saves the API's Markdown under its file name", async () => {
    const created: Blob[] = [];
    const createObjectURL = vi.fn((b: Blob) => {
      created.push(b);
      return "blob:report";
    });
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicks: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this);
    });
    const { user } = setup({}, "/testnet-perfection?tab=report");
    expect(await screen.findByTestId("franklin-report")).toBeInTheDocument();
    expect(screen.getByTestId("no-endorsement")).toHaveTextContent(NO_ENDORSEMENT);
    expect(screen.getByTestId("report-no-endorsement")).toHaveTextContent(NO_ENDORSEMENT);
    expect(screen.getByTestId("report-score-value")).toHaveTextContent("62.5%");
    expect(screen.getByTestId("report-ready-value")).toHaveTextContent("PENDING");
    expect(screen.getByTestId("report-checks-value")).toHaveTextContent("5 of 8");
    expect(screen.getAllByTestId("report-section").map((s) => within(s).getByRole("heading").textContent)).toEqual([
      "Smart contracts and governance",
      "Treasury",
    ]);
    expect(screen.getAllByTestId("report-item").map((i) => i.getAttribute("data-status"))).toEqual([
      "ready",
      "ready",
      "pending",
    ]);

    await user.click(screen.getByTestId("download-report"));
    expect(clicks).toHaveLength(1);
    expect(clicks[0]!.download).toBe("testnet-readiness-report-2026-11-24.md");
    expect(await created[0]!.text()).toBe(report.markdown);
    click.mockRestore();

    await user.click(screen.getByTestId("generate-report"));
    expect(await toasts().findByText("Franklin Templeton Report Generated")).toBeInTheDocument();
  });
});
