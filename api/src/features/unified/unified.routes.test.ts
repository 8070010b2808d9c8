import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../testing/harness";
import { attestationKeyResponse, unifiedStatusResponse } from "./unified.schemas";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ chain: "hardhat" });
});
afterAll(() => t?.close());

describe("GET /api/unified/status", () => {
  it("reports each ledger, the database and the stored mints", async () => {
    const before = unifiedStatusResponse.parse((await request(t.app).get("/api/unified/status").expect(200)).body);
    expect(before.ledgers.ethereum).toMatchObject({
      ledger: "ethereum",
      network: "hardhat",
      mode: "live",
      reachable: true,
      reason: null,
    });
    expect(before.ledgers.ethereum.account).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(before.ledgers.ethereum.latestBlock).toBeGreaterThan(0);
    expect(before.ledgers.stellar).toMatchObject({
      ledger: "stellar",
      network: "testnet",
      mode: "simulated",
      reachable: false,
      endpoint: "127.0.0.1:1",
    });
    expect(before.ledgers.stellar.reason).toMatch(/\S/);
    expect(before.ledgers.xrpl).toMatchObject({ ledger: "xrpl", mode: "simulated", reachable: false });
    expect(before.database).toMatchObject({ ok: true, driver: "pglite", error: null });
    expect(before.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(before.mints).toEqual({ live: 0, simulated: 0 });
    expect(before.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(Date.parse(before.timestamp)).not.toBeNaN();

    await request(t.app)
      .post("/api/xqbme/mint-xqb")
      .send({ ethAmount: 0.001, stablecoinPair: "XQBUSD", network: "hardhat", quantumSecurity: false })
      .expect(200);
    await request(t.app)
      .post("/api/quantum-cross-chain/xrp-volume-test")
      .send({ xrpAmount: 5, testType: "volume", network: "testnet", quantumSecurity: false, governmentNode: false })
      .expect(200);
    const after = unifiedStatusResponse.parse((await request(t.app).get("/api/unified/status").expect(200)).body);
    expect(after.mints).toEqual({ live: 1, simulated: 1 });
  });

  it("reports a database that does not answer instead of failing", async () => {
    const app = (await import("../../app")).createApp({
      ...t.deps,
      database: { ...t.deps.database, ping: () => Promise.reject(new Error("connection refused")) },
    });
    const res = unifiedStatusResponse.parse((await request(app).get("/api/unified/status").expect(200)).body);
    expect(res.database).toEqual({ ok: false, driver: "pglite", latencyMs: null, error: "connection refused" });
  });
});

describe("GET /api/unified/attestation-key", () => {
  it("serves the ML-DSA-65 public key and its id", async () => {
    const res = attestationKeyResponse.parse(
      (await request(t.app).get("/api/unified/attestation-key").expect(200)).body,
    );
    expect(res.algorithm).toBe("ML-DSA-65");
    expect(Buffer.from(res.publicKey, "base64")).toHaveLength(1952);
    expect(res.publicKeyId).toBe(t.deps.attestor.publicKeyId);
    expect(res.ephemeral).toBe(true);
  });
});
