// Solana devnet: a legacy transaction holding a System Program transfer and, when asked, an unsigned SPL Memo
// instruction, built and signed with @solana/kit (ed25519, the seed is the private key). A Solana transaction names
// no cluster: what ties it to devnet is its recent blockhash, which here is a placeholder (no node to read one), so
// the id and signature are real but devnet would refuse the transaction as it stands.
import {
  address,
  appendTransactionMessageInstructions,
  createKeyPairSignerFromPrivateKeyBytes,
  createTransactionMessage,
  decompileTransactionMessage,
  getBase58Decoder,
  getBase64EncodedWireTransaction,
  getCompiledTransactionMessageDecoder,
  getPublicKeyFromAddress,
  getSignatureFromTransaction,
  getTransactionDecoder,
  isAddress,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  verifySignature,
  type Blockhash,
  type SignatureBytes,
} from "@solana/kit";
import {
  getAddMemoInstruction,
  getMemosFromInstructions,
  LEGACY_MEMO_PROGRAM_ADDRESS_V3,
  SUPPORTED_MEMO_PROGRAM_ADDRESSES,
} from "@solana-program/memo";
import {
  getTransferSolInstruction,
  identifySystemInstruction,
  parseTransferSolInstruction,
  SYSTEM_PROGRAM_ADDRESS,
  SystemInstruction,
} from "@solana-program/system";
import { formatUnits, parseUnits } from "viem";
import { OfflineDecodeError, type OfflineSigner, type SignedOffline } from "./types";

const DECIMALS = 9;
// Devnet's genesis hash (`solana genesis-hash --url devnet`; also the cluster id in the Solana docs' cluster list).
const DEVNET_GENESIS_HASH = "EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG";
// A fixed placeholder: base58 of SHA-256("xqb offline signer: SOL placeholder recent blockhash"). Fixed, so the
// same input always signs to the same bytes (ed25519 is deterministic).
const PLACEHOLDER_BLOCKHASH = "CLPg8zF45dSA4cDALLmngQdxu4E2GEdkqdgs4tJFDru" as Blockhash;
// Rent-exempt minimum of a 0-byte system account: (128 + 0) bytes × 3480 lamports/byte-year × 2 years = 890,880
// lamports (`solana rent 0`). A transfer that creates the recipient's account with less fails (InsufficientFundsForRent).
const MIN_LAMPORTS = 890_880n;
const MAX_LAMPORTS = parseUnits("1000000", DECIMALS);
// The runtime's fixed fee per signature; we add no compute-budget (priority fee) instruction.
const LAMPORTS_PER_SIGNATURE = 5_000n;
// The SPL Memo docs ("Compute Limits"): an unsigned memo instruction carries up to 566 bytes of single-byte UTF-8.
// We sign with the long-deployed SPL Memo program (MemoSq4g…, on every cluster) rather than the package's default
// Memo v4 (p-memo, Memo4c2p…), whose deployment on devnet we cannot confirm from here. The 1,232-byte packet limit
// alone would allow about 980 bytes in this transaction; we state the program's documented 566, the stricter.
const MEMO_MAX_BYTES = 566;
const MEMO_PROGRAM = LEGACY_MEMO_PROGRAM_ADDRESS_V3;

const signerOf = (seed: Uint8Array) => {
  if (seed.length !== 32) throw new Error("the seed must be 32 bytes");
  return createKeyPairSignerFromPrivateKeyBytes(seed);
};

const transactionDecoder = getTransactionDecoder();
const messageDecoder = getCompiledTransactionMessageDecoder();
const base58 = getBase58Decoder();

export const solSigner: OfflineSigner = {
  symbol: "SOL",
  library: "@solana/kit",
  network: { name: "Solana devnet", id: DEVNET_GENESIS_HASH, idKind: "genesis hash" },
  idRule: "the transaction's first signature (the fee payer's ed25519 signature of the message), base58",
  limits: {
    decimals: DECIMALS,
    minAmount: formatUnits(MIN_LAMPORTS, DECIMALS),
    maxAmount: formatUnits(MAX_LAMPORTS, DECIMALS),
    memoMaxBytes: MEMO_MAX_BYTES,
    memoNote: `an SPL Memo program instruction (MemoSq4g…) in the same transaction, UTF-8, at most ${MEMO_MAX_BYTES} bytes (the Memo program's documented limit for an unsigned memo)`,
  },
  notBroadcast:
    "No Solana devnet node is reachable from this machine, and the transaction's recent blockhash is a placeholder that devnet would refuse: it is signed and shown, never sent.",
  address: async (seed) => (await signerOf(seed)).address,
  async sign(seed, transfer): Promise<SignedOffline> {
    if (!isAddress(transfer.to)) throw new Error(`not a Solana address: ${transfer.to}`);
    const lamports = parseUnits(transfer.amount, DECIMALS);
    if (lamports < MIN_LAMPORTS || lamports > MAX_LAMPORTS)
      throw new Error(`the amount must be between ${solSigner.limits.minAmount} and ${solSigner.limits.maxAmount} SOL`);
    if (transfer.memo !== null && new TextEncoder().encode(transfer.memo).length > MEMO_MAX_BYTES)
      throw new Error(`the memo is longer than ${MEMO_MAX_BYTES} bytes`);
    const signer = await signerOf(seed);
    const instructions = [
      getTransferSolInstruction({ source: signer, destination: address(transfer.to), amount: lamports }),
      ...(transfer.memo !== null
        ? [getAddMemoInstruction({ memo: transfer.memo }, { programAddress: MEMO_PROGRAM })]
        : []),
    ];
    const message = pipe(
      createTransactionMessage({ version: "legacy" }),
      (m) => setTransactionMessageFeePayerSigner(signer, m),
      // lastValidBlockHeight is not part of the signed bytes; it only bounds a sender's retries.
      (m) =>
        setTransactionMessageLifetimeUsingBlockhash({ blockhash: PLACEHOLDER_BLOCKHASH, lastValidBlockHeight: 0n }, m),
      (m) => appendTransactionMessageInstructions(instructions, m),
    );
    const signed = await signTransactionMessageWithSigners(message);
    return {
      signedTransaction: getBase64EncodedWireTransaction(signed),
      encoding: "base64",
      transactionHash: getSignatureFromTransaction(signed),
      from: signer.address,
      to: transfer.to,
      amount: formatUnits(lamports, DECIMALS),
      fee: formatUnits(LAMPORTS_PER_SIGNATURE, DECIMALS),
      feeUnit: "SOL (the base fee of one signature; no priority fee)",
      memo: transfer.memo,
      assumptions: [
        `The recent blockhash ${PLACEHOLDER_BLOCKHASH} is a fixed placeholder (SHA-256 of a label): no node to read a recent one from, so devnet would reject it as unknown.`,
        "The sender is assumed to hold the amount plus the 5,000-lamport fee; nothing checks its balance.",
        `The amount is at least ${formatUnits(MIN_LAMPORTS, DECIMALS)} SOL, the rent-exempt minimum, so the transfer is valid even when it creates the recipient's account.`,
      ],
    };
  },
  async decode(signedTransaction) {
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signedTransaction) || signedTransaction.length % 4 !== 0)
      throw new OfflineDecodeError("not base64");
    const bytes = Buffer.from(signedTransaction, "base64");
    let parsed;
    try {
      const [tx, end] = transactionDecoder.read(bytes, 0);
      if (end !== bytes.length) throw new Error(`${bytes.length - end} bytes after the transaction`);
      const [compiled, messageEnd] = messageDecoder.read(tx.messageBytes, 0);
      if (messageEnd !== tx.messageBytes.length) throw new Error("bytes after the message");
      parsed = { tx, message: decompileTransactionMessage(compiled) };
    } catch (err) {
      throw new OfflineDecodeError(`the bytes do not parse as a Solana transaction: ${(err as Error).message}`);
    }
    const { tx, message } = parsed;
    const transfers = message.instructions.filter((ix) => ix.programAddress === SYSTEM_PROGRAM_ADDRESS);
    const others = message.instructions.filter(
      (ix) =>
        ix.programAddress !== SYSTEM_PROGRAM_ADDRESS &&
        !(SUPPORTED_MEMO_PROGRAM_ADDRESSES as readonly string[]).includes(ix.programAddress),
    );
    if (transfers.length !== 1 || others.length > 0)
      throw new OfflineDecodeError("not a plain SOL transfer (one System transfer, optionally a memo)");
    let from: string;
    let to: string;
    let lamports: bigint;
    try {
      const ix = transfers[0] as Parameters<typeof parseTransferSolInstruction>[0];
      if (identifySystemInstruction(ix) !== SystemInstruction.TransferSol) throw new Error("not TransferSol");
      const { accounts, data } = parseTransferSolInstruction(ix);
      // Account indices past the message's account list decompile to nothing.
      if (!accounts.source?.address || !accounts.destination?.address) throw new Error("missing accounts");
      [from, to, lamports] = [accounts.source.address, accounts.destination.address, data.amount];
    } catch (err) {
      throw new OfflineDecodeError(`the System instruction is not a transfer: ${(err as Error).message}`);
    }
    let memos;
    try {
      memos = getMemosFromInstructions(message.instructions);
    } catch (err) {
      throw new OfflineDecodeError(`the memo is not UTF-8: ${(err as Error).message}`);
    }
    // Every signer's signature over the message bytes, with the public key its address is; the source must be one.
    let signatureValid = from in tx.signatures;
    for (const [signerAddress, signature] of Object.entries(tx.signatures)) {
      if (!signature) {
        signatureValid = false;
        continue;
      }
      try {
        const key = await getPublicKeyFromAddress(address(signerAddress));
        if (!(await verifySignature(key, signature as SignatureBytes, tx.messageBytes))) signatureValid = false;
      } catch {
        signatureValid = false;
      }
    }
    const first = Object.values(tx.signatures)[0];
    if (!first) throw new OfflineDecodeError("the transaction is not signed");
    return {
      transactionHash: base58.decode(first),
      from,
      to,
      amount: formatUnits(lamports, DECIMALS),
      fee: formatUnits(LAMPORTS_PER_SIGNATURE * BigInt(Object.keys(tx.signatures).length), DECIMALS),
      memo: memos.length > 0 ? memos.map((m) => m.memo).join("\n") : null,
      signatureValid,
      signatureNote:
        "ed25519: every signature in the transaction verifies against its signer's address (the public key) over the message bytes; the cluster is not in the bytes (only its recent blockhash ties it to one)",
    };
  },
};
