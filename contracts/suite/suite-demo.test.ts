// Issue 3's "done when" on Hardhat's in-process chain: the whole suite deployed as `npm start` deploys it,
// then the demo (scripts/lib/suite-demo.ts), which `npm run demo:suite` also runs against the local node.
import hre from "hardhat";
import { beforeAll, describe, expect, it } from "vitest";
import { deploySuite } from "../../scripts/lib/deploy-suite";
import { runSuiteDemo, type SuiteDemoReport } from "../../scripts/lib/suite-demo";

describe("the deployed suite", () => {
  let report: SuiteDemoReport;
  beforeAll(async () => {
    const { deployment } = await deploySuite(hre);
    report = await runSuiteDemo(hre, Object.fromEntries(Object.entries(deployment).map(([n, d]) => [n, d.address])));
  }, 120_000);

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

  it("executes a multisig transaction with 2 of 3 signatures and refuses 1", () => {
    expect(report.multisig).toEqual({ oneSignature: "GS020", twoSignatures: "executed", vaultPausedAfter: true });
  });
});
