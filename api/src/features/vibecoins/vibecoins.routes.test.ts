// The vibecoins endpoints on Hardhat's in-process chain with the whole suite deployed, PGlite in memory:
// the reward is minted by the real VibeCoin and limited by the real table; burns are sent by dev wallet #1
// and read back from their receipts; every supply is checked against the contracts at the same blocks.
import hre from "hardhat";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatEther, getAddress, parseEther, type Address, type Hash } from "viem";
import { createSessionStore, SESSION_COOKIE } from "../../shared/session";
import { startTestApp, type TestApp } from "../../testing/harness";
import {
  VIBECOINS_REWARD,
  vibecoinsBurnResponse,
  vibecoinsHistoryResponse,
  vibecoinsRewardResponse,
  vibecoinsSuppliesResponse,
} from "./vibecoins.schemas";

let t: TestApp;
let wallet: Address;
let cookie: string;
beforeAll(async () => {
  t = await startTestApp({ chain: "hardhat" });
  const [, one] = await hre.viem.getWalletClients();
  wallet = getAddress(one!.account.address);
  // A session as POST /api/auth/verify stores it (SIWE itself is tested in features/auth).
  const { token } = await createSessionStore(t.deps.database.db, 31337).create(wallet, 3600);
  cookie = `${SESSION_COOKIE}=${token}`;
});
afterAll(() => t?.close());

async function token(name: "VibeCoin" | "XQBToken") {
  const [, one] = await hre.viem.getWalletClients();
  // Both are ERC20Burnable with the same ERC-20 surface; VibeCoin's typed ABI serves both addresses.
  return hre.viem.getContractAt("VibeCoin", t.deployment![name]!.address, { client: { wallet: one! } });
}
const supplyAt = async (name: "VibeCoin" | "XQBToken", blockNumber: bigint) =>
  formatEther(await (await token(name)).read.totalSupply({ blockNumber }));
const mined = async (hash: Hash) => (await hre.viem.getPublicClient()).waitForTransactionReceipt({ hash });

describe("GET /api/vibecoins/supplies", () => {
  it("reads VIBE and XQB totalSupply at one block, and says Stellar's VIBE cannot be read (simulated, with the reason)", async () => {
    const res = await request(t.app).get("/api/vibecoins/supplies").expect(200);
    const body = vibecoinsSuppliesResponse.parse(res.body);
    const [vibe, xqb, stellar] = body.supplies;
    expect(vibe).toMatchObject({
      ledger: "ethereum",
      token: "VIBE",
      source: "live",
      reason: null,
      issuer: t.deployment!.VibeCoin!.address,
    });
    expect(xqb).toMatchObject({
      ledger: "ethereum",
      token: "XQB",
      source: "live",
      issuer: t.deployment!.XQBToken!.address,
    });
    const at = BigInt(vibe!.blockNumber!);
    expect(vibe!.amount).toBe(await supplyAt("VibeCoin", at));
    expect(xqb!.amount).toBe(await supplyAt("XQBToken", at));
    // The genesis allocations alone are 75M XQB.
    expect(Number(xqb!.amount)).toBeGreaterThanOrEqual(75_000_000);
    // Horizon is a closed port in the harness: no figure, and the reason in words.
    expect(stellar).toMatchObject({ ledger: "stellar", token: "VIBE", source: "simulated", amount: null });
    expect(stellar!.reason).toMatch(/could not be read/);
    expect(stellar!.issuer).toMatch(/^G[A-Z2-7]{55}$/);
  });
});

describe("POST /api/vibecoins/reward", () => {
  it("refuses a request without a session: 401", async () => {
    const res = await request(t.app).post("/api/vibecoins/reward").expect(401);
    expect(res.body.code).toBe("UNAUTHENTICATED");
  });

  let rewardHash: string;
  it("mints the stated reward to the signed-in wallet, with the supply read before and after its block", async () => {
    const balanceBefore = await (await token("VibeCoin")).read.balanceOf([wallet]);
    const res = await request(t.app).post("/api/vibecoins/reward").set("Cookie", cookie).expect(200);
    const body = vibecoinsRewardResponse.parse(res.body);
    expect(body).toMatchObject({
      token: "VIBE",
      amount: VIBECOINS_REWARD.amount,
      recipient: wallet,
      source: "live",
      reason: null,
    });
    rewardHash = body.transactionHash;
    const receipt = await mined(body.transactionHash as Hash);
    expect(receipt.blockNumber.toString()).toBe(body.blockNumber);
    expect(body.supplyBefore).toBe(await supplyAt("VibeCoin", receipt.blockNumber - 1n));
    expect(body.supplyAfter).toBe(await supplyAt("VibeCoin", receipt.blockNumber));
    expect(Number(body.supplyAfter) - Number(body.supplyBefore)).toBe(Number(VIBECOINS_REWARD.amount));
    expect((await (await token("VibeCoin")).read.balanceOf([wallet])) - balanceBefore).toBe(
      parseEther(VIBECOINS_REWARD.amount),
    );
    // Signed by the API signer, VibeCoin's minter.
    expect(receipt.from.toLowerCase()).toBe(t.deps.evm.node.account.toLowerCase());
    expect(new Date(body.nextRewardAt).getTime() - Date.now()).toBeGreaterThan(
      (VIBECOINS_REWARD.intervalSeconds - 60) * 1000,
    );
  });

  it("refuses a second reward within the hour: 429 with Retry-After and the next time, and mints nothing", async () => {
    const supply = await (await token("VibeCoin")).read.totalSupply();
    const res = await request(t.app).post("/api/vibecoins/reward").set("Cookie", cookie).expect(429);
    expect(res.body.code).toBe("RATE_LIMITED");
    const retry = Number(res.headers["retry-after"]);
    expect(retry).toBeGreaterThan(VIBECOINS_REWARD.intervalSeconds - 60);
    expect(retry).toBeLessThanOrEqual(VIBECOINS_REWARD.intervalSeconds);
    expect(res.body.retryAfterSeconds).toBe(retry);
    expect(res.body.details.nextRewardAt).toMatch(/^\d{4}-/);
    expect(await (await token("VibeCoin")).read.totalSupply()).toBe(supply);
  });

  it("reserves the slot atomically: of two requests at once for a fresh wallet, one mints and one gets 429", async () => {
    const [, , two] = await hre.viem.getWalletClients();
    const { token: tk } = await createSessionStore(t.deps.database.db, 31337).create(two!.account.address, 3600);
    const c = `${SESSION_COOKIE}=${tk}`;
    const statuses = (
      await Promise.all([1, 2].map(() => request(t.app).post("/api/vibecoins/reward").set("Cookie", c)))
    )
      .map((r) => r.status)
      .sort();
    expect(statuses).toEqual([200, 429]);
  });

  it("lists the reward in the wallet's history with the next reward time", async () => {
    const res = await request(t.app).get(`/api/vibecoins/history?address=${wallet.toLowerCase()}`).expect(200);
    const body = vibecoinsHistoryResponse.parse(res.body);
    expect(body.address).toBe(wallet);
    expect(body.entries).toContainEqual(
      expect.objectContaining({
        kind: "reward",
        token: "VIBE",
        amount: VIBECOINS_REWARD.amount,
        transactionHash: rewardHash,
      }),
    );
    expect(body.nextRewardAt).not.toBeNull();
  });
});

describe("POST /api/vibecoins/burns", () => {
  it("reads a VIBE burn back: token, amount, burner, supply before and after; the same answer twice", async () => {
    const vibe = await token("VibeCoin");
    const hash = await vibe.write.burn([parseEther("12.5")]);
    const receipt = await mined(hash);
    const res = await request(t.app).post("/api/vibecoins/burns").send({ transactionHash: hash }).expect(200);
    const body = vibecoinsBurnResponse.parse(res.body);
    expect(body).toMatchObject({
      transactionHash: hash,
      sender: wallet,
      blockNumber: receipt.blockNumber.toString(),
      source: "live",
    });
    expect(body.burns).toEqual([
      {
        token: "VIBE",
        contract: t.deployment!.VibeCoin!.address,
        amount: "12.5",
        burner: wallet,
        supplyBefore: await supplyAt("VibeCoin", receipt.blockNumber - 1n),
        supplyAfter: await supplyAt("VibeCoin", receipt.blockNumber),
      },
    ]);
    expect(Number(body.burns[0]!.supplyBefore) - Number(body.burns[0]!.supplyAfter)).toBe(12.5);
    const again = await request(t.app)
      .post("/api/vibecoins/burns")
      .send({ transactionHash: hash.toUpperCase().replace("0X", "0x") })
      .expect(200);
    expect(again.body).toEqual(res.body);
    const history = vibecoinsHistoryResponse.parse(
      (await request(t.app).get(`/api/vibecoins/history?address=${wallet}`).expect(200)).body,
    );
    expect(history.entries[0]).toMatchObject({ kind: "burn", token: "VIBE", amount: "12.5", transactionHash: hash });
  });

  it("reads an XQB burn back (XQB minted through XQBMinter with the wallet's own ETH first)", async () => {
    const [, one] = await hre.viem.getWalletClients();
    const minter = await hre.viem.getContractAt("XQBMinter", t.deployment!.XQBMinter!.address, {
      client: { wallet: one! },
    });
    await mined(await minter.write.mint([wallet], { value: parseEther("0.01") }));
    const hash = await (await token("XQBToken")).write.burn([parseEther("3")]);
    const receipt = await mined(hash);
    const body = vibecoinsBurnResponse.parse(
      (await request(t.app).post("/api/vibecoins/burns").send({ transactionHash: hash }).expect(200)).body,
    );
    expect(body.burns).toEqual([
      {
        token: "XQB",
        contract: t.deployment!.XQBToken!.address,
        amount: "3",
        burner: wallet,
        supplyBefore: await supplyAt("XQBToken", receipt.blockNumber - 1n),
        supplyAfter: await supplyAt("XQBToken", receipt.blockNumber),
      },
    ]);
  });

  it("refuses a transaction that burnt nothing, an unknown hash and a malformed one: 400 naming transactionHash", async () => {
    const transfer = await (
      await token("VibeCoin")
    ).write.transfer(["0x000000000000000000000000000000000000dEaD", parseEther("1")]);
    await mined(transfer);
    const notBurn = await request(t.app).post("/api/vibecoins/burns").send({ transactionHash: transfer }).expect(400);
    expect(notBurn.body).toMatchObject({ code: "INVALID_INPUT", issues: [{ path: "transactionHash" }] });
    expect(notBurn.body.issues[0].message).toMatch(/is not a VIBE or XQB burn/);
    const unknown = await request(t.app)
      .post("/api/vibecoins/burns")
      .send({ transactionHash: `0x${"ab".repeat(32)}` })
      .expect(400);
    expect(unknown.body.issues[0]).toMatchObject({
      path: "transactionHash",
      message: expect.stringMatching(/not found/),
    });
    const bad = await request(t.app).post("/api/vibecoins/burns").send({ transactionHash: "0x12" }).expect(400);
    expect(bad.body.issues[0]).toEqual({ path: "transactionHash", message: "must be a 0x-prefixed 32-byte hex hash" });
  });
});

describe("GET /api/vibecoins/history", () => {
  it("refuses a malformed address with a 400 naming it", async () => {
    const res = await request(t.app).get("/api/vibecoins/history?address=0x123").expect(400);
    expect(res.body.issues[0]).toEqual({ path: "address", message: "must be a 0x-prefixed 20-byte hex address" });
  });
});
