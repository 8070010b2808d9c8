// With no chain to read (the EVM endpoint is a closed port), every real-staking read is a 503
// LEDGER_UNAVAILABLE, never a made-up figure or a 500; bad input is still a 400 first.
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../testing/harness";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ chain: "none" });
});
afterAll(() => t?.close());

const WALLET = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

describe("real-staking with the chain down", () => {
  it.each([
    ["/api/real-staking/protocols"],
    [`/api/real-staking/protocols?wallet=${WALLET}`],
    ["/api/real-staking/preview?protocol=qETH&ethAmount=0.01"],
    ["/api/real-staking/practice-mode"],
    [`/api/real-staking/stakes/${WALLET}`],
  ])("GET %s answers 503 LEDGER_UNAVAILABLE", async (path) => {
    const res = await request(t.app).get(path).expect(503);
    expect(res.body).toMatchObject({ code: "LEDGER_UNAVAILABLE", ledger: "ethereum" });
    expect(res.headers["retry-after"]).toBeDefined();
  });

  it("POST create-stake answers 503: only the live chain can vouch for a wallet's deposit", async () => {
    const res = await request(t.app)
      .post("/api/real-staking/create-stake")
      .send({ protocol: "qETH", ethAmount: "0.01", walletAddress: WALLET, transactionHash: `0x${"ab".repeat(32)}` })
      .expect(503);
    expect(res.body).toMatchObject({ code: "LEDGER_UNAVAILABLE", ledger: "ethereum" });
  });

  it("still refuses bad input with 400 before touching the ledger", async () => {
    const res = await request(t.app).get("/api/real-staking/stakes/not-an-address").expect(400);
    expect(res.body).toMatchObject({
      code: "INVALID_INPUT",
      issues: [{ path: "walletAddress", message: "must be a 0x-prefixed 20-byte hex address" }],
    });
    const body = await request(t.app)
      .post("/api/real-staking/create-stake")
      .send({ protocol: "qETH", ethAmount: "abc", walletAddress: WALLET, transactionHash: "0x1" })
      .expect(400);
    expect(body.body.issues).toEqual([
      { path: "ethAmount", message: "must be a decimal number of ETH, e.g. 0.01" },
      { path: "transactionHash", message: "must be a 0x-prefixed 32-byte hex hash" },
    ]);
  });
});
