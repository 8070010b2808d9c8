// Mirrors XQBMinter.quote with the parameters scripts/lib/deploy-minting.ts deploys, so a simulated mint
// reports the amounts the contract would mint.

export const XQB_PER_ETH = 3_000n;
/** ETH/USD with 8 decimals ($3,000). */
export const ETH_USD_PRICE = 3_000n * 10n ** 8n;
const PRICE_DECIMALS = 8n;
const COLLATERAL_RATIO_BPS = 15_000n;

export function quoteMint(weiIn: bigint): { xqbOut: bigint; xqbusdOut: bigint } {
  return {
    xqbOut: weiIn * XQB_PER_ETH,
    xqbusdOut: (weiIn * ETH_USD_PRICE * 10_000n) / (10n ** PRICE_DECIMALS * COLLATERAL_RATIO_BPS),
  };
}
