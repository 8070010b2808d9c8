// The invariants checked after every action of a random sequence, plus the action-specific checks
// (mint ratio, borrow health factor, liquidation bad-debt bounds). Each failure throws an InvariantError
// whose message says what was expected and what was read; the property prints it with the sequence.
import { formatEther, getAddress, keccak256, toHex, type Address, type Log } from "viem";
import { ACTOR_NAMES, POOLS, ethBalance, readAll, trackedTokens, type Call, type World } from "./world";

export class InvariantError extends Error {
  override name = "InvariantError";
}
export function check(cond: boolean, msg: () => string): asserts cond {
  if (!cond) throw new InvariantError(msg());
}

export const BPS = 10_000n;
export const WAD = 10n ** 18n;
export const MIN_RATIO_BPS = 15_000n;
/** TreasuryVault.LIQUIDATION_BONUS_BPS and the LendingPool's per-LST liquidationBonusBps (deploy default). */
export const VAULT_BONUS_BPS = 500n;
export const LENDING_BONUS_BPS = 500n;

/** Everything an invariant run needs to remember across actions. */
export interface Model {
  /** Per tracked token: every address that ever held it (deploy-time holders + every Transfer `to` since). */
  holders: Map<Address, Set<Address>>;
  /** Per pool: withdrawal requests made during the run. */
  requests: Record<string, { id: bigint; owner: Address; claimed: boolean }[]>;
  /** Bad debt the LendingPool reported through BadDebtWrittenOff since the snapshot (baseline included). */
  lendingBadDebt: bigint;
  lendingSocialized: bigint;
}

const TRANSFER_TOPIC = keccak256(toHex("Transfer(address,address,uint256)"));

/** Adds every Transfer recipient of a tracked token in `logs` to the model's holder sets. */
export function trackHolders(model: Model, logs: readonly Log[]) {
  for (const l of logs) {
    if (l.topics[0] !== TRANSFER_TOPIC || l.topics.length !== 3) continue;
    const set = model.holders.get(getAddress(l.address));
    if (set) set.add(getAddress(`0x${l.topics[2]!.slice(26)}`));
  }
}

export interface PositionView {
  ethCollateral: bigint;
  usdcCollateral: bigint;
  collateralValueUsd: bigint;
  debt: bigint;
  collateralRatioBps: bigint;
  healthy: boolean;
  liquidatable: boolean;
  maxMintable: bigint;
}
export interface AccountData {
  collateralValue: bigint;
  borrowLimit: bigint;
  liquidationValue: bigint;
  debt: bigint;
  healthFactor: bigint;
}

/** USD (18 decimals) by which a vault position's debt exceeds its collateral value at the current price. */
export const shortfall = (p: PositionView) => (p.debt > p.collateralValueUsd ? p.debt - p.collateralValueUsd : 0n);

/**
 * The global invariants, read in two batched eth_calls:
 *  1. totalSupply == sum of balanceOf over every address that ever held the token, for XQB, XQBUSD and the
 *     three pool share tokens;
 *  2. each liquid-staking pool can pay everyone: sum over holders of previewRedeem(balance) + pendingWithdrawals
 *     <= WETH it holds minus surplus() (WETH nobody is owed); and its books add up exactly:
 *     WETH held == totalAssets + pendingWithdrawals + rewardsRemaining + surplus, surplus == 0 (no donations);
 *  3. XQBUSD totalSupply == sum of the positions' debts (actors + the ETH minter), and the ETH and USDC the
 *     vault holds equal the sums of the positions' collateral (the vault's totals are read from exactly
 *     these, so they are checked too);
 *  4. LendingPool: no hidden bad debt: every account with debt still has collateral (bad debt is only ever
 *     removed through a recorded write-off); totalBadDebt and totalSocializedLoss equal the sums of the
 *     BadDebtWrittenOff events seen; collateral books match (sum of collateralOf == totalCollateral <= shares
 *     held) and the WETH held covers `cash`.
 */
export async function checkGlobal(w: World, model: Model): Promise<void> {
  const calls: Call[] = [];
  const at = (c: Call) => calls.push(c) - 1;
  const tokens = trackedTokens(w).map((t) => {
    const holders = [...model.holders.get(t.address)!];
    return {
      ...t,
      holders,
      supply: at({ to: t.address, abi: w.abis.xqb, fn: "totalSupply" }),
      balances: holders.map((h) => at({ to: t.address, abi: w.abis.xqb, fn: "balanceOf", args: [h] })),
    };
  });
  const pools = POOLS.map((p) => {
    const to = w.addr.pools[p];
    return {
      name: p,
      to,
      totalAssets: at({ to, abi: w.abis.pool, fn: "totalAssets" }),
      pending: at({ to, abi: w.abis.pool, fn: "pendingWithdrawals" }),
      rewards: at({ to, abi: w.abis.pool, fn: "rewardsRemaining" }),
      surplus: at({ to, abi: w.abis.pool, fn: "surplus" }),
      held: at({ to: w.addr.weth, abi: w.abis.weth, fn: "balanceOf", args: [to] }),
      lendingTotal: at({ to: w.addr.lending, abi: w.abis.lending, fn: "totalCollateral", args: [to] }),
      lendingHeld: at({ to, abi: w.abis.pool, fn: "balanceOf", args: [w.addr.lending] }),
      collateralOf: ACTOR_NAMES.map((a) =>
        at({ to: w.addr.lending, abi: w.abis.lending, fn: "collateralOf", args: [w.actors[a], to] }),
      ),
    };
  });
  const v = w.addr.vault;
  const va = w.abis.vault;
  const vault = {
    totalDebt: at({ to: v, abi: va, fn: "totalDebt" }),
    totalEth: at({ to: v, abi: va, fn: "totalEthCollateral" }),
    totalUsdc: at({ to: v, abi: va, fn: "totalUsdcCollateral" }),
    ethHeld: at(ethBalance(w, v)),
    usdcHeld: at({ to: w.addr.usdc, abi: w.abis.usdc, fn: "balanceOf", args: [v] }),
    positions: [...ACTOR_NAMES.map((a) => w.actors[a]), w.addr.minter].map((who) =>
      at({ to: v, abi: va, fn: "positionOf", args: [who] }),
    ),
  };
  const l = w.addr.lending;
  const la = w.abis.lending;
  const lending = {
    badDebt: at({ to: l, abi: la, fn: "totalBadDebt" }),
    socialized: at({ to: l, abi: la, fn: "totalSocializedLoss" }),
    cash: at({ to: l, abi: la, fn: "cash" }),
    wethHeld: at({ to: w.addr.weth, abi: w.abis.weth, fn: "balanceOf", args: [l] }),
    accounts: ACTOR_NAMES.map((a) => at({ to: l, abi: la, fn: "accountData", args: [w.actors[a]] })),
  };

  const r = await readAll(w, calls);
  const n = (i: number) => r[i] as bigint;

  // 1. supply == sum of balances
  for (const t of tokens) {
    const sum = t.balances.reduce((s, i) => s + n(i), 0n);
    check(
      sum === n(t.supply),
      () => `${t.label}: totalSupply ${n(t.supply)} != sum of balances ${sum} over ${t.holders.length} holders`,
    );
  }

  // 2. pools can pay their holders (needs the balances, so previewRedeem is a second batch)
  const shareTokens = tokens.filter((t) => POOLS.includes(t.label as (typeof POOLS)[number]));
  const redeemCalls: Call[] = [];
  const redeemIdx = shareTokens.map((t) =>
    t.balances.map((i) =>
      n(i) === 0n ? -1 : redeemCalls.push({ to: t.address, abi: w.abis.pool, fn: "previewRedeem", args: [n(i)] }) - 1,
    ),
  );
  const redeemed = await readAll(w, redeemCalls);
  pools.forEach((p, k) => {
    const owed = redeemIdx[k]!.reduce((s, i) => s + (i < 0 ? 0n : (redeemed[i] as bigint)), 0n);
    const held = n(p.held);
    const payable = held - n(p.surplus);
    check(
      owed + n(p.pending) <= payable,
      () =>
        `${p.name}: holders are owed ${formatEther(owed)} + pending ${formatEther(n(p.pending))} WETH but the pool holds ${formatEther(held)} (surplus ${formatEther(n(p.surplus))})`,
    );
    check(
      n(p.totalAssets) + n(p.pending) + n(p.rewards) + n(p.surplus) === held,
      () =>
        `${p.name}: WETH held ${held} != totalAssets ${n(p.totalAssets)} + pending ${n(p.pending)} + rewardsRemaining ${n(p.rewards)} + surplus ${n(p.surplus)}`,
    );
    check(n(p.surplus) === 0n, () => `${p.name}: surplus ${n(p.surplus)} appeared without any donation`);
    const posted = p.collateralOf.reduce((s, i) => s + n(i), 0n);
    check(
      posted === n(p.lendingTotal) && n(p.lendingTotal) <= n(p.lendingHeld),
      () =>
        `LendingPool ${p.name} collateral: sum of collateralOf ${posted}, totalCollateral ${n(p.lendingTotal)}, shares held ${n(p.lendingHeld)}`,
    );
  });

  // 3. XQBUSD supply and the vault's books
  const xqbusdSupply = n(tokens[1]!.supply);
  const positions = vault.positions.map((i) => r[i] as PositionView);
  const sumDebt = positions.reduce((s, p) => s + p.debt, 0n);
  const sumEth = positions.reduce((s, p) => s + p.ethCollateral, 0n);
  const sumUsdc = positions.reduce((s, p) => s + p.usdcCollateral, 0n);
  check(
    xqbusdSupply === n(vault.totalDebt) && sumDebt === n(vault.totalDebt),
    () =>
      `XQBUSD totalSupply ${xqbusdSupply} / vault totalDebt ${n(vault.totalDebt)} / sum of position debts ${sumDebt} differ`,
  );
  check(
    sumEth === n(vault.totalEth) && n(vault.totalEth) === n(vault.ethHeld),
    () => `vault ETH: positions ${sumEth}, totalEthCollateral ${n(vault.totalEth)}, held ${n(vault.ethHeld)}`,
  );
  check(
    sumUsdc === n(vault.totalUsdc) && n(vault.totalUsdc) === n(vault.usdcHeld),
    () => `vault USDC: positions ${sumUsdc}, totalUsdcCollateral ${n(vault.totalUsdc)}, held ${n(vault.usdcHeld)}`,
  );

  // 4. lending: every debt has collateral behind it, bad debt fully recorded, cash really held
  ACTOR_NAMES.forEach((a, k) => {
    const d = r[lending.accounts[k]!] as AccountData;
    check(
      d.debt === 0n || d.collateralValue > 0n,
      () => `LendingPool: ${a} owes ${formatEther(d.debt)} WETH with no collateral and no write-off`,
    );
  });
  check(
    n(lending.badDebt) === model.lendingBadDebt && n(lending.socialized) === model.lendingSocialized,
    () =>
      `LendingPool: totalBadDebt ${n(lending.badDebt)} / totalSocializedLoss ${n(lending.socialized)} != write-offs seen ${model.lendingBadDebt} / ${model.lendingSocialized}`,
  );
  check(
    n(lending.wethHeld) >= n(lending.cash),
    () => `LendingPool: cash ${n(lending.cash)} > WETH held ${n(lending.wethHeld)}`,
  );
}
