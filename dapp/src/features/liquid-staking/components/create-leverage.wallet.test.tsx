import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { decodeFunctionData, parseEther } from "viem";
import { mock } from "wagmi";
import { connect } from "wagmi/actions";
import { deployments } from "../../../lib/contracts";
import { testWagmiConfig } from "../../../testing/wagmi";
import { json, stubFetch } from "../../../testing/fake-api";
import { fakeNode } from "../../../testing/fake-node";
import { unifiedStatus } from "../../../testing/fixtures";
import { renderWithProviders } from "../../../testing/test-utils";
import {
  leverageResponse,
  positionsResponse,
  previewResponse,
  strategiesResponse,
} from "../../../../../api/src/features/liquid-staking/liquid-staking.schemas";
import { LiquidStakingPage } from "./liquid-staking-page";
import { liquidStakingContract } from "../api/contract";

const ACCOUNT = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const map = deployments[31337];
const provenance = { source: "live" as const, reason: null, network: "hardhat", asOfBlock: "16" };

const strategies = strategiesResponse.parse({
  ...provenance,
  strategies: [
    {
      id: "qeth-leverage",
      name: "qETH Leveraged Staking",
      type: "Leveraged liquid staking",
      collateralToken: "qETH",
      riskLevel: "low",
      baseAPY: 3.8,
      leveragedAPY: 6.6,
      recommendedLeverage: 2,
      borrowAPY: 1,
      healthFactor: 1.7,
      liquidationDistancePercent: 41.2,
      maxLeverage: 5,
      liquidityRequired: 0.0005,
      description: "Stake ETH for qETH, post it, borrow, stake again.",
    },
  ],
});

const preview = (routerIsDelegate: boolean) =>
  previewResponse.parse({
    ...provenance,
    preview: {
      strategy: "qeth-leverage",
      collateralToken: "qETH",
      leverageRatio: 3,
      label: "3x Aggressive",
      ethAmount: "1",
      possible: true,
      reason: null,
      field: null,
      collateralShares: "3",
      collateralEth: "3",
      debtEth: "2",
      healthFactor: 1.275,
      liquidationPriceEth: 0.784313,
      liquidationPriceUsd: 2352.94,
      exchangeRate: 1,
      effectiveLeverage: 3,
      maxLeverage: 5,
      baseAPY: 3.8,
      borrowAPYNow: 1,
      borrowAPYAfter: 1.01,
      netAPY: 9.36,
      annualReturnsEth: 0.0936,
      poolLiquidityEth: "500",
      riskLevel: "medium",
      ethUsd: { price: 3000, feed: map.LendingPool.address, updatedAt: 1 },
    },
    wallet: {
      address: ACCOUNT,
      balanceEth: "10000",
      routerIsDelegate,
      openPositionGas: "451473",
      dryRunError: null,
      lendingPool: map.LendingPool.address,
      leverageRouter: map.LeverageRouter.address,
      lst: map.qETH.address,
      leverageBps: 30000,
    },
  });

const position = {
  id: `0x${"01".repeat(32)}:3`,
  userId: ACCOUNT,
  strategy: "qeth-leverage",
  leverageRatio: 3,
  status: "active",
  collateralToken: "qETH",
  collateralAmount: "3",
  collateralValueEth: "3",
  borrowedAmount: "2",
  ethIn: "1",
  ethOut: null,
  healthFactor: 1.275,
  liquidationPrice: 2352.94,
  liquidationPriceEth: 0.784313,
  earnings: {
    totalAPY: 9.36,
    stakingYield: 3.8,
    leverageGains: 5.56,
    realisedReturnPercent: null,
    basis: "current-rates",
  },
  close: {
    leverageRouter: map.LeverageRouter.address,
    lst: map.qETH.address,
    ethOut: "0.994",
    gas: "516900",
    error: null,
  },
  openedAt: "2026-11-23T23:00:00.000Z",
  openedBlock: "16",
  openTransactionHash: `0x${"02".padStart(64, "0")}`,
  closedAt: null,
  closeTransactionHash: null,
} as const;

async function setup(routerIsDelegate: boolean, previewFails: { now: boolean } = { now: false }) {
  const node = fakeNode();
  let opened = false;
  const api = stubFetch({
    "GET /api/unified/status": () => json(unifiedStatus()),
    "GET /api/local-chain/time": () =>
      json({ available: false, reason: "test", chainTime: null, wallClock: 1, offsetSeconds: null, blockNumber: null }),
    "GET /api/liquid-staking/tokens": () => json({ ...provenance, tokens: [] }),
    "GET /api/liquid-staking/strategies": () => json(strategies),
    "GET /api/liquid-staking/performance": () => json({ error: "not in this test" }, 503),
    "GET /api/liquid-staking/preview": () =>
      previewFails.now
        ? json({ error: "The chain is not reachable", code: "LEDGER_UNAVAILABLE", ledger: "ethereum" }, 503)
        : json(preview(routerIsDelegate)),
    [`GET /api/liquid-staking/positions/${ACCOUNT}`]: () =>
      json(
        positionsResponse.parse({
          ...provenance,
          userId: ACCOUNT,
          positions: opened ? [position] : [],
          indexedToBlock: "16",
        }),
      ),
    "POST /api/liquid-staking/leverage": (req) => {
      opened = true;
      return json(
        leverageResponse.parse({
          success: true,
          position,
          strategy: { id: "qeth-leverage", name: "qETH Leveraged Staking" },
          transactionHash: (req.body as { transactionHash: string }).transactionHash,
          blockNumber: "16",
          source: "live",
          network: "hardhat",
        }),
      );
    },
    "POST http://127.0.0.1:8545/": node.route,
  });
  const wagmiConfig = testWagmiConfig({
    connectors: [mock({ accounts: [ACCOUNT], features: { reconnect: true } })],
    discover: false,
  });
  await connect(wagmiConfig, { connector: wagmiConfig.connectors[0]!, chainId: 31337 });
  const view = renderWithProviders(<LiquidStakingPage />, {
    route: "/liquid-staking-leverage?tab=strategies",
    wagmiConfig,
  });
  return { ...api, ...view, node };
}

describe("Create Leverage with a connected wallet", () => {
  it("shows both steps when the router is not the delegate yet, signs setDelegate then openPosition, records, toasts and shows the position", async () => {
    const { user, node, requests } = await setup(false);
    expect(await screen.findByTestId("ls-wallet-address")).toHaveTextContent("0x7099…79C8");
    await waitFor(() => expect(screen.getByTestId("ls-wallet-balance")).toHaveTextContent("10000.0000 ETH"));
    await user.click((await screen.findAllByTestId("use-strategy"))[0]!);
    fireEvent.change(await screen.findByTestId("ls-amount-input"), { target: { value: "1" } });
    await user.click(screen.getByTestId("ratio-select-button"));
    await user.click(await screen.findByTestId("ratio-option-3"));
    expect(await screen.findByTestId("delegate-note")).toBeInTheDocument();
    await waitFor(() =>
      expect(within(screen.getByTestId("leverage-preview")).getByTestId("preview-liquidation-price")).toHaveTextContent(
        "$2,352.94 per qETH",
      ),
    );

    await user.click(screen.getByTestId("create-button"));
    const dialog = await screen.findByRole("dialog");
    const steps = within(dialog).getAllByTestId("tx-step");
    expect(steps).toHaveLength(2);
    expect(steps[0]).toHaveTextContent("setDelegate");
    expect(steps[1]).toHaveTextContent("openPosition");
    expect(node.sent).toHaveLength(0);
    await user.click(within(dialog).getByTestId("tx-confirm"));
    await waitFor(() => expect(dialog).toHaveAttribute("data-phase", "confirmed"));

    expect(node.sent).toHaveLength(2);
    expect(node.sent[0]!.to.toLowerCase()).toBe(map.LendingPool.address.toLowerCase());
    expect(decodeFunctionData({ abi: map.LendingPool.abi, data: node.sent[0]!.data! })).toMatchObject({
      functionName: "setDelegate",
      args: [map.LeverageRouter.address, true],
    });
    expect(node.sent[1]!.to.toLowerCase()).toBe(map.LeverageRouter.address.toLowerCase());
    expect(BigInt(node.sent[1]!.value!)).toBe(parseEther("1"));
    const open = decodeFunctionData({ abi: map.LeverageRouter.abi, data: node.sent[1]!.data! });
    expect(open.functionName).toBe("openPosition");
    expect(open.args).toEqual([map.qETH.address, 30000n, parseEther("2.985")]); // 0.5% below the previewed shares
    expect(requests.find((r) => r.url.pathname === liquidStakingContract.leverage.path)?.body).toMatchObject({
      strategy: "qeth-leverage",
      ethAmount: 1,
      leverageRatio: 3,
      walletAddress: ACCOUNT,
    });

    const toast = await screen.findByText("Leverage Position Created!");
    expect(toast.parentElement).toHaveTextContent("3x leverage on 1 ETH with qETH Leveraged Staking");
    await user.click(within(dialog).getByTestId("tx-close"));
    expect(screen.getAllByRole("tab").find((t) => t.getAttribute("aria-selected") === "true")).toHaveTextContent(
      "My Positions",
    );
    const card = await screen.findByTestId("position-card");
    expect(within(card).getByTestId("position-liquidation-price")).toHaveTextContent("$2,352.94 per qETH");
    expect(within(card).getByTestId("position-status")).toHaveTextContent("active");
  });

  it("sends openPosition alone once the router is the delegate", async () => {
    const { user, node } = await setup(true);
    await user.click((await screen.findAllByTestId("use-strategy"))[0]!);
    fireEvent.change(await screen.findByTestId("ls-amount-input"), { target: { value: "1" } });
    await waitFor(() => expect(screen.getByTestId("create-button")).toBeEnabled());
    await user.click(screen.getByTestId("create-button"));
    const dialog = await screen.findByRole("dialog");
    // One step: the dialog lists no setDelegate.
    expect(within(dialog).queryAllByTestId("tx-step").length).toBeLessThanOrEqual(1);
    expect(dialog).not.toHaveTextContent("setDelegate");
    await user.click(within(dialog).getByTestId("tx-confirm"));
    await waitFor(() => expect(dialog).toHaveAttribute("data-phase", "confirmed"));
    expect(node.sent).toHaveLength(1);
    expect(decodeFunctionData({ abi: map.LeverageRouter.abi, data: node.sent[0]!.data! }).functionName).toBe(
      "openPosition",
    );
  });

  it("says Leverage Creation Failed, with the reason, when the wallet's readiness cannot be read; nothing is sent", async () => {
    const fails = { now: false };
    const { user, node } = await setup(false, fails);
    await user.click((await screen.findAllByTestId("use-strategy"))[0]!);
    fireEvent.change(await screen.findByTestId("ls-amount-input"), { target: { value: "1" } });
    await waitFor(() => expect(screen.getByTestId("create-button")).toBeEnabled());
    fails.now = true;
    await user.click(screen.getByTestId("create-button"));
    const title = await screen.findByText("Leverage Creation Failed");
    expect(title.parentElement).toHaveTextContent(/not reachable|unavailable/i);
    expect(screen.getByTestId("create-error")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(node.sent).toHaveLength(0);
  });
});
