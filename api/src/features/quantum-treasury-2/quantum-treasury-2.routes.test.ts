// /api/quantum-treasury-2 against the real app: Hardhat's in-process chain with the whole suite (the Safe
// 2-of-3 of dev accounts #1-#3 holds XQB's MINTER_ROLE and its own vault position), PGlite in memory. The
// operator (open: a loopback-only server without OPERATOR_ADDRESSES) asks for dev-key co-signing, so every
// operation runs as a Safe transaction signed by the server as owners #1 and #2 and moves the chain by exactly
// its amount. Proposals that wait for the owners' wallets: quantum-treasury-2.proposals.test.ts.
import hre from "hardhat";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_GENESIS_ADDRESSES } from "../../../../scripts/lib/deploy-minting";
import { devSafeOwnerKeys } from "../../config";
import { startTestApp, type TestApp } from "../../testing/harness";
import { signedInCookie } from "../../testing/sessions";
import { formatUnits, parseUnits } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { abiOf } from "../../ledgers/evm/contracts";
import {
  qtCapacityResponse,
  qtExecuteResponse,
  qtImplementationPlanResponse,
  qtMetricsResponse,
  qtStrategyExecuteResponse,
  qtStrategyPreviewResponse,
  qtTokenomicsResponse,
} from "./quantum-treasury-2.schemas";

const [OWNER1, OWNER2] = devSafeOwnerKeys().map((k) => privateKeyToAccount(k).address);
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await startTestApp({ chain: "hardhat" });
  ({ cookie } = await signedInCookie(t.deps.database.db));
});
afterAll(() => t?.close());

const P = "/api/quantum-treasury-2";
/** As the operator, asking the server to co-sign with the dev owners' keys. */
const exec = (body: object) =>
  request(t.app)
    .post(`${P}/execute`)
    .set("cookie", cookie)
    .send({ coSign: "dev-keys", ...body });
const metrics = async () => qtMetricsResponse.parse((await request(t.app).get(`${P}/metrics`).expect(200)).body);
const ratios: Record<string, number | null> = {};
/** b - a in base units, from the API's decimal texts. */
const delta = (a: string, b: string, decimals = 18) => parseUnits(b, decimals) - parseUnits(a, decimals);

describe("GET /metrics", () => {
  it("reads every figure from the chain, the plan beside it", async () => {
    const m = await metrics();
    const pc = await hre.viem.getPublicClient();
    const read = (address: `0x${string}`, abi: "XQBToken" | "TreasuryVault" | "XQBUSD", functionName: string) =>
      pc.readContract({ address, abi: abiOf(abi) as never, functionName: functionName as never }) as Promise<bigint>;
    expect(m.source).toBe("live");
    expect(BigInt(m.blockNumber)).toBeLessThanOrEqual(await pc.getBlockNumber());
    expect(m.xqbMinted).toBe(formatUnits(await read(m.contracts.xqb as `0x${string}`, "XQBToken", "totalSupply"), 18));
    expect(m.xqbusdBacked).toBe(
      formatUnits(await read(m.contracts.xqbusd as `0x${string}`, "XQBUSD", "totalSupply"), 18),
    );
    expect(m.totalCapital).toBe(
      formatUnits(await read(m.contracts.vault as `0x${string}`, "TreasuryVault", "totalCollateralValue"), 18),
    );
    expect(m).toMatchObject({ liquidationThreshold: 130, minimumRatio: 150, safe: { threshold: 2 } });
    expect(m.safe.owners).toHaveLength(3);
    expect(m.safe.owners).toEqual(expect.arrayContaining([OWNER1, OWNER2]));
    expect(m.ethUsdPrice?.price).toBe("3000");
    expect(m.ethUsdPrice!.ageSeconds).toBe(m.blockTime - m.ethUsdPrice!.updatedAt);
    expect(m.plan).toMatchObject({
      kind: "plan",
      totalCapitalUsd: 150_000_000,
      xqbMinted: 150_000_000,
      collateralizationRatio: 150,
      xqbusdCapacityUsd: 100_000_000,
    });
    ratios.initial = m.collateralizationRatio;
  });
});

describe("GET /capacity", () => {
  it("applies the spec's formulas exactly and agrees with the vault's capacityAt", async () => {
    const c = qtCapacityResponse.parse(
      (await request(t.app).get(`${P}/capacity?collateral=150000000&ratio=150`).expect(200)).body,
    );
    expect(c).toMatchObject({
      capacity: "100000000",
      excessCollateral: "50000000",
      excessNegative: false,
      utilizationRate: 66.666666,
      vaultCapacity: "100000000",
      agree: true,
      warning: null,
      source: "live",
    });
    const odd = qtCapacityResponse.parse(
      (await request(t.app).get(`${P}/capacity?collateral=1000.5&ratio=133.33`).expect(200)).body,
    );
    expect(odd.agree).toBe(true);
    expect(odd.capacity).toBe(odd.vaultCapacity);
  });
  it("warns below the 130% liquidation threshold and refuses bad numbers with the field", async () => {
    const low = qtCapacityResponse.parse(
      (await request(t.app).get(`${P}/capacity?collateral=1000&ratio=120`).expect(200)).body,
    );
    expect(low.warning).toMatch(/below the 130% liquidation threshold/);
    expect(low.capacity).toBe("833.333333333333333333");
    for (const q of [
      "collateral=abc&ratio=150",
      "collateral=100&ratio=0",
      "collateral=100",
      "collateral=-1&ratio=150",
      "collateral=1&ratio=150.123",
    ]) {
      const res = await request(t.app).get(`${P}/capacity?${q}`).expect(400);
      expect(res.body.code).toBe("INVALID_INPUT");
      expect(res.body.issues[0].path).toMatch(/collateral|ratio/);
    }
  });
});

describe("POST /execute with coSign dev-keys: each operation is a Safe transaction signed by the server as owners #1 and #2", () => {
  it("refuses XQBUSD the vault cannot back, with the rule in numbers and the largest amount it can back", async () => {
    const res = await exec({
      operation: "enable_xqbusd",
      amount: 100_000_000,
      parameters: { collateral_ratio: 150, quantum_secured: true },
    }).expect(400);
    expect(res.body.code).toBe("INVALID_INPUT");
    expect(res.body.error).toMatch(
      /^100,000,000 XQBUSD at 150% needs \$150,000,000 of collateral; the vault holds \$0 for the Safe/,
    );
    expect(res.body.issues[0].path).toBe("amount");
    expect(res.body.details.maxAmount).toBe("0");
  });

  it("deploy_capital: mock USDC issued to the Safe (its own step), then approve + depositUsdc as one MultiSend batch", async () => {
    const res = await exec({
      operation: "deploy_capital",
      amount: 150_000_000,
      parameters: { target: "usdc", quantum_security: true },
    }).expect(200);
    const r = qtExecuteResponse.parse(res.body);
    expect(r).toMatchObject({ operation: "deploy_capital", status: "executed", source: "live", threshold: 2 });
    expect(r.signatures.map((s) => s.owner)).toEqual([OWNER1, OWNER2]);
    expect(r.signatures.every((s) => s.method === "eip712" && /^0x[0-9a-f]{130}$/.test(s.signature))).toBe(true);
    expect(r.signatures.map((s) => s.label)).toEqual(
      [1, 2].map((n) => `signed by the server with the public dev key of owner #${n} (local chain only)`),
    );
    expect(r.proposal).toMatchObject({
      status: "executed",
      transactionHash: r.transactionHash,
      preSteps: [{ call: { contract: "MockUSDC" } }],
    });
    expect(r.steps).toHaveLength(1);
    expect(r.steps[0]!.call).toMatchObject({
      contract: "MockUSDC",
      function: "mint(address,uint256)",
      args: { amount: "150000000000000" },
    });
    expect(r.calls.map((c) => `${c.contract}.${c.function}`)).toEqual([
      "MockUSDC.approve(address,uint256)",
      "TreasuryVault.depositUsdc(uint256)",
    ]);
    expect(delta(r.before.usdcCollateral, r.after!.usdcCollateral, 6)).toBe(parseUnits("150000000", 6));
    expect(delta(r.before.safePosition.collateralUsd, r.after!.safePosition.collateralUsd)).toBe(
      parseUnits("150000000", 18),
    );
    // Read around the operation's own transactions (the chain is shared): before its pre-step, at its execution.
    expect(BigInt(r.before.blockNumber)).toBe(BigInt(r.steps[0]!.block!) - 1n);
    expect(r.after!.blockNumber).toBe(r.block);
    const receipt = await (
      await hre.viem.getPublicClient()
    ).getTransactionReceipt({ hash: r.transactionHash as `0x${string}` });
    expect(receipt.status).toBe("success");
    ratios.afterDeploy = r.after!.vaultRatio;
  });

  it("mint_xqb: XQBToken.mint(Safe) raises the supply by exactly the amount; above the 1B cap it is refused with numbers", async () => {
    const r = qtExecuteResponse.parse(
      (
        await exec({
          operation: "mint_xqb",
          amount: 150_000_000,
          parameters: { treasury_backing: true, quantum_secured: true },
        }).expect(200)
      ).body,
    );
    expect(r.status).toBe("executed");
    expect(r.signatures).toHaveLength(2);
    expect(delta(r.before.xqbSupply, r.after!.xqbSupply)).toBe(parseUnits("150000000", 18));
    expect(delta(r.before.safeXqbBalance, r.after!.safeXqbBalance)).toBe(parseUnits("150000000", 18));
    // The block before the Safe transaction and its own: another sender's mint in between would not be counted.
    expect(BigInt(r.before.blockNumber)).toBe(BigInt(r.block!) - 1n);
    expect(r.after!.blockNumber).toBe(r.block);
    ratios.afterMintXqb = r.after!.vaultRatio;
    const over = await exec({ operation: "mint_xqb", amount: 900_000_000 }).expect(400);
    const supply = r.after!.xqbSupply;
    const room = formatUnits(parseUnits("1000000000", 18) - parseUnits(supply, 18), 18);
    expect(over.body.error).toMatch(
      /^Minting 900,000,000 XQB would take the supply from 300,000,000(\.\d+)? to 1,200,000,000(\.\d+)? XQB, above the 1,000,000,000 cap; at most 699,999,999\.\d+ more can be minted|^Minting 900,000,000 XQB would take the supply from 300,000,000 to 1,200,000,000 XQB, above the 1,000,000,000 cap; at most 700,000,000 more can be minted/,
    );
    expect(over.body.details).toMatchObject({ maxAmount: room, supply, cap: "1000000000" });
  });

  it("enable_xqbusd: 100,000,000 XQBUSD at 150% against the Safe's $150,000,000; one more is refused", async () => {
    const r = qtExecuteResponse.parse(
      (
        await exec({
          operation: "enable_xqbusd",
          amount: 100_000_000,
          parameters: { collateral_ratio: 150, quantum_secured: true },
        }).expect(200)
      ).body,
    );
    expect(r.status).toBe("executed");
    expect(delta(r.before.xqbusdSupply, r.after!.xqbusdSupply)).toBe(parseUnits("100000000", 18));
    expect(r.after!.safePosition).toMatchObject({ collateralUsd: "150000000", debt: "100000000", ratio: 150 });
    ratios.afterEnable = r.after!.vaultRatio;
    const more = await exec({ operation: "enable_xqbusd", amount: 1 }).expect(400);
    expect(more.body.error).toMatch(
      /^1 XQBUSD at 150% needs \$150,000,001\.5 of collateral \(with the 100,000,000 XQBUSD already minted against it\); the vault holds \$150,000,000 for the Safe/,
    );
    expect(more.body.details.maxAmount).toBe("0");
    const m = await metrics();
    expect(m.collateralizationRatio).toBe(r.after!.vaultRatio);
    console.log(
      `vault ratio: initial ${ratios.initial}, after deploy_capital ${ratios.afterDeploy}, after mint_xqb ${ratios.afterMintXqb}, after enable_xqbusd ${ratios.afterEnable}`,
    );
  });

  it("two operations sent together both execute, on consecutive Safe nonces", async () => {
    const [a, b] = await Promise.all([
      exec({ operation: "mint_xqb", amount: 7 }),
      exec({ operation: "mint_xqb", amount: 11 }),
    ]);
    const ra = qtExecuteResponse.parse(a.body);
    const rb = qtExecuteResponse.parse(b.body);
    expect([ra.status, rb.status]).toEqual(["executed", "executed"]);
    expect(Math.abs(Number(ra.nonce) - Number(rb.nonce))).toBe(1);
  });

  it("refuses bad input with the field, never a 500", async () => {
    const cases: [object, string][] = [
      [{ operation: "burn", amount: 1 }, "operation"],
      [{ operation: "mint_xqb", amount: -5 }, "amount"],
      [{ operation: "mint_xqb", amount: "1e5" }, "amount"],
      [{ operation: "mint_xqb" }, "amount"],
      [{ operation: "deploy_capital", amount: "1.1234567" }, "amount"],
      [{ operation: "enable_xqbusd", amount: 1, parameters: { collateral_ratio: 149 } }, "parameters.collateral_ratio"],
      [
        { operation: "enable_xqbusd", amount: 1, parameters: { collateral_ratio: 150.555 } },
        "parameters.collateral_ratio",
      ],
      [{ operation: "mint_xqb", amount: 1, extra: true }, "extra"],
      [{ operation: "mint_xqb", amount: 1, coSign: "owner-keys" }, "coSign"],
    ];
    for (const [body, field] of cases) {
      const res = await exec(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(
        res.body.issues.map((i: { path: string }) => i.path),
        JSON.stringify(body),
      ).toContain(field);
    }
  });
});

describe("Launch strategy: the three operations as one Safe MultiSend batch", () => {
  const body = { collateralUsdc: 30_000, xqbAmount: 1_000, xqbusdAmount: 20_000 };
  it("previews every call before anything is sent", async () => {
    const before = await metrics();
    const p = qtStrategyPreviewResponse.parse(
      (await request(t.app).post(`${P}/strategy/preview`).send(body).expect(200)).body,
    );
    expect(p.steps.map((s) => s.call.function)).toEqual(["mint(address,uint256)"]);
    expect(p.calls.map((c) => `${c.contract}.${c.function}`)).toEqual([
      "MockUSDC.approve(address,uint256)",
      "TreasuryVault.depositUsdc(uint256)",
      "XQBToken.mint(address,uint256)",
      "TreasuryVault.mintXqbusd(uint256)",
    ]);
    expect(p).toMatchObject({ signsHere: true, threshold: 2, nonce: before.safe.nonce });
    expect((await metrics()).safe.nonce).toBe(before.safe.nonce);
  });
  it("executes the batch with two signatures; each figure moves by its amount", async () => {
    const r = qtStrategyExecuteResponse.parse(
      (
        await request(t.app)
          .post(`${P}/strategy/execute`)
          .set("cookie", cookie)
          .send({ ...body, coSign: "dev-keys" })
          .expect(200)
      ).body,
    );
    expect(r).toMatchObject({ operation: "strategy", status: "executed" });
    expect(r.signatures.map((s) => s.by)).toEqual(["server-dev-key", "server-dev-key"]);
    expect(delta(r.before.usdcCollateral, r.after!.usdcCollateral, 6)).toBe(parseUnits("30000", 6));
    expect(delta(r.before.xqbSupply, r.after!.xqbSupply)).toBe(parseUnits("1000", 18));
    expect(delta(r.before.safePosition.debt, r.after!.safePosition.debt)).toBe(parseUnits("20000", 18));
    expect(delta(r.before.xqbusdSupply, r.after!.xqbusdSupply)).toBe(parseUnits("20000", 18));
    console.log(
      `vault ratio after the strategy batch: ${r.after!.vaultRatio}; Safe position ratio ${r.after!.safePosition.ratio}`,
    );
  });
  it("without coSign the batch is proposed and waits: nothing is sent, the Safe's nonce stays", async () => {
    const before = await metrics();
    const r = qtStrategyExecuteResponse.parse(
      (await request(t.app).post(`${P}/strategy/execute`).set("cookie", cookie).send(body).expect(200)).body,
    );
    expect(r).toMatchObject({
      operation: "strategy",
      status: "pending",
      signatures: [],
      steps: [],
      transactionHash: null,
    });
    expect(r.proposal.operation).toBe(1);
    expect(r.proposal.preSteps.map((s) => s.call.contract)).toEqual(["MockUSDC"]);
    const after = await metrics();
    expect([after.safe.nonce, after.xqbMinted, after.usdcReserves]).toEqual([
      before.safe.nonce,
      before.xqbMinted,
      before.usdcReserves,
    ]);
  });
  it("refuses a batch whose XQBUSD the deposit cannot back", async () => {
    const res = await request(t.app)
      .post(`${P}/strategy/preview`)
      .send({ collateralUsdc: 1_500, xqbAmount: 1, xqbusdAmount: 1_001 })
      .expect(400);
    expect(res.body.issues[0].path).toBe("xqbusdAmount");
    expect(res.body.details.maxAmount).toBe("1000");
  });
});

describe("tokenomics and the implementation plan", () => {
  it("puts the genesis holders' real balances beside the allocation table; circulating supply by the stated rule", async () => {
    const tk = qtTokenomicsResponse.parse((await request(t.app).get(`${P}/tokenomics`).expect(200)).body);
    for (const row of tk.allocation) {
      expect(row.holder).toBe(LOCAL_GENESIS_ADDRESSES[row.label as keyof typeof LOCAL_GENESIS_ADDRESSES]);
      expect(Number(row.genesisAmount)).toBe(row.planAmount);
    }
    expect(tk.releaseSchedule.map((p) => p.cumulative)).toEqual([37_500_000, 75_000_000, 120_000_000, 150_000_000]);
    const excluded = tk.circulating.excluded.reduce((a, x) => a + Number(x.amount), 0);
    expect(Number(tk.circulating.amount)).toBeCloseTo(Number(tk.totalSupply) - excluded, 6);
    expect(tk.circulating.excluded[0]).toMatchObject({ name: "Treasury Safe" });
  });
  it("generates the Markdown plan from the chain's state", async () => {
    const m = await metrics();
    const plan = qtImplementationPlanResponse.parse(
      (await request(t.app).get(`${P}/implementation-plan`).expect(200)).body,
    );
    expect(plan.filename).toMatch(/^quantum-treasury-implementation-plan-hardhat-\d{4}-\d{2}-\d{2}-block-\d+\.md$/);
    expect(plan.markdown).toContain(m.safe.address);
    expect(plan.markdown).toContain(`Threshold: 2 of 3; nonce ${m.safe.nonce}`);
    expect(plan.markdown).toContain("## Phases (plan)");
  });
});
