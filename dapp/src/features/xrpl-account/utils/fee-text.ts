import type { XrplNetworkResponse } from "../api/contract";

/** The fee the pages state, with where it comes from. */
export function xrplFeeText(fee: XrplNetworkResponse["fee"]): string {
  return fee.source === "ledger"
    ? `fee ${fee.baseFeeDrops} drops (the ledger's fee command; ${fee.openLedgerFeeDrops ?? fee.baseFeeDrops} drops to enter the open ledger now)`
    : `fee ${fee.baseFeeDrops} drops (the XRPL reference cost, a default: the ledger was not read)`;
}
