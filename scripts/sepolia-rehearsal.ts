// The Sepolia deploy, rehearsed offline: Hardhat's in-process chain run as chain 11155111
// (HARDHAT_CHAIN_ID=11155111), with stand-ins for Circle's USDC and Chainlink's ETH/USD feed deployed first
// by an outside account, as the real ones exist on Sepolia before our deploy. It runs, on one chain:
//   misconfigured  the deploy with settings missing or wrong: must fail before sending anything
//   partial        a deploy that dies after the treasury + minting group: the map written after each
//                  group must keep what it finished
//   full           the deploy again, funded: must add only the missing groups
//   mismatch       the deploy with a USDC other than the reused vault's: must fail before sending anything
//   again          the deploy once more: must send nothing
//   dependent      the map loses the staking group: it is redeployed, and so is leverage, which holds the
//                  pools' addresses, while everything else is reused
// and prints one JSON report line with what the chain and the written map say; the test
// (contracts/suite/sepolia-rehearsal.test.ts) judges it. Maps go to the folder given as the argument.
//   HARDHAT_NETWORK=hardhat HARDHAT_CHAIN_ID=11155111 tsx scripts/sepolia-rehearsal.ts <map dir>

const hre: typeof import("hardhat") = require("hardhat");
import { readFile, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import path from "node:path";
import { parseAbi, parseUnits, type Address } from "viem";
import { deployAndWriteMap, mapWriter } from "./lib/deploy-and-write-map";
import { LIQUID_STAKING_POOLS } from "./lib/deploy-liquid-staking";
import { DEPLOY_SETTING_NAMES } from "./lib/deploy-settings";
import { deploySuite, MULTISIG_ADMINISTERED } from "./lib/deploy-suite";
import { role, SEPOLIA_CHAIN_ID } from "./lib/deploy-treasury";

const READ_ABI = parseAbi([
  "function hasRole(bytes32 role, address account) view returns (bool)",
  "function getOwners() view returns (address[])",
  "function getThreshold() view returns (uint256)",
  "function usdc() view returns (address)",
  "function priceFeed() view returns (address)",
  "function totalAssets() view returns (uint256)",
]);
const DEFAULT_ADMIN_ROLE = `0x${"00".repeat(32)}` as const;

async function main() {
  const dir = process.argv[2];
  if (!dir || !existsSync(dir)) throw new Error("usage: sepolia-rehearsal.ts <existing map dir>");
  // Only ever Hardhat's in-process chain: this script must not be able to send to a real network.
  if (hre.network.name !== "hardhat")
    throw new Error(`rehearsal: runs on the in-process chain only, not ${hre.network.name}`);
  const publicClient = await hre.viem.getPublicClient();
  const chainId = await publicClient.getChainId();
  if (chainId !== SEPOLIA_CHAIN_ID)
    throw new Error(`rehearsal: needs HARDHAT_CHAIN_ID=${SEPOLIA_CHAIN_ID}, the chain is ${chainId}`);

  const wallets = await hre.viem.getWalletClients();
  const deployer = wallets[0]!.account.address;
  const outsider = wallets[19]!;
  const nonce = () => publicClient.getTransactionCount({ address: deployer, blockTag: "pending" });
  const read = <T>(
    address: Address,
    functionName: "hasRole" | "getOwners" | "getThreshold" | "usdc" | "priceFeed" | "totalAssets",
    args: unknown[] = [],
  ) => publicClient.readContract({ address, abi: READ_ABI, functionName, args } as never) as Promise<T>;

  // What exists on Sepolia before us, deployed by somebody else.
  const usdc = await hre.viem.deployContract("MockUSDC", [outsider.account.address], { client: { wallet: outsider } });
  const feed = await hre.viem.deployContract("MockV3Aggregator", [outsider.account.address, 8, parseUnits("3000", 8)], {
    client: { wallet: outsider },
  });

  const accounts = (from: number, to: number) => wallets.slice(from, to).map((w) => w.account.address);
  const safeOwners = accounts(1, 4);
  const configured = {
    XQB_GENESIS_ADDRESSES: accounts(10, 17).join(","),
    USDC_ADDRESS: usdc.address,
    ETH_USD_FEED_ADDRESS: feed.address,
    SAFE_OWNERS: safeOwners.join(","),
  };
  const setEnv = (values: Partial<Record<(typeof DEPLOY_SETTING_NAMES)[number], string>>) => {
    for (const name of DEPLOY_SETTING_NAMES) {
      if (values[name] === undefined) delete process.env[name];
      else process.env[name] = values[name];
    }
  };
  const mapFile = path.join(dir, `${chainId}.ts`);

  /** Runs the deploy expecting it to fail; reports the message and whether anything was sent. */
  const failing = async (deploy: () => Promise<unknown> = () => deployAndWriteMap(hre, dir)) => {
    // cacheTime 0: viem caches the block number for 4 s on a chain it takes for Sepolia.
    const blockNumber = () => publicClient.getBlockNumber({ cacheTime: 0 });
    const [nonceBefore, blockBefore] = [await nonce(), await blockNumber()];
    let error: string | null = null;
    try {
      await deploy();
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
    }
    return {
      error,
      nonceBefore,
      nonceAfter: await nonce(),
      blockBefore,
      blockAfter: await blockNumber(),
      mapWritten: existsSync(mapFile),
    };
  };

  // Misconfigured: six genesis holders, no USDC, no Safe owners, and the default Chainlink feed, which has
  // no code on this rehearsal chain.
  setEnv({ XQB_GENESIS_ADDRESSES: accounts(10, 16).join(",") });
  const misconfigured = await failing();

  // A deploy that dies after its first group (the RPC drops, the faucet ETH runs out): deploySuite with the
  // writer deployAndWriteMap uses off the local chain, failing right after the first group was recorded.
  setEnv(configured);
  const write = mapWriter(hre, chainId, dir);
  const crashed = await failing(() =>
    deploySuite(hre, {
      mapDir: dir,
      onGroupDeployed: async (map) => {
        await write(map);
        throw new Error("connection to the RPC lost (rehearsed)");
      },
    }),
  );
  delete require.cache[mapFile];

  const partialMap = (require(mapFile) as { deployment: Record<string, { address: Address }> }).deployment;
  const partial = Object.fromEntries(Object.entries(partialMap).map(([n, d]) => [n, d.address]));

  const nonceBeforeFull = await nonce();
  const full = await deployAndWriteMap(hre, dir);
  const nonceAfterFull = await nonce();
  const at = (n: string) => full.deployment[n]!.address;
  const safe = at("TreasuryMultisig");
  const roles = Object.fromEntries(
    await Promise.all(
      MULTISIG_ADMINISTERED.map(async ([name, roleNames]) => {
        const held = async (r: `0x${string}`) => ({
          safe: await read<boolean>(at(name), "hasRole", [r, safe]),
          deployer: await read<boolean>(at(name), "hasRole", [r, deployer]),
        });
        const entry: Record<string, { safe: boolean; deployer: boolean }> = {
          DEFAULT_ADMIN_ROLE: await held(DEFAULT_ADMIN_ROLE),
        };
        for (const r of roleNames) entry[r] = await held(role(r));
        return [name, entry] as const;
      }),
    ),
  );
  const mapText = await readFile(mapFile, "utf8");
  delete require.cache[mapFile];

  const written = (require(mapFile) as { deployment: Record<string, { address: Address; external?: true }> })
    .deployment;

  // The same deploy pointed at another USDC than the one the reused vault holds.
  setEnv({ ...configured, USDC_ADDRESS: feed.address });
  const mismatch = await failing();

  setEnv(configured);
  const nonceBeforeAgain = await nonce();
  const again = await deployAndWriteMap(hre, dir);
  const nonceAfterAgain = await nonce();
  const againMapUnchanged = (await readFile(mapFile, "utf8")) === mapText;

  // The map loses WETH9: the staking group counts as missing and is deployed afresh; leverage, which holds
  // the old pools' addresses, must follow it; the rest is reused.
  const lost = (await readFile(mapFile, "utf8")).replace(/^ {2}WETH9: .*\n/m, "");
  await writeFile(mapFile, lost);
  const dependent = await deployAndWriteMap(hre, dir);
  const lendingCollaterals = await publicClient.readContract({
    address: dependent.deployment.LendingPool!.address,
    abi: parseAbi(["function collateralTokens() view returns (address[])"]),
    functionName: "collateralTokens",
  });

  const report = {
    chainId,
    deployer,
    standIns: { usdc: usdc.address, feed: feed.address },
    safeOwners,
    misconfigured,
    partial,
    full: {
      deployed: full.deployed,
      reused: full.reused,
      addresses: Object.fromEntries(Object.entries(full.deployment).map(([n, d]) => [n, d.address])),
      nonceBefore: nonceBeforeFull,
      nonceAfter: nonceAfterFull,
      safe: { owners: await read<Address[]>(safe, "getOwners"), threshold: await read<bigint>(safe, "getThreshold") },
      vault: {
        usdc: await read<Address>(at("TreasuryVault"), "usdc"),
        priceFeed: await read<Address>(at("TreasuryVault"), "priceFeed"),
      },
      // dead-shares seeds: the public-testnet stake (0.01 ETH per pool), not the local 1 ETH
      poolSeeds: Object.fromEntries(
        await Promise.all(
          LIQUID_STAKING_POOLS.map(async (p) => [p, String(await read<bigint>(at(p), "totalAssets"))] as const),
        ),
      ),
      roles,
    },
    map: {
      file: mapFile,
      entries: Object.fromEntries(
        Object.entries(written).map(([n, d]) => [n, { address: d.address, external: d.external ?? false }]),
      ),
      abis: await readFile(path.join(dir, "abis.ts"), "utf8"),
      index: await readFile(path.join(dir, "deployments.ts"), "utf8"),
    },
    mismatch,
    crashed: {
      error: crashed.error,
      nonceBefore: crashed.nonceBefore,
      nonceAfter: crashed.nonceAfter,
      mapWritten: crashed.mapWritten,
    },
    dependent: {
      deployed: dependent.deployed,
      reused: dependent.reused,
      pools: LIQUID_STAKING_POOLS.map((p) => dependent.deployment[p]!.address),
      oldPools: LIQUID_STAKING_POOLS.map((p) => full.deployment[p]!.address),
      lendingCollaterals,
      lendingPoolChanged: dependent.deployment.LendingPool!.address !== full.deployment.LendingPool!.address,
      vaultKept: dependent.deployment.TreasuryVault!.address === full.deployment.TreasuryVault!.address,
    },
    again: {
      deployed: again.deployed,
      reused: again.reused,
      nonceBefore: nonceBeforeAgain,
      nonceAfter: nonceAfterAgain,
      mapUnchanged: againMapUnchanged,
    },
  };
  console.log(JSON.stringify(report, (_, v) => (typeof v === "bigint" ? v.toString() : v)));
}

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
