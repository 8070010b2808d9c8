// Tests for the crowdfunding group: CrowdfundingCampaign (goal, deadline, contributions, finalize to the
// beneficiary, pull refunds after a missed goal, reentrancy through a malicious token), the factory's one
// campaign per project key, the attestation registry's allow-list and revocation, deployCrowdfunding's demo
// seeding, and a property run over random contribute / time / finalize / refund sequences.
// Runs on Hardhat's in-process network; contracts are compiled before the run (tests never compile).
import hre from "hardhat";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { getAddress, keccak256, parseEventLogs, parseUnits, toHex, zeroAddress, type Abi, type Address } from "viem";
import { deployCrowdfunding } from "../../scripts/lib/deploy-crowdfunding";
import { DEMO_PROJECTS, demoProjectKey } from "../../api/src/features/crowdfunding/crowdfunding.demo";
import { testSize } from "../../scripts/lib/test-size";
import { expectRevert, isolateEachTest, restoreChainAfterFile, revertTo, snapshot } from "../testing/chain";

const usdc = (n: number | string) => parseUnits(String(n), 6);
const VERIFIER_ROLE = keccak256(toHex("VERIFIER_ROLE"));
const DAY = 86_400n;
const RUNS = testSize("FC_RUNS", 12, 200);
const State = { Open: 0, Succeeded: 1, Finalized: 2, Failed: 3 } as const;

async function rpc(method: string, params: unknown[] = []) {
  return hre.network.provider.request({ method, params });
}
async function advance(seconds: bigint) {
  await rpc("evm_increaseTime", [Number(seconds)]);
  await rpc("evm_mine");
}

async function deployFixture() {
  const [deployer, alice, bob, carol, beneficiary, verifier, stranger] = await hre.viem.getWalletClients();
  if (!deployer || !alice || !bob || !carol || !beneficiary || !verifier || !stranger)
    throw new Error("need 7 accounts");
  const publicClient = await hre.viem.getPublicClient();
  const token = await hre.viem.deployContract("MockUSDC", [deployer.account.address]);
  for (const w of [alice, bob, carol]) {
    await publicClient.waitForTransactionReceipt({ hash: await token.write.mint([w.account.address, usdc(100_000)]) });
  }
  const d = await deployCrowdfunding(hre, { usdc: token.address, verifier: verifier.account.address, seedDemo: true });
  const factory = await hre.viem.getContractAt("CrowdfundingFactory", d.CrowdfundingFactory.address);
  const registry = await hre.viem.getContractAt("AttestationRegistry", d.AttestationRegistry.address);
  return { deployer, alice, bob, carol, beneficiary, verifier, stranger, publicClient, token, factory, registry };
}
type Fixture = Awaited<ReturnType<typeof deployFixture>>;
type W = Fixture["alice"];

let f: Fixture;
restoreChainAfterFile();
beforeAll(async () => {
  f = await deployFixture();
});

const campaignAbi = () => hre.artifacts.readArtifactSync("CrowdfundingCampaign").abi as Abi;

/** A fresh campaign with `goal` USDC and a deadline `days` ahead, every funder's approval given. */
async function newCampaign(goal = usdc(100), days = 7n, key = keccak256(toHex(`k-${Math.random()}`))) {
  const { factory, publicClient, beneficiary, deployer, token, alice, bob, carol } = f;
  const { timestamp } = await publicClient.getBlock();
  const hash = await factory.write.createCampaign([beneficiary.account.address, goal, timestamp + days * DAY, key], {
    account: deployer.account,
  });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  const [created] = parseEventLogs({ abi: factory.abi, eventName: "CampaignCreated", logs: receipt.logs });
  const campaign = await hre.viem.getContractAt("CrowdfundingCampaign", created!.args.campaign);
  for (const w of [alice, bob, carol]) {
    await publicClient.waitForTransactionReceipt({
      hash: await token.write.approve([campaign.address, 2n ** 256n - 1n], { account: w.account }),
    });
  }
  return { campaign, key, receipt, created: created!.args };
}
type Campaign = Awaited<ReturnType<typeof newCampaign>>["campaign"];

async function mined(hash: Promise<`0x${string}`>) {
  const r = await f.publicClient.waitForTransactionReceipt({ hash: await hash });
  expect(r.status).toBe("success");
  return r;
}
const contribute = (c: Campaign, w: W, amount: bigint) => mined(c.write.contribute([amount], { account: w.account }));
const balance = (a: Address) => f.token.read.balanceOf([a]);

describe("CrowdfundingCampaign", () => {
  isolateEachTest();

  it("takes contributions after approve, credits each contributor and emits Contributed", async () => {
    const { campaign } = await newCampaign();
    const r = await contribute(campaign, f.alice, usdc(50));
    const [ev] = parseEventLogs({ abi: campaign.abi, eventName: "Contributed", logs: r.logs });
    expect(ev!.args).toEqual({
      contributor: getAddress(f.alice.account.address),
      amount: usdc(50),
      totalRaised: usdc(50),
    });
    await contribute(campaign, f.bob, usdc(20));
    expect(await campaign.read.totalRaised()).toBe(usdc(70));
    expect(await campaign.read.contributionOf([f.alice.account.address])).toBe(usdc(50));
    expect(await balance(campaign.address)).toBe(usdc(70));
    expect(await campaign.read.state()).toBe(State.Open);
  });

  it("refuses a zero contribution, one without allowance, and any after the deadline", async () => {
    const { campaign } = await newCampaign(usdc(100), 2n);
    await expectRevert(campaign.write.contribute([0n], { account: f.alice.account }), "ZeroAmount");
    await expectRevert(
      campaign.write.contribute([usdc(1)], { account: f.stranger.account }),
      "ERC20InsufficientAllowance",
      undefined,
      f.token.abi as Abi,
    );
    await advance(2n * DAY);
    const deadline = await campaign.read.deadline();
    await expectRevert(campaign.write.contribute([usdc(1)], { account: f.alice.account }), "DeadlinePassed", [
      deadline,
    ]);
  });

  it("finalize pays everything raised to the beneficiary once the goal is met, once", async () => {
    const { campaign } = await newCampaign(usdc(100));
    await contribute(campaign, f.alice, usdc(60));
    await expectRevert(campaign.write.finalize({ account: f.stranger.account }), "GoalNotMet", [usdc(60), usdc(100)]);
    await contribute(campaign, f.bob, usdc(50));
    expect(await campaign.read.state()).toBe(State.Succeeded);
    const before = await balance(f.beneficiary.account.address);
    const r = await mined(campaign.write.finalize({ account: f.stranger.account }));
    const [ev] = parseEventLogs({ abi: campaign.abi, eventName: "Finalized", logs: r.logs });
    expect(ev!.args).toEqual({ beneficiary: getAddress(f.beneficiary.account.address), amount: usdc(110) });
    expect((await balance(f.beneficiary.account.address)) - before).toBe(usdc(110));
    expect(await balance(campaign.address)).toBe(0n);
    expect(await campaign.read.state()).toBe(State.Finalized);
    await expectRevert(campaign.write.finalize({ account: f.stranger.account }), "AlreadyFinalized");
    await expectRevert(campaign.write.contribute([usdc(1)], { account: f.alice.account }), "AlreadyFinalized");
    await expectRevert(campaign.write.refund({ account: f.alice.account }), "DeadlineNotReached", [
      await campaign.read.deadline(),
    ]);
  });

  it("refunds each contributor exactly, by pull, only after a missed deadline", async () => {
    const { campaign } = await newCampaign(usdc(100), 3n);
    await contribute(campaign, f.alice, usdc(30));
    await contribute(campaign, f.alice, usdc(5));
    await contribute(campaign, f.bob, usdc(20));
    const deadline = await campaign.read.deadline();
    await expectRevert(campaign.write.refund({ account: f.alice.account }), "DeadlineNotReached", [deadline]);
    await advance(3n * DAY);
    expect(await campaign.read.state()).toBe(State.Failed);
    const before = await balance(f.alice.account.address);
    const r = await mined(campaign.write.refund({ account: f.alice.account }));
    const [ev] = parseEventLogs({ abi: campaign.abi, eventName: "Refunded", logs: r.logs });
    expect(ev!.args).toEqual({ contributor: getAddress(f.alice.account.address), amount: usdc(35) });
    expect((await balance(f.alice.account.address)) - before).toBe(usdc(35));
    expect(await balance(campaign.address)).toBe(usdc(20));
    await expectRevert(campaign.write.refund({ account: f.alice.account }), "NothingToRefund", [
      getAddress(f.alice.account.address),
    ]);
    await expectRevert(campaign.write.refund({ account: f.carol.account }), "NothingToRefund", [
      getAddress(f.carol.account.address),
    ]);
    await expectRevert(campaign.write.finalize({ account: f.bob.account }), "GoalNotMet", [usdc(55), usdc(100)]);
  });

  it("refuses refunds when the goal was met, even after the deadline", async () => {
    const { campaign } = await newCampaign(usdc(40), 1n);
    await contribute(campaign, f.alice, usdc(40));
    await advance(2n * DAY);
    await expectRevert(campaign.write.refund({ account: f.alice.account }), "GoalMet", [usdc(40), usdc(40)]);
    await mined(campaign.write.finalize({ account: f.alice.account }));
  });

  it("rejects bad constructor arguments with its own errors", async () => {
    const { timestamp } = await f.publicClient.getBlock();
    const abi = campaignAbi();
    const args = (over: Partial<Record<"token" | "ben" | "goal" | "deadline", unknown>>) => [
      over.token ?? f.token.address,
      over.ben ?? f.beneficiary.account.address,
      f.deployer.account.address,
      over.goal ?? usdc(1),
      over.deadline ?? timestamp + DAY,
    ];
    const deploy = (a: unknown[]) =>
      (hre.viem.deployContract as unknown as (n: string, a: unknown[]) => Promise<unknown>)("CrowdfundingCampaign", a);
    await expectRevert(deploy(args({ token: zeroAddress })), "ZeroAddress", undefined, abi);
    await expectRevert(deploy(args({ ben: zeroAddress })), "ZeroAddress", undefined, abi);
    await expectRevert(deploy(args({ goal: 0n })), "ZeroAmount", undefined, abi);
    await expectRevert(deploy(args({ deadline: timestamp - 1n })), "DeadlineNotInFuture", undefined, abi);
  });

  it("blocks re-entry from a malicious token on refund, finalize and contribute", async () => {
    const { publicClient, deployer, alice, beneficiary } = f;
    const bad = await hre.viem.deployContract("ReentrantToken", []);
    const badFactory = await hre.viem.deployContract("CrowdfundingFactory", [bad.address]);
    const { timestamp } = await publicClient.getBlock();
    await mined(bad.write.mint([alice.account.address, usdc(1000)]));
    // The token calls back into the campaign whenever the campaign sends tokens (refund and finalize pay out).
    const open = async (goal: bigint, key: string) => {
      const r = await mined(
        badFactory.write.createCampaign([beneficiary.account.address, goal, timestamp + DAY, keccak256(toHex(key))], {
          account: deployer.account,
        }),
      );
      const [ev] = parseEventLogs({ abi: badFactory.abi, eventName: "CampaignCreated", logs: r.logs });
      const c = await hre.viem.getContractAt("CrowdfundingCampaign", ev!.args.campaign);
      await mined(bad.write.approve([c.address, 2n ** 256n - 1n], { account: alice.account }));
      await contribute(c, alice, usdc(10));
      return c;
    };
    const guardSelector = keccak256(toHex("ReentrancyGuardReentrantCall()")).slice(0, 10);

    const refunding = await open(usdc(100), "refund");
    await advance(2n * DAY);
    for (const attack of [1, 2, 3] as const) {
      const snap = await snapshot();
      await mined(bad.write.arm([refunding.address, attack]));
      await mined(refunding.write.refund({ account: alice.account }));
      expect(await bad.read.reentered()).toBe(false);
      expect((await bad.read.lastRevert()).slice(0, 10)).toBe(guardSelector);
      expect(await refunding.read.contributionOf([alice.account.address])).toBe(0n);
      expect(await bad.read.balanceOf([refunding.address])).toBe(0n);
      await revertTo(snap);
    }

    const { timestamp: t2 } = await publicClient.getBlock();
    expect(t2).toBeGreaterThan(timestamp);
    const finalizing = await (async () => {
      const r = await mined(
        badFactory.write.createCampaign(
          [beneficiary.account.address, usdc(10), t2 + DAY, keccak256(toHex("finalize"))],
          { account: deployer.account },
        ),
      );
      const [ev] = parseEventLogs({ abi: badFactory.abi, eventName: "CampaignCreated", logs: r.logs });
      const c = await hre.viem.getContractAt("CrowdfundingCampaign", ev!.args.campaign);
      await mined(bad.write.approve([c.address, 2n ** 256n - 1n], { account: alice.account }));
      await contribute(c, alice, usdc(10));
      return c;
    })();
    await mined(bad.write.arm([finalizing.address, 3]));
    await mined(finalizing.write.finalize({ account: alice.account }));
    expect(await bad.read.reentered()).toBe(false);
    expect((await bad.read.lastRevert()).slice(0, 10)).toBe(guardSelector);
    expect(await bad.read.balanceOf([beneficiary.account.address])).toBe(usdc(10));
  });
});

describe("CrowdfundingFactory", () => {
  isolateEachTest();

  it("creates one campaign per project key, findable by key and by CampaignCreated", async () => {
    const { campaign, key, created } = await newCampaign(usdc(250), 10n);
    expect(await f.factory.read.campaignOf([key])).toBe(campaign.address);
    expect(await f.factory.read.isCampaign([campaign.address])).toBe(true);
    expect(created.creator).toBe(getAddress(f.deployer.account.address));
    expect(created.projectKey).toBe(key);
    expect(await campaign.read.goal()).toBe(usdc(250));
    expect(await campaign.read.token()).toBe(getAddress(f.token.address));
    expect(await campaign.read.creator()).toBe(getAddress(f.deployer.account.address));
    const { timestamp } = await f.publicClient.getBlock();
    await expectRevert(
      f.factory.write.createCampaign([f.beneficiary.account.address, usdc(1), timestamp + DAY, key]),
      "ProjectKeyTaken",
      [key, campaign.address],
    );
  });

  it("deployCrowdfunding seeded every demo project's campaign with its goal", async () => {
    for (const p of DEMO_PROJECTS) {
      const address = await f.factory.read.campaignOf([demoProjectKey(p.slug)]);
      expect(address).not.toBe(zeroAddress);
      const c = await hre.viem.getContractAt("CrowdfundingCampaign", address);
      expect(await c.read.goal()).toBe(usdc(p.goalUsdc));
      expect(await c.read.state()).toBe(State.Open);
    }
    expect(await f.factory.read.campaignCount()).toBe(BigInt(DEMO_PROJECTS.length));
  });
});

describe("AttestationRegistry", () => {
  isolateEachTest();

  it("lets an allow-listed verifier attest and revoke; others cannot", async () => {
    const { registry, verifier, stranger, deployer } = f;
    const { campaign } = await newCampaign();
    expect(await registry.read.hasRole([VERIFIER_ROLE, verifier.account.address])).toBe(true);
    await expectRevert(
      registry.write.attest([campaign.address, "satellite_verified_action"], { account: stranger.account }),
      "AccessControlUnauthorizedAccount",
      [getAddress(stranger.account.address), VERIFIER_ROLE],
    );
    await expectRevert(registry.write.attest([campaign.address, ""], { account: verifier.account }), "EmptyData");
    const r = await mined(
      registry.write.attest([campaign.address, "satellite_verified_action"], { account: verifier.account }),
    );
    const [ev] = parseEventLogs({ abi: registry.abi, eventName: "Attested", logs: r.logs });
    expect(ev!.args.id).toBe(1n);
    expect(ev!.args.verifier).toBe(getAddress(verifier.account.address));
    expect(await registry.read.latestOf([campaign.address])).toBe(1n);
    const a = await registry.read.getAttestation([1n]);
    expect(a.subject).toBe(campaign.address);
    expect(a.revokedAt).toBe(0n);
    expect(a.data).toBe("satellite_verified_action");

    await expectRevert(registry.write.revoke([1n], { account: stranger.account }), "NotAttester", [
      1n,
      getAddress(stranger.account.address),
    ]);
    await mined(registry.write.revoke([1n], { account: verifier.account }));
    expect((await registry.read.getAttestation([1n])).revokedAt).toBeGreaterThan(0n);
    await expectRevert(registry.write.revoke([1n], { account: deployer.account }), "AlreadyRevoked", [1n]);
    await expectRevert(registry.read.getAttestation([9n]), "UnknownAttestation", [9n]);

    // The admin may revoke any attestation (a verifier whose key leaked), and take the role away.
    await mined(registry.write.attest([campaign.address, "again"], { account: verifier.account }));
    await mined(registry.write.revoke([2n], { account: deployer.account }));
    await mined(registry.write.revokeRole([VERIFIER_ROLE, verifier.account.address], { account: deployer.account }));
    await expectRevert(
      registry.write.attest([campaign.address, "x"], { account: verifier.account }),
      "AccessControlUnauthorizedAccount",
    );
  });
});

describe("CrowdfundingCampaign (property)", () => {
  it("random contribute / time / finalize / refund sequences keep the books exact", async () => {
    const who = fc.constantFrom(0, 1, 2);
    const op = fc.oneof(
      fc.record({ kind: fc.constant("contribute" as const), who, amount: fc.integer({ min: 1, max: 60 }) }),
      fc.record({ kind: fc.constant("wait" as const), days: fc.integer({ min: 1, max: 4 }) }),
      fc.record({ kind: fc.constant("finalize" as const) }),
      fc.record({ kind: fc.constant("refund" as const), who }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 20, max: 150 }),
        fc.array(op, { minLength: 1, maxLength: 10 }),
        async (goalUsdc, ops) => {
          const snap = await snapshot();
          try {
            const goal = usdc(goalUsdc);
            const { campaign } = await newCampaign(goal, 5n);
            const funders = [f.alice, f.bob, f.carol];
            const deadline = await campaign.read.deadline();
            const paid = [0n, 0n, 0n];
            let raised = 0n;
            let finalized = false;
            for (const o of ops) {
              const { timestamp: now } = await f.publicClient.getBlock();
              if (o.kind === "wait") {
                await advance(BigInt(o.days) * DAY);
              } else if (o.kind === "contribute") {
                const w = funders[o.who]!;
                // The next block's timestamp is at least now + 1.
                if (finalized)
                  await expectRevert(
                    campaign.write.contribute([usdc(o.amount)], { account: w.account }),
                    "AlreadyFinalized",
                  );
                else if (now + 1n >= deadline)
                  await expectRevert(
                    campaign.write.contribute([usdc(o.amount)], { account: w.account }),
                    "DeadlinePassed",
                  );
                else {
                  await contribute(campaign, w, usdc(o.amount));
                  paid[o.who]! += usdc(o.amount);
                  raised += usdc(o.amount);
                }
              } else if (o.kind === "finalize") {
                if (finalized)
                  await expectRevert(campaign.write.finalize({ account: f.stranger.account }), "AlreadyFinalized");
                else if (raised < goal)
                  await expectRevert(campaign.write.finalize({ account: f.stranger.account }), "GoalNotMet");
                else {
                  await mined(campaign.write.finalize({ account: f.stranger.account }));
                  finalized = true;
                }
              } else {
                const w = funders[o.who]!;
                if (now + 1n < deadline)
                  await expectRevert(campaign.write.refund({ account: w.account }), "DeadlineNotReached");
                else if (raised >= goal) await expectRevert(campaign.write.refund({ account: w.account }), "GoalMet");
                else if (paid[o.who] === 0n)
                  await expectRevert(campaign.write.refund({ account: w.account }), "NothingToRefund");
                else {
                  const before = await balance(w.account.address);
                  await mined(campaign.write.refund({ account: w.account }));
                  expect((await balance(w.account.address)) - before).toBe(paid[o.who]);
                  paid[o.who] = 0n;
                }
              }
              // The books: what the campaign holds is what it still owes (nothing once finalized).
              expect(await campaign.read.totalRaised()).toBe(raised);
              const owed = paid.reduce((a, b) => a + b, 0n);
              expect(await balance(campaign.address)).toBe(finalized ? 0n : owed);
              for (const [i, w] of funders.entries())
                expect(await campaign.read.contributionOf([w.account.address])).toBe(paid[i]);
            }
          } finally {
            await revertTo(snap);
          }
        },
      ),
      { numRuns: RUNS, seed: 28 },
    );
  });
});
