// The Presidential Dashboard's API against the real app: the in-process chain with the suite deployed, PGlite, the
// isolator's blockstore in a temporary folder (so a test can alter a block the way an attacker with disk access
// would), Stellar and XRPL on closed ports (simulated). OPERATOR_ADDRESSES is unset on loopback, so execute is open
// here; the second app below sets it and refuses a visitor. Every figure checked is computed from what the test did.
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count } from "drizzle-orm";
import hre from "hardhat";
import request from "supertest";
import { parseUnits, type Address } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devAccountKey } from "../../config";
import { unifiedOperationRuns } from "../../db/schema";
import { createRequestMetrics, type RequestMetricsSnapshot } from "../../http/request-metrics";
import { startTestApp, type TestApp } from "../../testing/harness";
import { signedInCookie } from "../../testing/sessions";
import { createIsolationResponse, uploadResponse } from "../q-isolator/q-isolator.schemas";
import {
  executeResponse,
  monitoringResponse,
  operationsResponse,
  platformsResponse,
  type ExecuteBody,
} from "./unified.schemas";

// A dev account of the in-process chain that no other part of this file uses: it locks XQB in the bridge escrow.
const USER_KEY = devAccountKey(12);
const USER = privateKeyToAccount(USER_KEY).address;

let t: TestApp;
let dir: string;
/** What the monitoring route read from the request metrics the last time it asked. */
let lastSnapshot: RequestMetricsSnapshot | null = null;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "unified-"));
  const metrics = createRequestMetrics();
  t = await startTestApp({
    chain: "hardhat",
    env: { Q_ISOLATOR_DIR: dir },
    overrides: {
      requestMetrics: {
        ...metrics,
        snapshot: () => (lastSnapshot = metrics.snapshot()),
      },
    },
  });
}, 120_000);
afterAll(() => t?.close());

const body = (operation: ExecuteBody["operation"], platform: string): object => ({
  platform,
  operation,
  data: { timestamp: new Date().toISOString() },
});
const execute = async (operation: ExecuteBody["operation"], platform: string) =>
  executeResponse.parse(
    (await request(t.app).post("/api/unified/execute").send(body(operation, platform)).expect(200)).body,
  );
const storedRuns = async () =>
  Number((await t.deps.database.db.select({ n: count() }).from(unifiedOperationRuns))[0]!.n);
const operations = async () =>
  operationsResponse.parse((await request(t.app).get("/api/unified/operations").expect(200)).body);
const platforms = async () =>
  platformsResponse.parse((await request(t.app).get("/api/unified/platforms").expect(200)).body).platforms;

describe("POST /api/unified/execute", () => {
  it("health_check probes every ledger, pings the database, reads the code at every deployed address and the relayer's heartbeat; stored and served to visitors", async () => {
    const before = await storedRuns();
    const { success, run, joined } = await execute("health_check", "all");
    expect(joined).toBe(false);
    expect(run).toMatchObject({ operation: "health_check", platform: "all", ranBy: "open (local presenter)" });
    const checks = new Map(run.result.checks.map((c) => [c.id, c]));
    expect(checks.get("ledger:ethereum")).toMatchObject({ status: "ok" });
    expect(checks.get("ledger:ethereum")!.detail).toMatch(/^live at .*latest block \d+/);
    // Stellar and XRPL point at closed ports here: simulated, which the product survives (degraded, not failed).
    expect(checks.get("ledger:stellar")).toMatchObject({ status: "degraded" });
    expect(checks.get("ledger:xrpl")!.detail).toMatch(/^simulated: /);
    expect(checks.get("database")).toMatchObject({ status: "ok" });
    const contracts = run.result.checks.filter((c) => c.id.startsWith("contract:"));
    expect(contracts.map((c) => c.name).sort()).toEqual(Object.keys(t.deployment!).sort());
    expect(contracts.every((c) => c.status === "ok" && /bytes of code at 0x/.test(c.detail))).toBe(true);
    // No relayer has run in this app yet: nothing holds the lease.
    expect(checks.get("relayer")).toMatchObject({ status: "degraded" });
    expect(checks.get("relayer")!.detail).toContain("no relayer holds the lease");
    expect(run.outcome).toBe("degraded");
    expect(success).toBe(true);
    expect(run.durationMs).toBeGreaterThanOrEqual(0);
    expect(await storedRuns()).toBe(before + 1);

    const visitors = await operations();
    expect(visitors.last.health_check).toEqual(run);
    expect(visitors.history[0]).toEqual(run);
    expect(visitors.running).toEqual([]);
  });

  it("a contract address without code is a failed check, and the run fails", async () => {
    const address = t.deployment!.XQBUSD!.address as Address;
    const code = (await hre.network.provider.request({ method: "eth_getCode", params: [address, "latest"] })) as string;
    await hre.network.provider.request({ method: "hardhat_setCode", params: [address, "0x"] });
    try {
      const { success, run } = await execute("health_check", "all");
      const xqbusd = run.result.checks.find((c) => c.id === "contract:XQBUSD")!;
      expect(xqbusd).toMatchObject({ status: "failed", detail: `no code at ${address}` });
      expect(run.result.checks.filter((c) => c.id.startsWith("contract:") && c.status === "failed")).toHaveLength(1);
      expect(run.outcome).toBe("failed");
      expect(success).toBe(false);
      // the smart contracts card reads that stored run
      const card = (await platforms()).find((p) => p.id === "smart-contracts")!;
      expect(card.status).toBe("failed");
      expect(card.statusBasis).toContain(`run #${run.id}`);
    } finally {
      await hre.network.provider.request({ method: "hardhat_setCode", params: [address, code] });
      await t.deps.evm.selector.probeNow();
    }
    expect(t.deps.evm.selector.status().mode).toBe("live");
  });

  it("sync_bridges runs one relayer pass now and counts what it found, delivered, left pending and failed", async () => {
    await t.deps.evm.node.writeAs(USER_KEY, {
      contract: "XQBMinter",
      functionName: "mint",
      args: [USER],
      value: parseUnits("0.01", 18),
    });
    await t.deps.evm.node.writeAs(USER_KEY, {
      contract: "XQBToken",
      functionName: "approve",
      args: [t.deps.evm.node.address("BridgeEscrow"), 2n ** 255n],
    });
    const locked = await t.deps.evm.node.writeAs(USER_KEY, {
      contract: "BridgeEscrow",
      functionName: "lock",
      args: [parseUnits("1", 18), 2, "rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY", "dashboard"],
    });
    expect(await t.deps.evm.index.waitFor(locked.receipt!.blockNumber, 10_000)).toBe(true);

    const { run } = await execute("sync_bridges", "cross-chain");
    if (run.operation !== "sync_bridges") throw new Error("not a sync run");
    expect(run.result.leader).toBe(true);
    expect(run.result.counts.found).toBe(1);
    // the one transfer is in exactly one of the three groups after the pass
    const { delivered, pending, failed } = run.result.counts;
    expect(delivered + pending + failed).toBe(1);
    expect(run.result.summary).toBe(`Found 1, delivered ${delivered}, ${pending} pending, ${failed} failed`);

    // nothing new the second time
    const again = await execute("sync_bridges", "cross-chain");
    if (again.run.operation !== "sync_bridges") throw new Error("not a sync run");
    expect(again.run.result.counts.found).toBe(0);

    // the pass renewed the relayer lease: the next health check reads a fresh heartbeat
    const { run: health } = await execute("health_check", "all");
    expect(health.result.checks.find((c) => c.id === "relayer")).toMatchObject({ status: "ok" });
    const card = (await platforms()).find((p) => p.id === "cross-chain")!;
    const finished = card.metrics.find((m) => m.label === "Transfers finished")!;
    const inFlight = card.metrics.find((m) => m.label === "In flight")!;
    const failedMetric = card.metrics.find((m) => m.label === "Failed or refunded")!;
    expect(Number(finished.value) + Number(inFlight.value) + Number(failedMetric.value)).toBe(1);
  });

  it("threat_scan reads every stored isolator file back: a block altered on disk fails the scan and the quantum card", async () => {
    const { cookie } = await signedInCookie(t.deps.database.db);
    const iso = createIsolationResponse.parse(
      (
        await request(t.app)
          .post("/api/q-isolator/create-isolation")
          .set("Cookie", cookie)
          .send({ securityLevel: "ENTERPRISE" })
          .expect(201)
      ).body,
    ).isolation;
    const uploaded = uploadResponse.parse(
      (
        await request(t.app)
          .post("/api/q-isolator/files")
          .set("Cookie", cookie)
          .field("isolationId", iso.isolationId)
          .attach("file", Buffer.from("reserve attestation\n".repeat(500)), {
            filename: "reserve.txt",
            contentType: "text/plain",
          })
          .expect(201)
      ).body,
    );
    const clean = await execute("threat_scan", "quantum-crypto");
    if (clean.run.operation !== "threat_scan") throw new Error("not a scan");
    expect(clean.run.result).toMatchObject({ checked: 1, ok: 1, failures: [] });
    expect(clean.run.outcome).toBe("ok");

    const target = listFiles(path.join(dir, "blocks")).sort((a, b) => statSync(b).size - statSync(a).size)[0]!;
    const original = readFileSync(target);
    const changed = Buffer.from(original);
    changed[Math.floor(changed.length / 2)]! ^= 0x01;
    writeFileSync(target, changed);
    try {
      const { success, run } = await execute("threat_scan", "quantum-crypto");
      if (run.operation !== "threat_scan") throw new Error("not a scan");
      expect(success).toBe(false);
      expect(run.outcome).toBe("failed");
      expect(run.result.failures).toEqual([
        { fileId: uploaded.file.fileId, version: 1, failedCheck: "payload-digest" },
      ]);
      expect(run.result.checks.find((c) => c.id === `file:${uploaded.file.fileId}`)).toMatchObject({
        status: "failed",
      });
      const card = (await platforms()).find((p) => p.id === "quantum-crypto")!;
      expect(card.status).toBe("failed");
      expect(card.statusBasis).toContain(`run #${run.id}`);
    } finally {
      writeFileSync(target, original);
    }
    const restored = await execute("threat_scan", "quantum-crypto");
    expect(restored.run.outcome).toBe("ok");
    expect((await platforms()).find((p) => p.id === "quantum-crypto")!.status).toBe("operational");
  });

  it("one run of a kind at a time: a second request while it runs joins it, and one run is stored", async () => {
    const before = await storedRuns();
    const [a, b] = await Promise.all([execute("health_check", "all"), execute("health_check", "all")]);
    expect([a.joined, b.joined].sort()).toEqual([false, true]);
    expect(a.run.id).toBe(b.run.id);
    expect(await storedRuns()).toBe(before + 1);
  });

  it("a wrong platform, an unknown operation or a missing timestamp is a 400 naming the field; nothing is stored", async () => {
    const before = await storedRuns();
    const refused = async (sent: object, field: string) => {
      const res = await request(t.app).post("/api/unified/execute").send(sent).expect(400);
      expect(res.body.code).toBe("INVALID_INPUT");
      expect((res.body.issues as { path: string }[]).map((i) => i.path)).toContain(field);
    };
    await refused(body("sync_bridges", "all"), "platform");
    await refused(body("threat_scan", "cross-chain"), "platform");
    await refused(body("health_check", "mobile-wallet"), "platform");
    await refused(body("reboot" as ExecuteBody["operation"], "all"), "operation");
    await refused({ platform: "all", operation: "health_check" }, "data");
    await refused({ platform: "all", operation: "health_check", data: { timestamp: "yesterday" } }, "data.timestamp");
    expect(await storedRuns()).toBe(before);
  });
});

describe("the platform cards", () => {
  it("seven cards in the spec's order; the three this product does not have say so, with no metric", async () => {
    const cards = await platforms();
    expect(cards.map((c) => c.id)).toEqual([
      "cross-chain",
      "quantum-crypto",
      "xrp-ledger",
      "mobile-wallet",
      "restaurant-pos",
      "smart-contracts",
      "consciousness-tracking",
    ]);
    for (const id of ["mobile-wallet", "restaurant-pos", "consciousness-tracking"]) {
      expect(cards.find((c) => c.id === id)).toMatchObject({
        status: "not part of this product",
        metrics: [],
        features: [],
      });
    }
    const xrpl = cards.find((c) => c.id === "xrp-ledger")!;
    expect(xrpl.status).toBe("degraded");
    expect(xrpl.metrics.find((m) => m.label === "Mode")!.value).toBe("simulated");
    const contracts = cards.find((c) => c.id === "smart-contracts")!;
    expect(contracts.metrics.find((m) => m.label === "Contracts in the deploy map")!.value).toBe(
      String(Object.keys(t.deployment!).length),
    );
    const quantum = cards.find((c) => c.id === "quantum-crypto")!;
    expect(quantum.metrics.find((m) => m.label === "Attestation key")!.value).toContain(
      t.deps.attestor.publicKeyId.slice(0, 16),
    );
  });
});

describe("GET /api/unified/monitoring", () => {
  it("its latency and error figures are the request metrics' own; uptime and integrations are read now", async () => {
    await request(t.app).get("/api/unified/status").expect(200);
    await request(t.app).get("/api/no-such-route").expect(404);
    const m = monitoringResponse.parse((await request(t.app).get("/api/unified/monitoring").expect(200)).body);
    expect(lastSnapshot).not.toBeNull();
    expect(m.figures.p50Ms.value).toBe(lastSnapshot!.p50Ms);
    expect(m.figures.p95Ms.value).toBe(lastSnapshot!.p95Ms);
    expect(m.figures.errorRate.value).toBe(lastSnapshot!.errorRate);
    expect(m.requests).toBe(lastSnapshot!.requests);
    expect(m.requests).toBeGreaterThan(10);
    expect(m.figures.uptimeSeconds.value).toBe(Math.round((Date.now() - t.deps.startedAt.getTime()) / 1000));
    expect(m.figures.cacheHitRate.value).toBeGreaterThanOrEqual(0);
    expect(m.figures.cacheHitRate.value).toBeLessThanOrEqual(100);
    for (const f of Object.values(m.figures)) expect(f.how).toMatch(/\S/);
    const items = new Map(m.integrations.items.map((i) => [i.id, i]));
    expect(items.get("ledger:ethereum")!.connected).toBe(true);
    expect(items.get("ledger:stellar")!.connected).toBe(false);
    expect(items.get("database")!.connected).toBe(true);
    // The government sources point at closed ports in tests: none answers.
    const government = m.integrations.items.filter((i) => i.id.startsWith("government:"));
    expect(government.length).toBe(t.deps.government.sources().length);
    expect(government.every((g) => !g.connected)).toBe(true);
    expect(m.integrations).toMatchObject({ connected: 2, total: m.integrations.items.length });
  });
});

describe("with OPERATOR_ADDRESSES set", () => {
  let listed: TestApp;
  beforeAll(async () => {
    listed = await startTestApp({
      chain: "none",
      env: { OPERATOR_ADDRESSES: privateKeyToAccount(devAccountKey(0)).address },
    });
  }, 60_000);
  afterAll(() => listed?.close());

  it("a visitor is refused (401), a signed-in non-operator too (403); nothing is stored and every visitor still reads", async () => {
    const rows = async () =>
      Number((await listed.deps.database.db.select({ n: count() }).from(unifiedOperationRuns))[0]!.n);
    const sent = body("health_check", "all");
    const anonymous = await request(listed.app).post("/api/unified/execute").send(sent).expect(401);
    expect(anonymous.body.code).toBe("UNAUTHENTICATED");
    const { cookie } = await signedInCookie(listed.deps.database.db);
    const wallet = await request(listed.app).post("/api/unified/execute").set("Cookie", cookie).send(sent).expect(403);
    expect(wallet.body.code).toBe("FORBIDDEN");
    expect(await rows()).toBe(0);
    const seen = operationsResponse.parse((await request(listed.app).get("/api/unified/operations").expect(200)).body);
    expect(seen).toEqual({
      last: { health_check: null, sync_bridges: null, threat_scan: null },
      running: [],
      history: [],
    });
  });
});

function listFiles(root: string): string[] {
  return readdirSync(root, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listFiles(path.join(root, e.name)) : [path.join(root, e.name)],
  );
}
