// Issue 3's "done when" on Hardhat's in-process chain: the whole suite deployed as `npm start` deploys it,
// then the demo (scripts/lib/suite-demo.ts), which `npm run demo:suite` also runs against the local node.
import hre from "hardhat";
import { beforeAll, describe, expect, it } from "vitest";
import { deploySuite } from "../../scripts/lib/deploy-suite";
import { runSuiteDemo, type SuiteDemoReport } from "../../scripts/lib/suite-demo";

describe("the deployed suite", () => {
  let report: SuiteDemoReport;
  let firstWrites: string[];
  let firstWritesState: { xqbusdSupply: bigint; vibeSupply: bigint; minterPositionEth: bigint; vaultUsdc: bigint };
  beforeAll(async () => {
    const suite = await deploySuite(hre);
    const { deployment } = suite;
    firstWrites = suite.firstWrites;
    const at = (n: string) => deployment[n]!.address;
    const [xqbusd, vibe, vault, usdc] = await Promise.all([
      hre.viem.getContractAt("XQBUSD", at("XQBUSD")),
      hre.viem.getContractAt("VibeCoin", at("VibeCoin")),
      hre.viem.getContractAt("TreasuryVault", at("TreasuryVault")),
      hre.viem.getContractAt("MockUSDC", at("MockUSDC")),
    ]);
    firstWritesState = {
      xqbusdSupply: await xqbusd.read.totalSupply(),
      vibeSupply: await vibe.read.totalSupply(),
      minterPositionEth: (await vault.read.positionOf([at("XQBMinter")])).ethCollateral,
      vaultUsdc: await usdc.read.balanceOf([vault.address]),
    };
    report = await runSuiteDemo(hre, Object.fromEntries(Object.entries(deployment).map(([n, d]) => [n, d.address])));
  }, 120_000);

  it("the deploy made its first writes (deploy-first-writes.ts), so no user pays a one-off zero-to-non-zero slot", () => {
    expect(firstWrites).toHaveLength(5);
    expect(firstWritesState).toEqual({
      xqbusdSupply: 200_000_000_000_000_000n, // 0.0001 ETH at $3,000 / 1.5 = 0.2 XQBUSD
      vibeSupply: 10n ** 18n,
      minterPositionEth: 10n ** 14n,
      vaultUsdc: 1_000_000n,
    });
  });

  it("mints 3,000 XQB and at most 2,000 XQBUSD for 1 ETH", () => {
    expect(report.mint).toEqual({ ethIn: "1", xqbOut: "3000", xqbusdOut: "2000", xqbusdCap: "2000" });
  });

  it("pays a withdrawal after its delay and not before", () => {
    expect(report.withdrawal.delaySeconds).toBe(3 * 24 * 3600);
    expect(report.withdrawal.earlyClaim).toMatch(/WithdrawalNotReady/);
    // The request locks the rate at request time: the 1 ETH back, plus the seconds of rewards it earned.
    expect(Number(report.withdrawal.claimedEth)).toBeGreaterThanOrEqual(1 - 1e-15);
    expect(Number(report.withdrawal.claimedEth)).toBeLessThan(1.0001);
  });

  it("opens a 3x position and unwinds it for the ETH less fees and interest", () => {
    expect(report.leverage).toMatchObject({ pool: "qETH", ethIn: "1", leverage: "3x", debtAtOpen: "2", daysHeld: 30 });
    // 30 days of qETH yield on 3 ETH (~0.0023) minus interest on 2 ETH (~0.0017) minus the unwinder's 0.2%
    // of ~3 ETH (~0.006): a little under 1 ETH, never more.
    expect(Number(report.leverage.ethOut)).toBeGreaterThan(0.99);
    expect(Number(report.leverage.ethOut)).toBeLessThan(1);
  });

  it("executes a multisig transaction with 2 of 3 signatures and refuses 1", () => {
    expect(report.multisig).toEqual({ oneSignature: "GS020", twoSignatures: "executed", vaultPausedAfter: true });
  });
});
