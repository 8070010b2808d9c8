// express-rate-limit's store in the database, so API replicas behind one PostgreSQL count one client's
// writes together: one upsert per write, the window reset inside the same statement.
import { sql } from "drizzle-orm";
import type { ClientRateLimitInfo, Options, Store } from "express-rate-limit";
import type { Db } from "../db/client";

export class DatabaseRateLimitStore implements Store {
  private windowMs = 60_000;
  /** One store per limiter (express-rate-limit refuses a shared one): "writes:" per caller, "ip:" the ceiling. */
  constructor(
    private readonly db: Db,
    readonly prefix = "writes:",
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const result = await this.db.execute(sql`
      insert into rate_limits (key, hits, reset_at)
      values (${this.prefix + key}, 1, now() + ${`${this.windowMs} milliseconds`}::interval)
      on conflict (key) do update set
        hits = case when rate_limits.reset_at <= now() then 1 else rate_limits.hits + 1 end,
        reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
      returning hits, reset_at`);
    const row = (result as unknown as { rows: { hits: number; reset_at: string | Date }[] }).rows[0]!;
    return { totalHits: Number(row.hits), resetTime: new Date(row.reset_at) };
  }

  async decrement(key: string): Promise<void> {
    await this.db.execute(sql`update rate_limits set hits = greatest(hits - 1, 0) where key = ${this.prefix + key}`);
  }

  async resetKey(key: string): Promise<void> {
    await this.db.execute(sql`delete from rate_limits where key = ${this.prefix + key}`);
  }
}
