// The network verification page against the API's recorded answers (parsed with its schema): the offline run
// (local chain passing, Stellar and XRPL not reachable with their constants, Sepolia not configured), Run again with
// refresh=true (disabled while it runs) bringing a run with a failing Stellar passphrase, a refresh that came too
// soon saying so, the error state, and the page on a phone with the keyboard.
import { act, screen, waitFor, within } from "@testing-library/react";
import { deferred, json, stubFetch, type FakeRoute } from "../../../testing/fake-api";
import { narrowScreen } from "../../../testing/narrow-screen";
import { renderWithProviders } from "../../../testing/test-utils";
import { networkVerificationContract as contract } from "../api/contract";
import { OFFLINE, REACHABLE, TOO_SOON } from "../testing/fixtures";
import { NetworkVerificationPage } from "./network-verification-page";

const PAGE = "/authentic-network-verification";
const GET = `GET ${contract.verify.path}`;

function setup(route: FakeRoute = () => json(OFFLINE)) {
  const api = stubFetch({ [GET]: route });
  return { ...api, ...renderWithProviders(<NetworkVerificationPage />, { route: PAGE }) };
}

const card = (id: string) =>
  within(screen.getAllByTestId("network-card").find((c) => c.getAttribute("data-network") === id)!);
const check = (id: string, checkId: string) =>
  within(
    card(id)
      .getAllByTestId("check-item")
      .find((c) => c.getAttribute("data-check") === checkId)!,
  );
const refreshes = (requests: { url: URL }[]) => requests.map((r) => r.url.searchParams.get("refresh"));

describe("NetworkVerificationPage", () => {
  it("loads with a skeleton, then per network its checks with expected value, source, live value and a worded chip", async () => {
    const answer = deferred();
    setup(() => answer.promise);
    expect(screen.getByRole("heading", { level: 1, name: "Authentic Network Verification" })).toBeInTheDocument();
    expect(screen.getByTestId("verification-loading")).toBeInTheDocument();
    expect(screen.getByTestId("run-again")).toBeDisabled();
    answer.resolve(json(OFFLINE));

    await screen.findAllByTestId("network-card");
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual([
      "Local chain (Hardhat)",
      "Ethereum Sepolia",
      "Stellar testnet",
      "XRP Ledger testnet",
      "How these are checked",
    ]);
    const outcomes = screen.getAllByTestId("network-outcome").map((c) => [c.dataset.outcome, c.textContent]);
    expect(outcomes).toEqual([
      ["pass", "Pass"],
      ["not-configured", "Not configured"],
      ["not-reachable", "Not reachable"],
      ["not-reachable", "Not reachable"],
    ]);

    // The local chain: id, this run's genesis against the API's record, code at the deploy map's addresses.
    const local = OFFLINE.networks[0]!;
    expect(check("local", "chain-id").getByTestId("check-expected")).toHaveTextContent("31337");
    expect(check("local", "chain-id").getByTestId("check-actual")).toHaveTextContent("31337");
    expect(check("local", "chain-id").getByTestId("outcome-chip")).toHaveTextContent("Pass");
    expect(check("local", "genesis-hash").getByTestId("check-actual")).toHaveTextContent(local.checks[1]!.actual!);
    expect(check("local", "genesis-hash").getByTestId("check-source")).toHaveTextContent("this API recorded");
    expect(check("local", "contract-code").getByTestId("check-actual")).toHaveTextContent("20 of 20 have code");
    expect(card("local").getAllByTestId("contract-row")).toHaveLength(20);
    expect(card("local").getByTestId("reading-latest")).toHaveTextContent(
      `#${Number(local.latest!.number).toLocaleString("en-US")}, closed`,
    );
    expect(card("local").getByTestId("reading-latest")).toHaveTextContent("chain time");
    expect(card("local").getByTestId("reading-skew")).toHaveTextContent("block time");
    expect(card("local").getByTestId("reading-latency")).toHaveTextContent(/\d ms$/);

    // Not reachable: the expected constant and its published source still shown, nothing claimed as read.
    const passphrase = check("stellar-testnet", "network-passphrase");
    expect(passphrase.getByTestId("check-expected")).toHaveTextContent("Test SDF Network ; September 2015");
    expect(passphrase.getByTestId("check-actual")).toHaveTextContent("nothing read");
    expect(passphrase.getByTestId("check-note")).toHaveTextContent("host name not resolved");
    expect(passphrase.getByRole("link", { name: /developers\.stellar\.org/ })).toHaveAttribute(
      "href",
      "https://developers.stellar.org/docs/networks",
    );
    expect(check("xrpl-testnet", "network-id").getByTestId("check-expected")).toHaveTextContent("1");
    expect(card("xrpl-testnet").getByTestId("reading-latency")).toHaveTextContent("no answer");
    expect(check("sepolia", "genesis-hash").getByTestId("check-expected")).toHaveTextContent(
      "0x25a5cc106eea7138acab33231d7160d69cb777ee0c2c553fcddf5138993e6dd9",
    );
    expect(card("sepolia").getByTestId("network-summary")).toHaveTextContent("no Sepolia RPC URL is configured");

    // The offline signing check passes on every network and says it was never submitted.
    for (const n of OFFLINE.networks) {
      const signed = within(card(n.id).getByTestId("signed-tx"));
      expect(signed.getByTestId("signed-tx-outcome")).toHaveTextContent("Pass");
      expect(signed.getByTestId("signed-tx-submitted")).toHaveTextContent("Never submitted");
      expect(signed.getByTestId("signed-tx-hash")).toHaveTextContent(n.signedTransaction.transactionHash);
    }
    expect(screen.getByTestId("run-served-note")).toHaveTextContent("Checked for this request");
    expect(screen.getByTestId("rules")).toHaveTextContent("block time vs our clock");
  });

  it("Run again asks with refresh=true, is disabled while it runs, and shows the new run; a refresh too soon says so", async () => {
    const again = deferred();
    let calls = 0;
    const { user, ...api } = setup((req) => {
      calls++;
      if (req.url.searchParams.get("refresh") !== "true") return json(OFFLINE);
      return calls === 2 ? again.promise : json(TOO_SOON);
    });
    const button = await screen.findByRole("button", { name: "Run again" });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    await waitFor(() => expect(screen.getByTestId("run-again")).toHaveTextContent("Running…"));
    expect(screen.getByTestId("run-again")).toBeDisabled();
    again.resolve(json(REACHABLE));

    await waitFor(() => expect(card("stellar-testnet").getByTestId("network-outcome")).toHaveTextContent("Fail"));
    expect(check("stellar-testnet", "network-passphrase").getByTestId("check-actual")).toHaveTextContent(
      "Public Global Stellar Network ; September 2015",
    );
    expect(check("stellar-testnet", "network-passphrase").getByTestId("check-note")).toHaveTextContent(
      "not that network",
    );
    expect(card("xrpl-testnet").getByTestId("network-outcome")).toHaveTextContent("Pass");
    expect(card("xrpl-testnet").getByTestId("reading-latest")).toHaveTextContent("#9,876,543");
    expect(screen.getByTestId("run-again")).toBeEnabled();

    await user.click(screen.getByTestId("run-again"));
    await waitFor(() => expect(screen.getByTestId("run-served-note")).toHaveAttribute("data-served", "last-run"));
    expect(screen.getByTestId("run-served-note")).toHaveTextContent("only 1.1 s old");
    expect(refreshes(api.requests)).toEqual([null, "true", "true"]);
  });

  it("an API error shows the shared error state with a Retry", async () => {
    let fail = true;
    const { user } = setup(() => (fail ? json({ code: "INTERNAL", message: "The API failed" }, 500) : json(OFFLINE)));
    expect(await screen.findByTestId("verification-error")).toHaveTextContent(
      "Could not load the network verification",
    );
    fail = false;
    await user.click(screen.getByTestId("verification-retry"));
    expect(await screen.findAllByTestId("network-card")).toHaveLength(4);
  });

  it("on a phone, by keyboard: Run again is reached with Tab and pressed with Enter; the addresses' summary takes focus", async () => {
    narrowScreen();
    const { user, ...api } = setup();
    await screen.findAllByTestId("network-card");
    const button = screen.getByTestId("run-again");
    await waitFor(() => expect(button).toBeEnabled());
    // The back link comes first, then the page's one button.
    await user.tab();
    await user.tab();
    expect(button).toHaveFocus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(refreshes(api.requests)).toEqual([null, "true"]));
    await waitFor(() => expect(button).toBeEnabled());

    const details = card("local").getByTestId("contracts");
    expect(details).not.toHaveAttribute("open");
    const summary = within(details).getByText(/The 20 addresses of the deploy map/);
    act(() => summary.focus());
    expect(summary).toHaveFocus();
    // Long values wrap instead of widening the page.
    const hash = check("local", "genesis-hash").getByTestId("check-actual");
    expect(getComputedStyle(hash).overflowWrap).toBe("anywhere");
    expect(getComputedStyle(hash).fontFamily).toContain("monospace");
    // The key's ripple (MUI's TouchRipple) ends 550 ms after the key is released: inside act, not after the test.
    await act(() => new Promise((r) => setTimeout(r, 600)));
  });
});
