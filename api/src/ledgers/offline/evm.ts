// EVM testnets we have no node for (Fuji, Arbitrum Sepolia, OP Sepolia, Amoy, Sepolia itself when it is not
// configured): an EIP-1559 value transfer signed with viem for the testnet's chain id, the memo as the call data
// (a plain transfer to an account may carry any data; it costs calldata gas). The chain id in the signature
// (EIP-155) makes it valid on that testnet only.
import {
  formatUnits,
  getAddress,
  hexToString,
  isAddress,
  keccak256,
  parseTransaction,
  parseUnits,
  recoverTransactionAddress,
  serializeTransaction,
  stringToHex,
  toHex,
  type Hex,
  type TransactionSerializedEIP1559,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { OfflineDecodeError, type OfflineSigner, type SignedOffline } from "./types";

export interface EvmTestnet {
  symbol: string;
  name: string;
  chainId: number;
  /** Where the chain id comes from (chainlist / the chain's docs), for the comment on the table. */
  nativeSymbol: string;
}

// The fee fields are placeholders: with no node there is no base fee to read. 30 gwei max, 1.5 gwei tip.
const MAX_FEE_PER_GAS = 30_000_000_000n;
const MAX_PRIORITY_FEE_PER_GAS = 1_500_000_000n;
const MEMO_MAX_BYTES = 256;

/** Intrinsic gas of a transfer with this call data (21,000 plus 16 per non-zero byte and 4 per zero byte). */
export function transferGas(data: Hex | undefined): bigint {
  if (!data || data === "0x") return 21_000n;
  let gas = 21_000n;
  for (let i = 2; i < data.length; i += 2) gas += data.slice(i, i + 2) === "00" ? 4n : 16n;
  return gas;
}

const keyOf = (seed: Uint8Array) => {
  if (seed.length !== 32) throw new Error("the seed must be 32 bytes");
  return privateKeyToAccount(toHex(seed));
};

export function evmOfflineSigner(net: EvmTestnet): OfflineSigner {
  return {
    symbol: net.symbol,
    library: "viem",
    network: { name: net.name, id: String(net.chainId), idKind: "EIP-155 chain id" },
    idRule: "keccak-256 of the signed EIP-1559 transaction's bytes (0x02 || RLP), hex",
    limits: {
      decimals: 18,
      minAmount: "0.000000000000000001",
      maxAmount: "1000000",
      memoMaxBytes: MEMO_MAX_BYTES,
      memoNote: `the transaction's call data, UTF-8 (at most ${MEMO_MAX_BYTES} bytes, which we choose: each byte costs gas)`,
    },
    notBroadcast: `No ${net.name} node is reachable from this machine, and the account holds no testnet ${net.nativeSymbol}: the transaction is signed and shown, never sent.`,
    address: async (seed) => keyOf(seed).address,
    async sign(seed, transfer): Promise<SignedOffline> {
      if (!isAddress(transfer.to, { strict: false })) throw new Error(`not an EVM address: ${transfer.to}`);
      const account = keyOf(seed);
      const value = parseUnits(transfer.amount, 18);
      if (value <= 0n) throw new Error("the amount must be above zero");
      const data = transfer.memo ? stringToHex(transfer.memo) : undefined;
      if (data && (data.length - 2) / 2 > MEMO_MAX_BYTES) throw new Error("the memo is too long");
      const gas = transferGas(data);
      const signed = await account.signTransaction({
        type: "eip1559",
        chainId: net.chainId,
        nonce: 0,
        to: transfer.to as Hex,
        value,
        data,
        gas,
        maxFeePerGas: MAX_FEE_PER_GAS,
        maxPriorityFeePerGas: MAX_PRIORITY_FEE_PER_GAS,
      });
      return {
        signedTransaction: signed,
        encoding: "hex",
        transactionHash: keccak256(signed),
        from: account.address,
        to: getAddress(transfer.to),
        amount: formatUnits(value, 18),
        fee: formatUnits(gas * MAX_FEE_PER_GAS, 18),
        feeUnit: `${net.nativeSymbol} (the most it could cost: gas × max fee per gas)`,
        memo: transfer.memo,
        assumptions: [
          "Nonce 0: the account's first transaction (no node to read its nonce from).",
          "Max fee 30 gwei and tip 1.5 gwei are placeholders: no node to read the base fee from.",
        ],
      };
    },
    async decode(signedTransaction) {
      if (!/^0x02[0-9a-fA-F]+$/.test(signedTransaction))
        throw new OfflineDecodeError("not a signed EIP-1559 transaction (0x02…, hex)");
      const raw = signedTransaction as TransactionSerializedEIP1559;
      let tx: ReturnType<typeof parseTransaction>;
      try {
        tx = parseTransaction(raw);
      } catch (err) {
        throw new OfflineDecodeError(`the bytes do not parse as an EIP-1559 transaction: ${(err as Error).message}`);
      }
      if (tx.chainId !== net.chainId)
        throw new OfflineDecodeError(`signed for chain ${tx.chainId ?? "none"}, not ${net.name} (${net.chainId})`);
      if (!tx.to) throw new OfflineDecodeError("a contract creation, not a transfer");
      if (tx.r === undefined || tx.s === undefined || tx.yParity === undefined)
        throw new OfflineDecodeError("the transaction is not signed");
      let from: string | null = null;
      let signatureValid: boolean;
      try {
        from = await recoverTransactionAddress({ serializedTransaction: raw });
        // Recovery always yields some address; the signature is the one it claims only if re-serialising the
        // parsed fields with it gives back exactly these bytes (no malleated s, no extra fields).
        const again = serializeTransaction({ ...tx, type: "eip1559" }, { r: tx.r, s: tx.s, yParity: tx.yParity });
        signatureValid = again.toLowerCase() === raw.toLowerCase();
      } catch {
        signatureValid = false;
      }
      const gas = tx.gas ?? 0n;
      return {
        transactionHash: keccak256(raw),
        from,
        to: getAddress(tx.to),
        amount: formatUnits(tx.value ?? 0n, 18),
        fee: tx.maxFeePerGas !== undefined ? formatUnits(gas * tx.maxFeePerGas, 18) : null,
        memo: tx.data && tx.data !== "0x" ? safeText(tx.data) : null,
        signatureValid,
        signatureNote:
          "secp256k1 (ECDSA): an EVM transaction names no sender, the signature recovers it (ecrecover); it verifies as the sender shown here, and the bytes re-serialise exactly (no malleated signature)",
      };
    },
  };
}

const safeText = (data: Hex): string => {
  try {
    return hexToString(data);
  } catch {
    return data;
  }
};
