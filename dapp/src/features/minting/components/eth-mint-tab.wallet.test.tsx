import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import {
  encodeAbiParameters,
  encodeErrorResult,
  encodeFunctionData,
  parseEther,
  toFunctionSelector,
  type Hex,
} from "viem";
import { mock } from "wagmi";
import { connect } from "wagmi/actions";
import { sepolia } from "wagmi/chains";
import { deployments } from "../../../lib/contracts";
import { testWagmiConfig } from "../../../testing/wagmi";
import { deferred, json, stubFetch } from "../../../testing/fake-api";
import { fakeNode, userRejected } from "../../../testing/fake-node";
import { ethRecord, mintingRates, unifiedStatus } from "../../../testing/fixtures";
import { renderWithProviders } from "../../../testing/test-utils";
import type { EthMintRecord } from "../api/contract";
import { MintingPage } from "./minting-page";
import { mintingContract } from "../api/contract";

const ACCOUNT = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const TX_HASH: Hex = `0x${"ab".repeat(32)}`;
const BALANCE_OF = toFunctionSelector("balanceOf(address)");
const QUOTE = toFunctionSelector("quote(uint256)");
const word = (n: bigint) => encodeAbiParameters([{ type: "uint256" }], [n]);
const minter = deployments[31337].XQBMinter;

/** A node whose XQB balances grow once a mint is sent. */
function mintingNode(options: Parameters<typeof fakeNode>[0] = {}) {
  let minted = false;
  const node = fakeNode({
    onCall: (data) => {
      if (data.startsWith(QUOTE))
        return encodeAbiParameters(
          [{ type: "uint256" }, { type: "uint256" }],
          [parseEther("3000"), parseEther("2000")],
        );
      if (data.startsWith(BALANCE_OF)) return word(minted ? parseEther("1500") : 0n);
      return "0x";
    },
    onSend: (tx, n) => {
      const answer = options.onSend?.(tx, n) ?? TX_HASH;
      if (typeof answer === "string") minted = true;
      return answer;
    },
    ...(options.onEstimate ? { onEstimate: options.onEstimate } : {}),
  });
  return node;
}

async function setup(
  node: ReturnType<typeof fakeNode>,
  record: (history: EthMintRecord[]) => Promise<Response>,
  connectOn?: 31337 | 11155111,
) {
  const history: EthMintRecord[] = [];
  const api = stubFetch({
    "GET /api/unified/status": () => json(unifiedStatus()),
    "GET /api/minting/rates": () => json(mintingRates),
    "GET /api/minting/history": () =>
      json({ mints: history.map((m) => ({ ...m, onCurrentChain: true })), nextCursor: null }),
    "POST /api/xqbme/wallet-mint": () => record(history),
    "POST http://127.0.0.1:8545/": node.route,
  });
  const wagmiConfig = testWagmiConfig({
    connectors: [mock({ accounts: [ACCOUNT], features: { reconnect: true } })],
    discover: false,
  });
  await connect(wagmiConfig, { connector: wagmiConfig.connectors[0]!, chainId: connectOn });
  const view = renderWithProviders(<MintingPage />, { route: "/multi-blockchain-minting", wagmiConfig });
  return { ...api, ...view };
}

describe("ETH tab with a connected wallet: the shared transaction flow", () => {
  it("previews (XQB out from the rates, balance after, gas), signs in the browser, records the receipt and refreshes the balances", async () => {
    const node = mintingNode();
    const recorded = ethRecord({ transactionHash: TX_HASH, signedBy: "wallet", recipient: ACCOUNT });
    const reply = deferred<void>();
    const { requests, user } = await setup(node, async (history) => {
      await reply.promise;
      history.unshift(recorded);
      return json(recorded, 201);
    });

    const signer = await screen.findByTestId("eth-signer");
    expect(signer).toHaveAttribute("data-signer", "wallet");
    expect(signer).toHaveTextContent("your wallet 0x7099…79C8");
    await waitFor(() => expect(screen.getByTestId("xqb-balance")).toHaveTextContent("0.0000 XQB"));
    // The wallet's ETH gives a Max button that keeps gas back.
    await waitFor(() =>
      expect(screen.getByTestId("eth-amount-input-helper")).toHaveTextContent(
        "balance 10000.0000 ETH (Max keeps 0.001 ETH for gas)",
      ),
    );

    fireEvent.change(await screen.findByTestId("eth-amount-input"), { target: { value: "0.5" } });
    expect(await screen.findByTestId("eth-quote")).toHaveTextContent(
      "Contract quote: 3000.0000 XQB + 2000.0000 XQBUSD",
    );
    await user.click(screen.getByTestId("mint-eth-button"));

    let dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByTestId("preview-send")).toHaveTextContent("0.5 ETH");
    expect(within(dialog).getByTestId("preview-receive")).toHaveTextContent("1,500 XQB + up to 1,000 XQBUSD");
    expect(within(dialog).getByTestId("preview-xqb-after")).toHaveTextContent("1,500 XQB");
    await waitFor(() =>
      expect(within(dialog).getByTestId("preview-gas")).toHaveTextContent("63,000 gas ≈ 0.000063 ETH"),
    );
    expect(node.sent).toHaveLength(0); // nothing is sent before the confirm click
    await user.click(within(dialog).getByTestId("tx-confirm"));

    await waitFor(() => expect(within(dialog).getByTestId("tx-after")).toHaveAttribute("data-status", "running"));
    expect(within(dialog).getByTestId("tx-flow-status")).toHaveTextContent("Recording…");
    expect(within(dialog).getByTestId("tx-hash")).toHaveAttribute("title", TX_HASH);
    expect(node.sent[0]).toMatchObject({
      from: ACCOUNT,
      to: minter.address,
      value: "0x6f05b59d3b20000", // 0.5 ETH
      data: encodeFunctionData({ abi: minter.abi, functionName: "mint", args: [ACCOUNT] }),
    });
    expect(requests.find((r) => r.url.pathname === mintingContract.recordWalletMint.path)?.body).toEqual({
      transactionHash: TX_HASH,
      network: "hardhat",
      quantumSecurity: true,
    });
    expect(screen.getByTestId("mint-eth-button")).toBeDisabled();
    // Closing the dialog mid-flow does not stop it; the tab offers to show it again.
    await user.click(within(dialog).getByTestId("tx-close"));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await user.click(screen.getByTestId("tx-reopen"));
    dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByTestId("tx-after")).toHaveAttribute("data-status", "running");

    reply.resolve();
    await waitFor(() => expect(dialog).toHaveAttribute("data-phase", "confirmed"));
    expect(within(dialog).getByTestId("tx-confirmed")).toHaveTextContent("Confirmed in block 16");
    expect(await screen.findByText("Hardhat Local Minting Successful!")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("xqb-balance")).toHaveTextContent("1500.0000 XQB"));
    expect(await screen.findByTestId("mint-result")).toHaveTextContent("signed by wallet");
    expect(screen.getByTestId("eth-amount-input")).toHaveValue(null);
  });

  it("a wallet on another chain is asked to switch with a button, never silently", async () => {
    const node = mintingNode();
    const { user, wagmiConfig } = await setup(node, async () => json({}, 500), sepolia.id);
    fireEvent.change(await screen.findByTestId("eth-amount-input"), { target: { value: "0.5" } });
    await user.click(screen.getByTestId("mint-eth-button"));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByTestId("tx-switch-chain")).toHaveTextContent("this runs on Hardhat (31337)");
    expect(within(dialog).getByTestId("tx-confirm")).toBeDisabled();
    expect(wagmiConfig.state.chainId).toBe(sepolia.id);
    await user.click(within(dialog).getByTestId("tx-switch-chain-button"));
    await waitFor(() => expect(within(dialog).getByTestId("tx-confirm")).toBeEnabled());
    expect(node.sent).toHaveLength(0);
  });

  it("a rejected signature reads as rejected; a revert reads in words; nothing is recorded", async () => {
    const below = encodeErrorResult({
      abi: minter.abi,
      errorName: "BelowMinimumDeposit",
      args: [parseEther("0.0001") - 1n, parseEther("0.0001")],
    });
    const node = mintingNode({
      onSend: (_tx, n) => (n === 1 ? userRejected : { code: 3, message: "execution reverted", data: below }),
    });
    const { requests, user } = await setup(node, async () => json({}, 500));
    fireEvent.change(await screen.findByTestId("eth-amount-input"), { target: { value: "0.5" } });
    await user.click(screen.getByTestId("mint-eth-button"));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByTestId("tx-confirm"));
    const rejected = await within(dialog).findByTestId("tx-error");
    expect(rejected).toHaveAttribute("data-kind", "rejected");
    expect(rejected).toHaveTextContent("You rejected the request in your wallet; nothing was sent.");

    await user.click(within(dialog).getByTestId("tx-retry"));
    await waitFor(() => expect(within(dialog).getByTestId("tx-error")).toHaveAttribute("data-kind", "revert"));
    expect(within(dialog).getByTestId("tx-error")).toHaveTextContent("Minimum for an XQB mint is 0.0001 ETH");
    expect(requests.filter((r) => r.url.pathname === mintingContract.recordWalletMint.path)).toHaveLength(0);
  });
});
