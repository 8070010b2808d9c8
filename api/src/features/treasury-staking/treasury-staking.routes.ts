// HTTP surface of the treasury-staking feature (the Treasury bond staking page): the spec's four calls plus
// analytics, closing a position and the replay clock. Every figure is computed from the official par curve
// on the curve day; positions are paper positions stored in the database.
import { implement, type FeatureRouter, type RouteDef } from "../../http/route";
import { treasuryStakingContract } from "./treasury-staking.contract";
import { requireSession, type SessionStore } from "../../shared/session";
import {
  createTreasuryStakingService,
  type SpreadCapture,
  type TreasuryStakingDeps,
  type TreasuryStakingService,
  type YieldAccuracy,
  type PositionOwners,
} from "./treasury-staking.service";
import {
  treasuryAnalyticsResponse,
  treasuryBondsResponse,
  treasuryCloseResponse,
  treasuryOpportunitiesResponse,
  treasuryPositionIdParams,
  treasuryPositionsParams,
  treasuryPositionsResponse,
  treasuryReplayAdvanceRequest,
  treasuryReplayResponse,
  treasuryStakeRequest,
  treasuryStakeResponse,
} from "./treasury-staking.schemas";

/** What this feature offers others (testnet's status, wired in app.ts). */
export interface TreasuryStakingExports {
  /** Open paper positions of the named wallets (the operators': readiness counts no visitor's trade), or every wallet; never the showcase's. */
  openPositionCount(owners: PositionOwners): Promise<number>;
  /** Served yields of the current curve day against the bundled source file's row, tenor by tenor. */
  yieldAccuracy(): Promise<YieldAccuracy>;
  /** Realised against the model's expected spread change; null with a reason when no position has aged a curve day. */
  spreadCapture(owners: PositionOwners): Promise<SpreadCapture>;
  /** The bonds of the current curve day with its date and source (live or the bundled snapshot), as GET bonds answers. */
  bonds: TreasuryStakingService["bonds"];
}

export function createTreasuryStakingRouter(deps: TreasuryStakingDeps): FeatureRouter<TreasuryStakingExports> {
  const service = createTreasuryStakingService(deps);
  return {
    feature: "treasury-staking",
    routes: treasuryStakingRoutes(service, deps.sessions),
    exports: {
      openPositionCount: (owners) => service.openPositionCount(owners),
      yieldAccuracy: () => service.yieldAccuracy(),
      spreadCapture: (owners) => service.spreadCapture(owners),
      bonds: () => service.bonds(),
    },
  };
}

/** Positions belong to the signed-in wallet: stake and close act for the SIWE session's address only. */
function treasuryStakingRoutes(service: TreasuryStakingService, sessions: SessionStore): RouteDef[] {
  const c = treasuryStakingContract;
  return [
    implement(c.bonds, {
      response: treasuryBondsResponse,
      handler: () => service.bonds(),
    }),
    implement(c.opportunities, {
      response: treasuryOpportunitiesResponse,
      handler: () => service.opportunities(),
    }),
    implement(c.stake, {
      body: treasuryStakeRequest,
      response: treasuryStakeResponse,
      handler: async ({ body, req }) => {
        const session = await requireSession(req, sessions);
        return { status: 201, body: await service.stake(body, session.address) };
      },
    }),
    implement(c.positions, {
      params: treasuryPositionsParams,
      response: treasuryPositionsResponse,
      handler: ({ params }) => service.positions(params.userId),
    }),
    implement(c.close, {
      params: treasuryPositionIdParams,
      response: treasuryCloseResponse,
      handler: async ({ params, req }) => {
        const session = await requireSession(req, sessions);
        return service.close(params.id, session.address);
      },
    }),
    implement(c.analytics, {
      response: treasuryAnalyticsResponse,
      handler: () => service.analytics(),
    }),
    implement(c.replay, {
      response: treasuryReplayResponse,
      handler: () => service.replay(),
    }),
    implement(c.advanceReplay, {
      body: treasuryReplayAdvanceRequest,
      response: treasuryReplayResponse,
      handler: ({ body }) => service.advance(body.by),
    }),
  ];
}
