// DOT on Westend, Polkadot's public testnet: a balances.transferKeepAlive of WND on Westend Asset Hub, built and
// signed with txwrapper (@substrate/txwrapper-polkadot). Asset Hub, not the relay chain: in 2025 Westend moved its
// balances to Asset Hub (the Asset Hub migration), so relay-chain transfers no longer move anyone's WND. The memo
// rides in a system.remarkWithEvent batched atomically with the transfer (utility.batchAll).
// The key is ed25519 with the 32-byte seed as its seed: deterministic signatures, and what txwrapper's own
// importPrivateKey makes.
import type * as PolkadotTypes from "@polkadot/types";
import type { ExtrinsicV4 } from "@polkadot/types/interfaces";
import type { CallFunction } from "@polkadot/types/types";
import type * as UtilCrypto from "@polkadot/util-crypto";
import {
  construct,
  createMetadata,
  getRegistry,
  importPrivateKey,
  methods,
  toTxMethod,
  type OptionsWithMeta,
  type TxMethod,
  type TypeRegistry,
  type UnsignedTransaction,
} from "@substrate/txwrapper-polkadot";
import { createRequire } from "node:module";
import { formatUnits, parseUnits } from "viem";
import { westendAssetHubMetadataHex } from "./dot-metadata";
import { OfflineDecodeError, type OfflineSigner, type SignedOffline } from "./types";

// txwrapper is CommonJS and loads polkadot-js's CommonJS build; take these from that same copy, so the ESM copy is
// not loaded beside it (polkadot-js warns about two copies, and readies its wasm in one of them only).
const cjs = createRequire(import.meta.url);
const { decorateConstants, decorateExtrinsics } = cjs("@polkadot/types") as typeof PolkadotTypes;
const { blake2AsU8a, checkAddress, cryptoWaitReady, signatureVerify } = cjs(
  "@polkadot/util-crypto",
) as typeof UtilCrypto;

// Westend Asset Hub's genesis hash: the hash of the genesis header whose state root is the one in the chain spec
// @substrate/connect-known-chains ships (westend2_asset_hub); dot.test.ts recomputes it from there.
const GENESIS_HASH = "0x67f9723393ef76214df0118c34bbbd3dbebc8ed46a10973a8c969d48fe7598c9";
// The runtime of the vendored metadata (its System.Version; checked when the metadata is loaded).
const SPEC_NAME = "westmint";
const SPEC_VERSION = 1_016_000;
const SS58_PREFIX = 42;
const DECIMALS = 12;
// Balances.ExistentialDeposit in that metadata (1,000,000,000 planck); checked when it is loaded.
const EXISTENTIAL_DEPOSIT = "0.001";
const MAX_AMOUNT = "1000000";
const MEMO_MAX_BYTES = 256;
const ERA_PERIOD = 64;
const MAX_EXTRINSIC_BYTES = 4096;
// With no node there is no recent block: the era is born at block 0, whose hash (the checkpoint the signature
// covers) is the genesis hash, the one Westend Asset Hub block hash known offline.
const ERA_BIRTH_BLOCK = 0;
// StorageWeightReclaim carries no data; declared so polkadot-js does not warn about an unknown signed extension.
const userExtensions = { StorageWeightReclaim: { extrinsic: {}, payload: {} } };

interface Chain {
  registry: TypeRegistry;
  options: OptionsWithMeta;
  transactionVersion: number;
  /** txwrapper's unsigned transaction (era, nonce, versions, signed extensions), each transfer swapping in its call. */
  template: UnsignedTransaction;
  transferKeepAlive: CallFunction;
  batchAll: CallFunction;
  remarkWithEvent: CallFunction;
}

let chain: Promise<Chain> | undefined;
const westend = (): Promise<Chain> => (chain ??= load());

async function load(): Promise<Chain> {
  await cryptoWaitReady();
  const metadataRpc = westendAssetHubMetadataHex;
  const registry = getRegistry({
    specName: "asset-hub-westend",
    chainName: "Westend Asset Hub",
    specVersion: SPEC_VERSION,
    metadataRpc,
    userExtensions,
  });
  const metadata = createMetadata(registry, metadataRpc);
  const consts = decorateConstants(registry, metadata.asLatest, metadata.version);
  const version = consts.system?.version?.toJSON() as {
    specName?: string;
    specVersion?: number;
    transactionVersion?: number;
  };
  if (version?.specName !== SPEC_NAME || version.specVersion !== SPEC_VERSION || !version.transactionVersion)
    throw new Error(`the bundled metadata (api/data/polkadot) is not ${SPEC_NAME} ${SPEC_VERSION}`);
  if (BigInt(consts.balances?.existentialDeposit?.toString() ?? -1) !== parseUnits(EXISTENTIAL_DEPOSIT, DECIMALS))
    throw new Error("the metadata's existential deposit is not the one in limits");
  const transactionVersion = version.transactionVersion;
  const options: OptionsWithMeta = { metadataRpc, registry, userExtensions };
  // txwrapper's defineMethod re-encodes the whole metadata (0.3 MB) into each result, 0.1-0.2 s a call: it runs once
  // here, and each transfer's call is encoded from the same metadata the way defineMethod does it inside.
  const nobody = registry.createType("AccountId", new Uint8Array(32)).toString();
  const template = methods.balances.transferKeepAlive(
    { dest: { id: nobody }, value: "0" },
    {
      address: nobody,
      blockHash: GENESIS_HASH,
      blockNumber: ERA_BIRTH_BLOCK,
      eraPeriod: ERA_PERIOD,
      genesisHash: GENESIS_HASH,
      metadataRpc,
      nonce: 0,
      specVersion: SPEC_VERSION,
      tip: 0,
      transactionVersion,
    },
    options,
  );
  const calls = decorateExtrinsics(registry, metadata.asLatest, metadata.version);
  const call = (section: string, method: string): CallFunction => {
    const fn = calls[section]?.[method];
    if (!fn) throw new Error(`the metadata has no ${section}.${method}`);
    return fn;
  };
  return {
    registry,
    options,
    transactionVersion,
    template,
    transferKeepAlive: call("balances", "transferKeepAlive"),
    batchAll: call("utility", "batchAll"),
    remarkWithEvent: call("system", "remarkWithEvent"),
  };
}

const keyOf = (seed: Uint8Array) => {
  if (seed.length !== 32) throw new Error("the seed must be 32 bytes");
  return importPrivateKey(seed, SS58_PREFIX);
};

const isWestendAddress = (address: string) => {
  try {
    return checkAddress(address, SS58_PREFIX)[0];
  } catch {
    return false;
  }
};

const utf8 = new TextDecoder("utf-8", { fatal: true });
const memoText = (hex: string): string => {
  const bytes = Buffer.from(hex.slice(2), "hex");
  try {
    return utf8.decode(bytes);
  } catch {
    return hex;
  }
};

const ASSUMPTIONS = [
  "Nonce 0: the account's first transaction (no node to read its nonce from).",
  `Mortal era of ${ERA_PERIOD} blocks born at block 0, so the block hash the signature covers is the genesis hash: with no node there is no recent block to take, and the transaction expired at block ${ERA_PERIOD} (a real one takes a recent block's number and hash).`,
  `Runtime spec ${SPEC_VERSION} (transaction version read from its metadata), from the metadata bundled in api/data/polkadot: the live runtime is newer, so the chain would also refuse the spec version.`,
  "The fee is not in the signed bytes: Westend Asset Hub charges weight and length fees at inclusion; only the tip (0) is signed.",
];

export const dotSigner: OfflineSigner = {
  symbol: "DOT",
  library: "@substrate/txwrapper-polkadot",
  network: { name: "Westend Asset Hub (Westend testnet)", id: GENESIS_HASH, idKind: "genesis hash" },
  idRule: "BLAKE2b-256 of the signed extrinsic's SCALE bytes (txwrapper's construct.txHash), hex",
  limits: {
    decimals: DECIMALS,
    minAmount: EXISTENTIAL_DEPOSIT,
    maxAmount: MAX_AMOUNT,
    memoMaxBytes: MEMO_MAX_BYTES,
    memoNote: `a system.remarkWithEvent batched with the transfer in utility.batchAll, UTF-8; at most ${MEMO_MAX_BYTES} bytes, which we choose (the chain bounds a remark only by the block's 3.75 MiB extrinsic length, and each byte costs a length fee)`,
  },
  notBroadcast:
    "No Westend Asset Hub node is reachable from this machine, and the transaction is born at block 0 on an old runtime spec: it is signed and shown, never sent.",
  address: async (seed) => keyOf(seed).address,
  async sign(seed, transfer): Promise<SignedOffline> {
    if (!isWestendAddress(transfer.to)) throw new Error(`not a Westend address (SS58 prefix 42): ${transfer.to}`);
    // parseUnits rounds extra decimals away: refuse them rather than sign another amount.
    if (!/^\d+(\.\d{1,12})?$/.test(transfer.amount)) throw new Error(`not an amount of WND: ${transfer.amount}`);
    const value = parseUnits(transfer.amount, DECIMALS);
    if (value < parseUnits(EXISTENTIAL_DEPOSIT, DECIMALS))
      throw new Error(`the amount is below the existential deposit (${EXISTENTIAL_DEPOSIT} WND)`);
    if (value > parseUnits(MAX_AMOUNT, DECIMALS)) throw new Error(`the amount is above ${MAX_AMOUNT} WND`);
    const remark = transfer.memo ? Buffer.from(transfer.memo, "utf8") : null;
    if (remark && remark.length > MEMO_MAX_BYTES) throw new Error(`the memo is over ${MEMO_MAX_BYTES} bytes`);
    const pair = keyOf(seed);
    const { registry, options, template, transferKeepAlive, batchAll, remarkWithEvent } = await westend();
    const transferCall = transferKeepAlive({ Id: transfer.to }, value);
    // A hex string, not bytes: polkadot-js reads a Uint8Array given for Bytes as already length-prefixed.
    const call = remark ? batchAll([transferCall, remarkWithEvent(`0x${remark.toString("hex")}`)]) : transferCall;
    const unsigned: UnsignedTransaction = { ...template, address: pair.address, method: call.toHex() };
    const payload = construct.signingPayload(unsigned, { registry });
    const { signature } = registry.createType("ExtrinsicPayload", payload, { version: unsigned.version }).sign(pair);
    const signed = construct.signedTx(unsigned, signature, options);
    return {
      signedTransaction: signed,
      encoding: "hex",
      transactionHash: construct.txHash(signed),
      from: pair.address,
      to: transfer.to,
      amount: formatUnits(value, DECIMALS),
      fee: "0",
      feeUnit: "WND: the signed tip only (the chain adds its weight and length fee at inclusion; no node to ask)",
      memo: transfer.memo,
      assumptions: ASSUMPTIONS,
    };
  },
  async decode(signedTransaction) {
    if (!/^0x(?:[0-9a-fA-F]{2})+$/.test(signedTransaction)) throw new OfflineDecodeError("not hex bytes (0x…)");
    if (signedTransaction.length > 2 + 2 * MAX_EXTRINSIC_BYTES)
      throw new OfflineDecodeError(`longer than ${MAX_EXTRINSIC_BYTES} bytes: not a transfer`);
    const { registry, transactionVersion } = await westend();
    const hex = signedTransaction.toLowerCase() as `0x${string}`;
    const { from, extrinsic, to, value, memo } = parse(registry, hex);
    // The era's checkpoint block hash is not in the bytes; ours is the genesis hash (born at block 0).
    const payload = registry.createType(
      "ExtrinsicPayload",
      {
        method: extrinsic.method.toHex(),
        era: extrinsic.era,
        nonce: extrinsic.nonce,
        tip: extrinsic.tip,
        assetId: extrinsic.assetId,
        mode: extrinsic.mode,
        specVersion: SPEC_VERSION,
        transactionVersion,
        genesisHash: GENESIS_HASH,
        blockHash: GENESIS_HASH,
      },
      { version: extrinsic.version & 0x7f },
    );
    let message = payload.toU8a({ method: true });
    // Substrate signs payloads over 256 bytes by their BLAKE2b-256 hash.
    if (message.length > 256) message = blake2AsU8a(message, 256);
    // The scheme the signature claims (Ed25519, Sr25519, Ecdsa) must be the one that verifies, as on chain:
    // signatureVerify alone tries them all.
    const claimed = (extrinsic.inner as unknown as ExtrinsicV4).signature.multiSignature.type.toLowerCase();
    let signatureValid: boolean;
    try {
      const { isValid, crypto } = signatureVerify(message, extrinsic.signature.toU8a(), from);
      signatureValid = isValid && crypto === claimed;
    } catch {
      signatureValid = false;
    }
    return {
      transactionHash: construct.txHash(hex),
      from,
      to,
      amount: formatUnits(value, DECIMALS),
      fee: extrinsic.assetId.isSome ? null : formatUnits(extrinsic.tip.toBigInt(), DECIMALS),
      memo,
      signatureValid,
      signatureNote: `the signer's signature over the payload rebuilt for Westend Asset Hub (genesis hash, spec ${SPEC_VERSION}, the era's checkpoint taken as block 0, i.e. the genesis hash): a transaction born at a later block covers a block hash not known offline and shows false`,
    };
  },
};

/** The extrinsic and its call as txwrapper reads them; anything else is an OfflineDecodeError. */
function parse(registry: TypeRegistry, hex: `0x${string}`) {
  try {
    // What txwrapper's decode does for a signed extrinsic, less its registry.setMetadata: that drops the user
    // extensions, and polkadot-js would warn about StorageWeightReclaim on every decode.
    const extrinsic = registry.createType("Extrinsic", hex, { isSigned: true });
    // polkadot-js reads what it can: the bytes are these only if they encode back exactly.
    if (!extrinsic.isSigned || extrinsic.version !== 0x84 || extrinsic.toHex() !== hex)
      throw new OfflineDecodeError("not a signed (version 4) Westend Asset Hub extrinsic");
    const method = toTxMethod(registry, registry.createType("Call", extrinsic.method));
    return { from: extrinsic.signer.toString(), extrinsic, ...readTransfer(registry, method) };
  } catch (err) {
    if (err instanceof OfflineDecodeError) throw err;
    throw new OfflineDecodeError(`not a signed Westend Asset Hub extrinsic: ${(err as Error).message}`);
  }
}

/** A transferKeepAlive, alone or as utility.batchAll([transferKeepAlive, system.remarkWithEvent]). */
function readTransfer(registry: TypeRegistry, method: TxMethod): { to: string; value: bigint; memo: string | null } {
  let transfer: { pallet: string; name: string; args: Record<string, unknown> } = method;
  let memo: string | null = null;
  if (method.pallet === "utility" && method.name === "batchAll") {
    const calls = (method.args.calls ?? []) as { callIndex?: string; args?: Record<string, unknown> }[];
    const [first, second] = calls.map((c) => {
      const meta = registry.findMetaCall(Buffer.from((c.callIndex ?? "0x").slice(2), "hex"));
      return { pallet: meta.section, name: meta.method, args: c.args ?? {} };
    });
    if (calls.length !== 2 || !first || !second || second.pallet !== "system" || second.name !== "remarkWithEvent")
      throw new OfflineDecodeError("a batch other than [transferKeepAlive, remarkWithEvent]");
    transfer = first;
    memo = memoText(String(second.args.remark));
  }
  if (transfer.pallet !== "balances" || transfer.name !== "transferKeepAlive")
    throw new OfflineDecodeError(`a ${transfer.pallet}.${transfer.name} call, not balances.transferKeepAlive`);
  const dest = transfer.args.dest as { id?: string } | undefined;
  if (!dest?.id) throw new OfflineDecodeError("the recipient is not an account id");
  return { to: dest.id, value: BigInt(String(transfer.args.value)), memo };
}
