// The crowdfunding tables: projects (texts + the campaign's address; the chain holds the money) and the actions
// recorded after their receipts were read. An action's row is written before its reward is minted, so one
// transaction is recorded, and rewarded, once even when two requests race; and a wallet is rewarded once per
// project and kind of action (decided under a lock, across API replicas), however often it contributes.
import { randomUUID } from "node:crypto";
import { and, asc, count, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
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

  /**
   * An action whose reward reached the wallet, or is being minted now. A reward that failed or was only simulated
   * did not, so the wallet's next action on that project is rewarded instead.
   */
  const rewardEarned = and(
    ne(crowdfundingActions.rewardVibe, "0"),
    inArray(crowdfundingActions.rewardSource, ["live", "pending"]),
  );

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

    /**
     * Records an action before its reward is minted; null when this transaction was recorded already. The reward is
     * `rewardVibe` for the wallet's first action of this kind on this project, "0" when an earlier one was rewarded
     * (minted, or being minted now): `rewardedBefore` says so. A reward that failed or was only simulated did not
     * reach the wallet, so it does not count.
     */
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
    ): Promise<{ row: ActionRow; rewardedBefore: boolean } | null> {
      return db.transaction(async (tx) => {
        // One claim per (project, wallet, action) at a time, across replicas (PGlite runs one transaction at a time).
        const lock = `crowdfunding:${chainId}:${a.projectId}:${a.wallet}:${a.action}`;
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${lock}, 0))`);
        const [earlier] = await tx
          .select({ id: crowdfundingActions.id })
          .from(crowdfundingActions)
          .where(
            and(
              eq(crowdfundingActions.chainId, chainId),
              eq(crowdfundingActions.projectId, a.projectId),
              eq(crowdfundingActions.wallet, a.wallet),
              eq(crowdfundingActions.action, a.action),
              rewardEarned,
            ),
          )
          .limit(1);
        const rewardedBefore = earlier !== undefined && a.rewardVibe !== "0";
        const [row] = await tx
          .insert(crowdfundingActions)
          .values({
            ...a,
            chainId,
            rewardVibe: rewardedBefore ? "0" : a.rewardVibe,
            rewardTx: null,
            rewardSource: "pending",
            at: new Date(),
          })
          .onConflictDoNothing()
          .returning();
        return row ? { row, rewardedBefore } : null;
      });
    },

    async settleReward(id: number, rewardTx: string | null, rewardSource: "live" | "simulated" | "failed" | "none") {
      // Hashes in lower case, as the action's own transaction hash: rewardsByHash compares them as they are.
      await db
        .update(crowdfundingActions)
        .set({ rewardTx: rewardTx?.toLowerCase() ?? null, rewardSource })
        .where(eq(crowdfundingActions.id, id));
    },

    /** How many of each action the wallet has recorded on this chain run, and the projects where one earned a reward. */
    async countsOf(
      wallet: string,
      instance: string | null,
    ): Promise<Record<CrowdfundingAction, { recorded: number; rewardedProjects: string[] }>> {
      const rows = await db
        .select({
          action: crowdfundingActions.action,
          n: count(),
          rewardedProjects: sql<
            string[] | null
          >`array_agg(distinct ${crowdfundingActions.projectId}) filter (where ${rewardEarned})`,
        })
        .from(crowdfundingActions)
        .where(and(actionsOfRun(instance), eq(crowdfundingActions.wallet, wallet.toLowerCase())))
        .groupBy(crowdfundingActions.action);
      const of = (a: CrowdfundingAction) => {
        const r = rows.find((x) => x.action === a);
        return { recorded: r?.n ?? 0, rewardedProjects: [...(r?.rewardedProjects ?? [])].map(String).sort() };
      };
      return { fund_project: of("fund_project"), satellite_verified_action: of("satellite_verified_action") };
    },

    /** The recorded reward mints among these transactions (hashes in lower case), with what each was for. */
    async rewardsByHash(
      hashes: string[],
    ): Promise<{ transactionHash: string; action: CrowdfundingAction; projectId: string }[]> {
      if (hashes.length === 0) return [];
      const rows = await db
        .select({
          rewardTx: crowdfundingActions.rewardTx,
          action: crowdfundingActions.action,
          projectId: crowdfundingActions.projectId,
        })
        .from(crowdfundingActions)
        .where(
          and(
            eq(crowdfundingActions.chainId, chainId),
            inArray(
              crowdfundingActions.rewardTx,
              hashes.map((h) => h.toLowerCase()),
            ),
          ),
        );
      return rows.map((r) => ({
        transactionHash: r.rewardTx!,
        action: r.action as CrowdfundingAction,
        projectId: r.projectId,
      }));
    },
  };
}
export type CrowdfundingRepository = ReturnType<typeof createCrowdfundingRepository>;
