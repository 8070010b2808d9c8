// The onboarding page against the API's contract (answers built with the API's own schemas) and wagmi's mock
// connector: no wallet (install link and the burner, labelled), a wallet that declines the connection (4001 in
// words), a connected wallet not signed in (read only: GET, nothing recorded), and a signed-in one (POST check with
// the browser's facts; the next step links to the minting page and back).
import { screen, waitFor, within } from "@testing-library/react";
import type { Address } from "viem";
import { mock } from "wagmi";
import { connect } from "wagmi/actions";
import { forgetNetwork } from "../../../lib/network/get-network";
import { testWagmiConfig, TEST_RPC_URL } from "../../../testing/wagmi";
import { json, stubFetch, type FakeRequest } from "../../../testing/fake-api";
import { renderWithProviders } from "../../../testing/test-utils";
import {
  ONBOARDING_STEPS,
  onboardingProgressResponse,
  STEP_CHECKED_BY,
  STEP_LABELS,
  STEP_RULES,
  type OnboardingProgressResponse,
  type OnboardingStep,
  type StepEvidence,
} from "../../../../../api/src/features/onboarding/onboarding.schemas";
import { OnboardingPage } from "./onboarding-page";

const ALICE: Address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const HASH = "0x" + "ab".repeat(32);
const DAY_LATER = new Date(Date.now() + 86_400_000).toISOString();
const network = { chainId: 31337, network: "hardhat", rpcUrl: TEST_RPC_URL, explorerBaseUrl: null, labels: [] };

const node = (req: FakeRequest) => {
  const { id, method } = req.body as { id: number; method: string };
  const result = method === "eth_chainId" ? "0x7a69" : method === "eth_getBalance" ? "0x0" : "0x10";
  return json({ jsonrpc: "2.0", id, result });
};

/** The API's answer with `done` steps recorded (with evidence) and the rest not done. */
function progress(done: Partial<Record<OnboardingStep, StepEvidence>>): OnboardingProgressResponse {
  let current: OnboardingStep | null = null;
  const steps = ONBOARDING_STEPS.map((id) => {
    const evidence = done[id] ?? null;
    if (!evidence) current ??= id;
    return {
      id,
      label: STEP_LABELS[id],
      checkedBy: STEP_CHECKED_BY[id],
      rule: STEP_RULES[id],
      status: evidence ? "done" : current === id ? "current" : "waiting",
      recorded: Boolean(evidence),
      completedAt: evidence ? new Date().toISOString() : null,
      evidence,
      onCurrentChain: null,
    };
  });
  return onboardingProgressResponse.parse({
    address: ALICE,
    chainId: 31337,
    steps,
    current,
    chain: { live: true, reason: null, blockNumber: "90", indexedBlock: "90" },
    recordedNow: [],
    checkedAt: new Date().toISOString(),
  });
}

const stepEl = (id: OnboardingStep) => within(screen.getByTestId(`onboarding-step-${id}`));
const stateOf = (id: OnboardingStep) => screen.getByTestId(`onboarding-step-${id}`).getAttribute("data-status");

beforeEach(() => forgetNetwork());

describe("OnboardingPage", () => {
  it("without a wallet: step 1 is current with the install link and the burner, labelled local chain only", async () => {
    stubFetch({ "GET /api/network": () => json(network), "GET /api/auth/session": () => json(null) });
    renderWithProviders(<OnboardingPage />, { route: "/authentic-user-onboarding" });
    expect(screen.getByRole("heading", { level: 1, name: "Authentic User Onboarding" })).toBeInTheDocument();
    await waitFor(() => expect(stateOf("wallet")).toBe("current"));
    expect(stepEl("wallet").getByRole("link", { name: "Install MetaMask" })).toHaveAttribute(
      "href",
      "https://metamask.io/download/",
    );
    expect(await stepEl("wallet").findByTestId("onboarding-take-burner")).toBeEnabled();
    expect(stepEl("wallet").getByTestId("onboarding-burner-warning")).toHaveTextContent(
      "local chain only, never use elsewhere",
    );
    expect(ONBOARDING_STEPS.slice(1).map(stateOf)).toEqual(Array(6).fill("waiting"));
    // The first-mint rule is on the page as the API applies it.
    expect(stepEl("first_mint").getByText(/payer is this wallet/)).toBeInTheDocument();
  });

  it("a wallet that declines the connection: the step says so (error 4001) and stays current", async () => {
    stubFetch({
      "GET /api/network": () => json(network),
      "GET /api/auth/session": () => json(null),
      "POST http://127.0.0.1:8545/": node,
    });
    const wagmiConfig = testWagmiConfig({
      connectors: [mock({ accounts: [ALICE], features: { connectError: true } })],
      discover: false,
    });
    const { user } = renderWithProviders(<OnboardingPage />, { route: "/authentic-user-onboarding", wagmiConfig });
    await waitFor(() => expect(stateOf("connected")).toBe("current"));
    expect(stateOf("wallet")).toBe("done");
    expect(stateOf("network")).toBe("done"); // eth_chainId read before connecting
    await user.click(stepEl("connected").getByTestId("onboarding-connect"));
    expect(await stepEl("connected").findByTestId("onboarding-action-error")).toHaveTextContent(
      "You declined the connection in the wallet (error 4001)",
    );
    expect(stateOf("connected")).toBe("current");
  });

  it("connected, not signed in: progress is read (GET, nothing recorded) and Sign in is the action", async () => {
    const gets: string[] = [];
    let posts = 0;
    stubFetch({
      "GET /api/network": () => json(network),
      "GET /api/auth/session": () => json(null),
      "POST http://127.0.0.1:8545/": node,
      "GET /api/onboarding/progress": (req) => {
        gets.push(req.url.search);
        return json(progress({}));
      },
      "POST /api/onboarding/check": () => {
        posts++;
        return json(progress({}));
      },
    });
    const wagmiConfig = testWagmiConfig({
      connectors: [mock({ accounts: [ALICE], features: { reconnect: true } })],
      discover: false,
    });
    await connect(wagmiConfig, { connector: wagmiConfig.connectors[0]! });
    renderWithProviders(<OnboardingPage />, { route: "/authentic-user-onboarding", wagmiConfig });
    await waitFor(() => expect(stateOf("signed_in")).toBe("current"));
    expect(stepEl("connected").getByTestId("onboarding-step-evidence")).toHaveTextContent(
      "recorded once you are signed in",
    );
    expect(stepEl("signed_in").getByTestId("onboarding-sign-in")).toBeEnabled();
    expect(gets[0]).toContain(`address=${ALICE}`);
    expect(posts).toBe(0);
  });

  it("signed in: the browser's facts are sent with the check; recorded evidence shows; first mint links there and back", async () => {
    const bodies: unknown[] = [];
    stubFetch({
      "GET /api/network": () => json(network),
      "GET /api/auth/session": () => json({ address: ALICE, chainId: 31337, expiresAt: DAY_LATER }),
      "POST http://127.0.0.1:8545/": node,
      "POST /api/onboarding/check": (req) => {
        bodies.push(req.body);
        const browser = { kind: "browser", note: "reported" } as const;
        return json(
          progress({
            wallet: { ...browser, discovery: "eip6963", name: "Mock Connector" },
            network: { ...browser, chainId: 31337 },
            connected: { ...browser, address: ALICE, chainId: 31337 },
            signed_in: { kind: "session", chainId: 31337, expiresAt: DAY_LATER, note: "session" },
            funded: {
              kind: "faucet-claim",
              asset: "ETH",
              amount: "1",
              transactionHash: HASH,
              blockNumber: "12",
              claimedAt: new Date().toISOString(),
              note: "claim",
            },
          }),
        );
      },
    });
    const wagmiConfig = testWagmiConfig({
      connectors: [mock({ accounts: [ALICE], features: { reconnect: true } })],
      discover: false,
    });
    await connect(wagmiConfig, { connector: wagmiConfig.connectors[0]! });
    renderWithProviders(<OnboardingPage />, { route: "/authentic-user-onboarding", wagmiConfig });
    await waitFor(() => expect(stateOf("first_mint")).toBe("current"));
    expect(bodies[0]).toEqual({
      wallet: { discovery: "eip6963", name: "Mock Connector" },
      network: { chainId: 31337 },
      connected: { address: ALICE, chainId: 31337 },
    });
    expect(stepEl("funded").getByTestId("onboarding-step-evidence")).toHaveTextContent(
      /1 ETH from the faucet, transaction 0xabab…abab in block 12 · recorded/,
    );
    expect(stepEl("first_mint").getByTestId("onboarding-go")).toHaveAttribute(
      "href",
      "/multi-blockchain-minting?from=%2Fauthentic-user-onboarding",
    );
    expect(stateOf("first_stake")).toBe("waiting");
  });
});
