import http from "node:http";
import { Keypair, Networks, Transaction, xdr, type Operation } from "@stellar/stellar-sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LedgerRejectedError } from "../types";
import { resolveStellarKeys, StellarLiveClient, StellarSimulatedClient } from "./index";

const keys = resolveStellarKeys(Keypair.random().secret(), Keypair.random().secret());
const request = { xlmAmount: "2", vibeAmount: "100", memo: "vibe test" };

// SDK 17 exposes the signature as a field (an XDR value or bytes) rather than the old accessor method.
function sigBytes(s: unknown): Uint8Array {
  const sig = (s as { signature: unknown }).signature;
  return sig instanceof Uint8Array ? sig : (sig as { value: Uint8Array }).value;
}

function checkMintTransaction(envelope: string, hash: string, withTrustline: boolean) {
  const tx = new Transaction(envelope, Networks.TESTNET);
  expect(Buffer.from(tx.hash()).toString("hex")).toBe(hash);
  for (const kp of [keys.distributor, keys.issuer]) {
    expect(tx.signatures.some((s) => kp.verify(Buffer.from(tx.hash()), Buffer.from(sigBytes(s))))).toBe(true);
  }
  expect(tx.source).toBe(keys.distributor.publicKey());
  expect(tx.memo.type).toBe("text");
  expect(Buffer.from(tx.memo.value as Uint8Array).toString("utf8")).toBe("vibe test");
  const ops = tx.operations as unknown as { type: string }[];
  const payments = ops.filter((op) => op.type === "payment") as unknown as Operation.Payment[];
  expect(ops.map((op) => op.type)).toEqual(withTrustline ? ["changeTrust", "payment", "payment"] : ["payment", "payment"]);
  expect(payments[0]).toMatchObject({ destination: keys.issuer.publicKey(), amount: "2.0000000" });
  expect(payments[0]!.asset.isNative()).toBe(true);
  expect(payments[1]).toMatchObject({ source: keys.issuer.publicKey(), destination: keys.distributor.publicKey(), amount: "100.0000000" });
  expect(payments[1]!.asset.getCode()).toBe("VIBE");
  expect(payments[1]!.asset.getIssuer()).toBe(keys.issuer.publicKey());
  return tx;
}

describe("Stellar simulated", () => {
  it("builds and signs the one-transaction swap offline", async () => {
    const sim = new StellarSimulatedClient(keys, { sequence: null, hasTrustline: null });
    const r = await sim.mintVibeCoins(request);
    expect(r).toMatchObject({ network: "testnet", ledgerIndex: null, explorerUrl: null, assetCode: "VIBE", assetIssuer: keys.issuer.publicKey() });
    expect(r.signer).toBe(keys.distributor.publicKey());
    const tx = checkMintTransaction(r.signedTransaction, r.transactionHash, true);
    expect(tx.sequence).toBe("1");
  });

  it("follows the last live sequence and skips an existing trustline", async () => {
    const sim = new StellarSimulatedClient(keys, { sequence: "41", hasTrustline: true });
    const r = await sim.mintVibeCoins(request);
    expect(checkMintTransaction(r.signedTransaction, r.transactionHash, false).sequence).toBe("42");
  });
});

describe("Stellar live against a fake Horizon on 127.0.0.1", () => {
  const funded = new Set<string>();
  const accepted = new Map<string, string>();
  let mode: "busy-once" | "refuse" | "ok" = "busy-once";
  let base = "";
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const send = (status: number, body: object) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      if (url.pathname === "/") return send(200, { history_latest_ledger: 1234, core_latest_ledger: 1235 });
      if (url.pathname === "/friendbot") {
        funded.add(url.searchParams.get("addr") ?? "");
        return send(200, { successful: true });
      }
      const account = url.pathname.match(/^\/accounts\/(\w+)$/);
      if (account) {
        return funded.has(account[1]!) ? send(200, { sequence: "5000", balances: [{ asset_type: "native" }] }) : send(404, {});
      }
      if (url.pathname === "/transactions_async" && req.method === "POST") {
        const tx = new Transaction(new URLSearchParams(body).get("tx")!, Networks.TESTNET);
        const hash = Buffer.from(tx.hash()).toString("hex");
        if (mode === "busy-once") {
          mode = "ok";
          return send(503, { tx_status: "TRY_AGAIN_LATER", hash });
        }
        if (mode === "refuse") {
          const result = new xdr.TransactionResult({
            feeCharged: 1000n,
            result: xdr.TransactionResultResult.txBadSeq(),
            ext: xdr.TransactionResultExt.v0(),
          });
          return send(400, { tx_status: "ERROR", hash, error_result_xdr: result.toXDR("base64") });
        }
        accepted.set(hash, new URLSearchParams(body).get("tx")!);
        return send(201, { tx_status: "PENDING", hash });
      }
      const found = url.pathname.match(/^\/transactions\/(\w+)$/);
      if (found && accepted.has(found[1]!)) return send(200, { hash: found[1], ledger: 1236, successful: true });
      send(404, { status: 404 });
    });
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("funds the accounts, retries a busy Horizon, submits the envelope and reads its ledger", async () => {
    const state = { sequence: null, hasTrustline: null };
    const live = new StellarLiveClient({ horizonUrl: base, friendbotUrl: `${base}/friendbot`, endpoint: "fake-horizon", pollIntervalMs: 100 }, keys, state);
    expect(await live.probe(AbortSignal.timeout(1000))).toEqual({ latestBlock: 1234 });
    const r = await live.mintVibeCoins(request);
    expect(funded).toEqual(new Set([keys.issuer.publicKey(), keys.distributor.publicKey()]));
    expect(accepted.get(r.transactionHash)).toBe(r.signedTransaction);
    expect(r).toMatchObject({ ledgerIndex: 1236, explorerUrl: `https://stellar.expert/explorer/testnet/tx/${r.transactionHash}` });
    expect(checkMintTransaction(r.signedTransaction, r.transactionHash, true).sequence).toBe("5001");
    expect(state).toEqual({ sequence: "5001", hasTrustline: true });
  });

  it("turns Horizon's refusal into LedgerRejectedError with the result code", async () => {
    mode = "refuse";
    const live = new StellarLiveClient({ horizonUrl: base, friendbotUrl: `${base}/friendbot`, endpoint: "fake-horizon" }, keys, { sequence: null, hasTrustline: null });
    const err = await live.mintVibeCoins(request).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LedgerRejectedError);
    expect((err as Error).message).toMatch(/tx_bad_seq/);
  });
});
