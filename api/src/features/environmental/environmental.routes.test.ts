// The environmental monitoring reads against the real app: Hardhat's in-process chain with the suite deployed,
// PGlite in memory, the government publishers unreachable (closed ports), sessions from the real store.
import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import hre from "hardhat";
import request from "supertest";
import { erc20Abi, formatUnits, getAddress, zeroAddress, type Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GOVERNMENT_DATA_DIR } from "../../sources/government/snapshot";
import { startTestApp, type TestApp } from "../../testing/harness";
import { signedInCookie } from "../../testing/sessions";
import { createEnvironmentalService } from "./environmental.service";
import type {
  EnergyResponse,
  ProjectStatus,
  ProjectsResponse,
  RewardEntry,
  RewardsResponse,
} from "./environmental.schemas";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ chain: "hardhat" });
}, 120_000);
afterAll(() => t?.close());

/** A bundled file's rows, read straight from the CSV (not through the government layer). */
const csv = (file: string) =>
  parse(readFileSync(`${GOVERNMENT_DATA_DIR}${file}`, "utf8"), { columns: true }) as Record<string, string>[];

describe("GET /api/environmental/energy", () => {
  it("serves WTI and Henry Hub, monthly and daily, equal to the bundled rows, each dated and sourced", async () => {
    const body = (await request(t.app).get("/api/environmental/energy").expect(200)).body as EnergyResponse;
    const byId = Object.fromEntries(body.series.map((s) => [s.id, s]));
    expect(Object.keys(byId).sort()).toEqual(["henryHub-daily", "henryHub-monthly", "wti-daily", "wti-monthly"]);

    const monthly = csv("eia_spot_prices_monthly.csv");
    expect(byId["wti-monthly"]!.points).toEqual(
      monthly.map((r) => ({ date: `${r.month}-01`, value: Number(r.RWTC_usd_per_barrel_monthly_avg) })),
    );
    expect(byId["henryHub-monthly"]!.points).toEqual(
      monthly.map((r) => ({ date: `${r.month}-01`, value: Number(r.RNGWHHD_usd_per_mmbtu_monthly_avg) })),
    );
    const wti = csv("eia_wti_cushing_spot_daily.csv").filter((r) => r.RWTC_usd_per_barrel !== "");
    expect(byId["wti-daily"]!.points).toEqual(wti.map((r) => ({ date: r.date, value: Number(r.RWTC_usd_per_barrel) })));
    const hh = csv("eia_henry_hub_spot_daily.csv").filter((r) => r.RNGWHHD_usd_per_mmbtu !== "");
    expect(byId["henryHub-daily"]!.points).toEqual(
      hh.map((r) => ({ date: r.date, value: Number(r.RNGWHHD_usd_per_mmbtu) })),
    );

    for (const s of body.series) {
      expect(s.source).toBe("snapshot");
      expect(s.asOf).toBe(s.points.at(-1)!.date);
      expect(s.publisher).toMatch(/Energy Information Administration/);
      expect(["RWTC", "RNGWHHD"]).toContain(s.seriesId);
    }
    // No EIA key here: the newest value is the bundled row, said so, with its date.
    for (const l of body.latest) {
      const daily = byId[`${l.key}-daily`]!;
      expect(l).toMatchObject({ source: "snapshot", asOf: daily.asOf, value: daily.points.at(-1)!.value });
      expect(l.note).toMatch(/live disabled: no key/);
    }
  });
});

describe("GET /api/environmental/rewards", () => {
  it("lists every VIBE mint the chain logged, newest first, with what the database says it was for", async () => {
    const me = await signedInCookie(t.deps.database.db);
    const minted = await request(t.app).post("/api/vibecoins-crypto/mint").set("Cookie", me.cookie).send({
      recipientAddress: me.address,
      amount: 42,
      environmentalProject: "Wetland restoration",
      network: "hardhat",
    });
    expect(minted.status, JSON.stringify(minted.body)).toBe(200);
    const reward = await request(t.app).post("/api/vibecoins/reward").set("Cookie", me.cookie);
    expect(reward.status, JSON.stringify(reward.body)).toBe(200);

    const body = (await request(t.app).get("/api/environmental/rewards?limit=100").expect(200)).body as RewardsResponse;
    expect(body.source).toBe("live");
    const vibe = t.deployment!.VibeCoin!;
    expect(body.token.contract).toBe(getAddress(vibe.address));

    // The chain's own mint events, read independently up to the block the index has followed.
    const client = await hre.viem.getPublicClient();
    const logs = await client.getContractEvents({
      address: vibe.address as Address,
      abi: erc20Abi,
      eventName: "Transfer",
      args: { from: zeroAddress },
      fromBlock: BigInt(vibe.deployedOnBlock),
      toBlock: BigInt(body.indexedThrough!),
    });
    const fromChain = logs
      .map((l) => ({
        recipient: getAddress(l.args.to!),
        amount: formatUnits(l.args.value!, 18),
        transactionHash: l.transactionHash,
        blockNumber: l.blockNumber.toString(),
        logIndex: l.logIndex,
      }))
      .reverse();
    expect(
      body.entries.map(({ recipient, amount, transactionHash, blockNumber, logIndex }) => ({
        recipient,
        amount,
        transactionHash,
        blockNumber,
        logIndex,
      })),
    ).toEqual(fromChain);

    const ours = (hash: string) => body.entries.find((e) => e.transactionHash === hash)!;
    expect(ours(minted.body.transactionHash)).toMatchObject({
      recipient: getAddress(me.address),
      amount: "42",
      purpose: { kind: "environmental-action", recordedBy: "testnet-operations" },
    });
    expect(ours(minted.body.transactionHash).purpose!.detail).toContain("Wetland restoration");
    expect(ours(reward.body.transactionHash)).toMatchObject({
      amount: "100",
      purpose: { kind: "reward", recordedBy: "vibecoins" },
    });
    const block = await client.getBlock({ blockNumber: BigInt(ours(minted.body.transactionHash).blockNumber) });
    expect(ours(minted.body.transactionHash).timestamp).toBe(new Date(Number(block.timestamp) * 1000).toISOString());
  });

  it("pages by cursor through the same list, each mint once", async () => {
    const all = (await request(t.app).get("/api/environmental/rewards?limit=100").expect(200)).body as RewardsResponse;
    expect(all.entries.length).toBeGreaterThanOrEqual(2);
    const walked: RewardEntry[] = [];
    let cursor: string | null = null;
    do {
      const page = (
        await request(t.app)
          .get(`/api/environmental/rewards?limit=1${cursor ? `&cursor=${cursor}` : ""}`)
          .expect(200)
      ).body as RewardsResponse;
      expect(page.entries.length).toBeLessThanOrEqual(1);
      walked.push(...page.entries);
      cursor = page.nextCursor;
    } while (cursor && walked.length <= all.entries.length);
    expect(walked).toEqual(all.entries);
  });

  it("refuses a bad limit or cursor with the field and the reason (400)", async () => {
    for (const [q, field] of [
      ["limit=0", "limit"],
      ["limit=101", "limit"],
      ["limit=x", "limit"],
      ["cursor=abc", "cursor"],
      ["other=1", ""],
    ] as const) {
      const res = await request(t.app).get(`/api/environmental/rewards?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.code).toBe("INVALID_INPUT");
      if (field) expect(res.body.issues[0].path).toBe(field);
    }
  });
});

describe("projects", () => {
  const project: ProjectStatus = {
    id: "p1",
    title: "Great Salt Lake wetlands",
    campaign: "0x0000000000000000000000000000000000000001",
    fundingGoal: "1000",
    currentFunding: "250",
    deadline: "2026-12-31T00:00:00.000Z",
    state: "open",
    satelliteVerified: true,
    attestation: { id: `0x${"ab".repeat(32)}`, verifier: "0x0000000000000000000000000000000000000002", revoked: false },
    demo: true,
    claimedImpact: "12 t CO2 a year",
  };
  const service = (projects: () => Promise<ProjectStatus[]>) =>
    createEnvironmentalService({
      government: t.deps.government,
      index: t.deps.evm.index,
      chainId: t.deps.config.evm.chainId,
      network: t.deps.config.evm.network,
      evmStatus: () => t.deps.evm.selector.status(),
      purposes: [],
      projects,
      timeoutMs: 200,
    });

  it("GET /api/environmental/projects: crowdfunding's projects with their campaigns' figures, labelled claims", async () => {
    const body = (await request(t.app).get("/api/environmental/projects").expect(200)).body as ProjectsResponse;
    expect(body).toMatchObject({ unavailable: null, claimedLabel: "claimed, not measured" });
    // The same projects the crowdfunding page lists, read from the same campaigns (the demo ones on a fresh chain).
    const listed = (await request(t.app).get("/api/vibecoins/projects").expect(200)).body as {
      projects: { id: string; currentFunding: string; fundingGoal: string }[];
    };
    expect(body.projects.map((p) => [p.id, p.currentFunding, p.fundingGoal]).sort()).toEqual(
      listed.projects.map((p) => [p.id, p.currentFunding, p.fundingGoal]).sort(),
    );
    expect(body.projects.length).toBeGreaterThan(0);
  });

  it("passes the crowdfunding projects through as given", async () => {
    expect((await service(async () => [project]).projects()).projects).toEqual([project]);
  });

  it("a projects read past its bound is said, not waited for", async () => {
    const slow = await service(() => new Promise(() => undefined)).projects();
    expect(slow.projects).toEqual([]);
    expect(slow.unavailable).toMatch(/no answer|200/);
  });
});
