import request from "supertest";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deployments } from "../../../../contracts/generated/deployments";
import { CLOSED_HTTP, startTestApp, type TestApp } from "../../testing/harness";
import { HARDHAT_DEV_ACCOUNTS } from "./network.labels";
import { networkResponse } from "./network.schemas";

const SEPOLIA_KEY = `0x${"5".repeat(64)}` as const;

describe("GET /api/network on the local chain", () => {
  let t: TestApp;
  beforeAll(async () => {
    // The browser-facing URL is the configured one (the chain guard's public port under `npm start`).
    t = await startTestApp({ chain: "hardhat", env: { LOCAL_RPC_URL: "http://127.0.0.1:8901" } });
  });
  afterAll(() => t?.close());

  it("names the chain, its browser URL, and every known address", async () => {
    const res = await request(t.app).get("/api/network").expect(200);
    const body = networkResponse.parse(res.body);
    expect(body).toMatchObject({
      chainId: 31337,
      network: "hardhat",
      rpcUrl: "http://127.0.0.1:8901",
      explorerBaseUrl: null,
    });

    const byKind = (kind: string) => body.labels.filter((l) => l.kind === kind);
    expect(byKind("server-signer")).toEqual([
      { address: t.deps.evm.node.account, label: "Server signer", kind: "server-signer" },
    ]);
    // The Safe's policy is read from the chain: the suite sets it up 2-of-3.
    expect(byKind("safe")).toEqual([
      { address: deployments[31337].TreasuryMultisig.address, label: "Treasury Safe (2-of-3)", kind: "safe" },
    ]);
    const dev = byKind("dev-account");
    expect(dev).toHaveLength(20);
    expect(dev[0]).toEqual({
      address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
      label: "Hardhat dev account #0, local use only",
      kind: "dev-account",
    });
    expect(dev[19]!.label).toBe("Hardhat dev account #19, local use only");
    expect(byKind("contract")).toContainEqual({
      address: deployments[31337].XQBMinter.address,
      label: "XQBMinter",
      kind: "contract",
    });
    expect(byKind("contract").map((l) => l.label)).not.toContain("TreasuryMultisig");
  });

  it("is cacheable: Cache-Control, and a 304 for the ETag it sent", async () => {
    const first = await request(t.app).get("/api/network").expect(200);
    expect(first.headers["cache-control"]).toBe("public, max-age=60");
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    const again = await request(t.app).get("/api/network").set("If-None-Match", etag).expect(304);
    expect(again.text).toBe("");
  });

  it("refuses other methods with 405", async () => {
    const res = await request(t.app).post("/api/network").send({}).expect(405);
    expect(res.body).toMatchObject({ code: "METHOD_NOT_ALLOWED", allow: ["GET", "HEAD"] });
  });
});

describe("GET /api/network without the chain", () => {
  it("on the local chain, names the Safe without a policy it could not read", async () => {
    const t = await startTestApp({ chain: "none" });
    try {
      const body = networkResponse.parse((await request(t.app).get("/api/network").expect(200)).body);
      expect(body.rpcUrl).toBe(CLOSED_HTTP);
      expect(body.labels.find((l) => l.kind === "safe")?.label).toBe("Treasury Safe");
      expect(body.labels.filter((l) => l.kind === "dev-account")).toHaveLength(HARDHAT_DEV_ACCOUNTS.length);
    } finally {
      await t.close();
    }
  });

  it("on Sepolia: no browser RPC URL, the explorer, the signer, no dev accounts", async () => {
    const t = await startTestApp({
      chain: "none",
      env: { SEPOLIA_RPC_URL: CLOSED_HTTP, EVM_PRIVATE_KEY: SEPOLIA_KEY },
    });
    try {
      const body = networkResponse.parse((await request(t.app).get("/api/network").expect(200)).body);
      expect(body).toMatchObject({
        chainId: 11155111,
        network: "sepolia",
        rpcUrl: null,
        explorerBaseUrl: "https://sepolia.etherscan.io",
      });
      expect(body.labels).toEqual([
        { address: privateKeyToAccount(SEPOLIA_KEY).address, label: "Server signer", kind: "server-signer" },
      ]);
    } finally {
      await t.close();
    }
  });
});
