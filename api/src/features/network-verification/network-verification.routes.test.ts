// GET /api/network-verification against the real app, offline as CI runs: Hardhat's in-process chain with the
// suite deployed (read over real JSON-RPC HTTP, as the stack's chain guard serves it), Stellar and XRPL at closed
// ports, no Sepolia URL. Then the sharing rules over real time: a crowd costs one probe, refresh waits for 3 s.
import hre from "hardhat";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../testing/harness";
import { networkVerificationContract } from "./network-verification.contract";
import { PROBE_TIMEOUT_MS, REFRESH_MIN_MS } from "./network-verification.constants";
import { verificationResponse, type VerificationResponse } from "./network-verification.schemas";
import { serveRpcOverHttp, type RpcOverHttp } from "./testing/rpc-over-http";

const PATH = networkVerificationContract.verify.path;

let rpc: RpcOverHttp;
let t: TestApp;
beforeAll(async () => {
  rpc = await serveRpcOverHttp(hre.network.provider);
  t = await startTestApp({ chain: "hardhat", env: { LOCAL_RPC_URL: rpc.url } });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await rpc?.close();
});

const get = async (query = ""): Promise<VerificationResponse> =>
  verificationResponse.parse((await request(t.app).get(`${PATH}${query}`).expect(200)).body);
const chainIdReads = () => rpc.calls.filter((m) => m === "eth_chainId").length;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("GET /api/network-verification, offline", () => {
  let first: VerificationResponse;

  it("the local chain passes; Stellar and XRPL are not reachable with their constants shown; Sepolia is not configured", async () => {
    const started = performance.now();
    first = await get();
    const elapsed = performance.now() - started;
    // Closed ports refuse at once; the bound is the probes' 3 s in any case.
    expect(elapsed).toBeLessThan(PROBE_TIMEOUT_MS + 500);
    expect(first.servedFrom).toBe("new-run");
    expect(first.networks.map((n) => [n.id, n.outcome])).toEqual([
      ["local", "pass"],
      ["sepolia", "not-configured"],
      ["stellar-testnet", "not-reachable"],
      ["xrpl-testnet", "not-reachable"],
    ]);
    const [local, sepolia, stellar, xrpl] = first.networks;
    expect(local!.checks.map((c) => [c.id, c.outcome])).toEqual([
      ["chain-id", "pass"],
      ["genesis-hash", "pass"],
      ["contract-code", "pass"],
    ]);
    // The expected genesis is the one the app's EVM client recorded.
    expect(local!.checks[1]!.expected).toBe(t.deps.evm.node.chainInstance());
    expect(stellar!.checks[0]).toMatchObject({
      expected: "Test SDF Network ; September 2015",
      actual: null,
      outcome: "not-reachable",
      // The harness's closed port is 1, which fetch refuses to use at all.
      note: "not asked: fetch refuses this port (a blocked port)",
    });
    expect(xrpl!.checks[0]).toMatchObject({
      expected: "1",
      actual: null,
      outcome: "not-reachable",
      note: "connection refused",
    });
    expect(sepolia!.checks.every((c) => c.actual === null && c.outcome === "not-configured")).toBe(true);
    // Signed and verified offline on every network, never submitted.
    for (const n of first.networks)
      expect(n.signedTransaction, n.id).toMatchObject({ outcome: "pass", submitted: false });
    for (const n of first.networks)
      expect(Date.parse(n.checkedAt), n.id).toBeGreaterThanOrEqual(Date.parse(first.checkedAt));
    expect(first.rules.clockSkew).toContain("block time vs our clock");
  });

  it("asked again within 15 s: the same run with its age, no new probe", async () => {
    const before = chainIdReads();
    const again = await get();
    expect(again).toMatchObject({ servedFrom: "last-run", checkedAt: first.checkedAt });
    expect(again.ageSeconds).toBeGreaterThanOrEqual(0);
    expect(chainIdReads()).toBe(before);
  });

  it("refresh=true before the run is 3 s old answers the last run and says why", async () => {
    const before = chainIdReads();
    const early = await get("?refresh=true");
    expect(early).toMatchObject({ servedFrom: "last-run", checkedAt: first.checkedAt });
    expect(early.servedNote).toMatch(/only [\d.]+ s old/);
    expect(chainIdReads()).toBe(before);
  });

  it("once it is 3 s old, a crowd of refreshes costs one new run, which all of them get", async () => {
    const wait = REFRESH_MIN_MS - (Date.now() - Date.parse(first.checkedAt));
    if (wait > 0) await sleep(wait + 50);
    const before = chainIdReads();
    const answers = await Promise.all(Array.from({ length: 12 }, () => get("?refresh=true")));
    expect(chainIdReads() - before).toBe(1);
    expect(new Set(answers.map((a) => a.checkedAt)).size).toBe(1);
    expect(answers[0]!.checkedAt).not.toBe(first.checkedAt);
    expect(answers.filter((a) => a.servedFrom === "new-run")).toHaveLength(1);
    expect(answers.filter((a) => a.servedFrom === "joined-run").length).toBeGreaterThan(0);
  });

  it("refresh takes only true or false", async () => {
    const res = await request(t.app).get(`${PATH}?refresh=yes`).expect(400);
    expect(res.body).toMatchObject({ code: "INVALID_INPUT", issues: [{ path: "refresh" }] });
    await request(t.app).get(`${PATH}?other=1`).expect(400);
  });
});
