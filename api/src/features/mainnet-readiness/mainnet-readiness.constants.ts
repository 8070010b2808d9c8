// The mainnet-readiness checklist's words and rules, shared with the page (its dapp feature's constants.ts):
// what each item measures, how the score is computed, and when a recorded result is too old to count.

/** A recorded run (security suite, load test, DR drill) older than this is stale: shown, not counted as a pass. */
export const STALE_AFTER_HOURS = 7 * 24;

/** Snapshots for the history chart: on every change of the score or of an item's outcome, else at most this often. */
export const SNAPSHOT_EVERY_MINUTES = 10;

export const SCORE_RULE =
  "score = items passed ÷ all items × 100 (an item not measured, stale or not wired counts as not passed); " +
  "green at 90 or more, yellow at 75 or more, red below";

/** Where each item is run or fixed. */
export const LINKS = {
  testnet: { href: "/testnet-perfection", label: "Testnet Perfection" },
  security: { href: "/government-security-dashboard", label: "Government Security Testing Dashboard" },
  professional: { href: "/professional-blockchain-development", label: "Professional Blockchain Development" },
} as const;

export const READINESS_ITEMS = [
  {
    id: "safe-admin",
    label: "Admin and pause rights held by the Safe",
    rule: "On every contract of the deploy map, every holder of DEFAULT_ADMIN_ROLE, PAUSER_ROLE (and owner() where a contract is Ownable) is the Safe, read from the chain (RoleGranted/RoleRevoked logs since deployedOnBlock, each confirmed by hasRole). Mock contracts (MockUSDC, MockV3Aggregator: the real USDC and Chainlink feed replace them off the local chain) are listed, not counted. Other roles are operational and listed as what they are.",
    link: LINKS.testnet,
  },
  {
    id: "pause-path",
    label: "Pause path tested on this chain instance",
    rule: "A passing emergency run (the Safe pauses a contract, a user call is refused while paused, the Safe unpauses) recorded on the chain instance the API is on now.",
    link: LINKS.testnet,
  },
  {
    id: "gas-budget",
    label: "Gas of every call within its budget",
    rule: "Every call of docs/gas-report.json (written by npm run bench:gas) that has an anchor has execution gas within 1.2 × its anchors' sum; calls without an anchor are listed, not counted.",
    link: null,
  },
  {
    id: "property-tests",
    label: "Contract property tests passing",
    rule: "The last recorded run of the contract property tests (contracts/invariants, fast-check) passed on this machine.",
    link: LINKS.professional,
  },
  {
    id: "keys-from-env",
    label: "Server keys only from the environment",
    rule: "Every key the server holds (EVM signer, Stellar server secret, XRPL seed, VIBE issuer, PQ attestation seed, Safe owner keys) came from the environment, or the server holds none; a public dev key or one generated per process fails.",
    link: null,
  },
  {
    id: "security-suite",
    label: "Security suite passing",
    rule: `The last comprehensive security run has no FAIL and no critical issue, and is at most ${STALE_AFTER_HOURS} hours old.`,
    link: LINKS.security,
  },
  {
    id: "load-test",
    label: "Load test passing",
    rule: `The last load test (autocannon against this server's read endpoints, k6-style thresholds) passed and is at most ${STALE_AFTER_HOURS} hours old.`,
    link: LINKS.professional,
  },
  {
    id: "disaster-recovery",
    label: "Disaster recovery drill passing",
    rule: `The last DR drill (backup, restore into a fresh instance, row counts and checksums compared) passed and is at most ${STALE_AFTER_HOURS} hours old.`,
    link: LINKS.professional,
  },
  {
    id: "external-audit",
    label: "External security audit",
    rule: "An audit of the contracts by an independent firm, with its report published. This is a statement, not a reading: none has been done.",
    link: null,
  },
] as const;

export type ReadinessItemId = (typeof READINESS_ITEMS)[number]["id"];

/** Said as it is: no reading can make it pass. */
export const EXTERNAL_AUDIT_STATEMENT =
  "No external audit has been done: the contracts have not been reviewed by an independent auditor. Mainnet needs one.";

export const HOLDER_KINDS = ["safe", "contract", "eoa"] as const;
export const KEY_NAMES = {
  evmSigner: "EVM signer (EVM_PRIVATE_KEY)",
  stellarServer: "Stellar server secret (STELLAR_SECRET)",
  xrplServer: "XRPL seed (XRPL_SEED)",
  vibeIssuer: "VIBE issuer (STELLAR_ISSUER_SECRET)",
  pqAttestation: "PQ attestation seed (PQ_ATTESTATION_SEED)",
  safeOwners: "Safe owner keys (dev owners #1-#3 when SAFE_DEV_OWNERS=on)",
  qIsolatorCustody: "Isolator custody key (Q_ISOLATOR_KEY)",
} as const;
