// The onboarding checklist against the real app: Hardhat's in-process chain with the suite deployed, the real event
// index, PGlite, sessions from the real session store. A fresh key is funded by the real faucet route, then mints and
// stakes with its own signature; every step's evidence is read back from the faucet's record, the chain and the index.
import { and, eq } from "drizzle-orm";
import hre from "hardhat";
import request from "supertest";
import { createWalletClient, custom, parseEther, type Address, type Hash } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { hardhat } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as abis from "../../../../contracts/generated/abis";
import { onboardingSteps } from "../../db/schema";
import { signedInCookie } from "../../testing/sessions";
import { startTestApp, type TestApp } from "../../testing/harness";
import { onboardingProgressResponse, type OnboardingProgressResponse } from "./onboarding.schemas";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ chain: "hardhat" });
}, 120_000);
afterAll(() => t?.close());

const fresh = () => privateKeyToAccount(generatePrivateKey());
const walletOf = (account: ReturnType<typeof fresh>) =>
  createWalletClient({ account, chain: hardhat, transport: custom(hre.network.provider) });

async function mined(hash: Hash) {
  const receipt = await (await hre.viem.getPublicClient()).waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe("success");
  expect(await t.deps.evm.index.waitFor(receipt.blockNumber, 10_000)).toBe(true);
  return receipt;
}

const rowsOf = (address: Address) =>
  t.deps.database.db
    .select()
    .from(onboardingSteps)
    .where(and(eq(onboardingSteps.chainId, 31337), eq(onboardingSteps.address, address.toLowerCase())));

async function progress(address: Address): Promise<OnboardingProgressResponse> {
  const res = await request(t.app).get("/api/onboarding/progress").query({ address }).expect(200);
  return onboardingProgressResponse.parse(res.body);
}

async function check(cookie: string, body: object = {}): Promise<OnboardingProgressResponse> {
  const res = await request(t.app).post("/api/onboarding/check").set("Cookie", cookie).send(body).expect(200);
  return onboardingProgressResponse.parse(res.body);
}

const step = (p: OnboardingProgressResponse, id: string) => p.steps.find((s) => s.id === id)!;

const browserFacts = (address: Address) => ({
  wallet: { discovery: "eip6963", name: "Test Wallet" },
  network: { chainId: 31337 },
  connected: { address, chainId: 31337 },
});

describe("GET /api/onboarding/progress", () => {
  it("a new wallet: nothing done, the first step current, the rest waiting, nothing written", async () => {
    const { address } = fresh();
    const p = await progress(address);
    expect(p.current).toBe("wallet");
    expect(p.steps.map((s) => s.status)).toEqual(["current", ...Array(6).fill("waiting")]);
    expect(p.chain).toMatchObject({ live: true, reason: null });
    expect(BigInt(p.chain.blockNumber!)).toBeGreaterThan(0n);
    expect(await rowsOf(address)).toEqual([]);
  });

  it("refuses a bad address with 400 naming the field", async () => {
    const res = await request(t.app).get("/api/onboarding/progress").query({ address: "0x1234" }).expect(400);
    expect(res.body).toMatchObject({ code: "INVALID_INPUT", issues: [{ path: "address" }] });
    await request(t.app).get("/api/onboarding/progress").expect(400);
  });

  it("a dev account holding ETH reads as funded by its balance, found now and not recorded", async () => {
    const dev = (await hre.viem.getWalletClients())[9]!.account.address;
    const balance = await (await hre.viem.getPublicClient()).getBalance({ address: dev });
    const funded = step(await progress(dev), "funded");
    expect(funded).toMatchObject({ status: "done", recorded: false, completedAt: null });
    expect(funded.evidence).toMatchObject({ kind: "balance", wei: balance.toString() });
    expect(await rowsOf(dev)).toEqual([]);
  });
});

describe("POST /api/onboarding/check", () => {
  it("401 without a session, nothing written", async () => {
    const { address } = fresh();
    const res = await request(t.app).post("/api/onboarding/check").send(browserFacts(address)).expect(401);
    expect(res.body.code).toBe("UNAUTHENTICATED");
    expect(await rowsOf(address)).toEqual([]);
  });

  it("records steps 1-4 for the session's wallet; funded, mint and stake without evidence are not recorded", async () => {
    const { address, cookie } = await signedInCookie(t.deps.database.db, fresh().address);
    const p = await check(cookie, browserFacts(address));
    expect(p.recordedNow).toEqual(["wallet", "network", "connected", "signed_in"]);
    expect(p.current).toBe("funded");
    expect(step(p, "wallet").evidence).toMatchObject({ kind: "browser", discovery: "eip6963", name: "Test Wallet" });
    expect(step(p, "network").evidence).toMatchObject({ kind: "browser", chainId: 31337 });
    expect(step(p, "signed_in").evidence).toMatchObject({ kind: "session", chainId: 31337 });
    const rows = await rowsOf(address);
    expect(rows.map((r) => r.step).sort()).toEqual(["connected", "network", "signed_in", "wallet"]);

    // Survives a reload: a plain read answers the recorded steps with their first time, and checking again keeps it.
    const read = await progress(address);
    expect(step(read, "connected")).toMatchObject({ status: "done", recorded: true });
    const again = await check(cookie, browserFacts(address));
    expect(again.recordedNow).toEqual([]);
    expect(step(again, "wallet").completedAt).toBe(step(p, "wallet").completedAt);
  });

  it("a wallet cannot write another's steps: another connected address is a 400 and nothing is written", async () => {
    const { address, cookie } = await signedInCookie(t.deps.database.db, fresh().address);
    const other = fresh().address;
    const res = await request(t.app)
      .post("/api/onboarding/check")
      .set("Cookie", cookie)
      .send({ connected: { address: other, chainId: 31337 } })
      .expect(400);
    expect(res.body).toMatchObject({ code: "INVALID_INPUT", issues: [{ path: "connected.address" }] });
    expect(await rowsOf(address)).toEqual([]);
    expect(await rowsOf(other)).toEqual([]);
  });

  it("a chain id that is not this API's chain is refused, nothing written", async () => {
    const { address, cookie } = await signedInCookie(t.deps.database.db, fresh().address);
    const res = await request(t.app)
      .post("/api/onboarding/check")
      .set("Cookie", cookie)
      .send({ ...browserFacts(address), network: { chainId: 1 } })
      .expect(400);
    expect(res.body.issues).toEqual([expect.objectContaining({ path: "network.chainId" })]);
    expect(await rowsOf(address)).toEqual([]);
  });

  it("refuses unknown fields and a bad discovery value with 400", async () => {
    const { cookie } = await signedInCookie(t.deps.database.db, fresh().address);
    for (const body of [{ extra: 1 }, { wallet: { discovery: "guess", name: "x" } }, { network: { chainId: "1" } }]) {
      const res = await request(t.app).post("/api/onboarding/check").set("Cookie", cookie).send(body).expect(400);
      expect(res.body.code).toBe("INVALID_INPUT");
    }
  });
});

describe("a fresh wallet from the faucet to its first stake", () => {
  const account = fresh();
  let cookie: string;
  beforeAll(async () => {
    cookie = (await signedInCookie(t.deps.database.db, account.address)).cookie;
  });

  it("funded: the faucet's ETH claim to this wallet is the evidence", async () => {
    const claim = await request(t.app)
      .post("/api/faucet/claim")
      .set("Cookie", cookie)
      .send({ asset: "ETH" })
      .expect(200);
    const p = await check(cookie, browserFacts(account.address));
    expect(p.recordedNow).toEqual(["wallet", "network", "connected", "signed_in", "funded"]);
    expect(p.current).toBe("first_mint");
    expect(step(p, "funded").evidence).toMatchObject({
      kind: "faucet-claim",
      asset: "ETH",
      amount: "1",
      transactionHash: claim.body.transactionHash,
    });
  });

  it("first mint: neither the faucet's USDC mint nor another account's mint to this wallet counts; its own does", async () => {
    await request(t.app).post("/api/faucet/claim").set("Cookie", cookie).send({ asset: "USDC" }).expect(200);
    const minter = t.deployment!.XQBMinter!.address as Address;
    const dev = (await hre.viem.getWalletClients())[5]!;
    const forIt = await mined(
      await dev.writeContract({
        address: minter,
        abi: abis.XQBMinterAbi,
        functionName: "mint",
        args: [account.address],
        value: parseEther("0.01"),
      }),
    );
    const before = await check(cookie);
    expect(step(before, "first_mint").status).toBe("current");
    expect(before.chain.indexedBlock && BigInt(before.chain.indexedBlock)).toBeGreaterThanOrEqual(forIt.blockNumber);

    const own = await mined(
      await walletOf(account).writeContract({
        address: minter,
        abi: abis.XQBMinterAbi,
        functionName: "mint",
        args: [account.address],
        value: parseEther("0.01"),
      }),
    );
    const after = await check(cookie);
    expect(after.recordedNow).toEqual(["first_mint"]);
    expect(step(after, "first_mint").evidence).toMatchObject({
      kind: "event",
      contract: "XQBMinter",
      eventName: "Minted",
      transactionHash: own.transactionHash,
      blockNumber: own.blockNumber.toString(),
      args: expect.objectContaining({ payer: account.address, ethIn: parseEther("0.01").toString() }),
    });
    expect(step(after, "first_mint").onCurrentChain).toBe(true);
    expect(after.current).toBe("first_stake");
  });

  it("first stake: a deposit sent straight to the pool contract, outside the app, is found in the index", async () => {
    const stake = await mined(
      await walletOf(account).writeContract({
        address: t.deployment!.xqbETH!.address as Address,
        abi: abis.LiquidStakingPoolAbi,
        functionName: "depositEth",
        args: [account.address],
        value: parseEther("0.01"),
      }),
    );
    // A plain read finds it (not recorded: reading records nothing) ...
    const read = await progress(account.address);
    expect(step(read, "first_stake")).toMatchObject({ status: "done", recorded: false });
    // ... and the wallet's own check records it.
    const p = await check(cookie);
    expect(p.recordedNow).toEqual(["first_stake"]);
    expect(step(p, "first_stake").evidence).toMatchObject({
      kind: "event",
      contract: "xqbETH",
      eventName: "Deposit",
      transactionHash: stake.transactionHash,
    });
    expect(p.current).toBeNull();
    expect(p.steps.every((s) => s.status === "done" && s.recorded)).toBe(true);
    expect(await rowsOf(account.address)).toHaveLength(7);
  });
});
