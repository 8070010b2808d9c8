// The testnet operations pages' constants (spec part 1, sections 5, 8 and 9), shared with the dapp (zod-free).

/** The multi-crypto test's coins, and its default choice (spec section 5). */
export const MULTI_CRYPTO_COINS = ["BTC", "ETH", "XRP", "XLM", "ADA", "ALGO", "MATIC", "AVAX", "HBAR"] as const;
export type MultiCryptoCoin = (typeof MULTI_CRYPTO_COINS)[number];
export const MULTI_CRYPTO_DEFAULT: readonly MultiCryptoCoin[] = ["BTC", "ETH", "XRP"];
/** Each coin's test amount in the multi-crypto run (the spec sends none; the crypto page's default test amount). */
export const MULTI_CRYPTO_AMOUNT = "1";

/** Stellar's text memo holds at most 28 bytes (spec: "memo limit 28"; Stellar's MEMO_TEXT). */
export const STELLAR_MEMO_MAX_BYTES = 28;
export const STELLAR_DEFAULTS = {
  /** /real-testnet-operations */
  realTestnetAmount: 10,
  /** /authentic-testnet-dashboard */
  dashboardAmount: 1,
  memo: "XQBUSD Test Transaction",
} as const;
/** The largest test payment from our testnet account (friendbot funds 10,000 XLM; a run must not drain it). */
export const STELLAR_MAX_AMOUNT = 100;
/**
 * The payment's amount rule, checked as typed by the pages: one stroop to STELLAR_MAX_AMOUNT, 7 decimals. The coin
 * layer's XLM limits are what the API refuses with; a test keeps the two equal.
 */
export const STELLAR_AMOUNT_RULE = { min: 0.0000001, max: STELLAR_MAX_AMOUNT, decimals: 7 } as const;

/** VibeCoins mint (spec: the test uses a fixed recipient and amount 1000). */
export const VIBE_MINT = {
  testAmount: 1000,
  /** A wallet minting to itself; an operator may mint more, to anyone. */
  walletMax: 1000,
  operatorMax: 1_000_000,
} as const;

/** The spec's message when government data is missing (section 8); shown only when live and snapshot both are. */
export const GOVERNMENT_UNAVAILABLE =
  "Government data temporarily unavailable. API endpoints are configured and authenticated.";

/** The algorithms this product runs, by the standard that specifies them (no FIPS 140 validation is claimed). */
export const QUANTUM_ALGORITHMS = [
  {
    name: "ML-DSA-65",
    standard: "FIPS 204",
    use: "signs every chain result's attestation (the API's key); the isolator signs file envelopes with ML-DSA-44/65/87",
  },
  {
    name: "ML-KEM-512/768/1024",
    standard: "FIPS 203",
    use: "encapsulates each protected file's key to its recipient in the Q-Blockchain isolator",
  },
  { name: "AES-256-GCM", standard: "FIPS 197, SP 800-38D", use: "encrypts protected files and sealed test keys" },
  { name: "SHA-256", standard: "FIPS 180-4", use: "content ids, key ids and attestation key fingerprints" },
] as const;
export const QUANTUM_ALGORITHMS_NOTE =
  "Implemented with the @noble/post-quantum and Node's crypto libraries. These are the standards the algorithms follow; no FIPS 140 validation of this product is claimed. The ledgers' own signatures stay classical (ECDSA secp256k1, Ed25519).";
