// Decoders for the test transactions of the ledgers we reach (the offline coins decode with their own signer):
// a Stellar envelope, an XRPL blob, a local-chain EVM transfer (ETH value or an ERC-20 transfer). Each answers
// what the bytes say and whether the signature verifies; bytes of another kind are an OfflineDecodeError.
import { Memo, Operation } from "@stellar/stellar-sdk";
import {
  decodeFunctionData,
  erc20Abi,
  formatUnits,
  getAddress,
  isAddressEqual,
  keccak256,
  parseTransaction,
  recoverTransactionAddress,
  type Address,
  type TransactionSerialized,
} from "viem";
import { decode, hashes, verifySignature } from "xrpl";
import { decodeSignedEnvelope, EnvelopeError } from "../../ledgers/stellar/envelope";
import { amountOf, memosOf } from "../../ledgers/xrpl/codec";
import { OfflineDecodeError, type DecodedOffline } from "../../ledgers/offline/types";

export function decodeStellarPayment(xdr: string, networkPassphrase: string): DecodedOffline {
  let env;
  try {
    env = decodeSignedEnvelope(xdr, networkPassphrase, "signedTransaction");
  } catch (err) {
    if (err instanceof EnvelopeError) throw new OfflineDecodeError(`the envelope ${err.message}`);
    throw err;
  }
  const op = env.tx.operations[0] as Operation.Payment | undefined;
  if (!op || op.type !== "payment" || env.tx.operations.length !== 1)
    throw new OfflineDecodeError("not a single-payment Stellar transaction");
  const value = env.tx.memo.value;
  const memo =
    env.tx.memo.type !== Memo.text("x").type || value === null || value === undefined
      ? null
      : typeof value === "string"
        ? value
        : Buffer.from(value as Uint8Array).toString("utf8");
  return {
    transactionHash: env.hash,
    from: env.source,
    to: op.destination,
    amount: op.amount.replace(/\.?0+$/, ""),
    fee: formatUnits(BigInt(env.tx.fee), 7),
    memo,
    signatureValid: true,
    signatureNote: `ed25519: the source account's signature over the transaction hash for "${networkPassphrase}" verifies`,
  };
}

export function decodeXrplPayment(blob: string): DecodedOffline {
  if (!/^([0-9A-Fa-f]{2})+$/.test(blob)) throw new OfflineDecodeError("not hex");
  let tx: Record<string, unknown>;
  try {
    tx = decode(blob) as Record<string, unknown>;
  } catch {
    throw new OfflineDecodeError("not a decodable XRPL transaction");
  }
  if (tx.TransactionType !== "Payment" || typeof tx.Account !== "string" || typeof tx.Destination !== "string")
    throw new OfflineDecodeError("not an XRPL Payment");
  const amount = amountOf(tx.Amount);
  if (!amount || amount.currency !== "XRP") throw new OfflineDecodeError("not an XRP payment");
  let valid: boolean;
  try {
    valid = verifySignature(blob);
  } catch {
    valid = false;
  }
  return {
    transactionHash: hashes.hashSignedTx(blob),
    from: tx.Account,
    to: tx.Destination,
    amount: amount.value,
    fee: typeof tx.Fee === "string" ? formatUnits(BigInt(tx.Fee), 6) : null,
    memo: memosOf(tx)[0]?.data ?? null,
    signatureValid: valid,
    signatureNote: "the TxnSignature checked against the SigningPubKey over the transaction's signing encoding",
  };
}

/** A local-chain test transaction: a plain ETH transfer, or an ERC-20 transfer(to, amount) on `token`. */
export async function decodeLocalEvmTransfer(
  raw: string,
  chainId: number,
  token: { address: Address; decimals: number } | null,
): Promise<DecodedOffline> {
  if (!/^0x[0-9a-fA-F]+$/.test(raw)) throw new OfflineDecodeError("not a signed EVM transaction (0x…, hex)");
  let tx;
  try {
    tx = parseTransaction(raw as TransactionSerialized);
  } catch {
    throw new OfflineDecodeError("the bytes do not parse as an EVM transaction");
  }
  if (tx.chainId !== chainId) throw new OfflineDecodeError(`signed for chain ${tx.chainId ?? "none"}, not ${chainId}`);
  if (!tx.to) throw new OfflineDecodeError("a contract creation, not a transfer");
  const from: string | null = await recoverTransactionAddress({
    serializedTransaction: raw as TransactionSerialized,
  }).catch(() => null);
  let to: string = getAddress(tx.to);
  let amount = formatUnits(tx.value ?? 0n, 18);
  if (token) {
    if (!isAddressEqual(tx.to, token.address))
      throw new OfflineDecodeError(`not a call to the token at ${token.address}`);
    try {
      const call = decodeFunctionData({ abi: erc20Abi, data: tx.data ?? "0x" });
      if (call.functionName !== "transfer") throw new Error(call.functionName);
      to = getAddress(call.args[0]);
      amount = formatUnits(call.args[1], token.decimals);
    } catch {
      throw new OfflineDecodeError("not an ERC-20 transfer(to, amount)");
    }
  } else if (tx.data && tx.data !== "0x") throw new OfflineDecodeError("carries call data: not a plain ETH transfer");
  const gasPrice = tx.maxFeePerGas ?? tx.gasPrice;
  return {
    transactionHash: keccak256(raw as TransactionSerialized),
    from,
    to,
    amount,
    fee: tx.gas !== undefined && gasPrice !== undefined ? formatUnits(tx.gas * gasPrice, 18) : null,
    memo: null,
    signatureValid: from !== null,
    signatureNote:
      "secp256k1 (ECDSA): an EVM transaction names no sender, the signature recovers it (ecrecover); it verifies as the sender shown here",
  };
}
