// Answers of the quantum-treasury-2 API for the page's tests, parsed with the API's own schemas so a drift
// in the contract fails here first.
import { SAFE_TX_TYPES } from "../../../../../api/src/ledgers/evm/safe/safe-tx";
import {
  qtAddSignatureResponse,
  qtCapacityResponse,
  qtExecuteResponse,
  qtSafeProposal,
  qtMetricsResponse,
  qtTokenomicsResponse,
  type QtStateSnapshot,
} from "../../../../../api/src/features/quantum-treasury-2/quantum-treasury-2.schemas";

export const SAFE = "0x9A676e781A523b5d0C0e43731313A708CB607508";
export const OWNERS = [
  "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
  "0x90F79bf6EB2c4f870365E785982E1f101E93b906",
];
const hash = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;
const sig = (n: number) => `0x${n.toString(16).padStart(128, "a")}1b`;
const live = { source: "live" as const, reason: null };

export const metrics = (overrides: Record<string, unknown> = {}) =>
  qtMetricsResponse.parse({
    ...live,
    blockNumber: "212",
    blockTime: 1_760_000_000,
    totalCapital: "30000000",
    usdcReserves: "30000000",
    ethCollateral: "0",
    xqbMinted: "150000000",
    xqbusdBacked: "0",
    collateralizationRatio: null,
    liquidationThreshold: 130,
    minimumRatio: 150,
    ethUsdPrice: { price: "3000", updatedAt: 1_759_999_940, ageSeconds: 60 },
    priceProblem: null,
    safe: {
      address: SAFE,
      owners: OWNERS,
      threshold: 2,
      nonce: "3",
      devKeyOwners: OWNERS.map((address, i) => ({ ownerIndex: i + 1, address })),
    },
    safePosition: { collateralUsd: "30000000", debt: "0", ratio: null, maxMintable: "20000000" },
    contracts: { vault: SAFE, xqb: SAFE, xqbusd: SAFE, usdc: SAFE, feed: SAFE, multiSend: SAFE },
    plan: {
      kind: "plan",
      note: "The spec's treasury summary.",
      totalCapitalUsd: 150_000_000,
      xqbMinted: 150_000_000,
      collateralizationRatio: 150,
      xqbusdCapacityUsd: 100_000_000,
      quantumSecurityLevel: 99.9,
      personalBlockchainNodes: 7,
      distributionPhase: "Genesis Launch",
    },
    ...overrides,
  });

export const tokenomics = () =>
  qtTokenomicsResponse.parse({
    ...live,
    blockNumber: "212",
    totalSupply: "150000000",
    maxSupply: "1000000000",
    allocation: [
      {
        label: "founderAllocation",
        name: "Founder Allocation",
        planAmount: 30_000_000,
        planPercent: 20,
        note: "2-year vesting",
        locked: true,
        holder: "0xBcd4042DE499D14e55001CcbB24a551F3b954096",
        genesisAmount: "30000000",
        balance: "30000000",
      },
      {
        label: "liquidityPools",
        name: "Liquidity Pools",
        planAmount: 22_500_000,
        planPercent: 15,
        note: null,
        locked: false,
        holder: "0x1CBd3b2770909D4e10f157cABC84C7264073C9Ec",
        genesisAmount: "22500000",
        balance: "22400000",
      },
    ],
    releaseSchedule: [
      { period: "Genesis", fromMonth: 0, amount: 37_500_000, cumulative: 37_500_000, cumulativePercent: 25 },
      { period: "Year 1", fromMonth: 0, amount: 37_500_000, cumulative: 75_000_000, cumulativePercent: 50 },
    ],
    circulating: {
      amount: "22400000",
      percent: 14.93,
      rule: "Total supply minus the balances of the locked buckets' holders and the Safe.",
      excluded: [
        { holder: "0xBcd4042DE499D14e55001CcbB24a551F3b954096", name: "Founder Allocation", amount: "30000000" },
      ],
    },
    plannedYear1Circulating: 75_000_000,
  });

export const capacity = (collateral: string, ratio: string, vaultCapacity: string) =>
  qtCapacityResponse.parse({
    ...live,
    collateral,
    ratio: Number(ratio),
    capacity: vaultCapacity,
    excessCollateral: "0",
    excessNegative: false,
    utilizationRate: null,
    vaultCapacity,
    agree: true,
    warning: null,
  });

const snapshot = (block: string, xqb: string, xqbusd: string, ratio: number | null): QtStateSnapshot => ({
  blockNumber: block,
  xqbSupply: xqb,
  xqbusdSupply: xqbusd,
  usdcCollateral: "30000000",
  collateralValueUsd: "30000000",
  vaultRatio: ratio,
  safePosition: { collateralUsd: "30000000", debt: xqbusd, ratio },
  safeUsdcBalance: "0",
  safeXqbBalance: "0",
});

/** A signature by the server's dev key of owner #n (the operator's co-signing). */
export const devKeySignature = (n: number) => ({
  owner: OWNERS[n - 1],
  signature: sig(n),
  method: "eip712",
  by: "server-dev-key",
  devOwner: n,
  label: `signed by the server with the public dev key of owner #${n} (local chain only)`,
});
/** A signature made in owner #n's own wallet. */
export const walletSignature = (n: number) => ({
  owner: OWNERS[n - 1],
  signature: sig(n),
  method: "eip712",
  by: "owner-wallet",
  devOwner: null,
  label: "signed by the owner's own wallet",
});

export const PROPOSER = "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65";

export const executed = (
  operation: string,
  before: [string, string],
  after: [string, string],
  ratioAfter: number | null,
) =>
  qtExecuteResponse.parse({
    ...live,
    operation,
    status: "executed",
    safeTxHash: hash(0x5afe),
    nonce: "3",
    threshold: 2,
    signatures: [devKeySignature(1), devKeySignature(2)],
    steps: [],
    calls: [
      {
        to: SAFE,
        contract: "XQBToken",
        function: "mint(address,uint256)",
        args: { to: SAFE, amount: "1000000000000000000" },
        value: "0",
        data: "0x40c10f19",
      },
    ],
    transactionHash: hash(0xe7ec),
    block: "213",
    before: snapshot("212", ...before, null),
    after: snapshot("213", ...after, ratioAfter),
    proposal: {
      ...proposal(0),
      chainId: 31337,
      signatures: [devKeySignature(1), devKeySignature(2)],
      status: "executed",
      transactionHash: hash(0xe7ec),
    },
  });

const ZERO = "0x0000000000000000000000000000000000000000";
/** The EIP-712 payload as the API sends it (integers as text). */
export const typedData = {
  domain: { chainId: 31337, verifyingContract: SAFE },
  types: {
    EIP712Domain: [
      { name: "chainId", type: "uint256" },
      { name: "verifyingContract", type: "address" },
    ],
    ...SAFE_TX_TYPES,
  },
  primaryType: "SafeTx",
  message: {
    to: SAFE,
    value: "0",
    data: "0x40c10f19",
    operation: 0,
    safeTxGas: "0",
    baseGas: "0",
    gasPrice: "0",
    gasToken: ZERO,
    refundReceiver: ZERO,
    nonce: "3",
  },
};

/** A proposal waiting for the owners' wallets (`signatures` of them signed so far, in their own wallets). */
export const proposal = (signatures: number) =>
  qtSafeProposal.parse({
    safeTxHash: hash(0x5afe),
    safe: SAFE,
    chainId: 31337,
    nonce: "3",
    to: SAFE,
    value: "0",
    data: "0x40c10f19",
    operation: 0,
    safeTxGas: "0",
    baseGas: "0",
    gasPrice: "0",
    gasToken: ZERO,
    refundReceiver: ZERO,
    calls: [
      {
        to: SAFE,
        contract: "XQBToken",
        function: "mint(address,uint256)",
        args: { to: SAFE, amount: "1000000000000000000" },
        value: "0",
        data: "0x40c10f19",
      },
    ],
    preSteps: [],
    proposedBy: PROPOSER,
    threshold: 2,
    owners: OWNERS,
    signatures: Array.from({ length: signatures }, (_, i) => walletSignature(i + 1)),
    status: signatures >= 2 ? "executed" : "pending",
    typedData,
    transactionHash: signatures >= 2 ? hash(0xe7ec) : null,
    label: "mint_xqb",
    createdAt: "2026-01-01T00:00:00.000Z",
  });

export const pending = (operation: string) => {
  const done = executed(operation, ["150000000", "0"], ["150000000", "0"], null);
  return qtExecuteResponse.parse({
    ...done,
    status: "pending",
    signatures: [],
    transactionHash: null,
    block: null,
    after: null,
    proposal: proposal(0),
  });
};

export const signatureAdded = (signatures: number) =>
  qtAddSignatureResponse.parse({
    ...live,
    proposal: proposal(signatures),
    transactionHash: signatures >= 2 ? hash(0xe7ec) : null,
    block: signatures >= 2 ? "300" : null,
    steps: [],
    before: snapshot("212", "150000000", "0", null),
    after: signatures >= 2 ? snapshot("300", "300000000", "0", null) : null,
  });

export const OWNER_SIGNATURE = sig(1);
