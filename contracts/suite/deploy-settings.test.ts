// The deploy's settings (scripts/lib/deploy-settings.ts), read on the local chain: optional here, but a
// value that is set must be right, and every problem is reported at once, before anything is sent. The
// non-local rules (required settings, the Sepolia feed default) run in sepolia-rehearsal.test.ts.
import hre from "hardhat";
import { afterEach, describe, expect, it } from "vitest";
import { getAddress } from "viem";
import { LOCAL_GENESIS_ADDRESSES } from "../../scripts/lib/deploy-minting";
import { readDeploySettings } from "../../scripts/lib/deploy-settings";

const NAMES = ["XQB_GENESIS_ADDRESSES", "USDC_ADDRESS", "ETH_USD_FEED_ADDRESS", "SAFE_OWNERS"] as const;
const saved = Object.fromEntries(NAMES.map((n) => [n, process.env[n]]));
afterEach(() => {
  for (const n of NAMES) {
    if (saved[n] === undefined) delete process.env[n];
    else process.env[n] = saved[n];
  }
});

describe("readDeploySettings on the local chain", () => {
  it("leaves everything to the local defaults when nothing is set", async () => {
    for (const n of NAMES) delete process.env[n];
    const s = await readDeploySettings(hre);
    expect(s).toMatchObject({ chainId: 31337, genesis: undefined, usdc: undefined, priceFeed: undefined, safeOwners: undefined });
  });

  it("lists every bad setting in one error and sends nothing", async () => {
    const publicClient = await hre.viem.getPublicClient();
    const block = await publicClient.getBlockNumber({ cacheTime: 0 });
    process.env.XQB_GENESIS_ADDRESSES = "0x1,0x2";
    process.env.USDC_ADDRESS = "0x000000000000000000000000000000000000bEEF"; // no code here
    process.env.ETH_USD_FEED_ADDRESS = "not-an-address";
    const dev = Object.values(LOCAL_GENESIS_ADDRESSES);
    process.env.SAFE_OWNERS = [dev[0], dev[0], dev[1]].join(",");
    const err = await readDeploySettings(hre).then(
      () => null,
      (e: Error) => e.message,
    );
    expect(err).toMatch(/nothing was sent/);
    expect(err).toMatch(/XQB_GENESIS_ADDRESSES must be 7 comma-separated non-zero addresses \(got 2, not addresses: 0x1 0x2\)/);
    expect(err).toMatch(/USDC_ADDRESS 0x000000000000000000000000000000000000bEEF has no contract on chain 31337/);
    expect(err).toMatch(/ETH_USD_FEED_ADDRESS=not-an-address is not an address/);
    expect(err).toMatch(/SAFE_OWNERS names the same address twice/);
    expect(await publicClient.getBlockNumber({ cacheTime: 0 })).toBe(block);
  });

  it("passes well-formed values on, checksummed", async () => {
    for (const n of NAMES) delete process.env[n];
    const dev = Object.values(LOCAL_GENESIS_ADDRESSES);
    process.env.XQB_GENESIS_ADDRESSES = dev.map((a) => a.toLowerCase()).join(",");
    process.env.SAFE_OWNERS = dev.slice(0, 3).join(" , ");
    const s = await readDeploySettings(hre);
    expect(Object.values(s.genesis!)).toEqual(dev.map((a) => getAddress(a)));
    expect(s.safeOwners).toEqual(dev.slice(0, 3).map((a) => getAddress(a)));
  });
});
