import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { mock } from "wagmi";
import { connect } from "wagmi/actions";
import { testWagmiConfig } from "../../../testing/wagmi";
import { json, stubFetch } from "../../../testing/fake-api";
import { fakeNode } from "../../../testing/fake-node";
import { renderWithProviders } from "../../../testing/test-utils";
import type {
  RealStakingPracticeResponse,
  RealStakingProtocolsResponse,
  RealStakingStakesResponse,
  StakingProtocol,
} from "../api/contract";
import { RealStakingPage } from "./real-staking-page";

const ACCOUNT = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

const protocol = (o: Partial<StakingProtocol>): StakingProtocol => ({
  name: "Quantum Staked ETH",
  token: "qETH",
  status: "active",
  paused: false,
  riskLevel: "medium",
  riskReason: "3-day withdrawal delay (1 point), 1.01 ETH staked (1 point)",
  currentAPY: 3.8,
  apySource: "exchange-rate",
  apyWindowSeconds: 604_800,
  minAmount: "0.001",
  contractAddress: "0x4ed7c70F96B99c776995fB64377f0d4aB3B0e1C1",
  features: ["Non-rebasing shares"],
  withdrawalDelaySeconds: 259_200,
  totalStaked: "1.01",
  exchangeRate: "1.0007",
  holders: 2,
  rewardsEndTime: null,
  ...o,
});

const protocols = (userBalance: string | null = null): RealStakingProtocolsResponse => ({
  protocols: [
    protocol({
      name: "Vibe Staked ETH",
      token: "vibeETH",
      currentAPY: 4.2,
      minAmount: "0.01",
      contractAddress: "0x1111111111111111111111111111111111111111",
    }),
    protocol({}),
    protocol({
      name: "XQB Staked ETH",
      token: "xqbETH",
      status: "paused",
      paused: true,
      currentAPY: 5.1,
      apySource: "reward-stream",
      apyWindowSeconds: null,
      minAmount: "0.005",
      contractAddress: "0x2222222222222222222222222222222222222222",
    }),
  ],
  userBalance,
  recommendations: {
    smallest_test: {
      token: "qETH",
      name: "Quantum Staked ETH",
      text: "Quantum Staked ETH takes the smallest test: 0.001 ETH minimum",
    },
    most_decentralized: null,
    highest_yield: null,
  },
  riskRule: "delay and size points",
  apyRule: "exchange-rate change over 7 days",
  network: "hardhat",
  asOfBlock: "42",
  source: "live",
  reason: null,
});

const practice: RealStakingPracticeResponse = {
  practiceInfo: {
    purpose: "Try a real ETH stake without sending anything.",
    benefits: ["See the exact shares", "Catch a refusal"],
  },
  recommendations: protocols().recommendations,
  dryRun: {
    call: "qETH.depositEth(0xf39F…) with 0.01 ETH",
    from: ACCOUNT,
    fromWallet: false,
    ok: true,
    sharesOut: "0.0099",
    gas: "91234",
    gasCostEth: null,
    failure: null,
    protocol: "qETH",
    ethAmount: "0.01",
  },
  asOfBlock: "42",
  source: "live",
  reason: null,
};

const noStakes: RealStakingStakesResponse = {
  wallet: ACCOUNT,
  stakes: [],
  chainTime: 1_800_000_000,
  asOfBlock: "42",
  source: "live",
  reason: null,
};

function routes(userBalance: string | null = null) {
  return {
    "GET /api/real-staking/protocols": () => json(protocols(userBalance)),
    "GET /api/real-staking/practice-mode": () => json(practice),
    [`GET /api/real-staking/stakes/${ACCOUNT}`]: () => json(noStakes),
  };
}

async function setup({ connected = false, route = "/real-eth-staking-test" } = {}) {
  const node = fakeNode();
  const api = stubFetch({ ...routes(connected ? "1.23456789" : null), "POST http://127.0.0.1:8545/": node.route });
  const wagmiConfig = testWagmiConfig({
    connectors: [mock({ accounts: [ACCOUNT], features: { reconnect: true } })],
    discover: false,
  });
  if (connected) await connect(wagmiConfig, { connector: wagmiConfig.connectors[0]! });
  const view = renderWithProviders(<RealStakingPage />, { route, wagmiConfig });
  return { ...api, ...view };
}

const setAmount = (value: string) => fireEvent.change(screen.getByTestId("stake-amount-input"), { target: { value } });

describe("RealStakingPage", () => {
  it("shows the four tabs, the summary cards and a card per protocol; Test Stake is off for a paused pool", async () => {
    await setup();
    for (const name of ["Real Protocols", "Create Test", "My Test Stakes", "Practice Mode"])
      expect(screen.getByRole("tab", { name })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Real Protocols" })).toHaveAttribute("aria-selected", "true");
    expect(await screen.findByTestId("protocol-qETH")).toBeInTheDocument();
    expect(screen.getByTestId("summary-protocols-value")).toHaveTextContent("3");
    expect(screen.getByTestId("summary-apy-value")).toHaveTextContent("5.10%");
    expect(screen.getByTestId("summary-balance-value")).toHaveTextContent("—");
    expect(screen.getByTestId("wallet-banner")).toHaveAttribute("data-connected", "false");
    const qeth = within(screen.getByTestId("protocol-qETH"));
    expect(qeth.getByTestId("protocol-apy")).toHaveTextContent("3.80%");
    expect(qeth.getByTestId("protocol-apy-how")).toHaveTextContent(
      "exchange-rate change over the last 7 days, annualised",
    );
    expect(qeth.getByTestId("protocol-min")).toHaveTextContent("0.001 ETH");
    expect(screen.getByTestId("test-stake-qETH")).toBeEnabled();
    expect(screen.getByTestId("test-stake-xqbETH")).toBeDisabled();
    expect(within(screen.getByTestId("protocol-xqbETH")).getByTestId("protocol-apy-how")).toHaveTextContent(
      "reward stream",
    );
  });

  it("Test Stake selects the protocol and opens Create Test; the amount is checked against its minimum as typed", async () => {
    const { user } = await setup();
    await user.click(await screen.findByTestId("test-stake-qETH"));
    expect(screen.getByRole("tab", { name: "Create Test" })).toHaveAttribute("aria-selected", "true");
    expect(await screen.findByTestId("stake-minimum")).toHaveTextContent(
      "Minimum for Quantum Staked ETH: 0.001 ETH · recommended start 0.01 ETH",
    );
    expect(screen.getByTestId("stake-amount-input")).toHaveAttribute("step", "0.001");
    expect(screen.getByTestId("stake-amount-input")).toHaveAttribute("placeholder", "0.01");
    setAmount("0.0005");
    expect(screen.getByTestId("stake-amount-input-helper")).toHaveTextContent(
      "Minimum for Quantum Staked ETH is 0.001 ETH",
    );
    setAmount("0.01");
    expect(screen.getByTestId("stake-preview-daily")).toHaveTextContent("Expected daily rewards: 0.000001 ETH");
  });

  it("without a wallet, Create Real Test Stake waits with the spec's Wallet Required beside it", async () => {
    await setup({ route: "/real-eth-staking-test?tab=create" });
    expect(await screen.findByTestId("create-stake-button")).toBeDisabled();
    expect(screen.getByTestId("create-stake-button-reason")).toHaveTextContent(
      "Wallet Required: Connect your wallet to test real ETH staking",
    );
  });

  it("with a wallet: Missing Information without protocol and amount, Amount Too Low below the minimum, beside a waiting button; nothing sent", async () => {
    const { user, requests } = await setup({ connected: true, route: "/real-eth-staking-test?tab=create" });
    await screen.findByTestId("create-test");
    await waitFor(() => expect(screen.getByTestId("summary-balance-value")).toHaveTextContent("1.2345 ETH"));
    expect(screen.getByTestId("create-stake-button")).toBeDisabled();
    expect(screen.getByTestId("create-stake-button-reason")).toHaveTextContent(
      "Missing Information: Select protocol and enter stake amount",
    );

    await user.click(screen.getByRole("tab", { name: "Real Protocols" }));
    await user.click(await screen.findByTestId("test-stake-vibeETH"));
    setAmount("0.005");
    expect(screen.getByTestId("create-stake-button")).toBeDisabled();
    expect(screen.getByTestId("create-stake-button-reason")).toHaveTextContent(
      "Amount Too Low: Minimum for Vibe Staked ETH is 0.01 ETH",
    );
    setAmount("0.02");
    await waitFor(() => expect(screen.getByTestId("create-stake-button")).toBeEnabled());
    expect(screen.queryByTestId("create-stake-button-reason")).toBeNull();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(requests.filter((r) => r.method === "POST" && r.url.pathname.startsWith("/api/"))).toHaveLength(0);
  });

  it("My Test Stakes: the empty state's button opens Create Test", async () => {
    const { user } = await setup({ connected: true, route: "/real-eth-staking-test?tab=stakes" });
    const empty = await screen.findByTestId("stakes-empty");
    expect(empty).toHaveTextContent("No test stakes yet");
    expect(screen.getByTestId("summary-stakes-value")).toHaveTextContent("0");
    await user.click(within(empty).getByRole("button", { name: "Create Test Stake" }));
    expect(screen.getByRole("tab", { name: "Create Test" })).toHaveAttribute("aria-selected", "true");
  });

  it("Practice Mode: purpose, benefits, recommendations with a fallback, and the dry run", async () => {
    const { user } = await setup();
    await user.click(screen.getByRole("tab", { name: "Practice Mode" }));
    expect(await screen.findByTestId("practice-purpose")).toHaveTextContent("without sending anything");
    expect(within(screen.getByTestId("practice-benefits")).getAllByRole("listitem")).toHaveLength(2);
    expect(screen.getByTestId("recommendation-smallest_test")).toHaveTextContent("0.001 ETH minimum");
    expect(screen.getByTestId("recommendation-most_decentralized")).toHaveTextContent("Not known yet");
    expect(screen.getByTestId("practice-dry-run-result")).toHaveTextContent("Would mint 0.0099 shares · 91,234 gas");
  });
});

describe("My Test Stakes with stakes", () => {
  const stake = {
    id: "qETH:0xaa:0",
    protocol: "Quantum Staked ETH",
    token: "qETH" as const,
    contractAddress: "0x4ed7c70F96B99c776995fB64377f0d4aB3B0e1C1",
    ethAmount: "0.01",
    status: "withdrawing" as const,
    timestamp: "2026-11-23T22:00:00.000Z",
    blockNumber: "40",
    estimatedRewards: "0.000000",
    transactionHash: "",
    shares: "0.0099",
    sharesHeld: "0",
    currentValue: "0",
    rewardsEarned: "0.00000721",
    withdrawals: [
      {
        requestId: "3",
        shares: "0.0099",
        assets: "0.01000721",
        requestedAt: "2026-11-23T22:00:00.000Z",
        claimableAt: "2026-11-26T22:00:00.000Z",
        secondsUntilClaimable: 90_061,
        claimable: false,
        claimed: false,
        requestTransactionHash: `0x${"cd".repeat(32)}`,
        claimTransactionHash: null,
      },
    ],
  };

  it("shows each stake's status, Pending for a missing hash, and a withdrawal waiting with its countdown and Claim off", async () => {
    const node = fakeNode();
    stubFetch({
      ...routes("1"),
      [`GET /api/real-staking/stakes/${ACCOUNT}`]: () => json({ ...noStakes, stakes: [stake] }),
      "POST http://127.0.0.1:8545/": node.route,
    });
    const wagmiConfig = testWagmiConfig({
      connectors: [mock({ accounts: [ACCOUNT], features: { reconnect: true } })],
      discover: false,
    });
    await connect(wagmiConfig, { connector: wagmiConfig.connectors[0]! });
    renderWithProviders(<RealStakingPage />, { route: "/real-eth-staking-test?tab=stakes", wagmiConfig });
    const card = within(await screen.findByTestId("stake"));
    expect(card.getByTestId("stake-status")).toHaveTextContent("withdrawing");
    expect(card.getByText("Pending")).toBeInTheDocument();
    expect(card.getByTestId("stake-rewards")).toHaveTextContent("0.00000721 ETH");
    expect(card.queryByTestId("request-withdrawal-button")).not.toBeInTheDocument();
    expect(card.getByTestId("withdrawal")).toHaveAttribute("data-state", "waiting");
    expect(card.getByTestId("withdrawal-countdown")).toHaveTextContent(/Claimable in 1 day( 1 hour)? of chain time/);
    expect(card.getByTestId("claim-button")).toBeDisabled();
    expect(screen.getByTestId("summary-stakes-value")).toHaveTextContent("1");
  });
});

describe("Wallet banner", () => {
  it("with no browser wallet, says the spec's No Wallet Found and links to an install page", async () => {
    stubFetch(routes());
    renderWithProviders(<RealStakingPage />, {
      route: "/real-eth-staking-test",
      wagmiConfig: testWagmiConfig({ connectors: [], discover: false }),
    });
    const banner = await screen.findByTestId("wallet-banner");
    expect(banner).toHaveAttribute("data-wallet-found", "false");
    expect(banner).toHaveTextContent("No Wallet Found");
    expect(banner).toHaveTextContent("Please install MetaMask to test real ETH staking");
    expect(within(banner).getByRole("link", { name: "install a browser wallet" })).toHaveAttribute(
      "href",
      "https://metamask.io/download/",
    );
  });
});
