// The faucet against the real app: Hardhat's in-process chain with the suite deployed (dev #16 holds the
// community incentives XQB), PGlite in memory, sessions made in the real session store. Balances are read
// back from the chain; the 24 h window is moved with an injected clock.
import express from "express";
import hre from "hardhat";
import request from "supertest";
import { erc20Abi, formatEther, parseEther, parseUnits, type Address } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devAccountKey } from "../../config";
import { errorHandler } from "../../http/error-handler";
import { jsonBody } from "../../http/json-body";
import { mountRoutes } from "../../http/route";
import { LedgerRejectedError } from "../../ledgers/types";
import { createSessionStore, SESSION_COOKIE } from "../../shared/session";
import { CLOSED_HTTP, startTestApp, type TestApp } from "../../testing/harness";
import type { FaucetNode } from "./faucet.ledger";
import { createFaucetRouter } from "./faucet.routes";
import { faucetClaimResponse, faucetStatusResponse, FAUCET_WINDOW_SECONDS } from "./faucet.schemas";

const FAUCET = privateKeyToAccount(devAccountKey(16)).address;
const XQB_CLAIM = parseEther("1000");
const HOUR = 3_600_000;

let t: TestApp;
let xqb: Address;
let usdc: Address;
beforeAll(async () => {
  t = await startTestApp({ chain: "hardhat" });
  xqb = t.deployment!.XQBToken!.address as Address;
  usdc = t.deployment!.MockUSDC!.address as Address;
}, 120_000);
afterAll(() => t?.close());

const client = () => hre.viem.getPublicClient();
const tokenBalance = async (token: Address, who: Address) => (await client()).readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [who] });
const ethBalance = async (who: Address) => (await client()).getBalance({ address: who });
const nonceOf = async (who: Address) => (await client()).getTransactionCount({ address: who });

/** A fresh wallet signed in: its address and the session cookie. */
async function signedIn(): Promise<{ wallet: Address; cookie: string }> {
  const wallet = privateKeyToAccount(generatePrivateKey()).address;
  const { token } = await createSessionStore(t.deps.database.db, 31337).create(wallet, 3600);
  return { wallet, cookie: `${SESSION_COOKIE}=${token}` };
}

/** The faucet's routes alone on the real deps, with a clock the test moves (and, optionally, another node). */
function appWithClock(clock: { now: number }, node: FaucetNode = t.deps.evm.node) {
  const router = createFaucetRouter({
    db: t.deps.database.db,
    network: "hardhat",
    chainId: 31337,
    evm: t.deps.evm.selector,
    node,
    devKeys: { available: true, keys: { key: (i) => devAccountKey(i) } },
    sessions: createSessionStore(t.deps.database.db, 31337),
    now: () => clock.now,
  });
  const app = express();
  app.use(jsonBody("100kb"));
  app.use(mountRoutes(router.routes));
  app.use(errorHandler);
  return app;
}

describe("GET /api/faucet/status on the local chain", () => {
  it("says what each asset gives, with the faucet account's balances read from the chain", async () => {
    const body = faucetStatusResponse.parse((await request(t.app).get("/api/faucet/status").expect(200)).body);
    expect(body.network).toMatchObject({ kind: "local", name: "hardhat", chainId: 31337, live: true });
    expect(body).toMatchObject({ faucetAccount: FAUCET, wallet: null, windowSeconds: FAUCET_WINDOW_SECONDS });
    const [x, u, e] = body.assets;
    expect(x).toMatchObject({ asset: "XQB", amount: "1000", available: true, reason: null, faucetBalance: formatEther(await tokenBalance(xqb, FAUCET)), lastClaim: null, nextClaimAt: null });
    expect(Number(x!.faucetBalance)).toBeGreaterThan(1_000_000);
    expect(u).toMatchObject({ asset: "USDC", amount: "1000", available: true, faucetBalance: null });
    expect(u!.faucetBalanceNote).toMatch(/Minted on demand by the API signer/);
    expect(e).toMatchObject({ asset: "ETH", amount: "1", available: true, faucetBalance: formatEther(await ethBalance(FAUCET)) });
  });
});

describe("POST /api/faucet/claim", () => {
  it("no session: 401 UNAUTHENTICATED and nothing sent; a bad asset: 400 naming it", async () => {
    const before = await nonceOf(FAUCET);
    const res = await request(t.app).post("/api/faucet/claim").send({ asset: "XQB" }).expect(401);
    expect(res.body).toMatchObject({ code: "UNAUTHENTICATED" });
    const { cookie } = await signedIn();
    for (const bad of [{ asset: "BTC" }, { asset: "xqb" }, {}, { asset: "XQB", recipient: FAUCET }, { asset: 1 }]) {
      const r = await request(t.app).post("/api/faucet/claim").set("Cookie", cookie).send(bad).expect(400);
      expect(r.body).toMatchObject({ code: "INVALID_INPUT", issues: [{ path: expect.stringMatching(/^(asset|recipient)$/), message: expect.any(String) }] });
    }
    expect(await nonceOf(FAUCET)).toBe(before);
  });

  it("XQB: moves the real balances; a second claim within 24 h is a 429 with Retry-After and sends nothing; 24 h later it works", async () => {
    const clock = { now: Date.now() };
    const app = appWithClock(clock);
    const { wallet, cookie } = await signedIn();
    const faucetBefore = await tokenBalance(xqb, FAUCET);

    const res = await request(app).post("/api/faucet/claim").set("Cookie", cookie).send({ asset: "XQB" }).expect(200);
    const claim = faucetClaimResponse.parse(res.body);
    expect(claim).toMatchObject({ asset: "XQB", amount: "1000", recipient: wallet, sender: FAUCET, explorerUrl: null, source: "live" });
    expect(claim.nextClaimAt).toBe(new Date(clock.now + FAUCET_WINDOW_SECONDS * 1000).toISOString());
    const receipt = await (await client()).getTransactionReceipt({ hash: claim.transactionHash as `0x${string}` });
    expect(receipt.blockNumber.toString()).toBe(claim.blockNumber);
    expect(receipt.from.toLowerCase()).toBe(FAUCET.toLowerCase());
    expect(await tokenBalance(xqb, wallet)).toBe(XQB_CLAIM);
    expect(await tokenBalance(xqb, FAUCET)).toBe(faucetBefore - XQB_CLAIM);

    // 23 h later: refused, nothing sent.
    clock.now += 23 * HOUR;
    const nonce = await nonceOf(FAUCET);
    const early = await request(app).post("/api/faucet/claim").set("Cookie", cookie).send({ asset: "XQB" }).expect(429);
    expect(early.body).toMatchObject({ code: "RATE_LIMITED", retryAfterSeconds: 3600, details: { nextClaimAt: claim.nextClaimAt, lastClaimAt: claim.claimedAt, lastTransactionHash: claim.transactionHash } });
    expect(early.headers["retry-after"]).toBe("3600");
    expect(await nonceOf(FAUCET)).toBe(nonce);
    expect(await tokenBalance(xqb, wallet)).toBe(XQB_CLAIM);

    // The status says the same for this wallet.
    const status = faucetStatusResponse.parse((await request(app).get("/api/faucet/status").set("Cookie", cookie).expect(200)).body);
    expect(status.wallet).toBe(wallet);
    expect(status.assets[0]).toMatchObject({ lastClaim: { claimedAt: claim.claimedAt, transactionHash: claim.transactionHash, blockNumber: claim.blockNumber }, nextClaimAt: claim.nextClaimAt });
    expect(status.assets[0]!.walletBalance).toBe("1000");
    expect(status.assets[1]).toMatchObject({ asset: "USDC", lastClaim: null, nextClaimAt: null, walletBalance: "0" });

    // 24 h after the first claim: allowed again.
    clock.now += HOUR;
    const again = faucetClaimResponse.parse((await request(app).post("/api/faucet/claim").set("Cookie", cookie).send({ asset: "XQB" }).expect(200)).body);
    expect(again.transactionHash).not.toBe(claim.transactionHash);
    expect(await tokenBalance(xqb, wallet)).toBe(2n * XQB_CLAIM);
  });

  it("two parallel claims of one wallet: exactly one sends", async () => {
    const { wallet, cookie } = await signedIn();
    const nonce = await nonceOf(FAUCET);
    const answers = await Promise.all([0, 1, 2].map(() => request(t.app).post("/api/faucet/claim").set("Cookie", cookie).send({ asset: "XQB" })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 429, 429]);
    expect(await tokenBalance(xqb, wallet)).toBe(XQB_CLAIM);
    expect(await nonceOf(FAUCET)).toBe(nonce + 1);
  });

  it("USDC is minted by the API signer and ETH sent from the faucet account; the windows are per asset", async () => {
    const { wallet, cookie } = await signedIn();
    const ethBefore = await ethBalance(FAUCET);
    const u = faucetClaimResponse.parse((await request(t.app).post("/api/faucet/claim").set("Cookie", cookie).send({ asset: "USDC" }).expect(200)).body);
    expect(u.sender).toBe(t.deps.evm.node.account);
    expect(await tokenBalance(usdc, wallet)).toBe(parseUnits("1000", 6));
    const e = faucetClaimResponse.parse((await request(t.app).post("/api/faucet/claim").set("Cookie", cookie).send({ asset: "ETH" }).expect(200)).body);
    expect(e.sender).toBe(FAUCET);
    expect(await ethBalance(wallet)).toBe(parseEther("1"));
    const gasPaid = ethBefore - parseEther("1") - (await ethBalance(FAUCET));
    expect(gasPaid).toBeGreaterThan(0n);
    expect(gasPaid).toBeLessThan(parseEther("0.01"));
    await request(t.app).post("/api/faucet/claim").set("Cookie", cookie).send({ asset: "ETH" }).expect(429);
    await request(t.app).post("/api/faucet/claim").set("Cookie", cookie).send({ asset: "USDC" }).expect(429);
  });

  it("a send that fails before anything leaves releases the window (nothing half-written)", async () => {
    const clock = { now: Date.now() };
    const { wallet, cookie } = await signedIn();
    const node = t.deps.evm.node;
    const refusing: FaucetNode = {
      account: node.account,
      read: (c) => node.read(c),
      write: (c, ctx) => node.write(c, ctx),
      balance: (a) => node.balance(a),
      sendValueAs: (k, to, v, ctx) => node.sendValueAs(k, to, v, ctx),
      writeAs: async () => {
        throw new LedgerRejectedError("ethereum", "refused before signing (test)");
      },
    };
    const res = await request(appWithClock(clock, refusing)).post("/api/faucet/claim").set("Cookie", cookie).send({ asset: "XQB" }).expect(502);
    expect(res.body).toMatchObject({ code: "LEDGER_REJECTED" });
    const status = faucetStatusResponse.parse((await request(appWithClock(clock)).get("/api/faucet/status").set("Cookie", cookie).expect(200)).body);
    expect(status.assets[0]).toMatchObject({ lastClaim: null, nextClaimAt: null });
    await request(appWithClock(clock)).post("/api/faucet/claim").set("Cookie", cookie).send({ asset: "XQB" }).expect(200);
    expect(await tokenBalance(xqb, wallet)).toBe(XQB_CLAIM);
  });
});

describe("off the local chain", () => {
  it("an API on Sepolia: no ETH (public faucets named), no XQB and no USDC, each saying why; a claim is a 400 on asset", async () => {
    const sepolia = await startTestApp({ chain: "none", env: { SEPOLIA_RPC_URL: CLOSED_HTTP, EVM_PRIVATE_KEY: "0x" + "ab".repeat(32) } });
    try {
      const body = faucetStatusResponse.parse((await request(sepolia.app).get("/api/faucet/status").expect(200)).body);
      expect(body.network).toMatchObject({ kind: "public", name: "sepolia", chainId: 11155111 });
      expect(body.faucetAccount).toBeNull();
      const [x, u, e] = body.assets;
      expect(e).toMatchObject({ asset: "ETH", available: false, reason: expect.stringMatching(/No ETH from this faucet on sepolia/) });
      expect(e!.links.map((l) => l.url)).toContain("https://www.alchemy.com/faucets/ethereum-sepolia");
      expect(x).toMatchObject({ available: false, reason: expect.stringMatching(/XQBToken is not deployed on sepolia/) });
      expect(u).toMatchObject({ available: false, reason: expect.stringMatching(/No USDC contract is deployed on sepolia/) });
      expect(u!.links[0]!.url).toBe("https://faucet.circle.com");

      const { token } = await createSessionStore(sepolia.deps.database.db, 11155111).create(privateKeyToAccount(generatePrivateKey()).address, 3600);
      const res = await request(sepolia.app).post("/api/faucet/claim").set("Cookie", `${SESSION_COOKIE}=${token}`).send({ asset: "ETH" }).expect(400);
      expect(res.body).toMatchObject({ code: "INVALID_INPUT", issues: [{ path: "asset", message: expect.stringMatching(/No ETH from this faucet/) }] });
    } finally {
      await sepolia.close();
    }
  });

  it("the local chain's node down: status says so, a claim is a 503", async () => {
    const down = await startTestApp({ chain: "none" });
    try {
      const body = faucetStatusResponse.parse((await request(down.app).get("/api/faucet/status").expect(200)).body);
      expect(body.network).toMatchObject({ kind: "local", live: false });
      expect(body.assets[0]).toMatchObject({ available: false, reason: expect.stringMatching(/The chain is not live/) });
      const { token } = await createSessionStore(down.deps.database.db, 31337).create(privateKeyToAccount(generatePrivateKey()).address, 3600);
      const res = await request(down.app).post("/api/faucet/claim").set("Cookie", `${SESSION_COOKIE}=${token}`).send({ asset: "XQB" }).expect(503);
      expect(res.body).toMatchObject({ code: "LEDGER_UNAVAILABLE" });
    } finally {
      await down.close();
    }
  });
});
