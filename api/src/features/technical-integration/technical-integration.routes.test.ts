// GET /api/technical-integration/overview against the real app, offline as CI runs: Hardhat's in-process chain with
// the suite deployed (read over real JSON-RPC HTTP, as the stack's chain guard serves it), Stellar and XRPL pointed at
// servers that accept connections and never answer. Every figure is checked against its source, read independently
// here: the deploy map, eth_getCode through viem, the OpenAPI document, package-lock.json and Hardhat's config.
import { readFileSync } from "node:fs";
import path from "node:path";
import hre from "hardhat";
import request from "supertest";
import { createPublicClient, custom, getAddress, keccak256 } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deployments } from "../../../../contracts/generated/deployments";
import { startBlackHole } from "../../ledgers/testing/black-hole";
import { startTestApp, type TestApp } from "../../testing/harness";
import { serveRpcOverHttp, type RpcOverHttp } from "../network-verification/testing/rpc-over-http";
import { technicalIntegrationContract } from "./technical-integration.contract";
import { KEY_DEPENDENCIES, READ_TIMEOUT_MS } from "./technical-integration.constants";
import { technicalOverviewResponse, type TechnicalOverviewResponse } from "./technical-integration.schemas";

const PATH = technicalIntegrationContract.overview.path;
const ROOT = path.resolve(__dirname, "../../../..");

let rpc: RpcOverHttp;
let holes: Awaited<ReturnType<typeof startBlackHole>>[];
let t: TestApp;
let first: TechnicalOverviewResponse;
let firstMs: number;

beforeAll(async () => {
  rpc = await serveRpcOverHttp(hre.network.provider);
  holes = await Promise.all([startBlackHole(), startBlackHole()]);
  t = await startTestApp({
    chain: "hardhat",
    env: {
      LOCAL_RPC_URL: rpc.url,
      STELLAR_HORIZON_URL: `http://127.0.0.1:${holes[0]!.port}`,
      XRPL_WS_URL: `ws://127.0.0.1:${holes[1]!.port}`,
    },
  });
  // The role holders come from the event index: let it reach the chain's head first.
  await t.deps.evm.index.waitFor(await t.deps.evm.node.block().then((b) => b.number), 20_000);
  const started = performance.now();
  const res = await request(t.app).get(PATH).expect(200);
  firstMs = performance.now() - started;
  first = technicalOverviewResponse.parse(res.body);
}, 180_000);
afterAll(async () => {
  await t?.close();
  await rpc?.close();
  await Promise.all((holes ?? []).map((h) => h.close()));
});

describe("GET /api/technical-integration/overview", () => {
  it("lists the deploy map's contracts, each with the code hash a viem read gives and its deploy transaction", async () => {
    const map = Object.entries(deployments[31337]);
    expect(first.contracts.map((c) => [c.name, c.address, c.deployedOnBlock])).toEqual(
      map.map(([name, c]) => [name, getAddress(c.address), c.deployedOnBlock]),
    );
    expect(first.contractsNote).toBeNull();
    const viem = createPublicClient({ transport: custom(hre.network.provider) });
    for (const c of first.contracts) {
      const code = await viem.getCode({ address: c.address as `0x${string}` });
      expect(code, c.name).toBeTruthy();
      expect(c.code, c.name).toMatchObject({ present: true, hash: keccak256(code!), bytes: (code!.length - 2) / 2 });
    }
    // Each bytecode's own metadata names the compiler Hardhat's config sets.
    const solc = hre.config.solidity.compilers[0]!.version;
    for (const c of first.contracts) expect(c.code.compiler, c.name).toBe(`solc ${solc}`);

    // A plain deployment: the receipt that created the address. The Safe proxy: the factory call it emitted logs in.
    for (const c of first.contracts) {
      expect(c.deployTransaction.value, `${c.name}: ${c.deployTransaction.reason}`).not.toBeNull();
      const receipt = await viem.getTransactionReceipt({ hash: c.deployTransaction.value!.hash as `0x${string}` });
      expect(Number(receipt.blockNumber), c.name).toBe(c.deployedOnBlock);
      if (c.deployTransaction.value!.how === "created") expect(getAddress(receipt.contractAddress!)).toBe(c.address);
      else
        expect(
          receipt.logs.some((l) => getAddress(l.address) === c.address),
          c.name,
        ).toBe(true);
    }
    expect(first.contracts.find((c) => c.name === "TreasuryMultisig")!.deployTransaction.value!.how).toBe("factory");
    expect(first.chain.chainInstance).toBe(t.deps.evm.node.chainInstance());
  });

  it("names who holds the admin rights, as the chain says now", async () => {
    expect(first.admins.note).toBeNull();
    const safe = getAddress(deployments[31337].TreasuryMultisig.address);
    expect(first.admins.safe).toBe(safe);
    const viem = createPublicClient({ transport: custom(hre.network.provider) });
    const token = first.contracts.find((c) => c.name === "XQBToken")!;
    const admin = token.admins!.find((h) => h.role === "DEFAULT_ADMIN_ROLE")!;
    expect(admin).toMatchObject({ holder: safe, kind: "safe", privileged: true });
    const abi = deployments[31337].XQBToken.abi;
    expect(
      await viem.readContract({
        address: token.address as `0x${string}`,
        abi,
        functionName: "hasRole",
        args: [`0x${"00".repeat(32)}`, safe],
      }),
    ).toBe(true);
  });

  it("lists the endpoints of the OpenAPI document, by feature, with their access rules", async () => {
    const doc = (await request(t.app).get("/api/openapi.json").expect(200)).body as {
      paths: Record<string, Record<string, { tags: string[]; "x-access": string; summary: string }>>;
    };
    const expected = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.entries(ops).map(([m, op]) => `${op.tags[0]} ${m} ${p} ${op["x-access"]}`),
    );
    const shown = first.api.features.flatMap((f) =>
      f.endpoints.map((e) => `${f.feature} ${e.method} ${e.path} ${e.access}`),
    );
    expect(shown.sort()).toEqual(expected.sort());
    expect(first.api.total).toBe(expected.length);
    const count = (a: string) => expected.filter((e) => e.endsWith(` ${a}`)).length;
    expect(first.api.byAccess).toEqual({
      visitor: count("visitor"),
      wallet: count("wallet"),
      operator: count("operator"),
    });
    expect(first.api.byAccess.operator).toBeGreaterThan(0);
    expect(first.api.byAccess.wallet).toBeGreaterThan(0);
  });

  it("gives the installed versions from package-lock.json, the Solidity settings Hardhat uses and Node's", () => {
    const lock = JSON.parse(readFileSync(path.join(ROOT, "package-lock.json"), "utf8")) as {
      packages: Record<string, { version?: string }>;
    };
    expect(first.versions.dependencies.map((d) => [d.name, d.version])).toEqual(
      KEY_DEPENDENCIES.map((d) => [d.name, lock.packages[`node_modules/${d.name}`]?.version ?? null]),
    );
    for (const name of ["viem", "wagmi", "react", "@mui/material", "express", "zod", "@stellar/stellar-sdk", "xrpl"])
      expect(first.versions.dependencies.find((d) => d.name === name)?.version, name).toMatch(/^\d+\.\d+\.\d+/);
    const compiler = hre.config.solidity.compilers[0]!;
    expect(first.versions.solidity).toMatchObject({
      version: compiler.version,
      optimizer: { enabled: compiler.settings.optimizer.enabled, runs: compiler.settings.optimizer.runs },
      evmVersion: compiler.settings.evmVersion,
      reason: null,
    });
    expect(first.versions.node).toBe(process.version);
  });

  it("reads the EVM node's version live; Stellar and XRPL, which never answer, give null with the reason within the bound", () => {
    // The hung ledgers' 3 s run beside the EVM reads; the first answer also builds what is read once per process.
    expect(firstMs).toBeGreaterThanOrEqual(READ_TIMEOUT_MS - 50);
    expect(firstMs).toBeLessThan(2 * READ_TIMEOUT_MS + 2000);
    const [evm, stellar, xrpl] = first.ledgers;
    expect(evm).toMatchObject({ ledger: "ethereum", mode: "live", readWith: "web3_clientVersion" });
    expect(evm!.clientVersion.value).toMatch(/^HardhatNetwork\//);
    expect(evm!.clientVersion.reason).toBeNull();
    for (const l of [stellar!, xrpl!]) {
      expect(l.mode, l.ledger).toBe("simulated");
      expect(l.reason, l.ledger).toBeTruthy();
      expect(l.clientVersion, l.ledger).toEqual({
        value: null,
        reason: `no answer within ${READ_TIMEOUT_MS / 1000} s`,
      });
      expect(l.latencyMs, l.ledger).toBeNull();
    }
  });

  it("draws both roads from the code: routes per feature, receipts read back, pages of the page table", () => {
    const layer = (road: "server" | "wallet", id: string) => first.road[road].find((l) => l.id === id)!;
    expect(first.road.server.map((l) => l.id)).toEqual([
      "contracts",
      "deploy-map",
      "chain-clients",
      "ledger-operations",
      "services",
      "routes",
      "fetch-hooks",
      "pages",
    ]);
    expect(layer("server", "routes").items).toContain("technical-integration: 1 route");
    expect(layer("server", "ledger-operations").items).toContain("minting");
    expect(layer("server", "chain-clients").items).toEqual([
      "ethereum (hardhat): live",
      expect.stringMatching(/^stellar \(.+\): simulated$/),
      expect.stringMatching(/^xrpl \(.+\): simulated$/),
    ]);
    expect(layer("server", "pages").items).toContain("/technical-integration-overview (technical-integration)");
    expect(layer("wallet", "receipt-read-back").items).toContain("POST /api/xqbme/wallet-mint (minting)");
    expect(layer("wallet", "wallet-pages").items).toContain("/multi-blockchain-minting (minting)");
    expect(layer("wallet", "transaction-flow").items.length).toBeGreaterThan(0);
  });

  it("one overview serves every request for a moment: asked again, the same one, no new read", async () => {
    const before = rpc.calls.length;
    const again = technicalOverviewResponse.parse((await request(t.app).get(PATH).expect(200)).body);
    expect(again.computedAt).toBe(first.computedAt);
    expect(rpc.calls.length).toBe(before);
  });

  it("takes no input", async () => {
    const res = await request(t.app).get(`${PATH}?refresh=true`);
    expect(res.status).toBe(200);
  });
});
