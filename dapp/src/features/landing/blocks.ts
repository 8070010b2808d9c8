// Which pages each of the landing's six blocks links to: the page table's features (src/config/paths.ts), so a page
// is named once there and every block finds its path, title and whether it is built from the table.
import { allPaths, type AppPath } from "../../config/paths";
import type { BlockId } from "./constants";

export const BLOCK_FEATURES: Record<BlockId, readonly string[]> = {
  "government-apis": ["testnet-operations"],
  "quantum-cryptography": ["q-isolator", "cryptocurrency"],
  "security-compliance": ["security", "professional", "mainnet-readiness", "congressional"],
  "treasury-services": ["quantum-treasury-2", "treasury-staking", "crowdfunding"],
  "environmental-services": ["environmental", "vibecoins"],
  infrastructure: ["unified", "technical-integration", "network-verification", "operations-log"],
};

/** A block's built pages, in the table's order (a page arrives in its block the day its entry says built). */
export function pagesOfBlock(id: BlockId): AppPath[] {
  const features = BLOCK_FEATURES[id];
  return allPaths.filter((p) => p.built && p.feature !== null && features.includes(p.feature));
}
