import { screen, waitFor, within } from "@testing-library/react";
import { encodeErrorResult, encodeFunctionData, parseEther, type TransactionReceipt } from "viem";
import { mock } from "wagmi";
import { connect } from "wagmi/actions";
import { sepolia } from "wagmi/chains";
import { writeContract } from "wagmi/actions";
import { deployments } from "../../lib/contracts";
import { testWagmiConfig } from "../../testing/wagmi";
import { json, stubFetch } from "../../testing/fake-api";
import { fakeNode, userRejected, type RpcError } from "../../testing/fake-node";
import { renderWithProviders } from "../../testing/test-utils";
import { TransactionFlowDialog, useTransactionFlow, type TxFlowRequest, type TxStep } from ".";

const ACCOUNT = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const local = deployments[31337];

const depositStep: TxStep = {
  id: "deposit",
  label: "Stake 0.0005 ETH in qETH",
  send: ({ config, account, chainId }) =>
    writeContract(config, {
      address: local.qETH.address,
      abi: local.qETH.abi,
      functionName: "depositEth",
      args: [account],
      value: parseEther("0.0005"),
      chainId,
    }),
};
const delegateStep: TxStep = {
  id: "delegate",
  label: "Allow the router",
  send: ({ config, chainId }) =>
    writeContract(config, {
      address: local.LendingPool.address,
      abi: local.LendingPool.abi,
      functionName: "setDelegate",
      args: [local.LeverageRouter.address, true],
      chainId,
    }),
};

function Harness({ request }: { request: TxFlowRequest<unknown> }) {
  const flow = useTransactionFlow();
  return (
    <>
      <button onClick={() => flow.start(request)}>Start</button>
      <TransactionFlowDialog flow={flow} />
    </>
  );
}

async function setup(
  request: Partial<TxFlowRequest<unknown>>,
  node: ReturnType<typeof fakeNode>,
  connectOn?: 31337 | 11155111,
) {
  stubFetch({
    "POST http://127.0.0.1:8545/": node.route,
    "POST https://11155111.rpc.thirdweb.com/": () => json({ jsonrpc: "2.0", id: 1, result: "0xaa36a7" }),
  });
  const wagmiConfig = testWagmiConfig({
    connectors: [mock({ accounts: [ACCOUNT], features: { reconnect: true } })],
    discover: false,
  });
  await connect(wagmiConfig, { connector: wagmiConfig.connectors[0]!, chainId: connectOn });
  const full: TxFlowRequest<unknown> = {
    title: "Stake ETH",
    chainId: 31337,
    contract: "qETH",
    steps: [depositStep],
    preview: [
      { label: "You stake", value: "0.0005 ETH", testId: "preview-amount" },
      { label: "Gas estimate", value: "96,000 gas", testId: "preview-gas" },
    ],
    ...request,
  };
  const view = renderWithProviders(<Harness request={full} />, { wagmiConfig });
  await view.user.click(screen.getByRole("button", { name: "Start" }));
  return { ...view, dialog: await screen.findByRole("dialog") };
}

const revert = (data: `0x${string}`): RpcError => ({ code: 3, message: "execution reverted", data });

describe("TransactionFlowDialog (wagmi mock connector)", () => {
  it("previews, confirms in the wallet, shows the pending hash and the block, then runs afterConfirmed with the receipt", async () => {
    const node = fakeNode();
    const recorded: TransactionReceipt[] = [];
    const { user, dialog } = await setup(
      { afterConfirmed: async (r) => void recorded.push(r), afterConfirmedLabel: "Recording…" },
      node,
    );

    expect(within(dialog).getByRole("heading", { name: "Stake ETH" })).toBeInTheDocument();
    expect(within(dialog).getByTestId("preview-amount")).toHaveTextContent("0.0005 ETH");
    expect(within(dialog).getByTestId("preview-gas")).toHaveTextContent("96,000 gas");
    expect(within(dialog).queryByTestId("tx-switch-chain")).toBeNull();
    await user.click(within(dialog).getByTestId("tx-confirm"));

    await waitFor(() => expect(dialog).toHaveAttribute("data-phase", "confirmed"));
    const step = within(dialog).getByTestId("tx-step");
    expect(step).toHaveAttribute("data-status", "confirmed");
    expect(within(step).getByTestId("tx-step-status")).toHaveTextContent("Confirmed in block 16");
    expect(within(step).getByTestId("tx-hash")).toHaveAttribute("title", `0x${"1".padStart(64, "0")}`);
    expect(within(step).getByRole("button", { name: "Copy transaction hash" })).toBeInTheDocument();
    // The local chain has no explorer, so no link is invented.
    expect(within(dialog).queryByTestId("explorer-link")).toBeNull();
    expect(within(dialog).getByTestId("tx-confirmed")).toHaveTextContent(
      "Confirmed in block 16. This chain has no public explorer.",
    );
    expect(within(dialog).getByTestId("tx-after")).toHaveAttribute("data-status", "done");
    expect(recorded.map((r) => r.transactionHash)).toEqual([`0x${"1".padStart(64, "0")}`]);
    expect(node.sent[0]).toMatchObject({
      from: ACCOUNT,
      to: local.qETH.address,
      data: encodeFunctionData({ abi: local.qETH.abi, functionName: "depositEth", args: [ACCOUNT] }),
    });
  });

  it("a rejected signature reads as rejected, and Retry asks the wallet again", async () => {
    const node = fakeNode({ onSend: (_tx, n) => (n === 1 ? userRejected : `0x${"cd".repeat(32)}`) });
    const { user, dialog } = await setup({}, node);
    await user.click(within(dialog).getByTestId("tx-confirm"));

    const error = await within(dialog).findByTestId("tx-error");
    expect(error).toHaveAttribute("data-kind", "rejected");
    expect(error).toHaveTextContent("Rejected in your wallet");
    expect(error).toHaveTextContent("You rejected the request in your wallet; nothing was sent.");
    expect(within(dialog).getByTestId("tx-step")).toHaveAttribute("data-status", "failed");

    await user.click(within(dialog).getByTestId("tx-retry"));
    await waitFor(() => expect(dialog).toHaveAttribute("data-phase", "confirmed"));
    expect(node.sent).toHaveLength(2);
  });

  it("decodes a revert into words ('Minimum for qETH is 0.001 ETH'), not a hex blob", async () => {
    const data = encodeErrorResult({
      abi: local.qETH.abi,
      errorName: "BelowMinimumDeposit",
      args: [parseEther("0.0005"), parseEther("0.001")],
    });
    const node = fakeNode({ onSend: () => revert(data) });
    const { user, dialog } = await setup({}, node);
    await user.click(within(dialog).getByTestId("tx-confirm"));
    const error = await within(dialog).findByTestId("tx-error");
    expect(error).toHaveAttribute("data-kind", "revert");
    expect(error).toHaveTextContent("Minimum for qETH is 0.001 ETH");
    expect(error.textContent).not.toMatch(/0x[0-9a-f]{8}/i);
  });

  it("asks to switch the chain with a button, never silently, and only then lets the user confirm", async () => {
    const node = fakeNode();
    const { user, dialog, wagmiConfig } = await setup({}, node, sepolia.id);
    const notice = within(dialog).getByTestId("tx-switch-chain");
    expect(notice).toHaveTextContent("Your wallet is on Sepolia (11155111); this runs on Hardhat (31337).");
    expect(within(dialog).getByTestId("tx-confirm")).toBeDisabled();
    expect(wagmiConfig.state.chainId).toBe(sepolia.id);

    await user.click(within(dialog).getByTestId("tx-switch-chain-button"));
    await waitFor(() => expect(within(dialog).queryByTestId("tx-switch-chain")).toBeNull());
    expect(within(dialog).getByTestId("tx-confirm")).toBeEnabled();
    expect(node.sent).toHaveLength(0);
  });

  it("shows each step of a multi-step flow, and Retry resumes at the failed step without re-sending the mined one", async () => {
    const router = encodeErrorResult({
      abi: local.LeverageRouter.abi,
      errorName: "RouterNotDelegate",
      args: [ACCOUNT],
    });
    const node = fakeNode({ onSend: (_tx, n) => (n === 2 ? revert(router) : `0x${n.toString(16).padStart(64, "0")}`) });
    const { user, dialog } = await setup({ steps: [delegateStep, depositStep], contract: "LeverageRouter" }, node);
    // The steps are listed before the first click.
    expect(
      within(dialog)
        .getAllByTestId("tx-step")
        .map((s) => s.textContent),
    ).toEqual([expect.stringContaining("1. Allow the router"), expect.stringContaining("2. Stake 0.0005 ETH in qETH")]);
    await user.click(within(dialog).getByTestId("tx-confirm"));

    const error = await within(dialog).findByTestId("tx-error");
    expect(error).toHaveTextContent("Allow the router to act for you first");
    const [first, second] = within(dialog).getAllByTestId("tx-step");
    expect(first).toHaveAttribute("data-status", "confirmed");
    expect(second).toHaveAttribute("data-status", "failed");
    expect(second).toHaveAttribute("aria-current", "step");

    await user.click(within(dialog).getByTestId("tx-retry"));
    await waitFor(() => expect(dialog).toHaveAttribute("data-phase", "confirmed"));
    expect(node.sent.map((t) => t.to.toLowerCase())).toEqual(
      [local.LendingPool.address, local.qETH.address, local.qETH.address].map((a) => a.toLowerCase()),
    );
  });

  it("when afterConfirmed fails, Retry repeats only that part: the mined transaction is not sent again", async () => {
    const node = fakeNode();
    let calls = 0;
    const afterConfirmed = async () => {
      calls++;
      if (calls === 1) throw new TypeError("Failed to fetch");
      return "recorded";
    };
    const { user, dialog } = await setup({ afterConfirmed, afterConfirmedLabel: "Recording…" }, node);
    await user.click(within(dialog).getByTestId("tx-confirm"));
    const error = await within(dialog).findByTestId("tx-error");
    expect(error).toHaveAttribute("data-kind", "api-unreachable");
    expect(error).toHaveTextContent("The API is not reachable");
    expect(error).toHaveTextContent("The transaction itself is mined; Retry only repeats this last part.");
    await user.click(within(dialog).getByTestId("tx-retry"));
    await waitFor(() => expect(dialog).toHaveAttribute("data-phase", "confirmed"));
    expect(calls).toBe(2);
    expect(node.sent).toHaveLength(1);
  });

  it("is keyboard friendly: focus starts in the dialog and Escape closes it", async () => {
    const { user, dialog } = await setup({}, fakeNode());
    expect(dialog).toHaveAttribute("aria-labelledby", "tx-flow-title");
    expect(within(dialog).getByRole("status")).toHaveTextContent("Check the preview, then confirm in your wallet.");
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});
