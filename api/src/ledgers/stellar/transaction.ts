import { Account, Asset, Memo, Networks, Operation, TransactionBuilder, type Transaction } from "@stellar/stellar-sdk";
import type { StellarMintRequest } from "../types";
import type { StellarKeys } from "./keys";

export const VIBE_CODE = "VIBE" as const;
// 0.0001 XLM per operation: ten times the minimum, so testnet surge pricing rarely refuses it.
const FEE_PER_OP = "1000";
const VALID_FOR_SECONDS = 30;

export function vibeAsset(keys: StellarKeys): Asset {
  return new Asset(VIBE_CODE, keys.issuer.publicKey());
}

/**
 * One transaction, signed by both accounts: the distributor trusts VIBE (first time only), pays XLM to the
 * issuer, and the issuer pays VIBE back. Atomic: either the whole swap lands or nothing does.
 */
export function buildMintTransaction(
  keys: StellarKeys,
  sequence: string,
  needsTrustline: boolean,
  req: StellarMintRequest,
): Transaction {
  const distributor = keys.distributor.publicKey();
  const issuer = keys.issuer.publicKey();
  const vibe = vibeAsset(keys);
  const builder = new TransactionBuilder(new Account(distributor, sequence), {
    fee: FEE_PER_OP,
    networkPassphrase: Networks.TESTNET,
  });
  if (needsTrustline) builder.addOperation(Operation.changeTrust({ asset: vibe }));
  const tx = builder
    .addOperation(Operation.payment({ destination: issuer, asset: Asset.native(), amount: req.xlmAmount }))
    .addOperation(Operation.payment({ source: issuer, destination: distributor, asset: vibe, amount: req.vibeAmount }))
    .addMemo(Memo.text(req.memo))
    .setTimeout(VALID_FOR_SECONDS)
    .build();
  tx.sign(keys.distributor, keys.issuer);
  return tx;
}

export function hashHex(tx: Transaction): string {
  return Buffer.from(tx.hash()).toString("hex");
}

export function envelopeBase64(tx: Transaction): string {
  return tx.toEnvelope().toXDR("base64");
}
