// Random actions over the suite: the fast-check arbitrary (every action prints as a readable call such as
// `stake(alice, 0.5 ETH into qETH)`), and the executor that sends it, accepts the reverts it may
// legitimately end in, and runs the action-specific checks.
import fc from "fast-check";
import { formatEther, formatUnits, maxUint256, parseEther, parseUnits, type Address, type Log } from "viem";
import {
  ACTOR_NAMES,
  POOLS,
  events,
  rpc,
  send,
  readAll,
  type ActorName,
  type Outcome,
  type PoolName,
  type World,
} from "./world";
import {
  BPS,
  LENDING_BONUS_BPS,
  MIN_RATIO_BPS,
  VAULT_BONUS_BPS,
  WAD,
  check,
  shortfall,
  trackHolders,
  type AccountData,
  type Model,
  type PositionView,
} from "./invariants";

const DAY = 24 * 3600;

export type Action =
  | { kind: "stake"; actor: ActorName; pool: PoolName; eth: string }
  | { kind: "requestWithdrawal"; actor: ActorName; pool: PoolName; bps: number }
  | { kind: "claim"; actor: ActorName; pool: PoolName; pick: number }
  | { kind: "vaultDeposit"; actor: ActorName; asset: "ETH" | "USDC"; amount: string }
  | { kind: "vaultWithdraw"; actor: ActorName; asset: "ETH" | "USDC"; bps: number }
  | { kind: "vaultMint"; actor: ActorName; bps: number }
  | { kind: "minterMint"; actor: ActorName; eth: string }
  | { kind: "vaultRepay"; actor: ActorName; bps: number }
  | { kind: "vaultLiquidate"; liquidator: ActorName; target: ActorName | "minter"; bps: number }
  | { kind: "price"; usd: number }
  | { kind: "accrue"; days: number; pool: PoolName }
  | { kind: "supplyCollateral"; actor: ActorName; pool: PoolName; bps: number }
  | { kind: "withdrawCollateral"; actor: ActorName; pool: PoolName; bps: number }
  | { kind: "borrow"; actor: ActorName; bps: number }
  | { kind: "lendRepay"; actor: ActorName; bps: number }
  | { kind: "lendLiquidate"; liquidator: ActorName; borrower: ActorName; pool: PoolName; bps: number }
  | { kind: "transfer"; from: ActorName; to: ActorName; token: "XQB" | "XQBUSD" | PoolName; bps: number }
  | { kind: "pause"; target: "vault" | "lending" | PoolName }
  | { kind: "riskParams"; pool: PoolName; ltvBps: number; thresholdBps: number }
  | { kind: "loss"; pool: PoolName; bps: number };

const pct = (bps: number) => `${bps / 100}%`;

/**
 * How an action reads in a printed sequence. Actions that need something to act on (shares, debt, collateral,
 * a liquidatable position) use the named actor/pool when it qualifies and otherwise the next one in order that
 * does, so fewer actions are wasted on "nothing to do"; the executed sequence shows what was actually used.
 */
export function describe(a: Action): string {
  // prettier-ignore
  switch (a.kind) {
    case "stake": return `stake(${a.actor}, ${a.eth} ETH into ${a.pool})`;
    case "requestWithdrawal": return `requestWithdrawal(${a.actor}, ${pct(a.bps)} of ${a.pool} shares)`;
    case "claim": return `claim(${a.actor}, ${a.pool} request #${a.pick})`;
    case "vaultDeposit": return `vault.deposit(${a.actor}, ${a.amount} ${a.asset})`;
    case "vaultWithdraw": return `vault.withdraw(${a.actor}, ${pct(a.bps)} of ${a.asset} collateral)`;
    case "vaultMint": return `vault.mintXqbusd(${a.actor}, ${pct(a.bps)} of maxMintable)`;
    case "minterMint": return `minter.mint(${a.actor}, ${a.eth} ETH)`;
    case "vaultRepay": return `vault.repay(${a.actor}, ${pct(a.bps)} of debt)`;
    case "vaultLiquidate": return `vault.liquidate(${a.liquidator} -> ${a.target}, ${pct(a.bps)} of repayable)`;
    case "price": return `price(ETH = $${a.usd})`;
    case "accrue": return `accrue(+${a.days} days, ${a.pool})`;
    case "supplyCollateral": return `lending.supplyCollateral(${a.actor}, ${pct(a.bps)} of ${a.pool} shares)`;
    case "withdrawCollateral": return `lending.withdrawCollateral(${a.actor}, ${pct(a.bps)} of ${a.pool} collateral)`;
    case "borrow": return `lending.borrow(${a.actor}, ${pct(a.bps)} of availableToBorrow)`;
    case "lendRepay": return `lending.repay(${a.actor}, ${pct(a.bps)} of debt)`;
    case "lendLiquidate": return `lending.liquidate(${a.liquidator} -> ${a.borrower}, ${a.pool}, ${pct(a.bps)} of debt)`;
    case "transfer": return `transfer(${a.from} -> ${a.to}, ${pct(a.bps)} of ${a.token})`;
    case "pause": return `togglePause(${a.target})`;
    case "riskParams": return `lending.setCollateralConfig(${a.pool}, LTV ${pct(a.ltvBps)}, threshold ${pct(a.thresholdBps)})`;
    case "loss": return `${a.pool}.reportLoss(${pct(a.bps)} of its assets)`;
  }
}

// ---------------------------------------------------------------------------------------------------
// arbitraries: constantFrom/integer shrink toward the first/smallest value, so shrunk cases read simply

const actor = fc.constantFrom(...ACTOR_NAMES);
const pool = fc.constantFrom(...POOLS);
/** Fractions in basis points; some above 100% so over-asking (and its expected revert) is exercised. */
const bps = fc.constantFrom(10_000, 5_000, 2_500, 1_000, 100, 9_900, 12_000);
const withString = (arb: fc.Arbitrary<Action>): fc.Arbitrary<Action> =>
  arb.map((a) => Object.assign(a, { [fc.toStringMethod]: () => describe(a) }));

const weighted: { weight: number; arbitrary: fc.Arbitrary<Action> }[] = [
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant("stake" as const),
      actor,
      pool,
      eth: fc.constantFrom("1", "0.0005", "0.01", "5", "40", "150"),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("requestWithdrawal" as const), actor, pool, bps }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("claim" as const), actor, pool, pick: fc.nat(3) }) },
  {
    weight: 3,
    arbitrary: fc
      .record({
        kind: fc.constant("vaultDeposit" as const),
        actor,
        asset: fc.constantFrom("ETH" as const, "USDC" as const),
        amount: fc.constantFrom("1", "0.1", "10", "100", "5000"),
      })
      .map(
        // USDC amounts are 1,000x the ETH ones: "1" means 1 ETH or 1,000 USDC (an actor has 10,000 ETH and 10M USDC)
        (a) =>
          a.asset === "USDC"
            ? { ...a, amount: String(Number(a.amount) * 1000) }
            : a.amount === "5000"
              ? { ...a, amount: "50" }
              : a,
      ),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("vaultWithdraw" as const),
      actor,
      asset: fc.constantFrom("ETH" as const, "USDC" as const),
      bps,
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("vaultMint" as const), actor, bps }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("minterMint" as const),
      actor,
      eth: fc.constantFrom("1", "0.00005", "0.01", "3", "20"),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("vaultRepay" as const), actor, bps }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("vaultLiquidate" as const),
      liquidator: actor,
      target: fc.constantFrom<ActorName | "minter">("minter", ...ACTOR_NAMES),
      bps,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant("price" as const), usd: fc.integer({ min: 500, max: 6_000 }) }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant("accrue" as const), days: fc.constantFrom(1, 7, 30, 90, 365), pool }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("supplyCollateral" as const), actor, pool, bps }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("withdrawCollateral" as const), actor, pool, bps }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("borrow" as const), actor, bps }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("lendRepay" as const), actor, bps }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("lendLiquidate" as const),
      liquidator: actor,
      borrower: actor,
      pool,
      bps,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("transfer" as const),
      from: actor,
      to: actor,
      token: fc.constantFrom<"XQB" | "XQBUSD" | PoolName>("XQB", "XQBUSD", ...POOLS),
      bps,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("pause" as const),
      target: fc.constantFrom<"vault" | "lending" | PoolName>("vault", "lending", ...POOLS),
    }),
  },
  // Governance tightening a collateral's risk parameters: the lever that puts existing borrowers under water
  // (LST/ETH rates only rise here, and interest alone rarely outruns the staking yield within 50 actions).
  {
    weight: 1,
    arbitrary: fc
      .record({ kind: fc.constant("riskParams" as const), pool })
      .chain((a) =>
        fc
          .constantFrom([8_000, 8_500], [6_000, 6_500], [4_000, 4_500])
          .map(([ltvBps, thresholdBps]) => ({ ...a, ltvBps: ltvBps!, thresholdBps: thresholdBps! })),
      ),
  },
  // A slashing report on a pool: the LST's exchange rate falls, so every borrower against it loses health at
  // once; with several reports (up to 10% each) collateral can fall below debt, the lending bad-debt path.
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant("loss" as const), pool, bps: fc.constantFrom(1_000, 500, 100) }),
  },
];

export const actionArb: fc.Arbitrary<Action> = fc.oneof(
  ...weighted.map((w) => ({ weight: w.weight, arbitrary: withString(w.arbitrary) })),
);
/**
 * One slot of a sequence: an action, or null (a skipped slot). Generation practically never yields null
 * (probability 2^-31 per slot), but fc.option shrinks every action toward null first, so a shrunk sequence
 * keeps only the actions the failure needs.
 */
export const slotArb: fc.Arbitrary<Action | null> = fc.option(actionArb, { nil: null, freq: 2 ** 31 });

// ---------------------------------------------------------------------------------------------------
// execution

/**
 * The reverts each action may end in for a legitimate reason (paused, would break a ratio or a health
 * factor, nothing to do, not ready yet, below a minimum, not liquidatable...). Anything else fails the run.
 */
export const EXPECTED: Record<Action["kind"], readonly string[]> = {
  stake: ["EnforcedPause", "BelowMinimumDeposit"],
  requestWithdrawal: ["EnforcedPause", "ZeroAmount", "InsufficientShares"],
  claim: ["UnknownRequest", "WithdrawalNotReady"],
  // an actor can ask to deposit more USDC than it has left (10M each)
  vaultDeposit: ["EnforcedPause", "ERC20InsufficientBalance"],
  vaultWithdraw: ["EnforcedPause", "ZeroAmount", "CollateralRatioTooLow", "InsufficientCollateral"],
  vaultMint: ["EnforcedPause", "CollateralRatioTooLow"],
  minterMint: ["EnforcedPause", "BelowMinimumDeposit"],
  vaultRepay: ["ZeroAmount", "RepayExceedsDebt"],
  vaultLiquidate: ["ZeroAmount", "PositionNotLiquidatable", "RepayExceedsDebt", "ERC20InsufficientBalance"],
  price: [],
  accrue: [],
  supplyCollateral: ["EnforcedPause", "ZeroAmount"],
  withdrawCollateral: ["ZeroAmount", "BorrowLimitExceeded"],
  borrow: ["EnforcedPause", "ZeroAmount", "BorrowLimitExceeded", "InsufficientLiquidity"],
  lendRepay: ["ZeroAmount", "NoDebt", "InsufficientBalance"],
  lendLiquidate: ["ZeroAmount", "PositionHealthy", "NoCollateral", "LiquidationTooSmall", "InsufficientBalance"],
  transfer: ["ERC20InvalidReceiver"],
  riskParams: [],
  pause: [],
  loss: [],
};

export interface StepResult {
  /** "ok", or the expected custom error the action reverted with. */
  outcome: string;
  /** Amounts actually used, for the printed sequence. */
  detail: string;
}

const frac = (x: bigint, b: number) => (x * BigInt(b)) / BPS;
/** `list` starting at `first` and wrapping around: the named choice first, then the others in order. */
const from = <T>(list: readonly T[], first: T): T[] => {
  const i = list.indexOf(first);
  return [...list.slice(i), ...list.slice(0, i)];
};

/** Runs one action; throws (InvariantError or Error) on an unexpected revert or a failed action-specific check. */
export async function execute(w: World, model: Model, a: Action): Promise<StepResult> {
  const logs: Log[] = [];
  const expectOk = (what: string, o: Outcome) => {
    if (!o.ok) throw new Error(`${what} reverted unexpectedly: ${o.error}(${o.args.join(", ")}) ${o.raw}`);
    logs.push(...o.logs);
    return o;
  };
  const finish = (o: Outcome, detail: string): StepResult => {
    if (o.ok) {
      logs.push(...o.logs);
      trackHolders(model, logs);
      return { outcome: "ok", detail };
    }
    check(
      EXPECTED[a.kind].includes(o.error),
      () => `${describe(a)} [${detail}] reverted with unexpected ${o.error}(${o.args.join(", ")}): ${o.raw}`,
    );
    return { outcome: o.error, detail };
  };
  const read = async <T>(
    to: Address,
    abi: World["abis"][keyof World["abis"]],
    fn: string,
    args: readonly unknown[] = [],
  ) => (await readAll(w, [{ to, abi, fn, args }]))[0] as T;

  switch (a.kind) {
    case "stake": {
      const value = parseEther(a.eth);
      const o = await send(
        w,
        w.actors[a.actor],
        w.addr.pools[a.pool],
        w.abis.pool,
        "depositEth",
        [w.actors[a.actor]],
        value,
      );
      return finish(o, `${a.eth} ETH`);
    }
    case "requestWithdrawal": {
      // the named pool, or the next one in which the actor holds shares
      const order = from(POOLS, a.pool);
      const bals = (await readAll(
        w,
        order.map((p) => ({ to: w.addr.pools[p], abi: w.abis.pool, fn: "balanceOf", args: [w.actors[a.actor]] })),
      )) as bigint[];
      const k = Math.max(
        0,
        bals.findIndex((b) => b > 0n),
      );
      const pool = order[k]!;
      const to = w.addr.pools[pool];
      const shares = frac(bals[k]!, a.bps);
      const o = await send(w, w.actors[a.actor], to, w.abis.pool, "requestWithdrawal", [shares]);
      if (o.ok) {
        const ev = events(o.logs, w.abis.pool, "WithdrawalRequested", to)[0]!;
        model.requests[pool]!.push({ id: ev.args.requestId as bigint, owner: w.actors[a.actor], claimed: false });
      }
      return finish(o, `${formatEther(shares)} ${pool}`);
    }
    case "claim": {
      const open = (p: PoolName) => model.requests[p]!.filter((r) => r.owner === w.actors[a.actor] && !r.claimed);
      const pool = from(POOLS, a.pool).find((p) => open(p).length > 0) ?? a.pool;
      const to = w.addr.pools[pool];
      const mine = open(pool);
      const req = mine.length ? mine[a.pick % mine.length]! : undefined;
      const id = req ? req.id : (await read<bigint>(to, w.abis.pool, "withdrawalRequestCount")) + 1n;
      const o = await send(w, w.actors[a.actor], to, w.abis.pool, "claim", [id]);
      if (o.ok) req!.claimed = true;
      return finish(o, `${pool} request ${id}`);
    }
    case "vaultDeposit": {
      const who = w.actors[a.actor];
      const o =
        a.asset === "ETH"
          ? await send(w, who, w.addr.vault, w.abis.vault, "depositEth", [], parseEther(a.amount))
          : await send(w, who, w.addr.vault, w.abis.vault, "depositUsdc", [parseUnits(a.amount, 6)]);
      return finish(o, `${a.amount} ${a.asset}`);
    }
    case "vaultWithdraw": {
      const who = w.actors[a.actor];
      const p = await read<PositionView>(w.addr.vault, w.abis.vault, "positionOf", [who]);
      const amount = frac(a.asset === "ETH" ? p.ethCollateral : p.usdcCollateral, a.bps);
      const o = await send(w, who, w.addr.vault, w.abis.vault, a.asset === "ETH" ? "withdrawEth" : "withdrawUsdc", [
        amount,
      ]);
      if (o.ok) {
        const after = await read<PositionView>(w.addr.vault, w.abis.vault, "positionOf", [who]);
        check(
          after.debt === 0n || after.collateralRatioBps >= MIN_RATIO_BPS,
          () => `withdrawal left ${a.actor} at ${after.collateralRatioBps} bps < 15000`,
        );
      }
      return finish(o, a.asset === "ETH" ? `${formatEther(amount)} ETH` : `${formatUnits(amount, 6)} USDC`);
    }
    case "vaultMint": {
      // the named actor, or the next one with room to mint
      const order = from(ACTOR_NAMES, a.actor);
      const ps = (await readAll(
        w,
        order.map((n) => ({ to: w.addr.vault, abi: w.abis.vault, fn: "positionOf", args: [w.actors[n]] })),
      )) as PositionView[];
      const k = Math.max(
        0,
        ps.findIndex((p) => p.maxMintable > 0n),
      );
      const actorName = order[k]!;
      const who = w.actors[actorName];
      const p = ps[k]!;
      const amount = frac(p.maxMintable, a.bps) || 1n;
      const o = await send(w, who, w.addr.vault, w.abis.vault, "mintXqbusd", [amount]);
      if (o.ok) {
        // No XQBUSD minted below 150%: the minted position's ratio at the current price.
        const after = await read<PositionView>(w.addr.vault, w.abis.vault, "positionOf", [who]);
        check(
          after.collateralRatioBps >= MIN_RATIO_BPS,
          () =>
            `mintXqbusd(${formatEther(amount)}) left ${actorName} at ${after.collateralRatioBps} bps (< 15000): collateral $${formatEther(after.collateralValueUsd)}, debt ${formatEther(after.debt)}`,
        );
      }
      return finish(o, `${actorName}: ${formatEther(amount)} XQBUSD`);
    }
    case "minterMint": {
      const who = w.actors[a.actor];
      const value = parseEther(a.eth);
      const [before, price] = (await readAll(w, [
        { to: w.addr.vault, abi: w.abis.vault, fn: "positionOf", args: [w.addr.minter] },
        { to: w.addr.vault, abi: w.abis.vault, fn: "ethUsdPrice" },
      ])) as [PositionView, bigint];
      const o = await send(w, who, w.addr.minter, w.abis.minter, "mint", [who], value);
      let detail = `${a.eth} ETH`;
      if (o.ok) {
        const minted = events(o.logs, w.abis.minter, "Minted", w.addr.minter)[0]!.args.xqbusdOut as bigint;
        detail += ` -> ${formatEther(minted)} XQBUSD`;
        // The deposit backs what it minted at >= 150%: minted * 1.5 <= value * price (8-decimal feed).
        check(
          minted * MIN_RATIO_BPS * 10n ** 8n <= value * price * BPS,
          () => `minter minted ${minted} XQBUSD for ${value} wei at ${price}: below 150%`,
        );
        // The minter's position: stays >= 150% if it was, and a deposit never lowers its ratio.
        const after = await read<PositionView>(w.addr.vault, w.abis.vault, "positionOf", [w.addr.minter]);
        const floor = before.collateralRatioBps < MIN_RATIO_BPS ? before.collateralRatioBps : MIN_RATIO_BPS;
        check(
          after.collateralRatioBps >= floor,
          () =>
            `minter position fell to ${after.collateralRatioBps} bps (was ${before.collateralRatioBps}) after a mint`,
        );
      }
      return finish(o, detail);
    }
    case "vaultRepay": {
      // the named actor, or the next one with debt and XQBUSD to repay it with
      const order = from(ACTOR_NAMES, a.actor);
      const r = (await readAll(
        w,
        order.flatMap((n) => [
          { to: w.addr.vault, abi: w.abis.vault, fn: "positionOf", args: [w.actors[n]] },
          { to: w.addr.xqbusd, abi: w.abis.xqbusd, fn: "balanceOf", args: [w.actors[n]] },
        ]),
      )) as (PositionView | bigint)[];
      const repayable = order.map((_, i) => {
        const debt = (r[2 * i] as PositionView).debt;
        const bal = r[2 * i + 1] as bigint;
        return debt < bal ? debt : bal;
      });
      const k = Math.max(
        0,
        repayable.findIndex((x) => x > 0n),
      );
      const amount = frac(repayable[k]!, a.bps);
      const o = await send(w, w.actors[order[k]!], w.addr.vault, w.abis.vault, "repay", [amount]);
      return finish(o, `${order[k]}: ${formatEther(amount)} XQBUSD`);
    }
    case "vaultLiquidate": {
      // the named liquidator, or the next one holding XQBUSD
      const liqs = from(ACTOR_NAMES, a.liquidator);
      const held = (await readAll(
        w,
        liqs.map((n) => ({ to: w.addr.xqbusd, abi: w.abis.xqbusd, fn: "balanceOf", args: [w.actors[n]] })),
      )) as bigint[];
      const liq =
        w.actors[
          liqs[
            Math.max(
              0,
              held.findIndex((x) => x > 0n),
            )
          ]!
        ];
      // the named position, or the next liquidatable one
      const order = from<ActorName | "minter">(["minter", ...ACTOR_NAMES], a.target);
      const addrOf = (t: ActorName | "minter") => (t === "minter" ? w.addr.minter : w.actors[t]);
      const reads = (await readAll(w, [
        { to: w.addr.xqbusd, abi: w.abis.xqbusd, fn: "balanceOf", args: [liq] },
        ...order.map((t) => ({ to: w.addr.vault, abi: w.abis.vault, fn: "positionOf", args: [addrOf(t)] })),
      ])) as [bigint, ...PositionView[]];
      const bal = reads[0];
      const positions = reads.slice(1) as PositionView[];
      const k = Math.max(
        0,
        positions.findIndex((p) => p.liquidatable),
      );
      const name = order[k]!;
      const target = addrOf(name);
      const before = positions[k]!;
      const amount = frac(before.debt < bal ? before.debt : bal, a.bps);
      const o = await send(w, liq, w.addr.vault, w.abis.vault, "liquidate", [target, amount]);
      if (o.ok) {
        // Bound (vault): the vault writes nothing off; a liquidated position keeps its unpaid debt (visible in
        // systemCollateralRatioBps). A liquidation may add at most the liquidator's 5% bonus on what it repaid
        // to the position's shortfall (max(0, debt - collateral value) at the oracle price), and adds none at
        // all when the collateral covered debt * 1.05. The price cannot move in between (the vault's value
        // does not depend on time), so before/after are exact up to 1 USDC base unit of rounding.
        const after = await read<PositionView>(w.addr.vault, w.abis.vault, "positionOf", [target]);
        const grew = shortfall(after) - shortfall(before);
        const bonus = (amount * VAULT_BONUS_BPS) / BPS;
        check(
          before.collateralRatioBps < 13_000n,
          () => `vault liquidated a position at ${before.collateralRatioBps} bps (>= 130%)`,
        );
        check(
          grew <= bonus + 10n ** 12n,
          () =>
            `vault liquidation of ${name} grew its bad debt by ${formatEther(grew)} > bonus ${formatEther(bonus)} (before: $${formatEther(before.collateralValueUsd)} for ${formatEther(before.debt)}, after: $${formatEther(after.collateralValueUsd)} for ${formatEther(after.debt)})`,
        );
        if (before.collateralValueUsd * BPS >= before.debt * (BPS + VAULT_BONUS_BPS)) {
          check(
            shortfall(after) === 0n,
            () => `vault liquidation of a covered position left a shortfall of ${formatEther(shortfall(after))}`,
          );
        }
      }
      return finish(o, `${formatEther(amount)} XQBUSD of ${name}'s debt at ${before.collateralRatioBps} bps`);
    }
    case "price": {
      const o = await send(w, w.deployer, w.addr.feed, w.abis.feed, "updateAnswer", [BigInt(a.usd) * 10n ** 8n]);
      return finish(expectOk("updateAnswer", o), `$${a.usd}`);
    }
    case "accrue": {
      await rpc("evm_increaseTime", [a.days * DAY]);
      await rpc("evm_mine");
      expectOk("pool.accrue", await send(w, w.deployer, w.addr.pools[a.pool], w.abis.pool, "accrue", []));
      expectOk("accrueInterest", await send(w, w.deployer, w.addr.lending, w.abis.lending, "accrueInterest", []));
      // The feed's heartbeat: a live Chainlink feed re-posts at least hourly, so time travel re-posts the
      // current answer (otherwise every vault action would end in StalePrice after 30 simulated days).
      const [, answer] = await read<readonly [bigint, bigint, bigint, bigint, bigint]>(
        w.addr.feed,
        w.abis.feed,
        "latestRoundData",
      );
      expectOk("heartbeat", await send(w, w.deployer, w.addr.feed, w.abis.feed, "updateAnswer", [answer]));
      return finish({ ok: true, logs: [], blockNumber: 0n }, `${a.days} days`);
    }
    case "supplyCollateral": {
      // the named actor and pool, or the next (actor, pool) with LST shares to post
      const actors = from(ACTOR_NAMES, a.actor);
      const order = from(POOLS, a.pool);
      const bals = (await readAll(
        w,
        actors.flatMap((n) =>
          order.map((p) => ({ to: w.addr.pools[p], abi: w.abis.pool, fn: "balanceOf", args: [w.actors[n]] })),
        ),
      )) as bigint[];
      const k = Math.max(
        0,
        bals.findIndex((b) => b > 0n),
      );
      const actorName = actors[Math.floor(k / order.length)]!;
      const pool = order[k % order.length]!;
      const who = w.actors[actorName];
      const shares = frac(bals[k]!, a.bps > 10_000 ? 10_000 : a.bps);
      const o = await send(w, who, w.addr.lending, w.abis.lending, "supplyCollateral", [
        w.addr.pools[pool],
        shares,
        who,
      ]);
      return finish(o, `${actorName}: ${formatEther(shares)} ${pool}`);
    }
    case "withdrawCollateral": {
      const who = w.actors[a.actor];
      const order = from(POOLS, a.pool);
      const posted = (await readAll(
        w,
        order.map((p) => ({
          to: w.addr.lending,
          abi: w.abis.lending,
          fn: "collateralOf",
          args: [who, w.addr.pools[p]],
        })),
      )) as bigint[];
      const k = Math.max(
        0,
        posted.findIndex((b) => b > 0n),
      );
      const to = w.addr.pools[order[k]!];
      const shares = frac(posted[k]!, a.bps > 10_000 ? 10_000 : a.bps);
      const o = await send(w, who, w.addr.lending, w.abis.lending, "withdrawCollateral", [to, shares, who, who]);
      if (o.ok) {
        const hf = await read<bigint>(w.addr.lending, w.abis.lending, "healthFactor", [who]);
        check(hf >= WAD, () => `withdrawCollateral left ${a.actor} at health factor ${formatEther(hf)} < 1`);
      }
      return finish(o, `${formatEther(shares)} ${order[k]}`);
    }
    case "borrow": {
      // the named actor, or the next one with borrowing power left
      const order = from(ACTOR_NAMES, a.actor);
      const room = (await readAll(
        w,
        order.map((n) => ({ to: w.addr.lending, abi: w.abis.lending, fn: "availableToBorrow", args: [w.actors[n]] })),
      )) as bigint[];
      const k = Math.max(
        0,
        room.findIndex((x) => x > 0n),
      );
      const actorName = order[k]!;
      const who = w.actors[actorName];
      const amount = frac(room[k]!, a.bps);
      const o = await send(w, who, w.addr.lending, w.abis.lending, "borrow", [amount, who, who]);
      if (o.ok) {
        // No borrow leaves a health factor under 1.
        const hf = await read<bigint>(w.addr.lending, w.abis.lending, "healthFactor", [who]);
        check(
          hf >= WAD,
          () => `borrow(${formatEther(amount)}) left ${actorName} at health factor ${formatEther(hf)} < 1`,
        );
      }
      return finish(o, `${actorName}: ${formatEther(amount)} WETH`);
    }
    case "lendRepay": {
      // the named actor, or the next one with debt
      const order = from(ACTOR_NAMES, a.actor);
      const debts = (await readAll(
        w,
        order.map((n) => ({ to: w.addr.lending, abi: w.abis.lending, fn: "debtOf", args: [w.actors[n]] })),
      )) as bigint[];
      const k = Math.max(
        0,
        debts.findIndex((x) => x > 0n),
      );
      const amount = frac(debts[k]!, a.bps);
      const o = await send(w, w.actors[order[k]!], w.addr.lending, w.abis.lending, "repay", [
        amount,
        w.actors[order[k]!],
      ]);
      return finish(o, `${order[k]}: ${formatEther(amount)} WETH`);
    }
    case "lendLiquidate": {
      return lendLiquidate(w, model, a, finish);
    }
    case "transfer": {
      const token = a.token === "XQB" ? w.addr.xqb : a.token === "XQBUSD" ? w.addr.xqbusd : w.addr.pools[a.token];
      const amount = frac(
        await read<bigint>(token, w.abis.xqb, "balanceOf", [w.actors[a.from]]),
        a.bps > 10_000 ? 10_000 : a.bps,
      );
      const o = await send(w, w.actors[a.from], token, w.abis.xqb, "transfer", [w.actors[a.to], amount]);
      return finish(expectOk("transfer", o), `${formatEther(amount)} ${a.token}`);
    }
    case "pause": {
      const [to, abi] =
        a.target === "vault"
          ? [w.addr.vault, w.abis.vault]
          : a.target === "lending"
            ? [w.addr.lending, w.abis.lending]
            : [w.addr.pools[a.target], w.abis.pool];
      const paused = await read<boolean>(to, abi, "paused");
      const o = await send(w, w.deployer, to, abi, paused ? "unpause" : "pause", []);
      return finish(expectOk("pause", o), paused ? "unpaused" : "paused");
    }
    case "loss": {
      const to = w.addr.pools[a.pool];
      const assets = await read<bigint>(to, w.abis.pool, "totalAssets");
      const amount = frac(assets, a.bps);
      const o = await send(w, w.deployer, to, w.abis.pool, "reportLoss", [amount, "property test"]);
      return finish(expectOk("loss", o), `${formatEther(amount)} WETH of ${formatEther(assets)}`);
    }
    case "riskParams": {
      const o = await send(w, w.deployer, w.addr.lending, w.abis.lending, "setCollateralConfig", [
        w.addr.pools[a.pool],
        a.ltvBps,
        a.thresholdBps,
        500,
        parseEther("1000000"),
        true,
      ]);
      return finish(expectOk("riskParams", o), `${a.pool} LTV ${pct(a.ltvBps)} / threshold ${pct(a.thresholdBps)}`);
    }
  }
}

/**
 * lending.liquidate, with the bad-debt bound. The LendingPool writes bad debt off in the liquidation that
 * seizes a borrower's last collateral. Bound asserted (bonus b = 5%):
 *   - a write-off happens only when all the borrower's collateral was seized and nothing is left: afterwards
 *     the borrower has no debt and no collateral (so no unrecorded bad debt remains);
 *   - it is at most debt - (value of all seized collateral) / (1 + b) (+2 wei of rounding): the liquidator
 *     paid the collateral's full worth net of the bonus, so bad debt only arises when the collateral was worth
 *     less than debt * (1 + b) (HF < 85% * 1.05 = 0.8925);
 *   - it is recorded in full: totalBadDebt grows by exactly the amount, which is split into coveredByReserves +
 *     socialized, and totalSocializedLoss grows by the socialized part;
 *   - debt at the liquidation (repaid + written off) is the debt read the block before plus at most that
 *     block's interest (1e-4 relative slack).
 */
async function lendLiquidate(
  w: World,
  model: Model,
  a: Extract<Action, { kind: "lendLiquidate" }>,
  finish: (o: Outcome, detail: string) => StepResult,
): Promise<StepResult> {
  const liq = w.actors[a.liquidator];
  const l = w.addr.lending;
  const la = w.abis.lending;
  // the named borrower, or the next one under water; then the named pool, or the next one it posted
  const names = from(ACTOR_NAMES, a.borrower);
  const pools = from(POOLS, a.pool);
  const scan = (await readAll(
    w,
    names.flatMap((n) => [
      { to: l, abi: la, fn: "healthFactor", args: [w.actors[n]] },
      ...pools.map((p) => ({ to: l, abi: la, fn: "collateralOf", args: [w.actors[n], w.addr.pools[p]] })),
    ]),
  )) as bigint[];
  const per = pools.length + 1;
  let b = names.findIndex((_, i) => scan[i * per]! < WAD);
  if (b < 0)
    b = Math.max(
      0,
      names.findIndex((_, i) => scan[i * per]! !== maxUint256),
    ); // else someone with debt
  const borrowerName = names[b]!;
  const borrower = w.actors[borrowerName];
  const pk = Math.max(
    0,
    pools.findIndex((_, j) => scan[b * per + 1 + j]! > 0n),
  );
  const pool = pools[pk]!;
  const token = w.addr.pools[pool];
  const [before, badBefore, socBefore] = (await readAll(w, [
    { to: l, abi: la, fn: "accountData", args: [borrower] },
    { to: l, abi: la, fn: "totalBadDebt" },
    { to: l, abi: la, fn: "totalSocializedLoss" },
  ])) as [AccountData, bigint, bigint];
  const amount = frac(before.debt, a.bps);
  const o = await send(w, liq, l, la, "liquidate", [borrower, token, amount]);
  if (!o.ok) return finish(o, `${formatEther(amount)} WETH of ${borrowerName}'s debt, ${pool}`);

  const ev = events(o.logs, la, "Liquidated", l)[0]!.args as {
    repaid: bigint;
    seizedShares: bigint;
    seizedValue: bigint;
  };
  const off = events(o.logs, la, "BadDebtWrittenOff", l)[0]?.args as
    { amount: bigint; coveredByReserves: bigint; socialized: bigint } | undefined;
  const bad = off?.amount ?? 0n;
  const [after, badAfter, socAfter] = (await readAll(w, [
    { to: l, abi: la, fn: "accountData", args: [borrower] },
    { to: l, abi: la, fn: "totalBadDebt" },
    { to: l, abi: la, fn: "totalSocializedLoss" },
  ])) as [AccountData, bigint, bigint];

  check(
    before.healthFactor < WAD,
    () => `lending liquidated ${borrowerName} at health factor ${formatEther(before.healthFactor)} >= 1`,
  );
  check(
    badAfter - badBefore === bad && socAfter - socBefore === (off?.socialized ?? 0n),
    () =>
      `bad debt not fully recorded: totalBadDebt +${badAfter - badBefore}, socialized +${socAfter - socBefore}, event ${bad}/${off?.socialized}`,
  );
  if (off) {
    check(
      off.coveredByReserves + off.socialized === off.amount,
      () => `write-off split ${off.coveredByReserves} + ${off.socialized} != ${off.amount}`,
    );
    check(
      after.debt === 0n && after.collateralValue === 0n,
      () => `write-off left ${borrowerName} with debt ${after.debt} and collateral ${after.collateralValue}`,
    );
    const netValue = (ev.seizedValue * BPS) / (BPS + LENDING_BONUS_BPS);
    check(
      ev.repaid + 2n >= netValue,
      () =>
        `bad debt ${formatEther(bad)} exceeds debt - collateral/(1+bonus): repaid ${formatEther(ev.repaid)} for collateral worth ${formatEther(ev.seizedValue)}`,
    );
    const debtThen = ev.repaid + bad;
    check(
      debtThen + 2n >= before.debt && debtThen <= before.debt + before.debt / 10_000n + 2n,
      () =>
        `debt at write-off ${formatEther(debtThen)} does not match the debt read a block earlier ${formatEther(before.debt)}`,
    );
    model.lendingBadDebt += bad;
    model.lendingSocialized += off.socialized;
  }
  return finish(
    o,
    `${borrowerName} at HF ${formatEther(before.healthFactor)}: ${formatEther(ev.repaid)} WETH repaid for ${formatEther(ev.seizedValue)} WETH of ${pool}${bad ? `, bad debt ${formatEther(bad)}` : ""}`,
  );
}
