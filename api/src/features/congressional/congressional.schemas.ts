// The congressional presentation's one answer (GET /api/congressional/figures): the three stat card figures of the
// slides, the national debt for the dashboard's Treasury backing card, the GENIUS Act rules and the attestation check.
// Every figure says how it was computed and from what; a spec default says it is one (the dapp imports these types).
import { z } from "zod";
import { DEBT_BASES, FIGURE_BASES } from "./congressional.constants";

const isoTime = z.string().datetime({ offset: true });

/** One stat card: computed from our data, or the spec's default when that data is missing (with the reason). */
export const congressionalFigure = z.object({
  value: z.number(),
  basis: z.enum(FIGURE_BASES),
  /** How the value was computed (or why the default stands in). */
  how: z.string(),
  /** Where the data comes from: a route, a table, a contract. */
  source: z.string(),
  /** Why the data is missing (spec default), else null. */
  reason: z.string().nullable(),
});
export type CongressionalFigure = z.infer<typeof congressionalFigure>;

const ruleSchema = z.object({ id: z.string(), rule: z.string(), measured: z.string(), met: z.boolean() });

export const congressionalFiguresResponse = z.object({
  computedAt: isoTime,
  cacheSeconds: z.number(),
  figureTimeoutMs: z.number().int(),
  complianceScore: congressionalFigure.extend({
    /** The GENIUS Act rules of the compliance audit, as read now; empty when the audit could not be read. */
    rulesMet: z.number().int().nullable(),
    rulesTotal: z.number().int().nullable(),
    rules: z.array(ruleSchema),
    disclaimer: z.string().nullable(),
    blockNumber: z.string().nullable(),
  }),
  activities: congressionalFigure.extend({
    environmentalMints: z.number().int().nullable(),
    rewardedWallets: z.number().int().nullable(),
    lastAt: isoTime.nullable(),
  }),
  federalEndpoints: congressionalFigure.extend({
    sources: z.array(
      z.object({ name: z.string(), live: z.enum(["live", "disabled", "failed", "not-tried"]), reason: z.string() }),
    ),
  }),
  /** The national debt (Treasury's debt to the penny) from the government data layer, or the spec's fallback. */
  nationalDebt: z.object({
    valueUsd: z.number(),
    basis: z.enum(DEBT_BASES),
    /** The observation's own date; null for the fallback. */
    asOf: z.string().nullable(),
    publisher: z.string().nullable(),
    seriesId: z.string().nullable(),
    note: z.string(),
  }),
  /** A fresh message signed with the attestation key and verified with its public key, now. */
  quantum: z.object({
    algorithm: z.string(),
    publicKeyId: z.string(),
    signsNow: z.boolean(),
    durationMs: z.number(),
    error: z.string().nullable(),
  }),
});
export type CongressionalFiguresResponse = z.infer<typeof congressionalFiguresResponse>;
