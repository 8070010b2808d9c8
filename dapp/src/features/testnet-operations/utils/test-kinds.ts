// What the real-testnet page shows about its tests before any runs (labels, who may run each, Run All's order):
// plain values, so the first paint needs neither the calls nor the toasts (test-catalogue.ts loads on the first run).
import type { Access } from "../../../components/session/use-access";
import { testnetOperationsContract as contract } from "../api/contract";

export type TestKind =
  "government" | "assets" | "vibeAnalytics" | "realOperations" | "stellar" | "multiCrypto" | "vibeMint";

/** The toasts' '{label} Success' / '{label} Failed' (spec §8). */
export const TEST_LABEL: Record<TestKind, string> = {
  government: "Government Data",
  assets: "Supported Assets",
  vibeAnalytics: "VibeCoins Analytics",
  realOperations: "Real Operations",
  stellar: "Stellar Transaction",
  multiCrypto: "Multi-Crypto Test",
  vibeMint: "VibeCoins Mint",
};

/** Who may run each, from the endpoint contract. */
export const TEST_ACCESS: Record<TestKind, Access> = {
  government: contract.governmentData.access,
  assets: contract.supportedAssets.access,
  vibeAnalytics: contract.vibeAnalytics.access,
  realOperations: contract.realOperations.access,
  stellar: contract.realTestnetStellar.access,
  multiCrypto: contract.multiCrypto.access,
  vibeMint: contract.vibeMint.access,
};

/** Run All Real Tests' order: the reads anyone may run, then what needs a signed-in wallet. */
export const RUN_ALL_ORDER: readonly TestKind[] = [
  "government",
  "assets",
  "vibeAnalytics",
  "realOperations",
  "stellar",
  "multiCrypto",
  "vibeMint",
];

export const needsWallet = (kind: TestKind) => TEST_ACCESS[kind] !== "visitor";

export const NO_WALLET = "needs a signed-in wallet (sign in with your wallet from the app bar)";
