// What the landing reads, as other features offer it through their exports (wired in app.ts): shapes declared here,
// structurally, because features never import each other.
import type { GovernmentData } from "../../sources/government/government-data";
import type { Attestor } from "../../shared/attestation";
import type { LedgerStatus } from "../../ledgers/types";

type Level = "live" | "signed-offline" | "display-only";

/** The coin layer's list (the cryptocurrency feature's `supported()`): each coin's network and level. */
export interface CoinLayer {
  cryptocurrencies: {
    symbol: string;
    name: string;
    network: string;
    status: "OPERATIONAL" | "UNAVAILABLE" | "DISPLAY_ONLY";
    level: Level;
    levelReason: string;
    testnet: { name: string; id: string | null; idKind: string | null };
  }[];
}

/** The isolator's stored files as last verified (q-isolator's `integrity()`). */
export interface IsolatorIntegrity {
  files: number;
  verified: number;
  failed: number;
  classicalOnly: number;
  pending: number;
  oldestVerifiedAt: string | null;
}

/** The vault's collateral at the chain's head (quantum-treasury-2's `vaultCollateral()`). */
export interface VaultCollateral {
  vault: string;
  blockNumber: bigint;
  usdcCollateral: bigint;
  ethCollateral: bigint;
  collateralValueUsd: bigint;
  xqbusdSupply: bigint;
  systemRatioBps: bigint | null;
  priceProblem: string | null;
  source: "live" | "simulated";
  reason: string | null;
}

/** The last comprehensive security run (security's `latest()`), only what the landing shows. */
export interface SecurityRun {
  ranAt: string;
  summary: {
    overallScore: number;
    securityGrade: string;
    passedTests: number;
    failedTests: number;
    totalTests: number;
    criticalIssues: number;
  };
}

/** The treasury curve day (treasury-staking's `bonds()`). */
export interface TreasuryCurve {
  bonds: { id: string; maturity: string; currentYield: number }[];
  asOf: string;
  source: "live" | "snapshot";
  sourceNote: string;
}

export interface LandingDeps {
  government: Pick<GovernmentData, "sources" | "figures">;
  coins: () => Promise<CoinLayer>;
  attestor: Attestor;
  isolatorIntegrity: () => Promise<IsolatorIntegrity>;
  vaultCollateral: () => Promise<VaultCollateral>;
  securityLatest: () => Promise<SecurityRun | null>;
  treasuryCurve: () => Promise<TreasuryCurve>;
  environmentalMints: () => Promise<{ count: number; lastAt: Date | null }>;
  ledgers: () => { ethereum: LedgerStatus; stellar: LedgerStatus; xrpl: LedgerStatus };
  /** The EVM network the API runs on ("hardhat", "sepolia") and SEPOLIA_RPC_URL as given. */
  evmNetwork: string;
  sepoliaRpcUrl: string | null;
  contact: { name: string | null; email: string | null };
  /** Tests shorten these (landing.constants.ts has the defaults). */
  partTimeoutMs?: number;
  cacheMs?: number;
  now?: () => Date;
}
