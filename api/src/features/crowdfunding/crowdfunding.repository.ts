// The crowdfunding tables: projects (texts + the campaign's address; the chain holds the money) and the actions
// recorded after their receipts were read. An action's row is written before its reward is minted, so one
// transaction is recorded, and rewarded, once even when two requests race.
import { randomUUID } from "node:crypto";
import { and, asc, count, eq, isNull, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { crowdfundingActions, crowdfundingProjects } from "../../db/schema";

export type ProjectRow = typeof crowdfundingProjects.$inferSelect;
export type ActionRow = typeof crowdfundingActions.$inferSelect;
export type CrowdfundingAction = "fund_project" | "satellite_verified_action";

export function createCrowdfundingRepository(db: Db, chainId: number) {
  /** Rows of this chain run (a local chain restarted from genesis has none of the old campaigns). */
  const ofRun = (instance: string | null) =>
    instance === null
      ? eq(crowdfundingProjects.chainId, chainId)
      : and(
          eq(crowdfundingProjects.chainId, chainId),
          or(eq(crowdfundingProjects.chainInstance, instance), isNull(crowdfundingProjects.chainInstance)),
        );
  const actionsOfRun = (instance: string | null) =>
    instance === null
      ? eq(crowdfundingActions.chainId, chainId)
      : and(eq(crowdfundingActions.chainId, chainId), eq(crowdfundingActions.chainInstance, instance));

  return {
    async list(instance: string | null): Promise<ProjectRow[]> {
      return db
        .select()
        .from(crowdfundingProjects)
        .where(ofRun(instance))
        .orderBy(asc(crowdfundingProjects.createdAt), asc(crowdfundingProjects.id));
    },

    async find(id: string, instance: string | null): Promise<ProjectRow | null> {
      const [row] = await db
        .select()
        .from(crowdfundingProjects)
        .where(and(eq(crowdfundingProjects.id, id), ofRun(instance)));
      return row ?? null;
    },

    /**
     * A demo project found on chain: stored once per campaign address; the deploy gives a fresh chain the same
     * addresses, so the row follows the chain run it was last found on.
     */
    async upsertDemo(p: Omit<ProjectRow, "id" | "createdAt" | "demo" | "createdTx" | "chainId">): Promise<void> {
      await db
        .insert(crowdfundingProjects)
        .values({ ...p, id: randomUUID(), chainId, demo: true, createdTx: null, createdAt: new Date() })
        .onConflictDoUpdate({
          target: [crowdfundingProjects.chainId, crowdfundingProjects.campaign],
          set: { chainInstance: p.chainInstance },
        });
    },

    /** A wallet's project; null when the campaign is stored already. */
    async insertOwn(p: Omit<ProjectRow, "id" | "createdAt" | "demo" | "chainId">): Promise<ProjectRow | null> {
      const [row] = await db
        .insert(crowdfundingProjects)
        .values({ ...p, id: randomUUID(), chainId, demo: false, createdAt: new Date() })
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },

    /** Records an action before its reward is minted; null when this transaction was recorded already. */
    async claimAction(
      a: Pick<
        ActionRow,
        | "chainInstance"
        | "projectId"
        | "action"
        | "wallet"
        | "transactionHash"
        | "amount"
        | "attestationId"
        | "rewardVibe"
      >,
    ): Promise<ActionRow | null> {
      const [row] = await db
        .insert(crowdfundingActions)
        .values({ ...a, chainId, rewardTx: null, rewardSource: "pending", at: new Date() })
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },

    async settleReward(id: number, rewardTx: string | null, rewardSource: "live" | "simulated" | "failed") {
      await db.update(crowdfundingActions).set({ rewardTx, rewardSource }).where(eq(crowdfundingActions.id, id));
    },

    /** How many of each action the wallet has recorded on this chain run. */
    async countsOf(wallet: string, instance: string | null): Promise<Record<CrowdfundingAction, number>> {
      const rows = await db
        .select({ action: crowdfundingActions.action, n: count() })
        .from(crowdfundingActions)
        .where(and(actionsOfRun(instance), eq(crowdfundingActions.wallet, wallet.toLowerCase())))
        .groupBy(crowdfundingActions.action);
      const of = (a: CrowdfundingAction) => rows.find((r) => r.action === a)?.n ?? 0;
      return { fund_project: of("fund_project"), satellite_verified_action: of("satellite_verified_action") };
    },

    /** Every recorded reward mint (transaction hash, lower case) with what it was for, for the monitoring page. */
    async rewardMints(): Promise<{ transactionHash: string; action: CrowdfundingAction; projectId: string }[]> {
      const rows = await db
        .select({
          rewardTx: crowdfundingActions.rewardTx,
          action: crowdfundingActions.action,
          projectId: crowdfundingActions.projectId,
        })
        .from(crowdfundingActions)
        .where(eq(crowdfundingActions.chainId, chainId));
      return rows
        .filter((r) => r.rewardTx !== null)
        .map((r) => ({
          transactionHash: r.rewardTx!.toLowerCase(),
          action: r.action as CrowdfundingAction,
          projectId: r.projectId,
        }));
    },
  };
}
export type CrowdfundingRepository = ReturnType<typeof createCrowdfundingRepository>;
