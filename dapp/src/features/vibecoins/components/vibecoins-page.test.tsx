import { timeText } from "../../../lib/time";
import { screen, waitFor, within } from "@testing-library/react";
import { mock } from "wagmi";
import { connect } from "wagmi/actions";
import { testWagmiConfig } from "../../../testing/wagmi";
import { json, stubFetch, OPEN_ACCESS } from "../../../testing/fake-api";
import { fakeNode } from "../../../testing/fake-node";
import { renderWithProviders } from "../../../testing/test-utils";
import type { VibecoinsHistoryResponse, VibecoinsRewardResponse, VibecoinsSuppliesResponse } from "../api/contract";
import { VibecoinsPage } from "./vibecoins-page";

const ACCOUNT = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const HASH = `0x${"ab".repeat(32)}`;

const supplies: VibecoinsSuppliesResponse = {
  supplies: [
    {
      ledger: "ethereum",
      token: "VIBE",
      network: "hardhat",
      issuer: "0x1111111111111111111111111111111111111111",
      amount: "1000.5",
      holders: null,
      blockNumber: "42",
      source: "live",
      reason: null,
    },
    {
      ledger: "ethereum",
      token: "XQB",
      network: "hardhat",
      issuer: "0x2222222222222222222222222222222222222222",
      amount: "75000000",
      holders: null,
      blockNumber: "42",
      source: "live",
      reason: null,
    },
    {
      ledger: "stellar",
      token: "VIBE",
      network: "testnet",
      issuer: "GBRPYHIL2CI3FNQ4BXLFMNDLFJUNPU2HY3ZMFSHONUCEOASW7QC7OX2H",
      amount: null,
      holders: null,
      blockNumber: null,
      source: "simulated",
      reason: "the supply could not be read: Horizon unreachable",
    },
  ],
  readAt: "2026-11-24T07:00:00.000Z",
};

const history: VibecoinsHistoryResponse = {
  address: ACCOUNT,
  entries: [
    {
      kind: "burn",
      token: "XQB",
      amount: "3",
      transactionHash: HASH,
      blockNumber: "40",
      timestamp: "2026-11-24T06:00:00.000Z",
      explorerUrl: null,
    },
  ],
  indexedThrough: "42",
  nextRewardAt: null,
};

const reward: VibecoinsRewardResponse = {
  token: "VIBE",
  amount: "100",
  recipient: ACCOUNT,
  transactionHash: HASH,
  blockNumber: "43",
  explorerUrl: null,
  supplyBefore: "1000.5",
  supplyAfter: "1100.5",
  nextRewardAt: "2026-11-24T08:00:00.000Z",
  assumptions: [],
  source: "live",
  reason: null,
};

async function setup({
  connected = true,
  rewardReply = () => json(reward),
}: { connected?: boolean; rewardReply?: () => Response } = {}) {
  const node = fakeNode();
  const api = stubFetch({
    "GET /api/vibecoins/supplies": () => json(supplies),
    "GET /api/vibecoins/history": () => json(history),
    "GET /api/auth/session": () =>
      json({ address: ACCOUNT, chainId: 31337, expiresAt: new Date(Date.now() + 3_600_000).toISOString() }),
    "GET /api/auth/access": () => json({ ...OPEN_ACCESS, address: ACCOUNT }),
    "POST /api/vibecoins/reward": rewardReply,
    "POST http://127.0.0.1:8545/": node.route,
  });
  const wagmiConfig = testWagmiConfig({
    connectors: [mock({ accounts: [ACCOUNT], features: { reconnect: true } })],
    discover: false,
  });
  if (connected) await connect(wagmiConfig, { connector: wagmiConfig.connectors[0]! });
  const view = renderWithProviders(<VibecoinsPage />, { route: "/vibecoins-xqb-mint-burn", wagmiConfig });
  return { ...api, ...view };
}

const toasts = () => within(screen.getByTestId("toast-area"));

describe("VibecoinsPage", () => {
  it("shows each ledger's supply with its badge, and why Stellar's cannot be read", async () => {
    await setup({ connected: false });
    expect(await screen.findByTestId("supply-ethereum-VIBE-amount")).toHaveTextContent("1,000.5 VIBE");
    expect(screen.getByTestId("supply-ethereum-XQB-amount")).toHaveTextContent("75,000,000 XQB");
    expect(screen.getByTestId("supply-ethereum-VIBE")).toHaveAttribute("data-source", "live");
    const stellar = screen.getByTestId("supply-stellar-VIBE");
    expect(stellar).toHaveAttribute("data-source", "simulated");
    expect(stellar).toHaveTextContent("Horizon unreachable");
    expect(within(stellar).getByTestId("source-badge")).toHaveAttribute("data-source", "simulated");
    expect(await screen.findByTestId("history-no-wallet")).toBeInTheDocument();
    // No Stellar key in this browser: the card points to the key page.
    const noKey = await screen.findByTestId("stellar-no-key");
    expect(within(noKey).getByRole("link")).toHaveAttribute("href", "/stellar-key-input");
  });

  it("signed in: earns the reward and shows the supply before -> after, with a toast; history lists the wallet's burns", async () => {
    const { user, requests } = await setup();
    expect(await screen.findByTestId("history-entry")).toHaveTextContent("−3 XQB");
    // A block's time says which clock it is (the local chain runs ahead of the wall clock after a time jump).
    expect(screen.getByTestId("history-entry")).toHaveTextContent(/block \d+ · .+ chain time/);
    await user.click(await screen.findByTestId("reward-button"));
    expect(await screen.findByTestId("reward-supply")).toHaveTextContent("VIBE supply 1,000.5 → 1,100.5 (block 43)");
    expect(await toasts().findByText("Reward minted")).toBeInTheDocument();
    expect(requests.filter((r) => r.method === "POST" && r.url.pathname === "/api/vibecoins/reward")).toHaveLength(1);
  });

  it("a reward refused as too early says when the next one is due, from the API's 429, and the button waits for it", async () => {
    const next = new Date(Date.now() + 3_500_000).toISOString();
    const { user } = await setup({
      rewardReply: () =>
        json(
          {
            code: "RATE_LIMITED",
            error: "One VIBE reward per wallet per hour",
            retryAfterSeconds: 3500,
            details: { nextRewardAt: next },
          },
          429,
        ),
    });
    await user.click(await screen.findByTestId("reward-button"));
    expect(await toasts().findByText("Reward not yet available")).toBeInTheDocument();
    await waitFor(() =>
      expect(
        toasts().getByText(`One VIBE reward per wallet per hour: the next from ${timeText(next)}`),
      ).toBeInTheDocument(),
    );
    expect(screen.getByTestId("reward-button")).toBeDisabled();
    expect(screen.getByTestId("reward-next")).toHaveTextContent(`Next reward from ${timeText(next)}`);
    expect(screen.getByTestId("reward-button")).toHaveAccessibleDescription(`Next reward from ${timeText(next)}`);
  });

  it("the burn form checks the amount as typed and offers both tokens", async () => {
    const { user } = await setup();
    const input = await screen.findByTestId("burn-amount");
    await user.type(input, "0.0000000000000000001");
    expect(screen.getByTestId("burn-amount-helper")).toHaveTextContent("Must have at most 18 decimal places");
    expect(screen.getByTestId("burn-button")).toBeDisabled();
    await user.click(screen.getByTestId("burn-token-XQB"));
    expect(screen.getByTestId("burn-button")).toHaveTextContent("Burn XQB");
  });
});
