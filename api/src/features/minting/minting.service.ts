// Turns validated requests into ledger operations and stored records. Amounts travel as exact decimal
// text and integer base units (wei, stroops, drops), never as floating-point arithmetic.
import { randomUUID } from "node:crypto";
import { formatEther, formatUnits, getAddress, parseEther, parseUnits, type Address, type Hash } from "viem";
import { fieldError } from "../../http/errors";
import type { EvmChain } from "../../ledgers/evm";
import type { LedgerSelector } from "../../ledgers/selector";
import type { StellarLedgerClient } from "../../ledgers/stellar";
import type { LedgerReceipt, Provenance } from "../../ledgers/types";
import type { XrplLedgerClient } from "../../ledgers/xrpl";
import { attestationMessage, type Attestor } from "../../shared/attestation";
import { MomentCache } from "../../shared/moment-cache";
import type { MintingAccounts } from "./minting.accounts";
import { mintVibe, mintXqb, readMinterRates, readWalletMint, xrpVolumePayment } from "./minting.ledger";
import type { MintRepository } from "./minting.repository";
import {
  decimalText,
  ethMintRecord,
  MINT_LIMITS,
  stellarMintRecord,
  VIBE_PER_XLM,
  xrpVolumeRecord,
  type EthMintRecord,
  type EthMintRequestBody,
  type MintHistoryResponse,
  type MintingRatesResponse,
  type MintRecord,
  type StellarMintRecord,
  type StellarMintRequestBody,
  type WalletMintRequestBody,
  type XrpVolumeRecord,
  type XrpVolumeRequestBody,
} from "./minting.schemas";

export interface MintingServiceDeps {
  evm: LedgerSelector<EvmChain>;
  stellar: LedgerSelector<StellarLedgerClient>;
  xrpl: LedgerSelector<XrplLedgerClient>;
  /** The feature's own accounts: the VIBE issuer, the volume test's destination. */
  accounts: MintingAccounts;
  repository: MintRepository;
  attestor: Attestor;
  /** The EVM network this API is configured for; requests naming another are refused. */
  evmNetwork: "hardhat" | "sepolia";
  /** The EVM chain run the node is on now (genesis hash), for history's onCurrentChain. */
  currentChainInstance: () => string | null;
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

const tokens = (v: bigint | null) => (v === null ? null : formatEther(v));

export function createMintingService(deps: MintingServiceDeps) {
  const { attestor } = deps;
  // What every open page polls is answered from memory for a moment; a record this process writes clears
  // the newest page and the counts at once (another replica's writes show within the caches' second).
  const newest = new MomentCache<string, MintHistoryResponse>();
  const counts = new MomentCache<"counts", { live: number; simulated: number }>();
  const rates = new MomentCache<"rates", MintingRatesResponse>(5000);
  const repository: MintRepository = {
    ...deps.repository,
    insert: (...args) =>
      deps.repository.insert(...args).finally(() => {
        newest.clear();
        counts.clear();
      }),
  };

  /** The fields every record shares, with the attestation when the client asked for one. */
  function common(
    ledger: MintRecord["ledger"],
    receipt: Omit<LedgerReceipt, "signedTransaction"> & Provenance,
    amount: string,
    quantumSecurity: boolean,
    signedTransaction: string | null,
    assumptions: string[] = [],
  ) {
    const timestamp = new Date().toISOString();
    const quantumAttestation = quantumSecurity
      ? attestor.attest(
          attestationMessage({
            ledger,
            network: receipt.network,
            transactionHash: receipt.transactionHash,
            amount,
            timestamp,
          }),
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
      assumptions: receipt.source === "live" ? [] : assumptions,
      timestamp,
    };
  }

  function requireConfiguredNetwork(network: string) {
    if (network !== deps.evmNetwork) {
      throw fieldError("network", `this API is configured for ${deps.evmNetwork}; ${network} is not available`);
    }
  }

  const amountText = (xqb: string | null, xqbusd: string | null) =>
    xqb === null || xqbusd === null ? "XQB + XQBUSD (amounts unknown)" : `${xqb} XQB + ${xqbusd} XQBUSD`;

  /** One page, newest first, from one query; no chain call (a record is on the current chain run or not). */
  async function historyPage(limit: number, current: string | null, cursor?: string): Promise<MintHistoryResponse> {
    const page = await repository.page(limit, cursor);
    if (!page) throw fieldError("cursor", "is not a cursor this API gave out");
    const network = deps.evm.status().network;
    return {
      mints: page.mints.map(({ record, chainInstance }) => ({
        ...record,
        onCurrentChain:
          current !== null &&
          record.ledger === "ethereum" &&
          record.source === "live" &&
          record.network === network &&
          chainInstance !== null
            ? chainInstance === current
            : null,
      })),
      nextCursor: page.nextCursor,
    };
  }

  return {
    async mintXqb(body: EthMintRequestBody): Promise<EthMintRecord> {
      requireConfiguredNetwork(body.network);
      const ethText = decimalText(body.ethAmount);
      const weiIn = parseEther(ethText);
      const m = await deps.evm.run((evm, ctx) =>
        mintXqb(
          evm,
          { weiIn, recipient: (body.recipient ? getAddress(body.recipient) : evm.account) as Address, ethText },
          ctx,
        ),
      );
      const { write } = m;
      const xqb = tokens(m.xqbOut);
      const xqbusd = tokens(m.xqbusdOut);
      const record = ethMintRecord.parse({
        ...common(
          "ethereum",
          {
            ...write,
            ledgerIndex: write.receipt ? Number(write.receipt.blockNumber) : null,
            source: m.source,
            reason: m.reason,
          },
          amountText(xqb, xqbusd),
          body.quantumSecurity,
          write.signedTransaction,
          m.assumptions,
        ),
        kind: "eth-mint",
        ethAmount: ethText,
        xqbAmount: xqb === null ? null : Number(xqb),
        xqbusdAmount: xqbusd === null ? null : Number(xqbusd),
        recipient: m.recipient,
        signedBy: "server",
      });
      const inclusion = { blockHash: write.receipt?.blockHash ?? null, chainInstance: write.chainInstance };
      return (await repository.insert(record, inclusion)).record;
    },

    /** Records a mint the browser wallet sent; only the live chain can vouch for it. */
    async recordWalletMint(body: WalletMintRequestBody): Promise<{ record: EthMintRecord; created: boolean }> {
      requireConfiguredNetwork(body.network);
      const evm = deps.evm.requireLive();
      const r = await readWalletMint(evm, body.transactionHash.toLowerCase() as Hash);
      const xqb = formatEther(r.xqbOut);
      const xqbusd = formatEther(r.xqbusdOut);
      const record = ethMintRecord.parse({
        ...common(
          "ethereum",
          {
            network: evm.network,
            // The chain's spelling of the hash, not the client's: one transaction, one record.
            transactionHash: r.receipt.transactionHash,
            ledgerIndex: Number(r.receipt.blockNumber),
            explorerUrl:
              deps.evm.status().network === "sepolia"
                ? `https://sepolia.etherscan.io/tx/${r.receipt.transactionHash}`
                : null,
            // Who really signed: the transaction's sender, read from the chain.
            signer: r.receipt.from,
            source: "live",
            reason: null,
          },
          amountText(xqb, xqbusd),
          body.quantumSecurity,
          null,
        ),
        kind: "eth-mint",
        ethAmount: formatEther(r.weiIn),
        xqbAmount: Number(xqb),
        xqbusdAmount: Number(xqbusd),
        recipient: r.recipient,
        signedBy: "wallet",
      });
      // Reported twice (same hash, same block): the insert hands back the stored record.
      return repository.insert(record, { blockHash: r.receipt.blockHash, chainInstance: evm.chainInstance() });
    },

    async mintStellar(body: StellarMintRequestBody): Promise<StellarMintRecord> {
      const xlmText = decimalText(body.xlmAmount);
      const { decimals } = MINT_LIMITS.xlm;
      const vibeText = formatUnits(parseUnits(xlmText, decimals) * BigInt(VIBE_PER_XLM), decimals);
      const memo = truncateUtf8(body.environmentalAction, STELLAR_MEMO_BYTES);
      const issuer = deps.accounts.vibeIssuer;
      const r = await deps.stellar.run((c, ctx) =>
        mintVibe(c, { issuer, xlmAmount: xlmText, vibeAmount: vibeText, memo }, ctx),
      );
      const record = stellarMintRecord.parse({
        ...common(
          "stellar",
          { ...r.submit, source: r.source, reason: r.reason },
          `${r.vibeAmount} VIBE`,
          body.quantumSecurity,
          r.submit.signedTransaction,
          r.assumptions,
        ),
        kind: "stellar-mint",
        xlmAmount: xlmText,
        vibeCoinsAmount: Number(r.vibeAmount),
        environmentalAction: body.environmentalAction,
        // No satellite verification exists.
        satelliteVerified: false,
      });
      return (await repository.insert(record)).record;
    },

    async xrpVolumeTest(body: XrpVolumeRequestBody): Promise<XrpVolumeRecord> {
      const xrpText = decimalText(body.xrpAmount);
      const destination = deps.accounts.xrpDestination;
      const r = await deps.xrpl.run((c, ctx) => xrpVolumePayment(c, { destination, xrpAmount: xrpText }, ctx));
      const record = xrpVolumeRecord.parse({
        ...common(
          "xrpl",
          { ...r.submit, source: r.source, reason: r.reason },
          `${r.processedAmount} XRP`,
          body.quantumSecurity,
          r.submit.signedTransaction,
          r.assumptions,
        ),
        kind: "xrp-volume",
        processedAmount: Number(r.processedAmount),
        destination: r.destination,
      });
      return (await repository.insert(record)).record;
    },

    /**
     * Newest first, one query per page and no chain call: a live EVM record is on the current chain when it
     * was recorded on the chain run (genesis hash) the node is on now.
     */
    /** The minter's rules read from the chain (cached for a moment), beside the feature's own. */
    rates(): Promise<MintingRatesResponse> {
      return rates.get("rates", async () => {
        const status = deps.evm.status();
        let ethereum: MintingRatesResponse["ethereum"];
        try {
          // Read through the live node only: a simulated answer has nothing to read.
          const evm = deps.evm.requireLive();
          const r = await readMinterRates(evm);
          ethereum = {
            source: "chain",
            reason: null,
            network: status.network,
            minter: evm.address("XQBMinter"),
            xqbPerEth: Number(r.xqbPerEth),
            xqbusdPerEth: Number(formatEther(r.xqbusdPerEth)),
            collateralRatioPercent: Number(r.collateralRatioBps) / 100,
            minDepositEth: formatEther(r.minDepositWei),
            ethUsdPrice: Number(formatUnits(r.ethUsdPrice, 8)),
          };
        } catch (err) {
          ethereum = {
            source: "unavailable",
            reason: status.reason ?? (err instanceof Error ? err.message : String(err)),
            network: status.network,
            minter: null,
            xqbPerEth: null,
            xqbusdPerEth: null,
            collateralRatioPercent: null,
            minDepositEth: null,
            ethUsdPrice: null,
          };
        }
        return { ethereum, stellar: { vibePerXlm: VIBE_PER_XLM }, limits: MINT_LIMITS };
      });
    },

    history(limit: number, cursor?: string): Promise<MintHistoryResponse> {
      const current = deps.evm.status().reachable ? deps.currentChainInstance() : null;
      if (cursor) return historyPage(limit, current, cursor);
      // The newest page: one answer object for a moment (the route then sends its remembered JSON).
      return newest.get(`${limit}|${current}`, () => historyPage(limit, current));
    },

    /** Stored records by source: one query, at most once a second however often status is asked. */
    counts(): Promise<{ live: number; simulated: number }> {
      return counts.get("counts", () => repository.countBySource());
    },
  };
}

export type MintingService = ReturnType<typeof createMintingService>;
