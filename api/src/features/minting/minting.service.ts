// Turns validated requests into ledger operations and stored records. Amounts travel as exact decimal
// text and integer base units (wei, stroops, drops), never as floating-point arithmetic.
import { randomUUID } from "node:crypto";
import { formatEther, formatUnits, parseEther, parseUnits } from "viem";
import { fieldError } from "../../http/errors";
import type { LedgerSelector } from "../../ledgers/selector";
import {
  LedgerRejectedError,
  type EvmClient,
  type EvmReader,
  type LedgerReceipt,
  type Provenance,
  type StellarClient,
  type XrplClient,
} from "../../ledgers/types";
import { attestationMessage, type Attestor } from "../attestation/attestation.service";
import type { MintRepository, StoredMint } from "./minting.repository";
import {
  decimalText,
  ethMintRecord,
  MINT_LIMITS,
  stellarMintRecord,
  VIBE_PER_XLM,
  xrpVolumeRecord,
  type EthMintRecord,
  type EthMintRequestBody,
  type MintHistoryEntry,
  type MintRecord,
  type StellarMintRecord,
  type StellarMintRequestBody,
  type WalletMintRequestBody,
  type XrpVolumeRecord,
  type XrpVolumeRequestBody,
} from "./minting.schemas";

export interface MintingServiceDeps {
  evm: { selector: LedgerSelector<EvmClient>; reader: EvmReader };
  stellar: LedgerSelector<StellarClient>;
  xrpl: LedgerSelector<XrplClient>;
  repository: MintRepository;
  attestor: Attestor;
  /** The EVM network this API is configured for; requests naming another are refused. */
  evmNetwork: "hardhat" | "sepolia";
}

/** Stellar text memos hold at most 28 bytes. */
const STELLAR_MEMO_BYTES = 28;

export function truncateUtf8(text: string, maxBytes: number): string {
  let out = "";
  let used = 0;
  for (const ch of text) {
    const size = Buffer.byteLength(ch);
    if (used + size > maxBytes) break;
    out += ch;
    used += size;
  }
  return out;
}

export function createMintingService(deps: MintingServiceDeps) {
  const { repository, attestor } = deps;

  /** The fields every record shares, with the attestation when the client asked for one. */
  function common(
    ledger: MintRecord["ledger"],
    receipt: Omit<LedgerReceipt, "signedTransaction"> & Provenance,
    amount: string,
    quantumSecurity: boolean,
    signedTransaction: string | null,
  ) {
    const timestamp = new Date().toISOString();
    const quantumAttestation = quantumSecurity
      ? attestor.attest(
          attestationMessage({ ledger, network: receipt.network, transactionHash: receipt.transactionHash, amount, timestamp }),
        )
      : null;
    return {
      id: randomUUID(),
      success: true as const,
      ledger,
      source: receipt.source,
      reason: receipt.source === "live" ? null : (receipt.reason ?? "simulated"),
      network: receipt.network,
      transactionHash: receipt.transactionHash,
      signedTransaction,
      ledgerIndex: receipt.ledgerIndex,
      explorerUrl: receipt.explorerUrl,
      signer: receipt.signer,
      amount,
      quantumSecured: quantumSecurity,
      quantumAttestation,
      // No government validator exists on these networks.
      governmentValidated: false as const,
      timestamp,
    };
  }

  function requireConfiguredNetwork(network: string) {
    if (network !== deps.evmNetwork) {
      throw fieldError("network", `this API is configured for ${deps.evmNetwork}; ${network} is not available`);
    }
  }

  return {
    async mintXqb(body: EthMintRequestBody): Promise<MintRecord> {
      requireConfiguredNetwork(body.network);
      const ethText = decimalText(body.ethAmount);
      const weiIn = parseEther(ethText);
      const r = await deps.evm.selector.run((c) => c.mintXqb({ weiIn, recipient: (body.recipient as `0x${string}` | undefined) ?? c.account }));
      const xqb = formatEther(r.xqbOut);
      const xqbusd = formatEther(r.xqbusdOut);
      const record: EthMintRecord = ethMintRecord.parse({
        ...common("ethereum", r, `${xqb} XQB + ${xqbusd} XQBUSD`, body.quantumSecurity, r.signedTransaction),
        kind: "eth-mint",
        ethAmount: ethText,
        xqbAmount: Number(xqb),
        xqbusdAmount: Number(xqbusd),
        recipient: r.recipient,
        signedBy: "server",
      });
      return (await repository.insert(record, r.blockHash)).record;
    },

    /** Records a mint the browser wallet sent; only the live chain can vouch for it. */
    async recordWalletMint(body: WalletMintRequestBody): Promise<{ record: MintRecord; created: boolean }> {
      requireConfiguredNetwork(body.network);
      deps.evm.selector.requireLive();
      let r;
      try {
        r = await deps.evm.reader.readWalletMint(body.transactionHash as `0x${string}`);
      } catch (err) {
        // Not found, reverted or not a mint: the hash the client sent is what is wrong.
        if (err instanceof LedgerRejectedError) throw fieldError("transactionHash", err.message);
        throw err;
      }
      const xqb = formatEther(r.xqbOut);
      const xqbusd = formatEther(r.xqbusdOut);
      const record: EthMintRecord = ethMintRecord.parse({
        ...common("ethereum", { ...r, source: "live" as const, reason: null }, `${xqb} XQB + ${xqbusd} XQBUSD`, body.quantumSecurity, null),
        kind: "eth-mint",
        ethAmount: formatEther(r.weiIn),
        xqbAmount: Number(xqb),
        xqbusdAmount: Number(xqbusd),
        recipient: r.recipient,
        signedBy: "wallet",
      });
      // Reported twice (same hash, same block): the insert hands back the stored record.
      return repository.insert(record, r.blockHash);
    },

    async mintStellar(body: StellarMintRequestBody): Promise<MintRecord> {
      const xlmText = decimalText(body.xlmAmount);
      const { decimals } = MINT_LIMITS.xlm;
      const vibeText = formatUnits(parseUnits(xlmText, decimals) * BigInt(VIBE_PER_XLM), decimals);
      const memo = truncateUtf8(body.environmentalAction, STELLAR_MEMO_BYTES);
      const r = await deps.stellar.run((c) => c.mintVibeCoins({ xlmAmount: xlmText, vibeAmount: vibeText, memo }));
      const record: StellarMintRecord = stellarMintRecord.parse({
        ...common("stellar", r, `${r.vibeAmount} VIBE`, body.quantumSecurity, r.signedTransaction),
        kind: "stellar-mint",
        xlmAmount: xlmText,
        vibeCoinsAmount: Number(r.vibeAmount),
        environmentalAction: body.environmentalAction,
        // No satellite verification exists.
        satelliteVerified: false,
      });
      return (await repository.insert(record)).record;
    },

    async xrpVolumeTest(body: XrpVolumeRequestBody): Promise<MintRecord> {
      const xrpText = decimalText(body.xrpAmount);
      const r = await deps.xrpl.run((c) => c.volumeTest({ xrpAmount: xrpText }));
      const record: XrpVolumeRecord = xrpVolumeRecord.parse({
        ...common("xrpl", r, `${r.processedAmount} XRP`, body.quantumSecurity, r.signedTransaction),
        kind: "xrp-volume",
        processedAmount: Number(r.processedAmount),
        destination: r.destination,
      });
      return (await repository.insert(record)).record;
    },

    /** Newest first; live EVM records on this API's network are checked against the node's blocks. */
    async history(limit: number): Promise<MintHistoryEntry[]> {
      const stored = await repository.list(limit);
      const network = deps.evm.selector.status().network;
      const checkable = (m: StoredMint): m is StoredMint & { blockHash: `0x${string}` } =>
        m.record.ledger === "ethereum" && m.record.source === "live" && m.record.network === network && m.blockHash !== null;
      const hashes = [...new Set(stored.filter(checkable).map((m) => m.blockHash))];
      const known = hashes.length > 0 ? await deps.evm.reader.knownBlocks(hashes) : null;
      return stored.map((m) => ({
        ...m.record,
        onCurrentChain: known && checkable(m) ? known.has(m.blockHash.toLowerCase()) : null,
      }));
    },
  };
}

export type MintingService = ReturnType<typeof createMintingService>;
