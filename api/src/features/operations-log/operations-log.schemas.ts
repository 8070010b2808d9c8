// What the operations log accepts and answers (the dapp imports these types).
import { z } from "zod";
import { OPERATION_CLOCKS, OPERATION_SOURCES, OPERATIONS_PAGE } from "./operations-log.constants";

export * from "./operations-log.constants";

const name = (what: string) =>
  z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,47}$/, `must be a ${what} from the filter options (lower case, digits and dashes)`);

/** The filters, shared by the page and the CSV export. */
const filters = {
  ledger: name("ledger").optional(),
  feature: name("feature").optional(),
  source: z.enum(OPERATION_SOURCES).optional(),
  /** Rows whose acting (or served) EVM address is this one, in any letter case. */
  wallet: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x-prefixed 20-byte hex address")
    .optional(),
};

export const operationsQuery = z.strictObject({
  ...filters,
  limit: z.coerce
    .number()
    .int("must be a whole number")
    .min(1)
    .max(OPERATIONS_PAGE.maxLimit)
    .default(OPERATIONS_PAGE.defaultLimit),
  /** A previous answer's nextCursor (older rows) or prevCursor (newer rows); the newest page without it. */
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,400}$/, "must be a nextCursor or prevCursor from a previous page")
    .optional(),
});
export type OperationsQuery = z.infer<typeof operationsQuery>;

export const operationsCsvQuery = z.strictObject(filters);
export type OperationsFilters = z.infer<typeof operationsCsvQuery>;

export const operationRow = z.object({
  /** Unique across the log: the source table and its key ("mints:<uuid>", "bridge_transfers:…:delivery"). */
  id: z.string(),
  at: z.string().datetime({ offset: true }),
  clock: z.enum(OPERATION_CLOCKS),
  feature: z.string(),
  ledger: z.string(),
  kind: z.string(),
  hash: z.string(),
  /** confirmed | submitted | pending | failed | not broadcast (STATUS_MEANINGS). */
  status: z.string(),
  source: z.enum(OPERATION_SOURCES),
  /** Why it is simulated; null when live. */
  reason: z.string().nullable(),
  wallet: z.string().nullable(),
  /** The local chain run (genesis hash) the record names, where its table keeps one. */
  chainInstance: z.string().nullable(),
  /**
   * Local-chain rows only: true when the transaction belongs to an earlier run of the local node than the one the
   * API is on (by its recorded run, else by being recorded before the current run began); null when that cannot be
   * told (another ledger, or the node is not reachable now).
   */
  earlierRun: z.boolean().nullable(),
  /** A block explorer's page of the transaction: live ones on a ledger that has an explorer (the local chain has none). */
  link: z.string().nullable(),
  /** What it moved or did, in words. */
  detail: z.string().nullable(),
});
export type OperationRow = z.infer<typeof operationRow>;

const option = z.object({ value: z.string(), count: z.number().int() });
export type OperationsOption = z.infer<typeof option>;

export const operationsResponse = z.object({
  rows: z.array(operationRow),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** Pass as `cursor` for the previous (newer) page; null on the newest page. */
  prevCursor: z.string().nullable(),
  /** Rows matching the filters, all pages together. */
  total: z.number().int(),
  limit: z.number().int(),
  /** What the filters can be set to, over the whole log, with the rows of each. */
  options: z.object({ features: z.array(option), ledgers: z.array(option), sources: z.array(option) }),
  /** The local chain run the API is on (genesis hash and block time), against which `earlierRun` is told. */
  localChain: z.object({
    instance: z.string().nullable(),
    startedAt: z.string().datetime({ offset: true }).nullable(),
  }),
  csvMaxRows: z.number().int(),
});
export type OperationsResponse = z.infer<typeof operationsResponse>;
