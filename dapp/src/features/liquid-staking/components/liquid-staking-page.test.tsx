import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { json, stubFetch, type FakeRoute } from "../../../testing/fake-api";
import { unifiedStatus } from "../../../testing/fixtures";
import { renderWithProviders } from "../../../testing/test-utils";
import {
  performanceResponse,
  positionsResponse,
  strategiesResponse,
  tokensResponse,
} from "../../../../../api/src/features/liquid-staking/liquid-staking.schemas";
import { liquidStakingContract, type LeveragePosition } from "../api/contract";
import { LEVERAGE_RATIO_LABELS, LEVERAGE_RATIOS } from "../constants";
import { LiquidStakingPage } from "./liquid-staking-page";

const SERVER = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const provenance = { source: "live" as const, reason: null, network: "hardhat", asOfBlock: "120" };

// Fixtures parsed with the API's own schemas, so a drift in the contract fails here first.
const tokens = tokensResponse.parse({
  ...provenance,
  tokens: [
    ["vibeETH", "VibeCoins Staked ETH", true, 1.0123],
    ["qETH", "Q Staked ETH", true, 1.0051],
    ["xqbETH", "XQB Staked ETH", false, 1.0002],
  ].map(([symbol, name, tradeable, rate]) => ({
    symbol,
    name,
    address: "0x4ed7c70F96B99c776995fB64377f0d4aB3B0e1C1",
    tradeable,
    exchangeRate: rate,
    totalSupply: "120.5",
    backingETH: "121.98",
    leverageMultiplier: 5,
    ltvPercent: 80,
    liquidationThresholdPercent: 85,
    collateralEnabled: true,
    minDepositEth: "0.01",
    withdrawalDelaySeconds: 86_400,
    stakingAPY: 4.1,
    stakingAPYSource: "reward-stream",
  })),
});

const strategies = strategiesResponse.parse({
  ...provenance,
  strategies: (["vibeeth-leverage", "qeth-leverage", "xqbeth-leverage"] as const).map((id, i) => ({
    id,
    name: ["vibeETH Leverage Loop", "qETH Leverage Loop", "xqbETH Leverage Loop"][i],
    type: "Leveraged staking",
    collateralToken: ["vibeETH", "qETH", "xqbETH"][i],
    riskLevel:
      ["low", "medium", "unknown-level-shown-high"][i] === "unknown-level-shown-high" ? "high" : ["low", "medium"][i],
    baseAPY: 4.1,
    leveragedAPY: 7.2 + i,
    recommendedLeverage: 2,
    borrowAPY: 1,
    healthFactor: 1.7,
    liquidationDistancePercent: 41,
    maxLeverage: 5,
    liquidityRequired: 0.005,
    description: "Post the LST as collateral, borrow WETH, stake it again.",
  })),
});

const performance = performanceResponse.parse({
  ...provenance,
  totalValueLocked: "512.25",
  lendingLiquidityEth: "500",
  collateralValueEth: "12.25",
  totalDebtEth: "8",
  averageAPY: 8.2,
  averageAPYBasis: "strategies",
  leveragePositions: 0,
  activePositionsReason: null,
  platformUtilization: 1.57,
  borrowAPY: 1.08,
});

const positions = (list: LeveragePosition[]) =>
  positionsResponse.parse({ ...provenance, userId: SERVER, positions: list, indexedToBlock: "120" });

function setup(routes: Record<string, FakeRoute> = {}, route = "/liquid-staking-leverage") {
  const api = stubFetch({
    "GET /api/unified/status": () => json(unifiedStatus()),
    "GET /api/local-chain/time": () =>
      json({
        available: false,
        reason: "not the local chain",
        chainTime: null,
        wallClock: 1,
        offsetSeconds: null,
        blockNumber: null,
      }),
    "GET /api/liquid-staking/tokens": () => json(tokens),
    "GET /api/liquid-staking/strategies": () => json(strategies),
    "GET /api/liquid-staking/performance": () => json(performance),
    [`GET /api/liquid-staking/positions/${SERVER}`]: () => json(positions([])),
    ...routes,
  });
  return { ...api, ...renderWithProviders(<LiquidStakingPage />, { route }) };
}

const selectedTab = () => screen.getAllByRole("tab").find((t) => t.getAttribute("aria-selected") === "true");

describe("LiquidStakingPage", () => {
  it("shows the five tabs with Overview selected, the readings, and the spec's claims only as labelled copy", async () => {
    setup();
    expect(screen.getAllByRole("tab").map((t) => t.textContent)).toEqual([
      "Overview",
      "Liquid Tokens",
      "Strategies",
      "Create Leverage",
      "My Positions",
    ]);
    expect(selectedTab()).toHaveTextContent("Overview");
    expect(screen.getByTestId("ls-wallet-header")).toHaveAttribute("data-connected", "false");
    expect(
      await within(screen.getByTestId("ls-wallet-header")).findByTestId("connect-wallet-button"),
    ).toHaveTextContent("Connect Wallet");
    expect(await screen.findByTestId("perf-tvl-value")).toHaveTextContent("512.2500 ETH");
    expect(screen.getByTestId("perf-apy-value")).toHaveTextContent("8.2%");
    expect(screen.getByTestId("perf-positions-value")).toHaveTextContent("0");
    expect(screen.getByTestId("perf-utilization-value")).toHaveTextContent("1.57%");
    // Readings come from the API; the 45% and 5x claims sit beside them, labelled as product copy.
    await waitFor(() => expect(screen.getByTestId("headline-best-apy-value")).toHaveTextContent("9.2%"));
    expect(screen.getByTestId("headline-max-leverage-value")).toHaveTextContent("5x");
    const claims = screen.getAllByTestId("product-claim").map((c) => c.textContent);
    expect(claims).toEqual(
      expect.arrayContaining([
        expect.stringContaining("up to 45% leverage yield"),
        expect.stringContaining("up to 5x leverage"),
      ]),
    );
    for (const c of screen.getAllByTestId("product-claim")) expect(c).toHaveTextContent("Product claim, not a reading");
    expect(screen.getAllByTestId("explainer-step")).toHaveLength(4);
  });

  it("lists the tokens with Tradeable or Locked, and the strategies with their risk badges", async () => {
    const { user } = setup();
    await user.click(screen.getByRole("tab", { name: "Liquid Tokens" }));
    const cards = await screen.findAllByTestId("token-card");
    expect(cards.map((c) => c.getAttribute("data-symbol"))).toEqual(["vibeETH", "qETH", "xqbETH"]);
    expect(cards.map((c) => within(c).getByTestId("token-status").textContent)).toEqual([
      "Tradeable",
      "Tradeable",
      "Locked",
    ]);
    expect(within(cards[0]!).getByTestId("token-rate")).toHaveTextContent("1 vibeETH = 1.0123 ETH");
    expect(cards[1]).toHaveTextContent("an analogue of stETH");

    await user.click(screen.getByRole("tab", { name: "Strategies" }));
    const strategyCards = await screen.findAllByTestId("strategy-card");
    expect(strategyCards.map((c) => within(c).getByTestId("risk-badge").getAttribute("data-risk"))).toEqual([
      "low",
      "medium",
      "high",
    ]);
    expect(within(strategyCards[1]!).getByTestId("strategy-leveraged-apy")).toHaveTextContent("8.2%");
  });

  it("Use This Strategy selects the strategy and jumps to Create Leverage", async () => {
    const { user } = setup({}, "/liquid-staking-leverage?tab=strategies");
    const cards = await screen.findAllByTestId("strategy-card");
    await user.click(within(cards[1]!).getByTestId("use-strategy"));
    expect(selectedTab()).toHaveTextContent("Create Leverage");
    expect(await screen.findByTestId("strategy-select")).toHaveValue("qeth-leverage");
  });

  it("offers the five ratios verbatim, 2x Balanced by default", async () => {
    const { user } = setup({}, "/liquid-staking-leverage?tab=create");
    const ratio = await screen.findByTestId("ratio-select-button");
    expect(ratio).toHaveTextContent("2x Balanced");
    await user.click(ratio);
    const options = await screen.findAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual(LEVERAGE_RATIOS.map((r) => LEVERAGE_RATIO_LABELS[r]));
    expect(options.map((o) => o.textContent)).toEqual([
      "1.5x Conservative",
      "2x Balanced",
      "3x Aggressive",
      "4x High Risk",
      "5x Maximum",
    ]);
  });

  it("validates as the user types, with the spec's messages, and keeps Simulate and Create disabled until ready", async () => {
    setup({}, "/liquid-staking-leverage?tab=create");
    expect(await screen.findByTestId("enter-amount-message")).toHaveTextContent(/^Enter ETH Amount$/);
    expect(screen.getByTestId("missing-information")).toHaveTextContent(
      /^Missing Information: Select strategy, ETH amount, and leverage ratio$/,
    );
    expect(screen.getByTestId("simulate-button")).toBeDisabled();
    expect(screen.getByTestId("simulate-button")).toHaveTextContent("Simulate");
    expect(screen.getByTestId("create-button")).toBeDisabled();
    expect(screen.getByTestId("ls-amount-input")).toHaveAttribute("step", "0.001");

    const input = screen.getByTestId("ls-amount-input");
    fireEvent.change(input, { target: { value: "0" } });
    expect(screen.getByTestId("ls-amount-input-helper")).toHaveTextContent("Must be greater than 0 ETH");
    fireEvent.change(input, { target: { value: "20000" } });
    expect(screen.getByTestId("ls-amount-input-helper")).toHaveTextContent("Must be at most 10000 ETH");
    fireEvent.change(input, { target: { value: "0.5" } });
    expect(screen.queryByTestId("enter-amount-message")).toBeNull();
    // An amount alone: Simulate may run, Create still needs a strategy (and a wallet to sign).
    expect(screen.getByTestId("simulate-button")).toBeEnabled();
    expect(screen.getByTestId("missing-information")).toBeInTheDocument();
    expect(screen.getByTestId("create-button")).toBeDisabled();
    expect(screen.getByTestId("connect-to-create")).toHaveTextContent("the API never signs for it");
  });

  it("says the strategy's minimum at the ratio before any click, refuses less without asking the API, and says why Create is disabled", async () => {
    const { user, requests } = setup({}, "/liquid-staking-leverage?tab=strategies");
    const card = (await screen.findAllByTestId("strategy-card")).find((c) => c.dataset.strategy === "qeth-leverage")!;
    await user.click(within(card).getByTestId("use-strategy"));
    expect(await screen.findByTestId("create-button-reason")).toHaveTextContent("Enter ETH Amount");
    // qETH's minimum deposit 0.01 ETH at 2x: 0.005 ETH of one's own.
    expect(await screen.findByTestId("ls-amount-input-helper")).toHaveTextContent("Min 0.005 ETH at 2x");
    fireEvent.change(screen.getByTestId("ls-amount-input"), { target: { value: "0.0001" } });
    const refusal = "At 2x, qETH takes at least 0.005 ETH of yours (its minimum deposit is 0.01 ETH)";
    expect(screen.getByTestId("ls-amount-input-helper")).toHaveTextContent(refusal);
    expect(screen.getByTestId("create-button")).toBeDisabled();
    expect(screen.getByTestId("create-button-reason")).toHaveTextContent(refusal);
    expect(screen.getByTestId("create-button")).toHaveAccessibleDescription(refusal);
    await new Promise((r) => setTimeout(r, 50));
    expect(requests.filter((r) => r.url.pathname === liquidStakingContract.preview.path)).toEqual([]);
    // Enough for the ratio: the only thing left is the wallet.
    fireEvent.change(screen.getByTestId("ls-amount-input"), { target: { value: "0.005" } });
    expect(screen.getByTestId("create-button-reason")).toHaveTextContent("Connect a wallet");
  });

  it("shows the server account's empty positions without a wallet, and Create Position opens Create Leverage", async () => {
    const { user, requests } = setup({}, "/liquid-staking-leverage?tab=positions");
    expect(await screen.findByTestId("positions-empty")).toHaveTextContent("No leverage positions yet.");
    expect(screen.getByTestId("positions-owner")).toHaveAttribute("data-owner", "server");
    expect(screen.getByTestId("positions-owner")).toHaveTextContent("the spec's demo user");
    expect(requests.some((r) => r.url.pathname === `/api/liquid-staking/positions/${SERVER}`)).toBe(true);
    await user.click(screen.getByTestId("create-position-button"));
    expect(selectedTab()).toHaveTextContent("Create Leverage");
  });

  it("says why the positions cannot be read, with a Retry", async () => {
    setup(
      {
        [`GET /api/liquid-staking/positions/${SERVER}`]: () =>
          json({ error: "The event index has not made its first pass", code: "LEDGER_BUSY" }, 503),
      },
      "/liquid-staking-leverage?tab=positions",
    );
    expect(await screen.findByTestId("positions-error")).toHaveTextContent("Could not load your positions");
    expect(screen.getByTestId("positions-retry")).toBeInTheDocument();
  });
});
