// Positions as the event index tells them: LeverageRouter's PositionOpened/PositionClosed per (user, LST),
// grouped into episodes (an open with nothing active starts one, later opens add to it as the router merges
// them, a close ends it). Also the index's own refusals: none running (503) or not through its first pass.
import type { Address } from "viem";
import type { EvmChain } from "../../ledgers/evm";
import type { EventIndex, IndexedEvent } from "../../ledgers/evm/event-index/types";
import { HttpError } from "../../http/errors";
import { LIQUID_STAKING_POOLS, type LiquidStakingPool } from "./liquid-staking.schemas";

export interface Episode {
  pool: LiquidStakingPool;
  opens: IndexedEvent[];
  close: IndexedEvent | null;
}

export function requireIndex(index: EventIndex | null): EventIndex {
  if (!index) {
    throw new HttpError(
      "LEDGER_UNAVAILABLE",
      "positions come from the EVM event index, which is not running on this server",
      {
        ledger: "ethereum",
        retryAfterSeconds: 10,
      },
    );
  }
  return index;
}

export async function indexHead(index: EventIndex) {
  const head = await index.head();
  if (!head) {
    throw new HttpError("LEDGER_BUSY", "the event index has not finished its first pass over the chain yet", {
      ledger: "ethereum",
      retryAfterSeconds: 2,
    });
  }
  return head;
}

/** Opens and closes per (user, LST), in chain order, keyed `user|pool` (user in lower case). */
export function episodesOf(evm: EvmChain, events: IndexedEvent[]): Map<string, Episode[]> {
  const poolOf = new Map(LIQUID_STAKING_POOLS.map((p) => [evm.address(p).toLowerCase(), p] as const));
  const byKey = new Map<string, Episode[]>();
  for (const e of events) {
    const pool = poolOf.get(String(e.args.lst).toLowerCase());
    if (!pool) continue;
    const key = `${String(e.args.user).toLowerCase()}|${pool}`;
    const list = byKey.get(key) ?? [];
    byKey.set(key, list);
    const last = list[list.length - 1];
    if (e.eventName === "PositionOpened") {
      if (last && last.close === null) last.opens.push(e);
      else list.push({ pool, opens: [e], close: null });
    } else if (e.eventName === "PositionClosed" && last && last.close === null) {
      last.close = e;
    }
  }
  return byKey;
}

/** The router's opens and closes up to `toBlock`, oldest first: one user's, or everyone's. */
export const routerEvents = (index: EventIndex, toBlock: bigint, user?: Address) =>
  index.events({
    contract: "LeverageRouter",
    eventName: ["PositionOpened", "PositionClosed"],
    ...(user ? { args: { user } } : {}),
    toBlock,
    order: "asc",
  });
