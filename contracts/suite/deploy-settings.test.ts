// The deploy's settings (scripts/lib/deploy-settings.ts). On the local chain they are ignored: dev accounts
// and mocks always stand in, so a .env made for Sepolia cannot change what `npm start` deploys. Off it,
// parseDeploySettings requires and checks them; here it runs against this chain's real code (what has a
// contract and what does not), and sepolia-rehearsal.test.ts runs the whole deploy with it on chain 11155111.
import hre from "hardhat";
import { afterEach, describe, expect, it } from "vitest";
import { getAddress, type Address } from "viem";
import { LOCAL_GENESIS_ADDRESSES } from "../../scripts/lib/deploy-minting";
import { DEPLOY_SETTING_NAMES, parseDeploySettings, readDeploySettings } from "../../scripts/lib/deploy-settings";
import { SEPOLIA_CHAIN_ID } from "../../scripts/lib/deploy-treasury";
import { restoreChainAfterFile } from "../testing/chain";

restoreChainAfterFile();
const NAMES = DEPLOY_SETTING_NAMES;
const saved = Object.fromEntries(NAMES.map((n) => [n, process.env[n]]));
afterEach(() => {
  for (const n of NAMES) {
    if (saved[n] === undefined) delete process.env[n];
    else process.env[n] = saved[n];
  }
});

const dev = Object.values(LOCAL_GENESIS_ADDRESSES);
/** This chain, introduced as another chain id: what has code is really checked. */
async function chainAs(chainId: number) {
  const publicClient = await hre.viem.getPublicClient();
  return { chainId, hasCode: async (address: Address) => ((await publicClient.getCode({ address })) ?? "0x") !== "0x" };
}

describe("deploy settings", () => {
  it("are ignored on the local chain, even when set and wrong", async () => {
    process.env.XQB_GENESIS_ADDRESSES = "0x1,0x2";
    process.env.USDC_ADDRESS = "0x000000000000000000000000000000000000bEEF";
    process.env.SAFE_OWNERS = dev.slice(0, 3).join(",");
    const [wallet] = await hre.viem.getWalletClients();
    expect(await readDeploySettings(hre)).toEqual({ chainId: 31337, deployer: getAddress(wallet!.account.address) });
  });

  it("off the local chain, list every missing or bad one at once", async () => {
    const usdc = await hre.viem.deployContract("MockUSDC", [dev[0]!]);
    const { problems } = await parseDeploySettings(
      {
        XQB_GENESIS_ADDRESSES: "0x1,0x2",
        USDC_ADDRESS: "0x000000000000000000000000000000000000bEEF", // no code on this chain
        ETH_USD_FEED_ADDRESS: "not-an-address",
        SAFE_OWNERS: [dev[0], dev[0], dev[1]].join(","),
      },
      await chainAs(SEPOLIA_CHAIN_ID),
    );
    expect(problems).toEqual([
      "XQB_GENESIS_ADDRESSES must be 7 comma-separated non-zero addresses (got 2, not addresses: 0x1 0x2)",
      `USDC_ADDRESS 0x000000000000000000000000000000000000bEEF has no contract on chain ${SEPOLIA_CHAIN_ID}`,
      "ETH_USD_FEED_ADDRESS=not-an-address is not an address",
      "SAFE_OWNERS names the same address twice",
    ]);
    // and nothing at all: every required one is named, and Sepolia's default feed is checked for code
    const empty = await parseDeploySettings({}, await chainAs(SEPOLIA_CHAIN_ID));
    expect(empty.problems.map((p) => p.split(" ")[0])).toEqual([
      "XQB_GENESIS_ADDRESSES",
      "USDC_ADDRESS",
      "ETH_USD_FEED_ADDRESS",
      "SAFE_OWNERS",
    ]);
    expect(empty.problems[2]).toMatch(/default: Chainlink's Sepolia feed.*has no contract/);
    // a chain that is neither local nor Sepolia has no default feed
    const other = await parseDeploySettings({ USDC_ADDRESS: usdc.address }, await chainAs(5));
    expect(other.problems).toContain("ETH_USD_FEED_ADDRESS is not set: a Chainlink-style ETH/USD feed (8 decimals)");
  });

  it("off the local chain, pass well-formed values on, checksummed", async () => {
    const usdc = await hre.viem.deployContract("MockUSDC", [dev[0]!]);
    const feed = await hre.viem.deployContract("MockV3Aggregator", [dev[0]!, 8, 3000n * 10n ** 8n]);
    const { settings, problems } = await parseDeploySettings(
      {
        XQB_GENESIS_ADDRESSES: dev.map((a) => a.toLowerCase()).join(","),
        USDC_ADDRESS: usdc.address.toLowerCase(),
        ETH_USD_FEED_ADDRESS: ` ${feed.address} `,
        SAFE_OWNERS: dev.slice(0, 3).join(" , "),
      },
      await chainAs(SEPOLIA_CHAIN_ID),
    );
    expect(problems).toEqual([]);
    expect(Object.values(settings.genesis!)).toEqual(dev.map((a) => getAddress(a)));
    expect(settings.usdc).toBe(getAddress(usdc.address));
    expect(settings.priceFeed).toBe(getAddress(feed.address));
    expect(settings.safeOwners).toEqual(dev.slice(0, 3).map((a) => getAddress(a)));
  });
});
