// The minting endpoints end to end: EVM live on Hardhat's in-process chain, Stellar and XRPL simulated,
// PGlite in memory.
import { ml_dsa65 } from "@noble/post-quantum/ml-dsa.js";
import { Networks, Transaction } from "@stellar/stellar-sdk";
import hre from "hardhat";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { http, parseEther } from "viem";
import { hashes } from "xrpl";
import { randomUUID } from "node:crypto";
import { createEvmLedger } from "../../ledgers/evm";
import { createApp } from "../../app";
import { startTestApp, CLOSED_HTTP, type TestApp } from "../../testing/harness";
import { attestationKeyResponse } from "../unified/unified.schemas";
import { createMintRepository } from "./minting.repository";
import { ethMintRecord, mintHistoryResponse, stellarMintRecord, xrpVolumeRecord } from "./minting.schemas";

/** A live ETH mint record as the API stores it (for rows written straight to the database). */
const ETH_RECORD_TEMPLATE = {
  success: true,
  kind: "eth-mint",
  ledger: "ethereum",
  source: "live",
  reason: null,
  network: "hardhat",
  transactionHash: `0x${"12".repeat(32)}`,
  signedTransaction: null,
  ledgerIndex: 7,
  explorerUrl: null,
  signer: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
  amount: "30 XQB + 20 XQBUSD",
  quantumSecured: false,
  quantumAttestation: null,
  governmentValidated: false,
  ethAmount: "0.01",
  xqbAmount: 30,
  xqbusdAmount: 20,
  recipient: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
  signedBy: "server",
} as const;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ chain: "hardhat" });
});
afterAll(() => t?.close());

const ETH_BODY = { ethAmount: 0.01, stablecoinPair: "XQBUSD", network: "hardhat", quantumSecurity: true };
const STELLAR_BODY = {
  xlmAmount: 10,
  tokenType: "VIBE",
  network: "testnet",
  environmentalAction: "tree_planting",
  quantumSecurity: true,
};
const XRP_BODY = {
  xrpAmount: 1000,
  testType: "volume",
  network: "testnet",
  quantumSecurity: true,
  governmentNode: true,
};

async function servedPublicKey(): Promise<Uint8Array> {
  const res = await request(t.app).get("/api/unified/attestation-key").expect(200);
  const key = attestationKeyResponse.parse(res.body);
  expect(key.ephemeral).toBe(true);
  return new Uint8Array(Buffer.from(key.publicKey, "base64"));
}

function verifies(att: { message: string; signature: string } | null, publicKey: Uint8Array): boolean {
  if (!att) return false;
  return ml_dsa65.verify(Buffer.from(att.signature, "base64"), new TextEncoder().encode(att.message), publicKey);
}

describe("POST /api/xqbme/mint-xqb", () => {
  it("mints 30 XQB + 20 XQBUSD for 0.01 ETH on the live chain, attested and recorded", async () => {
    const publicClient = await hre.viem.getPublicClient();
    const xqb = await hre.viem.getContractAt("XQBToken", t.deployment!.XQBToken!.address);
    const server = t.deps.evm.selector.status().account as `0x${string}`;
    const before = await xqb.read.balanceOf([server]);

    const res = await request(t.app).post("/api/xqbme/mint-xqb").send(ETH_BODY).expect(200);
    const record = ethMintRecord.parse(res.body);
    expect(record).toMatchObject({
      success: true,
      source: "live",
      reason: null,
      network: "hardhat",
      xqbAmount: 30,
      xqbusdAmount: 20,
      ethAmount: "0.01",
      amount: "30 XQB + 20 XQBUSD",
      recipient: server,
      signedBy: "server",
      quantumSecured: true,
      governmentValidated: false,
      explorerUrl: null,
    });

    const receipt = await publicClient.getTransactionReceipt({ hash: record.transactionHash as `0x${string}` });
    expect(receipt.status).toBe("success");
    expect(record.ledgerIndex).toBe(Number(receipt.blockNumber));
    expect(await xqb.read.balanceOf([server])).toBe(before + parseEther("30"));

    const att = record.quantumAttestation!;
    expect(att.message).toBe(
      `xqb-attestation:v1|ethereum|hardhat|${record.transactionHash}|30 XQB + 20 XQBUSD|${record.timestamp}`,
    );
    expect(verifies(att, await servedPublicKey())).toBe(true);

    const history = mintHistoryResponse.parse((await request(t.app).get("/api/minting/history").expect(200)).body);
    expect(history.mints[0]).toEqual({ ...record, onCurrentChain: true });
  });

  it("sends the tokens to the given recipient and leaves unattested records unattested", async () => {
    const [, , other] = await hre.viem.getWalletClients();
    const recipient = other!.account.address;
    const xqb = await hre.viem.getContractAt("XQBToken", t.deployment!.XQBToken!.address);
    const before = await xqb.read.balanceOf([recipient]);
    const res = await request(t.app)
      .post("/api/xqbme/mint-xqb")
      .send({ ...ETH_BODY, ethAmount: 0.0001, quantumSecurity: false, recipient })
      .expect(200);
    expect(res.body).toMatchObject({
      xqbAmount: 0.3,
      xqbusdAmount: 0.2,
      quantumSecured: false,
      quantumAttestation: null,
    });
    expect(res.body.recipient.toLowerCase()).toBe(recipient.toLowerCase());
    expect(await xqb.read.balanceOf([recipient])).toBe(before + parseEther("0.3"));
  });

  it("refuses a network other than the configured one, naming the configured one", async () => {
    const res = await request(t.app)
      .post("/api/xqbme/mint-xqb")
      .send({ ...ETH_BODY, network: "sepolia" })
      .expect(400);
    expect(res.body.issues).toEqual([{ path: "network", message: expect.stringContaining("configured for hardhat") }]);
  });
});

describe("simulated ledgers", () => {
  it("Stellar: answers within 3 s with a signed envelope whose hash is the transaction hash", async () => {
    const started = Date.now();
    const res = await request(t.app).post("/api/vibecoins/mint-stellar").send(STELLAR_BODY).expect(200);
    expect(Date.now() - started).toBeLessThan(3000);
    const record = stellarMintRecord.parse(res.body);
    expect(record).toMatchObject({
      source: "simulated",
      network: "testnet",
      xlmAmount: "10",
      vibeCoinsAmount: 500,
      amount: "500 VIBE",
      environmentalAction: "tree_planting",
      satelliteVerified: false,
      governmentValidated: false,
      quantumSecured: true,
      explorerUrl: null,
      ledgerIndex: null,
    });
    expect(record.reason).toMatch(/\S/);
    const tx = new Transaction(record.signedTransaction!, Networks.TESTNET);
    expect(Buffer.from(tx.hash()).toString("hex")).toBe(record.transactionHash);
    expect(verifies(record.quantumAttestation, await servedPublicKey())).toBe(true);
  });

  it("XRPL: answers within 3 s with a signed blob whose hash is the transaction hash", async () => {
    const started = Date.now();
    const res = await request(t.app).post("/api/quantum-cross-chain/xrp-volume-test").send(XRP_BODY).expect(200);
    expect(Date.now() - started).toBeLessThan(3000);
    const record = xrpVolumeRecord.parse(res.body);
    expect(record).toMatchObject({
      source: "simulated",
      network: "testnet",
      processedAmount: 1000,
      amount: "1000 XRP",
      governmentValidated: false,
      quantumSecured: true,
    });
    expect(record.reason).toMatch(/\S/);
    expect(hashes.hashSignedTx(record.signedTransaction!)).toBe(record.transactionHash);
    expect(verifies(record.quantumAttestation, await servedPublicKey())).toBe(true);
  });

  it("signs two identical simulated requests as two transactions and records both", async () => {
    const a = await request(t.app)
      .post("/api/quantum-cross-chain/xrp-volume-test")
      .send({ ...XRP_BODY, xrpAmount: 7 })
      .expect(200);
    const b = await request(t.app)
      .post("/api/quantum-cross-chain/xrp-volume-test")
      .send({ ...XRP_BODY, xrpAmount: 7 })
      .expect(200);
    expect(b.body.id).not.toBe(a.body.id);
    // The next sequence, as the ledger would require: not a byte-identical replay.
    expect(b.body.transactionHash).not.toBe(a.body.transactionHash);
    const { mints } = mintHistoryResponse.parse(
      (await request(t.app).get("/api/minting/history?limit=2").expect(200)).body,
    );
    expect(mints.map((m) => m.id)).toEqual([b.body.id, a.body.id]);
    const s1 = await request(t.app).post("/api/vibecoins/mint-stellar").send(STELLAR_BODY).expect(200);
    const s2 = await request(t.app).post("/api/vibecoins/mint-stellar").send(STELLAR_BODY).expect(200);
    expect(s2.body.transactionHash).not.toBe(s1.body.transactionHash);
  });

  it("lists history newest first", async () => {
    await request(t.app)
      .post("/api/vibecoins/mint-stellar")
      .send({ ...STELLAR_BODY, xlmAmount: 0.1234567 })
      .expect(200);
    await request(t.app)
      .post("/api/quantum-cross-chain/xrp-volume-test")
      .send({ ...XRP_BODY, xrpAmount: 2.5 })
      .expect(200);
    const { mints } = mintHistoryResponse.parse(
      (await request(t.app).get("/api/minting/history?limit=2").expect(200)).body,
    );
    expect(mints.map((m) => m.amount)).toEqual(["2.5 XRP", "6.172835 VIBE"]);
    const all = mintHistoryResponse.parse(
      (await request(t.app).get("/api/minting/history?limit=100").expect(200)).body,
    ).mints;
    const times = all.map((m) => m.timestamp);
    expect(times).toEqual([...times].sort().reverse());
  });
});

describe("GET /api/minting/history: is a live record still on the chain?", () => {
  it("true for a mint in a block the node has, false for one whose block it no longer has, null when not checkable", async () => {
    const minted = ethMintRecord.parse(
      (await request(t.app).post("/api/xqbme/mint-xqb").send(ETH_BODY).expect(200)).body,
    );
    // The same transaction as recorded by an earlier run of the local node: same hash, another block, another chain run.
    const earlier = {
      ...minted,
      id: randomUUID(),
      timestamp: new Date(Date.parse(minted.timestamp) - 60_000).toISOString(),
    };
    await createMintRepository(t.deps.database.db).insert(earlier, {
      blockHash: `0x${"ab".repeat(32)}`,
      chainInstance: `0x${"ef".repeat(32)}`,
    });
    const stellar = stellarMintRecord.parse(
      (await request(t.app).post("/api/vibecoins/mint-stellar").send(STELLAR_BODY).expect(200)).body,
    );

    const { mints } = mintHistoryResponse.parse(
      (await request(t.app).get("/api/minting/history?limit=100").expect(200)).body,
    );
    const byId = new Map(mints.map((m) => [m.id, m]));
    expect(byId.get(minted.id)!.onCurrentChain).toBe(true);
    expect(byId.get(earlier.id)!.onCurrentChain).toBe(false);
    expect(byId.get(stellar.id)!.onCurrentChain).toBeNull(); // simulated: never on any chain
  });

  it("null for every record while the EVM node is unreachable: nothing is claimed either way", async () => {
    const down = await startTestApp({ chain: "none" });
    try {
      const record = ethMintRecord.parse({
        ...ETH_RECORD_TEMPLATE,
        id: randomUUID(),
        timestamp: new Date().toISOString(),
      });
      await createMintRepository(down.deps.database.db).insert(record, {
        blockHash: `0x${"cd".repeat(32)}`,
        chainInstance: `0x${"cd".repeat(32)}`,
      });
      const { mints } = mintHistoryResponse.parse(
        (await request(down.app).get("/api/minting/history").expect(200)).body,
      );
      expect(mints.map((m) => m.onCurrentChain)).toEqual([null]);
    } finally {
      await down.close();
    }
  });
});

describe("POST /api/xqbme/wallet-mint", () => {
  it("records a mint another account sent from its wallet, once", async () => {
    const [, payer] = await hre.viem.getWalletClients();
    const publicClient = await hre.viem.getPublicClient();
    const minter = await hre.viem.getContractAt("XQBMinter", t.deployment!.XQBMinter!.address, {
      client: { wallet: payer! },
    });
    const hash = await minter.write.mint([payer!.account.address], { value: parseEther("0.02") });
    await publicClient.waitForTransactionReceipt({ hash });

    const body = { transactionHash: hash, network: "hardhat", quantumSecurity: true };
    const first = await request(t.app).post("/api/xqbme/wallet-mint").send(body).expect(201);
    const record = ethMintRecord.parse(first.body);
    expect(record).toMatchObject({
      source: "live",
      signedBy: "wallet",
      transactionHash: hash,
      signedTransaction: null,
      ethAmount: "0.02",
      xqbAmount: 60,
      xqbusdAmount: 40,
      quantumSecured: true,
    });
    expect(record.signer.toLowerCase()).toBe(payer!.account.address.toLowerCase());
    expect(verifies(record.quantumAttestation, await servedPublicKey())).toBe(true);

    const again = await request(t.app).post("/api/xqbme/wallet-mint").send(body).expect(200);
    expect(again.body).toEqual(first.body);
    // The same transaction in upper or mixed case is still the one record.
    for (const spelling of [`0x${hash.slice(2).toUpperCase()}`, hash.replace(/[a-f]/, (c) => c.toUpperCase())]) {
      const res = await request(t.app)
        .post("/api/xqbme/wallet-mint")
        .send({ ...body, transactionHash: spelling })
        .expect(200);
      expect(res.body.id).toBe(record.id);
    }
    const { mints } = mintHistoryResponse.parse(
      (await request(t.app).get("/api/minting/history?limit=100").expect(200)).body,
    );
    expect(mints.filter((m) => m.transactionHash === hash)).toHaveLength(1);
  });

  it("refuses a transaction that is not a mint, and one that does not exist", async () => {
    const [, payer] = await hre.viem.getWalletClients();
    const publicClient = await hre.viem.getPublicClient();
    const hash = await payer!.sendTransaction({ to: payer!.account.address, value: 1n });
    await publicClient.waitForTransactionReceipt({ hash });

    const notMint = await request(t.app)
      .post("/api/xqbme/wallet-mint")
      .send({ transactionHash: hash, network: "hardhat", quantumSecurity: false })
      .expect(400);
    expect(notMint.body.issues).toEqual([
      { path: "transactionHash", message: expect.stringMatching(/not an XQBMinter mint/) },
    ]);

    const missing = await request(t.app)
      .post("/api/xqbme/wallet-mint")
      .send({ transactionHash: "0x" + "ab".repeat(32), network: "hardhat", quantumSecurity: false })
      .expect(400);
    expect(missing.body.issues[0].path).toBe("transactionHash");
  });

  it("answers 503 when the chain is not live", async () => {
    const dead = createEvmLedger({
      network: "hardhat",
      chainId: 31337,
      transport: http(CLOSED_HTTP, { timeout: 500, retryCount: 0 }),
      endpoint: "127.0.0.1:1",
      privateKey: t.deps.config.evm.privateKey,
      explorerBaseUrl: null,
      probeTimeoutMs: 500,
      road: t.deps.signerRoad,
    });
    await dead.selector.start();
    try {
      const app = createApp({ ...t.deps, evm: { ...dead, index: t.deps.evm.index } });
      const res = await request(app)
        .post("/api/xqbme/wallet-mint")
        .send({ transactionHash: "0x" + "cd".repeat(32), network: "hardhat", quantumSecurity: false })
        .expect(503);
      expect(res.body).toMatchObject({
        code: "LEDGER_UNAVAILABLE",
        error: expect.stringContaining("not reachable"),
        ledger: "ethereum",
      });
      expect(res.headers["retry-after"]).toBeDefined();
    } finally {
      dead.selector.stop();
    }
  });
});

describe("GET /api/minting/rates", () => {
  it("reads XQBMinter's rules from the chain, not from a copy", async () => {
    const res = await request(t.app).get("/api/minting/rates").expect(200);
    expect(res.body.ethereum).toEqual({
      source: "chain",
      reason: null,
      network: "hardhat",
      minter: t.deployment!.XQBMinter!.address,
      xqbPerEth: 3000,
      xqbusdPerEth: 2000,
      collateralRatioPercent: 150,
      minDepositEth: "0.0001",
      ethUsdPrice: 3000,
    });
    expect(res.body.stellar).toEqual({ vibePerXlm: 50 });
  });

  it("says it cannot read them, and why, while the chain is not live", async () => {
    const down = await startTestApp({ chain: "none" });
    try {
      const res = await request(down.app).get("/api/minting/rates").expect(200);
      expect(res.body.ethereum).toMatchObject({
        source: "unavailable",
        xqbPerEth: null,
        xqbusdPerEth: null,
        minDepositEth: null,
      });
      expect(res.body.ethereum.reason).toMatch(/unreachable/);
    } finally {
      await down.close();
    }
  });
});
