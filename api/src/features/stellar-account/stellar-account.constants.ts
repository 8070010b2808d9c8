// The stellar-account feature's plain values (no zod): the assets a user can trust, the spec's limits, and
// the messages the page and the API share. The schemas re-export them; a page's first load imports them
// directly (the dapp feature's constants.ts).

/** The assets the page offers a trustline for, by code; their issuers come from GET /api/stellar/network. */
export const STELLAR_ASSET_CODES = ["VIBE", "XQB"] as const;
export type StellarAssetCode = (typeof STELLAR_ASSET_CODES)[number];

/** A text memo holds 28 bytes (counted as UTF-8, not characters): Stellar's MEMO_TEXT limit. */
export const STELLAR_MEMO_TEXT_MAX_BYTES = 28;

/** Stellar amounts have 7 decimals (1 stroop = 0.0000001). */
export const STELLAR_AMOUNT_DECIMALS = 7;

/** The largest amount Stellar can hold: int64 stroops. */
export const STELLAR_MAX_AMOUNT = "922337203685.4775807";

/** The 400 for a body that carries a Stellar secret (the key was never sent further, nor logged). */
export const SECRET_IN_BODY_MESSAGE =
  "This request carries a Stellar secret key (S…). It was refused and not stored or logged: your secret never leaves your browser. Sign the transaction in the page and send only the signed envelope.";
