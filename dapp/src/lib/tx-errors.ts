// Any error a page can meet (the wallet, the chain, the API) turned into words for a person: what kind
// of failure it is, whose fault, and whether trying again can help. Contract reverts are decoded against
// the generated ABIs, so a custom error reads "Minimum for qETH is 0.001 ETH", never as a hex blob.
import { decodeErrorResult, formatEther, formatUnits, getAddress, isHex, type Abi, type Hex } from "viem";
import {
  LendingPoolAbi,
  LeverageRouterAbi,
  LiquidityBufferUnwinderAbi,
  LiquidStakingPoolAbi,
  XQBMinterAbi,
} from "../../../contracts/generated/abis";
import { describeApiFailure, describeUnknown, type TxErrorView } from "./api-errors";
import { deployments } from "./contracts";
import { shortenHex } from "./format";
import { isUserRejection } from "./wallet-errors";

export type { TxErrorKind, TxErrorView } from "./api-errors";

/** The contract family a deploy-map entry belongs to (three staking pools share one ABI). */
export type ContractKind =
  "LiquidStakingPool" | "LendingPool" | "LeverageRouter" | "LiquidityBufferUnwinder" | "XQBMinter";

const ABIS: Record<ContractKind, Abi> = {
  LiquidStakingPool: LiquidStakingPoolAbi as Abi,
  LendingPool: LendingPoolAbi as Abi,
  LeverageRouter: LeverageRouterAbi as Abi,
  LiquidityBufferUnwinder: LiquidityBufferUnwinderAbi as Abi,
  XQBMinter: XQBMinterAbi as Abi,
};

const localMap: Record<string, { address: string; abi: unknown }> = deployments[31337];

/** "qETH" -> LiquidStakingPool; "LendingPool" -> LendingPool; unknown names -> undefined. */
export function contractKindOf(contract: string | undefined): ContractKind | undefined {
  if (!contract) return undefined;
  if (contract in ABIS) return contract as ContractKind;
  const entry = localMap[contract];
  if (!entry) return undefined;
  return (Object.keys(ABIS) as ContractKind[]).find((k) => ABIS[k] === entry.abi);
}

/** A deployed contract's name for an address ("qETH"), or the short address. */
function nameOfAddress(address: unknown): string {
  if (typeof address !== "string") return String(address);
  const lower = address.toLowerCase();
  const found = Object.entries(localMap).find(([, c]) => c.address.toLowerCase() === lower);
  return found ? found[0] : shortenHex(safeChecksum(address));
}
const safeChecksum = (a: string) => {
  try {
    return getAddress(a);
  } catch {
    return a;
  }
};

export type TxErrorContext = {
  /** The deploy-map name of the contract the call went to ("qETH", "LendingPool", "XQBMinter"). */
  contract?: string;
};

// ---- revert decoding --------------------------------------------------------------------------------

type Decoded = { errorName: string; args: Record<string, unknown>; contract: string | undefined };

/** Walks the cause chain for revert data: viem's decoded ContractFunctionRevertedError, or raw hex. */
function findRevert(error: unknown): { decoded?: { errorName: string; args: readonly unknown[] }; raw?: Hex } | null {
  let raw: Hex | undefined;
  for (
    let e: unknown = error, depth = 0;
    e && typeof e === "object" && depth < 12;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const o = e as { name?: unknown; data?: unknown; raw?: unknown };
    if (o.name === "ContractFunctionRevertedError") {
      const d = o.data as { errorName?: string; args?: readonly unknown[] } | undefined;
      if (typeof o.raw === "string" && isHex(o.raw) && o.raw.length >= 10) raw ??= o.raw;
      if (d?.errorName && !raw) return { decoded: { errorName: d.errorName, args: d.args ?? [] } };
    }
    if (typeof o.data === "string" && isHex(o.data) && o.data.length >= 10) raw ??= o.data;
    else if (o.data && typeof o.data === "object" && typeof (o.data as { data?: unknown }).data === "string") {
      const inner = (o.data as { data: string }).data;
      if (isHex(inner) && inner.length >= 10) raw ??= inner;
    }
  }
  return raw ? { raw } : null;
}

/** Decodes revert data against the named contract's ABI first, then every other: the selector decides. */
export function decodeRevert(data: Hex, contract?: string): Decoded | null {
  const first = contractKindOf(contract);
  const order = [...(first ? [first] : []), ...(Object.keys(ABIS) as ContractKind[]).filter((k) => k !== first)];
  for (const kind of order) {
    try {
      const result = decodeErrorResult({ abi: ABIS[kind], data });
      const inputs = (result.abiItem as { inputs?: readonly { name?: string }[] }).inputs ?? [];
      const list = (result.args ?? []) as readonly unknown[];
      const args: Record<string, unknown> = {};
      inputs.forEach((input, i) => (args[input.name || String(i)] = list[i]));
      list.forEach((v, i) => (args[String(i)] = v));
      return { errorName: result.errorName, args, contract: kind === first ? contract : kind };
    } catch {
      // not this ABI's selector
    }
  }
  return null;
}

/** viem decoded it already (with the ABI given to writeContract): give its args their ABI names. */
function nameArgs(errorName: string, list: readonly unknown[], contract: string | undefined) {
  const kind = contractKindOf(contract);
  const abis = kind ? [ABIS[kind], ...Object.values(ABIS)] : Object.values(ABIS);
  const item = abis
    .flatMap((abi) => abi)
    .find((i) => i.type === "error" && i.name === errorName && i.inputs.length === list.length) as
    { inputs: readonly { name?: string }[] } | undefined;
  const args: Record<string, unknown> = {};
  item?.inputs.forEach((input, i) => (args[input.name || String(i)] = list[i]));
  list.forEach((v, i) => (args[String(i)] = v));
  return { errorName, args };
}

const eth = (wei: unknown) => (typeof wei === "bigint" ? `${formatEther(wei)} ETH` : String(wei));
const tokens = (raw: unknown) => (typeof raw === "bigint" ? formatUnits(raw, 18) : String(raw));
const leverage = (bps: unknown) => (typeof bps === "bigint" ? `${Number(bps) / 10_000}x` : String(bps));
const duration = (seconds: unknown) => {
  const s = Number(seconds);
  if (!Number.isFinite(s)) return String(seconds);
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.ceil((s % 3600) / 60);
  return d > 0 ? `${d} d ${h} h` : h > 0 ? `${h} h ${m} min` : `${m} min`;
};
const when = (unixSeconds: unknown) => new Date(Number(unixSeconds) * 1000).toLocaleString();
const healthFactor = (wad: unknown) =>
  typeof wad === "bigint" ? Number(formatUnits(wad, 18)).toFixed(2) : String(wad);

/** How a contract is named in a sentence: the staking pools by their token, the minter by what it does. */
function displayName(contract: string | undefined): string {
  if (!contract) return "the contract";
  if (contract === "XQBMinter") return "an XQB mint";
  if (contract === "LiquidStakingPool") return "this staking pool";
  return contract;
}

type Words = { title: string; message: string; retryable?: boolean };
type Describe = (a: Record<string, unknown>, name: string, contract: string | undefined) => Words;

/** Words per custom error of LiquidStakingPool, LendingPool, LeverageRouter, LiquidityBufferUnwinder, XQBMinter (and what they inherit). */
const CUSTOM_ERRORS: Record<string, Describe> = {
  // amounts and minimums
  ZeroAmount: () => ({ title: "Amount is zero", message: "The amount must be greater than 0" }),
  BelowMinimumDeposit: (a, name) => ({
    title: "Below the minimum",
    message: `Minimum for ${name} is ${eth(a.minimum)} (you sent ${eth(a.assets ?? a.sent)})`,
  }),
  SeedBelowMinimum: (a, name) => ({
    title: "Seed below the minimum",
    message: `The first deposit of ${name} must be at least ${eth(a.minimum)} (sent ${eth(a.sent)})`,
  }),
  ZeroShares: (a, name) => ({
    title: "Amount too small",
    message: `${eth(a.assets)} is too small to buy a single share of ${name}`,
  }),
  ZeroAddress: () => ({ title: "Empty address", message: "An address given to the contract was empty (0x0)" }),
  ZeroRecipient: () => ({ title: "No recipient", message: "The recipient address is empty" }),
  // staking pool exits
  InstantRedemptionDisabled: (_a, name) => ({
    title: "No instant exit",
    message: `${name} has no instant redemption: request a withdrawal and claim it after the delay`,
  }),
  InsufficientShares: (a, name, contract) =>
    contractKindOf(contract) === "LendingPool"
      ? {
          title: "Not enough pool shares",
          message: `You hold ${tokens(a.balance)} pool shares; this needs ${tokens(a.needed)}`,
        }
      : {
          title: "Not enough shares",
          message: `You asked for ${tokens(a.requested)} ${name} but hold ${tokens(a.balance)}`,
        },
  UnknownRequest: (a) => ({
    title: "Unknown request",
    message: `Withdrawal request #${String(a.requestId)} does not exist`,
  }),
  NotRequestOwner: (a) => ({
    title: "Not your request",
    message: `Withdrawal request #${String(a.requestId)} belongs to ${nameOfAddress(a.owner)}, not to ${nameOfAddress(a.caller)}`,
  }),
  AlreadyClaimed: (a) => ({
    title: "Already claimed",
    message: `Withdrawal request #${String(a.requestId)} was already claimed`,
  }),
  WithdrawalNotReady: (a) => ({
    title: "Not claimable yet",
    message: `Withdrawal request #${String(a.requestId)} can be claimed in ${duration(a.secondsLeft)}`,
    retryable: true,
  }),
  EthTransferFailed: (a) => ({
    title: "ETH transfer failed",
    message:
      a.to !== undefined
        ? `Sending ${eth(a.amount)} to ${nameOfAddress(a.to)} failed`
        : "Sending ETH to the receiver failed",
  }),
  DirectEthNotAccepted: (_a, name) => ({
    title: "Plain ETH refused",
    message: `${name} does not take plain ETH transfers; use its deposit`,
  }),
  UnexpectedEthSender: (a) => ({ title: "Unexpected ETH", message: `ETH from ${nameOfAddress(a.sender)} was refused` }),
  NoSurplus: () => ({ title: "No surplus", message: "There is no surplus WETH to sweep" }),
  LossTooLarge: (a) => ({
    title: "Loss too large",
    message: `A loss of ${eth(a.amount)} is above the ${eth(a.maximum)} allowed per report`,
  }),
  InvalidConfig: () => ({ title: "Invalid configuration", message: "The contract's configuration is invalid" }),
  // pause, roles, reentrancy (OpenZeppelin)
  EnforcedPause: (_a, name) => ({
    title: "Paused",
    message: `${name} is paused by its administrators; try again later`,
    retryable: true,
  }),
  ExpectedPause: (_a, name) => ({ title: "Not paused", message: `${name} must be paused for this` }),
  AccessControlUnauthorizedAccount: (a) => ({
    title: "Not allowed",
    message: `${nameOfAddress(a.account)} lacks the role this call needs`,
  }),
  AccessControlBadConfirmation: () => ({
    title: "Not allowed",
    message: "A role can only be renounced by its own holder",
  }),
  ReentrancyGuardReentrantCall: () => ({
    title: "Re-entered",
    message: "A call re-entered the contract and was refused",
  }),
  SafeERC20FailedOperation: (a) => ({
    title: "Token transfer failed",
    message: `A transfer of ${nameOfAddress(a.token)} failed`,
  }),
  SafeCastOverflowedUintDowncast: () => ({
    title: "Amount too large",
    message: "An amount is too large for the contract to store",
  }),
  // ERC-20 / ERC-4626
  ERC20InsufficientBalance: (a) => ({
    title: "Balance too low",
    message: `You have ${tokens(a.balance)}; this needs ${tokens(a.needed)}`,
  }),
  ERC20InsufficientAllowance: (a) => ({
    title: "Approval too low",
    message: `${nameOfAddress(a.spender)} may spend ${tokens(a.allowance)}; this needs ${tokens(a.needed)}: approve first`,
  }),
  ERC20InvalidApprover: () => ({ title: "Invalid approver", message: "The approving address is empty" }),
  ERC20InvalidReceiver: (a) => ({
    title: "Invalid receiver",
    message: `Tokens cannot be sent to ${nameOfAddress(a.receiver)}`,
  }),
  ERC20InvalidSender: (a) => ({
    title: "Invalid sender",
    message: `Tokens cannot be sent from ${nameOfAddress(a.sender)}`,
  }),
  ERC20InvalidSpender: (a) => ({ title: "Invalid spender", message: `${nameOfAddress(a.spender)} cannot be approved` }),
  ERC4626ExceededMaxDeposit: (a, name) => ({
    title: "Deposit too large",
    message: `${name} accepts at most ${eth(a.max)} now; you sent ${eth(a.assets)}`,
  }),
  ERC4626ExceededMaxMint: (a, name) => ({
    title: "Mint too large",
    message: `${name} mints at most ${tokens(a.max)} shares now; asked for ${tokens(a.shares)}`,
  }),
  ERC4626ExceededMaxRedeem: (a, name) => ({
    title: "Redeem too large",
    message: `${name} redeems at most ${tokens(a.max)} shares now; asked for ${tokens(a.shares)}`,
  }),
  ERC4626ExceededMaxWithdraw: (a, name) => ({
    title: "Withdrawal too large",
    message: `${name} pays out at most ${eth(a.max)} now; asked for ${eth(a.assets)}`,
  }),
  // lending pool
  NotAuthorized: (a) => ({
    title: "Not authorised",
    message: `${nameOfAddress(a.caller)} may not act for ${nameOfAddress(a.account)}: set it as your delegate first`,
  }),
  InsufficientLiquidity: (a) => ({
    title: "Not enough liquidity",
    message: `The pool has ${eth(a.available)} to lend; this needs ${eth(a.requested)}`,
    retryable: true,
  }),
  InsufficientCollateral: (a) => ({
    title: "Not enough collateral",
    message: `You have ${tokens(a.balance)} ${nameOfAddress(a.token)} posted; this needs ${tokens(a.requested)}`,
  }),
  BorrowLimitExceeded: (a) => ({
    title: "Borrow limit exceeded",
    message: `The debt would be ${eth(a.debt)}, above your borrow limit of ${eth(a.borrowLimit)}`,
  }),
  CollateralNotListed: (a) => ({
    title: "Not a collateral",
    message: `${nameOfAddress(a.token)} is not listed as collateral`,
  }),
  CollateralDisabled: (a) => ({
    title: "Collateral disabled",
    message: `${nameOfAddress(a.token)} is disabled as collateral`,
  }),
  SupplyCapExceeded: (a) => ({
    title: "Supply cap reached",
    message: `${nameOfAddress(a.token)}'s collateral cap is ${tokens(a.cap)}; this would make it ${tokens(a.totalAfter)}`,
  }),
  CollateralAssetMismatch: (a) => ({
    title: "Wrong collateral",
    message: `${nameOfAddress(a.token)} is not a vault over the pool's asset`,
  }),
  InvalidCollateralConfig: () => ({
    title: "Invalid collateral settings",
    message: "The LTV, liquidation threshold and bonus do not fit together",
  }),
  TooManyCollaterals: () => ({
    title: "Too many collaterals",
    message: "The pool lists as many collaterals as it can",
  }),
  InvalidRateModel: () => ({ title: "Invalid rate model", message: "The interest-rate settings are invalid" }),
  InvalidReserveFactor: (a) => ({
    title: "Invalid reserve factor",
    message: `A reserve factor of ${Number(a.bps) / 100}% is not allowed`,
  }),
  InsufficientReserves: (a) => ({
    title: "Not enough reserves",
    message: `The reserves hold ${eth(a.available)}; asked for ${eth(a.requested)}`,
  }),
  NoDebt: () => ({ title: "No debt", message: "There is no debt to repay" }),
  PositionHealthy: (a) => ({
    title: "Position is healthy",
    message: `Health factor ${healthFactor(a.healthFactor)}: only positions below 1.00 can be liquidated`,
  }),
  NoCollateral: (a) => ({
    title: "No such collateral",
    message: `${nameOfAddress(a.borrower)} has no ${nameOfAddress(a.token)} posted`,
  }),
  LiquidationTooSmall: () => ({ title: "Liquidation too small", message: "The amount to liquidate is too small" }),
  HookActive: () => ({
    title: "Flash operation in progress",
    message: "The pool is inside a flash operation; try again",
    retryable: true,
  }),
  // leverage router
  LeverageOutOfRange: (a) => ({
    title: "Leverage out of range",
    message: `Leverage ${leverage(a.leverageBps)} is outside ${leverage(a.minBps)} – ${leverage(a.maxBps)}`,
  }),
  LeverageAboveLtvLimit: (a) => ({
    title: "Leverage too high",
    message: `Leverage ${leverage(a.leverageBps)} is above the ${leverage(a.maxLeverageBps)} the pool's LTV allows`,
  }),
  LeverageUnreachable: (a) => ({
    title: "Leverage unreachable",
    message: `${leverage(a.leverageBps)} cannot be reached with ${nameOfAddress(a.lst)} now`,
  }),
  CollateralNotEnabled: (a) => ({
    title: "Collateral not enabled",
    message: `${nameOfAddress(a.lst)} is not enabled as collateral`,
  }),
  RouterNotDelegate: () => ({
    title: "Router not allowed",
    message: "Allow the router to act for you first (the delegate step), then open the position",
  }),
  InsufficientCollateralOut: (a) => ({
    title: "Price moved",
    message: `It would get ${tokens(a.shares)} shares, below your minimum of ${tokens(a.minShares)}`,
    retryable: true,
  }),
  InsufficientEthOut: (a) => ({
    title: "Price moved",
    message: `It would return ${eth(a.ethOut)}, below your minimum of ${eth(a.minEthOut)}`,
    retryable: true,
  }),
  InsufficientUnwindProceeds: (a) => ({
    title: "Sale does not cover the debt",
    message: `Selling the collateral gives ${eth(a.available)} but ${eth(a.owed)} is owed`,
  }),
  NoPosition: (a) => ({ title: "No position", message: `There is no open position in ${nameOfAddress(a.lst)}` }),
  UnauthorizedCallback: (a) => ({
    title: "Unauthorised callback",
    message: `${nameOfAddress(a.caller)} may not call back into the router`,
  }),
  // liquidity buffer unwinder
  FeeTooHigh: (a) => ({
    title: "Fee too high",
    message: `A fee of ${Number(a.feeBps) / 100}% is above the ${Number(a.maxFeeBps) / 100}% maximum`,
  }),
  PoolAssetMismatch: (a) => ({
    title: "Wrong pool",
    message: `${nameOfAddress(a.pool)} is not over the buffer's asset`,
  }),
  UnsupportedPool: (a) => ({ title: "Unsupported pool", message: `${nameOfAddress(a.pool)} has no instant exit` }),
  PoolPaused: (a) => ({
    title: "Pool paused",
    message: `${nameOfAddress(a.pool)} is paused, so no exit can be queued now`,
    retryable: true,
  }),
  InsufficientBufferLiquidity: (a) => ({
    title: "Exit buffer too small",
    message: `The instant-exit buffer holds ${eth(a.available)}; this needs ${eth(a.needed)}. Try a smaller amount or later`,
    retryable: true,
  }),
  UnknownClaim: (a) => ({
    title: "Unknown claim",
    message: `${nameOfAddress(a.pool)} has no claim #${String(a.requestId)}`,
  }),
  ClaimNotMatured: (a) => ({
    title: "Claim not matured",
    message: `Claim #${String(a.requestId)} matures at ${when(a.claimableAt)}`,
    retryable: true,
  }),
  ClaimShortfall: (a) => ({
    title: "Claim short",
    message: `Claim #${String(a.requestId)} paid ${eth(a.received)}, expected ${eth(a.expected)}`,
  }),
  // XQB minter (the vault's errors are declared on it too)
  InvalidPrice: () => ({
    title: "Invalid price",
    message: "The ETH/USD price the minter read is invalid",
    retryable: true,
  }),
  StalePrice: (a) => ({
    title: "Price is stale",
    message: `The ETH/USD price was last updated at ${when(a.updatedAt)}, older than the ${duration(a.maxPriceAge)} allowed; try again later`,
    retryable: true,
  }),
  NonPositivePrice: (a) => ({
    title: "Invalid price",
    message: `The ETH/USD feed answered ${String(a.answer)}`,
    retryable: true,
  }),
  // Solidity built-ins
  Error: (a) => ({ title: "The contract refused", message: String(a.message ?? a[0] ?? "no reason given") }),
  Panic: (a) => ({
    title: "The contract failed",
    message: `Panic code ${String(a.code ?? a[0])} (an assertion, overflow or division by zero)`,
  }),
};

function describeRevert(
  decoded: { errorName: string; args: Record<string, unknown> },
  contract: string | undefined,
): TxErrorView {
  const words = CUSTOM_ERRORS[decoded.errorName]?.(decoded.args, displayName(contract), contract) ?? {
    title: "The contract refused",
    message: `${decoded.errorName}(${Object.entries(decoded.args)
      .filter(([k]) => !/^\d+$/.test(k))
      .map(([k, v]) => `${k}: ${String(v)}`)
      .join(", ")})`,
  };
  return {
    kind: "revert",
    title: words.title,
    message: words.message,
    retryable: words.retryable ?? false,
    errorName: decoded.errorName,
  };
}

// ---- the one entry point -----------------------------------------------------------------------------

function chainHas(error: unknown, test: (e: Record<string, unknown>) => boolean): boolean {
  for (
    let e: unknown = error, depth = 0;
    e && typeof e === "object" && depth < 12;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    if (test(e as Record<string, unknown>)) return true;
  }
  return false;
}
const textOf = (e: Record<string, unknown>) =>
  `${String(e.shortMessage ?? "")} ${String(e.message ?? "")} ${String(e.details ?? "")}`;

/** What went wrong, in words, with whose fault it is and whether a retry can help. */
export function describeTxError(error: unknown, context: TxErrorContext = {}): TxErrorView {
  if (isUserRejection(error)) {
    return {
      kind: "rejected",
      title: "Rejected in your wallet",
      message: "You rejected the request in your wallet; nothing was sent.",
      retryable: true,
    };
  }
  const apiFailure = describeApiFailure(error);
  if (apiFailure) return apiFailure;

  const revert = findRevert(error);
  if (revert) {
    if (revert.decoded)
      return describeRevert(
        nameArgs(revert.decoded.errorName, revert.decoded.args, context.contract),
        context.contract,
      );
    const decoded = revert.raw ? decodeRevert(revert.raw, context.contract) : null;
    if (decoded) return describeRevert(decoded, decoded.contract);
    return {
      kind: "revert",
      title: "The contract refused",
      message: `The contract reverted with data it does not declare (${shortenHex(revert.raw ?? "0x", 10, 0)})`,
      retryable: false,
    };
  }
  if (chainHas(error, (e) => e.name === "InsufficientFundsError" || /insufficient funds/i.test(textOf(e)))) {
    return {
      kind: "insufficient-funds",
      title: "Not enough ETH",
      message: "Your wallet does not hold enough ETH for the amount plus gas.",
      retryable: false,
    };
  }
  if (
    chainHas(
      error,
      (e) =>
        e.name === "ChainMismatchError" ||
        e.name === "SwitchChainError" ||
        e.code === 4902 ||
        e.name === "ChainNotConfiguredError",
    )
  ) {
    return {
      kind: "wrong-chain",
      title: "Wrong network",
      message: "Your wallet is on another network, or does not know this one; switch it and try again.",
      retryable: true,
    };
  }
  if (chainHas(error, (e) => e.name === "WaitForTransactionReceiptTimeoutError")) {
    return {
      kind: "timeout",
      title: "Not confirmed yet",
      message: "The transaction was sent but no receipt came in time; it may still be mined.",
      retryable: true,
    };
  }
  if (
    chainHas(
      error,
      (e) =>
        e.name === "HttpRequestError" ||
        e.name === "WebSocketRequestError" ||
        e.name === "TimeoutError" ||
        (e.code === -32000 && /restarting|starting/i.test(textOf(e))) ||
        /failed to fetch|fetch failed|ECONNREFUSED|network error|could not coalesce|chain restarting/i.test(textOf(e)),
    )
  ) {
    return {
      kind: "node-unreachable",
      title: "The chain's node is not reachable",
      message:
        "Your wallet could not reach the chain's node. Nothing is wrong with your input; try again when the node is back.",
      retryable: true,
    };
  }
  if (chainHas(error, (e) => e.name === "ContractFunctionRevertedError" || /execution reverted/i.test(textOf(e)))) {
    return {
      kind: "revert",
      title: "The contract refused",
      message: "The contract reverted without saying why.",
      retryable: false,
    };
  }
  return describeUnknown(error);
}
