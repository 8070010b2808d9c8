// The faucet against the real app: Hardhat's in-process chain with the suite deployed (dev #16 holds the
// community incentives XQB), PGlite in memory, sessions made in the real session store. Balances are read
// back from the chain; the 24 h window is moved with an injected clock.
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import express from "express";
import hre from "hardhat";
import request from "supertest";
import { erc20Abi, formatEther, parseEther, parseUnits, type Address } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devAccountKey } from "../../config";
import { faucetClaims } from "../../db/schema";
import { errorHandler } from "../../http/error-handler";
import { jsonBody } from "../../http/json-body";
import { mountRoutes } from "../../http/route";
import { LedgerRejectedError } from "../../ledgers/types";
import { createSessionStore, SESSION_COOKIE } from "../../shared/session";
import { CLOSED_HTTP, startTestApp, type TestApp } from "../../testing/harness";
import type { FaucetNode } from "./faucet.ledger";
import { createFaucetClaimStore, type FaucetBudget } from "./faucet.repository";
import { createFaucetRouter } from "./faucet.routes";
import { faucetClaimResponse, faucetStatusResponse, FAUCET_WINDOW_SECONDS } from "./faucet.schemas";
import { SETTLE_GRACE_MS } from "./faucet.service";

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
const tokenBalance = async (token: Address, who: Address) =>
  (await client()).readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [who] });
const ethBalance = async (who: Address) => (await client()).getBalance({ address: who });
const nonceOf = async (who: Address) => (await client()).getTransactionCount({ address: who });

/** A FaucetNode passing every call to `node` (tests replace one method). */
const passThrough = (node: FaucetNode): FaucetNode => ({
  account: node.account,
  read: (c) => node.read(c),
  write: (c, ctx) => node.write(c, ctx),
  writeAs: (k, c, ctx) => node.writeAs(k, c, ctx),
  sendValueAs: (k, to, v, ctx) => node.sendValueAs(k, to, v, ctx),
  balance: (a) => node.balance(a),
  receipt: (h) => node.receipt(h),
  knowsTransaction: (h) => node.knowsTransaction(h),
  minedNonce: (a) => node.minedNonce(a),
});

/** A fresh wallet signed in: its address and the session cookie. */
async function signedIn(): Promise<{ wallet: Address; cookie: string }> {
  const wallet = privateKeyToAccount(generatePrivateKey()).address;
  const { token } = await createSessionStore(t.deps.database.db, 31337).create(wallet, 3600);
  return { wallet, cookie: `${SESSION_COOKIE}=${token}` };
}

/** The faucet's router alone on the real deps, with a clock the test moves (and, optionally, another node, budget or database sharing). */
function routerWith(
  clock: { now: number },
  options: { node?: FaucetNode; budget?: FaucetBudget; soleWriter?: boolean } = {},
) {
  return createFaucetRouter({
    db: t.deps.database.db,
    network: "hardhat",
    chainId: 31337,
    evm: t.deps.evm.selector,
    node: options.node ?? t.deps.evm.node,
    devKeys: { available: true, keys: { key: (i) => devAccountKey(i) } },
    sessions: createSessionStore(t.deps.database.db, 31337),
    budget: options.budget ?? { hourly: 200, daily: 1000 },
    soleWriter: options.soleWriter ?? true,
    now: () => clock.now,
  });
}
function appOf(router: ReturnType<typeof routerWith>) {
  const app = express();
  app.use(jsonBody("100kb"));
  app.use(mountRoutes(router.routes));
  app.use(errorHandler);
  return app;
}
const appWithClock = (clock: { now: number }, node?: FaucetNode) => appOf(routerWith(clock, { node }));

describe("GET /api/faucet/status on the local chain", () => {
  it("says what each asset gives, with the faucet account's balances read from the chain", async () => {
    const body = faucetStatusResponse.parse((await request(t.app).get("/api/faucet/status").expect(200)).body);
    expect(body.network).toMatchObject({ kind: "local", name: "hardhat", chainId: 31337, live: true });
    expect(body).toMatchObject({ faucetAccount: FAUCET, wallet: null, windowSeconds: FAUCET_WINDOW_SECONDS });
    const [x, u, e] = body.assets;
    expect(x).toMatchObject({
      asset: "XQB",
      amount: "1000",
      available: true,
      reason: null,
      faucetBalance: formatEther(await tokenBalance(xqb, FAUCET)),
      lastClaim: null,
      nextClaimAt: null,
    });
    expect(Number(x!.faucetBalance)).toBeGreaterThan(1_000_000);
    expect(u).toMatchObject({ asset: "USDC", amount: "1000", available: true, faucetBalance: null });
    expect(u!.faucetBalanceNote).toMatch(/Minted on demand by the API signer/);
    expect(e).toMatchObject({
      asset: "ETH",
      amount: "1",
      available: true,
      faucetBalance: formatEther(await ethBalance(FAUCET)),
    });
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
      expect(r.body).toMatchObject({
        code: "INVALID_INPUT",
        issues: [{ path: expect.stringMatching(/^(asset|recipient)$/), message: expect.any(String) }],
      });
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
    expect(claim).toMatchObject({
      asset: "XQB",
      amount: "1000",
      recipient: wallet,
      sender: FAUCET,
      explorerUrl: null,
      source: "live",
    });
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
    expect(early.body).toMatchObject({
      code: "RATE_LIMITED",
      retryAfterSeconds: 3600,
      details: {
        nextClaimAt: claim.nextClaimAt,
        lastClaimAt: claim.claimedAt,
        lastTransactionHash: claim.transactionHash,
      },
    });
    expect(early.headers["retry-after"]).toBe("3600");
    expect(await nonceOf(FAUCET)).toBe(nonce);
    expect(await tokenBalance(xqb, wallet)).toBe(XQB_CLAIM);

    // The status says the same for this wallet.
    const status = faucetStatusResponse.parse(
      (await request(app).get("/api/faucet/status").set("Cookie", cookie).expect(200)).body,
    );
    expect(status.wallet).toBe(wallet);
    expect(status.assets[0]).toMatchObject({
      lastClaim: { claimedAt: claim.claimedAt, transactionHash: claim.transactionHash, blockNumber: claim.blockNumber },
      nextClaimAt: claim.nextClaimAt,
    });
    expect(status.assets[0]!.walletBalance).toBe("1000");
    expect(status.assets[1]).toMatchObject({ asset: "USDC", lastClaim: null, nextClaimAt: null, walletBalance: "0" });

    // 24 h after the first claim: allowed again.
    clock.now += HOUR;
    const again = faucetClaimResponse.parse(
      (await request(app).post("/api/faucet/claim").set("Cookie", cookie).send({ asset: "XQB" }).expect(200)).body,
    );
    expect(again.transactionHash).not.toBe(claim.transactionHash);
    expect(await tokenBalance(xqb, wallet)).toBe(2n * XQB_CLAIM);
  });

  it("two parallel claims of one wallet: exactly one sends", async () => {
    const { wallet, cookie } = await signedIn();
    const nonce = await nonceOf(FAUCET);
    const answers = await Promise.all(
      [0, 1, 2].map(() => request(t.app).post("/api/faucet/claim").set("Cookie", cookie).send({ asset: "XQB" })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 429, 429]);
    expect(await tokenBalance(xqb, wallet)).toBe(XQB_CLAIM);
    expect(await nonceOf(FAUCET)).toBe(nonce + 1);
  });

  it("USDC is minted by the API signer and ETH sent from the faucet account; the windows are per asset", async () => {
    const { wallet, cookie } = await signedIn();
    const ethBefore = await ethBalance(FAUCET);
    const u = faucetClaimResponse.parse(
      (await request(t.app).post("/api/faucet/claim").set("Cookie", cookie).send({ asset: "USDC" }).expect(200)).body,
    );
    expect(u.sender).toBe(t.deps.evm.node.account);
    expect(await tokenBalance(usdc, wallet)).toBe(parseUnits("1000", 6));
    const e = faucetClaimResponse.parse(
      (await request(t.app).post("/api/faucet/claim").set("Cookie", cookie).send({ asset: "ETH" }).expect(200)).body,
    );
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
      ...passThrough(node),
      writeAs: async () => {
        throw new LedgerRejectedError("ethereum", "refused before signing (test)");
      },
    };
    const res = await request(appWithClock(clock, refusing))
      .post("/api/faucet/claim")
      .set("Cookie", cookie)
      .send({ asset: "XQB" })
      .expect(502);
    expect(res.body).toMatchObject({ code: "LEDGER_REJECTED" });
    const status = faucetStatusResponse.parse(
      (await request(appWithClock(clock)).get("/api/faucet/status").set("Cookie", cookie).expect(200)).body,
    );
    expect(status.assets[0]).toMatchObject({ lastClaim: null, nextClaimAt: null });
    await request(appWithClock(clock))
      .post("/api/faucet/claim")
      .set("Cookie", cookie)
      .send({ asset: "XQB" })
      .expect(200);
    expect(await tokenBalance(xqb, wallet)).toBe(XQB_CLAIM);
  });
});

const DAY = 24 * HOUR;
const claimAs = (app: express.Express, who: { cookie: string }, asset: "XQB" | "USDC" | "ETH") =>
  request(app).post("/api/faucet/claim").set("Cookie", who.cookie).send({ asset });
const statusOf = async (app: express.Express, who?: { cookie: string }) =>
  faucetStatusResponse.parse(
    (
      await (
        who ? request(app).get("/api/faucet/status").set("Cookie", who.cookie) : request(app).get("/api/faucet/status")
      ).expect(200)
    ).body,
  );
const randomHash = () => `0x${randomBytes(32).toString("hex")}`;

describe("the faucet's global budget", () => {
  it("counts an asset's claims per hour and per 24 h, all wallets together: over it, 429 with Retry-After and the reason, nothing sent; the status shows what is left", async () => {
    // 40 days ahead: no other test's claim is in these windows.
    const clock = { now: Date.now() + 40 * DAY };
    const t0 = clock.now;
    const app = appOf(routerWith(clock, { budget: { hourly: 2, daily: 3 } }));
    const w = await Promise.all([0, 1, 2, 3].map(() => signedIn()));
    await claimAs(app, w[0]!, "USDC").expect(200);
    clock.now += 60_000;
    await claimAs(app, w[1]!, "USDC").expect(200);

    const spent = await statusOf(app);
    const usdcStatus = spent.assets.find((a) => a.asset === "USDC")!;
    expect(usdcStatus.budget).toEqual({
      hour: { limit: 2, used: 2, remaining: 0, nextSlotAt: new Date(t0 + HOUR).toISOString() },
      day: { limit: 3, used: 2, remaining: 1, nextSlotAt: null },
    });
    expect(usdcStatus).toMatchObject({
      available: false,
      reason: expect.stringMatching(
        /hourly budget for USDC is spent: 2 of 2 claims in the last hour, all wallets together \(FAUCET_HOURLY_CLAIMS\)/,
      ),
    });
    // Per asset: XQB's budget is untouched.
    expect(spent.assets.find((a) => a.asset === "XQB")!.budget.hour).toMatchObject({ used: 0, remaining: 2 });

    const minter = t.deps.evm.node.account;
    const nonce = await nonceOf(minter);
    const over = await claimAs(app, w[2]!, "USDC").expect(429);
    expect(over.body).toMatchObject({
      code: "RATE_LIMITED",
      error: expect.stringMatching(/hourly budget for USDC is spent/),
      retryAfterSeconds: 3540,
      details: { budget: "hourly", limit: "2", used: "2", nextSlotAt: new Date(t0 + HOUR).toISOString() },
    });
    expect(over.headers["retry-after"]).toBe("3540");
    expect(await nonceOf(minter)).toBe(nonce);
    expect(await tokenBalance(usdc, w[2]!.wallet)).toBe(0n);
    // A wallet inside its own window still hears about its window first.
    expect((await claimAs(app, w[0]!, "USDC").expect(429)).body.details).toMatchObject({
      nextClaimAt: expect.any(String),
    });

    // The first claim leaves the hour: room for one.
    clock.now = t0 + HOUR + 1000;
    await claimAs(app, w[2]!, "USDC").expect(200);
    // Three in 24 h: the daily budget is spent until the first claim is a day old.
    clock.now += HOUR;
    const daily = await claimAs(app, w[3]!, "USDC").expect(429);
    expect(daily.body).toMatchObject({
      details: { budget: "daily", limit: "3", used: "3", nextSlotAt: new Date(t0 + DAY).toISOString() },
    });
    expect(daily.body.error).toMatch(
      /daily budget for USDC is spent: 3 of 3 claims in the last 24 hours, all wallets together \(FAUCET_DAILY_CLAIMS\)/,
    );
    expect((await statusOf(app)).assets.find((a) => a.asset === "USDC")!.budget.day).toMatchObject({
      used: 3,
      remaining: 0,
    });
  });
});

describe("a claim survives a crash", () => {
  const store = () => createFaucetClaimStore(t.deps.database.db, 31337);
  const BUDGET = { hourly: 200, daily: 1000 };

  it("left reserved (nothing signed): the next settling releases the slot and the wallet claims again", async () => {
    const clock = { now: Date.now() };
    const who = await signedIn();
    const router = routerWith(clock);
    expect(
      await store().reserve(who.wallet, "XQB", "1000", new Date(clock.now), FAUCET_WINDOW_SECONDS, BUDGET),
    ).toEqual({ reserved: true });
    expect((await statusOf(appOf(router), who)).assets[0]!.lastClaim).toMatchObject({
      status: "reserved",
      transactionHash: null,
    });
    const report = await router.exports.settler.settle();
    expect(report.released).toBeGreaterThanOrEqual(1);
    expect((await statusOf(appOf(router), who)).assets[0]!.lastClaim).toBeNull();
    await claimAs(appOf(router), who, "XQB").expect(200);
    expect(await tokenBalance(xqb, who.wallet)).toBe(XQB_CLAIM);
  });

  it("signed and recorded but never sent: the wallet's next claim settles it (unseen by the node, nonce still free), then sends exactly once", async () => {
    const clock = { now: Date.now() };
    const who = await signedIn();
    const at = new Date(clock.now - 5_000);
    await store().reserve(who.wallet, "XQB", "1000", at, FAUCET_WINDOW_SECONDS, BUDGET);
    const nonce = await nonceOf(FAUCET);
    expect(await store().recordSigned(who.wallet, "XQB", at, { hash: randomHash(), sender: FAUCET, nonce })).toBe(true);
    const claim = faucetClaimResponse.parse((await claimAs(appWithClock(clock), who, "XQB").expect(200)).body);
    expect(await tokenBalance(xqb, who.wallet)).toBe(XQB_CLAIM);
    expect(await nonceOf(FAUCET)).toBe(nonce + 1);
    expect((await statusOf(appWithClock(clock), who)).assets[0]!.lastClaim).toMatchObject({
      status: "sent",
      transactionHash: claim.transactionHash,
    });
  });

  it("mined but never marked (killed after the send): completed from the receipt, and a second claim is refused", async () => {
    const clock = { now: Date.now() };
    const who = await signedIn();
    const sent = faucetClaimResponse.parse((await claimAs(appWithClock(clock), who, "XQB").expect(200)).body);
    // As a crash right after the send leaves it: pending, with its hash and nonce, no block.
    const tx = await (await client()).getTransaction({ hash: sent.transactionHash as `0x${string}` });
    await t.deps.database.db
      .update(faucetClaims)
      .set({ status: "pending", blockNumber: null, sender: FAUCET, nonce: tx.nonce })
      .where(and(eq(faucetClaims.wallet, who.wallet), eq(faucetClaims.asset, "XQB")));
    const router = routerWith(clock);
    expect((await router.exports.settler.settle()).completed).toBeGreaterThanOrEqual(1);
    expect((await statusOf(appOf(router), who)).assets[0]!.lastClaim).toEqual({
      claimedAt: sent.claimedAt,
      transactionHash: sent.transactionHash,
      blockNumber: sent.blockNumber,
      status: "sent",
    });
    await claimAs(appOf(router), who, "XQB").expect(429);
    expect(await tokenBalance(xqb, who.wallet)).toBe(XQB_CLAIM);
  });

  it("its nonce taken by another transaction (dropped): released", async () => {
    const clock = { now: Date.now() };
    const who = await signedIn();
    const at = new Date(clock.now);
    await store().reserve(who.wallet, "ETH", "1", at, FAUCET_WINDOW_SECONDS, BUDGET);
    await store().recordSigned(who.wallet, "ETH", at, {
      hash: randomHash(),
      sender: FAUCET,
      nonce: (await nonceOf(FAUCET)) - 1,
    });
    await routerWith(clock).exports.settler.settle();
    expect(await store().latest(who.wallet)).toEqual([]);
  });

  it("a claim being sent is never settled from outside: settling and a second claim wait for it, and it is sent once", async () => {
    const clock = { now: Date.now() };
    const who = await signedIn();
    let signedSeen!: () => void;
    const seen = new Promise<void>((r) => (signedSeen = r));
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    const node = t.deps.evm.node;
    // Holds the claim between the record and the send (the window a crash would hit).
    const held: FaucetNode = {
      ...passThrough(node),
      writeAs: (k, c, ctx) =>
        node.writeAs(k, c, {
          ...ctx!,
          signed: async (tx) => {
            await ctx!.signed!(tx);
            signedSeen();
            await gate;
          },
        }),
    };
    const router = routerWith(clock, { node: held });
    const app = appOf(router);
    const first = claimAs(app, who, "XQB").then((r) => r);
    await seen;
    expect((await store().latest(who.wallet))[0]).toMatchObject({ status: "pending", sender: FAUCET });
    const report = await router.exports.settler.settle();
    expect(report.waiting).toBeGreaterThanOrEqual(1);
    expect((await store().latest(who.wallet))[0]).toMatchObject({ status: "pending" });
    await claimAs(app, who, "XQB").expect(429);
    open();
    expect((await first).status).toBe(200);
    expect(await tokenBalance(xqb, who.wallet)).toBe(XQB_CLAIM);
  });

  it("on a shared database (replicas) a young unsettled claim may be another replica's send: left for the grace, then released", async () => {
    const clock = { now: Date.now() };
    const who = await signedIn();
    const at = new Date(clock.now);
    await store().reserve(who.wallet, "USDC", "1000", at, FAUCET_WINDOW_SECONDS, BUDGET);
    await store().recordSigned(who.wallet, "USDC", at, {
      hash: randomHash(),
      sender: t.deps.evm.node.account,
      nonce: await nonceOf(t.deps.evm.node.account),
    });
    const router = routerWith(clock, { soleWriter: false });
    await claimAs(appOf(router), who, "USDC").expect(429);
    expect((await store().latest(who.wallet))[0]).toMatchObject({ status: "pending" });
    clock.now += SETTLE_GRACE_MS + 1000;
    await claimAs(appOf(router), who, "USDC").expect(200);
    expect(await tokenBalance(usdc, who.wallet)).toBe(parseUnits("1000", 6));
  });
});

describe("off the local chain", () => {
  it("an API on Sepolia: no ETH (public faucets named), no XQB and no USDC, each saying why; a claim is a 400 on asset", async () => {
    const sepolia = await startTestApp({
      chain: "none",
      env: { SEPOLIA_RPC_URL: CLOSED_HTTP, EVM_PRIVATE_KEY: "0x" + "ab".repeat(32) },
    });
    try {
      const body = faucetStatusResponse.parse((await request(sepolia.app).get("/api/faucet/status").expect(200)).body);
      expect(body.network).toMatchObject({ kind: "public", name: "sepolia", chainId: 11155111 });
      expect(body.faucetAccount).toBeNull();
      const [x, u, e] = body.assets;
      expect(e).toMatchObject({
        asset: "ETH",
        available: false,
        reason: expect.stringMatching(/No ETH from this faucet on sepolia/),
      });
      expect(e!.links.map((l) => l.url)).toContain("https://www.alchemy.com/faucets/ethereum-sepolia");
      expect(x).toMatchObject({
        available: false,
        reason: expect.stringMatching(/XQBToken is not deployed on sepolia/),
      });
      expect(u).toMatchObject({
        available: false,
        reason: expect.stringMatching(/No USDC contract is deployed on sepolia/),
      });
      expect(u!.links[0]!.url).toBe("https://faucet.circle.com");

      const { token } = await createSessionStore(sepolia.deps.database.db, 11155111).create(
        privateKeyToAccount(generatePrivateKey()).address,
        3600,
      );
      const res = await request(sepolia.app)
        .post("/api/faucet/claim")
        .set("Cookie", `${SESSION_COOKIE}=${token}`)
        .send({ asset: "ETH" })
        .expect(400);
      expect(res.body).toMatchObject({
        code: "INVALID_INPUT",
        issues: [{ path: "asset", message: expect.stringMatching(/No ETH from this faucet/) }],
      });
    } finally {
      await sepolia.close();
    }
  });

  it("the local chain's node down: status says so, a claim is a 503", async () => {
    const down = await startTestApp({ chain: "none" });
    try {
      const body = faucetStatusResponse.parse((await request(down.app).get("/api/faucet/status").expect(200)).body);
      expect(body.network).toMatchObject({ kind: "local", live: false });
      expect(body.assets[0]).toMatchObject({
        available: false,
        reason: expect.stringMatching(/The chain is not live/),
      });
      const { token } = await createSessionStore(down.deps.database.db, 31337).create(
        privateKeyToAccount(generatePrivateKey()).address,
        3600,
      );
      const res = await request(down.app)
        .post("/api/faucet/claim")
        .set("Cookie", `${SESSION_COOKIE}=${token}`)
        .send({ asset: "XQB" })
        .expect(503);
      expect(res.body).toMatchObject({ code: "LEDGER_UNAVAILABLE" });
    } finally {
      await down.close();
    }
  });
});
