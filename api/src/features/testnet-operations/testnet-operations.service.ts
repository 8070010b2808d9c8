// The testnet operations pages' work. Every transaction goes through the coin layer (the cryptocurrency feature's
// exports: its rules, runs, records and attestations) or the VIBE minter (the vibecoins feature's); the pools are
// read by real-staking; this feature adds only what the spec's calls ask on top, and records the environmental
// project a VIBE mint names.
import { formatEther, getAddress, parseEther, type Address } from "viem";
import { fieldError, HttpError } from "../../http/errors";
import type { Caller } from "../../http/access";
import type { GovernmentData } from "../../sources/government/government-data";
import { attestationMessage, type Attestor } from "../../shared/attestation";
import { complianceAnswer, type ComplianceReading } from "./testnet-operations.compliance";
import { comprehensiveDataAnswer, governmentDataAnswer, treasuryHealthAnswer } from "./testnet-operations.government";
import type { EnvironmentalMints } from "./testnet-operations.repository";
import {
  MULTI_CRYPTO_AMOUNT,
  MULTI_CRYPTO_DEFAULT,
  QUANTUM_ALGORITHMS,
  QUANTUM_ALGORITHMS_NOTE,
  VIBE_MINT,
  type MultiCryptoCoin,
} from "./testnet-operations.constants";
import type {
  MultiCryptoResponse,
  RealOperationsResponse,
  StellarTransactionResponse,
  SupportedAssetsResponse,
  VibeAnalyticsResponse,
  VibeMintResponse,
} from "./testnet-operations.schemas";

type CoinLevel = "live" | "signed-offline" | "display-only";

/** A coin test's result as the coin layer answers it (only what this feature passes on). */
interface CoinTestResult {
  note: string;
  source: "live" | "simulated";
  reason: string | null;
  signedTransaction: string;
  transactionHash: string;
  from: string;
  to: string;
  amount: string;
  memo: string | null;
  explorerUrl: string | null;
  attestation: StellarTransactionResponse["attestation"];
  elapsedMs: number;
}

/** The coin layer (the cryptocurrency feature's exports, wired in app.ts). */
export interface CoinLayer {
  supported(): Promise<{
    cryptocurrencies: {
      symbol: string;
      name: string;
      network: string;
      status: string;
      hasTestnet: boolean;
      hasFaucet: boolean;
      category: string;
      level: CoinLevel;
      levelReason: string;
      testnet: { name: string; id: string | null; idKind: string | null };
    }[];
  }>;
  testTransaction(
    symbol: "XLM",
    body: { amount?: number | string; memo?: string | null },
    caller: string | null,
  ): Promise<{ network: string; result: CoinTestResult; timestamp: string }>;
  bulkTest(
    body: { symbols: MultiCryptoCoin[]; amount?: string },
    caller: string,
  ): Promise<{
    summary: { successful: number; failed: number; successRate: number; elapsedMs: number };
    results: Record<
      string,
      {
        success: boolean;
        level: CoinLevel;
        result: CoinTestResult | null;
        error: { code: string; message: string } | null;
      }
    >;
  }>;
  /** The path that checks a coin's signed bytes (the coin layer's verify route). */
  verifyPath(symbol: "XLM"): string;
}

/** The staking pools as real-staking reads them (its exports). */
export interface PoolsReading {
  protocols: { token: string; name: string; totalStaked: string; currentAPY: number; status: string }[];
  network: string;
  asOfBlock: string;
  source: "live" | "simulated";
  reason: string | null;
}

/** The VIBE minter (the vibecoins feature's exports). */
export type VibeMinter = (request: { recipient: Address; amount: string; slotOwner: Address | null }) => Promise<{
  amount: string;
  recipient: string;
  transactionHash: string;
  blockNumber: string | null;
  explorerUrl: string | null;
  assumptions: string[];
  source: "live" | "simulated";
  reason: string | null;
}>;

export interface TestnetOperationsDeps {
  government: GovernmentData;
  coins: CoinLayer;
  pools: () => Promise<PoolsReading>;
  mintVibe: VibeMinter;
  compliance: () => Promise<ComplianceReading>;
  attestor: Attestor;
  mints: EnvironmentalMints;
  /** "hardhat" | "sepolia": the EVM network VIBE is minted on. */
  evmNetwork: string;
  chainId: number;
  /** The local chain run (genesis hash) a live mint went to, for the record; null off the local chain. */
  currentChainInstance: () => string | null;
  /** Fiscal Data's host, for the health answer. */
  fiscalDataEndpoint: string;
  now?: () => Date;
}

/** The explorer page of a Stellar testnet transaction (stellar.expert, as the other Stellar pages link). */
const stellarTxUrl = (hash: string) => `https://stellar.expert/explorer/testnet/tx/${hash}`;

export function createTestnetOperationsService(deps: TestnetOperationsDeps) {
  const now = deps.now ?? (() => new Date());

  async function stellarPayment(
    amount: number | string,
    memo: string | null | undefined,
    amountField: "xlmAmount" | "amount",
    caller: string | null,
  ): Promise<StellarTransactionResponse> {
    let answer;
    try {
      answer = await deps.coins.testTransaction("XLM", { amount, memo: memo ?? null }, caller);
    } catch (err) {
      // The coin layer names its own field `amount`; this route's form calls it otherwise.
      if (err instanceof HttpError && err.issues?.some((i) => i.path === "amount")) {
        const issue = err.issues.find((i) => i.path === "amount")!;
        throw fieldError(amountField, issue.message);
      }
      throw err;
    }
    const r = answer.result;
    const live = r.source === "live";
    return {
      success: true,
      sourceAccount: r.from,
      destination: r.to,
      network: answer.network,
      amount: r.amount,
      memo: r.memo,
      transactionHash: r.transactionHash,
      transactionUrl: live ? (r.explorerUrl ?? stellarTxUrl(r.transactionHash)) : null,
      source: r.source,
      reason: r.reason,
      signedTransaction: r.signedTransaction,
      verifyPath: deps.coins.verifyPath("XLM"),
      note: r.note,
      attestation: r.attestation,
      elapsedMs: r.elapsedMs,
      timestamp: answer.timestamp,
    };
  }

  async function multiCrypto(selected: MultiCryptoCoin[] | undefined, caller: string): Promise<MultiCryptoResponse> {
    const symbols = [...new Set(selected ?? MULTI_CRYPTO_DEFAULT)];
    const [bulk, { cryptocurrencies }] = await Promise.all([
      deps.coins.bulkTest({ symbols, amount: MULTI_CRYPTO_AMOUNT }, caller),
      deps.coins.supported(),
    ]);
    const networkOf = new Map(cryptocurrencies.map((c) => [c.symbol, c.network]));
    return {
      testedCurrencies: symbols,
      successRate: bulk.summary.successRate,
      totalOperations: symbols.length,
      successful: bulk.summary.successful,
      failed: bulk.summary.failed,
      results: symbols.map((symbol) => {
        const e = bulk.results[symbol]!;
        return {
          symbol,
          level: e.level,
          success: e.success,
          network: networkOf.get(symbol) ?? null,
          source: e.result?.source ?? null,
          reason: e.result?.reason ?? null,
          transactionHash: e.result?.transactionHash ?? null,
          explorerUrl: e.result?.explorerUrl ?? null,
          note: e.result?.note ?? null,
          error: e.error ? `${e.error.code}: ${e.error.message}` : null,
          elapsedMs: e.result?.elapsedMs ?? null,
        };
      }),
      elapsedMs: bulk.summary.elapsedMs,
    };
  }

  async function supportedAssets(): Promise<SupportedAssetsResponse> {
    const { cryptocurrencies } = await deps.coins.supported();
    const levels = { live: 0, "signed-offline": 0, "display-only": 0 };
    const assets: SupportedAssetsResponse["assets"] = {};
    for (const c of cryptocurrencies) {
      levels[c.level]++;
      assets[c.symbol] = {
        symbol: c.symbol,
        name: c.name,
        category: c.category,
        network: c.network,
        status: c.status,
        level: c.level,
        levelReason: c.levelReason,
        hasTestnet: c.hasTestnet,
        hasFaucet: c.hasFaucet,
        testnetId: c.testnet.id,
        testnetIdKind: c.testnet.idKind,
      };
    }
    return { assets, totalAssets: cryptocurrencies.length, levels };
  }

  async function vibeAnalytics(): Promise<VibeAnalyticsResponse> {
    const [reading, recordedActions] = await Promise.all([deps.pools(), deps.mints.count()]);
    const staked = reading.protocols.map((p) => parseEther(p.totalStaked));
    const total = staked.reduce((a, b) => a + b, 0n);
    // Weighted by what each pool holds, in gwei so the weights stay exact as numbers.
    const weights = staked.map((w) => Number(w / 1_000_000_000n));
    const weightSum = weights.reduce((a, b) => a + b, 0);
    const averageAPY =
      weightSum > 0
        ? Math.round((reading.protocols.reduce((s, p, i) => s + p.currentAPY * weights[i]!, 0) / weightSum) * 100) / 100
        : null;
    return {
      analytics: {
        totalETHStaked: formatEther(total),
        totalPools: reading.protocols.length,
        averageAPY,
        averageRule:
          "Each pool's current APY (real-staking's rule), averaged weighted by the ETH its holders own; null while nothing is staked.",
        pools: reading.protocols.map((p) => ({
          token: p.token,
          name: p.name,
          totalStaked: p.totalStaked,
          apy: p.currentAPY,
          status: p.status,
        })),
        environmentalImpact: {
          co2Offset: null,
          reason:
            recordedActions === 0
              ? "No environmental action is recorded yet, so there is nothing to offset."
              : `${recordedActions} environmental VIBE mint(s) recorded, each naming a project but measuring no CO2; no conversion factor is applied to tokens, so no offset is claimed.`,
          recordedActions,
        },
      },
      asOfBlock: reading.asOfBlock,
      network: reading.network,
      source: reading.source,
      reason: reading.reason,
    };
  }

  async function vibeMint(
    body: { recipientAddress: string; amount: number | string; environmentalProject: string; network: string },
    caller: Caller,
  ): Promise<VibeMintResponse> {
    const served = deps.evmNetwork;
    const asked = body.network.trim().toLowerCase();
    const accepted = new Set(["ethereum", served, served === "hardhat" ? "localhost" : served]);
    if (!accepted.has(asked))
      throw fieldError(
        "network",
        `VIBE is minted on the EVM chain this API serves (${served}); "${body.network}" is not it`,
      );
    const recipient = getAddress(body.recipientAddress);
    const amountText = typeof body.amount === "number" ? String(body.amount) : body.amount.trim();
    const amount = Number(amountText);
    const max = caller.operator ? VIBE_MINT.operatorMax : VIBE_MINT.walletMax;
    if (!/^\d+(\.\d{1,18})?$/.test(amountText) || !(amount > 0))
      throw fieldError("amount", "must be a positive number of VIBE (at most 18 decimal places)");
    if (amount > max)
      throw fieldError(
        "amount",
        `at most ${max.toLocaleString("en-US")} VIBE ${caller.operator ? "an operator's mint" : "a wallet's own mint"}`,
      );
    if (!caller.operator && caller.address !== recipient)
      throw new HttpError(
        "FORBIDDEN",
        "A wallet mints VIBE to itself only: the recipient must be the signed-in wallet",
        {
          issues: [{ path: "recipientAddress", message: "must be the signed-in wallet" }],
        },
      );
    const minted = await deps.mintVibe({
      recipient,
      amount: amountText,
      slotOwner: caller.operator ? null : recipient,
    });
    const at = now();
    const network = served === "hardhat" ? `local Hardhat chain (${deps.chainId})` : `Sepolia (${deps.chainId})`;
    const attestation = deps.attestor.attest(
      attestationMessage({
        ledger: "ethereum",
        network,
        transactionHash: minted.transactionHash,
        amount: `${minted.amount} VIBE`,
        timestamp: at.toISOString(),
      }),
    );
    await deps.mints.record({
      recipient,
      amount: minted.amount,
      project: body.environmentalProject,
      chainId: deps.chainId,
      transactionHash: minted.transactionHash,
      source: minted.source,
      reason: minted.reason,
      chainInstance: minted.source === "live" && served === "hardhat" ? deps.currentChainInstance() : null,
      caller: caller.address,
      at,
    });
    return {
      amount: minted.amount,
      recipient: minted.recipient,
      transactionHash: minted.transactionHash,
      network,
      quantumSecured: true,
      attestation,
      explorerUrl: minted.explorerUrl,
      blockNumber: minted.blockNumber,
      environmentalProject: body.environmentalProject,
      source: minted.source,
      reason: minted.reason,
      assumptions: minted.assumptions,
    };
  }

  async function realOperations(): Promise<RealOperationsResponse> {
    const { cryptocurrencies } = await deps.coins.supported();
    const measuredAt = now().toISOString();
    const byNetwork = new Map<string, { coins: string[]; level: CoinLevel; status: string; reason: string }>();
    for (const c of cryptocurrencies) {
      const hit = byNetwork.get(c.network);
      if (hit) hit.coins.push(c.symbol);
      else byNetwork.set(c.network, { coins: [c.symbol], level: c.level, status: c.status, reason: c.levelReason });
    }
    const capabilities: RealOperationsResponse["operations"]["realTransactionCapabilities"] = {};
    const chains: RealOperationsResponse["operations"]["authenticBlockchains"] = [];
    for (const [network, n] of byNetwork) {
      const status =
        n.level === "display-only"
          ? "DISPLAY_ONLY"
          : n.level === "signed-offline"
            ? "SIGNED_OFFLINE"
            : n.status === "OPERATIONAL"
              ? "LIVE"
              : "UNAVAILABLE";
      capabilities[network] = { network, status, reason: n.reason, measuredAt };
      chains.push({ name: n.coins.join(", "), network, level: n.level, reason: n.reason });
    }
    return {
      operations: {
        supportedNetworks: chains.filter((c) => c.level !== "display-only").length,
        authenticBlockchains: chains,
        quantumSecurity: { algorithms: QUANTUM_ALGORITHMS.map((a) => ({ ...a })), note: QUANTUM_ALGORITHMS_NOTE },
        realTransactionCapabilities: capabilities,
      },
      timestamp: measuredAt,
    };
  }

  return {
    governmentData: () => governmentDataAnswer(deps.government, now()),
    comprehensiveData: () => comprehensiveDataAnswer(deps.government, now()),
    treasuryHealth: () => treasuryHealthAnswer(deps.government, deps.fiscalDataEndpoint),
    complianceValidate: async () => complianceAnswer(await deps.compliance(), deps.attestor, now()),
    stellarPayment,
    multiCrypto,
    supportedAssets,
    vibeAnalytics,
    vibeMint,
    realOperations,
  };
}

export type TestnetOperationsService = ReturnType<typeof createTestnetOperationsService>;
