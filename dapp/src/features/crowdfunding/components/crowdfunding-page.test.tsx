// The crowdfunding page against stubbed API answers typed by the API's schemas: the project cards with the
// progress read from the campaign's figures, what was attested and by whom, the Verify button only while not
// verified (and only usable by an allow-listed verifier), the stats bar only once the stats loaded.
import { screen, within } from "@testing-library/react";
import { mock } from "wagmi";
import { connect } from "wagmi/actions";
import { testWagmiConfig } from "../../../testing/wagmi";
import { json, stubFetch, OPEN_ACCESS } from "../../../testing/fake-api";
import { fakeNode } from "../../../testing/fake-node";
import { renderWithProviders } from "../../../testing/test-utils";
import type { CrowdfundingProject, ProjectsResponse, UserStatsResponse } from "../api/contract";
import { CrowdfundingPage } from "./crowdfunding-page";

const ACCOUNT = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const VERIFIER = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
/** The demo campaigns' creator: the deployer, not the wallet in these tests. */
const DEPLOYER = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const project = (over: Partial<CrowdfundingProject>): CrowdfundingProject => ({
  id: "11111111-1111-4111-8111-111111111111",
  title: "Great Salt Lake Wetland Restoration",
  description: "Replanting native bulrush.",
  category: "Water",
  location: "Davis County, Utah",
  environmentalImpact: "120 acres of wetland replanted",
  campaign: "0x1111111111111111111111111111111111111111",
  creator: DEPLOYER,
  beneficiary: DEPLOYER,
  currentFunding: "1250",
  fundingGoal: "5000",
  deadline: "2026-12-29T07:00:00.000Z",
  state: "open",
  satelliteVerified: false,
  attestation: null,
  gameRewards: { vibecoins: "50", verificationVibecoins: "500", environmentalScore: 10 },
  demo: true,
  source: "live",
  reason: null,
  ...over,
});
const PROJECTS: ProjectsResponse = {
  projects: [
    project({}),
    project({
      id: "22222222-2222-4222-8222-222222222222",
      title: "Uinta Forest Reforestation",
      currentFunding: "50",
      fundingGoal: "2500",
      satelliteVerified: true,
      attestation: {
        id: "3",
        verifier: VERIFIER,
        data: "satellite_verified_action",
        attestedAt: "2026-11-29T07:00:00.000Z",
        revoked: false,
        revokedAt: null,
      },
    }),
    project({
      id: "33333333-3333-4333-8333-333333333333",
      title: "Moab Community Solar Array",
      currentFunding: "10050",
      fundingGoal: "10000",
      state: "succeeded",
    }),
  ],
  contracts: {
    factory: "0x4c5859f0F772848b2D91F1D83E2Fe57935348029",
    registry: "0x1291Be112d480055DaFd8a610b7d1e203891C274",
    usdc: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
    vibe: "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0",
  },
  readAt: "2026-11-29T07:00:00.000Z",
  source: "live",
  reason: null,
};
const stats = (over: Partial<UserStatsResponse> = {}): UserStatsResponse => ({
  address: ACCOUNT,
  vibecoinsBalance: "550",
  environmentalScore: 110,
  gamingLevel: 2,
  fundings: 1,
  verifications: 1,
  rewardedProjects: { funding: [], verification: [] },
  isVerifier: false,
  rule: "rule",
  source: "live",
  reason: null,
  ...over,
});

async function setup({ connected, userStats = stats() }: { connected: boolean; userStats?: UserStatsResponse }) {
  const node = fakeNode();
  const api = stubFetch({
    "GET /api/vibecoins/projects": () => json(PROJECTS),
    "GET /api/user/stats": () => json(userStats),
    "GET /api/auth/session": () =>
      json({ address: ACCOUNT, chainId: 31337, expiresAt: new Date(Date.now() + 3_600_000).toISOString() }),
    "GET /api/auth/access": () => json({ ...OPEN_ACCESS, address: ACCOUNT }),
    "POST http://127.0.0.1:8545/": node.route,
  });
  const wagmiConfig = testWagmiConfig({
    connectors: [mock({ accounts: [ACCOUNT], features: { reconnect: true } })],
    discover: false,
  });
  if (connected) await connect(wagmiConfig, { connector: wagmiConfig.connectors[0]! });
  return {
    ...api,
    ...renderWithProviders(<CrowdfundingPage />, { route: "/enhanced-vibecoins-crowdfunding", wagmiConfig }),
  };
}

describe("CrowdfundingPage", () => {
  it("a visitor sees the projects with progress from the campaign, the claims labelled, and who attested; no stats bar", async () => {
    await setup({ connected: false });
    expect(screen.getByRole("heading", { level: 1, name: "Global Ecosystem" })).toBeInTheDocument();
    const cards = await screen.findAllByTestId("project-card");
    expect(cards).toHaveLength(3);
    const first = within(cards[0]!);
    expect(first.getByTestId("project-progress")).toHaveAttribute("aria-valuenow", "25");
    expect(first.getByTestId("project-funding")).toHaveTextContent("$1,250 of $5,000 USDC (25%)");
    expect(first.getByTestId("project-claim")).toHaveTextContent(
      "120 acres of wetland replanted (claimed, not measured)",
    );
    expect(first.getByTestId("project-attestation")).toHaveTextContent("No attestation yet.");
    expect(first.getByTestId("project-demo")).toHaveTextContent("demo");
    const second = within(cards[1]!);
    expect(second.getByTestId("project-progress")).toHaveAttribute("aria-valuenow", "2");
    expect(second.getByTestId("project-attestation")).toHaveTextContent(
      "Attested by verifier 0x3C44…93BC: “satellite_verified_action” (attestation #3",
    );
    expect(second.getByTestId("project-verified")).toBeInTheDocument();
    expect(screen.getByTestId("info-verify")).toHaveTextContent("No satellite is involved");
    expect(screen.queryByTestId("stats-bar")).not.toBeInTheDocument();
  });

  it("a signed-in wallet sees its stats; Verify only on the unverified project, usable only by a verifier", async () => {
    await setup({ connected: true });
    expect(await screen.findByTestId("stats-bar")).toHaveTextContent("550 VIBE");
    expect(screen.getByTestId("stats-level")).toHaveTextContent("2");
    const [first, second] = screen.getAllByTestId("project-card");
    expect(await within(first!).findByTestId("fund-button")).toHaveTextContent("Fund $50");
    expect(within(first!).getByTestId("verify-button")).toBeDisabled();
    expect(within(first!).getByTestId("verifier-note")).toHaveTextContent("Only an allow-listed verifier account");
    expect(await within(second!).findByTestId("fund-button")).toBeEnabled();
    expect(within(second!).queryByTestId("verify-button")).not.toBeInTheDocument();
    // Pay out only once the goal is met (the campaign's state).
    expect(within(first!).queryByTestId("finalize-button")).not.toBeInTheDocument();
    expect(within(screen.getAllByTestId("project-card")[2]!).getByTestId("finalize-button")).toHaveTextContent(
      "Pay out",
    );
  });

  it("says before the wallet acts where its action would earn no VIBE: its own campaign, a project it was rewarded for", async () => {
    const ids = PROJECTS.projects.map((p) => p.id);
    await setup({
      connected: true,
      userStats: stats({ isVerifier: true, rewardedProjects: { funding: [ids[0]!], verification: [ids[0]!] } }),
    });
    const [first, second] = await screen.findAllByTestId("project-card");
    expect(await within(first!).findByTestId("reward-note")).toHaveTextContent(
      "You earned this project's funding reward: funding it again earns no VIBE.",
    );
    expect(within(first!).getByTestId("verified-reward-note")).toHaveTextContent(
      "You earned this project's verification reward",
    );
    expect(within(second!).queryByTestId("reward-note")).not.toBeInTheDocument();
  });

  it("an allow-listed verifier may press Verify", async () => {
    await setup({ connected: true, userStats: stats({ isVerifier: true }) });
    const [first] = await screen.findAllByTestId("project-card");
    const verify = await within(first!).findByTestId("verify-button");
    expect(verify).toBeEnabled();
  });
});
