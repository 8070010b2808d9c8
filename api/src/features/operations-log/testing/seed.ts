// Rows in the tables the operations log reads, written straight into them as their features would (no feature code):
// one or more of every kind, with the awkward values the log must carry through (a memo and a reason with a comma
// and a quote, mixed-case addresses, a local chain's earlier run, a transaction seen by two indexed events).
import type { Db } from "../../../db/client";
import {
  bridgeTransfers,
  coinTestRuns,
  evmEvents,
  faucetClaims,
  mints,
  safeProposals,
  testnetRuns,
  vibeRewardMints,
  vibeRewards,
} from "../../../db/schema";

export const OLD_RUN = `0x${"0".repeat(63)}1`;
export const CURRENT_RUN = `0x${"0".repeat(63)}2`;
/** When the current local chain run began: rows recorded before it without a run of their own are from an earlier one. */
export const RUN_STARTED = new Date("2026-03-01T12:00:00.000Z");

export const ALICE = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
export const BOB = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
export const MEMO = 'pay, "now"';
export const SIMULATED_REASON = 'Horizon unreachable, "timeout" after 2.2 s';

const hash = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;
const at = (minutes: number) => new Date(RUN_STARTED.getTime() + minutes * 60_000);
const ZERO = "0x0000000000000000000000000000000000000000";

/** What the seed wrote, as the log should list it. */
export interface Seeded {
  /** Rows the log lists (indexed events already counted once per transaction). */
  total: number;
  byFeature: Record<string, number>;
}

export async function seedOperations(db: Db): Promise<Seeded> {
  const mintRecord = (kind: string, ledger: string, extra: object) => ({
    success: true,
    ledger,
    kind,
    amount: "1",
    timestamp: new Date().toISOString(),
    ...extra,
  });
  await db.insert(mints).values([
    {
      kind: "eth-mint",
      ledger: "ethereum",
      source: "live",
      network: "hardhat",
      transactionHash: hash(1),
      ledgerIndex: 5,
      blockHash: hash(101),
      chainInstance: OLD_RUN,
      signer: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
      record: mintRecord("eth-mint", "ethereum", { recipient: ALICE, signedBy: "server" }),
      createdAt: at(-60),
    },
    {
      kind: "eth-mint",
      ledger: "ethereum",
      source: "live",
      network: "hardhat",
      transactionHash: hash(2),
      ledgerIndex: 9,
      blockHash: hash(102),
      chainInstance: CURRENT_RUN,
      signer: BOB,
      record: mintRecord("eth-mint", "ethereum", { recipient: ALICE, signedBy: "wallet" }),
      createdAt: at(10),
    },
    {
      kind: "stellar-mint",
      ledger: "stellar",
      source: "simulated",
      reason: SIMULATED_REASON,
      network: "testnet",
      transactionHash: "a".repeat(64),
      signer: "GSIGNER",
      record: mintRecord("stellar-mint", "stellar", {}),
      createdAt: at(11),
    },
    {
      kind: "xrp-volume",
      ledger: "xrpl",
      source: "live",
      network: "testnet",
      transactionHash: "B".repeat(64),
      ledgerIndex: 77,
      explorerUrl: `https://testnet.xrpl.org/transactions/${"B".repeat(64)}`,
      signer: "rSigner",
      record: mintRecord("xrp-volume", "xrpl", {}),
      createdAt: at(12),
    },
    {
      kind: "eth-mint",
      ledger: "ethereum",
      source: "live",
      network: "sepolia",
      transactionHash: hash(3),
      ledgerIndex: 3,
      blockHash: hash(103),
      signer: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
      explorerUrl: null,
      record: mintRecord("eth-mint", "ethereum", { recipient: BOB, signedBy: "server" }),
      createdAt: at(13),
    },
  ]);
  await db.insert(safeProposals).values({
    chainId: 31337,
    safeTxHash: hash(500),
    safe: "0x0000000000000000000000000000000000005afe",
    label: "mint_xqb",
    to: ZERO,
    value: "0",
    data: "0x",
    operation: 0,
    nonce: "4",
    calls: [],
    owners: [],
    threshold: 2,
    signatures: [],
    status: "executed",
    transactionHash: hash(20),
    context: {
      proposedBy: ALICE,
      preStepsSent: [{ label: "mock USDC to the Safe", transactionHash: hash(21), block: "40", call: {} }],
    },
    updatedAt: at(20),
  });
  await db.insert(testnetRuns).values({
    kind: "multisig",
    chainId: 31337,
    chainInstance: CURRENT_RUN,
    passed: true,
    source: "live",
    steps: [
      { name: "one signature is refused", outcome: "passed", txHash: null },
      { name: "two signatures execute qETH.pause()", outcome: "passed", txHash: hash(30) },
    ],
    startedAt: at(29),
    finishedAt: at(30),
    ranBy: "open (local presenter)",
  });
  const remote = (extra: object) => ({
    ledger: "stellar",
    address: "GDEST",
    memo: MEMO,
    asset: { code: "XQB", issuer: "GISSUER" },
    amount: "12.5",
    deliveryTxHash: null,
    ledgerIndex: null,
    explorerUrl: null,
    source: "live",
    reason: null,
    expiresAt: null,
    lastLedgerSequence: null,
    ...extra,
  });
  const evm = (extra: object) => ({
    chainId: 31337,
    sender: null,
    recipient: null,
    amount: "12500000000000000000",
    lockNonce: null,
    lockTxHash: null,
    releaseTxHash: null,
    refundTxHash: null,
    releaseId: null,
    source: "live",
    reason: null,
    ...extra,
  });
  await db.insert(bridgeTransfers).values([
    {
      chainId: 31337,
      run: CURRENT_RUN,
      id: "7",
      direction: "outbound",
      state: "delivered",
      ledger: "stellar",
      evmAddress: ALICE.toLowerCase(),
      evm: evm({ sender: ALICE, lockNonce: "7", lockTxHash: hash(40) }),
      remote: remote({
        deliveryTxHash: "c".repeat(64),
        explorerUrl: `https://stellar.expert/explorer/testnet/tx/${"c".repeat(64)}`,
      }),
      timestamps: { locked: at(40).toISOString(), relaying: at(41).toISOString(), delivered: at(42).toISOString() },
      history: [],
    },
    {
      chainId: 31337,
      run: "inbound",
      id: `xrpl-${"D".repeat(64)}`,
      direction: "inbound",
      state: "released",
      ledger: "xrpl",
      evmAddress: BOB.toLowerCase(),
      evm: evm({ recipient: BOB, releaseTxHash: hash(43) }),
      remote: remote({
        ledger: "xrpl",
        address: "rPAYER",
        memo: "",
        deliveryTxHash: "D".repeat(64),
        explorerUrl: `https://testnet.xrpl.org/transactions/${"D".repeat(64)}`,
      }),
      timestamps: { seen: at(43).toISOString(), releasing: at(44).toISOString(), released: at(45).toISOString() },
      history: [],
    },
  ]);
  await db.insert(vibeRewards).values({
    chainId: 31337,
    wallet: BOB,
    reservedAt: at(50),
    reservationId: crypto.randomUUID(),
    transactionHash: hash(50),
    source: "live",
  });
  // The slot holds the latest reward; the history holds each one (an earlier reward of the same wallet too).
  await db.insert(vibeRewardMints).values([
    { chainId: 31337, wallet: BOB, transactionHash: hash(49), source: "live", at: at(49) },
    { chainId: 31337, wallet: BOB, transactionHash: hash(50), source: "live", at: at(50) },
  ]);
  await db.insert(faucetClaims).values([
    // Recorded before the current run began, and the faucet keeps no run: an earlier run's claim.
    {
      chainId: 31337,
      wallet: ALICE,
      asset: "XQB",
      status: "sent",
      amount: "100",
      claimedAt: at(-30),
      transactionHash: hash(60),
      blockNumber: "12",
    },
    {
      chainId: 31337,
      wallet: ALICE,
      asset: "ETH",
      status: "pending",
      amount: "1",
      claimedAt: at(60),
      transactionHash: hash(61),
    },
    // Reserved, nothing signed: not a transaction yet.
    { chainId: 31337, wallet: BOB, asset: "USDC", status: "reserved", amount: "1000", claimedAt: at(61) },
  ]);
  await db.insert(coinTestRuns).values([
    {
      symbol: "BTC",
      level: "signed-offline",
      source: "simulated",
      ok: true,
      ms: 40,
      transactionHash: "e".repeat(64),
      caller: ALICE,
      at: at(70),
    },
    {
      symbol: "XLM",
      level: "live",
      source: "live",
      ok: true,
      ms: 900,
      transactionHash: "f".repeat(64),
      caller: ALICE,
      at: at(71),
    },
    // Failed before anything was signed: no transaction.
    {
      symbol: "ETH",
      level: "live",
      source: "live",
      ok: false,
      ms: 5,
      error: "LEDGER_UNAVAILABLE",
      caller: ALICE,
      at: at(72),
    },
  ]);
  const event = (n: number, tx: number, contract: string, eventName: string, args: object) => ({
    chainId: 31337,
    chainInstance: CURRENT_RUN,
    blockNumber: 100 + tx,
    logIndex: n,
    transactionHash: hash(tx),
    blockHash: hash(1000 + tx),
    contract,
    address: ZERO,
    eventName,
    args,
    blockTimestamp: Math.floor(at(80 + tx / 100).getTime() / 1000),
  });
  await db.insert(evmEvents).values([
    // A stake of BOB's own.
    event(0, 90, "qETH", "Deposit", { sender: BOB, owner: BOB, assets: "1", shares: "1" }),
    // A leverage position: the pool deposit inside it is the same transaction, listed once as the position.
    event(0, 91, "vibeETH", "Deposit", { sender: ZERO, owner: ZERO, assets: "3", shares: "3" }),
    event(1, 91, "LeverageRouter", "PositionOpened", { user: ALICE, lst: ZERO }),
    // A VIBE burn, and a plain transfer (not an operation of the log).
    event(0, 92, "VibeCoin", "Transfer", { from: BOB, to: ZERO, value: "5" }),
    event(0, 93, "VibeCoin", "Transfer", { from: BOB, to: ALICE, value: "5" }),
    // The vault's event of the Safe's own execution above: listed once, as the Safe execution.
    { ...event(0, 94, "TreasuryVault", "EthDeposited", { account: ZERO, amount: "1" }), transactionHash: hash(20) },
  ]);
  const byFeature = {
    minting: 5,
    "quantum-treasury-2": 2,
    testnet: 1,
    bridge: 4,
    // Two hourly rewards of one wallet (both in the history, the slot holds the latest) and a burn.
    vibecoins: 3,
    faucet: 2,
    cryptocurrency: 2,
    "real-staking": 1,
    "liquid-staking": 1,
  };
  return { total: Object.values(byFeature).reduce((a, b) => a + b, 0), byFeature };
}
