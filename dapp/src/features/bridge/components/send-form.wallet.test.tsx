import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import {
  encodeAbiParameters,
  encodeEventTopics,
  encodeFunctionData,
  parseEther,
  toFunctionSelector,
  type Hex,
} from "viem";
import { mock } from "wagmi";
import { connect } from "wagmi/actions";
import { deployments } from "../../../lib/contracts";
import { testWagmiConfig } from "../../../testing/wagmi";
import { json, stubFetch, type FakeRoute } from "../../../testing/fake-api";
import { fakeNode } from "../../../testing/fake-node";
import { renderWithProviders } from "../../../testing/test-utils";
import { outbound, STELLAR_DEST, STELLAR_ISSUER, summary, XRPL_DEST } from "../testing/fixtures";
import { CrossChainDemoPage } from "./cross-chain-demo-page";

const ACCOUNT = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const map = deployments[31337];
const word = (n: bigint) => encodeAbiParameters([{ type: "uint256" }], [n]);
const BALANCE_OF = toFunctionSelector("balanceOf(address)");
const ALLOWANCE = toFunctionSelector("allowance(address,address)");

/** A node where the wallet holds 10 XQB, has approved nothing, and a lock's receipt carries Locked(nonce 5). */
function bridgeNode() {
  return fakeNode({
    onCall: (data) =>
      data.startsWith(BALANCE_OF) ? word(parseEther("10")) : data.startsWith(ALLOWANCE) ? word(0n) : "0x",
    logs: (tx) =>
      tx.to.toLowerCase() === map.BridgeEscrow.address.toLowerCase()
        ? [
            {
              address: map.BridgeEscrow.address,
              topics: encodeEventTopics({
                abi: map.BridgeEscrow.abi,
                eventName: "Locked",
                args: { nonce: 5n, sender: ACCOUNT, destinationChain: 2 },
              }) as Hex[],
              data: encodeAbiParameters(
                [{ type: "uint256" }, { type: "string" }, { type: "string" }],
                [parseEther("2.5"), XRPL_DEST, "invoice 42"],
              ),
            },
          ]
        : [],
  });
}

async function setup(routes: Record<string, FakeRoute> = {}) {
  const node = bridgeNode();
  const api = stubFetch({
    "GET /api/bridge/summary": () => json(summary()),
    "GET /api/bridge/transfers/5": () => json(outbound({ id: "5", state: "relaying" })),
    "POST http://127.0.0.1:8545/": node.route,
    ...routes,
  });
  const wagmiConfig = testWagmiConfig({
    connectors: [mock({ accounts: [ACCOUNT], features: { reconnect: true } })],
    discover: false,
  });
  await connect(wagmiConfig, { connector: wagmiConfig.connectors[0]! });
  const view = renderWithProviders(<CrossChainDemoPage />, { route: "/testnet-cross-chain-demo", wagmiConfig });
  return { node, ...api, ...view };
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const helper = (id: string) => document.getElementById(`${id}-helper-text`);

describe("the transfer form with a connected wallet", () => {
  it("checks each field as it is typed: checksum, decimals, balance, memo bytes", async () => {
    await setup();
    await screen.findByTestId("send-form");
    expect(screen.getByTestId("ledger-xrpl")).toBeChecked();
    await waitFor(() => expect(helper("bridge-amount")).toHaveTextContent("Balance 10.0000 XQB"));
    type("destination-input", XRPL_DEST.slice(0, -1) + (XRPL_DEST.endsWith("h") ? "j" : "h"));
    expect(helper("bridge-destination")).toHaveTextContent("The checksum does not match: a character is wrong");
    type("amount-input", "1.12345678");
    expect(helper("bridge-amount")).toHaveTextContent("At most 7 decimals");
    type("amount-input", "11");
    expect(helper("bridge-amount")).toHaveTextContent("More than your wallet holds (10 XQB)");
    type("memo-input", "é".repeat(15));
    expect(helper("bridge-memo")).toHaveTextContent("At most 28 bytes (this one is 30)");
    expect(screen.getByTestId("bridge-submit")).toBeDisabled();
    expect(screen.getByTestId("bridge-submit-reason")).toHaveTextContent(
      "The checksum does not match: a character is wrong",
    );
    fireEvent.click(screen.getByTestId("amount-input-max"));
    expect(screen.getByTestId("amount-input")).toHaveValue(10);
  });

  it("says the destination ledger's mode before anything is locked, and what simulated means for the lock", async () => {
    await setup();
    await screen.findByTestId("send-form");
    // XRPL is live in the summary: no warning.
    await waitFor(() => expect(screen.getByTestId("destination-mode")).toHaveAttribute("data-mode", "live"));
    expect(screen.queryByTestId("destination-mode-warning")).toBeNull();
    fireEvent.click(screen.getByTestId("ledger-stellar"));
    expect(screen.getByTestId("destination-mode")).toHaveAttribute("data-mode", "simulated");
    expect(screen.getByTestId("destination-mode-warning")).toHaveTextContent(
      "Stellar is simulated now (Stellar testnet unreachable): the relayer signs the payment offline but cannot deliver it",
    );
    expect(screen.getByTestId("destination-mode-warning")).toHaveTextContent("refunded to the sender after 10 minutes");
  });

  it("warns when the Stellar destination has no XQB trust line, and links to the page that adds it", async () => {
    await setup({
      [`GET /api/stellar/accounts/${STELLAR_DEST}`]: () =>
        json({
          publicKey: STELLAR_DEST,
          exists: true,
          sequence: "100",
          balances: [
            { assetType: "native", assetCode: null, assetIssuer: null, balance: "10000.0000000", limit: null },
          ],
          subentryCount: 0,
          numSponsoring: 0,
          numSponsored: 0,
          baseReserveXlm: "0.5",
          minimumBalanceXlm: "1",
          observed: "horizon",
          explorerUrl: null,
          source: "live",
          reason: null,
        }),
    });
    fireEvent.click(await screen.findByTestId("ledger-stellar"));
    type("destination-input", STELLAR_DEST);
    const warning = await screen.findByTestId("trust-line-missing");
    expect(warning).toHaveTextContent(`This account has no XQB trust line to the issuer ${STELLAR_ISSUER}`);
    expect(within(warning).getByTestId("trust-line-link")).toHaveAttribute("href", "/stellar-key-input");
  });

  it("approves then locks in the wallet, reads the lock id from the Locked event and follows the transfer", async () => {
    const { node, user } = await setup();
    await screen.findByTestId("send-form");
    await waitFor(() => expect(helper("bridge-amount")).toHaveTextContent("Balance 10.0000 XQB"));
    type("destination-input", XRPL_DEST);
    type("amount-input", "2.5");
    type("memo-input", "invoice 42");
    await user.click(screen.getByTestId("bridge-submit"));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByTestId("preview-destination")).toHaveTextContent(XRPL_DEST);
    expect(node.sent).toHaveLength(0);
    await user.click(within(dialog).getByTestId("tx-confirm"));
    await waitFor(() => expect(dialog).toHaveAttribute("data-phase", "confirmed"));
    expect(node.sent.map((t) => t.to.toLowerCase())).toEqual([
      map.XQBToken.address.toLowerCase(),
      map.BridgeEscrow.address.toLowerCase(),
    ]);
    expect(node.sent[0]!.data).toBe(
      encodeFunctionData({
        abi: map.XQBToken.abi,
        functionName: "approve",
        args: [map.BridgeEscrow.address, parseEther("2.5")],
      }),
    );
    expect(node.sent[1]!.data).toBe(
      encodeFunctionData({
        abi: map.BridgeEscrow.abi,
        functionName: "lock",
        args: [parseEther("2.5"), 2, XRPL_DEST, "invoice 42"],
      }),
    );
    // The page follows lock #5 from the API
    const stepper = await screen.findByTestId("transfer-stepper");
    expect(stepper).toHaveAttribute("data-state", "relaying");
    expect(screen.getByTestId("followed-transfer")).toHaveTextContent("Following transfer 5");
    // ready for the next one: same ledger and address, amount and memo cleared
    expect(screen.getByTestId("amount-input")).toHaveValue(null);
    expect(screen.getByTestId("memo-input")).toHaveValue("");
    expect(screen.getByTestId("destination-input")).toHaveValue(XRPL_DEST);
  });
});
