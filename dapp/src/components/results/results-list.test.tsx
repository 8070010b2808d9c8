// The shared results list on records the API really produced (fixtures/api-records.json).
import { screen, waitFor, within } from "@testing-library/react";
import { json, stubFetch } from "../../testing/fake-api";
import { renderWithProviders } from "../../testing/test-utils";
import fixture from "./fixtures/api-records.json";
import { ResultsList } from "./results-list";
import type { ResultView } from "./result-view";

type FixtureRecord = (typeof fixture.records)[keyof typeof fixture.records];

function view(r: FixtureRecord, overrides: Partial<ResultView> = {}): ResultView {
  return {
    id: r.id,
    title: r.amount,
    ledger: r.ledger as ResultView["ledger"],
    network: r.network,
    source: r.source as ResultView["source"],
    reason: r.reason,
    transactionHash: r.transactionHash,
    explorerUrl: r.explorerUrl,
    ledgerIndex: r.ledgerIndex,
    signer: r.signer,
    signedTransaction: r.signedTransaction,
    attestation: r.quantumAttestation,
    assumptions: r.assumptions,
    createdAt: r.timestamp,
    details: [{ label: "Signer", value: r.signer, copy: true }],
    ...overrides,
  };
}

const { ethLive, ethSimulated, stellar, xrp } = fixture.records;

function renderList(results: ResultView[], props: Partial<Parameters<typeof ResultsList>[0]> = {}) {
  return renderWithProviders(<ResultsList results={results} loading={false} emptyText="Nothing yet." {...props} />);
}

// The rows are a lazy part (results-list.tsx): they appear after the first paint.
const items = () => screen.findAllByTestId("result");

describe("ResultsList", () => {
  it("a live result reads as confirmed, with its explorer link when it has one", async () => {
    renderList([
      view(ethLive),
      view(xrp, {
        source: "live",
        reason: null,
        ledgerIndex: 123,
        explorerUrl: "https://testnet.xrpl.org/transactions/X",
      }),
    ]);
    const [eth, x] = await items();
    expect(within(eth!).getByTestId("live-outcome")).toHaveTextContent(`Confirmed in block ${ethLive.ledgerIndex}`);
    expect(within(eth!).queryByTestId("explorer-link")).toBeNull(); // the local node has no explorer
    expect(within(x!).getByTestId("live-outcome")).toHaveTextContent("Confirmed in ledger 123");
    expect(within(x!).getByTestId("explorer-link")).toHaveAttribute("href", "https://testnet.xrpl.org/transactions/X");
    expect(within(eth!).queryByTestId("simulated-outcome")).toBeNull();
  });

  it("a live result not yet seen confirmed says so rather than claiming it", async () => {
    renderList([view(ethLive, { ledgerIndex: null })]);
    expect(await screen.findByTestId("live-outcome")).toHaveTextContent("Submitted; confirmation not yet seen");
  });

  it("a simulated result says what it is, why and what it assumed; no success words, no explorer link", async () => {
    // even if a record carried an explorer URL, a simulated result never links to one
    const { user } = renderList([view(ethSimulated, { explorerUrl: "https://sepolia.etherscan.io/tx/x" })]);
    const item = (await items())[0]!;
    await user.click(within(item).getByText(`What it took for granted (${ethSimulated.assumptions.length})`));
    expect(item).toHaveAttribute("data-source", "simulated");
    expect(within(item).getByTestId("simulated-outcome")).toHaveTextContent(
      "Simulated — signed offline, never submitted",
    );
    expect(within(item).getByTestId("simulated-reason")).toHaveTextContent(`Why: ${ethSimulated.reason}`);
    const assumptions = within(within(item).getByTestId("simulated-assumptions")).getAllByRole("listitem");
    expect(assumptions.map((li) => li.textContent)).toEqual(ethSimulated.assumptions);
    expect(within(item).queryByTestId("explorer-link")).toBeNull();
    expect(within(item).queryByTestId("live-outcome")).toBeNull();
    expect(item).not.toHaveTextContent(/success|confirmed/i);
  });

  it("copies the whole hash and the whole address", async () => {
    const { user } = renderList([view(stellar)]);
    const item = (await items())[0]!;
    expect(within(item).getByTestId("result-hash")).toHaveAttribute("title", stellar.transactionHash);
    await user.click(within(item).getByRole("button", { name: "Copy transaction hash" }));
    expect(await navigator.clipboard.readText()).toBe(stellar.transactionHash);
    await user.click(within(item).getByRole("button", { name: "Copy signer" }));
    expect(await navigator.clipboard.readText()).toBe(stellar.signer);
  });

  it("shows loading, empty and error states, and Load more when the feature has an older page", async () => {
    const { rerender, user } = renderList([], { loading: true, loadingText: "Loading mint history…" });
    expect(screen.getByTestId("results-loading")).toHaveTextContent("Loading mint history…");
    expect(screen.queryByTestId("results-empty")).toBeNull();
    rerender(<ResultsList results={[]} loading={false} emptyText="Nothing yet." />);
    expect(screen.getByTestId("results-empty")).toHaveTextContent("Nothing yet.");
    rerender(<ResultsList results={[]} loading={false} error="Could not load: 502" emptyText="Nothing yet." />);
    expect(screen.getByTestId("results-error")).toHaveTextContent("Could not load: 502");
    expect(screen.queryByTestId("results-empty")).toBeNull();

    const onLoadMore = vi.fn();
    rerender(<ResultsList results={[view(xrp)]} loading={false} emptyText="" hasMore onLoadMore={onLoadMore} />);
    await user.click(await screen.findByTestId("results-load-more"));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    rerender(
      <ResultsList results={[view(xrp)]} loading={false} emptyText="" hasMore={false} onLoadMore={onLoadMore} />,
    );
    expect(screen.queryByTestId("results-load-more")).toBeNull();
  });
});

describe("Check it yourself", () => {
  const keyRoute = { "GET /api/unified/attestation-key": () => json(fixture.attestationKey) };

  async function openCheck(result: ResultView) {
    const rendered = renderList([result]);
    await rendered.user.click(await screen.findByTestId("check-button"));
    return { ...rendered, dialog: await screen.findByRole("dialog", { name: "Check it yourself" }) };
  }

  it("decodes the live EVM mint in the browser and verifies its ML-DSA attestation", async () => {
    const api = stubFetch(keyRoute);
    const { dialog, user } = await openCheck(view(ethLive));
    expect(await within(dialog).findByTestId("tx-hash-check")).toHaveAttribute("data-ok", "true");
    expect(within(dialog).getByTestId("tx-hash-check")).toHaveTextContent("equals the shown hash");
    expect(within(dialog).getByTestId("tx-signer-check")).toHaveAttribute("data-ok", "true");
    expect(dialog).toHaveTextContent("Value0.01 ETH");
    expect(dialog).toHaveTextContent("Chain id31337");
    expect(within(dialog).getByTestId("attestation-message")).toHaveTextContent(ethLive.quantumAttestation.message);
    expect(within(dialog).getByTestId("attestation-names-hash")).toHaveAttribute("data-ok", "true");
    expect(api.requests).toHaveLength(0); // nothing fetched until Verify

    await user.click(within(dialog).getByTestId("verify-attestation"));
    const verdict = await within(dialog).findByTestId("attestation-verdict", {}, { timeout: 10_000 });
    expect(verdict).toHaveTextContent("Signature valid");
    expect(verdict).toHaveAttribute("data-valid", "true");
    expect(within(dialog).getByTestId("attestation-key-check")).toHaveAttribute("data-ok", "true");
    expect(api.requests.map((r) => r.url.pathname)).toEqual(["/api/unified/attestation-key"]);
  });

  it("a tampered attestation is invalid and a tampered transaction does not hash to the shown hash", async () => {
    stubFetch(keyRoute);
    const att = ethSimulated.quantumAttestation;
    const tampered = view(ethSimulated, {
      attestation: { ...att, message: att.message.replace("|hardhat|", "|sepolia|") },
      // the contract address changed after signing
      signedTransaction: ethSimulated.signedTransaction.replace(/a513e6e4/i, "a513e6e5"),
    });
    const { dialog, user } = await openCheck(tampered);
    expect(await within(dialog).findByTestId("tx-hash-check")).toHaveAttribute("data-ok", "false");
    expect(within(dialog).getByTestId("tx-hash-check")).toHaveTextContent("differs from the shown hash");
    await user.click(within(dialog).getByTestId("verify-attestation"));
    const verdict = await within(dialog).findByTestId("attestation-verdict", {}, { timeout: 10_000 });
    expect(verdict).toHaveTextContent("Signature invalid");
    expect(verdict).toHaveAttribute("data-valid", "false");
  });

  it("says the key differs when the API's (ephemeral) key is not the one that signed", async () => {
    stubFetch({
      "GET /api/unified/attestation-key": () =>
        json({
          ...fixture.attestationKey,
          publicKey: fixture.attestationKey.publicKey.replace(/^./, (c) => (c === "A" ? "B" : "A")),
          ephemeral: true,
        }),
    });
    const { dialog, user } = await openCheck(view(xrp));
    await user.click(within(dialog).getByTestId("verify-attestation"));
    expect(await within(dialog).findByTestId("attestation-verdict", {}, { timeout: 10_000 })).toHaveTextContent(
      "Signature invalid: the API's key is not the one that signed this record",
    );
    expect(within(dialog).getByTestId("attestation-key-check")).toHaveAttribute("data-ok", "false");
  });

  it("recomputes the Stellar and XRPL hashes and points to the tools that decode the rest", async () => {
    const first = await openCheck(view(stellar));
    expect(await within(first.dialog).findByTestId("tx-hash-check")).toHaveAttribute("data-ok", "true");
    expect(within(first.dialog).getByTestId("tx-signer-check")).toHaveAttribute("data-ok", "true");
    expect(within(first.dialog).getByRole("link", { name: /Stellar Lab's XDR viewer/ })).toHaveAttribute(
      "href",
      "https://lab.stellar.org/xdr/view",
    );
    expect(within(first.dialog).getByTestId("signed-transaction-raw")).toHaveTextContent(stellar.signedTransaction);
    first.unmount();

    const second = await openCheck(view(xrp));
    expect(await within(second.dialog).findByTestId("tx-hash-check")).toHaveAttribute("data-ok", "true");
    expect(second.dialog).toHaveTextContent("decode(blob)");
  });

  it("closes", async () => {
    const { dialog, user } = await openCheck(view(stellar));
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});
