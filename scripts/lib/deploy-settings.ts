// Everything the suite's deploy needs from the environment, read and checked before the first transaction.
// On a public chain a setting found missing halfway would leave a half-deployed suite and spent gas, so
// every problem is collected and reported at once, and nothing is sent until the list is empty.
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import { getAddress, isAddress, zeroAddress, type Address } from "viem";
import { GENESIS_ALLOCATION, type GenesisLabel } from "./deploy-minting";
import { LOCAL_CHAIN_ID, SEPOLIA_CHAIN_ID, SEPOLIA_ETH_USD_FEED } from "./deploy-treasury";

/** The environment variables a deploy off the local chain reads (and nothing else reads them). */
export const DEPLOY_SETTING_NAMES = [
  "XQB_GENESIS_ADDRESSES",
  "USDC_ADDRESS",
  "ETH_USD_FEED_ADDRESS",
  "SAFE_OWNERS",
] as const;

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

/** The chain the settings are checked against. */
export interface SettingsChain {
  chainId: number;
  hasCode(address: Address): Promise<boolean>;
}

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
 * Parses XQB_GENESIS_ADDRESSES, USDC_ADDRESS, ETH_USD_FEED_ADDRESS and SAFE_OWNERS from `env` for a chain
 * other than the local one: the genesis holders, USDC and the Safe owners are required, the feed defaults
 * to Chainlink's on Sepolia, and every named contract must have code on `chain`. Returns every problem.
 */
export async function parseDeploySettings(
  env: Readonly<Record<string, string | undefined>>,
  chain: SettingsChain,
): Promise<{ settings: Omit<DeploySettings, "chainId" | "deployer">; problems: string[] }> {
  const value = (name: string) => env[name]?.trim() || undefined;
  const problems: string[] = [];
  const settings: Omit<DeploySettings, "chainId" | "deployer"> = {};

  const genesisRaw = value("XQB_GENESIS_ADDRESSES");
  if (genesisRaw) {
    const list = addressList("XQB_GENESIS_ADDRESSES", genesisRaw, GENESIS_ALLOCATION.length);
    if (typeof list === "string") problems.push(list);
    else
      settings.genesis = Object.fromEntries(GENESIS_ALLOCATION.map((g, i) => [g.label, list[i]!])) as Record<
        GenesisLabel,
        Address
      >;
  } else {
    problems.push(
      `XQB_GENESIS_ADDRESSES is not set: the XQB genesis holders, ${GENESIS_ALLOCATION.length} addresses in the order ${GENESIS_ALLOCATION.map((g) => g.label).join(", ")}`,
    );
  }

  const contractAt = async (name: string, raw: string): Promise<Address | undefined> => {
    if (!isAddress(raw)) {
      problems.push(`${name}=${raw} is not an address`);
      return undefined;
    }
    const address = getAddress(raw);
    // A typo or a mainnet address would deploy a vault that can never price or move its collateral.
    if (!(await chain.hasCode(address))) problems.push(`${name} ${address} has no contract on chain ${chain.chainId}`);
    return address;
  };

  const usdcRaw = value("USDC_ADDRESS");
  if (usdcRaw) settings.usdc = await contractAt("USDC_ADDRESS", usdcRaw);
  else
    problems.push("USDC_ADDRESS is not set: the USDC token the treasury vault takes (Circle's test USDC on Sepolia)");

  const feedRaw = value("ETH_USD_FEED_ADDRESS");
  if (feedRaw) settings.priceFeed = await contractAt("ETH_USD_FEED_ADDRESS", feedRaw);
  else if (chain.chainId === SEPOLIA_CHAIN_ID)
    settings.priceFeed = await contractAt(
      "ETH_USD_FEED_ADDRESS (default: Chainlink's Sepolia feed)",
      SEPOLIA_ETH_USD_FEED,
    );
  else problems.push("ETH_USD_FEED_ADDRESS is not set: a Chainlink-style ETH/USD feed (8 decimals)");

  const ownersRaw = value("SAFE_OWNERS");
  if (ownersRaw) {
    const list = addressList("SAFE_OWNERS", ownersRaw, SAFE_OWNER_COUNT);
    if (typeof list === "string") problems.push(list);
    else settings.safeOwners = list;
  } else {
    problems.push(`SAFE_OWNERS is not set: the treasury multisig's ${SAFE_OWNER_COUNT} owners (2 of them sign)`);
  }
  return { settings, problems };
}

/**
 * The settings of this deploy. On the local chain there are none: dev accounts and mocks always stand in,
 * whatever the environment says, so a .env prepared for Sepolia does not leak into `npm start` and the
 * committed 31337 map stays true. Elsewhere parseDeploySettings(process.env); throws one error listing
 * every problem, before anything is sent.
 */
export async function readDeploySettings(hre: HardhatRuntimeEnvironment): Promise<DeploySettings> {
  const publicClient = await hre.viem.getPublicClient();
  const chainId = await publicClient.getChainId();
  const [wallet] = await hre.viem.getWalletClients();
  const hasCode = async (address: Address) => ((await publicClient.getCode({ address })) ?? "0x") !== "0x";
  const { settings, problems } =
    chainId === LOCAL_CHAIN_ID
      ? { settings: {}, problems: [] }
      : await parseDeploySettings(process.env, { chainId, hasCode });
  if (!wallet) problems.unshift("no account to deploy from (EVM_PRIVATE_KEY)");
  if (problems.length > 0) {
    throw new Error(
      `deploy: chain ${chainId} is not configured; nothing was sent:\n${problems.map((p) => `  - ${p}`).join("\n")}`,
    );
  }
  return { chainId, deployer: getAddress(wallet!.account.address), ...settings };
}
