// The faucet page against the API's contract (answers parsed with the API's own schemas), with a connected
// mock wallet (Hardhat dev #1) and its session: claim, the hash and the next claim time, the 429 refusal,
// and the page on a public testnet.
import { screen, waitFor, within } from "@testing-library/react";
import type { Address } from "viem";
import { mock } from "wagmi";
import { connect } from "wagmi/actions";
import { testWagmiConfig } from "../../../testing/wagmi";
import { json, stubFetch, type FakeRequest, type FakeRoute } from "../../../testing/fake-api";
import { renderWithProviders } from "../../../testing/test-utils";
import {
  faucetClaimResponse,
  faucetStatusResponse,
  type FaucetStatusResponse,
} from "../../../../../api/src/features/faucet/faucet.schemas";
import { FaucetPage } from "./faucet-page";

const ALICE: Address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const FAUCET: Address = "0xcd3B766CCDd6AE721141F452C550Ca635964ce71";
const HASH = "0x" + "ab".repeat(32);
const NOW = new Date().toISOString();
const DAY_LATER = new Date(Date.now() + 86_400_000).toISOString();

const asset = (a: "XQB" | "USDC" | "ETH", over: Partial<FaucetStatusResponse["assets"][number]> = {}) => ({
  asset: a,
  amount: a === "ETH" ? "1" : "1000",
  decimals: a === "USDC" ? 6 : 18,
  method: `how ${a} is sent`,
  available: true,
  reason: null,
  faucetBalance: a === "USDC" ? null : a === "XQB" ? "2999000" : "9999.99995",
  faucetBalanceNote: a === "USDC" ? "Minted on demand by the API signer" : "Held by the faucet account",
  walletBalance: null,
  links: [],
  lastClaim: null,
  nextClaimAt: null,
  budget: {
    hour: { limit: 200, used: 3, remaining: 197, nextSlotAt: null },
    day: { limit: 1000, used: 3, remaining: 997, nextSlotAt: null },
  },
  ...over,
});

const localStatus = (over: Partial<FaucetStatusResponse> = {}, assets = [asset("XQB"), asset("USDC"), asset("ETH")]) =>
  faucetStatusResponse.parse({
    network: { kind: "local", name: "hardhat", chainId: 31337, live: true, reason: null },
    faucetAccount: FAUCET,
    minter: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
    windowSeconds: 86400,
    wallet: null,
    now: NOW,
    assets,
    ...over,
  });

const nodeStub = async (req: FakeRequest) => {
  const { id, method } = req.body as { id: number; method: string };
  const result = method === "eth_chainId" ? "0x7a69" : method === "eth_getBalance" ? "0xde0b6b3a7640000" : "0x10";
  return json({ jsonrpc: "2.0", id, result });
};

function stubApi(routes: Record<string, FakeRoute>, signedIn = true) {
  return stubFetch({
    "GET /api/auth/session": () =>
      signedIn ? json({ address: ALICE, chainId: 31337, expiresAt: DAY_LATER }) : json(null),
    "POST http://127.0.0.1:8545/": nodeStub,
    ...routes,
  });
}

async function connectedWallet() {
  const wagmiConfig = testWagmiConfig({
    connectors: [mock({ accounts: [ALICE], features: { reconnect: true } })],
    discover: false,
  });
  await connect(wagmiConfig, { connector: wagmiConfig.connectors[0]! });
  return wagmiConfig;
}

const card = (a: string) =>
  within(screen.getAllByTestId("faucet-asset-card").find((c) => c.getAttribute("data-asset") === a)!);
const toasts = () => within(screen.getByTestId("toast-area"));

describe("FaucetPage", () => {
  it("without a session: one card per asset with its amount and the faucet's balance; Claim waits for sign-in", async () => {
    stubApi({ "GET /api/faucet/status": () => json(localStatus()) }, false);
    renderWithProviders(<FaucetPage />, { route: "/testnet-xqb-faucet" });
    expect(screen.getByRole("heading", { level: 1, name: "Testnet XQB Faucet" })).toBeInTheDocument();
    await screen.findAllByTestId("faucet-asset-card");
    expect(screen.getAllByTestId("faucet-asset-card").map((c) => c.getAttribute("data-asset"))).toEqual([
      "XQB",
      "USDC",
      "ETH",
    ]);
    expect(card("XQB").getByTestId("faucet-amount")).toHaveTextContent("1,000 XQB per claim");
    expect(card("XQB").getByTestId("faucet-balance")).toHaveTextContent("2,999,000 XQB");
    expect(card("ETH").getByTestId("faucet-balance")).toHaveTextContent("9,999.9999 ETH");
    expect(card("USDC").getByTestId("faucet-balance-note")).toHaveTextContent("Minted on demand");
    expect(card("XQB").getByRole("button", { name: "Claim 1,000 XQB" })).toBeDisabled();
    expect(card("XQB").getByTestId("claim-needs-sign-in")).toBeInTheDocument();
    expect(screen.getByTestId("faucet-network")).toHaveAttribute("data-kind", "local");
  });

  it("signed in: Claim shows the busy state, then the hash, block and the next claim time with a live countdown, and Claim stays off until then", async () => {
    const claimed = faucetClaimResponse.parse({
      asset: "XQB",
      amount: "1000",
      recipient: ALICE,
      sender: FAUCET,
      transactionHash: HASH,
      blockNumber: "77",
      explorerUrl: null,
      source: "live",
      claimedAt: NOW,
      nextClaimAt: DAY_LATER,
    });
    let release: () => void = () => {};
    const posted: unknown[] = [];
    stubApi({
      "GET /api/faucet/status": () => json(localStatus({ wallet: ALICE })),
      "POST /api/faucet/claim": async (req) => {
        posted.push(req.body);
        await new Promise<void>((r) => (release = r));
        return json(claimed);
      },
    });
    const { user } = renderWithProviders(<FaucetPage />, {
      route: "/testnet-xqb-faucet",
      wagmiConfig: await connectedWallet(),
    });
    await waitFor(() => expect(screen.getByTestId("faucet-who")).toHaveTextContent(`Signed in as ${ALICE}`));
    const button = await waitFor(() => {
      const b = card("XQB").getByTestId("claim-button");
      expect(b).toBeEnabled();
      return b;
    });
    await user.click(button);
    await waitFor(() => expect(card("XQB").getByTestId("claim-button")).toHaveTextContent("Claiming…"));
    expect(card("XQB").getByTestId("claim-button")).toBeDisabled();
    release();
    await waitFor(() => expect(card("XQB").getByTestId("claim-tx-hash")).toHaveAttribute("title", HASH));
    expect(posted).toEqual([{ asset: "XQB" }]);
    expect(card("XQB").getByTestId("claim-block")).toHaveTextContent("block 77");
    expect(card("XQB").getByTestId("next-claim")).toHaveAttribute("data-next-claim-at", DAY_LATER);
    expect(card("XQB").getByTestId("next-claim-countdown").textContent).toMatch(/^2[34] h \d+ min \d+ s$/);
    expect(card("XQB").getByTestId("claim-button")).toBeDisabled();
    expect(await toasts().findByText("1,000 XQB sent")).toBeInTheDocument();
  });

  it("a refused claim (429) shows the next claim time from the API's details and says so in a toast", async () => {
    const next = new Date(Date.now() + 3 * 3_600_000).toISOString();
    stubApi({
      "GET /api/faucet/status": () => json(localStatus({ wallet: ALICE })),
      "POST /api/faucet/claim": () =>
        json(
          {
            code: "RATE_LIMITED",
            error: "One ETH claim per wallet every 24 hours",
            retryAfterSeconds: 10800,
            details: { nextClaimAt: next, lastClaimAt: NOW },
          },
          429,
        ),
    });
    const { user } = renderWithProviders(<FaucetPage />, {
      route: "/testnet-xqb-faucet",
      wagmiConfig: await connectedWallet(),
    });
    const button = await waitFor(() => {
      const b = card("ETH").getByTestId("claim-button");
      expect(b).toBeEnabled();
      return b;
    });
    await user.click(button);
    await waitFor(() => expect(card("ETH").getByTestId("next-claim")).toHaveAttribute("data-next-claim-at", next));
    expect(card("ETH").getByTestId("next-claim-countdown").textContent).toMatch(/^[23] h \d+ min \d+ s$/);
    expect(await toasts().findByText("ETH already claimed")).toBeInTheDocument();
  });

  it("the faucet's global budget: each card shows what is left; a spent budget says why and offers no Claim; a budget 429 says so in a toast", async () => {
    const spent =
      "The faucet's hourly budget for USDC is spent: 200 of 200 claims in the last hour, all wallets together (FAUCET_HOURLY_CLAIMS); the next claim opens at 2030-01-01T00:00:00.000Z";
    stubApi({
      "GET /api/faucet/status": () =>
        json(
          localStatus({}, [
            asset("XQB"),
            asset("USDC", {
              available: false,
              reason: spent,
              budget: {
                hour: { limit: 200, used: 200, remaining: 0, nextSlotAt: "2030-01-01T00:00:00.000Z" },
                day: { limit: 1000, used: 200, remaining: 800, nextSlotAt: null },
              },
            }),
            asset("ETH"),
          ]),
        ),
      "POST /api/faucet/claim": () =>
        json(
          {
            code: "RATE_LIMITED",
            error: "The faucet's daily budget for XQB is spent: 1000 of 1000 claims",
            retryAfterSeconds: 60,
            details: { budget: "daily", limit: "1000", used: "1000" },
          },
          429,
        ),
    });
    const { user } = renderWithProviders(<FaucetPage />, {
      route: "/testnet-xqb-faucet",
      wagmiConfig: await connectedWallet(),
    });
    await screen.findAllByTestId("faucet-asset-card");
    expect(card("XQB").getByTestId("faucet-budget")).toHaveTextContent("197 of 200 this hour · 997 of 1000 today");
    expect(card("USDC").getByTestId("faucet-budget")).toHaveTextContent("0 of 200 this hour · 800 of 1000 today");
    expect(card("USDC").getByTestId("faucet-unavailable")).toHaveTextContent(spent);
    expect(card("USDC").queryByTestId("claim-button")).toBeNull();
    await waitFor(() => expect(card("XQB").getByTestId("claim-button")).toBeEnabled());
    await user.click(card("XQB").getByTestId("claim-button"));
    expect(await toasts().findByText("Faucet daily budget spent")).toBeInTheDocument();
  });

  it("on a public testnet: each asset says why not, with the public faucets as links, and no Claim button", async () => {
    const links = [{ name: "Alchemy Sepolia faucet", url: "https://www.alchemy.com/faucets/ethereum-sepolia" }];
    stubApi(
      {
        "GET /api/faucet/status": () =>
          json(
            localStatus(
              {
                network: { kind: "public", name: "sepolia", chainId: 11155111, live: false, reason: "unreachable" },
                faucetAccount: null,
              },
              [
                asset("XQB", {
                  available: false,
                  reason: "XQBToken is not deployed on sepolia",
                  faucetBalance: null,
                  faucetBalanceNote: null,
                }),
                asset("USDC", {
                  available: false,
                  reason: "No USDC contract is deployed on sepolia",
                  faucetBalance: null,
                  faucetBalanceNote: null,
                }),
                asset("ETH", {
                  available: false,
                  reason: "No ETH from this faucet on sepolia",
                  faucetBalance: null,
                  faucetBalanceNote: null,
                  links,
                }),
              ],
            ),
          ),
      },
      false,
    );
    renderWithProviders(<FaucetPage />, { route: "/testnet-xqb-faucet" });
    await screen.findAllByTestId("faucet-asset-card");
    expect(screen.queryAllByTestId("claim-button")).toHaveLength(0);
    expect(card("XQB").getByTestId("faucet-unavailable")).toHaveTextContent("XQBToken is not deployed on sepolia");
    expect(card("ETH").getByRole("link", { name: "Alchemy Sepolia faucet" })).toHaveAttribute("href", links[0]!.url);
    expect(screen.getByTestId("faucet-network")).toHaveTextContent("Public testnet: sepolia");
  });

  it("the status failing: an error with Retry, then the cards", async () => {
    let fail = true;
    stubApi(
      {
        "GET /api/faucet/status": () =>
          fail ? json({ code: "LEDGER_UNAVAILABLE", error: "down", retryAfterSeconds: 10 }, 503) : json(localStatus()),
      },
      false,
    );
    const { user } = renderWithProviders(<FaucetPage />, { route: "/testnet-xqb-faucet" });
    const retry = await screen.findByTestId("faucet-status-retry", undefined, { timeout: 5000 });
    fail = false;
    await user.click(retry);
    expect(await screen.findAllByTestId("faucet-asset-card")).toHaveLength(3);
  });

  it("XRPL: funds a pasted address (only the address is sent), says when it is simulated; a malformed one is refused in the page", async () => {
    const posted: unknown[] = [];
    stubApi(
      {
        "GET /api/faucet/status": () => json(localStatus()),
        "POST /api/xrpl/fund": (req) => {
          posted.push(req.body);
          return json({
            address: "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe",
            source: "simulated",
            reason: "the XRPL testnet is unreachable",
            funded: false,
            alreadyExisted: false,
            account: null,
          });
        },
      },
      false,
    );
    const { user } = renderWithProviders(<FaucetPage />, { route: "/testnet-xqb-faucet" });
    const input = await screen.findByTestId("xrpl-account-input");
    await user.type(input, "rNotAnAddress");
    await user.click(screen.getByTestId("xrpl-fund-button"));
    expect(screen.getByText(/A classic XRPL address starting with r/)).toBeInTheDocument();
    expect(posted).toEqual([]);
    await user.clear(input);
    await user.type(input, "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe{Enter}");
    expect(await screen.findByTestId("xrpl-fund-result")).toHaveTextContent(
      "simulated: the XRPL testnet is unreachable",
    );
    expect(posted).toEqual([{ address: "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe" }]);
    // The toast says what happened: nothing was funded.
    expect(
      await toasts().findByText("XRP Ledger testnet: not funded (the faucet was not reached)"),
    ).toBeInTheDocument();
    expect(toasts().queryByText(/account funded/)).toBeNull();
  });
});
