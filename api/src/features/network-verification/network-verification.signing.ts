// "A fresh transaction signed and its signature verified", per network: built for that network (its chain id,
// passphrase or network id), signed with a key made for this check alone and verified with the library's own
// verifier. No network is touched, so it answers offline too; nothing is ever submitted.
import {
  Account,
  Asset,
  BASE_FEE,
  Keypair,
  Operation,
  TransactionBuilder,
  type Transaction,
} from "@stellar/stellar-sdk";
import { keccak256, parseTransaction, recoverTransactionAddress, type TransactionSerializedEIP1559 } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { Wallet, verifySignature } from "xrpl";
import { libraryVersion } from "../../ledgers/offline/library-version";
import type { SignedTransactionCheck } from "./network-verification.schemas";

const NEVER_SUBMITTED = "Signed with a throwaway key generated for this check and never submitted.";

type Signed = Omit<SignedTransactionCheck, "elapsedMs" | "checkedAt" | "submitted">;

async function timed(sign: () => Promise<Signed>, now: () => number): Promise<SignedTransactionCheck> {
  const at = now();
  const started = performance.now();
  const result = await sign();
  return {
    ...result,
    submitted: false,
    elapsedMs: Math.round((performance.now() - started) * 10) / 10,
    checkedAt: new Date(at).toISOString(),
  };
}

/** An EIP-1559 transfer for `chainId`, signed by viem; the signer is recovered from the bytes alone. */
export function signEvm(chainId: number, now: () => number = Date.now): Promise<SignedTransactionCheck> {
  return timed(async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const serialized = (await account.signTransaction({
      type: "eip1559",
      chainId,
      to: account.address,
      value: 0n,
      nonce: 0,
      gas: 21_000n,
      maxFeePerGas: 1_000_000_000n,
      maxPriorityFeePerGas: 1_000_000_000n,
    })) as TransactionSerializedEIP1559;
    const recovered = await recoverTransactionAddress({ serializedTransaction: serialized });
    const parsed = parseTransaction(serialized);
    const ok = recovered === account.address && parsed.chainId === chainId;
    return {
      outcome: ok ? "pass" : "fail",
      builtFor: `chain id ${chainId} (EIP-155, inside the signed bytes)`,
      library: { name: "viem", version: libraryVersion("viem") },
      signer: account.address,
      transactionHash: keccak256(serialized),
      verifiedWith:
        "viem recoverTransactionAddress (the signer recovered from the signed bytes) and parseTransaction (its chain id)",
      note: ok
        ? `${NEVER_SUBMITTED} The signer recovered from the bytes is the key's address and the bytes carry chain id ${chainId}.`
        : `${NEVER_SUBMITTED} Recovered ${recovered} on chain id ${String(parsed.chainId)}: not the key's address on chain ${chainId}.`,
    };
  }, now);
}

// SDK 17 gives a decorated signature's bytes as a field (bytes or an XDR value), not the old accessor.
function signatureBytes(s: unknown): Buffer {
  const sig = (s as { signature: unknown }).signature;
  return Buffer.from(sig instanceof Uint8Array ? sig : (sig as { value: Uint8Array }).value);
}

/**
 * A payment for the network with `passphrase`, signed by the Stellar SDK, read back from its XDR with the same
 * passphrase (its hash is computed over the passphrase), and the signature checked with Keypair.verify.
 */
export function signStellar(passphrase: string, now: () => number = Date.now): Promise<SignedTransactionCheck> {
  return timed(async () => {
    const key = Keypair.random();
    const built = new TransactionBuilder(new Account(key.publicKey(), "0"), {
      fee: BASE_FEE,
      networkPassphrase: passphrase,
    })
      .addOperation(
        Operation.payment({ destination: Keypair.random().publicKey(), asset: Asset.native(), amount: "1" }),
      )
      .setTimeout(60)
      .build();
    built.sign(key);
    const reread = TransactionBuilder.fromXDR(built.toXDR(), passphrase) as Transaction;
    const hash = Buffer.from(reread.hash());
    const signature = reread.signatures[0] ? signatureBytes(reread.signatures[0]) : null;
    const ok = signature !== null && key.verify(hash, signature);
    return {
      outcome: ok ? "pass" : "fail",
      builtFor: `network passphrase "${passphrase}" (hashed into what is signed)`,
      library: { name: "@stellar/stellar-sdk", version: libraryVersion("@stellar/stellar-sdk") },
      signer: key.publicKey(),
      transactionHash: hash.toString("hex"),
      verifiedWith:
        "@stellar/stellar-sdk Keypair.verify over the hash of the envelope read back from its XDR with the same passphrase",
      note: ok
        ? `${NEVER_SUBMITTED} The signature verifies over the transaction hash for this passphrase.`
        : `${NEVER_SUBMITTED} The signature does not verify over the transaction hash for this passphrase.`,
    };
  }, now);
}

/**
 * A payment signed by xrpl.js and checked with its verifySignature. The XRPL testnet's network id (1) is below
 * 1025, so its transactions carry no NetworkID field (rippled refuses one there): the signature cannot bind it.
 */
export function signXrpl(networkId: number, now: () => number = Date.now): Promise<SignedTransactionCheck> {
  return timed(async () => {
    const wallet = Wallet.generate();
    const { tx_blob, hash } = wallet.sign({
      TransactionType: "Payment",
      Account: wallet.address,
      Destination: Wallet.generate().address,
      Amount: "1",
      Fee: "12",
      Sequence: 1,
      LastLedgerSequence: 1_000,
      ...(networkId > 1024 ? { NetworkID: networkId } : {}),
    });
    const ok = verifySignature(tx_blob, wallet.publicKey);
    return {
      outcome: ok ? "pass" : "fail",
      builtFor:
        networkId > 1024
          ? `network id ${networkId} (its NetworkID field)`
          : `network id ${networkId}: networks with an id up to 1024 carry no NetworkID field, so only the account, sequence and fields are signed`,
      library: { name: "xrpl", version: libraryVersion("xrpl") },
      signer: wallet.address,
      transactionHash: hash,
      verifiedWith: "xrpl verifySignature (the signed blob against the key's public key)",
      note: ok
        ? `${NEVER_SUBMITTED} The blob's signature verifies against the key's public key.`
        : `${NEVER_SUBMITTED} The blob's signature does not verify against the key's public key.`,
    };
  }, now);
}
