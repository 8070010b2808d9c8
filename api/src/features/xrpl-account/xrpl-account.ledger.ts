// The xrpl-account feature's reads on the XRPL client (live or simulated, run by the selector). A simulated client
// never answers the fee (it would be a guess): the reference cost stands in, labelled.
import type { OpContext } from "../../ledgers/selector";
import { neverSeen, type XrplLedgerClient } from "../../ledgers/xrpl";
import { XRPL_REFERENCE_FEE_DROPS, type XrplFee } from "./xrpl-account.schemas";

/** The node's transaction cost now (`fee`); XRPL's reference cost, labelled, when the node cannot be asked. */
export async function readFee(c: XrplLedgerClient, ctx?: OpContext): Promise<XrplFee> {
  try {
    const f = await c.fee(ctx);
    return {
      baseFeeDrops: f.baseFeeDrops,
      openLedgerFeeDrops: f.openLedgerFeeDrops,
      source: "ledger",
      ledgerCurrentIndex: f.ledgerCurrentIndex,
    };
  } catch (err) {
    if (!neverSeen(err)) throw err;
    return defaultFee;
  }
}

export const defaultFee: XrplFee = {
  baseFeeDrops: XRPL_REFERENCE_FEE_DROPS,
  openLedgerFeeDrops: null,
  source: "xrpl-default",
  ledgerCurrentIndex: null,
};

/** The account from the validated ledger: null when it does not exist, undefined when the simulated client never read it. */
export async function readAccountDetails(c: XrplLedgerClient, address: string, ctx?: OpContext) {
  try {
    return await c.accountDetails(address, ctx);
  } catch (err) {
    if (neverSeen(err)) return undefined;
    throw err;
  }
}
