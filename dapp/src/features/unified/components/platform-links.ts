import { paths, type PathKey } from "../../../config/paths";
import type { PlatformId } from "../constants";

/** Our pages about each platform (from the page table; only the built ones are offered). */
const LINKS: Record<PlatformId, readonly PathKey[]> = {
  "cross-chain": ["testnetCrossChainDemo", "realCrossChainTesting"],
  "quantum-crypto": ["isolatorDashboard", "governmentSecurityDashboard"],
  "xrp-ledger": ["xrpAccountTesting", "realTestnetXrpExecution"],
  "mobile-wallet": [],
  "restaurant-pos": [],
  "smart-contracts": ["multiBlockchainMinting", "technicalIntegrationOverview", "mainnetReadinessDashboard"],
  "consciousness-tracking": [],
};

export const pagesOf = (id: PlatformId) => LINKS[id].map((key) => paths[key]).filter((page) => page.built);
