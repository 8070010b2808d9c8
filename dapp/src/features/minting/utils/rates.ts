import { MINT_LIMITS, VIBE_PER_XLM } from "../../../types/api";

// The local deployment's rules (scripts/lib/deploy-minting.ts, XQBMinter.sol): 3,000 XQB per ETH, ETH
// priced at $3,000, XQBUSD capped by the 150% collateral ratio, so 1 ETH backs at most 2,000 XQBUSD.
export const XQB_PER_ETH = 3_000;
export const ETH_USD_PRICE = 3_000;
export const COLLATERAL_RATIO = 1.5;
export const XQBUSD_PER_ETH = ETH_USD_PRICE / COLLATERAL_RATIO;
export { MINT_LIMITS, VIBE_PER_XLM };
