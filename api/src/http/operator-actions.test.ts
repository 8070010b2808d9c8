// With OPERATOR_ADDRESSES set, the actions that change what every visitor shares are the operators' alone, and
// a refusal changes nothing anyone sees: an anonymous "advance time", "perfect", assessment, security run and
// bridge batch (and a signed-in visitor's) are refused, and chain time, every contract's pause state, the
// price feed's round and every score (testnet status, professional readiness, mainnet readiness, the latest
// security report) read the same after as before. Then the operator's own treasury test runs, is stored with
// the operator's address, and still leaves the shared feed's round untouched (it runs on an in-process chain).
import hre from "hardhat";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { privateKeyToAccount } from "viem/accounts";
import { startTestApp, type TestApp } from "../testing/harness";
import { signedInCookie } from "../testing/sessions";
import { devAccountKey } from "../config";

const OPERATOR = privateKeyToAccount(devAccountKey(0)).address;
/** Every contract of the suite with a pause switch (the Safe holds PAUSER_ROLE on each). */
const PAUSABLE = [
  "TreasuryVault",
  "qETH",
  "vibeETH",
  "xqbETH",
  "LendingPool",
  "LeverageRouter",
  "LiquidityBufferUnwinder",
  "BridgeEscrow",
] as const;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ chain: "hardhat", env: { OPERATOR_ADDRESSES: OPERATOR } });
}, 120_000);
afterAll(() => t?.close());

/** Everything a visitor could see move: chain time, pause switches, the feed's round, every score. */
async function sharedState() {
  const pub = await hre.viem.getPublicClient();
  const block = await pub.getBlock();
  const paused: Record<string, boolean> = {};
  for (const name of PAUSABLE) {
    const entry = t.deployment![name];
    if (!entry) continue;
    paused[name] = (await pub.readContract({
      address: entry.address as `0x${string}`,
      abi: [{ type: "function", name: "paused", inputs: [], outputs: [{ type: "bool" }], stateMutability: "view" }],
      functionName: "paused",
    })) as boolean;
  }
  const feed = await hre.viem.getContractAt("MockV3Aggregator", t.deployment!.MockV3Aggregator!.address);
  const testnet = (await request(t.app).get("/api/testnet/status").expect(200)).body;
  const professional = (await request(t.app).get("/api/professional/readiness-report").expect(200)).body;
  const mainnet = (await request(t.app).get("/api/mainnet-readiness/status").expect(200)).body;
  const security = (await request(t.app).get("/api/security/latest").expect(200)).body;
  return {
    chainTime: block.timestamp,
    blockNumber: block.number,
    paused,
    round: await feed.read.latestRoundData(),
    testnet: {
      score: testnet.readinessScore,
      checks: testnet.checks.map((c: { id: string; passed: boolean }) => [c.id, c.passed]),
      runs: testnet.latestRuns,
    },
    professional: {
      overall: professional.overallReadiness,
      runs: Object.values(professional.assessments).map((a) => (a as { runId: number | null }).runId),
    },
    mainnet: {
      score: mainnet.score,
      items: mainnet.items.map((i: { id: string; passed: boolean | null }) => [i.id, i.passed]),
    },
    security: security.report?.id ?? null,
  };
}

const REFUSED: { what: string; method: "get" | "post"; path: string; body?: object }[] = [
  { what: "advance time", method: "post", path: "/api/local-chain/advance-time", body: { days: 7 } },
  { what: "perfect", method: "post", path: "/api/testnet/perfect" },
  { what: "the treasury test", method: "post", path: "/api/testnet/test-treasury" },
  { what: "the multi-sig test", method: "post", path: "/api/testnet/test-multisig" },
  ...(["security-audit", "load-testing", "compliance-audit", "penetration-testing", "disaster-recovery"] as const).map(
    (k) => ({ what: `assessment ${k}`, method: "post" as const, path: `/api/professional/${k}` }),
  ),
  { what: "a security run", method: "post", path: "/api/security/comprehensive-test" },
  { what: "a security test", method: "get", path: "/api/security/injection-test" },
  { what: "a bridge batch", method: "post", path: "/api/bridge/batch", body: { count: 1, destinations: ["stellar"] } },
];

describe("operator actions with OPERATOR_ADDRESSES set", () => {
  it("anonymous: each is refused (401 UNAUTHENTICATED), a visitor's session 403 FORBIDDEN, and nothing anyone sees moved", async () => {
    await sharedState(); // the first reads give request-metrics its first requests (performanceValidated)
    const before = await sharedState();
    const visitor = await signedInCookie(t.deps.database.db);
    for (const r of REFUSED) {
      const anonymous = request(t.app)[r.method](r.path);
      const res = await (r.body ? anonymous.send(r.body) : anonymous);
      expect([r.what, res.status, res.body.code]).toEqual([r.what, 401, "UNAUTHENTICATED"]);
      expect(res.body.error).toMatch(/Sign in as an operator/);
      const signed = request(t.app)[r.method](r.path).set("Cookie", visitor.cookie);
      const res2 = await (r.body ? signed.send(r.body) : signed);
      expect([r.what, res2.status, res2.body.code]).toEqual([r.what, 403, "FORBIDDEN"]);
    }
    const after = await sharedState();
    expect(after).toEqual(before);
  }, 120_000);

  it("the operator's treasury test runs, says who ran it and where, and leaves the shared feed's round and pause states as they were", async () => {
    const before = await sharedState();
    const operator = await signedInCookie(t.deps.database.db, OPERATOR);
    const res = await request(t.app).post("/api/testnet/test-treasury").set("Cookie", operator.cookie).expect(200);
    expect(res.body.run).toMatchObject({
      passed: true,
      ranBy: OPERATOR,
      ranOn: expect.stringMatching(/^in-process chain, fresh deploy of the suite at /),
    });
    const after = await sharedState();
    expect({
      chainTime: after.chainTime,
      blockNumber: after.blockNumber,
      paused: after.paused,
      round: after.round,
    }).toEqual({
      chainTime: before.chainTime,
      blockNumber: before.blockNumber,
      paused: before.paused,
      round: before.round,
    });
    // The operator's run is what moves the score, and every visitor reads who ran it.
    const status = (await request(t.app).get("/api/testnet/status").expect(200)).body;
    expect(status.latestRuns.treasury).toMatchObject({ passed: true, ranBy: OPERATOR });
  }, 240_000);
});
