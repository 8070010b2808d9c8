// The crowdfunding feature: projects stored here with their campaigns on chain, a wallet's own contribution and
// a verifier's own attestation recorded after the API read their receipts (it never signs for a wallet), the
// spec's VIBE rewards minted then by the server minter, and a wallet's stats by the stated rule.
import { formatUnits, getAddress, parseUnits, type Address, type Hash } from "viem";
import type { Db } from "../../db/client";
import { HttpError, fieldError } from "../../http/errors";
import type { EvmChain } from "../../ledgers/evm";
import type { LedgerSelector } from "../../ledgers/selector";
import { LedgerRejectedError, LedgerUnreachableError, LiveUnavailableError } from "../../ledgers/types";
import { DEMO_PROJECTS, demoProjectKey } from "./crowdfunding.demo";
import {
  campaignOfKey,
  deadlineText,
  isVerifier,
  latestAttestation,
  readAttestation,
  readAttested,
  readCampaign,
  readContribution,
  readCreated,
  usdcText,
  type CampaignFigures,
} from "./crowdfunding.ledger";
import { createCrowdfundingRepository, type ActionRow, type ProjectRow } from "./crowdfunding.repository";
import {
  CROWDFUNDING_FUND_AMOUNT,
  CROWDFUNDING_REWARDS,
  CROWDFUNDING_NO_REWARD,
  CROWDFUNDING_SCORE,
  CROWDFUNDING_USDC_DECIMALS,
  crowdfundingScoreRule,
  type Attestation,
  type CampaignState,
  type CreateProjectRequest,
  type CreateProjectResponse,
  type CrowdfundingProject,
  type FundRequest,
  type FundResponse,
  type ProjectsResponse,
  type UserStatsResponse,
  type VerifyRequest,
  type VerifyResponse,
} from "./crowdfunding.schemas";

/** The vibecoins feature's mint (wired in app.ts): VIBE by the server minter. */
export type MintVibe = (request: {
  recipient: Address;
  amount: string;
  slotOwner: Address | null;
}) => Promise<{ transactionHash: string; source: "live" | "simulated"; reason: string | null }>;

export interface CrowdfundingDeps {
  db: Db;
  evm: LedgerSelector<EvmChain>;
  chainId: number;
  mintVibe: MintVibe;
}

/** One project's status for the environmental monitoring page (exports.projectStatuses). */
export interface ProjectStatus {
  id: string;
  title: string;
  campaign: string;
  fundingGoal: string;
  currentFunding: string;
  deadline: string;
  state: CampaignState;
  satelliteVerified: boolean;
  attestation: { id: string; verifier: string; revoked: boolean } | null;
  demo: boolean;
  claimedImpact: string | null;
}

const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err));
/** Chain trouble a read reports in its place; anything else is a bug and propagates. */
const isLedgerTrouble = (err: unknown) =>
  err instanceof LedgerUnreachableError || err instanceof LiveUnavailableError || err instanceof LedgerRejectedError;

/** 50 VIBE per whole $50 contributed (the spec's rule). */
export function fundingReward(amountUnits: bigint): string {
  const step = parseUnits(String(CROWDFUNDING_REWARDS.fundingStepUsdc), CROWDFUNDING_USDC_DECIMALS);
  return String((amountUnits / step) * BigInt(CROWDFUNDING_REWARDS.vibePerFundingStep));
}

const GAME_REWARDS = {
  vibecoins: String(CROWDFUNDING_REWARDS.vibePerFundingStep),
  verificationVibecoins: String(CROWDFUNDING_REWARDS.vibePerVerification),
  environmentalScore: CROWDFUNDING_SCORE.perFunding,
};

export function createCrowdfundingService(deps: CrowdfundingDeps) {
  const repo = createCrowdfundingRepository(deps.db, deps.chainId);
  /** Chain runs whose demo campaigns were looked up already (the lookup is three reads). */
  const demoSynced = new Set<string>();

  /** The live chain client, or a 503 naming why the chain cannot be read. */
  const live = () => deps.evm.requireLive();

  async function syncDemo(evm: EvmChain): Promise<void> {
    const run = evm.chainInstance() ?? "remote";
    if (demoSynced.has(run)) return;
    for (const p of DEMO_PROJECTS) {
      const campaign = await campaignOfKey(evm, demoProjectKey(p.slug));
      if (!campaign) continue;
      const figures = await readCampaign(evm, campaign);
      await repo.upsertDemo({
        chainInstance: evm.chainInstance(),
        campaign: campaign.toLowerCase(),
        projectKey: demoProjectKey(p.slug),
        creator: figures.creator.toLowerCase(),
        title: p.title,
        description: p.description,
        category: p.category,
        location: p.location,
        claimedImpact: p.claimedImpact,
      });
    }
    demoSynced.add(run);
  }

  function view(
    row: ProjectRow,
    read: { figures: CampaignFigures; attestation: Attestation | null } | { error: string },
  ): CrowdfundingProject {
    const base = {
      id: row.id,
      title: row.title,
      description: row.description,
      category: row.category,
      location: row.location,
      environmentalImpact: row.claimedImpact,
      campaign: getAddress(row.campaign),
      creator: getAddress(row.creator),
      gameRewards: GAME_REWARDS,
      demo: row.demo,
    };
    if ("error" in read) {
      return {
        ...base,
        beneficiary: null,
        currentFunding: null,
        fundingGoal: null,
        deadline: null,
        state: null,
        satelliteVerified: false,
        attestation: null,
        source: "simulated",
        reason: `the campaign could not be read: ${read.error}`,
      };
    }
    const { figures, attestation } = read;
    return {
      ...base,
      beneficiary: figures.beneficiary,
      currentFunding: usdcText(figures.raised),
      fundingGoal: usdcText(figures.goal),
      deadline: deadlineText(figures),
      state: figures.state,
      satelliteVerified: attestation !== null && !attestation.revoked,
      attestation,
      source: "live",
      reason: null,
    };
  }

  async function readProject(evm: EvmChain, row: ProjectRow): Promise<CrowdfundingProject> {
    try {
      const campaign = getAddress(row.campaign);
      const [figures, attestation] = await Promise.all([readCampaign(evm, campaign), latestAttestation(evm, campaign)]);
      return view(row, { figures, attestation });
    } catch (err) {
      if (!isLedgerTrouble(err)) throw err;
      return view(row, { error: reasonOf(err) });
    }
  }

  async function projects(): Promise<ProjectsResponse> {
    const readAt = new Date().toISOString();
    let evm: EvmChain;
    try {
      evm = live();
      await syncDemo(evm);
    } catch (err) {
      if (!isLedgerTrouble(err)) throw err;
      // Without the chain there is nothing true to say about money or attestations: the stored texts only.
      const rows = await repo.list(null);
      const reason = `the chain could not be read: ${reasonOf(err)}`;
      return {
        projects: rows.map((r) => view(r, { error: reason })),
        contracts: null,
        readAt,
        source: "simulated",
        reason,
      };
    }
    const rows = await repo.list(evm.chainInstance());
    const [list, usdc] = await Promise.all([
      Promise.all(rows.map((r) => readProject(evm, r))),
      evm.read({ contract: "CrowdfundingFactory", functionName: "token" }),
    ]);
    return {
      projects: list,
      contracts: {
        factory: evm.address("CrowdfundingFactory"),
        registry: evm.address("AttestationRegistry"),
        usdc: getAddress(usdc),
        vibe: evm.address("VibeCoin"),
      },
      readAt,
      source: "live",
      reason: null,
    };
  }

  /** The stored project on this chain run, or a 404 naming the id. */
  async function projectOf(evm: EvmChain, id: string): Promise<ProjectRow> {
    const row = await repo.find(id, evm.chainInstance());
    if (!row) throw new HttpError("NOT_FOUND", `No crowdfunding project ${id} on this chain`);
    return row;
  }

  /**
   * Mints the reward the claim decided; a failed mint is reported in the answer (the action stays recorded), never
   * hidden. `noRewardReason` says why none was due.
   */
  async function reward(
    action: ActionRow,
    recipient: Address,
    noRewardReason: string | null,
  ): Promise<FundResponse["rewards"]> {
    if (noRewardReason !== null || action.rewardVibe === "0") {
      await repo.settleReward(action.id, null, "none");
      return { vibecoins: "0", transactionHash: null, source: "none", reason: noRewardReason ?? "no reward due" };
    }
    const vibe = action.rewardVibe;
    try {
      const r = await deps.mintVibe({ recipient, amount: vibe, slotOwner: null });
      await repo.settleReward(action.id, r.transactionHash, r.source);
      return { vibecoins: vibe, transactionHash: r.transactionHash as Hash, source: r.source, reason: r.reason };
    } catch (err) {
      await repo.settleReward(action.id, null, "failed");
      return {
        vibecoins: vibe,
        transactionHash: null,
        source: "failed",
        reason: `the reward mint failed: ${reasonOf(err)}`,
      };
    }
  }

  const conflict = (hash: string) =>
    new HttpError("CONFLICT", `Transaction ${hash} is recorded already: each transaction is rewarded once`);

  return {
    projects,

    async fund(wallet: Address, body: FundRequest): Promise<FundResponse> {
      const evm = live();
      const row = await projectOf(evm, body.projectId);
      const campaign = getAddress(row.campaign);
      const { receipt, amount } = await readContribution(evm, body.transactionHash as Hash, wallet, campaign);
      const expected = parseUnits(String(CROWDFUNDING_FUND_AMOUNT), CROWDFUNDING_USDC_DECIMALS);
      if (amount !== expected) {
        throw fieldError(
          "transactionHash",
          `the transaction contributed ${usdcText(amount)} USDC, not the ${CROWDFUNDING_FUND_AMOUNT} USDC of "Fund $50"`,
        );
      }
      // Rewarded is supporting someone else's project, once: not a wallet's own campaign, nor each of its
      // contributions to one project (a contribution can be refunded after a missed deadline, and the VIBE stays).
      const ownCampaign = row.creator !== null && row.creator.toLowerCase() === wallet.toLowerCase();
      const claim = await repo.claimAction({
        chainInstance: evm.chainInstance(),
        projectId: row.id,
        action: "fund_project",
        wallet: wallet.toLowerCase(),
        transactionHash: receipt.transactionHash.toLowerCase(),
        amount: usdcText(amount),
        attestationId: null,
        rewardVibe: ownCampaign ? "0" : fundingReward(amount),
      });
      if (!claim) throw conflict(receipt.transactionHash);
      const rewards = await reward(
        claim.row,
        wallet,
        ownCampaign
          ? CROWDFUNDING_NO_REWARD.ownCampaign
          : claim.rewardedBefore
            ? CROWDFUNDING_NO_REWARD.fundedBefore
            : null,
      );
      const figures = await readCampaign(evm, campaign);
      return {
        success: true,
        projectId: row.id,
        contributor: wallet,
        amount: usdcText(amount),
        transactionHash: receipt.transactionHash,
        blockNumber: receipt.blockNumber.toString(),
        currentFunding: usdcText(figures.raised),
        fundingGoal: usdcText(figures.goal),
        rewards,
      };
    },

    async verify(wallet: Address, body: VerifyRequest): Promise<VerifyResponse> {
      const evm = live();
      const row = await projectOf(evm, body.projectId);
      const campaign = getAddress(row.campaign);
      const { receipt, id } = await readAttested(evm, body.transactionHash as Hash, wallet, campaign);
      // The registry only takes attestations from VERIFIER_ROLE; one revoked since is no verification.
      const attestation = await readAttestation(evm, id);
      if (attestation.revoked)
        throw fieldError("transactionHash", `attestation ${id} was revoked at ${attestation.revokedAt}`);
      if (!(await isVerifier(evm, wallet)))
        throw new HttpError("FORBIDDEN", `${wallet} is no longer an allow-listed verifier (VERIFIER_ROLE)`);
      const claim = await repo.claimAction({
        chainInstance: evm.chainInstance(),
        projectId: row.id,
        action: "satellite_verified_action",
        wallet: wallet.toLowerCase(),
        transactionHash: receipt.transactionHash.toLowerCase(),
        amount: null,
        attestationId: id.toString(),
        rewardVibe: String(CROWDFUNDING_REWARDS.vibePerVerification),
      });
      if (!claim) throw conflict(receipt.transactionHash);
      return {
        verified: true,
        projectId: row.id,
        attestation,
        transactionHash: receipt.transactionHash,
        blockNumber: receipt.blockNumber.toString(),
        rewards: await reward(claim.row, wallet, claim.rewardedBefore ? CROWDFUNDING_NO_REWARD.verifiedBefore : null),
      };
    },

    async create(wallet: Address, body: CreateProjectRequest): Promise<CreateProjectResponse> {
      const evm = live();
      const { receipt, campaign, projectKey } = await readCreated(evm, body.transactionHash as Hash, wallet);
      const row = await repo.insertOwn({
        chainInstance: evm.chainInstance(),
        campaign: campaign.toLowerCase(),
        projectKey,
        creator: wallet.toLowerCase(),
        title: body.title,
        description: body.description,
        category: body.category,
        location: body.location,
        claimedImpact: body.claimedImpact,
        createdTx: receipt.transactionHash.toLowerCase(),
      });
      if (!row) throw new HttpError("CONFLICT", `Campaign ${campaign} is stored already`);
      return { project: await readProject(evm, row) };
    },

    async stats(wallet: Address): Promise<UserStatsResponse> {
      let balance: string | null = null;
      let verifier: boolean | null = null;
      let instance: string | null = null;
      let reason: string | null = null;
      try {
        const evm = live();
        instance = evm.chainInstance();
        const [units, role] = await Promise.all([
          evm.read({ contract: "VibeCoin", functionName: "balanceOf", args: [wallet] }),
          isVerifier(evm, wallet),
        ]);
        balance = formatUnits(units, 18);
        verifier = role;
      } catch (err) {
        if (!isLedgerTrouble(err)) throw err;
        reason = `the chain could not be read: ${reasonOf(err)}`;
      }
      const counts = await repo.countsOf(wallet, instance);
      const score =
        counts.fund_project.rewardedProjects.length * CROWDFUNDING_SCORE.perFunding +
        counts.satellite_verified_action.rewardedProjects.length * CROWDFUNDING_SCORE.perVerification;
      return {
        address: wallet,
        vibecoinsBalance: balance,
        environmentalScore: score,
        gamingLevel: 1 + Math.floor(score / CROWDFUNDING_SCORE.pointsPerLevel),
        fundings: counts.fund_project.recorded,
        verifications: counts.satellite_verified_action.recorded,
        rewardedProjects: {
          funding: counts.fund_project.rewardedProjects,
          verification: counts.satellite_verified_action.rewardedProjects,
        },
        isVerifier: verifier,
        rule: crowdfundingScoreRule,
        source: reason ? "simulated" : "live",
        reason,
      };
    },

    /** Every project this chain run's campaigns can be read for, for the environmental monitoring page. */
    async projectStatuses(): Promise<ProjectStatus[]> {
      const { projects: list } = await projects();
      return list.flatMap((p) =>
        p.source === "live" && p.fundingGoal && p.currentFunding && p.deadline && p.state
          ? [
              {
                id: p.id,
                title: p.title,
                campaign: p.campaign,
                fundingGoal: p.fundingGoal,
                currentFunding: p.currentFunding,
                deadline: p.deadline,
                state: p.state,
                satelliteVerified: p.satelliteVerified,
                attestation: p.attestation
                  ? { id: p.attestation.id, verifier: p.attestation.verifier, revoked: p.attestation.revoked }
                  : null,
                demo: p.demo,
                claimedImpact: p.environmentalImpact,
              },
            ]
          : [],
      );
    },

    rewardsByHash: (hashes: string[]) => repo.rewardsByHash(hashes),
  };
}
export type CrowdfundingService = ReturnType<typeof createCrowdfundingService>;
