// The deployed world the property test drives: the minting/treasury, liquid-staking and leverage groups deployed
// with the deployer (dev account 0) keeping every admin, pauser, keeper and price-updater role, four actors
// (dev accounts 1-4) funded with ETH, WETH and USDC and with every approval granted once, and thin RPC helpers
// that keep the per-action overhead low (one eth_sendTransaction + one receipt per write; one eth_call for a
// whole batch of views through StaticBatch).
import hre from "hardhat";
import {
  decodeErrorResult,
  decodeFunctionResult,
  encodeFunctionData,
  getAddress,
  maxUint256,
  parseEther,
  parseEventLogs,
  parseUnits,
  type Abi,
  type Address,
  type Hex,
  type Log,
} from "viem";
import { deployMinting, LOCAL_GENESIS_ADDRESSES } from "../../scripts/lib/deploy-minting";
import {
  deployLiquidStaking,
  LIQUID_STAKING_POOLS,
  type LiquidStakingPoolName,
} from "../../scripts/lib/deploy-liquid-staking";
import { deployLeverage } from "../../scripts/lib/deploy-leverage";

export const ACTOR_NAMES = ["alice", "bob", "carol", "dave"] as const;
export type ActorName = (typeof ACTOR_NAMES)[number];
export const POOLS = LIQUID_STAKING_POOLS;
export type PoolName = LiquidStakingPoolName;
export const DEAD: Address = "0x000000000000000000000000000000000000dEaD";

/**
 * Lending liquidity seeded by the deployer. Far lower than the deploy default (500 ETH) on purpose: with 20 ETH
 * one actor's borrow pushes utilisation past the kink, so interest outruns the LST rewards within a few
 * simulated months and lending liquidations (and bad debt) become reachable in 50 actions.
 */
export const LENDING_SEED = parseEther("20");

/**
 * Positions open at the start of every run: 10 ETH staked and posted as collateral, and a borrow of 7.9 ETH
 * (79% LTV, health factor 85/79 = 1.076). One 10% loss on the pool puts its borrower under water; two
 * leave collateral worth less than debt + the 5% bonus (8.1 < 8.295), so a liquidation must write bad debt
 * off. Together they use 15.8 of the 20 ETH seeded (79% utilisation, just under the kink).
 */
const OPENING_STAKE = parseEther("10");
const OPENING_POSITIONS: readonly (readonly [ActorName, PoolName, bigint])[] = [
  ["carol", "qETH", parseEther("7.9")],
  ["dave", "xqbETH", parseEther("7.9")],
];

const abi = (name: string) => hre.artifacts.readArtifactSync(name).abi as Abi;

export async function deployWorld() {
  const wallets = await hre.viem.getWalletClients();
  const deployer = getAddress(wallets[0]!.account.address);
  const actors = Object.fromEntries(
    ACTOR_NAMES.map((n, i) => [n, getAddress(wallets[i + 1]!.account.address)]),
  ) as Record<ActorName, Address>;

  const m = await deployMinting(hre);
  const ls = await deployLiquidStaking(hre);
  const lev = await deployLeverage(hre, {
    weth: ls.WETH9.address,
    lsts: POOLS.map((p) => ls[p].address),
    seedLiquidityWei: LENDING_SEED,
  });
  const batch = await hre.viem.deployContract("StaticBatch", []);

  const addr = {
    xqb: getAddress(m.XQBToken.address),
    xqbusd: getAddress(m.XQBUSD.address),
    vault: getAddress(m.TreasuryVault.address),
    minter: getAddress(m.XQBMinter.address),
    usdc: getAddress(m.MockUSDC!.address),
    feed: getAddress(m.MockV3Aggregator!.address),
    weth: getAddress(ls.WETH9.address),
    lending: getAddress(lev.LendingPool.address),
    batch: getAddress(batch.address),
    pools: Object.fromEntries(POOLS.map((p) => [p, getAddress(ls[p].address)])) as Record<PoolName, Address>,
  };
  const abis = {
    xqb: abi("XQBToken"),
    xqbusd: abi("XQBUSD"),
    vault: abi("TreasuryVault"),
    minter: abi("XQBMinter"),
    usdc: abi("MockUSDC"),
    feed: abi("MockV3Aggregator"),
    weth: abi("WETH9"),
    pool: abi("LiquidStakingPool"),
    lending: abi("LendingPool"),
    batch: abi("StaticBatch"),
  };

  const world = { deployer, actors, addr, abis, errors: errorAbi(Object.values(abis)) };

  // Funding: 1,000 WETH and 10,000,000 USDC per actor; every spender approved once for good.
  for (const name of ACTOR_NAMES) {
    const a = actors[name];
    await send(world, a, addr.weth, abis.weth, "deposit", [], parseEther("1000"));
    await send(world, a, addr.weth, abis.weth, "approve", [addr.lending, maxUint256]);
    await send(world, deployer, addr.usdc, abis.usdc, "mint", [a, parseUnits("10000000", 6)]);
    await send(world, a, addr.usdc, abis.usdc, "approve", [addr.vault, maxUint256]);
    for (const p of POOLS) await send(world, a, addr.pools[p], abis.pool, "approve", [addr.lending, maxUint256]);
  }

  // Open borrowers at the start of every run, so a run does not spend its 50 actions reaching a state where
  // lending liquidations (and, after losses or long accruals, bad debt) can happen at all.
  for (const [name, pool, borrow] of OPENING_POSITIONS) {
    const a = actors[name];
    await send(world, a, addr.pools[pool], abis.pool, "depositEth", [a], OPENING_STAKE);
    const shares = (
      await readAll(world, [{ to: addr.pools[pool], abi: abis.pool, fn: "balanceOf", args: [a] }])
    )[0] as bigint;
    await send(world, a, addr.lending, abis.lending, "supplyCollateral", [addr.pools[pool], shares, a]);
    await send(world, a, addr.lending, abis.lending, "borrow", [borrow, a, a]);
  }
  return world;
}
export type World = Awaited<ReturnType<typeof deployWorld>>;

/** Every token whose supply is checked against its holders, with the ABI of its Transfer event. */
export function trackedTokens(w: World): { label: string; address: Address }[] {
  return [
    { label: "XQB", address: w.addr.xqb },
    { label: "XQBUSD", address: w.addr.xqbusd },
    ...POOLS.map((p) => ({ label: p, address: w.addr.pools[p] })),
  ];
}

/** The holders known at deploy time: the genesis buckets, the dead-shares holder, everyone in the world. */
export function initialHolders(w: World): Address[] {
  return [
    ...Object.values(LOCAL_GENESIS_ADDRESSES).map((a) => getAddress(a)),
    DEAD,
    w.deployer,
    ...Object.values(w.actors),
    w.addr.vault,
    w.addr.minter,
    w.addr.lending,
    ...POOLS.map((p) => w.addr.pools[p]),
  ];
}

/** All custom errors of the suite in one ABI (a revert can come from any contract down the call chain). */
function errorAbi(abis: Abi[]): Abi {
  const seen = new Map<string, Abi[number]>();
  for (const a of abis) {
    for (const item of a) {
      if (item.type !== "error") continue;
      const key = `${item.name}(${item.inputs.map((i) => i.type).join(",")})`;
      if (!seen.has(key)) seen.set(key, item);
    }
  }
  return [...seen.values()];
}

// ---------------------------------------------------------------------------------------------------
// writes

export interface Sent {
  ok: true;
  logs: Log[];
  blockNumber: bigint;
}
export interface Reverted {
  ok: false;
  /** The decoded custom error's name ("Panic"/"Error" for those), or "?" when there was no revert data. */
  error: string;
  args: readonly unknown[];
  raw: string;
}
export type Outcome = Sent | Reverted;

const GAS = 3_000_000n;

/**
 * Sends `functionName(args)` from `from` to `to` through the in-process provider: no gas estimation (a fixed
 * limit), no fee lookups, automine, then one receipt read. A revert comes back as a decoded custom error.
 */
export async function send(
  w: Pick<World, "errors">,
  from: Address,
  to: Address,
  contractAbi: Abi,
  functionName: string,
  args: readonly unknown[],
  value = 0n,
): Promise<Outcome> {
  const data = encodeFunctionData({ abi: contractAbi, functionName, args });
  let hash: Hex;
  try {
    hash = (await hre.network.provider.request({
      method: "eth_sendTransaction",
      params: [{ from, to, data, value: `0x${value.toString(16)}`, gas: `0x${GAS.toString(16)}` }],
    })) as Hex;
  } catch (e) {
    return decodeRevert(w, e);
  }
  const r = (await hre.network.provider.request({ method: "eth_getTransactionReceipt", params: [hash] })) as {
    status: Hex;
    logs: Log[];
    blockNumber: Hex;
  } | null;
  if (!r) throw new Error(`no receipt for ${functionName} (${hash})`);
  if (r.status !== "0x1") return { ok: false, error: "?", args: [], raw: `status ${r.status}` };
  return { ok: true, logs: r.logs, blockNumber: BigInt(r.blockNumber) };
}

function decodeRevert(w: Pick<World, "errors">, e: unknown): Reverted {
  const err = e as { message?: string; data?: unknown };
  const data = typeof err.data === "string" ? err.data : (err.data as { data?: unknown } | undefined)?.data;
  const raw = String(err.message ?? e).split("\n")[0]!;
  if (typeof data !== "string" || !/^0x[0-9a-fA-F]{8}/.test(data)) return { ok: false, error: "?", args: [], raw };
  try {
    const d = decodeErrorResult({ abi: w.errors, data: data as Hex });
    return { ok: false, error: d.errorName, args: (d.args ?? []) as readonly unknown[], raw };
  } catch {
    return { ok: false, error: `unknown(${data.slice(0, 10)})`, args: [], raw };
  }
}

export async function rpc(method: string, params: unknown[] = []) {
  return hre.network.provider.request({ method, params });
}

export function events(logs: Log[], contractAbi: Abi, eventName: string, address?: Address) {
  return (
    parseEventLogs({ abi: contractAbi, logs, eventName, strict: false }) as unknown as {
      address: Address;
      args: Record<string, unknown>;
    }[]
  ).filter((l) => !address || getAddress(l.address) === address);
}

// ---------------------------------------------------------------------------------------------------
// batched reads

export interface Call {
  to: Address;
  abi: Abi;
  fn: string;
  args?: readonly unknown[];
}

/**
 * Runs every call in one eth_call through StaticBatch and decodes each result (single-output functions come
 * back unwrapped). A reverting view throws, naming the call: the invariants only read views that must work.
 */
export async function readAll(w: World, calls: readonly Call[]): Promise<unknown[]> {
  const data = encodeFunctionData({
    abi: w.abis.batch,
    functionName: "read",
    args: [
      calls.map((c) => c.to),
      calls.map((c) => encodeFunctionData({ abi: c.abi, functionName: c.fn, args: c.args ?? [] })),
    ],
  });
  const out = (await rpc("eth_call", [{ to: w.addr.batch, data }, "latest"])) as Hex;
  const results = decodeFunctionResult({ abi: w.abis.batch, functionName: "read", data: out }) as readonly {
    ok: boolean;
    data: Hex;
  }[];
  return results.map((r, i) => {
    const c = calls[i]!;
    if (!r.ok) throw new Error(`view ${c.fn}(${(c.args ?? []).join(", ")}) on ${c.to} reverted: ${r.data}`);
    return decodeFunctionResult({ abi: c.abi, functionName: c.fn, data: r.data });
  });
}

export const ethBalance = (w: World, who: Address): Call => ({
  to: w.addr.batch,
  abi: w.abis.batch,
  fn: "ethBalance",
  args: [who],
});
