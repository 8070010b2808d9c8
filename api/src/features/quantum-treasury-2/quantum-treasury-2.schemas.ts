// The HTTP contract of /quantum-treasury-2 (zod; linked by type from quantum-treasury-2.contract.ts, which the dapp calls).
// Token amounts are decimal strings in whole units ("150000000" XQB, "1.5" USDC), never JS numbers that
// could round; ratios are percents with 2 decimals (null when there is no debt: infinitely collateralised).
import { z } from "zod";
import { QT_OPERATION_NAMES } from "./quantum-treasury-2.constants";

export * from "./quantum-treasury-2.constants";

const qtAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x-prefixed 20-byte hex address");
const qtHash = z.string().regex(/^0x[0-9a-fA-F]{64}$/, "must be a 0x-prefixed 32-byte hex hash");
const qtHex = z.string().regex(/^0x([0-9a-fA-F]{2})*$/);
/** A decimal amount in whole units as text. */
const qtDecimal = z.string().regex(/^\d+(\.\d+)?$/);
const qtBlock = z.string().regex(/^\d+$/);
const qtSource = { source: z.enum(["live", "simulated"]), reason: z.string().nullable() };

// ---------------------------------------------------------------------------------------------------------
// The Safe road's shapes (api/src/ledgers/evm/safe), as the API shows them

export const qtSignatureMethod = z.enum(["eip712", "eth_sign", "approved_hash"]);
export const qtSafeSignature = z.object({
  owner: qtAddress,
  /** 65 bytes r|s|v in Safe's encoding (v 27/28 EIP-712, 31/32 eth_sign, 1 pre-approved). */
  signature: qtHex,
  method: qtSignatureMethod,
  /** Who made it: the owner's own wallet, or this server with the public dev key of owner #devOwner (local chain, an operator's request). */
  by: z.enum(["owner-wallet", "server-dev-key"]),
  /** 1-3 for a server dev-key signature; null for an owner's wallet. */
  devOwner: z.number().int().nullable(),
  /** The sentence shown beside it: "signed by the server with the public dev key of owner #1 (local chain only)", or "signed by the owner's own wallet". */
  label: z.string(),
});
export type QtSafeSignature = z.infer<typeof qtSafeSignature>;

/** One inner call of a Safe transaction, decoded for a preview. */
export const qtDecodedCall = z.object({
  to: qtAddress,
  /** The deploy map's name of `to`, or null for an address outside the map. */
  contract: z.string().nullable(),
  /** "depositUsdc(uint256)"-like name, or null when the data could not be decoded. */
  function: z.string().nullable(),
  /** Arguments by name, as text (integers in base units). */
  args: z.record(z.string(), z.string()),
  /** Wei sent with the call. */
  value: z.string(),
  data: qtHex,
});
export type QtDecodedCall = z.infer<typeof qtDecodedCall>;

/** A transaction the API signer sends itself (the mock USDC issued to the Safe on the local chain). */
export const qtStep = z.object({
  label: z.string(),
  transactionHash: qtHash,
  block: qtBlock.nullable(),
  call: qtDecodedCall,
});
export type QtStep = z.infer<typeof qtStep>;
/** A transaction the API signer will send just before executing the Safe transaction (nothing moves while it waits). */
export const qtPlannedStep = z.object({ label: z.string(), call: qtDecodedCall });

export const qtProposalStatus = z.enum(["pending", "executed", "failed"]);
export const qtSafeProposal = z.object({
  safeTxHash: qtHash,
  safe: qtAddress,
  chainId: z.number().int(),
  nonce: z.string(),
  /** The SafeTx itself: to (the target, or MultiSendCallOnly for a batch), value, data, operation 0 Call / 1 DelegateCall. */
  to: qtAddress,
  value: z.string(),
  data: qtHex,
  operation: z.union([z.literal(0), z.literal(1)]),
  /** The rest of the SafeTx (no gas refund: 0, 0, 0, the zero address twice), as Safe{Wallet} shows it. */
  safeTxGas: z.string(),
  baseGas: z.string(),
  gasPrice: z.string(),
  gasToken: qtAddress,
  refundReceiver: qtAddress,
  calls: z.array(qtDecodedCall),
  /** Sent by the API signer right before execution (local chain: mock USDC to the Safe); empty for most. */
  preSteps: z.array(qtPlannedStep),
  /** The signed-in wallet that proposed it (null for proposals stored before it was recorded). */
  proposedBy: qtAddress.nullable(),
  threshold: z.number().int(),
  owners: z.array(qtAddress),
  signatures: z.array(qtSafeSignature),
  status: qtProposalStatus,
  /** EIP-712 payload an owner signs elsewhere (wallet eth_signTypedData_v4): domain, types, primaryType, message (integers as text). */
  typedData: z.record(z.string(), z.unknown()),
  transactionHash: qtHash.nullable(),
  /** What the proposal is for (the feature's operation name). */
  label: z.string(),
  createdAt: z.string(),
});
export type QtSafeProposal = z.infer<typeof qtSafeProposal>;

// ---------------------------------------------------------------------------------------------------------
// GET /api/quantum-treasury-2/metrics

export const qtEthUsdPrice = z.object({
  /** USD per ETH, decimal text. */
  price: qtDecimal,
  /** Unix seconds of the feed's round. */
  updatedAt: z.number().int(),
  /** Latest block's time - updatedAt: the age the vault judges staleness by (chain clock). */
  ageSeconds: z.number().int(),
});
export const qtSafeInfo = z.object({
  address: qtAddress,
  owners: z.array(qtAddress),
  threshold: z.number().int(),
  nonce: z.string(),
  /**
   * The dev owners whose public keys this API holds (local chain only; empty elsewhere): an operator may ask it
   * to co-sign with them (`coSign: "dev-keys"`). Nobody else's request is ever signed with them.
   */
  devKeyOwners: z.array(z.object({ ownerIndex: z.number().int(), address: qtAddress })),
});
export type QtSafeInfo = z.infer<typeof qtSafeInfo>;

export const qtPlan = z.object({
  kind: z.literal("plan"),
  note: z.string(),
  totalCapitalUsd: z.number(),
  xqbMinted: z.number(),
  collateralizationRatio: z.number(),
  xqbusdCapacityUsd: z.number(),
  quantumSecurityLevel: z.number(),
  personalBlockchainNodes: z.number(),
  distributionPhase: z.string(),
});

export const qtMetricsResponse = z.object({
  ...qtSource,
  blockNumber: qtBlock,
  /** Unix seconds of that block. */
  blockTime: z.number().int(),
  /** Vault collateral value at the feed's price (USD). */
  totalCapital: qtDecimal,
  /** USDC the vault holds as collateral. */
  usdcReserves: qtDecimal,
  /** Wei the vault holds as collateral, in ETH. */
  ethCollateral: qtDecimal,
  /** XQB totalSupply. */
  xqbMinted: qtDecimal,
  /** XQBUSD totalSupply (= the vault's total debt). */
  xqbusdBacked: qtDecimal,
  /** System collateral ratio in percent; null when no XQBUSD exists. */
  collateralizationRatio: z.number().nullable(),
  liquidationThreshold: z.number(),
  minimumRatio: z.number(),
  /** Null with `priceProblem` when the feed's answer is stale or not positive. */
  ethUsdPrice: qtEthUsdPrice.nullable(),
  priceProblem: z.string().nullable(),
  safe: qtSafeInfo,
  /** The Safe's own vault position. */
  safePosition: z.object({
    collateralUsd: qtDecimal,
    debt: qtDecimal,
    ratio: z.number().nullable(),
    maxMintable: qtDecimal,
  }),
  contracts: z.object({
    vault: qtAddress,
    xqb: qtAddress,
    xqbusd: qtAddress,
    usdc: qtAddress,
    feed: qtAddress,
    multiSend: qtAddress,
  }),
  plan: qtPlan,
});
export type QtMetricsResponse = z.infer<typeof qtMetricsResponse>;

// ---------------------------------------------------------------------------------------------------------
// GET /api/quantum-treasury-2/tokenomics

export const qtAllocationRow = z.object({
  label: z.string(),
  name: z.string(),
  /** The spec's amount and percent (plan). */
  planAmount: z.number(),
  planPercent: z.number(),
  note: z.string().nullable(),
  /** Counted as locked (not circulating) by the stated rule. */
  locked: z.boolean(),
  /** From XQBToken's GenesisAllocated event: the holder and what it received; null when not found. */
  holder: qtAddress.nullable(),
  genesisAmount: qtDecimal.nullable(),
  /** The holder's balance now. */
  balance: qtDecimal.nullable(),
});
export const qtReleasePoint = z.object({
  period: z.string(),
  fromMonth: z.number(),
  amount: z.number(),
  /** Released up to and including this period. */
  cumulative: z.number(),
  cumulativePercent: z.number(),
});
export const qtTokenomicsResponse = z.object({
  ...qtSource,
  blockNumber: qtBlock,
  totalSupply: qtDecimal,
  maxSupply: qtDecimal,
  allocation: z.array(qtAllocationRow),
  releaseSchedule: z.array(qtReleasePoint),
  circulating: z.object({
    amount: qtDecimal,
    /** Of total supply. */
    percent: z.number(),
    rule: z.string(),
    /** Each excluded balance: who and how much. */
    excluded: z.array(z.object({ holder: qtAddress, name: z.string(), amount: qtDecimal })),
  }),
  plannedYear1Circulating: z.number(),
});
export type QtTokenomicsResponse = z.infer<typeof qtTokenomicsResponse>;

// ---------------------------------------------------------------------------------------------------------
// GET /api/quantum-treasury-2/capacity?collateral=&ratio=

const qtNumberText = (field: string, decimals: number, max: string) =>
  z
    .string({ error: "is required" })
    .trim()
    .regex(
      new RegExp(`^\\d{1,${max.length}}(\\.\\d{1,${decimals}})?$`),
      `${field} must be a non-negative number with at most ${decimals} decimals`,
    )
    .refine((v) => Number(v) <= Number(max), `${field} must be at most ${max}`);
export const qtCapacityQuery = z.strictObject({
  /** USD (or USDC) amount, up to 1e15 with 6 decimals. */
  collateral: qtNumberText("collateral", 6, "1000000000000000"),
  /** Percent with at most 2 decimals (a whole number of basis points, as the vault's capacityAt takes). */
  ratio: qtNumberText("ratio", 2, "100000").refine((v) => Number(v) > 0, "ratio must be greater than 0"),
});
export type QtCapacityQuery = z.infer<typeof qtCapacityQuery>;
export const qtCapacityResponse = z.object({
  collateral: qtDecimal,
  ratio: z.number(),
  /** The spec's formulas: capacity = collateral / (ratio / 100). */
  capacity: qtDecimal,
  /** collateral - capacity. */
  excessCollateral: qtDecimal,
  /** Negative when ratio < 100 (capacity above the collateral). */
  excessNegative: z.boolean(),
  /** capacity / collateral * 100; null when collateral is 0. */
  utilizationRate: z.number().nullable(),
  /** The vault's own capacityAt(collateral, ratio bps), same units. */
  vaultCapacity: qtDecimal.nullable(),
  agree: z.boolean().nullable(),
  /** Set below the 130% liquidation threshold (and below the 150% minimum). */
  warning: z.string().nullable(),
  ...qtSource,
});
export type QtCapacityResponse = z.infer<typeof qtCapacityResponse>;

// ---------------------------------------------------------------------------------------------------------
// POST /api/quantum-treasury-2/execute

/**
 * `coSign: "dev-keys"`: an operator asks the server to sign as the dev owners it holds (local chain only) and
 * execute at once. Without it the operation is proposed and waits for the owners' own signatures.
 */
export const qtCoSign = z
  .literal("dev-keys", {
    error: 'must be "dev-keys" (the server signs with the public dev owners\' keys; operators, local chain only)',
  })
  .optional();
const qtAmount = z.union([z.number().positive("must be greater than 0"), qtDecimal], {
  error: (iss) => (iss.input === undefined ? "is required" : "must be a positive number"),
});
export const qtOperationName = z.enum(QT_OPERATION_NAMES, { error: `must be one of ${QT_OPERATION_NAMES.join(", ")}` });
export const qtExecuteRequest = z.discriminatedUnion(
  "operation",
  [
    z.strictObject({
      operation: z.literal("deploy_capital"),
      amount: qtAmount,
      coSign: qtCoSign,
      parameters: z
        .strictObject({
          target: z.literal("usdc", { error: "must be usdc" }).optional(),
          quantum_security: z.boolean().optional(),
        })
        .optional(),
    }),
    z.strictObject({
      operation: z.literal("mint_xqb"),
      amount: qtAmount,
      coSign: qtCoSign,
      parameters: z
        .strictObject({
          treasury_backing: z.union([z.boolean(), z.string().max(100)]).optional(),
          quantum_secured: z.boolean().optional(),
        })
        .optional(),
    }),
    z.strictObject({
      operation: z.literal("enable_xqbusd"),
      amount: qtAmount,
      coSign: qtCoSign,
      parameters: z
        .strictObject({
          collateral_ratio: z
            .number()
            .min(150, "must be at least 150 (the vault's minimum ratio)")
            .max(100_000)
            .optional(),
          quantum_secured: z.boolean().optional(),
        })
        .optional(),
    }),
  ],
  { error: `operation must be one of ${QT_OPERATION_NAMES.join(", ")}` },
);
export type QtExecuteRequest = z.infer<typeof qtExecuteRequest>;

export const qtStateSnapshot = z.object({
  blockNumber: qtBlock,
  xqbSupply: qtDecimal,
  xqbusdSupply: qtDecimal,
  usdcCollateral: qtDecimal,
  collateralValueUsd: qtDecimal,
  /** System ratio, percent; null with no debt. */
  vaultRatio: z.number().nullable(),
  safePosition: z.object({ collateralUsd: qtDecimal, debt: qtDecimal, ratio: z.number().nullable() }),
  safeUsdcBalance: qtDecimal,
  safeXqbBalance: qtDecimal,
});
export type QtStateSnapshot = z.infer<typeof qtStateSnapshot>;

export const qtExecuteResponse = z.object({
  operation: z.string(),
  status: z.enum(["executed", "pending"]),
  safeTxHash: qtHash,
  nonce: z.string(),
  threshold: z.number().int(),
  signatures: z.array(qtSafeSignature),
  steps: z.array(qtStep),
  calls: z.array(qtDecodedCall),
  transactionHash: qtHash.nullable(),
  block: qtBlock.nullable(),
  before: qtStateSnapshot,
  after: qtStateSnapshot.nullable(),
  /** The stored proposal: its SafeTx, who proposed it, each signature with who made it, its status. */
  proposal: qtSafeProposal,
  ...qtSource,
});
export type QtExecuteResponse = z.infer<typeof qtExecuteResponse>;

// ---------------------------------------------------------------------------------------------------------
// POST /api/quantum-treasury-2/strategy/preview and /strategy/execute

export const qtStrategyRequest = z.strictObject({
  collateralUsdc: qtAmount,
  xqbAmount: qtAmount,
  xqbusdAmount: qtAmount,
  coSign: qtCoSign,
});
export type QtStrategyRequest = z.infer<typeof qtStrategyRequest>;
export const qtStrategyPreviewResponse = z.object({
  safe: qtAddress,
  nonce: z.string(),
  threshold: z.number().int(),
  /** Sent by the API signer before the batch (local chain: mock USDC to the Safe). */
  steps: z.array(z.object({ label: z.string(), call: qtDecodedCall })),
  /** Every call of the one Safe MultiSend batch, in order. */
  calls: z.array(qtDecodedCall),
  multiSend: qtAddress,
  /** This API holds enough dev owner keys (local chain) that an operator may ask it to co-sign (`coSign: "dev-keys"`). */
  signsHere: z.boolean(),
  ...qtSource,
});
export type QtStrategyPreviewResponse = z.infer<typeof qtStrategyPreviewResponse>;
export const qtStrategyExecuteResponse = qtExecuteResponse;
export type QtStrategyExecuteResponse = z.infer<typeof qtStrategyExecuteResponse>;

// ---------------------------------------------------------------------------------------------------------
// Proposals: owners sign with their own wallets (eth_signTypedData_v4 over `typedData`)

export const qtProposalParams = z.strictObject({ safeTxHash: qtHash });
export const qtProposalListQuery = z.strictObject({ status: qtProposalStatus.optional() });
export const qtProposalListResponse = z.object({ proposals: z.array(qtSafeProposal) });
export type QtProposalListResponse = z.infer<typeof qtProposalListResponse>;
export const qtAddSignatureRequest = z.strictObject({
  signature: z.string().regex(/^0x[0-9a-fA-F]{130}$/, "must be a 0x-prefixed 65-byte hex signature"),
});
export type QtAddSignatureRequest = z.infer<typeof qtAddSignatureRequest>;
export const qtAddSignatureResponse = z.object({
  proposal: qtSafeProposal,
  /** Set when this signature met the threshold and the Safe transaction executed. */
  transactionHash: qtHash.nullable(),
  /** Sent by the API signer just before the execution (the proposal's preSteps); empty otherwise. */
  steps: z.array(qtStep),
  block: qtBlock.nullable(),
  /**
   * Pending: the state when it was proposed. Executed: the state in the block before its first own transaction and in
   * its execution block (`after`; null while pending), so other senders' transactions meanwhile are not counted.
   */
  before: qtStateSnapshot.nullable(),
  after: qtStateSnapshot.nullable(),
  ...qtSource,
});
export type QtAddSignatureResponse = z.infer<typeof qtAddSignatureResponse>;

// ---------------------------------------------------------------------------------------------------------
// GET /api/quantum-treasury-2/implementation-plan

export const qtImplementationPlanResponse = z.object({
  filename: z.string(),
  markdown: z.string(),
  blockNumber: qtBlock,
  ...qtSource,
});
export type QtImplementationPlanResponse = z.infer<typeof qtImplementationPlanResponse>;
