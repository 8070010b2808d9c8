// The HTTP contract of the liquid-staking (leverage) feature: request bodies and queries (zod in), responses
// (zod out), and the amount/ratio rules the dapp's form checks as the user types. The API validates with
// these and answers in their shapes; the dapp's forms check with the same rules and its fetch hooks are
// typed by them, so the two cannot drift.
import { z } from "zod";
import { UnsafeNumber, unsafeNumberMessage } from "../../shared/unsafe-number";
import {
  ENTER_ETH_AMOUNT,
  LEVERAGE_RATIOS,
  MAX_LEVERAGE_ETH,
  MISSING_INFORMATION,
  STRATEGY_IDS,
} from "./liquid-staking.constants";

// ---- shared vocabulary (plain values, in liquid-staking.constants.ts) --------------------------------------

export * from "./liquid-staking.constants";

const decimalsOf = (n: number): number => {
  const text = String(n);
  const m = /^-?\d+(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(text);
  if (!m) return 0;
  return Math.max(0, (m[1]?.length ?? 0) - Number(m[2] ?? 0));
};

/**
 * The leverage amount as the API and the dapp's form check it: a JSON number of ETH > 0 with at most 18
 * decimals, and at most `maxEth` (the connected wallet's real balance) when given. Missing: the spec's
 * "Enter ETH Amount". The LST's minimum deposit depends on the strategy and ratio: the chain checks it.
 */
export function leverageAmountSchema(maxEth?: number, missing: string = ENTER_ETH_AMOUNT) {
  const max = maxEth ?? MAX_LEVERAGE_ETH;
  return z
    .number({
      error: (iss) =>
        iss.input === undefined || iss.input === null || iss.input === ""
          ? missing
          : iss.input instanceof UnsafeNumber
            ? unsafeNumberMessage(iss.input, "ETH")
            : typeof iss.input === "number"
              ? `must be a finite number of ETH (got ${iss.input})`
              : "must be a number of ETH",
    })
    .gt(0, { error: "must be greater than 0 ETH", abort: true })
    .lte(
      max,
      maxEth === undefined
        ? `must be at most ${MAX_LEVERAGE_ETH} ETH`
        : `must be at most ${maxEth} ETH (the wallet's balance)`,
    )
    .refine((n) => decimalsOf(n) <= 18, "must have at most 18 decimal places (wei precision)");
}

/** The same rule for a text field: empty text is "Enter ETH Amount", otherwise the number rule above. */
export function leverageAmountTextSchema(maxEth?: number) {
  return z
    .string()
    .trim()
    .min(1, { error: ENTER_ETH_AMOUNT, abort: true })
    .refine((s) => /^(\d+\.?\d*|\.\d+)$/.test(s), "must be a number of ETH")
    .transform(Number)
    .pipe(leverageAmountSchema(maxEth));
}

const strategyField = (missing: string) =>
  z.enum(STRATEGY_IDS, {
    error: (iss) => (iss.input === undefined ? missing : `must be one of ${STRATEGY_IDS.join(", ")}`),
  });

const ratioField = (missing: string) =>
  z.literal(LEVERAGE_RATIOS, {
    error: (iss) =>
      iss.input === undefined ? missing : `must be one of ${LEVERAGE_RATIOS.join(", ")} (the leverage ratio options)`,
  });

/** Strategy, amount and ratio, each missing one answered with the spec's "Missing Information" text. */
export function leverageFormSchema(maxEth?: number) {
  return z.strictObject({
    strategy: strategyField(MISSING_INFORMATION),
    ethAmount: leverageAmountSchema(maxEth, MISSING_INFORMATION),
    leverageRatio: ratioField(MISSING_INFORMATION),
  });
}

const ethAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x-prefixed 20-byte hex address");
const txHash = z.string().regex(/^0x[0-9a-fA-F]{64}$/, "must be a 0x-prefixed 32-byte hex hash");

// ---- requests ---------------------------------------------------------------------------------------------

/** POST /api/liquid-staking/leverage: the spec's fields, plus the wallet and the openPosition it sent. */
export const leverageRequest = z.strictObject({
  strategy: strategyField(MISSING_INFORMATION),
  ethAmount: leverageAmountSchema(undefined, MISSING_INFORMATION),
  leverageRatio: ratioField(MISSING_INFORMATION),
  walletAddress: ethAddress,
  transactionHash: txHash,
});
export type LeverageRequestBody = z.infer<typeof leverageRequest>;

/** POST /api/liquid-staking/simulate: the amount; one strategy, or every strategy when absent. */
export const simulateRequest = z.strictObject({
  ethAmount: leverageAmountSchema(),
  strategy: strategyField("is required").optional(),
});
export type SimulateRequestBody = z.infer<typeof simulateRequest>;

/** A number in a query string: text that must read as a plain decimal. */
const queryNumber = <T extends z.ZodType<unknown, number>>(inner: T) =>
  z
    .string({ error: (iss) => (iss.input === undefined ? "is required" : "must be one value") })
    .regex(/^(\d+\.?\d*|\.\d+)$/, "must be a plain decimal number")
    .transform(Number)
    .pipe(inner);

export const previewQuery = z.strictObject({
  strategy: strategyField("is required"),
  ethAmount: queryNumber(leverageAmountSchema()),
  leverageRatio: queryNumber(ratioField("is required")),
  /** The wallet that would sign: its balance, whether the delegate step is done, openPosition's gas. */
  walletAddress: ethAddress.optional(),
});

export const positionsParams = z.strictObject({ userId: ethAddress });

// ---- responses --------------------------------------------------------------------------------------------

/** Where a reading came from: the chain now ("live"), or why not. Reads never fall back to made-up values. */
const provenance = {
  source: z.enum(["live", "simulated"]),
  reason: z.string().nullable(),
  network: z.string(),
  /** The block every figure of this answer was read at (decimal text). */
  asOfBlock: z.string(),
};

export const ethUsdReading = z.object({
  /** USD per ETH. */
  price: z.number(),
  /** The contract it was read from: the deploy map's MockV3Aggregator locally, the vault's feed elsewhere. */
  feed: z.string(),
  /** The feed round's update time (unix seconds); null when read through the vault. */
  updatedAt: z.number().nullable(),
});

export const liquidToken = z.object({
  symbol: z.string(),
  name: z.string(),
  address: z.string(),
  /** The pool takes stakes and queues exits (not paused); a paused pool shows as Locked. */
  tradeable: z.boolean(),
  /** ETH per token (convertToAssets(1e18)). */
  exchangeRate: z.number(),
  /** Tokens in existence (18 decimals), decimal text. */
  totalSupply: z.string(),
  /** WETH the holders own (totalAssets), decimal text. */
  backingETH: z.string(),
  /** The highest leverage the lending pool's LTV allows for this token: min(1 / (1 - LTV), 5). */
  leverageMultiplier: z.number(),
  ltvPercent: z.number(),
  liquidationThresholdPercent: z.number(),
  collateralEnabled: z.boolean(),
  minDepositEth: z.string(),
  withdrawalDelaySeconds: z.number(),
  /** The pool's staking APY (percent), with how it was measured. */
  stakingAPY: z.number(),
  stakingAPYSource: z.enum(["exchange-rate", "reward-stream"]),
});
export const tokensResponse = z.object({ tokens: z.array(liquidToken), ...provenance });

export const leverageRiskLevel = z.enum(["low", "medium", "high"]);

export const leverageStrategy = z.object({
  id: z.enum(STRATEGY_IDS),
  name: z.string(),
  type: z.string(),
  collateralToken: z.string(),
  /** riskLevelOf(recommendedLeverage, health factor at open). */
  riskLevel: leverageRiskLevel,
  /** The pool's staking APY, percent. */
  baseAPY: z.number(),
  /** base x L - borrow rate x (L - 1) at L = recommendedLeverage and the pool's borrow rate now, percent. */
  leveragedAPY: z.number(),
  recommendedLeverage: z.number(),
  /** Borrow rate now, percent a year. */
  borrowAPY: z.number(),
  /** Health factor a fresh position opens at (recommendedLeverage). */
  healthFactor: z.number(),
  /** How far the LST/ETH rate may fall before HF = 1, percent (1 - 1/HF). */
  liquidationDistancePercent: z.number(),
  maxLeverage: z.number(),
  /** The least ETH of the user's own the strategy takes at recommendedLeverage: the LST's minimum deposit / L. */
  liquidityRequired: z.number(),
  description: z.string(),
});
export type Strategy = z.infer<typeof leverageStrategy>;
export const strategiesResponse = z.object({ strategies: z.array(leverageStrategy), ...provenance });

/** One ratio for one amount, from LeverageRouter.previewPosition. */
export const leveragePreview = z.object({
  strategy: z.enum(STRATEGY_IDS),
  collateralToken: z.string(),
  leverageRatio: z.number(),
  label: z.string(),
  ethAmount: z.string(),
  /** False when openPosition would fail now; `reason` says why (minimum deposit, pool liquidity, pause, cap). */
  possible: z.boolean(),
  reason: z.string().nullable(),
  /** The field the reason is about ("ethAmount" or "leverageRatio"); null when possible. */
  field: z.string().nullable(),
  collateralShares: z.string(),
  /** ETH the collateral is worth at the LST's exchange rate. */
  collateralEth: z.string(),
  debtEth: z.string(),
  healthFactor: z.number(),
  /** The LST/ETH exchange rate at which HF = 1 (router's liquidationPrice). */
  liquidationPriceEth: z.number(),
  /** liquidationPriceEth x the feed's ETH/USD price: the LST's USD price at liquidation, ETH/USD held. */
  liquidationPriceUsd: z.number(),
  exchangeRate: z.number(),
  effectiveLeverage: z.number(),
  maxLeverage: z.number(),
  baseAPY: z.number(),
  borrowAPYNow: z.number(),
  /** At the utilisation after this borrow: what the position would pay. */
  borrowAPYAfter: z.number(),
  /** (collateral x base - debt x borrowAPYAfter) / amount, percent on the user's own ETH. */
  netAPY: z.number(),
  /** amount x netAPY / 100, ETH a year at today's rates. */
  annualReturnsEth: z.number(),
  poolLiquidityEth: z.string(),
  riskLevel: leverageRiskLevel,
  ethUsd: ethUsdReading,
});
export type LeveragePreview = z.infer<typeof leveragePreview>;
/** What the wallet's own openPosition would meet now (GET /preview with walletAddress). */
export const walletReadiness = z.object({
  address: z.string(),
  balanceEth: z.string(),
  /** False: the wallet must first send LendingPool.setDelegate(LeverageRouter, true) (once). */
  routerIsDelegate: z.boolean(),
  /** eth_estimateGas of openPosition from the wallet (decimal text); null when it cannot run yet. */
  openPositionGas: z.string().nullable(),
  /** Why the dry run did not run or reverted; null when it ran. */
  dryRunError: z.string().nullable(),
  lendingPool: z.string(),
  leverageRouter: z.string(),
  /** The LST address openPosition takes, and the ratio in basis points. */
  lst: z.string(),
  leverageBps: z.number().int(),
});

/** The row sits under `preview`: its own `reason` (why impossible) is not the answer's (why simulated). */
export const previewResponse = z.object({
  preview: leveragePreview,
  wallet: walletReadiness.nullable(),
  ...provenance,
});

/** A ratio the router refuses for this LST (above the LTV limit): no figures, the reason. */
export const impossibleRatio = z.object({
  strategy: z.enum(STRATEGY_IDS),
  leverageRatio: z.number(),
  label: z.string(),
  possible: z.literal(false),
  reason: z.string(),
  field: z.string(),
});
export const simulationRow = z.union([leveragePreview, impossibleRatio]);
export const simulateResponse = z.object({
  ethAmount: z.string(),
  simulations: z.array(
    z.object({
      strategy: z.enum(STRATEGY_IDS),
      name: z.string(),
      collateralToken: z.string(),
      baseAPY: z.number(),
      ratios: z.array(simulationRow),
    }),
  ),
  ...provenance,
});

export const positionEarnings = z.object({
  /** stakingYield + leverageGains, percent a year on the user's own ETH. */
  totalAPY: z.number().nullable(),
  /**
   * What the user's own ETH earns staked: active, the pool's APY now; closed, the LST's realised rate (exit
   * fee included), annualised only for positions held a day or more (else null).
   */
  stakingYield: z.number().nullable(),
  /** What leverage adds: active, (L - 1) x (base - borrow rate); closed, the realised rest. */
  leverageGains: z.number().nullable(),
  /** Closed: (ethOut / ethIn - 1), percent, not annualised; null while open. */
  realisedReturnPercent: z.number().nullable(),
  /** "current-rates" (active: the rates now), "realised" (closed: what the position paid out over its life). */
  basis: z.enum(["current-rates", "realised"]),
});

export const leveragePosition = z.object({
  /** The opening event: "<transactionHash>:<logIndex>". */
  id: z.string(),
  userId: z.string(),
  strategy: z.enum(STRATEGY_IDS),
  leverageRatio: z.number(),
  /**
   * "active": open; "closed": closePosition ran; "liquidated": never closed, the pool holds none of its
   * collateral and the index has a LendingPool Liquidated event for it; "exited": never closed, the collateral
   * left the pool otherwise (the user repaid and withdrew directly).
   */
  status: z.enum(["active", "closed", "liquidated", "exited"]),
  collateralToken: z.string(),
  /** LST shares (decimal text): now when active, at close when closed. */
  collateralAmount: z.string(),
  collateralValueEth: z.string(),
  /** ETH owed (interest included) when active; repaid at close when closed. */
  borrowedAmount: z.string(),
  /** ETH the user put in (sum of PositionOpened.ethIn). */
  ethIn: z.string(),
  /** ETH returned by closePosition; null while open. */
  ethOut: z.string().nullable(),
  healthFactor: z.number().nullable(),
  /** USD per LST at which HF = 1 (the router's LST/ETH liquidation rate x ETH/USD now); null when closed. */
  liquidationPrice: z.number().nullable(),
  liquidationPriceEth: z.number().nullable(),
  earnings: positionEarnings,
  /**
   * Active positions: closePosition(lst, minEthOut) as the user would send it now (a dry run as the user, at
   * the latest block): the ETH it returns (a floor for minEthOut), its gas, or the revert that would stop it.
   * Null for closed and liquidated positions.
   */
  close: z
    .object({
      leverageRouter: z.string(),
      lst: z.string(),
      ethOut: z.string().nullable(),
      gas: z.string().nullable(),
      error: z.string().nullable(),
    })
    .nullable(),
  openedAt: z.string(),
  openedBlock: z.string(),
  openTransactionHash: z.string(),
  closedAt: z.string().nullable(),
  closeTransactionHash: z.string().nullable(),
});
export type LeveragePosition = z.infer<typeof leveragePosition>;
export const positionsResponse = z.object({
  userId: z.string(),
  positions: z.array(leveragePosition),
  /** The index's newest block: positions include every event up to it. */
  indexedToBlock: z.string(),
  ...provenance,
});

/** POST /api/liquid-staking/leverage: the position the transaction opened, and the strategy by name. */
export const leverageResponse = z.object({
  success: z.literal(true),
  position: leveragePosition,
  strategy: z.object({ id: z.enum(STRATEGY_IDS), name: z.string() }),
  transactionHash: z.string(),
  blockNumber: z.string(),
  /** A wallet-signed transaction read back from the chain: always live. */
  source: z.literal("live"),
  network: z.string(),
});

export const performanceResponse = z.object({
  /** Lending pool cash + the collateral it holds (LST shares at their exchange rates), ETH. */
  totalValueLocked: z.string(),
  lendingLiquidityEth: z.string(),
  collateralValueEth: z.string(),
  totalDebtEth: z.string(),
  /**
   * Equity-weighted net APY of the active positions at today's rates; with none active, the mean of the
   * strategies' leveragedAPY (averageAPYBasis says which). Percent.
   */
  averageAPY: z.number(),
  averageAPYBasis: z.enum(["active-positions", "strategies"]),
  /** Active positions in the event index; null when no index is running (reason in activePositionsReason). */
  leveragePositions: z.number().int().nullable(),
  activePositionsReason: z.string().nullable(),
  /** Lending pool utilisation (debt / (cash + debt)), percent. */
  platformUtilization: z.number(),
  borrowAPY: z.number(),
  ...provenance,
});
