import { screen, within } from "@testing-library/react";
import { json, stubFetch, type FakeRoute } from "../../../testing/fake-api";
import { narrowScreen } from "../../../testing/narrow-screen";
import { renderWithProviders } from "../../../testing/test-utils";
import { batch, BATCH_ID, inbound, ledgerHash, outbound, refunded, summary, WALLET } from "../testing/fixtures";
import { matchView, MATCH_RULE } from "../utils/match";
import { stats } from "../utils/timings";
import { BooksView } from "./bridge-books";
import { CrossChainDemoPage } from "./cross-chain-demo-page";
import { RealCrossChainTestingPage } from "./real-testing-page";
import { TransferStepper } from "./transfer-stepper";

const steps = () => screen.getAllByRole("listitem").filter((li) => li.dataset.testid?.startsWith("step-"));

describe("TransferStepper", () => {
  it("walks a delivered lock: both hashes, the XRPL explorer link, why the local chain has none, the time it took", () => {
    renderWithProviders(<TransferStepper transfer={outbound()} />);
    expect(steps().map((s) => [s.dataset.testid, s.dataset.status])).toEqual([
      ["step-locked", "done"],
      ["step-relaying", "done"],
      ["step-delivered", "done"],
    ]);
    expect(screen.getByTestId("step-locked-hash")).toHaveAttribute("title", `0x${"a1".padStart(64, "0")}`);
    expect(screen.getByTestId("step-locked-no-link")).toHaveTextContent("Local chain: no public explorer");
    const delivered = screen.getByTestId("step-delivered");
    expect(within(delivered).getByTestId("step-delivered-hash")).toHaveAttribute("title", ledgerHash(0xd1));
    expect(within(delivered).getByTestId("explorer-link")).toHaveAttribute(
      "href",
      `https://testnet.xrpl.org/transactions/${ledgerHash(0xd1)}`,
    );
    expect(within(delivered).getByTestId("source-badge")).toHaveAttribute("data-source", "live");
    expect(screen.getByTestId("transfer-state")).toHaveTextContent("Delivered");
    expect(screen.getByTestId("transfer-took")).toHaveTextContent("Took 4.0 s from the lock to delivered");
    expect(screen.queryByTestId("transfer-deadline")).toBeNull(); // final: no refund deadline
  });

  it("says a simulated delivery was signed offline, why, and that no explorer has it; shows the refund deadline while in flight", () => {
    renderWithProviders(
      <TransferStepper
        transfer={outbound({
          state: "relaying",
          simulated: true,
          deadlineAt: new Date(Date.now() + 300_000).toISOString(),
        })}
      />,
    );
    expect(screen.getByTestId("step-relaying")).toHaveAttribute("data-status", "current");
    expect(screen.getByTestId("step-delivered")).toHaveAttribute("data-status", "waiting");
    expect(screen.getByTestId("step-relaying-no-link")).toHaveTextContent(
      "Simulated: signed offline, never submitted (XRPL testnet unreachable (ws://127.0.0.1:9))",
    );
    expect(within(screen.getByTestId("step-relaying")).queryByTestId("explorer-link")).toBeNull();
    expect(screen.getByTestId("transfer-deadline")).toHaveTextContent(
      /Refunded on the local chain if not delivered within (4 minutes 59 seconds|5 minutes)/,
    );
  });

  it("a lock not picked up yet: the lock done, the relayer's step in progress; a delivery hash shows on one step only", () => {
    const { unmount } = renderWithProviders(<TransferStepper transfer={outbound({ state: "locked" })} />);
    expect(steps().map((s) => [s.dataset.testid, s.dataset.status])).toEqual([
      ["step-locked", "done"],
      ["step-relaying", "current"],
      ["step-delivered", "waiting"],
    ]);
    expect(screen.getByTestId("step-relaying")).toHaveTextContent(
      "Waiting for the relayer to sign the payment from the issuer",
    );
    unmount();
    // Signed (offline: the ledger simulated) while the record still says locked: shown as signed, not awaited.
    const lockedOnly = outbound({ state: "locked", simulated: true });
    const signedWhileLocked = renderWithProviders(
      <TransferStepper
        transfer={{ ...lockedOnly, destination: { ...lockedOnly.destination!, deliveryTxHash: ledgerHash(0xd1) } }}
      />,
    );
    expect(screen.getByTestId("step-relaying")).not.toHaveTextContent("Waiting for the relayer");
    expect(screen.getByTestId("step-relaying")).toHaveTextContent("Signed offline while");
    expect(screen.getByTestId("step-relaying-hash")).toBeInTheDocument();
    signedWhileLocked.unmount();
    renderWithProviders(<TransferStepper transfer={outbound()} />);
    expect(screen.queryByTestId("step-relaying-hash")).toBeNull();
    expect(screen.getByTestId("step-delivered-hash")).toBeInTheDocument();
  });

  it("shows a failed delivery refunded on the EVM side, with the reason and the refund hash; no tick for a relay that did not deliver", () => {
    renderWithProviders(<TransferStepper transfer={refunded()} />);
    expect(steps().map((s) => [s.dataset.testid, s.dataset.status])).toEqual([
      ["step-locked", "done"],
      ["step-failed", "failed"],
      ["step-refunded", "done"],
    ]);
    expect(screen.getByTestId("step-failed")).toHaveTextContent("Not delivered to");
    expect(screen.getByTestId("step-failed")).toHaveTextContent("The destination has no XQB trust line (op_no_trust)");
    expect(screen.getByTestId("step-refunded-hash")).toHaveAttribute("title", `0x${"f2".padStart(64, "0")}`);
    expect(screen.getByTestId("transfer-state")).toHaveTextContent("Refunded");
  });

  it("walks the way back: paid to the issuer on XRPL, released to the wallet", () => {
    renderWithProviders(<TransferStepper transfer={inbound()} />);
    expect(steps().map((s) => [s.dataset.testid, s.dataset.status])).toEqual([
      ["step-seen", "done"],
      ["step-releasing", "done"],
      ["step-released", "done"],
    ]);
    expect(screen.getByTestId("step-released")).toHaveTextContent(`XQB paid to ${WALLET}`);
    expect(within(screen.getByTestId("step-seen")).getByTestId("explorer-link")).toBeInTheDocument();
  });
});

describe("the books: locked against delivered", () => {
  it("is green only when the locked total equals supplies + in flight, exactly", () => {
    expect(matchView(summary())).toEqual({ known: true, accounted: "10.5", difference: "0", equal: true });
    // one base unit off is off
    expect(matchView(summary({ locked: "10.500000000000000001" }))).toEqual({
      known: true,
      accounted: "10.5",
      difference: "0.000000000000000001",
      equal: false,
    });
    expect(matchView(summary({ locked: "9", inbound: "0.5" }))).toEqual({
      known: true,
      accounted: "11",
      difference: "-2",
      equal: false,
    });
    // rejected way-back payments stay locked here: they count
    expect(matchView(summary({ locked: "11", rejected: "0.5" }))).toEqual({
      known: true,
      accounted: "11",
      difference: "0",
      equal: true,
    });
    // an unreadable figure claims nothing either way
    expect(matchView(summary({ locked: null }))).toEqual({
      known: false,
      missing: ["the escrow's locked total"],
      partial: null,
    });
    // a supply unreadable: the difference over what was read, never green
    const noStellar = summary();
    noStellar.supplies[0]!.supply = null;
    expect(matchView(noStellar)).toEqual({
      known: false,
      missing: ["the Stellar supply"],
      partial: { accounted: "6.5", difference: "4" },
    });
  });

  it("shows the rule, the figures and the difference; red with the API's disagreement when they differ", () => {
    const { unmount } = renderWithProviders(<BooksView summary={summary()} />);
    expect(screen.getByTestId("books-match")).toHaveAttribute("data-severity", "success");
    expect(screen.getByTestId("books-rule")).toHaveTextContent(MATCH_RULE);
    expect(screen.getByTestId("books-difference")).toHaveTextContent(/^0$/);
    expect(screen.getByTestId("books-stellar")).toHaveTextContent("4 XQB");
    expect(within(screen.getByTestId("books-stellar")).getByTestId("source-badge")).toHaveAttribute(
      "data-source",
      "simulated",
    );
    unmount();
    renderWithProviders(<BooksView summary={summary({ locked: "12", matches: true })} />);
    expect(screen.getByTestId("books-match")).toHaveAttribute("data-severity", "error");
    expect(screen.getByTestId("books-match")).toHaveTextContent("The books do not match");
    expect(screen.getByTestId("books-figures")).toHaveTextContent(
      "12 locked − 10.5 accounted for = 1.5 XQB difference",
    );
    expect(screen.getByTestId("books-api-disagrees")).toHaveTextContent("The API's own check says they match");
  });
});

describe("timings", () => {
  it("p50 and max of the finished transfers only", () => {
    expect(stats(batch("running").items.map((i) => i.timings.lockToDeliveredMs))).toEqual({
      count: 2,
      p50Ms: 3000,
      maxMs: 5000,
    });
    expect(stats(batch("done").items.map((i) => i.timings.lockToDeliveredMs))).toEqual({
      count: 3,
      p50Ms: 5000,
      maxMs: 9000,
    });
    expect(stats([null])).toEqual({ count: 0, p50Ms: null, maxMs: null });
  });
});

function demo(routes: Record<string, FakeRoute>, route = "/testnet-cross-chain-demo") {
  const api = stubFetch({ "GET /api/bridge/summary": () => json(summary()), ...routes });
  return { ...api, ...renderWithProviders(<CrossChainDemoPage />, { route }) };
}

describe("CrossChainDemoPage", () => {
  it("follows ?transfer=: waits for the relayer on a 404, then shows the steps as the API answers", async () => {
    let reply: FakeRoute = () => json({ code: "NOT_FOUND", error: "No transfer 7" }, 404);
    demo({ "GET /api/bridge/transfers/7": (r) => reply(r) }, "/testnet-cross-chain-demo?transfer=7");
    expect(await screen.findByTestId("transfer-waiting")).toHaveTextContent("Waiting for the relayer to pick it up");
    reply = () => json(outbound({ state: "relaying" }));
    expect(await screen.findByTestId("transfer-stepper", {}, { timeout: 4000 })).toHaveAttribute(
      "data-state",
      "relaying",
    );
    reply = () => json(outbound());
    await screen.findByText("Delivered", { selector: "[data-testid=transfer-state]" }, { timeout: 4000 });
    expect(await within(screen.getByTestId("toast-area")).findByText("Delivered")).toBeInTheDocument();
  });

  it("asks for a wallet before a lock, and lists the three tabs", async () => {
    demo({});
    expect(screen.getAllByRole("tab").map((t) => t.textContent)).toEqual(["Send", "The way back", "Your transfers"]);
    const connect = await screen.findByTestId("connect-to-bridge");
    expect(connect).toHaveTextContent("Connect a wallet to lock XQB");
    // No XQB yet: the faucet gives XQB (its claim sends XQB on the local chain), so that is where it points first.
    expect(connect).toHaveTextContent("No XQB yet? The Testnet XQB Faucet gives XQB");
    expect(within(connect).getByRole("link", { name: "Testnet XQB Faucet" })).toHaveAttribute(
      "href",
      "/testnet-xqb-faucet",
    );
    expect(within(connect).getByRole("link", { name: "Multi-Blockchain Minting" })).toHaveAttribute(
      "href",
      "/multi-blockchain-minting",
    );
  });

  it("says an error in words when the transfer cannot be read", async () => {
    demo(
      { "GET /api/bridge/transfers/9": () => json({ code: "INTERNAL", error: "Internal server error" }, 500) },
      "/testnet-cross-chain-demo?transfer=9",
    );
    expect(await screen.findByTestId("transfer-error")).toHaveTextContent("Could not load the transfer");
  });
});

describe("RealCrossChainTestingPage", () => {
  it("shows the books, the relayer's heartbeat and every wallet's transfers with timings", async () => {
    const { requests } = stubFetch({
      "GET /api/bridge/summary": () => json(summary()),
      "GET /api/bridge/transfers": () => json({ transfers: [outbound(), refunded(), inbound()] }),
    });
    renderWithProviders(<RealCrossChainTestingPage />, { route: "/real-cross-chain-testing" });
    expect(await screen.findByTestId("books-match")).toHaveTextContent("The books match");
    expect(screen.getByTestId("relayer-heartbeat")).toHaveAttribute("data-healthy", "true");
    const rows = await screen.findAllByTestId("transfer-row");
    expect(rows.map((r) => r.dataset.state)).toEqual(["delivered", "refunded", "released"]);
    expect(screen.getByTestId("history-timings")).toHaveTextContent("3 transfers · 3 finished · p50 4.0 s · max 5.0 s");
    // wallet-independent: no address filter
    expect(requests.find((r) => r.url.pathname === "/api/bridge/transfers")!.url.search).toBe("");
  });

  it("on a phone every transfer is a card with all seven columns, none off-screen", async () => {
    narrowScreen();
    stubFetch({
      "GET /api/bridge/summary": () => json(summary()),
      "GET /api/bridge/transfers": () => json({ transfers: [outbound(), refunded(), inbound()] }),
    });
    renderWithProviders(<RealCrossChainTestingPage />, { route: "/real-cross-chain-testing" });
    const rows = await screen.findAllByTestId("transfer-row");
    expect(screen.getByTestId("history-table").tagName).toBe("UL");
    expect(rows.map((r) => r.dataset.state)).toEqual(["delivered", "refunded", "released"]);
    expect(
      within(rows[0]!)
        .getAllByRole("term")
        .map((t) => t.textContent),
    ).toEqual(["Transfer", "Ledger", "XQB", "State", "Address there", "Started", "Took"]);
    expect(within(rows[0]!).getByTestId("transfer-took-cell").tagName).toBe("DD");
  });

  it("marks a lock from an earlier run of the local chain as such, never as pending, beside the current run's lock #0", async () => {
    stubFetch({
      "GET /api/bridge/summary": () => json(summary()),
      "GET /api/bridge/transfers": () =>
        json({
          transfers: [outbound({ id: "0" }), outbound({ id: "0", state: "locked", chainRun: "earlier" })],
        }),
    });
    renderWithProviders(<RealCrossChainTestingPage />, { route: "/real-cross-chain-testing" });
    const rows = await screen.findAllByTestId("transfer-row");
    expect(rows.map((r) => r.dataset.run)).toEqual(["current", "earlier"]);
    expect(within(rows[1]!).getByTestId("transfer-state")).toHaveTextContent("Earlier chain run");
    expect(within(rows[1]!).queryByText("Locked")).toBeNull();
  });

  it("runs a batch: N and both ledgers posted, then its transfers with p50/max; a second batch is refused in words", async () => {
    let posts = 0;
    const { requests } = stubFetch({
      "GET /api/bridge/summary": () => json(summary()),
      "GET /api/bridge/transfers": () => json({ transfers: [] }),
      "POST /api/bridge/batch": () =>
        posts++ === 0 ? json(batch("running"), 202) : json({ code: "INVALID_INPUT", error: "A batch is running" }, 409),
      "GET /api/bridge/batch/latest": () => json({ batch: null }),
      [`GET /api/bridge/batch/${BATCH_ID}`]: () => json(batch("done")),
    });
    const { user } = renderWithProviders(<RealCrossChainTestingPage />, { route: "/real-cross-chain-testing" });
    expect(await screen.findByTestId("history-empty")).toHaveTextContent("No transfers yet");
    const count = await screen.findByTestId("batch-count");
    await user.clear(count);
    await user.type(count, "11");
    expect(screen.getByTestId("batch-run")).toBeDisabled();
    expect(screen.getByTestId("batch-run-reason")).toHaveTextContent("A whole number from 1 to 10");
    // Before it runs: Stellar is simulated in the summary, and the panel says what that means for the batch.
    expect(screen.getByTestId("batch-mode-warning")).toHaveTextContent(
      "Stellar is simulated now (Stellar testnet unreachable): the relayer signs the payment offline but cannot deliver it",
    );
    await user.clear(count);
    await user.type(count, "3");
    await user.click(screen.getByTestId("batch-run"));
    expect(requests.find((r) => r.method === "POST")!.body).toEqual({
      count: 3,
      destinations: ["stellar", "xrpl"],
      roundTrip: true,
    });
    expect(await screen.findByTestId("batch-timings")).toHaveTextContent(
      "Out: 3 of 3 delivered · p50 5.0 s · max 9.0 s",
    );
    expect(
      within(screen.getByTestId("batch-table"))
        .getAllByTestId("batch-row")
        .map((r) => r.dataset.state),
    ).toEqual(["delivered", "delivered", "delivered"]);
    expect(screen.getByTestId("batch-ran-by")).toHaveTextContent("Run by open (local presenter)");
    expect(screen.getByTestId("access-note")).toHaveTextContent("open: this server listens on this machine only");
    await user.click(screen.getByTestId("batch-run"));
    expect(await screen.findByTestId("batch-error")).toHaveTextContent(
      "A batch is already running: wait for it to finish.",
    );
  });

  it("shows a visitor the last batch an operator ran, and asks to sign in as an operator to run one", async () => {
    const operator = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
    const { requests } = stubFetch({
      "GET /api/bridge/summary": () => json(summary()),
      "GET /api/bridge/transfers": () => json({ transfers: [] }),
      "GET /api/auth/access": () =>
        json({ mode: "listed", openReason: null, address: null, operator: false, operatorBy: null, operatorCount: 1 }),
      "GET /api/bridge/batch/latest": () => json({ batch: { ...batch("done"), ranBy: operator } }),
      [`GET /api/bridge/batch/${BATCH_ID}`]: () => json({ ...batch("done"), ranBy: operator }),
    });
    renderWithProviders(<RealCrossChainTestingPage />, { route: "/real-cross-chain-testing" });
    expect(await screen.findByTestId("batch-ran-by")).toHaveTextContent(`Run by ${operator}`);
    expect(screen.getByTestId("batch-timings")).toHaveTextContent("Out: 3 of 3 delivered");
    expect(await screen.findByTestId("access-note")).toHaveTextContent("Sign in as an operator to run this");
    expect(screen.getByTestId("batch-run")).toBeDisabled();
    expect(requests.filter((r) => r.method === "POST")).toHaveLength(0);
  });

  it("says the relayer has stalled when its heartbeat is old", async () => {
    stubFetch({
      "GET /api/bridge/summary": () =>
        json(summary({ heartbeatAt: new Date(Date.now() - 120_000).toISOString(), lastError: "XRPL busy" })),
      "GET /api/bridge/transfers": () => json({ transfers: [] }),
    });
    renderWithProviders(<RealCrossChainTestingPage />, { route: "/real-cross-chain-testing" });
    const beat = await screen.findByTestId("relayer-heartbeat");
    expect(beat).toHaveAttribute("data-healthy", "false");
    expect(beat).toHaveTextContent(/stalled for more than 30 s · last error: XRPL busy/);
  });
});
