// Plain values of the xrpl-account feature that a page needs at first paint (no zod, no xrpl.js).

/** The issued currency the bridge delivers on XRPL; its issuer is the server wallet (GET /api/xrpl/network). */
export const XRPL_XQB_CURRENCY = "XQB";
/** A payment built in the page expires this many ledgers after the validated one (about 30-40 s at 3-5 s a ledger). */
export const XRPL_LAST_LEDGER_OFFSET = 10;
export const XRPL_DESTINATION_TAG_MAX = 4_294_967_295;
/** The memo a payment form accepts, in UTF-8 bytes (rippled allows 1 KB of memos in all). */
export const XRPL_MEMO_MAX_BYTES = 256;
/** XRPL's reference transaction cost in drops: the default stated when the ledger's own fee could not be read. */
export const XRPL_REFERENCE_FEE_DROPS = "10";
/** XRP amounts: drops are millionths. */
export const XRPL_XRP_DECIMALS = 6;
/** Longest signed blob relayed (rippled refuses anything near 1 MB; a payment is about 250 bytes). */
export const XRPL_MAX_BLOB_CHARS = 20_000;
export const XRPL_EXPLORER_BASE = "https://testnet.xrpl.org";
/** The answer to a body that carries a secret: the seed stays in the browser. */
export const XRPL_SECRET_REFUSAL =
  "An XRPL secret never leaves your browser: sign the transaction in the page and send only the signed blob. Nothing was submitted or logged.";
