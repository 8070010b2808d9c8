// History is one database query per page and no chain call, however many live records it lists (it used
// to ask the node for every distinct block of its rows).
import hre from "hardhat";
import request from "supertest";
import { custom } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../testing/harness";

const calls: string[] = [];
let t: TestApp;
beforeAll(async () => {
  const provider = {
    request: (args: { method: string; params?: unknown }) => {
      calls.push(args.method);
      return hre.network.provider.request(args as never);
    },
  };
  // The event index polls in the background on a transport of its own: only the requests' chain calls count.
  t = await startTestApp({
    chain: "hardhat",
    overrides: { evmTransport: custom(provider), evmIndexTransport: custom(hre.network.provider) },
  });
});
afterAll(() => t?.close());

const BODY = { ethAmount: 0.001, stablecoinPair: "XQBUSD", network: "hardhat", quantumSecurity: false };

describe("GET /api/minting/history", () => {
  it("lists 30 live records from 30 blocks without a single chain call, and pages them with a cursor", async () => {
    for (let i = 0; i < 30; i++) await request(t.app).post("/api/xqbme/mint-xqb").send(BODY).expect(200);
    calls.length = 0;
    const first = (await request(t.app).get("/api/minting/history?limit=20").expect(200)).body;
    const second = (await request(t.app).get(`/api/minting/history?limit=20&cursor=${first.nextCursor}`).expect(200))
      .body;
    expect(calls).toEqual([]);
    expect(first.mints).toHaveLength(20);
    expect(second.mints).toHaveLength(10);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.mints, ...second.mints].map((m: { id: string }) => m.id);
    expect(new Set(ids).size).toBe(30);
    expect([...first.mints, ...second.mints].every((m: { onCurrentChain: boolean }) => m.onCurrentChain === true)).toBe(
      true,
    );
  });

  it("refuses a cursor it did not give out", async () => {
    const res = await request(t.app).get("/api/minting/history?cursor=bm90LWEtY3Vyc29y").expect(400);
    expect(res.body).toMatchObject({ code: "INVALID_INPUT", issues: [{ path: "cursor" }] });
  });
});
