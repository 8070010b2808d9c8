import { MINTING_PARAMS } from "../../../../scripts/lib/deploy-minting";
import { LedgerRejectedError } from "../types";

// Mirrors XQBMinter.quote and its checks with the parameters the deploy script uses, so a simulated mint
// reports what the contract would mint and refuses what it would revert.

const PRICE_DECIMALS = 8n;
const COLLATERAL_RATIO_BPS = 15_000n;
const ZERO_ADDRESS = "0x0000000000000000000000000000000000000000";

export function quoteMint(weiIn: bigint): { xqbOut: bigint; xqbusdOut: bigint } {
  return {
    xqbOut: weiIn * MINTING_PARAMS.xqbPerEth,
    xqbusdOut: (weiIn * MINTING_PARAMS.ethUsdPrice * 10_000n) / (10n ** PRICE_DECIMALS * COLLATERAL_RATIO_BPS),
  };
}

/** Throws the LedgerRejectedError the live contract's revert would produce. */
export function checkMint(weiIn: bigint, recipient: string): void {
  if (weiIn === 0n) throw new LedgerRejectedError("ethereum", "XQBMinter reverted: ZeroAmount()");
  if (weiIn < MINTING_PARAMS.minDepositWei) {
    throw new LedgerRejectedError(
      "ethereum",
      `XQBMinter reverted: BelowMinimumDeposit(sent=${weiIn}, minimum=${MINTING_PARAMS.minDepositWei})`,
    );
  }
  if (recipient.toLowerCase() === ZERO_ADDRESS) throw new LedgerRejectedError("ethereum", "XQBMinter reverted: ZeroRecipient()");
}
