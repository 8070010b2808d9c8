// The Real ETH Staking Test page's figures, read from the three pools at one block and from the event
// index: protocols with their APY and risk, a deposit preview and dry run, a wallet's deposits with their
// value now and their withdrawals, and the check of a deposit the wallet sent itself. The API signs
// nothing here: every transaction is the wallet's.
import { formatEther, getAddress, parseEther, type Address, type Hash } from "viem";
import { fieldError, HttpError } from "../../http/errors";
import type { BlockStamp, EvmChain } from "../../ledgers/evm";
import type { EventIndex, IndexedEvent } from "../../ledgers/evm/event-index/types";
import type { LedgerSelector } from "../../ledgers/selector";
import { LedgerRejectedError } from "../../ledgers/types";
import {
  convertToAssets,
  dryRunDeposit,
  exchangeRateAt,
  poolDeployBlock,
  previewDeposit,
  readPool,
  readWalletDeposit,
  type PoolState,
  type WalletDeposit,
} from "./real-staking.ledger";
import { allocate, withdrawalOf, type Lot } from "./real-staking.lots";
import {
  APY_RULE,
  APY_WINDOW_MAX,
  APY_WINDOW_MIN,
  apyFromRates,
  apyFromStream,
  RISK_RULE,
  riskOf,
} from "./real-staking.rules";
import { durationInWords } from "../../shared/duration-in-words";
import {
  expectedDailyRewards,
  STAKING_POOLS,
  RECOMMENDED_TEST_ETH,
  stakeAmountSchema,
  type RealStakingCreateStakeRequest,
  type DepositDryRun,
  type StakingPoolName,
  type PoolYield,
  type RealStakingPracticeResponse,
  type RealStakingPreviewResponse,
  type StakingProtocol,
  type RealStakingProtocolsResponse,
  type StakingRecommendation,
  type RealStake,
  type RealStakingStakesResponse,
} from "./real-staking.schemas";

export interface RealStakingDeps {
  evm: LedgerSelector<EvmChain>;
  /** The chain's event index: deposits, withdrawals, holders, and past blocks for the APY window. */
  index: EventIndex;
  chainId: number;
  /** How long create-stake waits for the index to reach the deposit's block. */
  indexWaitMs?: number;
}

const DEAD_SHARES_HOLDER = "0x000000000000000000000000000000000000dEaD";
const ZERO = "0x0000000000000000000000000000000000000000";

/** One pool at one block: the chain's figures, its yield and its holders. */
interface PoolView {
  state: PoolState;
  yield: PoolYield;
  holders: number | null;
  protocol: StakingProtocol;
}

/** Everything the page's reads share, for one block of one chain run. */
interface Snapshot {
  head: BlockStamp;
  pools: PoolView[];
}

/** Wallets whose stakes one snapshot keeps (the oldest asked goes first). */
const STAKES_PER_SNAPSHOT = 256;

export function createRealStakingService(deps: RealStakingDeps) {
  const { index } = deps;
  // Per block: every request for the same head block (and the same index head) shares one set of reads; a new
  // block, or the index catching up with the head (holders, the APY window), makes a new one.
  let latest: { key: string; value: Promise<Snapshot> } | null = null;
  // A pool's deployment block's timestamp never changes within a chain run.
  const deployStamps = new Map<string, Promise<BlockStamp>>();

  async function snapshot(evm: EvmChain): Promise<Snapshot> {
    const [head, indexed] = await Promise.all([evm.block(), index.head()]);
    const key = `${evm.chainInstance()}:${head.hash}:${indexed?.chainInstance}:${indexed?.lastIndexedBlock}`;
    if (latest?.key === key) return latest.value;
    const value = loadSnapshot(evm, head, indexed !== null);
    latest = { key, value };
    value.catch(() => {
      if (latest?.value === value) latest = null;
    });
    return value;
  }

  /** `indexed`: the index has stored a head for this chain run (until then: no holders, the stream's APY). */
  async function loadSnapshot(evm: EvmChain, head: BlockStamp, indexed: boolean): Promise<Snapshot> {
    const pools = await Promise.all(
      STAKING_POOLS.map(async (pool): Promise<PoolView> => {
        const state = await readPool(evm, pool, head.number);
        const [y, holders] = await Promise.all([
          indexed ? yieldOf(evm, state, head) : streamYield(state, head),
          indexed ? holdersOf(pool) : null,
        ]);
        return { state, yield: y, holders, protocol: protocolOf(state, y, holders) };
      }),
    );
    return { head, pools };
  }

  function deployStamp(evm: EvmChain, block: bigint): Promise<BlockStamp> {
    const key = `${evm.chainInstance()}:${block}`;
    let hit = deployStamps.get(key);
    if (!hit) {
      hit = evm.block(block);
      hit.catch(() => deployStamps.delete(key));
      deployStamps.set(key, hit);
    }
    return hit;
  }

  /** The rate the reward stream pays on the pool's ETH now. */
  function streamYield(s: PoolState, head: BlockStamp): PoolYield {
    return {
      pool: s.pool,
      apy: apyFromStream(s.rewardRate, s.rewardsRemaining, s.totalAssets),
      source: "reward-stream",
      windowSeconds: null,
      asOfBlock: head.number.toString(),
    };
  }

  /** The APY rule (rules.ts, APY_RULE): the exchange rate over a trailing window of indexed blocks, else the stream. */
  async function yieldOf(evm: EvmChain, s: PoolState, head: BlockStamp): Promise<PoolYield> {
    const stream = streamYield(s, head);
    const deployedOn = poolDeployBlock(deps.chainId, s.pool);
    if (deployedOn === null) return stream;
    let from = await index.blockAtOrBefore(head.timestamp - APY_WINDOW_MAX);
    if (!from || from.number < deployedOn) {
      // Less than the full window since the pool was deployed: the longest there is starts at its deployment.
      const deployed = await deployStamp(evm, deployedOn);
      from = { number: deployed.number, timestamp: deployed.timestamp };
    }
    const window = head.timestamp - from.timestamp;
    if (window < APY_WINDOW_MIN) return stream;
    let rateThen: bigint;
    try {
      rateThen = await exchangeRateAt(evm, s.pool, from.number);
    } catch (err) {
      // A node that no longer holds that block's state (a pruned public node): the stream still says something.
      if (err instanceof LedgerRejectedError) return stream;
      throw err;
    }
    return {
      ...stream,
      apy: apyFromRates(rateThen, s.exchangeRate, window),
      source: "exchange-rate",
      windowSeconds: window,
    };
  }

  /** Distinct addresses holding shares, from the pool's Transfer events. */
  async function holdersOf(pool: StakingPoolName): Promise<number> {
    const balances = new Map<string, bigint>();
    for (const e of await index.events({ contract: pool, eventName: "Transfer" })) {
      const value = BigInt(e.args.value as string);
      const from = String(e.args.from).toLowerCase();
      const to = String(e.args.to).toLowerCase();
      balances.set(from, (balances.get(from) ?? 0n) - value);
      balances.set(to, (balances.get(to) ?? 0n) + value);
    }
    balances.delete(ZERO);
    balances.delete(DEAD_SHARES_HOLDER.toLowerCase());
    return [...balances.values()].filter((b) => b > 0n).length;
  }

  function protocolOf(s: PoolState, y: PoolYield, holders: number | null): StakingProtocol {
    const risk = riskOf(s.withdrawalDelay, s.totalAssets);
    const delay = durationInWords(Number(s.withdrawalDelay));
    const minEth = formatEther(s.minDeposit);
    const features = [
      `ERC-4626 vault over WETH: ${s.symbol} shares rise in ETH value as rewards stream in (no rebasing)`,
      `Stake native ETH with depositEth; minimum ${minEth} ETH`,
      `Exit by withdrawal request, claimable ${delay} later (no instant redemption)`,
      "Claim as ETH (claimEth) or WETH (claim); matured claims work even while the pool is paused",
      s.rewardsEndTime > 0n && s.rewardsRemaining > 0n
        ? `Rewards stream from a funded reserve of ${formatEther(s.rewardsRemaining)} ETH, until ${new Date(Number(s.rewardsEndTime) * 1000).toISOString().slice(0, 10)}`
        : "Reward stream stopped: the exchange rate holds still until it is funded again",
    ];
    return {
      name: s.name,
      token: s.pool,
      status: s.paused ? "paused" : "active",
      paused: s.paused,
      riskLevel: risk.level,
      riskReason: risk.reason,
      currentAPY: y.apy,
      apySource: y.source,
      apyWindowSeconds: y.windowSeconds,
      minAmount: minEth,
      contractAddress: s.address,
      features,
      withdrawalDelaySeconds: Number(s.withdrawalDelay),
      totalStaked: formatEther(s.totalAssets),
      exchangeRate: formatEther(s.exchangeRate),
      holders,
      rewardsEndTime: s.rewardsEndTime > 0n && s.rewardsRemaining > 0n ? Number(s.rewardsEndTime) : null,
    };
  }

  /** Among active pools: the lowest minimum, the most holders, the highest APY (first of a tie, in pool order). */
  function recommend(pools: PoolView[]): RealStakingProtocolsResponse["recommendations"] {
    const active = pools.filter((p) => !p.state.paused);
    // Scores compare as bigint: a minimum is exact wei.
    const best = (
      score: (p: PoolView) => bigint | null,
      text: (p: PoolView) => string,
    ): StakingRecommendation | null => {
      let pick: PoolView | null = null;
      for (const p of active) {
        const v = score(p);
        if (v !== null && (pick === null || v > score(pick)!)) pick = p;
      }
      return pick && { token: pick.state.pool, name: pick.state.name, text: text(pick) };
    };
    return {
      smallest_test: best(
        (p) => -p.state.minDeposit,
        (p) => `${p.state.name} takes the smallest test: ${formatEther(p.state.minDeposit)} ETH minimum`,
      ),
      most_decentralized: best(
        // No holder anywhere is no recommendation.
        (p) => (p.holders ? BigInt(p.holders) : null),
        (p) => `${p.state.name} has the most distinct holders: ${p.holders}`,
      ),
      highest_yield: best(
        (p) => BigInt(Math.round(p.yield.apy * 10_000)),
        (p) =>
          `${p.state.name} yields the most: ${p.yield.apy}% APY (${p.yield.source === "exchange-rate" ? `exchange rate over ${durationInWords(p.yield.windowSeconds!)}` : "current reward stream"})`,
      ),
    };
  }

  function poolView(snap: Snapshot, pool: StakingPoolName): PoolView {
    return snap.pools.find((p) => p.state.pool === pool)!;
  }

  /** The amount check the page runs as the user types, with the pool's minimum read from the chain. */
  function checkAmount(view: PoolView, ethAmount: string): void {
    const checked = stakeAmountSchema(view.state.name, formatEther(view.state.minDeposit)).safeParse(ethAmount);
    if (!checked.success) throw fieldError("ethAmount", checked.error.issues[0]!.message);
  }

  async function dryRunOf(
    evm: EvmChain,
    pool: StakingPoolName,
    ethAmount: string,
    wallet: Address | undefined,
  ): Promise<DepositDryRun> {
    const from = wallet ? getAddress(wallet) : evm.account;
    const wei = parseEther(ethAmount);
    // Some nodes (Hardhat) run eth_call and estimateGas for a sender without the ETH it sends: the balance says it.
    const [balance, dry] = await Promise.all([evm.balance(from), dryRunDeposit(evm, pool, wei, from)]);
    const r =
      balance < wei
        ? {
            ok: false,
            sharesOut: null,
            gas: null,
            failure: `insufficient funds: ${from} holds ${formatEther(balance)} ETH, less than the ${ethAmount} ETH deposit`,
          }
        : dry;
    return {
      call: `${pool}.depositEth(${from}) with ${ethAmount} ETH`,
      from,
      fromWallet: wallet !== undefined,
      ok: r.ok,
      sharesOut: r.sharesOut === null ? null : formatEther(r.sharesOut),
      gas: r.gas === null ? null : r.gas.toString(),
      gasCostEth: null,
      failure: r.failure,
    };
  }

  // A wallet's stakes per snapshot (one head block and index head): the page polls them, and each answer is four
  // index queries per pool plus a convertToAssets call per lot. At most STAKES_PER_SNAPSHOT wallets per snapshot.
  const stakesMemo = new WeakMap<Snapshot, Map<Address, Promise<RealStake[]>>>();

  function stakesOn(evm: EvmChain, snap: Snapshot, wallet: Address): Promise<RealStake[]> {
    let memo = stakesMemo.get(snap);
    if (!memo) stakesMemo.set(snap, (memo = new Map()));
    const hit = memo.get(wallet);
    if (hit) return hit;
    if (memo.size >= STAKES_PER_SNAPSHOT) memo.delete(memo.keys().next().value!);
    const value = readStakes(evm, snap, wallet);
    memo.set(wallet, value);
    value.catch(() => {
      if (memo.get(wallet) === value) memo.delete(wallet);
    });
    return value;
  }

  /** A wallet's deposits from the index, valued at the snapshot's block. */
  async function readStakes(evm: EvmChain, snap: Snapshot, wallet: Address): Promise<RealStake[]> {
    const out = await Promise.all(
      STAKING_POOLS.map((pool) => poolStakes(evm, poolView(snap, pool), snap.head, wallet)),
    );
    // Newest first.
    return out.flat().sort((a, b) => Number(BigInt(b.blockNumber) - BigInt(a.blockNumber)) || b.id.localeCompare(a.id));
  }

  async function poolStakes(evm: EvmChain, view: PoolView, head: BlockStamp, wallet: Address): Promise<RealStake[]> {
    const pool = view.state.pool;
    const [deposits, requests, claims, transfersOut] = await Promise.all([
      index.events({ contract: pool, eventName: "Deposit", args: { owner: wallet } }),
      index.events({ contract: pool, eventName: "WithdrawalRequested", args: { owner: wallet } }),
      index.events({ contract: pool, eventName: "WithdrawalClaimed", args: { owner: wallet } }),
      index.events({ contract: pool, eventName: "Transfer", args: { from: wallet } }),
    ]);
    if (deposits.length === 0) return [];
    const claimsById = new Map(claims.map((c) => [String(c.args.requestId), c]));
    const lots = allocate(
      deposits,
      requests,
      transfersOut.filter((t) => String(t.args.to).toLowerCase() !== ZERO),
    );
    const values = await Promise.all(
      lots.map((lot) => (lot.held > 0n ? convertToAssets(evm, pool, lot.held, head.number) : Promise.resolve(0n))),
    );
    return lots.map((lot, i) => stakeOf(view, lot, values[i]!, claimsById, head));
  }

  /** A deposit as the page shows it, valued at `head`. */
  function stakeOf(
    view: PoolView,
    lot: Lot,
    currentValue: bigint,
    claimsById: Map<string, IndexedEvent>,
    head: BlockStamp,
  ): RealStake {
    const pool = view.state.pool;
    const assets = BigInt(lot.deposit.args.assets as string);
    const shares = BigInt(lot.deposit.args.shares as string);
    // What the shares still counted cost: a deposit's shares sent away are no longer its gain or loss.
    const basis = shares === 0n ? 0n : (assets * (shares - lot.transferred)) / shares;
    const withdrawals = lot.started.map((r) =>
      withdrawalOf(r, claimsById.get(String(r.args.requestId)), head.timestamp),
    );
    const status = lot.held > 0n ? "confirmed" : withdrawals.some((w) => !w.claimed) ? "withdrawing" : "withdrawn";
    return {
      id: `${pool}:${lot.deposit.transactionHash.toLowerCase()}:${lot.deposit.logIndex}`,
      protocol: view.state.name,
      token: pool,
      contractAddress: view.state.address,
      ethAmount: formatEther(assets),
      status,
      timestamp: new Date(lot.deposit.blockTimestamp * 1000).toISOString(),
      blockNumber: lot.deposit.blockNumber.toString(),
      estimatedRewards: expectedDailyRewards(formatEther(currentValue), view.yield.apy),
      transactionHash: lot.deposit.transactionHash.toLowerCase(),
      shares: formatEther(shares),
      sharesHeld: formatEther(lot.held),
      currentValue: formatEther(currentValue),
      rewardsEarned: formatEther(currentValue + lot.exitedAssets - basis),
      withdrawals,
    };
  }

  /**
   * The deposit as its receipt says, for when the index has not reached its block yet (a public chain's
   * confirmations): its shares counted as held, no withdrawals (none can be older than the index's head).
   */
  async function stakeFromReceipt(evm: EvmChain, snap: Snapshot, deposit: WalletDeposit): Promise<RealStake> {
    const view = poolView(snap, deposit.pool);
    const block = await evm.block(deposit.receipt.blockNumber);
    const event: IndexedEvent = {
      chainInstance: evm.chainInstance() ?? "",
      contract: deposit.pool,
      address: view.state.address,
      eventName: "Deposit",
      args: {
        sender: deposit.sender,
        owner: deposit.owner,
        assets: deposit.assets.toString(),
        shares: deposit.shares.toString(),
      },
      blockNumber: deposit.receipt.blockNumber,
      blockTimestamp: block.timestamp,
      logIndex: deposit.logIndex,
      transactionHash: deposit.receipt.transactionHash,
    };
    const [lot] = allocate([event], [], []);
    const value = await convertToAssets(evm, deposit.pool, lot!.held, snap.head.number);
    return stakeOf(view, lot!, value, new Map(), snap.head);
  }

  return {
    async protocols(wallet?: string): Promise<RealStakingProtocolsResponse> {
      const r = await deps.evm.run(async (evm) => {
        const [snap, balance] = await Promise.all([
          snapshot(evm),
          wallet ? evm.balance(getAddress(wallet)) : Promise.resolve(null),
        ]);
        return { snap, balance, network: evm.network };
      });
      return {
        protocols: r.snap.pools.map((p) => p.protocol),
        userBalance: r.balance === null ? null : formatEther(r.balance),
        recommendations: recommend(r.snap.pools),
        riskRule: RISK_RULE,
        apyRule: APY_RULE,
        network: r.network,
        asOfBlock: r.snap.head.number.toString(),
        source: r.source,
        reason: r.reason,
      };
    },

    async preview(q: {
      protocol: StakingPoolName;
      ethAmount: string;
      wallet?: string;
    }): Promise<RealStakingPreviewResponse> {
      const r = await deps.evm.run(async (evm) => {
        const snap = await snapshot(evm);
        const view = poolView(snap, q.protocol);
        checkAmount(view, q.ethAmount);
        if (view.state.paused)
          throw fieldError("protocol", `${view.state.name} is paused on chain: deposits are stopped`);
        const [shares, dry] = await Promise.all([
          previewDeposit(evm, q.protocol, parseEther(q.ethAmount), snap.head.number),
          q.wallet ? dryRunOf(evm, q.protocol, q.ethAmount, q.wallet as Address) : Promise.resolve(null),
        ]);
        return { snap, view, shares, dry };
      });
      return {
        protocol: { name: r.view.state.name, token: q.protocol, contractAddress: r.view.state.address },
        ethAmount: q.ethAmount,
        shares: formatEther(r.shares),
        estimatedDailyRewards: expectedDailyRewards(q.ethAmount, r.view.yield.apy),
        currentAPY: r.view.yield.apy,
        apySource: r.view.yield.source,
        dryRun: r.dry,
        asOfBlock: r.snap.head.number.toString(),
        source: r.source,
        reason: r.reason,
      };
    },

    async practiceMode(q: {
      protocol?: StakingPoolName;
      ethAmount?: string;
      wallet?: string;
    }): Promise<RealStakingPracticeResponse> {
      const r = await deps.evm.run(async (evm) => {
        const snap = await snapshot(evm);
        const recommendations = recommend(snap.pools);
        const pool = q.protocol ?? recommendations.smallest_test?.token ?? STAKING_POOLS[0];
        const min = poolView(snap, pool).state.minDeposit;
        const amount =
          q.ethAmount ?? formatEther(parseEther(RECOMMENDED_TEST_ETH) > min ? parseEther(RECOMMENDED_TEST_ETH) : min);
        // A practice run shows the chain's answer, a refusal included (below the minimum, paused).
        const dry = await dryRunOf(evm, pool, amount, q.wallet as Address | undefined);
        return { snap, recommendations, dry: { ...dry, protocol: pool, ethAmount: amount } };
      });
      return {
        practiceInfo: {
          purpose:
            "Try a real ETH stake without sending anything: the deposit you would sign is run against the chain with eth_call, so you see the shares it would mint and the gas it would use before you spend a wei.",
          benefits: [
            "See the exact shares a deposit mints now (the pool's own previewDeposit and depositEth), not an estimate",
            "Learn each pool's minimum, withdrawal delay and pause state before committing ETH",
            "Catch a refusal (below the minimum, a paused pool, too little ETH for gas) before it costs a transaction fee",
            `Start small: the recommended first test is ${RECOMMENDED_TEST_ETH} ETH, or the pool's minimum when that is higher`,
          ],
        },
        recommendations: r.recommendations,
        dryRun: r.dry,
        asOfBlock: r.snap.head.number.toString(),
        source: r.source,
        reason: r.reason,
      };
    },

    async stakes(wallet: string): Promise<RealStakingStakesResponse> {
      const owner = getAddress(wallet);
      const r = await deps.evm.run(async (evm) => {
        const snap = await snapshot(evm);
        return { snap, stakes: await stakesOn(evm, snap, owner) };
      });
      return {
        wallet: owner,
        stakes: r.stakes,
        chainTime: r.snap.head.timestamp,
        asOfBlock: r.snap.head.number.toString(),
        source: r.source,
        reason: r.reason,
      };
    },

    /**
     * A deposit the wallet sent (depositEth): read back from the live chain, checked against the request,
     * and answered from the index once the index holds its block. The same hash always answers the same
     * stake (its id is the deposit's transaction and log index).
     */
    async createStake(body: RealStakingCreateStakeRequest) {
      const evm = deps.evm.requireLive();
      if (poolDeployBlock(deps.chainId, body.protocol) === null) {
        throw new HttpError(
          "LEDGER_UNAVAILABLE",
          `${body.protocol} is not deployed on ${evm.network}: no deposit into it can be checked`,
          {
            ledger: "ethereum",
            retryAfterSeconds: 60,
          },
        );
      }
      const wallet = getAddress(body.walletAddress);
      const hash = body.transactionHash.toLowerCase() as Hash;
      const deposit = await readWalletDeposit(evm, body.protocol, hash, wallet, parseEther(body.ethAmount));
      const waitMs = deps.indexWaitMs ?? 5000;
      // Of this chain run: a restarted node's old, higher head must not answer for the new run's block.
      const indexed = await index.waitFor(deposit.receipt.blockNumber, waitMs, evm.chainInstance() ?? undefined);
      const snap = await snapshot(evm);
      const id = `${body.protocol}:${hash}:${deposit.logIndex}`;
      const listed = indexed ? (await stakesOn(evm, snap, wallet)).find((s) => s.id === id) : undefined;
      const view = poolView(snap, body.protocol);
      return {
        protocol: { name: view.state.name, token: body.protocol, contractAddress: view.state.address },
        stake: listed ?? (await stakeFromReceipt(evm, snap, deposit)),
        indexed: listed !== undefined,
        source: "live" as const,
        reason: null,
      };
    },

    /** Each pool's yield now (the liquid-staking feature reads these), cached per block. */
    async poolYields(): Promise<PoolYield[]> {
      const r = await deps.evm.run(async (evm) => ({ snap: await snapshot(evm) }));
      return r.snap.pools.map((p) => p.yield);
    },
  };
}

export type RealStakingService = ReturnType<typeof createRealStakingService>;
