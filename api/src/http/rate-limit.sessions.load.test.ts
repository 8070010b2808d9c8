// Writes are limited per session, not per address: a hall of 200 visitors behind one address (every request
// from 127.0.0.1, the defaults RATE_LIMIT_WRITES_PER_MINUTE=60 and RATE_LIMIT_IP_CEILING_PER_MINUTE=1200) each
// signs in with real Sign-In with Ethereum (GET /api/auth/nonce, a viem account's signature, POST
// /api/auth/verify) and claims USDC from the faucet once, on Hardhat's in-process chain: all 200 succeed (the
// faucet's default hourly budget is exactly 200 claims of an asset). Then one session's 61st write within a minute
// is refused with 429 while another session from the same address still passes.
import { once } from "node:events";
import type { AddressInfo, Server } from "node:net";
import request from "supertest";
import { parseUnits, type Address } from "viem";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../testing/harness";

const VISITORS = 200;
/** Visitors signing in and claiming at once (the chain mines one mint at a time anyway). */
const AT_ONCE = 10;
const STAKE = { opportunityId: "steepener_2s10s", amount: 100_000 };

let t: TestApp;
let server: Server;
let host: string;
beforeAll(async () => {
  // The limits' defaults, stated: the harness turns the per-caller limit off for other tests.
  t = await startTestApp({
    chain: "hardhat",
    env: { RATE_LIMIT_WRITES_PER_MINUTE: "60", RATE_LIMIT_IP_CEILING_PER_MINUTE: "1200" },
  });
  server = t.app.listen(0, "127.0.0.1");
  await once(server, "listening");
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  server?.close();
  await t?.close();
});

/** Real SIWE: a nonce, the EIP-4361 message signed by the account, verify; the session cookie. */
async function signIn(account: PrivateKeyAccount): Promise<string> {
  const issued = await request(server).get("/api/auth/nonce").expect(200);
  const message = createSiweMessage({
    domain: host,
    address: account.address,
    uri: `http://${host}`,
    version: "1",
    chainId: 31337,
    nonce: issued.body.nonce,
    issuedAt: new Date(),
  });
  const res = await request(server)
    .post("/api/auth/verify")
    .send({ message, signature: await account.signMessage({ message }) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const cookie = ([] as string[]).concat(res.headers["set-cookie"] ?? []).find((c) => c.startsWith("xqb_session="));
  return cookie!.split(";")[0]!;
}

describe("[slow] write limits per session: 200 visitors behind one address", () => {
  it("each of 200 visitors signs in with SIWE and claims once: all succeed; one session's 61st write in a minute is a 429, another session from the same address still passes", async () => {
    const usdc = t.deployment!.MockUSDC!.address as Address;
    const visitors = Array.from({ length: VISITORS }, () => privateKeyToAccount(generatePrivateKey()));
    const answers: { status: number; body: Record<string, unknown> }[] = [];
    const t0 = performance.now();
    for (let i = 0; i < VISITORS; i += AT_ONCE) {
      answers.push(
        ...(await Promise.all(
          visitors.slice(i, i + AT_ONCE).map(async (v) => {
            const cookie = await signIn(v);
            const res = await request(server).post("/api/faucet/claim").set("Cookie", cookie).send({ asset: "USDC" });
            return { status: res.status, body: res.body as Record<string, unknown> };
          }),
        )),
      );
    }
    const ms = performance.now() - t0;
    expect(answers.filter((a) => a.status !== 200).map((a) => [a.status, a.body.code, a.body.error])).toEqual([]);
    expect(new Set(answers.map((a) => a.body.transactionHash)).size).toBe(VISITORS);
    expect(answers.map((a) => a.body.recipient)).toEqual(visitors.map((v) => v.address));
    // Read back from the chain: every visitor holds one claim.
    const client = t.deps.evm.node;
    const balances = await Promise.all(
      visitors.map(
        (v) => client.read({ contract: "MockUSDC", functionName: "balanceOf", args: [v.address] }) as Promise<bigint>,
      ),
    );
    expect(balances.every((b) => b === parseUnits("1000", 6))).toBe(true);
    console.log(
      `${VISITORS} visitors from one address: SIWE sign-in + USDC claim each in ${Math.round(ms)} ms (${(ms / VISITORS).toFixed(1)} ms per visitor), all 200 OK; USDC ${usdc}`,
    );

    // The faucet's hourly budget for USDC (200 by default) is now spent: the status says so to everyone.
    const status = await request(server).get("/api/faucet/status").expect(200);
    const usdcStatus = status.body.assets.find((a: { asset: string }) => a.asset === "USDC");
    expect(usdcStatus.budget.hour).toMatchObject({ limit: 200, used: 200, remaining: 0 });
    expect(usdcStatus.available).toBe(false);

    // One session: 60 writes in a minute pass, the 61st is refused by the per-session limit.
    const [busy, other] = [
      await signIn(privateKeyToAccount(generatePrivateKey())),
      await signIn(privateKeyToAccount(generatePrivateKey())),
    ];
    const minuteStart = performance.now();
    for (let i = 0; i < 60; i++) {
      const res = await request(server).post("/api/treasury-staking/stake").set("Cookie", busy).send(STAKE);
      expect(res.status, `write ${i + 1}: ${JSON.stringify(res.body)}`).toBe(201);
    }
    const sixtyFirst = await request(server)
      .post("/api/treasury-staking/stake")
      .set("Cookie", busy)
      .send(STAKE)
      .expect(429);
    expect(performance.now() - minuteStart).toBeLessThan(60_000);
    expect(sixtyFirst.body).toMatchObject({
      code: "RATE_LIMITED",
      error: expect.stringMatching(/at most 60 a minute from one session/),
    });
    expect(Number(sixtyFirst.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    // Another visitor behind the same address is not affected.
    await request(server).post("/api/treasury-staking/stake").set("Cookie", other).send(STAKE).expect(201);
  }, 240_000);
});
