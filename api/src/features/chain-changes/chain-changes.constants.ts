// GET /api/chain/changes's constants, free of zod: the dapp's first load imports them (lib/chain-changes).

/** The event name of every message on the stream (EventSource listens for it). */
export const CHAIN_CHANGE_EVENT = "chain";
