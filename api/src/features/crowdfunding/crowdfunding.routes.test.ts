// The crowdfunding endpoints on Hardhat's in-process chain with the whole suite deployed (the demo campaigns
// included), PGlite in memory. Every contribution, attestation and campaign is sent by a dev wallet itself, as
// the page's transaction flow sends it; the API only reads the receipts, records them once and mints the
// rewards, and every figure it answers is checked against the contracts.
import hre from "hardhat";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatEther, formatUnits, getAddress, keccak256, parseUnits, toHex, type Address, type Hash } from "viem";
import { signedInCookie } from "../../testing/sessions";
import { startTestApp, type TestApp } from "../../testing/harness";
import { CROWDFUNDING_NO_REWARD } from "./crowdfunding.constants";
import { DEMO_PROJECTS } from "./crowdfunding.demo";
import {
  createProjectResponse,
  fundResponse,
  projectsResponse,
  userStatsResponse,
  verifyResponse,
  type CrowdfundingProject,
} from "./crowdfunding.schemas";

const FUNDER = 17;
const VERIFIER = 18; // allow-listed at deploy (scripts/lib/deploy-crowdfunding.ts)
const STRANGER = 2;
const usdc = (n: number) => parseUnits(String(n), 6);

let t: TestApp;
let wallets: Awaited<ReturnType<typeof hre.viem.getWalletClients>>;
const cookies: Record<number, string> = {};
beforeAll(async () => {
  t = await startTestApp({ chain: "hardhat" });
  wallets = await hre.viem.getWalletClients();
  for (const i of [FUNDER, VERIFIER, STRANGER])
    cookies[i] = (await signedInCookie(t.deps.database.db, getAddress(wallets[i]!.account.address))).cookie;
  const mockUsdc = await usdcAs(0);
  for (const i of [FUNDER, STRANGER]) await mined(await mockUsdc.write.mint([wallets[i]!.account.address, usdc(1000)]));
});
afterAll(() => t?.close());

const mined = async (hash: Hash) => {
  const r = await (await hre.viem.getPublicClient()).waitForTransactionReceipt({ hash });
  expect(r.status).toBe("success");
  return r;
};
const addressOf = (i: number) => getAddress(wallets[i]!.account.address);
const client = (i: number) => ({ client: { wallet: wallets[i]! } });
const usdcAs = (i: number) => hre.viem.getContractAt("MockUSDC", t.deployment!.MockUSDC!.address, client(i));
const registryAs = (i: number) =>
  hre.viem.getContractAt("AttestationRegistry", t.deployment!.AttestationRegistry!.address, client(i));
const factoryAs = (i: number) =>
  hre.viem.getContractAt("CrowdfundingFactory", t.deployment!.CrowdfundingFactory!.address, client(i));
const vibe = () => hre.viem.getContractAt("VibeCoin", t.deployment!.VibeCoin!.address);
const campaignAs = (address: Address, i: number) =>
  hre.viem.getContractAt("CrowdfundingCampaign", address, { client: { wallet: wallets[i]! } });

async function projects(): Promise<CrowdfundingProject[]> {
  const res = await request(t.app).get("/api/vibecoins/projects").expect(200);
  return projectsResponse.parse(res.body).projects;
}
/** Approve + contribute, from the wallet itself. */
async function contribute(i: number, campaign: Address, amount: bigint): Promise<Hash> {
  const token = await usdcAs(i);
  await mined(await token.write.approve([campaign, amount]));
  const hash = await (await campaignAs(campaign, i)).write.contribute([amount]);
  await mined(hash);
  return hash;
}
const vibeOf = async (i: number) => formatEther(await (await vibe()).read.balanceOf([addressOf(i)]));

describe("GET /api/vibecoins/projects", () => {
  it("lists the seeded demo projects with goal, funding, deadline and state read from their campaigns", async () => {
    const res = await request(t.app).get("/api/vibecoins/projects").expect(200);
    const body = projectsResponse.parse(res.body);
    expect(body.source).toBe("live");
    expect(body.contracts).toEqual({
      factory: t.deployment!.CrowdfundingFactory!.address,
      registry: t.deployment!.AttestationRegistry!.address,
      usdc: t.deployment!.MockUSDC!.address,
      vibe: t.deployment!.VibeCoin!.address,
    });
    expect(body.projects.map((p) => p.title)).toEqual(DEMO_PROJECTS.map((p) => p.title));
    for (const [i, p] of body.projects.entries()) {
      const c = await campaignAs(p.campaign as Address, 0);
      expect(p).toMatchObject({
        demo: true,
        source: "live",
        satelliteVerified: false,
        attestation: null,
        state: "open",
      });
      expect(p.fundingGoal).toBe(formatUnits(await c.read.goal(), 6));
      expect(p.fundingGoal).toBe(String(DEMO_PROJECTS[i]!.goalUsdc));
      expect(p.currentFunding).toBe(formatUnits(await c.read.totalRaised(), 6));
      expect(p.deadline).toBe(new Date(Number(await c.read.deadline()) * 1000).toISOString());
      expect(p.environmentalImpact).toBe(DEMO_PROJECTS[i]!.claimedImpact);
    }
    // A second read stores nothing twice.
    expect((await projects()).length).toBe(DEMO_PROJECTS.length);
  });
});

describe("POST /api/vibecoins/fund", () => {
  it("refuses a request without a session (401) and bad input with the field and the reason (400)", async () => {
    expect((await request(t.app).post("/api/vibecoins/fund").send({}).expect(401)).body.code).toBe("UNAUTHENTICATED");
    const res = await request(t.app)
      .post("/api/vibecoins/fund")
      .set("Cookie", cookies[FUNDER]!)
      .send({ projectId: "nope", amount: 49, action: "fund_project", transactionHash: "0x12" })
      .expect(400);
    expect(res.body.code).toBe("INVALID_INPUT");
    expect(res.body.issues.map((i: { path: string }) => i.path).sort()).toEqual([
      "amount",
      "projectId",
      "transactionHash",
    ]);
  });

  it("records the wallet's own $50 contribution once, mints 50 VIBE, and the campaign's figures move", async () => {
    const [p] = await projects();
    const before = {
      vibe: await vibeOf(FUNDER),
      usdc: await (await usdcAs(0)).read.balanceOf([p!.campaign as Address]),
    };
    const hash = await contribute(FUNDER, p!.campaign as Address, usdc(50));
    const body = { projectId: p!.id, amount: 50, action: "fund_project", transactionHash: hash };

    // Another signed-in wallet cannot claim it.
    const stolen = await request(t.app)
      .post("/api/vibecoins/fund")
      .set("Cookie", cookies[STRANGER]!)
      .send(body)
      .expect(400);
    expect(stolen.body.issues[0]).toMatchObject({
      path: "transactionHash",
      message: expect.stringMatching(/not by the signed-in wallet/),
    });

    const res = await request(t.app).post("/api/vibecoins/fund").set("Cookie", cookies[FUNDER]!).send(body).expect(200);
    const out = fundResponse.parse(res.body);
    expect(out).toMatchObject({ success: true, amount: "50", contributor: addressOf(FUNDER), currentFunding: "50" });
    expect(out.rewards).toMatchObject({ vibecoins: "50", source: "live", reason: null });
    expect(Number(await vibeOf(FUNDER)) - Number(before.vibe)).toBe(50);
    expect(await (await usdcAs(0)).read.balanceOf([p!.campaign as Address])).toBe(before.usdc + usdc(50));
    expect((await projects())[0]!.currentFunding).toBe("50");

    // Recorded once: the same transaction again is a 409 and mints nothing.
    const again = await request(t.app)
      .post("/api/vibecoins/fund")
      .set("Cookie", cookies[FUNDER]!)
      .send(body)
      .expect(409);
    expect(again.body.code).toBe("CONFLICT");
    expect(Number(await vibeOf(FUNDER)) - Number(before.vibe)).toBe(50);
  });

  it("a wallet's second contribution to the same project is recorded but earns no VIBE (one reward per project)", async () => {
    const [p] = await projects();
    const before = await vibeOf(FUNDER);
    const hash = await contribute(FUNDER, p!.campaign as Address, usdc(50));
    const res = await request(t.app)
      .post("/api/vibecoins/fund")
      .set("Cookie", cookies[FUNDER]!)
      .send({ projectId: p!.id, amount: 50, action: "fund_project", transactionHash: hash })
      .expect(200);
    const out = fundResponse.parse(res.body);
    expect(out).toMatchObject({ success: true, amount: "50", currentFunding: "100" });
    expect(out.rewards).toEqual({
      vibecoins: "0",
      transactionHash: null,
      source: "none",
      reason: CROWDFUNDING_NO_REWARD.fundedBefore,
    });
    expect(await vibeOf(FUNDER)).toBe(before);
  });

  it("refuses a contribution of another amount, one to another project's campaign, and an unknown project", async () => {
    const [a, b] = await projects();
    const hash = await contribute(FUNDER, a!.campaign as Address, usdc(20));
    const send = (projectId: string) =>
      request(t.app)
        .post("/api/vibecoins/fund")
        .set("Cookie", cookies[FUNDER]!)
        .send({ projectId, amount: 50, action: "fund_project", transactionHash: hash });
    expect((await send(a!.id).expect(400)).body.issues[0].message).toMatch(/contributed 20 USDC, not the 50 USDC/);
    expect((await send(b!.id).expect(400)).body.issues[0].message).toMatch(/no contribution by this wallet/);
    expect((await send("00000000-0000-4000-8000-000000000000").expect(404)).body.code).toBe("NOT_FOUND");
  });
});

describe("POST /api/utah-agency/verify", () => {
  it("records an allow-listed verifier's own attestation, mints 500 VIBE, flips satelliteVerified; revocation flips it back", async () => {
    const [, p] = await projects();
    const registry = await registryAs(VERIFIER);
    const hash = await registry.write.attest([p!.campaign as Address, "satellite_verified_action"]);
    await mined(hash);
    const before = await vibeOf(VERIFIER);
    const body = {
      projectId: p!.id,
      verificationMethod: "Satellite",
      action: "satellite_verified_action",
      transactionHash: hash,
    };
    const res = await request(t.app)
      .post("/api/utah-agency/verify")
      .set("Cookie", cookies[VERIFIER]!)
      .send(body)
      .expect(200);
    const out = verifyResponse.parse(res.body);
    expect(out.verified).toBe(true);
    expect(out.attestation).toMatchObject({
      verifier: addressOf(VERIFIER),
      revoked: false,
      data: "satellite_verified_action",
    });
    expect(out.rewards).toMatchObject({ vibecoins: "500", source: "live" });
    expect(Number(await vibeOf(VERIFIER)) - Number(before)).toBe(500);
    let listed = (await projects())[1]!;
    expect(listed.satelliteVerified).toBe(true);
    expect(listed.attestation!.id).toBe(out.attestation.id);
    expect(
      (await request(t.app).post("/api/utah-agency/verify").set("Cookie", cookies[VERIFIER]!).send(body).expect(409))
        .body.code,
    ).toBe("CONFLICT");

    await mined(await registry.write.revoke([BigInt(out.attestation.id)]));
    listed = (await projects())[1]!;
    expect(listed.satelliteVerified).toBe(false);
    expect(listed.attestation).toMatchObject({ id: out.attestation.id, revoked: true });

    // Attesting again after a revocation verifies the project again, but the verifier was rewarded for it already.
    const again = await registry.write.attest([p!.campaign as Address, "satellite_verified_action"]);
    await mined(again);
    const second = verifyResponse.parse(
      (
        await request(t.app)
          .post("/api/utah-agency/verify")
          .set("Cookie", cookies[VERIFIER]!)
          .send({ ...body, transactionHash: again })
          .expect(200)
      ).body,
    );
    expect(second.rewards).toMatchObject({
      vibecoins: "0",
      source: "none",
      reason: CROWDFUNDING_NO_REWARD.verifiedBefore,
    });
    expect(Number(await vibeOf(VERIFIER)) - Number(before)).toBe(500);
    expect((await projects())[1]!.satelliteVerified).toBe(true);
  });

  it("a wallet without VERIFIER_ROLE cannot attest at all, so has nothing to record", async () => {
    const [, , p] = await projects();
    const registry = await registryAs(STRANGER);
    await expect(registry.write.attest([p!.campaign as Address, "satellite_verified_action"])).rejects.toThrow();
    const hash = await contribute(STRANGER, p!.campaign as Address, usdc(50));
    const res = await request(t.app)
      .post("/api/utah-agency/verify")
      .set("Cookie", cookies[STRANGER]!)
      .send({
        projectId: p!.id,
        verificationMethod: "Satellite",
        action: "satellite_verified_action",
        transactionHash: hash,
      })
      .expect(400);
    expect(res.body.issues[0].message).toMatch(/no attestation by this wallet/);
  });
});

describe("POST /api/vibecoins/projects and GET /api/user/stats", () => {
  it("stores the wallet's own campaign from its CampaignCreated event, then lists it with its figures", async () => {
    const factory = await factoryAs(FUNDER);
    const { timestamp } = await (await hre.viem.getPublicClient()).getBlock();
    const hash = await factory.write.createCampaign([
      addressOf(FUNDER),
      usdc(500),
      timestamp + 7n * 86_400n,
      keccak256(toHex("routes-test-project")),
    ]);
    await mined(hash);
    const body = {
      title: "Test garden",
      description: "A community garden",
      category: "Soil",
      location: "Provo, Utah",
      claimedImpact: null,
      transactionHash: hash,
    };
    expect(
      (await request(t.app).post("/api/vibecoins/projects").set("Cookie", cookies[STRANGER]!).send(body).expect(400))
        .body.code,
    ).toBe("INVALID_INPUT");
    const res = await request(t.app)
      .post("/api/vibecoins/projects")
      .set("Cookie", cookies[FUNDER]!)
      .send(body)
      .expect(201);
    const { project } = createProjectResponse.parse(res.body);
    expect(project).toMatchObject({
      title: "Test garden",
      demo: false,
      fundingGoal: "500",
      currentFunding: "0",
      state: "open",
      creator: addressOf(FUNDER),
    });
    expect((await projects()).map((p) => p.id)).toContain(project.id);
    expect(
      (await request(t.app).post("/api/vibecoins/projects").set("Cookie", cookies[FUNDER]!).send(body).expect(409)).body
        .code,
    ).toBe("CONFLICT");

    // Funding one's own campaign moves the money and is recorded, but earns no VIBE.
    const before = await vibeOf(FUNDER);
    const own = await contribute(FUNDER, project.campaign as Address, usdc(50));
    const funded = fundResponse.parse(
      (
        await request(t.app)
          .post("/api/vibecoins/fund")
          .set("Cookie", cookies[FUNDER]!)
          .send({ projectId: project.id, amount: 50, action: "fund_project", transactionHash: own })
          .expect(200)
      ).body,
    );
    expect(funded).toMatchObject({ currentFunding: "50", rewards: { vibecoins: "0", source: "none" } });
    expect(funded.rewards.reason).toBe(CROWDFUNDING_NO_REWARD.ownCampaign);
    expect(await vibeOf(FUNDER)).toBe(before);
  });

  it("reads the VIBE balance from the chain and scores the recorded actions by the stated rule", async () => {
    const funder = userStatsResponse.parse(
      (await request(t.app).get("/api/user/stats").set("Cookie", cookies[FUNDER]!).expect(200)).body,
    );
    expect(funder.vibecoinsBalance).toBe(await vibeOf(FUNDER));
    // Three contributions recorded (two to one demo project, one to its own campaign); one earned a reward.
    expect(funder).toMatchObject({
      fundings: 3,
      verifications: 0,
      environmentalScore: 10,
      gamingLevel: 1,
      isVerifier: false,
    });
    const [first, second] = await projects();
    expect(funder.rewardedProjects).toEqual({ funding: [first!.id], verification: [] });
    const verifier = userStatsResponse.parse(
      (
        await request(t.app)
          .get(`/api/user/stats?address=${addressOf(VERIFIER)}`)
          .expect(200)
      ).body,
    );
    expect(verifier).toMatchObject({
      fundings: 0,
      verifications: 2,
      environmentalScore: 100,
      gamingLevel: 2,
      isVerifier: true,
    });
    expect(verifier.rewardedProjects).toEqual({ funding: [], verification: [second!.id] });
    expect((await request(t.app).get("/api/user/stats").expect(401)).body.code).toBe("UNAUTHENTICATED");
    expect((await request(t.app).get("/api/user/stats?address=0x12").expect(400)).body.issues[0].path).toBe("address");
  });
});
