// The `operations_log` view (migration 0019) as drizzle sees it, for typed queries. Declared `.existing()` and
// outside db/schema.ts: the view is SQL written by hand, so drizzle-kit must neither create nor drop it.
import { pgView, text, timestamp } from "drizzle-orm/pg-core";

export const operationsLog = pgView("operations_log", {
  id: text("id").notNull(),
  at: timestamp("at", { withTimezone: true, mode: "date" }).notNull(),
  clock: text("clock").notNull(),
  feature: text("feature").notNull(),
  ledger: text("ledger").notNull(),
  kind: text("kind").notNull(),
  hash: text("hash").notNull(),
  status: text("status").notNull(),
  source: text("source").notNull(),
  reason: text("reason"),
  wallet: text("wallet"),
  chainInstance: text("chain_instance"),
  explorerUrl: text("explorer_url"),
  detail: text("detail"),
}).existing();
