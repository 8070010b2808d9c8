// Tezos Ghostnet: a manager operation batch (reveal of our public key, then a tez transaction to an implicit
// account) forged locally with @taquito/local-forging and signed by @taquito/signer's InMemorySigner with an ed25519
// key (the seed is the private key seed, tz1). A Tezos operation names no chain: what ties it to Ghostnet is its
// branch (a recent Ghostnet block hash), which here is a placeholder, so Ghostnet would refuse it as it stands.
import { LocalForger, ProtocolsHash, type ForgeParams } from "@taquito/local-forging";
import { InMemorySigner } from "@taquito/signer";
import {
  b58Encode,
  encodeOpHash,
  getPkhfromPk,
  PrefixV2,
  validateKeyHash,
  ValidationResult,
  verifySignature,
} from "@taquito/utils";
import { formatUnits, parseUnits } from "viem";
import { OfflineDecodeError, type OfflineSigner, type SignedOffline } from "./types";

const DECIMALS = 6; // 1 tez = 10^6 mutez
// Ghostnet's chain id (teztnets.com's Ghostnet page; `octez-client rpc get /chains/main/chain_id` on a Ghostnet node).
const GHOSTNET_CHAIN_ID = "NetXnHfVqm9iesp";
// Forged for Tallinn (Taquito 24.2's current protocol, which Ghostnet runs as mainnet's test network); reveal and
// transaction encodings are the same since Seoul (reveal's optional proof flag).
const PROTOCOL = ProtocolsHash.PtTALLiNt;
// A fixed placeholder branch: base58check "B" of BLAKE2b-256("xqb offline signer: XTZ placeholder branch").
const PLACEHOLDER_BRANCH = "BMBuHXR5Gp9LjnmuKK9Ffqi9bF8RWgAve3DWU8nRBBmpmMWEeqV";
// Placeholder counters: a new account's counter starts wherever the chain's global counter was when it was created,
// which only a node knows. The reveal takes the first, the transaction the next.
const REVEAL_COUNTER = 1n;
// Limits as Taquito's estimator defaults would set them for a tz1 reveal and a transfer; fees above the protocol's
// minimum (100 mutez + 0.1 mutez per gas unit + 1 mutez per byte). Storage 257 bytes: allocating a new implicit
// recipient burns 257 × 250 mutez = 0.06425 tez, which the storage limit must allow.
const REVEAL = { fee: 374n, gasLimit: 1_000n, storageLimit: 0n };
const TRANSFER = { fee: 1_000n, gasLimit: 2_000n, storageLimit: 257n };
const MIN_MUTEZ = 1n; // a transfer of 0 tez to an implicit account is refused (empty_transaction)
const MAX_MUTEZ = parseUnits("1000000", DECIMALS);
const WATERMARK_GENERIC_OPERATION = new Uint8Array([3]);
const SIGNATURE_BYTES = 64; // ed25519, secp256k1 and p256 signatures (tz1/tz2/tz3); BLS (tz4) are not decoded here

const forger = new LocalForger(PROTOCOL);

const signerOf = (seed: Uint8Array) => {
  if (seed.length !== 32) throw new Error("the seed must be 32 bytes");
  return new InMemorySigner(b58Encode(seed, PrefixV2.Ed25519Seed));
};

const isImplicit = (to: string) => validateKeyHash(to) === ValidationResult.VALID;

export const xtzSigner: OfflineSigner = {
  symbol: "XTZ",
  library: "@taquito/signer",
  network: { name: "Tezos Ghostnet", id: GHOSTNET_CHAIN_ID, idKind: "chain id" },
  idRule:
    'the operation hash: BLAKE2b-256 of the forged operation bytes followed by the signature, base58check with prefix "o"',
  limits: {
    decimals: DECIMALS,
    minAmount: formatUnits(MIN_MUTEZ, DECIMALS),
    maxAmount: formatUnits(MAX_MUTEZ, DECIMALS),
    memoMaxBytes: null,
    memoNote:
      "none: a tez transfer to an implicit (tz) account takes no parameters (only the default entrypoint with Unit); text could only go to a smart contract, which would not be a plain transfer",
  },
  notBroadcast:
    "No Tezos Ghostnet node is reachable from this machine, and the operation's branch and counters are placeholders Ghostnet would refuse: it is signed and shown, never sent.",
  address: async (seed) => signerOf(seed).publicKeyHash(),
  async sign(seed, transfer): Promise<SignedOffline> {
    if (!isImplicit(transfer.to)) throw new Error(`not a Tezos implicit account (tz1…tz4): ${transfer.to}`);
    if (transfer.memo !== null) throw new Error("a tez transfer to an implicit account cannot carry a memo");
    const mutez = parseUnits(transfer.amount, DECIMALS);
    if (mutez < MIN_MUTEZ || mutez > MAX_MUTEZ)
      throw new Error(`the amount must be between ${xtzSigner.limits.minAmount} and ${xtzSigner.limits.maxAmount} XTZ`);
    const signer = signerOf(seed);
    const [source, publicKey] = await Promise.all([signer.publicKeyHash(), signer.publicKey()]);
    const manager = (counter: bigint, limits: typeof REVEAL) => ({
      source,
      fee: String(limits.fee),
      counter: String(counter),
      gas_limit: String(limits.gasLimit),
      storage_limit: String(limits.storageLimit),
    });
    const forged = await forger.forge({
      branch: PLACEHOLDER_BRANCH,
      contents: [
        { kind: "reveal", ...manager(REVEAL_COUNTER, REVEAL), public_key: publicKey },
        {
          kind: "transaction",
          ...manager(REVEAL_COUNTER + 1n, TRANSFER),
          amount: String(mutez),
          destination: transfer.to,
        },
      ],
    } as ForgeParams);
    const { sbytes } = await signer.sign(forged, WATERMARK_GENERIC_OPERATION);
    return {
      signedTransaction: sbytes,
      encoding: "hex",
      transactionHash: encodeOpHash(sbytes),
      from: source,
      to: transfer.to,
      amount: formatUnits(mutez, DECIMALS),
      fee: formatUnits(REVEAL.fee + TRANSFER.fee, DECIMALS),
      feeUnit:
        "XTZ (the baker fees of the reveal and the transfer; a new recipient also burns up to 0.06425 XTZ of storage)",
      memo: null,
      assumptions: [
        `The branch ${PLACEHOLDER_BRANCH} is a fixed placeholder (BLAKE2b-256 of a label): no node to read a recent Ghostnet block from.`,
        `Counters ${REVEAL_COUNTER} (reveal) and ${REVEAL_COUNTER + 1n} (transaction) are placeholders: a node would give the account's next counter.`,
        "The account is taken to be new and unrevealed, so the batch reveals its public key first; an account already revealed would need the transaction alone.",
        "The sender is assumed to hold the amount plus fees and storage burn; nothing checks its balance.",
      ],
    };
  },
  async decode(signedTransaction) {
    // Branch (32 bytes), at least one operation, then the signature.
    if (!/^(?:[0-9a-fA-F]{2})+$/.test(signedTransaction) || signedTransaction.length < 2 * (32 + 20 + SIGNATURE_BYTES))
      throw new OfflineDecodeError("not a hex Tezos operation (branch, contents, 64-byte signature)");
    const hex = signedTransaction.toLowerCase();
    const forged = hex.slice(0, -2 * SIGNATURE_BYTES);
    let op: ForgeParams;
    try {
      op = await forger.parse(forged);
      // Taquito's parser is lenient (it can stop early); only bytes that forge back identically are an operation.
      if ((await forger.forge(op)) !== forged) throw new Error("the bytes do not forge back identically");
    } catch (err) {
      throw new OfflineDecodeError(`the bytes do not parse as a Tezos operation: ${(err as Error).message}`);
    }
    const contents = op.contents as unknown as Array<Record<string, unknown>>;
    const transactions = contents.filter((c) => c.kind === "transaction");
    const reveals = contents.filter((c) => c.kind === "reveal");
    const [tx] = transactions;
    if (
      !tx ||
      transactions.length !== 1 ||
      reveals.length > 1 ||
      contents.length !== transactions.length + reveals.length ||
      tx.parameters !== undefined
    )
      throw new OfflineDecodeError("not a plain tez transfer (an optional reveal, then one transaction)");
    const source = String(tx.source);
    const [reveal] = reveals;
    const publicKey = reveal?.public_key as string | undefined;
    let signatureValid: boolean | null = null;
    let signatureNote =
      "not checked: the operation reveals no public key, and a Tezos address is only a hash of one (a node would give the revealed key)";
    if (publicKey) {
      signatureNote =
        "checked against the public key the operation reveals (which hashes to the sender), over 0x03 ‖ forged bytes; the chain is not in the bytes (only the branch ties it to one)";
      try {
        const signature = b58Encode(hex.slice(-2 * SIGNATURE_BYTES), PrefixV2.GenericSignature);
        signatureValid =
          getPkhfromPk(publicKey) === source &&
          reveal?.source === source &&
          verifySignature(forged, publicKey, signature, WATERMARK_GENERIC_OPERATION);
      } catch {
        signatureValid = false;
      }
    }
    const fee = contents.reduce((sum, c) => sum + BigInt(String(c.fee)), 0n);
    return {
      transactionHash: encodeOpHash(hex),
      from: source,
      to: String(tx.destination),
      amount: formatUnits(BigInt(String(tx.amount)), DECIMALS),
      fee: formatUnits(fee, DECIMALS),
      memo: null,
      signatureValid,
      signatureNote,
    };
  },
};
