import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { encodeAbiParameters, encodeFunctionData, parseEther, toFunctionSelector, type Hex } from "viem";
import { mock } from "wagmi";
import { connect } from "wagmi/actions";
import { deployments } from "../../../lib/contracts";
import { createWagmiConfig } from "../../../lib/wagmi";
import { deferred, json, stubFetch, type FakeRequest } from "../../../testing/fake-api";
import { ethRecord, mintingRates, unifiedStatus } from "../../../testing/fixtures";
import { renderWithProviders } from "../../../testing/test-utils";
import type { EthMintRecord } from "../../../types/api";
import { MintingPage } from "./minting-page";

const ACCOUNT = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const TX_HASH: Hex = `0x${"ab".repeat(32)}`;
const BALANCE_OF = toFunctionSelector("balanceOf(address)");
const QUOTE = toFunctionSelector("quote(uint256)");
const word = (n: bigint) => encodeAbiParameters([{ type: "uint256" }], [n]);

/** Just enough of a Hardhat node's JSON-RPC for a wallet mint: balances grow once the mint is sent. */
function fakeNode() {
  let minted = false;
  const sent: unknown[] = [];
  const handle = (method: string, params: unknown[]): unknown => {
    switch (method) {
      case "eth_chainId":
        return "0x7a69";
      case "eth_blockNumber":
        return "0x10";
      case "eth_call": {
        const data = (params[0] as { data: Hex }).data;
        if (data.startsWith(QUOTE)) return encodeAbiParameters([{ type: "uint256" }, { type: "uint256" }], [parseEther("3000"), parseEther("2000")]);
        if (data.startsWith(BALANCE_OF)) return word(minted ? parseEther("1500") : 0n);
        return "0x";
      }
      case "eth_sendTransaction":
        sent.push(params[0]);
        minted = true;
        return TX_HASH;
      case "eth_getTransactionReceipt":
        return {
          blockHash: `0x${"11".repeat(32)}`,
          blockNumber: "0x10",
          contractAddress: null,
          cumulativeGasUsed: "0x5208",
          effectiveGasPrice: "0x1",
          from: ACCOUNT.toLowerCase(),
          gasUsed: "0x5208",
          logs: [],
          logsBloom: `0x${"00".repeat(256)}`,
          status: "0x1",
          to: "0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0",
          transactionHash: TX_HASH,
          transactionIndex: "0x0",
          type: "0x2",
        };
      default:
        throw new Error(`fake node: ${method} not handled`);
    }
  };
  const route = (req: FakeRequest) => {
    const { id, method, params } = req.body as { id: number; method: string; params: unknown[] };
    try {
      return json({ jsonrpc: "2.0", id, result: handle(method, params ?? []) });
    } catch (error) {
      return json({ jsonrpc: "2.0", id, error: { code: -32601, message: (error as Error).message } });
    }
  };
  return { route, sent };
}

describe("ETH tab with a connected wallet", () => {
  it("signs in the browser, waits for the receipt, records it and refreshes the balances", async () => {
    const node = fakeNode();
    const recorded = ethRecord({ transactionHash: TX_HASH, signedBy: "wallet", recipient: ACCOUNT });
    const history: EthMintRecord[] = [];
    const reply = deferred<void>();
    const { requests } = stubFetch({
      "GET /api/unified/status": () => json(unifiedStatus()),
      "GET /api/minting/rates": () => json(mintingRates),
      "GET /api/minting/history": () => json({ mints: history.map((m) => ({ ...m, onCurrentChain: true })), nextCursor: null }),
      "POST /api/xqbme/wallet-mint": async () => {
        await reply.promise;
        history.unshift(recorded);
        return json(recorded, 201);
      },
      "POST http://127.0.0.1:8545/": node.route,
    });
    const wagmiConfig = createWagmiConfig({ connectors: [mock({ accounts: [ACCOUNT], features: { reconnect: true } })], discover: false });
    await connect(wagmiConfig, { connector: wagmiConfig.connectors[0]! });
    const { user } = renderWithProviders(<MintingPage />, { route: "/multi-blockchain-minting", wagmiConfig });

    const signer = screen.getByTestId("eth-signer");
    expect(signer).toHaveAttribute("data-signer", "wallet");
    expect(signer).toHaveTextContent("your wallet 0x7099…79C8");
    await waitFor(() => expect(screen.getByTestId("xqb-balance")).toHaveTextContent("0.0000 XQB"));
    expect(screen.getByTestId("xqbusd-balance")).toHaveTextContent("0.0000 XQBUSD");

    fireEvent.change(screen.getByTestId("eth-amount-input"), { target: { value: "0.5" } });
    expect(await screen.findByTestId("eth-quote")).toHaveTextContent("Contract quote: 3000.0000 XQB + 2000.0000 XQBUSD");
    await user.click(screen.getByTestId("mint-eth-button"));

    expect(await screen.findByTestId("eth-mint-progress")).toHaveTextContent("Recording…");
    expect(node.sent[0]).toMatchObject({
      from: ACCOUNT,
      to: deployments[31337].XQBMinter.address,
      value: "0x6f05b59d3b20000", // 0.5 ETH
      data: encodeFunctionData({ abi: deployments[31337].XQBMinter.abi, functionName: "mint", args: [ACCOUNT] }),
    });
    expect(requests.find((r) => r.url.pathname === "/api/xqbme/wallet-mint")?.body).toEqual({
      transactionHash: TX_HASH,
      network: "hardhat",
      quantumSecurity: true,
    });
    expect(screen.getByTestId("mint-eth-button")).toBeDisabled();

    reply.resolve();
    const toast = await screen.findByTestId("toast");
    expect(within(toast).getByTestId("toast-title")).toHaveTextContent("Hardhat Local Minting Successful!");
    await waitFor(() => expect(screen.getByTestId("xqb-balance")).toHaveTextContent("1500.0000 XQB"));
    expect(screen.queryByTestId("eth-mint-progress")).not.toBeInTheDocument();
    expect(await screen.findByTestId("mint-result")).toHaveTextContent("signed by wallet");
  });
});
