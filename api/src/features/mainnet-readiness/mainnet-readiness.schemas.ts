// The HTTP contract of the mainnet-readiness feature (/mainnet-readiness-dashboard): each item of what stands
// between this testnet and a mainnet launch, computed when asked; the role holders read from the chain; the
// score's history; the report as Markdown.
import { z } from "zod";
import { HOLDER_KINDS, READINESS_ITEMS } from "./mainnet-readiness.constants";

export * from "./mainnet-readiness.constants";

const isoTime = z.string().datetime({ offset: true });
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x-prefixed 20-byte hex address");
const itemIds = READINESS_ITEMS.map((i) => i.id) as [
  (typeof READINESS_ITEMS)[number]["id"],
  ...(typeof READINESS_ITEMS)[number]["id"][],
];

export const readinessItem = z.object({
  id: z.enum(itemIds),
  label: z.string(),
  /** What passing means, in words. */
  rule: z.string(),
  /** null: not measured (never run, not wired, stale, or the reading failed; `detail` says which). */
  passed: z.boolean().nullable(),
  detail: z.string(),
  /** What the verdict rests on: role holders, over-budget calls, failing tests, run ids. */
  evidence: z.array(z.string()),
  /** When the reading was taken (a run's time for recorded results); null when there is none. */
  measuredAt: isoTime.nullable(),
  /** Who ran the recorded run behind it (an operator's address, or "open (local presenter)"); null for readings and unrecorded runs. */
  ranBy: z.string().nullable(),
  /** Seconds between measuredAt and now, for recorded results; null otherwise. */
  ageSeconds: z.number().int().nullable(),
  /** "statement": a fixed fact (the external audit), not a reading. */
  kind: z.enum(["reading", "statement"]),
  /** Where it is run or fixed. */
  link: z.object({ href: z.string(), label: z.string() }).nullable(),
});
export type ReadinessItem = z.infer<typeof readinessItem>;

export const roleHolder = z.object({
  contract: z.string(),
  contractAddress: address,
  /** The role's name ("DEFAULT_ADMIN_ROLE"), "owner()" for Ownable, or the hash when no name is known. */
  role: z.string(),
  holder: address,
  kind: z.enum(HOLDER_KINDS),
  /** "the Safe", a map contract's name, or what an EOA is for ("the API signer", "bridge relayer"). */
  holderName: z.string(),
  /** An admin or pause right: must be the Safe's. */
  privileged: z.boolean(),
  /** Mock contracts are listed, not counted. */
  counted: z.boolean(),
});
export type RoleHolder = z.infer<typeof roleHolder>;

export const mainnetReadinessStatusResponse = z.object({
  score: z.number(),
  passed: z.number().int(),
  total: z.number().int(),
  notMeasured: z.number().int(),
  scoreRule: z.string(),
  /** Failing first, then not measured, then passing. */
  items: z.array(readinessItem),
  roleHolders: z.array(roleHolder),
  chain: z.object({
    chainId: z.number().int(),
    network: z.string(),
    chainInstance: z.string().nullable(),
    safe: address.nullable(),
  }),
  computedAt: isoTime,
  /** True when this reading was stored as a history snapshot. */
  snapshotStored: z.boolean(),
});
export type MainnetReadinessStatusResponse = z.infer<typeof mainnetReadinessStatusResponse>;

export const historyPoint = z.object({
  at: isoTime,
  score: z.number(),
  passed: z.number().int(),
  total: z.number().int(),
  /** Each item's outcome at that time: true, false or null (not measured). */
  items: z.record(z.string(), z.boolean().nullable()),
});
export const mainnetReadinessHistoryResponse = z.object({
  points: z.array(historyPoint),
  scoreRule: z.string(),
  /** When snapshots are stored. */
  snapshotRule: z.string(),
});
export type MainnetReadinessHistoryResponse = z.infer<typeof mainnetReadinessHistoryResponse>;

export const mainnetReadinessHistoryQuery = z.strictObject({
  /** Most recent points returned (1-1000; 200 by default). */
  limit: z.coerce.number().int().min(1).max(1000).optional(),
});

export const mainnetReadinessReportResponse = z.object({
  /** e.g. "mainnet-readiness-2026-11-24.md". */
  filename: z.string(),
  markdown: z.string(),
  score: z.number(),
  computedAt: isoTime,
});
export type MainnetReadinessReportResponse = z.infer<typeof mainnetReadinessReportResponse>;
