// `npm run bench:gas` (and the first step of `npm run bench`): the gas report of issue 3.
//
// Deploys the whole suite (deploySuite: admin rights end with the 2-of-3 Safe) on a fresh Hardhat
// in-process chain, performs every user-facing call once from ordinary dev accounts in a realistic state
// (first-time and repeat where storage makes them differ), and puts each call beside the anchors of the
// operations it performs. Writes docs/GAS.md (the table), .bench/gas.json (the same, as data) and the
// committed docs/gas-report.json (the rows the mainnet-readiness check reads: call, scenario, execution gas,
// budget, within; with the date measured and the commit).
//
// Gas terms:
//   total     = receipt.gasUsed (net of SSTORE refunds, as the chain charges it)
//   calldata  = 4 x zero bytes + 16 x non-zero bytes of the transaction input (EIP-2028)
//   execution = total - 21,000 (intrinsic base) - calldata (- 32,000 for a contract creation; none here)
// Budgets compare execution to execution: budget = 1.2 x the sum of the anchors' execution figures.
import path from "node:path";
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import hre from "hardhat";
import {
  encodeFunctionData,
  hexToBytes,
  maxUint256,
  parseEther,
  parseUnits,
  type Abi,
  type Account,
  type Address,
  type Chain,
  type Hex,
  type PublicClient,
  type TransactionReceipt,
  type Transport,
  type WalletClient,
} from "viem";
import { deploySuite } from "./lib/deploy-suite";
import { execAsMultisig } from "./lib/deploy-governance";
import { LEVERAGE_PARAMS } from "./lib/deploy-leverage";
import { LIQUID_STAKING_PARAMS } from "./lib/deploy-liquid-staking";
import { traceGas } from "./lib/gas-trace";
import type { DeployMap } from "./lib/write-deploy-map";

const ROOT = path.resolve(__dirname, "..");
type Wallet = WalletClient<Transport, Chain | undefined, Account>;

// ------------------------------------------------------------------------------------------------------
// anchors (issue 3): "OpenZeppelin ERC-20 mint 36.7k-53.8k total gas, ERC-4626 deposit 62.7k execution,
// WETH deposit 24.0k execution, Aave v3 supply 146.8k / first borrow 257.3k execution, the 21,000 base
// cost. Budget: each of our calls within 1.2x the sum of the anchor operations it performs."

const BASE_GAS = 21_000;
const CREATE_GAS = 32_000;
const BUDGET_FACTOR = 1.2;

export const ANCHORS = {
  erc20Mint: {
    name: "ERC-20 mint",
    source: "OpenZeppelin ERC-20 mint: 36.7k-53.8k total gas",
    given: "53.8k total (upper end)",
    // The issue gives it in total gas: the upper end minus the 21,000 base. Its calldata is not given, so
    // it is not subtracted (about 0.6k for a mint(address,uint256)): the budget leans generous by that much.
    execution: 53_800 - BASE_GAS,
  },
  erc4626Deposit: {
    name: "ERC-4626 deposit",
    source: "ERC-4626 deposit: 62.7k execution",
    given: "62.7k execution",
    execution: 62_700,
  },
  wethDeposit: {
    name: "WETH deposit",
    source: "WETH deposit: 24.0k execution",
    given: "24.0k execution",
    execution: 24_000,
  },
  aaveSupply: {
    name: "Aave v3 supply",
    source: "Aave v3 supply: 146.8k execution",
    given: "146.8k execution",
    execution: 146_800,
  },
  aaveFirstBorrow: {
    name: "Aave v3 first borrow",
    source: "Aave v3 first borrow: 257.3k execution",
    given: "257.3k execution",
    execution: 257_300,
  },
} as const;
type AnchorKey = keyof typeof ANCHORS;

export interface GasRow {
  call: string;
  scenario: string;
  from: string;
  /** null: not measured (see `status`). */
  totalGas: number | null;
  calldataGas: number | null;
  executionGas: number | null;
  /** EIP-7623 (Prague+) floor 21,000 + 10 x tokens; when it exceeds the standard cost the chain charges it. */
  calldataFloorApplied: boolean;
  /** The anchor operations the call performs; null: no honest anchor. */
  anchors: AnchorKey[] | null;
  anchorSum: number | null;
  budget: number | null;
  status: "within" | "over" | "no anchor" | "n/a";
  /** executionGas / budget. */
  ratio: number | null;
  note: string;
}

const rows: GasRow[] = [];

function calldataGas(input: Hex): { gas: number; tokens: number } {
  let zero = 0;
  let nonZero = 0;
  for (const b of hexToBytes(input)) {
    if (b === 0) zero++;
    else nonZero++;
  }
  return { gas: 4 * zero + 16 * nonZero, tokens: zero + 4 * nonZero };
}

// ------------------------------------------------------------------------------------------------------
// chain helpers

let publicClient: PublicClient;
const abis = new Map<string, Abi>();
let deploymentForTrace: DeployMap = {};
let deployFirstWrites: string[] = [];

async function abiOf(artifact: string): Promise<Abi> {
  if (!abis.has(artifact)) abis.set(artifact, (await hre.artifacts.readArtifact(artifact)).abi as Abi);
  return abis.get(artifact)!;
}

async function mined(hash: Hex, what: string): Promise<TransactionReceipt> {
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new Error(`bench-gas: ${what} reverted`);
  return receipt;
}

/** Sends `fn(args)` on `address` (ABI of `artifact`) from `wallet`; returns the receipt. */
async function send(
  wallet: Wallet,
  artifact: string,
  address: Address,
  fn: string,
  args: readonly unknown[] = [],
  value?: bigint,
) {
  const abi = await abiOf(artifact);
  const hash = await wallet.sendTransaction({
    account: wallet.account,
    chain: wallet.chain,
    to: address,
    data: encodeFunctionData({ abi, functionName: fn, args }),
    value,
  });
  return mined(hash, `${artifact}.${fn}`);
}

async function read<T>(artifact: string, address: Address, fn: string, args: readonly unknown[] = []): Promise<T> {
  return (await publicClient.readContract({ address, abi: await abiOf(artifact), functionName: fn, args })) as T;
}

async function increaseTime(seconds: bigint) {
  await hre.network.provider.request({ method: "evm_increaseTime", params: [Number(seconds)] });
  await hre.network.provider.request({ method: "evm_mine", params: [] });
}

interface RowSpec {
  call: string;
  scenario: string;
  anchors: AnchorKey[] | null;
  note?: string;
}

/** Records a mined transaction as a row of the report. */
async function record(spec: RowSpec, who: string, receipt: TransactionReceipt) {
  const tx = await publicClient.getTransaction({ hash: receipt.transactionHash });
  const total = Number(receipt.gasUsed);
  const cd = calldataGas(tx.input);
  const execution = total - BASE_GAS - cd.gas - (tx.to === null ? CREATE_GAS : 0);
  const floor = BASE_GAS + 10 * cd.tokens;
  const anchorSum = spec.anchors ? spec.anchors.reduce((s, a) => s + ANCHORS[a].execution, 0) : null;
  const budget = anchorSum === null ? null : Math.round(anchorSum * BUDGET_FACTOR);
  if (process.env.GAS_TRACE && spec.call.includes(process.env.GAS_TRACE)) await printTrace(spec, receipt, execution);
  rows.push({
    call: spec.call,
    scenario: spec.scenario,
    from: who,
    totalGas: total,
    calldataGas: cd.gas,
    executionGas: execution,
    calldataFloorApplied: total === floor,
    anchors: spec.anchors,
    anchorSum,
    budget,
    status: budget === null ? "no anchor" : execution <= budget ? "within" : "over",
    ratio: budget === null ? null : Number((execution / budget).toFixed(3)),
    note: spec.note ?? "",
  });
  return receipt;
}

/** GAS_TRACE=<call>: where the execution gas of matching rows goes (scripts/lib/gas-trace.ts). */
async function printTrace(spec: RowSpec, receipt: TransactionReceipt, execution: number) {
  const names = Object.fromEntries(Object.entries(deploymentForTrace).map(([n, d]) => [d.address.toLowerCase(), n]));
  const b = await traceGas(hre.network.provider, receipt.transactionHash, receipt.to!, names);
  const fmt = (o: Record<string, number>) =>
    Object.entries(o)
      .sort((a, c) => c[1] - a[1])
      .map(([k, v]) => `${k} ${v.toLocaleString("en-US")}`)
      .join(", ");
  console.log(`\n${spec.call} (${spec.scenario}): execution ${execution.toLocaleString("en-US")}`);
  console.log(`  by kind:     ${fmt(b.byKind)}`);
  console.log(`  by contract: ${fmt(b.byContract)}`);
  console.log(`  SSTOREs:     ${b.sstores.map((s) => `${s.contract}@${s.slot.slice(0, 10)} ${s.cost}`).join(", ")}`);
}

/** Sends and records in one step. */
async function measure(
  spec: RowSpec,
  who: [string, Wallet],
  artifact: string,
  address: Address,
  fn: string,
  args: readonly unknown[] = [],
  value?: bigint,
) {
  return record(spec, who[0], await send(who[1], artifact, address, fn, args, value));
}

/** A call that could not be measured: kept in the table with the reason. */
function notMeasured(spec: RowSpec, who: string, reason: string) {
  rows.push({
    call: spec.call,
    scenario: spec.scenario,
    from: who,
    totalGas: null,
    calldataGas: null,
    executionGas: null,
    calldataFloorApplied: false,
    anchors: spec.anchors,
    anchorSum: spec.anchors ? spec.anchors.reduce((s, a) => s + ANCHORS[a].execution, 0) : null,
    budget: spec.anchors
      ? Math.round(spec.anchors.reduce((s, a) => s + ANCHORS[a].execution, 0) * BUDGET_FACTOR)
      : null,
    status: "n/a",
    ratio: null,
    note: reason,
  });
}

// ------------------------------------------------------------------------------------------------------
// the scenario

async function run() {
  await hre.run("compile", { quiet: true });
  publicClient = (await hre.viem.getPublicClient()) as PublicClient;
  const wallets = (await hre.viem.getWalletClients()) as Wallet[];
  const w = (i: number, name: string): [string, Wallet] => {
    const wallet = wallets[i];
    if (!wallet) throw new Error(`bench-gas: no dev account ${i}`);
    return [`${name} (#${i})`, wallet];
  };
  // #0 deploys (and stays relayer, treasury operator, reward service, mock-feed updater); #1-#3 own the
  // Safe; #10-#16 hold the XQB genesis buckets. Users are the other dev accounts.
  const deployer = w(0, "deployer");
  const owners = [wallets[1]!, wallets[2]!, wallets[3]!];
  const alice = w(4, "alice");
  const bob = w(5, "bob");
  const carol = w(6, "carol");
  const dave = w(7, "dave");
  const erin = w(8, "erin");
  const frank = w(9, "frank");
  const gina = w(17, "gina");
  const hank = w(18, "hank");
  const ivan = w(19, "ivan");

  const { deployment, firstWrites } = await deploySuite(hre);
  deployFirstWrites = firstWrites;
  deploymentForTrace = deployment;
  const at = (name: string) => {
    const d = deployment[name];
    if (!d) throw new Error(`bench-gas: ${name} not deployed`);
    return d.address;
  };
  const xqb = at("XQBToken");
  const minter = at("XQBMinter");
  const vault = at("TreasuryVault");
  const usdc = at("MockUSDC");
  const feed = at("MockV3Aggregator");
  const vibe = at("VibeCoin");
  const weth = at("WETH9");
  const vibeEth = at("vibeETH");
  const qEth = at("qETH");
  const xqbEth = at("xqbETH");
  const lending = at("LendingPool");
  const router = at("LeverageRouter");
  const safe = at("TreasuryMultisig");
  const escrow = at("BridgeEscrow");

  // --- minting: ETH -> XQB + XQBUSD -------------------------------------------------------------------
  const vaultLeg =
    "Besides the two mints: an oracle read (Chainlink-style feed, two slots) and the minter's vault position (ETH collateral + debt in one slot).";
  await measure(
    {
      call: "XQBMinter.mint",
      scenario: "first for a fresh recipient",
      anchors: ["erc20Mint", "erc20Mint", "wethDeposit"],
      note: `XQB mint + XQBUSD mint + ETH credited to the vault (~WETH deposit). ${vaultLeg}`,
    },
    alice,
    "XQBMinter",
    minter,
    "mint",
    [alice[1].account.address],
    parseEther("1"),
  );
  await send(frank[1], "XQBMinter", minter, "mint", [frank[1].account.address], parseEther("1"));
  await measure(
    {
      call: "XQBMinter.mint",
      scenario: "repeat: same recipient",
      anchors: ["erc20Mint", "erc20Mint", "wethDeposit"],
      note: "As above with every slot already non-zero.",
    },
    alice,
    "XQBMinter",
    minter,
    "mint",
    [alice[1].account.address],
    parseEther("1"),
  );
  // XQB's MINTER_ROLE is the Safe's after the deploy (the treasury mints by Safe transaction, whose own cost is
  // the Safe.execTransaction rows below); the token's mint is measured from an account the Safe made a minter.
  const minterRole = await read<Hex>("XQBToken", xqb, "MINTER_ROLE");
  await execAsMultisig(
    hre,
    safe,
    xqb,
    encodeFunctionData({
      abi: await abiOf("XQBToken"),
      functionName: "grantRole",
      args: [minterRole, deployer[1].account.address],
    }),
    owners,
    { executor: owners[0] },
  );
  await measure(
    {
      call: "XQBToken.mint",
      scenario: "a minter the Safe granted, fresh holder",
      anchors: ["erc20Mint"],
      note: "OpenZeppelin ERC20Capped + AccessControl mint: the anchor's own operation.",
    },
    deployer,
    "XQBToken",
    xqb,
    "mint",
    [gina[1].account.address, parseEther("1000")],
  );
  await measure(
    {
      call: "XQBToken.transfer",
      scenario: "first: fresh recipient",
      anchors: ["erc20Mint"],
      note: "A transfer writes two balances, as a mint writes a balance and the supply.",
    },
    alice,
    "XQBToken",
    xqb,
    "transfer",
    [bob[1].account.address, parseEther("100")],
  );
  await measure(
    { call: "XQBToken.transfer", scenario: "repeat", anchors: ["erc20Mint"] },
    alice,
    "XQBToken",
    xqb,
    "transfer",
    [bob[1].account.address, parseEther("100")],
  );

  // --- bridge ------------------------------------------------------------------------------------------
  await send(alice[1], "XQBToken", xqb, "approve", [escrow, maxUint256]);
  const stellar = "GAAZI4TCR3TY5OJHCTJC2A4QSY6CJWJH5IAJTGKIN2ER7LBNVKOCCWN7"; // 56 chars, base32
  await measure(
    {
      call: "BridgeEscrow.lock",
      scenario:
        "first ever in the escrow (one-off: escrow balance, total and nonce start at zero), Stellar, 23-byte memo",
      anchors: null,
      note: "ERC-20 transferFrom, two balance reads, destination check over 56 chars, Locked event with both strings.",
    },
    alice,
    "BridgeEscrow",
    escrow,
    "lock",
    [parseEther("50"), 1, stellar, "exchange memo 123456789"],
  );
  await send(bob[1], "XQBToken", xqb, "approve", [escrow, maxUint256]);
  await measure(
    { call: "BridgeEscrow.lock", scenario: "first lock of a user, Stellar, 23-byte memo", anchors: null },
    bob,
    "BridgeEscrow",
    escrow,
    "lock",
    [parseEther("50"), 1, stellar, "exchange memo 123456789"],
  );
  await measure(
    { call: "BridgeEscrow.lock", scenario: "repeat, XRPL, no memo", anchors: null },
    alice,
    "BridgeEscrow",
    escrow,
    "lock",
    [parseEther("50"), 2, "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh", ""],
  );
  await measure(
    {
      call: "BridgeEscrow.release",
      scenario: "relayer pays a fresh holder",
      anchors: null,
      note: "Replay key write + ERC-20 transfer + event.",
    },
    deployer,
    "BridgeEscrow",
    escrow,
    "release",
    [carol[1].account.address, parseEther("20"), `0x${"ab".repeat(32)}`, 1],
  );

  // --- VibeCoin ------------------------------------------------------------------------------------------
  await measure(
    { call: "VibeCoin.mint", scenario: "reward service, fresh holder", anchors: ["erc20Mint"] },
    deployer,
    "VibeCoin",
    vibe,
    "mint",
    [alice[1].account.address, parseEther("500")],
  );
  await send(deployer[1], "VibeCoin", vibe, "mint", [bob[1].account.address, parseEther("50")]);
  await measure(
    {
      call: "VibeCoin.burn",
      scenario: "holder burns part of its balance",
      anchors: ["erc20Mint"],
      note: "A burn is a mint in reverse (balance and supply).",
    },
    alice,
    "VibeCoin",
    vibe,
    "burn",
    [parseEther("50")],
  );

  // --- treasury ---------------------------------------------------------------------------------------------
  await send(carol[1], "MockUSDC", usdc, "faucet", [parseUnits("100", 6)]);
  await measure(
    {
      call: "MockUSDC.faucet",
      scenario: "first claim of a user (opens its 24 h window)",
      anchors: ["erc20Mint"],
      note: "ERC-20 mint whose holder slot also keeps the faucet window (balance, window start and amount claimed in one slot), + FaucetClaimed.",
    },
    bob,
    "MockUSDC",
    usdc,
    "faucet",
    [parseUnits("5000", 6)],
  );
  await measure(
    { call: "MockUSDC.faucet", scenario: "repeat in the same window", anchors: ["erc20Mint"] },
    bob,
    "MockUSDC",
    usdc,
    "faucet",
    [parseUnits("5000", 6)],
  );
  await measure(
    {
      call: "TreasuryVault.depositEth",
      scenario: "first: fresh position",
      anchors: ["wethDeposit"],
      note: "Credit msg.value to the position (one packed slot; no stored total): WETH deposit's shape, plus pause and transient reentrancy checks.",
    },
    bob,
    "TreasuryVault",
    vault,
    "depositEth",
    [],
    parseEther("2"),
  );
  await measure(
    { call: "TreasuryVault.depositEth", scenario: "repeat", anchors: ["wethDeposit"] },
    bob,
    "TreasuryVault",
    vault,
    "depositEth",
    [],
    parseEther("1"),
  );
  await send(carol[1], "MockUSDC", usdc, "approve", [vault, maxUint256]);
  await measure(
    {
      call: "TreasuryVault.depositUsdc",
      scenario: "first: fresh position",
      anchors: ["erc4626Deposit"],
      note: "Pull an ERC-20 and credit the depositor: an ERC-4626 deposit without the share mint.",
    },
    carol,
    "TreasuryVault",
    vault,
    "depositUsdc",
    [parseUnits("50", 6)],
  );
  await send(bob[1], "MockUSDC", usdc, "approve", [vault, maxUint256]);
  await measure(
    {
      call: "TreasuryVault.depositUsdc",
      scenario: "first USDC in a user's position",
      anchors: ["erc4626Deposit"],
      note: "Pull an ERC-20 and credit the depositor: an ERC-4626 deposit without the share mint.",
    },
    bob,
    "TreasuryVault",
    vault,
    "depositUsdc",
    [parseUnits("3000", 6)],
  );
  await measure(
    { call: "TreasuryVault.depositUsdc", scenario: "repeat", anchors: ["erc4626Deposit"] },
    bob,
    "TreasuryVault",
    vault,
    "depositUsdc",
    [parseUnits("1000", 6)],
  );
  await measure(
    {
      call: "TreasuryVault.mintXqbusd",
      scenario: "first debt: fresh XQBUSD holder",
      anchors: ["aaveFirstBorrow"],
      note: "A borrow against the position: oracle read, 150% check, debt (packed position), XQBUSD mint.",
    },
    bob,
    "TreasuryVault",
    vault,
    "mintXqbusd",
    [parseEther("2000")],
  );
  await measure(
    {
      call: "TreasuryVault.mintXqbusd",
      scenario: "repeat",
      anchors: ["aaveFirstBorrow"],
      note: "Only a first-borrow anchor is given.",
    },
    bob,
    "TreasuryVault",
    vault,
    "mintXqbusd",
    [parseEther("1000")],
  );
  await measure(
    {
      call: "TreasuryVault.repay",
      scenario: "partial repay",
      anchors: ["erc20Mint"],
      note: "XQBUSD burn (a mint in reverse) + the position's debt.",
    },
    bob,
    "TreasuryVault",
    vault,
    "repay",
    [parseEther("100")],
  );
  await measure(
    {
      call: "TreasuryVault.withdrawEth",
      scenario: "partial, ratio re-checked at the oracle price",
      anchors: null,
      note: "No withdrawal anchor in the issue.",
    },
    bob,
    "TreasuryVault",
    vault,
    "withdrawEth",
    [parseEther("0.5")],
  );
  await measure(
    { call: "TreasuryVault.withdrawUsdc", scenario: "partial, ratio re-checked", anchors: null },
    bob,
    "TreasuryVault",
    vault,
    "withdrawUsdc",
    [parseUnits("500", 6)],
  );
  // Liquidation: carol (1 ETH + 50 USDC) borrows 2,000 XQBUSD (152.5%), ETH falls $3,000 -> $2,500
  // (127.5% < 130%), bob repays part.
  await send(carol[1], "TreasuryVault", vault, "depositEth", [], parseEther("1"));
  await send(carol[1], "TreasuryVault", vault, "mintXqbusd", [parseEther("2000")]);
  await send(deployer[1], "MockV3Aggregator", feed, "updateAnswer", [parseUnits("2500", 8)]);
  await measure(
    {
      call: "TreasuryVault.liquidate",
      scenario: "position at 127.5%: repay 500 XQBUSD, seize ETH + 5%",
      anchors: null,
      note: "No liquidation anchor in the issue.",
    },
    bob,
    "TreasuryVault",
    vault,
    "liquidate",
    [carol[1].account.address, parseEther("500")],
  );
  await send(deployer[1], "MockV3Aggregator", feed, "updateAnswer", [parseUnits("3000", 8)]);

  // --- WETH and liquid staking -------------------------------------------------------------------------------
  await measure(
    {
      call: "WETH9.deposit",
      scenario: "first: fresh holder",
      anchors: ["wethDeposit"],
      note: "The anchor's own operation.",
    },
    dave,
    "WETH9",
    weth,
    "deposit",
    [],
    parseEther("5"),
  );
  await measure(
    { call: "WETH9.deposit", scenario: "repeat", anchors: ["wethDeposit"] },
    dave,
    "WETH9",
    weth,
    "deposit",
    [],
    parseEther("5"),
  );
  await measure({ call: "WETH9.withdraw", scenario: "partial", anchors: null }, dave, "WETH9", weth, "withdraw", [
    parseEther("1"),
  ]);

  const poolNote = "Also accrues the reward stream (reads the clock, moves rewards into assets).";
  await increaseTime(60n);
  await measure(
    {
      call: "LiquidStakingPool.depositEth",
      scenario: "vibeETH, first: fresh holder",
      anchors: ["wethDeposit", "erc4626Deposit"],
      note: `Wrap ETH + ERC-4626 deposit. ${poolNote}`,
    },
    erin,
    "LiquidStakingPool",
    vibeEth,
    "depositEth",
    [erin[1].account.address],
    parseEther("2"),
  );
  await increaseTime(60n);
  await measure(
    { call: "LiquidStakingPool.depositEth", scenario: "vibeETH, repeat", anchors: ["wethDeposit", "erc4626Deposit"] },
    erin,
    "LiquidStakingPool",
    vibeEth,
    "depositEth",
    [erin[1].account.address],
    parseEther("1"),
  );
  await send(dave[1], "WETH9", weth, "approve", [vibeEth, maxUint256]);
  await increaseTime(60n);
  await measure(
    {
      call: "LiquidStakingPool.deposit",
      scenario: "vibeETH, WETH, first: fresh holder",
      anchors: ["erc4626Deposit"],
      note: `The anchor's operation. ${poolNote}`,
    },
    dave,
    "LiquidStakingPool",
    vibeEth,
    "deposit",
    [parseEther("1"), dave[1].account.address],
  );
  await increaseTime(60n);
  await measure(
    {
      call: "LiquidStakingPool.requestWithdrawal",
      scenario: "vibeETH, first request",
      anchors: null,
      note: "Burn shares + a 3-slot request record.",
    },
    erin,
    "LiquidStakingPool",
    vibeEth,
    "requestWithdrawal",
    [parseEther("0.5")],
  );
  const req1 = await read<bigint>("LiquidStakingPool", vibeEth, "withdrawalRequestCount");
  await measure(
    { call: "LiquidStakingPool.requestWithdrawal", scenario: "vibeETH, repeat", anchors: null },
    erin,
    "LiquidStakingPool",
    vibeEth,
    "requestWithdrawal",
    [parseEther("0.5")],
  );
  const req2 = await read<bigint>("LiquidStakingPool", vibeEth, "withdrawalRequestCount");
  await increaseTime(LIQUID_STAKING_PARAMS.vibeETH.withdrawalDelaySeconds);
  await measure(
    { call: "LiquidStakingPool.claim", scenario: "vibeETH, matured request, paid in WETH", anchors: null },
    erin,
    "LiquidStakingPool",
    vibeEth,
    "claim",
    [req1],
  );
  await measure(
    { call: "LiquidStakingPool.claimEth", scenario: "vibeETH, matured request, paid in ETH", anchors: null },
    erin,
    "LiquidStakingPool",
    vibeEth,
    "claimEth",
    [req2],
  );

  // --- lending -----------------------------------------------------------------------------------------------
  await measure(
    {
      call: "LendingPool.supplyEth",
      scenario: "first: fresh lender (pool seeded)",
      anchors: ["wethDeposit", "aaveSupply"],
      note: "Wrap ETH + supply (interest accrual, lender shares).",
    },
    frank,
    "LendingPool",
    lending,
    "supplyEth",
    [frank[1].account.address],
    parseEther("10"),
  );
  await send(gina[1], "WETH9", weth, "deposit", [], parseEther("5"));
  await send(gina[1], "WETH9", weth, "approve", [lending, maxUint256]);
  await measure(
    { call: "LendingPool.supply", scenario: "WETH, first: fresh lender", anchors: ["aaveSupply"] },
    gina,
    "LendingPool",
    lending,
    "supply",
    [parseEther("5"), gina[1].account.address],
  );
  // hank: 10 ETH staked in vibeETH, used as collateral
  await send(hank[1], "LiquidStakingPool", vibeEth, "depositEth", [hank[1].account.address], parseEther("10"));
  const hankShares = await read<bigint>("LiquidStakingPool", vibeEth, "balanceOf", [hank[1].account.address]);
  await send(hank[1], "LiquidStakingPool", vibeEth, "approve", [lending, maxUint256]);
  await measure(
    {
      call: "LendingPool.supplyCollateral",
      scenario: "vibeETH shares, first collateral",
      anchors: ["aaveSupply"],
      note: "Pull LST shares + collateral balance + total (no interest accrual).",
    },
    hank,
    "LendingPool",
    lending,
    "supplyCollateral",
    [vibeEth, hankShares, hank[1].account.address],
  );
  await measure(
    {
      call: "LendingPool.borrow",
      scenario: "first debt, paid in WETH",
      anchors: ["aaveFirstBorrow"],
      note: "Accrue, scaled debt, LTV check over every listed collateral (3 LSTs, each priced by convertToAssets), WETH transfer.",
    },
    hank,
    "LendingPool",
    lending,
    "borrow",
    [parseEther("5"), hank[1].account.address, hank[1].account.address],
  );
  await measure(
    {
      call: "LendingPool.borrowEth",
      scenario: "repeat, paid in ETH",
      anchors: ["aaveFirstBorrow"],
      note: "Only a first-borrow anchor is given; also unwraps WETH.",
    },
    hank,
    "LendingPool",
    lending,
    "borrowEth",
    [parseEther("1"), hank[1].account.address, hank[1].account.address],
  );
  await increaseTime(3600n);
  await send(hank[1], "WETH9", weth, "approve", [lending, maxUint256]);
  await measure(
    {
      call: "LendingPool.repay",
      scenario: "partial, WETH, after an hour of interest",
      anchors: null,
      note: "No repay anchor in the issue.",
    },
    hank,
    "LendingPool",
    lending,
    "repay",
    [parseEther("1"), hank[1].account.address],
  );
  await measure(
    { call: "LendingPool.repayEth", scenario: "partial, ETH", anchors: null },
    hank,
    "LendingPool",
    lending,
    "repayEth",
    [hank[1].account.address],
    parseEther("1"),
  );
  await measure(
    { call: "LendingPool.withdrawCollateral", scenario: "a tenth of the shares, LTV re-checked", anchors: null },
    hank,
    "LendingPool",
    lending,
    "withdrawCollateral",
    [vibeEth, hankShares / 10n, hank[1].account.address, hank[1].account.address],
  );
  await measure(
    { call: "LendingPool.withdraw", scenario: "lender, partial, WETH", anchors: null },
    frank,
    "LendingPool",
    lending,
    "withdraw",
    [parseEther("1"), frank[1].account.address],
  );
  await measure(
    { call: "LendingPool.withdrawEth", scenario: "lender, partial, ETH", anchors: null },
    frank,
    "LendingPool",
    lending,
    "withdrawEth",
    [parseEther("1"), frank[1].account.address],
  );

  // --- leverage ------------------------------------------------------------------------------------------------
  await measure(
    {
      call: "LendingPool.setDelegate",
      scenario: "approve the LeverageRouter (first)",
      anchors: null,
      note: "One mapping slot + event.",
    },
    dave,
    "LendingPool",
    lending,
    "setDelegate",
    [router, true],
  );
  await send(erin[1], "LendingPool", lending, "setDelegate", [router, true]);
  const openNote =
    "Flash borrow WETH, unwrap, stake equity + loan (WETH deposit + ERC-4626 deposit), supply the shares as collateral, record the debt; plus the router's own position record and previews.";
  await measure(
    {
      call: "LeverageRouter.openPosition",
      scenario: "3x, 1 ETH into qETH, first position",
      anchors: ["wethDeposit", "erc4626Deposit", "aaveSupply", "aaveFirstBorrow"],
      note: openNote,
    },
    dave,
    "LeverageRouter",
    router,
    "openPosition",
    [qEth, 30_000n, 0n],
    parseEther("1"),
  );
  await measure(
    {
      call: "LeverageRouter.openPosition",
      scenario: "5x (the LTV maximum), 1 ETH into qETH, first position",
      anchors: ["wethDeposit", "erc4626Deposit", "aaveSupply", "aaveFirstBorrow"],
      note: openNote,
    },
    erin,
    "LeverageRouter",
    router,
    "openPosition",
    [qEth, 50_000n, 0n],
    parseEther("1"),
  );
  const closeSpec: RowSpec = { call: "LeverageRouter.closePosition", scenario: "3x position in qETH", anchors: null };
  try {
    await publicClient.simulateContract({
      account: dave[1].account,
      address: router,
      abi: await abiOf("LeverageRouter"),
      functionName: "closePosition",
      args: [qEth, 0n],
    });
    await measure(closeSpec, dave, "LeverageRouter", router, "closePosition", [qEth, 0n]);
  } catch (err) {
    const why =
      err instanceof Error
        ? (/InstantRedemptionDisabled|reverted/.exec(err.message)?.[0] ?? err.message.split("\n")[0])
        : String(err);
    notMeasured(
      closeSpec,
      dave[0],
      `n/a: needs the unwinder (the pools have no instant exit; the call reverts: ${why})`,
    );
  }

  // --- governance: the 2-of-3 Safe ----------------------------------------------------------------------------
  await mined(
    await deployer[1].sendTransaction({
      account: deployer[1].account,
      chain: deployer[1].chain,
      to: safe,
      value: parseEther("1"),
    }),
    "fund the Safe",
  );
  const payout = await execAsMultisig(hre, safe, frank[1].account.address, "0x", owners, {
    value: parseEther("0.1"),
    executor: owners[0],
  });
  await record(
    {
      call: "Safe.execTransaction",
      scenario: "2-of-3, EIP-712 signatures, ETH payout",
      anchors: null,
      note: "Safe 1.4.1 (SafeL2): hash, 2 ecrecovers, nonce, inner call, SafeMultiSigTransaction event.",
    },
    "owner (#1)",
    payout.receipt,
  );

  // --- lending liquidation -----------------------------------------------------------------------------------------
  // ivan borrows close to the 80% LTV on xqbETH; the multisig then lowers xqbETH's risk parameters (LTV 50%,
  // liquidation threshold 70%), which puts ivan at HF ~0.89, and frank liquidates part of the debt.
  await send(ivan[1], "LiquidStakingPool", xqbEth, "depositEth", [ivan[1].account.address], parseEther("10"));
  const ivanShares = await read<bigint>("LiquidStakingPool", xqbEth, "balanceOf", [ivan[1].account.address]);
  await send(ivan[1], "LiquidStakingPool", xqbEth, "approve", [lending, maxUint256]);
  await send(ivan[1], "LendingPool", lending, "supplyCollateral", [xqbEth, ivanShares, ivan[1].account.address]);
  await send(ivan[1], "LendingPool", lending, "borrow", [
    parseEther("7.9"),
    ivan[1].account.address,
    ivan[1].account.address,
  ]);
  const c = LEVERAGE_PARAMS.collateral;
  const lower = encodeFunctionData({
    abi: await abiOf("LendingPool"),
    functionName: "setCollateralConfig",
    args: [xqbEth, 5_000, 7_000, c.liquidationBonusBps, c.supplyCap, true],
  });
  const riskChange = await execAsMultisig(hre, safe, lending, lower, owners, { executor: owners[0] });
  await record(
    {
      call: "Safe.execTransaction",
      scenario: "2-of-3, LendingPool.setCollateralConfig",
      anchors: null,
      note: "As above; the inner call accrues interest and rewrites a collateral config.",
    },
    "owner (#1)",
    riskChange.receipt,
  );
  await send(frank[1], "WETH9", weth, "deposit", [], parseEther("2"));
  await send(frank[1], "WETH9", weth, "approve", [lending, maxUint256]);
  await measure(
    {
      call: "LendingPool.liquidate",
      scenario: "HF ~0.89: repay 1 WETH, seize xqbETH + 5%",
      anchors: null,
      note: "No liquidation anchor in the issue.",
    },
    frank,
    "LendingPool",
    lending,
    "liquidate",
    [ivan[1].account.address, xqbEth, parseEther("1")],
  );

  return { deployment: Object.keys(deployment).length };
}

// ------------------------------------------------------------------------------------------------------
// report

const k = (n: number | null) => (n === null ? "—" : `${(n / 1000).toFixed(1)}k`);
const num = (n: number | null) => (n === null ? "—" : n.toLocaleString("en-US"));

function anchorText(r: GasRow) {
  if (!r.anchors) return "no anchor";
  const counts = new Map<AnchorKey, number>();
  for (const a of r.anchors) counts.set(a, (counts.get(a) ?? 0) + 1);
  return [...counts].map(([a, n]) => `${n > 1 ? `${n} x ` : ""}${ANCHORS[a].name}`).join(" + ");
}

function statusText(r: GasRow) {
  if (r.status === "n/a") return r.note.startsWith("n/a") ? r.note.split(" (")[0]! : "n/a";
  if (r.status === "no anchor") return "no anchor";
  const pct = Math.round((r.ratio! - 1) * 100);
  return r.status === "within" ? `within (${Math.round(r.ratio! * 100)}%)` : `**over (+${pct}%)**`;
}

function markdown(meta: Record<string, unknown>, summary: ReturnType<typeof summarise>) {
  const lines: string[] = [];
  lines.push("# Gas report");
  lines.push("");
  lines.push("Generated by `npm run bench:gas` (also the first step of `npm run bench`); do not edit by hand.");
  lines.push("");
  lines.push(`- Date: ${meta.date}`);
  lines.push(`- Compiler: solc ${meta.solc}, optimizer ${meta.optimizer}, evmVersion ${meta.evmVersion}`);
  lines.push(`- Chain: Hardhat ${meta.hardhat} in-process network (chain 31337), hardfork ${meta.hardfork}`);
  lines.push(
    "- How measured: a fresh in-process chain; `deploySuite` deploys everything and hands admin rights to the 2-of-3 " +
      "Safe (admin-only setup after that goes through `execAsMultisig`). Each call below is sent once from an ordinary " +
      "dev account in a realistic state (other users' positions, a seeded lending pool, streaming staking rewards), " +
      "first-time and repeat where first-time storage writes make them differ. Numbers are exact for this state.",
  );
  lines.push("- Gas terms:");
  lines.push("  - **total** = `receipt.gasUsed` (what the sender pays for, net of SSTORE refunds)");
  lines.push("  - **calldata** = 4 gas per zero byte + 16 gas per non-zero byte of the transaction input (EIP-2028)");
  lines.push(
    "  - **execution** = total − 21,000 (intrinsic base) − calldata (− 32,000 for a contract creation; there is none here)",
  );
  lines.push(
    "  - Under Prague and later a transaction pays at least 21,000 + 10 × calldata tokens (EIP-7623); none of these calls hit that floor" +
      (rows.some((r) => r.calldataFloorApplied) ? " **except those flagged ⚑**" : "") +
      ".",
  );
  lines.push(
    "- Budget: **1.2 × the sum of the anchors of the operations a call performs, in execution gas**, compared with the call's execution gas.",
  );
  lines.push("");
  lines.push("## Anchors (from issue 3)");
  lines.push("");
  lines.push("| Anchor | As given in the issue | Execution gas used here |");
  lines.push("|---|---|---|");
  for (const a of Object.values(ANCHORS)) lines.push(`| ${a.name} | ${a.source} | ${num(a.execution)} |`);
  lines.push("| Base transaction cost | 21,000 | subtracted from every total |");
  lines.push("");
  lines.push(
    "The ERC-20 mint anchor is the only one given in total gas: its upper end (53.8k) minus the 21,000 base is used as " +
      "execution gas. Its calldata is not given and is not subtracted (about 0.6k for `mint(address,uint256)`), so budgets " +
      "containing it lean that much in our favour. The figures are the issue's; they are not re-measured here.",
  );
  lines.push("");
  lines.push(
    "Which anchors a call performs: the operations it carries out, mechanically (two ERC-20 mints count twice; a wrap of " +
      "native ETH is a WETH deposit; pulling a token into a vault and crediting the depositor is an ERC-4626 deposit; " +
      "depositing collateral into a lending position is an Aave supply; taking debt against collateral at an oracle price " +
      "is an Aave borrow; a transfer or burn has a mint's storage shape). Calls with no matching anchor (withdrawals, " +
      "repayments, liquidations, claims, the bridge, the Safe) say **no anchor** rather than borrow one that does not fit.",
  );
  lines.push("");
  lines.push("## Paid once by the deploy");
  lines.push("");
  lines.push(
    "Turning a zero storage slot non-zero costs 20,000 gas; some slots are zero only until the very first use of a " +
      "deployment (a token's total supply, the ETH minter's vault position, the vault's USDC balance). The deploy " +
      "(`scripts/lib/deploy-first-writes.ts`) makes one small ordinary call on each of those paths, so no user pays " +
      "that one-off; the calls below are measured on the state it leaves. What it sent, on this chain:",
  );
  lines.push("");
  for (const w of deployFirstWrites) lines.push(`- ${w}`);
  lines.push("");
  lines.push("## Calls");
  lines.push("");
  lines.push(
    "| Call | Scenario | From | Total | Calldata | Execution | Anchor operations | Anchor sum | Budget (1.2×) | Verdict |",
  );
  lines.push("|---|---|---|---:|---:|---:|---|---:|---:|---|");
  for (const r of rows) {
    lines.push(
      `| \`${r.call}\` | ${r.scenario} | ${r.from} | ${num(r.totalGas)} | ${num(r.calldataGas)} | ${num(r.executionGas)}${r.calldataFloorApplied ? " ⚑" : ""} | ${anchorText(r)} | ${k(r.anchorSum)} | ${k(r.budget)} | ${statusText(r)} |`,
    );
  }
  lines.push("");
  lines.push(
    `Summary: ${summary.within} within budget, ${summary.over} over, ${summary.noAnchor} without an anchor, ${summary.notMeasured} not measurable yet.`,
  );
  lines.push("");
  lines.push("## Notes per call");
  lines.push("");
  const seen = new Set<string>();
  for (const r of rows) {
    if (!r.note || seen.has(r.call + r.note)) continue;
    seen.add(r.call + r.note);
    lines.push(`- \`${r.call}\` (${r.scenario}): ${r.note}`);
  }
  if (summary.overRows.length > 0) {
    lines.push("");
    lines.push("## Over budget");
    lines.push("");
    for (const o of summary.overRows)
      lines.push(
        `- \`${o.call}\` (${o.scenario}): ${num(o.executionGas)} execution vs ${num(o.budget)} budget (${anchorText(o)}), +${Math.round((o.ratio! - 1) * 100)}%`,
      );
  }
  lines.push("");
  return lines.join("\n");
}

function summarise() {
  const overRows = rows.filter((r) => r.status === "over");
  return {
    calls: rows.length,
    within: rows.filter((r) => r.status === "within").length,
    over: overRows.length,
    noAnchor: rows.filter((r) => r.status === "no anchor").length,
    notMeasured: rows.filter((r) => r.status === "n/a").length,
    overRows,
  };
}

/** The commit measured (null outside a git checkout); "+dirty" when the work tree differs from it. */
function currentCommit(): string | null {
  try {
    const sha = execFileSync("git", ["rev-parse", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();
    const dirty =
      execFileSync("git", ["status", "--porcelain", "--", "contracts"], { cwd: ROOT, encoding: "utf8" }).trim() !== "";
    return dirty ? `${sha}+dirty` : sha;
  } catch {
    return null;
  }
}

/**
 * docs/gas-report.json: the data behind docs/GAS.md in the shape api/src/features/mainnet-readiness reads.
 * `within`: true/false against the budget; null when the call has no anchor or could not be measured.
 */
function gasReport(measuredAt: string, budgetFactor: number) {
  return {
    measuredAt,
    commit: currentCommit(),
    budgetRule: `budget = ${budgetFactor} x the sum of the anchors' execution gas; execution = gasUsed - 21000 - calldata`,
    source: "npm run bench:gas (scripts/bench-gas.ts); the table is docs/GAS.md",
    rows: rows.map((r) => ({
      call: r.call,
      scenario: r.scenario,
      executionGas: r.executionGas,
      budget: r.budget,
      within: r.status === "within" ? true : r.status === "over" ? false : null,
    })),
  };
}

async function main() {
  const t0 = performance.now();
  await run();
  const compiler = hre.config.solidity.compilers[0]!;
  const opt = compiler.settings?.optimizer as { enabled?: boolean; runs?: number } | undefined;

  const hardhatVersion: string = require("hardhat/package.json").version;
  const meta = {
    date: new Date().toISOString(),
    solc: compiler.version,
    optimizer: opt?.enabled ? `enabled, ${opt.runs} runs` : "disabled",
    evmVersion: (compiler.settings?.evmVersion as string | undefined) ?? "default",
    hardhat: hardhatVersion,
    hardfork: hre.config.networks.hardhat.hardfork,
    budgetFactor: BUDGET_FACTOR,
    basis: "execution gas = gasUsed - 21000 - calldata (4/zero byte, 16/non-zero byte) - 32000 if creation",
  };
  const summary = summarise();
  mkdirSync(path.join(ROOT, ".bench"), { recursive: true });
  writeFileSync(
    path.join(ROOT, ".bench/gas.json"),
    JSON.stringify(
      {
        meta,
        anchors: ANCHORS,
        summary: { ...summary, overRows: summary.overRows.map((r) => `${r.call} (${r.scenario})`) },
        rows,
      },
      null,
      2,
    ),
  );
  writeFileSync(path.join(ROOT, "docs/GAS.md"), markdown(meta, summary));
  writeFileSync(
    path.join(ROOT, "docs/gas-report.json"),
    `${JSON.stringify(gasReport(meta.date, meta.budgetFactor), null, 2)}\n`,
  );

  const w = Math.max(...rows.map((r) => `${r.call} (${r.scenario})`.length));
  for (const r of rows) {
    console.log(
      `${`${r.call} (${r.scenario})`.padEnd(w)}  total ${num(r.totalGas).padStart(7)}  exec ${num(r.executionGas).padStart(7)}  ${statusText(r).replace(/\*/g, "")}`,
    );
  }
  console.log(
    `gas: ${summary.calls} calls; ${summary.within} within budget, ${summary.over} over, ${summary.noAnchor} no anchor, ${summary.notMeasured} n/a` +
      ` (${((performance.now() - t0) / 1000).toFixed(1)} s). Written to docs/GAS.md, docs/gas-report.json and .bench/gas.json`,
  );
  for (const o of summary.overRows) console.log(`  OVER ${o.call} (${o.scenario}): ${o.executionGas} > ${o.budget}`);
}

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
