// One runner per coin that can run a test transaction: its testnet, library, id rule and limits, where it stands
// now (its level and why), our two test accounts on it, the test itself and the decoder of its bytes. The service
// knows runners only; which road a coin takes is decided here, from the table in cryptocurrency.constants.ts.
import { Keypair } from "@stellar/stellar-sdk";
import { toHex, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { ECDSA, Wallet } from "xrpl";
import type { DevKeysAnswer } from "../../ledgers/evm/dev-keys";
import { libraryVersion } from "../../ledgers/offline/library-version";
import type { DecodedOffline, OfflineLimits, OfflineNetwork, OfflineSigner } from "../../ledgers/offline/types";
import type { LedgerSelector } from "../../ledgers/selector";
import type { StellarLedgerClient } from "../../ledgers/stellar";
import type { XrplLedgerClient } from "../../ledgers/xrpl";
import type { EvmChain } from "../../ledgers/evm";
import { COINS, type CoinLevel, type CoinSymbol } from "./cryptocurrency.constants";
import { decodeLocalEvmTransfer, decodeStellarPayment, decodeXrplPayment } from "./cryptocurrency.decode";
import type { CoinKeys } from "./cryptocurrency.keys";
import {
  LOCAL_TOKENS,
  payXlm,
  payXrp,
  sendEth,
  sendToken,
  type CoinNode,
  type LocalToken,
} from "./cryptocurrency.ledger";

/** The dev account our local-chain test transfers are sent from (the faucet's is #16). */
export const COIN_TEST_DEV_ACCOUNT = 17;

export interface Standing {
  level: CoinLevel;
  /** Why, in words. */
  reason: string;
  /** The level works right now (a live ledger answers; a signer passed its self-check). */
  operational: boolean;
}

/** What a test produced, before the service adds the note, the timing and the attestation. */
export interface RunOutput {
  source: "live" | "simulated";
  reason: string | null;
  signedTransaction: string;
  encoding: "hex" | "base64";
  transactionHash: string;
  from: string;
  to: string;
  amount: string;
  fee: string | null;
  feeUnit: string;
  memo: string | null;
  explorerUrl: string | null;
  ledgerIndex: number | null;
  assumptions: string[];
  topUps: string[];
}

/** What a runner signs with and for: known at once for the ledgers we reach, once loaded for an offline signer. */
export interface RunnerInfo {
  testnet: OfflineNetwork;
  library: { name: string; version: string | null };
  idRule: string;
  limits: OfflineLimits;
}

export interface CoinRunner {
  symbol: CoinSymbol;
  info(): Promise<RunnerInfo>;
  standing(): Promise<Standing>;
  accounts(): Promise<{ from: string; to: string }>;
  run(amount: string, memo: string | null): Promise<RunOutput>;
  decode(signedTransaction: string): Promise<DecodedOffline>;
}

const lib = (name: string) => ({ name, version: libraryVersion(name) });

/**
 * A coin signed offline by its own library, loaded on first use (the libraries are large: an API that is never
 * asked about coins never loads them); operational once it has signed and decoded its own transfer.
 */
export function offlineRunner(
  symbol: CoinSymbol,
  load: () => Promise<OfflineSigner>,
  keys: () => Promise<CoinKeys>,
): CoinRunner {
  let loading: Promise<OfflineSigner> | null = null;
  const signerOf = () => (loading ??= load());
  const seeds = async () => {
    const k = await keys();
    return { from: k.seed(symbol, "sender"), to: k.seed(symbol, "recipient") };
  };
  const accounts = async () => {
    const [s, signer] = await Promise.all([seeds(), signerOf()]);
    return { from: await signer.address(s.from), to: await signer.address(s.to) };
  };
  let selfCheck: Promise<Standing> | null = null;
  const check = async (): Promise<Standing> => {
    try {
      const [s, signer] = await Promise.all([seeds(), signerOf()]);
      const signed = await signer.sign(s.from, {
        to: await signer.address(s.to),
        amount: signer.limits.minAmount,
        memo: signer.limits.memoMaxBytes ? "self-check" : null,
      });
      const decoded = await signer.decode(signed.signedTransaction);
      const ok = decoded.transactionHash === signed.transactionHash && decoded.signatureValid !== false;
      return ok
        ? { level: "signed-offline", reason: signer.notBroadcast, operational: true }
        : {
            level: "signed-offline",
            reason: `its signer's self-check failed: the decoded id or signature did not match`,
            operational: false,
          };
    } catch (err) {
      return {
        level: "signed-offline",
        reason: `its signer's self-check failed: ${(err as Error).message}`,
        operational: false,
      };
    }
  };
  return {
    symbol,
    async info() {
      const signer = await signerOf();
      return { testnet: signer.network, library: lib(signer.library), idRule: signer.idRule, limits: signer.limits };
    },
    standing: () => (selfCheck ??= check()),
    accounts,
    async run(amount, memo) {
      const [s, signer] = await Promise.all([seeds(), signerOf()]);
      const signed = await signer.sign(s.from, { to: await signer.address(s.to), amount, memo });
      return {
        source: "simulated",
        reason: signer.notBroadcast,
        signedTransaction: signed.signedTransaction,
        encoding: signed.encoding,
        transactionHash: signed.transactionHash,
        from: signed.from,
        to: signed.to,
        amount: signed.amount,
        fee: signed.fee,
        feeUnit: signed.feeUnit,
        memo: signed.memo,
        explorerUrl: null,
        ledgerIndex: null,
        assumptions: signed.assumptions,
        topUps: [],
      };
    },
    decode: async (bytes) => (await signerOf()).decode(bytes),
  };
}

const LOCAL_LIMITS = (decimals: number, max: string): OfflineLimits => ({
  decimals,
  minAmount: decimals === 6 ? "0.000001" : "0.000000000000000001",
  maxAmount: max,
  memoMaxBytes: null,
  memoNote:
    "a local-chain transfer carries no memo here (a value transfer's or an ERC-20 transfer's call data is fixed)",
});

export interface LocalEvmDeps {
  evm: LedgerSelector<EvmChain>;
  node: CoinNode;
  devKeys: DevKeysAnswer;
}

/** ETH or one of our tokens on the local chain, sent from dev account #17 to our recipient: executed. */
export function localEvmRunner(
  symbol: "ETH" | LocalToken,
  deps: LocalEvmDeps,
  keys: () => Promise<CoinKeys>,
): CoinRunner {
  const token = symbol === "ETH" ? null : LOCAL_TOKENS[symbol];
  const senderKey = (): Hex => {
    if (!deps.devKeys.available) throw new Error(deps.devKeys.reason);
    return deps.devKeys.keys.key(COIN_TEST_DEV_ACCOUNT);
  };
  const recipient = async (): Promise<Address> =>
    privateKeyToAccount(toHex((await keys()).seed(symbol, "recipient"))).address;
  const info: RunnerInfo = {
    testnet: {
      name: deps.node.network === "hardhat" ? "the local Hardhat chain" : deps.node.network,
      id: String(deps.node.chainId),
      idKind: "EIP-155 chain id",
    },
    library: lib("viem"),
    idRule: "keccak-256 of the signed transaction's bytes, hex",
    limits: token ? LOCAL_LIMITS(token.decimals, "1000") : LOCAL_LIMITS(18, "10"),
  };
  return {
    symbol,
    info: async () => info,
    async standing() {
      if (!deps.devKeys.available)
        return { level: "display-only", reason: `no test account here: ${deps.devKeys.reason}`, operational: false };
      const status = deps.evm.status();
      return status.mode === "live"
        ? {
            level: "live",
            reason: `executed on ${status.network} (chain ${deps.node.chainId}), which answers now${token ? `; our test account is topped up first by ${token.topUp}` : ""}`,
            operational: true,
          }
        : {
            level: "live",
            reason: `runs on ${status.network}, which does not answer now (${status.reason ?? "unreachable"}): a test fails until it is back`,
            operational: false,
          };
    },
    async accounts() {
      return { from: privateKeyToAccount(senderKey()).address, to: await recipient() };
    },
    async run(amount) {
      const to = await recipient();
      const sent = token
        ? await sendToken(deps.node, senderKey(), symbol as LocalToken, to, amount)
        : await sendEth(deps.node, senderKey(), to, amount);
      const w = sent.write;
      const decoded = await this.decode(w.signedTransaction);
      return {
        source: "live",
        reason: null,
        signedTransaction: w.signedTransaction,
        encoding: "hex",
        transactionHash: w.transactionHash,
        from: w.signer,
        to,
        amount: decoded.amount,
        fee: decoded.fee,
        feeUnit: "ETH (the most it could cost: gas × max fee per gas)",
        memo: null,
        explorerUrl: w.explorerUrl,
        ledgerIndex: w.receipt ? Number(w.receipt.blockNumber) : null,
        assumptions: w.assumptions,
        topUps: sent.topUps,
      };
    },
    decode: (bytes) =>
      decodeLocalEvmTransfer(
        bytes,
        deps.node.chainId,
        token ? { address: deps.node.address(token.contract), decimals: token.decimals } : null,
      ),
  };
}

/** XLM: a payment from the server account to our recipient, live when the testnet answers. */
export function stellarRunner(
  stellar: LedgerSelector<StellarLedgerClient>,
  passphrase: string,
  keys: () => Promise<CoinKeys>,
): CoinRunner {
  const recipient = async () =>
    Keypair.fromRawEd25519Seed(Buffer.from((await keys()).seed("XLM", "recipient"))).publicKey();
  const info: RunnerInfo = {
    testnet: { name: "Stellar testnet", id: passphrase, idKind: "network passphrase" },
    library: lib("@stellar/stellar-sdk"),
    idRule: "SHA-256 of the network id (SHA-256 of the passphrase) and the transaction's signature base, hex",
    limits: {
      decimals: 7,
      minAmount: "0.0000001",
      maxAmount: "100",
      memoMaxBytes: 28,
      memoNote: "a text memo (Stellar's limit: 28 bytes)",
    },
  };
  return {
    symbol: "XLM",
    info: async () => info,
    async standing() {
      const s = stellar.status();
      return s.mode === "live"
        ? {
            level: "live",
            reason: "Stellar testnet answers: the payment is submitted and confirmed",
            operational: true,
          }
        : {
            level: "signed-offline",
            reason: `${s.reason ?? "Horizon unreachable"}: the payment is signed by the simulated client and never submitted`,
            operational: true,
          };
    },
    async accounts() {
      return { from: (await stellar.run(async (c) => ({ account: c.serverAccount }))).account, to: await recipient() };
    },
    async run(amount, memo) {
      const to = await recipient();
      const r = await stellar.run((client, ctx) => payXlm(client, { to, amount, memo }, ctx));
      return {
        source: r.source,
        reason: r.reason,
        signedTransaction: r.signedTransaction,
        encoding: "base64",
        transactionHash: r.transactionHash,
        from: r.signer,
        to,
        amount,
        fee: "0.0001",
        feeUnit: "XLM (1,000 stroops for the one operation)",
        memo,
        explorerUrl: r.explorerUrl,
        ledgerIndex: r.ledgerIndex,
        assumptions: r.assumptions,
        topUps: [],
      };
    },
    decode: async (bytes) => decodeStellarPayment(bytes, passphrase),
  };
}

/** XRP: a payment from the server wallet to our recipient, live when the testnet answers. */
export function xrplRunner(xrpl: LedgerSelector<XrplLedgerClient>, keys: () => Promise<CoinKeys>): CoinRunner {
  const recipient = async () =>
    Wallet.fromEntropy((await keys()).seed("XRP", "recipient").slice(0, 16), { algorithm: ECDSA.ed25519 })
      .classicAddress;
  const info: RunnerInfo = {
    testnet: { name: "XRP Ledger testnet", id: "1", idKind: "network id" },
    library: lib("xrpl"),
    idRule: "SHA-512Half of the prefix TXN\\0 and the signed transaction's binary encoding, hex",
    limits: {
      decimals: 6,
      minAmount: "0.000001",
      maxAmount: "100",
      memoMaxBytes: 256,
      memoNote: "a Memo's MemoData (we take at most 256 bytes; XRPL's limit for all memos is 1 KB)",
    },
  };
  return {
    symbol: "XRP",
    info: async () => info,
    async standing() {
      const s = xrpl.status();
      return s.mode === "live"
        ? {
            level: "live",
            reason: "the XRPL testnet answers: the payment is submitted and validated",
            operational: true,
          }
        : {
            level: "signed-offline",
            reason: `${s.reason ?? "the testnet is unreachable"}: the payment is signed by the simulated client and never submitted`,
            operational: true,
          };
    },
    async accounts() {
      return { from: (await xrpl.run(async (c) => ({ account: c.serverAccount }))).account, to: await recipient() };
    },
    async run(amount, memo) {
      const to = await recipient();
      const r = await xrpl.run((client, ctx) => payXrp(client, { to, amount, memo }, ctx));
      const decoded = decodeXrplPayment(r.signedTransaction);
      return {
        source: r.source,
        reason: r.reason,
        signedTransaction: r.signedTransaction,
        encoding: "hex",
        transactionHash: r.transactionHash,
        from: r.signer,
        to,
        amount,
        fee: decoded.fee,
        feeUnit: "XRP",
        memo,
        explorerUrl: r.explorerUrl,
        ledgerIndex: r.ledgerIndex,
        assumptions: r.assumptions,
        topUps: [],
      };
    },
    decode: async (bytes) => decodeXrplPayment(bytes),
  };
}

/** The coin table's entry. */
export const coinOf = (symbol: CoinSymbol) => COINS.find((c) => c.symbol === symbol)!;
