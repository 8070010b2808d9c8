// Test data for the testnet page, parsed with the API's own schemas so a drift in the contract fails here first.
import {
  READINESS_CHECKS,
  NO_ENDORSEMENT,
  franklinReportResponse,
  multisigTestResponse,
  perfectResponse,
  testnetStatusResponse,
  treasuryTestResponse,
  type TestRun,
  type TestStep,
  type TestnetStatusResponse,
} from "../../../../../api/src/features/testnet/testnet.schemas";

export const hash = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;
export const SAFE = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
export const OWNERS = [
  "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
  "0x90F79bf6EB2c4f870365E785982E1f101E93b906",
];
const T0 = "2026-11-24T04:00:00.000Z";
/** The operator who ran the fixtures' runs (dev account #0's address). */
export const OPERATOR = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const T1 = "2026-11-24T04:00:05.000Z";

const step = (s: Partial<TestStep> & Pick<TestStep, "name">): TestStep => ({
  outcome: "passed",
  kind: "transaction",
  expect: "success",
  expectedError: null,
  txHash: null,
  revertReason: null,
  numbers: {},
  detail: "",
  ...s,
});

const run = (kind: TestRun["kind"], id: number, steps: TestStep[], passed = true): TestRun => ({
  id,
  kind,
  chainId: 31337,
  chainInstance: hash(0xc0ffee),
  passed,
  source: "live",
  steps,
  startedAt: T0,
  finishedAt: T1,
  ranBy: OPERATOR,
  ranOn: `in-process chain, fresh deploy of the suite at ${T0} (genesis 0x3bd359f6…; the shared chain was not touched)`,
  onCurrentChain: true,
});

export const multisigRun = run("multisig", 1, [
  step({
    name: "Safe pauses BridgeEscrow with one signature",
    kind: "call",
    expect: "revert",
    expectedError: "GS020",
    revertReason: "GS020 (signatures data too short)",
    numbers: { signatures: "1", threshold: "2" },
  }),
  step({
    name: "Safe pauses BridgeEscrow with two signatures",
    txHash: hash(0xa1),
    numbers: { signatures: "2", threshold: "2" },
  }),
]);
export const emergencyRun = run("emergency", 2, [
  step({ name: "Safe pauses BridgeEscrow (2 of 3)", txHash: hash(0xa1) }),
  step({
    name: "A user's lock is refused while paused",
    kind: "call",
    expect: "revert",
    expectedError: "EnforcedPause",
    revertReason: "EnforcedPause()",
  }),
  step({ name: "Safe unpauses BridgeEscrow (2 of 3)", txHash: hash(0xa2) }),
]);
export const treasuryRun = run("treasury", 3, [
  step({ name: "Borrower (#7) deposits 1 ETH", txHash: hash(0xb1), numbers: { depositWei: "1000000000000000000" } }),
  step({
    name: "Borrower (#7) mints XQBUSD at exactly 150%",
    txHash: hash(0xb2),
    numbers: { minted: "1333333333333333333333", collateralRatioBps: "15000" },
  }),
  step({
    name: "A further mint to 149% is refused",
    kind: "call",
    expect: "revert",
    expectedError: "CollateralRatioTooLow",
    revertReason: "CollateralRatioTooLow(14900, 15000)",
    numbers: { collateralRatioBps: "14900" },
  }),
  step({
    name: "Mock feed moved down until the position is below 130%",
    txHash: hash(0xb3),
    numbers: { answerBefore: "300000000000", answerAfter: "250000000000", collateralRatioBps: "12500" },
  }),
  step({ name: "Liquidator (#8) liquidates the borrower", txHash: hash(0xb4) }),
  step({
    name: "Feed price restored",
    txHash: hash(0xb5),
    numbers: { answer: "300000000000", original: "300000000000" },
  }),
]);
export const skippedTreasuryRun: TestRun = {
  ...run(
    "treasury",
    4,
    [
      step({
        name: "Mock feed moved down until the position is below 130%",
        outcome: "skipped",
        kind: "transaction",
        detail: "Sepolia's feed is Chainlink's: it cannot be moved",
      }),
    ],
    false,
  ),
  source: "skipped",
};

const checks = (passing: readonly string[]) =>
  READINESS_CHECKS.map((c) => ({
    id: c.id,
    label: c.label,
    rule: c.rule,
    passed: passing.includes(c.id),
    detail: passing.includes(c.id) ? `${c.label}: measured and passing` : `${c.label}: not yet`,
    evidence: !passing.includes(c.id)
      ? []
      : c.id === "multiSigTested"
        ? [hash(0xa1)]
        : c.id === "treasuryTested"
          ? ["run #3", ...[1, 2, 3, 4, 5].map((i) => hash(0xb0 + i))]
          : [],
  }));

export function status(
  over: {
    passing?: readonly string[];
    successRate?: number | null;
    runs?: Partial<TestnetStatusResponse["latestRuns"]>;
  } = {},
): TestnetStatusResponse {
  const passing = over.passing ?? ["contractsDeployed", "performanceValidated", "treasuryYieldAccuracy"];
  const list = checks(passing);
  const score = Math.round((list.filter((c) => c.passed).length / list.length) * 1000) / 10;
  return testnetStatusResponse.parse({
    contractsDeployed: passing.includes("contractsDeployed"),
    multiSigTested: passing.includes("multiSigTested"),
    treasuryArbitrageActive: passing.includes("treasuryArbitrageActive"),
    emergencyFunctionsTested: passing.includes("emergencyFunctionsTested"),
    franklinTempletonReady: list.every((c) => c.passed),
    readinessScore: score,
    performanceMetrics: {
      avgResponseTime: 12.34,
      successRate: over.successRate === undefined ? 100 : over.successRate,
      treasuryYieldAccuracy: 100,
      arbitrageSpreadCapture: null,
    },
    checks: list,
    requestMetrics: { requests: 42, avgResponseTimeMs: 12.34, p95Ms: 30.5, successRate: 100, since: T0 },
    chain: { chainId: 31337, network: "hardhat", chainInstance: hash(0xc0ffee), live: true, reason: null },
    contracts: { expected: 21, missing: [] },
    multiSig: { address: SAFE, owners: OWNERS, threshold: 2 },
    latestRuns: { multisig: null, treasury: null, emergency: null, ...over.runs },
    disclaimer: NO_ENDORSEMENT,
    asOf: T1,
  });
}

export const ALL_CHECKS = READINESS_CHECKS.map((c) => c.id);

export const multisigResponse = multisigTestResponse.parse({ multisig: multisigRun, emergency: emergencyRun });
export const treasuryResponse = treasuryTestResponse.parse({
  run: treasuryRun,
  vault: {
    ethUsdPrice: "300000000000",
    feedDecimals: 8,
    systemCollateralRatioBps: "18000",
    xqbusdSupply: "5000000000000000000000",
    borrower: {
      account: OWNERS[0],
      ethCollateral: "0",
      usdcCollateral: "0",
      collateralValueUsd: "0",
      debt: "0",
      collateralRatioBps: "max",
      healthy: true,
      liquidatable: false,
      maxMintable: "0",
    },
    liquidator: {
      account: OWNERS[1],
      ethCollateral: "1000000000000000000",
      usdcCollateral: "0",
      collateralValueUsd: "3000000000000000000000",
      debt: "1000000000000000000000",
      collateralRatioBps: "30000",
      healthy: true,
      liquidatable: false,
      maxMintable: "1000000000000000000000",
    },
  },
});

export const perfectResult = (score: number, ready: boolean) =>
  perfectResponse.parse({
    readinessScore: score,
    franklinTempletonReady: ready,
    checks: checks(ALL_CHECKS),
    runs: [multisigRun, emergencyRun, treasuryRun],
    readinessScoreBefore: 37.5,
    disclaimer: NO_ENDORSEMENT,
  });

export const report = franklinReportResponse.parse({
  filename: "testnet-readiness-report-2026-11-24.md",
  markdown: "# Testnet readiness report\n\n" + NO_ENDORSEMENT + "\n",
  report: {
    title: "Testnet readiness report",
    generatedAt: T1,
    disclaimer: NO_ENDORSEMENT,
    summary: {
      readinessScore: 62.5,
      franklinTempletonReady: false,
      checksPassed: 5,
      checksTotal: 8,
      network: "hardhat",
      chainId: 31337,
      chainInstance: hash(0xc0ffee),
    },
    sections: [
      {
        title: "Smart contracts and governance",
        items: [
          { label: "Contracts Deployed", status: "ready", detail: "21 of 21 contracts have code", evidence: [] },
          { label: "Multi-Sig Tested", status: "ready", detail: "GS020 then executed", evidence: [hash(0xa1)] },
        ],
      },
      {
        title: "Treasury",
        items: [{ label: "Treasury Arbitrage Active", status: "pending", detail: "no open position", evidence: [] }],
      },
    ],
  },
});
