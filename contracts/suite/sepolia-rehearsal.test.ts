// The Sepolia deploy path, rehearsed offline (this machine cannot reach Sepolia). scripts/sepolia-rehearsal.ts
// runs in its own process because Hardhat's runtime is a per-process singleton and this worker's in-process
// chain is 31337; the child's is 11155111 (HARDHAT_CHAIN_ID), so deploySuite takes its non-local path.
// Maps go to a temporary copy of contracts/generated, never to the committed one.
import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEPLOY_SETTING_NAMES } from "../../scripts/lib/deploy-settings";

const ROOT = path.resolve(__dirname, "../..");

interface FailedRun {
  error: string | null;
  nonceBefore: number;
  nonceAfter: number;
  blockBefore: string;
  blockAfter: string;
  mapWritten: boolean;
}
interface Report {
  chainId: number;
  deployer: string;
  standIns: { usdc: string; feed: string };
  safeOwners: string[];
  misconfigured: FailedRun;
  partial: Record<string, string>;
  crashed: { error: string | null; nonceBefore: number; nonceAfter: number; mapWritten: boolean };
  dependent: {
    deployed: string[];
    reused: string[];
    pools: string[];
    oldPools: string[];
    lendingCollaterals: string[];
    lendingPoolChanged: boolean;
    vaultKept: boolean;
  };
  full: {
    deployed: string[];
    reused: string[];
    addresses: Record<string, string>;
    nonceBefore: number;
    nonceAfter: number;
    safe: { owners: string[]; threshold: string };
    vault: { usdc: string; priceFeed: string };
    poolSeeds: Record<string, string>;
    roles: Record<string, Record<string, { safe: boolean; deployer: boolean }>>;
  };
  map: { file: string; entries: Record<string, { address: string; external: boolean }>; abis: string; index: string };
  mismatch: FailedRun;
  again: { deployed: string[]; reused: string[]; nonceBefore: number; nonceAfter: number; mapUnchanged: boolean };
}

const lower = (xs: string[]) => xs.map((x) => x.toLowerCase()).sort();

describe("the Sepolia deploy, rehearsed on an in-process chain with id 11155111", () => {
  let dir: string;
  let r: Report;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "sepolia-rehearsal-"));
    // The committed maps as they are, so the run also shows what a Sepolia deploy does to the local map's ABIs.
    for (const f of ["abis.ts", "deployments.ts", "31337.ts"])
      cpSync(path.join(ROOT, "contracts/generated", f), path.join(dir, f));
    const env: NodeJS.ProcessEnv = { ...process.env, HARDHAT_NETWORK: "hardhat", HARDHAT_CHAIN_ID: "11155111" };
    // Nothing from the caller's shell may steer the rehearsal (or reach a real network).
    for (const name of [...DEPLOY_SETTING_NAMES, "DEPLOY_MAP_DIR", "SEPOLIA_RPC_URL", "EVM_PRIVATE_KEY"])
      delete env[name];
    const { stdout } = await promisify(execFile)(
      path.join(ROOT, "node_modules/.bin/tsx"),
      ["scripts/sepolia-rehearsal.ts", dir],
      {
        cwd: ROOT,
        env,
        timeout: 55_000,
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    r = JSON.parse(stdout.trim().split("\n").at(-1)!) as Report;
  }, 60_000);
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("runs on chain 11155111", () => {
    expect(r.chainId).toBe(11155111);
  });

  it("a misconfigured deploy names every missing or bad setting and sends nothing", () => {
    const m = r.misconfigured;
    expect(m.error).toMatch(/nothing was sent/);
    expect(m.error).toMatch(/XQB_GENESIS_ADDRESSES must be 7 comma-separated non-zero addresses \(got 6\)/);
    expect(m.error).toMatch(/USDC_ADDRESS is not set/);
    // Chainlink's Sepolia feed is the default; on this chain it has no code, and the deploy says so.
    expect(m.error).toMatch(/ETH_USD_FEED_ADDRESS .*0x694AA1769357215DE4FAC081bf1f309aDC325306 has no contract/);
    expect(m.error).toMatch(/SAFE_OWNERS is not set/);
    expect(m.nonceAfter).toBe(m.nonceBefore);
    expect(m.nonceBefore).toBe(0); // the deployer never sent anything before it either
    expect(m.blockAfter).toBe(m.blockBefore);
    expect(m.mapWritten).toBe(false);
  });

  it("a deploy that dies after its first group has recorded that group in the map", () => {
    expect(r.crashed.error).toBe("connection to the RPC lost (rehearsed)");
    expect(r.crashed.nonceAfter).toBeGreaterThan(r.crashed.nonceBefore);
    expect(r.crashed.mapWritten).toBe(true);
  });

  it("after that partial deployment (treasury + minting only), deploys only the missing groups and reuses the rest", () => {
    expect(r.full.reused).toEqual(["treasury+minting"]);
    expect(r.full.deployed).toEqual(["liquid-staking", "leverage", "governance", "bridge", "crowdfunding"]);
    expect(Object.keys(r.partial).sort()).toEqual(["TreasuryVault", "VibeCoin", "XQBMinter", "XQBToken", "XQBUSD"]);
    for (const [name, address] of Object.entries(r.partial)) expect(r.full.addresses[name], name).toBe(address);
    expect(r.full.nonceAfter).toBeGreaterThan(r.full.nonceBefore);
    // faucet-sized pools off the local chain: 0.01 ETH seeds (plus rewards streamed in the seconds since)
    for (const [pool, assets] of Object.entries(r.full.poolSeeds)) {
      expect(BigInt(assets), pool).toBeGreaterThanOrEqual(10n ** 16n);
      expect(BigInt(assets), pool).toBeLessThan(10n ** 16n + 10n ** 12n);
    }
  });

  it("the Safe has the three SAFE_OWNERS and threshold 2, and holds every admin role the deployer gave up", () => {
    expect(lower(r.full.safe.owners)).toEqual(lower(r.safeOwners));
    expect(r.full.safe.threshold).toBe("2");
    expect(Object.keys(r.full.roles)).toHaveLength(13);
    for (const [contract, roles] of Object.entries(r.full.roles)) {
      for (const [role, held] of Object.entries(roles))
        expect(held, `${contract} ${role}`).toEqual({ safe: true, deployer: false });
    }
  });

  it("the vault uses the external USDC and feed, and the written map names them as external, with no mocks", () => {
    expect(r.full.vault.usdc.toLowerCase()).toBe(r.standIns.usdc);
    expect(r.full.vault.priceFeed.toLowerCase()).toBe(r.standIns.feed);
    expect(r.map.entries.USDC).toEqual({
      address: expect.stringMatching(new RegExp(r.standIns.usdc, "i")),
      external: true,
    });
    expect(r.map.entries.EthUsdFeed).toEqual({
      address: expect.stringMatching(new RegExp(r.standIns.feed, "i")),
      external: true,
    });
    expect(r.map.entries).not.toHaveProperty("MockUSDC");
    expect(r.map.entries).not.toHaveProperty("MockV3Aggregator");
    const own = Object.entries(r.map.entries).filter(([, e]) => !e.external);
    expect(own).toHaveLength(20);
    expect(path.basename(r.map.file)).toBe("11155111.ts");
  });

  it("the Sepolia map joins the local one without dropping the ABIs the local map imports", () => {
    expect(r.map.index).toMatch(/31337: chain31337,\n {2}11155111: chain11155111,/);
    for (const abi of ["MockUSDCAbi", "MockV3AggregatorAbi", "IERC20MetadataAbi", "AggregatorV3InterfaceAbi"]) {
      expect(r.map.abis).toContain(`export const ${abi} = `);
    }
  });

  it("a deploy whose USDC differs from the reused vault's fails before sending anything", () => {
    expect(r.mismatch.error).toMatch(/USDC_ADDRESS is .* but the deployed TreasuryVault .* uses /);
    expect(r.mismatch.nonceAfter).toBe(r.mismatch.nonceBefore);
    expect(r.mismatch.blockAfter).toBe(r.mismatch.blockBefore);
  });

  it("a group holding a redeployed group's addresses is redeployed with it (leverage follows liquid staking)", () => {
    const d = r.dependent;
    expect(d.deployed).toEqual(["liquid-staking", "leverage"]);
    expect(d.reused).toEqual(["treasury+minting", "governance", "bridge", "crowdfunding"]);
    expect(d.lendingPoolChanged).toBe(true);
    expect(d.vaultKept).toBe(true);
    expect(lower(d.lendingCollaterals)).toEqual(lower(d.pools));
    for (const old of d.oldPools) expect(lower(d.pools)).not.toContain(old.toLowerCase());
  });

  it("a second run deploys nothing and sends nothing", () => {
    expect(r.again.deployed).toEqual([]);
    expect(r.again.reused).toEqual([
      "treasury+minting",
      "liquid-staking",
      "leverage",
      "governance",
      "bridge",
      "crowdfunding",
    ]);
    expect(r.again.nonceAfter).toBe(r.again.nonceBefore);
    expect(r.again.mapUnchanged).toBe(true);
  });
});
