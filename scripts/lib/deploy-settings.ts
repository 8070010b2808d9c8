// Everything the suite's deploy needs from the environment, read and checked before the first transaction.
// On a public chain a setting found missing halfway would leave a half-deployed suite and spent gas, so
// every problem is collected and reported at once, and nothing is sent until the list is empty.
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import { getAddress, isAddress, zeroAddress, type Address } from "viem";
import { GENESIS_ALLOCATION, type GenesisLabel } from "./deploy-minting";
import { LOCAL_CHAIN_ID, SEPOLIA_CHAIN_ID, SEPOLIA_ETH_USD_FEED } from "./deploy-treasury";

/** Number of Safe owners SAFE_OWNERS must name: the treasury multisig is a 2-of-3. */
export const SAFE_OWNER_COUNT = 3;

/** What the deploy passes on to the group deploy functions; undefined means "the local default". */
export interface DeploySettings {
  chainId: number;
  deployer: Address;
  genesis?: Record<GenesisLabel, Address>;
  usdc?: Address;
  priceFeed?: Address;
  safeOwners?: Address[];
}

const env = (name: string) => process.env[name]?.trim() || undefined;

/** Parses a comma-separated address list; returns the problem instead of throwing. */
function addressList(name: string, raw: string, count: number): Address[] | string {
  const list = raw.split(",").map((s) => s.trim());
  const bad = list.filter((a) => !isAddress(a) || a.toLowerCase() === zeroAddress);
  if (list.length !== count || bad.length > 0) {
    return `${name} must be ${count} comma-separated non-zero addresses (got ${list.length}${bad.length ? `, not addresses: ${bad.join(" ")}` : ""})`;
  }
  const out = list.map((a) => getAddress(a));
  if (new Set(out).size !== out.length) return `${name} names the same address twice`;
  return out;
}

/**
 * Reads XQB_GENESIS_ADDRESSES, USDC_ADDRESS, ETH_USD_FEED_ADDRESS and SAFE_OWNERS. On the local chain each
 * may be unset (dev accounts and mocks stand in); on any other chain the first three lists and USDC are
 * required, the feed defaults to Chainlink's on Sepolia, and every named contract must have code. Throws
 * one error listing every problem; sends nothing.
 */
export async function readDeploySettings(hre: HardhatRuntimeEnvironment): Promise<DeploySettings> {
  const publicClient = await hre.viem.getPublicClient();
  const chainId = await publicClient.getChainId();
  const local = chainId === LOCAL_CHAIN_ID;
  const problems: string[] = [];
  const required = (name: string, what: string) => {
    if (!local) problems.push(`${name} is not set: ${what}`);
  };

  const [wallet] = await hre.viem.getWalletClients();
  if (!wallet) problems.push("no account to deploy from (EVM_PRIVATE_KEY)");

  let genesis: DeploySettings["genesis"];
  const genesisRaw = env("XQB_GENESIS_ADDRESSES");
  if (genesisRaw) {
    const list = addressList("XQB_GENESIS_ADDRESSES", genesisRaw, GENESIS_ALLOCATION.length);
    if (typeof list === "string") problems.push(list);
    else genesis = Object.fromEntries(GENESIS_ALLOCATION.map((g, i) => [g.label, list[i]!])) as Record<GenesisLabel, Address>;
  } else {
    required("XQB_GENESIS_ADDRESSES", `the XQB genesis holders, ${GENESIS_ALLOCATION.length} addresses in the order ${GENESIS_ALLOCATION.map((g) => g.label).join(", ")}`);
  }

  const contractAt = async (name: string, raw: string | undefined): Promise<Address | undefined> => {
    if (!raw) return undefined;
    if (!isAddress(raw)) {
      problems.push(`${name}=${raw} is not an address`);
      return undefined;
    }
    const address = getAddress(raw);
    // A typo or a mainnet address would deploy a vault that can never price or move its collateral.
    if (((await publicClient.getCode({ address })) ?? "0x") === "0x") problems.push(`${name} ${address} has no contract on chain ${chainId}`);
    return address;
  };

  const usdc = await contractAt("USDC_ADDRESS", env("USDC_ADDRESS"));
  if (!env("USDC_ADDRESS")) required("USDC_ADDRESS", "the USDC token the treasury vault takes (Circle's test USDC on Sepolia)");

  const feedRaw = env("ETH_USD_FEED_ADDRESS") ?? (chainId === SEPOLIA_CHAIN_ID ? SEPOLIA_ETH_USD_FEED : undefined);
  const priceFeed = await contractAt(env("ETH_USD_FEED_ADDRESS") ? "ETH_USD_FEED_ADDRESS" : "ETH_USD_FEED_ADDRESS (default: Chainlink's Sepolia feed)", feedRaw);
  if (!feedRaw) required("ETH_USD_FEED_ADDRESS", "a Chainlink-style ETH/USD feed (8 decimals)");

  let safeOwners: Address[] | undefined;
  const ownersRaw = env("SAFE_OWNERS");
  if (ownersRaw) {
    const list = addressList("SAFE_OWNERS", ownersRaw, SAFE_OWNER_COUNT);
    if (typeof list === "string") problems.push(list);
    else safeOwners = list;
  } else {
    required("SAFE_OWNERS", `the treasury multisig's ${SAFE_OWNER_COUNT} owners (2 of them sign)`);
  }

  if (problems.length > 0) {
    throw new Error(`deploy: chain ${chainId} is not configured; nothing was sent:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
  return { chainId, deployer: getAddress(wallet!.account.address), genesis, usdc, priceFeed, safeOwners };
}
