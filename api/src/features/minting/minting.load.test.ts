// The write path under parallel load on the in-process chain with the whole suite deployed: every mint
// succeeds live, each is recorded once, each receipt has status 1, and load never makes the chain simulated.
import hre from "hardhat";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../testing/harness";
import { ethMintRecord } from "./minting.schemas";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ chain: "hardhat" });
});
afterAll(() => t?.close());

const BODY = { ethAmount: 0.001, stablecoinPair: "XQBUSD", network: "hardhat", quantumSecurity: false };

async function parallelMints(n: number) {
  const responses = await Promise.all(
    Array.from({ length: n }, () => request(t.app).post("/api/xqbme/mint-xqb").send(BODY)),
  );
  return responses;
}

describe("parallel server mints", () => {
  it("100 in parallel: 100 successes, 100 distinct records, 100 receipts with status 1", async () => {
    const responses = await parallelMints(100);
    expect(responses.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    const records = responses.map((r) => ethMintRecord.parse(r.body));
    expect(records.every((r) => r.source === "live")).toBe(true);
    expect(new Set(records.map((r) => r.transactionHash)).size).toBe(100);
    expect(new Set(records.map((r) => r.id)).size).toBe(100);
    const client = await hre.viem.getPublicClient();
    const receipts = await Promise.all(
      records.map((r) => client.getTransactionReceipt({ hash: r.transactionHash as `0x${string}` })),
    );
    expect(receipts.every((r) => r.status === "success")).toBe(true);
    const history = (await request(t.app).get("/api/minting/history?limit=100").expect(200)).body.mints as {
      id: string;
    }[];
    expect(new Set(history.map((m) => m.id))).toEqual(new Set(records.map((r) => r.id)));
  });

  it("200 in parallel: 0 simulated results and the chain is still live afterwards", async () => {
    const responses = await parallelMints(200);
    expect(responses.filter((r) => r.status !== 200).map((r) => `${r.status} ${r.body.code}`)).toEqual([]);
    expect(responses.filter((r) => r.body.source !== "live")).toHaveLength(0);
    expect((await request(t.app).get("/api/unified/status").expect(200)).body.ledgers.ethereum.mode).toBe("live");
  });

  it("a zero recipient is the client's mistake: 400 naming the field, not a 502", async () => {
    const res = await request(t.app)
      .post("/api/xqbme/mint-xqb")
      .send({ ...BODY, recipient: "0x0000000000000000000000000000000000000000" })
      .expect(400);
    expect(res.body).toMatchObject({
      code: "INVALID_INPUT",
      issues: [{ path: "recipient", message: expect.stringContaining("zero address") }],
    });
    const below = await request(t.app)
      .post("/api/xqbme/mint-xqb")
      .send({ ...BODY, ethAmount: 0.00001 })
      .expect(400);
    expect(below.body.issues[0].path).toBe("ethAmount");
  });
});
