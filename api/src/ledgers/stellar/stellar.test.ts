// The feature-agnostic Stellar client: a transaction the caller builds on the server account and co-signs,
// signed offline by the simulated twin, and submitted live through the signer road to a fake Horizon on
// 127.0.0.1 (busy answers retried, refusals with their result code, parallel submits on distinct
// consecutive sequences, a stale sequence retried once).
import http from "node:http";
import {
  Account,
  Asset,
  Keypair,
  Memo,
  Networks,
  Operation,
  Transaction,
  TransactionBuilder,
  xdr,
} from "@stellar/stellar-sdk";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MemoryNonceStore, SignerRoad } from "../signer/signer-road";
import { LedgerRejectedError, LedgerUnreachableError } from "../types";
import { createStellarLedger, neverSeen, StellarLiveClient, StellarSimulatedClient, type StellarSeen } from "./index";

const server = Keypair.random();
/** A second signer the caller holds (as the minting feature holds the VIBE issuer). */
const cosigner = Keypair.random();

// SDK 17 exposes the signature as a field (an XDR value or bytes) rather than the old accessor method.
function sigBytes(s: unknown): Uint8Array {
  const sig = (s as { signature: unknown }).signature;
  return sig instanceof Uint8Array ? sig : (sig as { value: Uint8Array }).value;
}

/** XLM to the co-signer and back from it: two sources, so both must sign. */
function build(source: Account): Transaction {
  const tx = new TransactionBuilder(source, { fee: "1000", networkPassphrase: Networks.TESTNET })
    .addOperation(Operation.payment({ destination: cosigner.publicKey(), asset: Asset.native(), amount: "2" }))
    .addOperation(
      Operation.payment({
        source: cosigner.publicKey(),
        destination: source.accountId(),
        asset: Asset.native(),
        amount: "1",
      }),
    )
    .addMemo(Memo.text("ledger test"))
    .setTimeout(30)
    .build();
  tx.sign(cosigner);
  return tx;
}

function checkEnvelope(envelope: string, hash: string) {
  const tx = new Transaction(envelope, Networks.TESTNET);
  expect(Buffer.from(tx.hash()).toString("hex")).toBe(hash);
  for (const kp of [server, cosigner]) {
    expect(tx.signatures.some((s) => kp.verify(Buffer.from(tx.hash()), Buffer.from(sigBytes(s))))).toBe(true);
  }
  expect(tx.signatures).toHaveLength(2);
  expect(tx.source).toBe(server.publicKey());
  expect(Buffer.from(tx.memo.value as Uint8Array).toString("utf8")).toBe("ledger test");
  expect((tx.operations as unknown as { type: string }[]).map((op) => op.type)).toEqual(["payment", "payment"]);
  return tx;
}

describe("Stellar simulated", () => {
  it("builds on sequence 1 when the account was never read, signs with the server key beside the caller's, says so", async () => {
    const sim = new StellarSimulatedClient(server, new Map());
    const r = await sim.submit(build);
    expect(r).toMatchObject({
      network: "testnet",
      ledgerIndex: null,
      explorerUrl: null,
      signer: server.publicKey(),
      sequence: "1",
    });
    expect(checkEnvelope(r.signedTransaction, r.transactionHash).sequence).toBe("1");
    expect(r.assumptions.join(" ")).toMatch(/sequence 1: the server account was never read on Horizon/);
  });

  it("follows the last sequence seen live, and signs two requests as two transactions", async () => {
    const seen: StellarSeen = new Map([[server.publicKey(), { id: server.publicKey(), sequence: "41", balances: [] }]]);
    const sim = new StellarSimulatedClient(server, seen);
    const a = await sim.submit(build);
    const b = await sim.submit(build);
    expect(checkEnvelope(a.signedTransaction, a.transactionHash).sequence).toBe("42");
    expect(checkEnvelope(b.signedTransaction, b.transactionHash).sequence).toBe("43");
    expect(a.assumptions[0]).toMatch(/sequence 42: the server account's sequence 41 as last seen on Horizon$/);
    expect(b.assumptions[0]).toMatch(/after 1 transaction\(s\) signed offline/);
  });

  it("answers accounts as last seen, and refuses (unreachable, never seen) one it never saw", async () => {
    const seen: StellarSeen = new Map([
      [
        server.publicKey(),
        { id: server.publicKey(), sequence: "7", balances: [{ asset_type: "native", balance: "10" }] },
      ],
    ]);
    const sim = new StellarSimulatedClient(server, seen);
    expect(await sim.account(server.publicKey())).toMatchObject({ sequence: "7", observed: "last-seen" });
    const err = await sim.account(cosigner.publicKey()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LedgerUnreachableError);
    expect(neverSeen(err)).toBe(true);
    expect(neverSeen(new LedgerUnreachableError("stellar", "x"))).toBe(false);
  });
});

describe("Stellar live against a fake Horizon on 127.0.0.1", () => {
  // A sequence past 2^53 (an account created at ledger 123456): the signer road must not round it.
  const START = (123_456n << 32n) + 5000n;
  const sequences = new Map<string, bigint>();
  const accepted = new Map<string, string>();
  const posts: { sequence: string; answer: string }[] = [];
  const fake = { mode: "ok" as "busy-once" | "refuse" | "ok" | "other-sender-once" };
  let base = "";
  const badSeq = () =>
    new xdr.TransactionResult({
      feeCharged: 1000n,
      result: xdr.TransactionResultResult.txBadSeq(),
      ext: xdr.TransactionResultExt.v0(),
    }).toXDR("base64");
  const horizon = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const send = (status: number, body: object) =>
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      if (url.pathname === "/") return send(200, { history_latest_ledger: 1234, core_latest_ledger: 1235 });
      if (url.pathname === "/friendbot") {
        sequences.set(url.searchParams.get("addr") ?? "", START);
        return send(200, { successful: true });
      }
      const account = url.pathname.match(/^\/accounts\/(\w+)$/);
      if (account) {
        const seq = sequences.get(account[1]!);
        return seq === undefined
          ? send(404, {})
          : send(200, { sequence: seq.toString(), balances: [{ asset_type: "native", balance: "10000" }] });
      }
      if (url.pathname === "/transactions_async" && req.method === "POST") {
        const envelope = new URLSearchParams(body).get("tx")!;
        const tx = new Transaction(envelope, Networks.TESTNET);
        const hash = Buffer.from(tx.hash()).toString("hex");
        const answer = (a: string, status: number, extra: object = {}) => {
          posts.push({ sequence: tx.sequence, answer: a });
          send(status, { tx_status: a, hash, ...extra });
        };
        if (fake.mode === "busy-once") {
          fake.mode = "ok";
          return answer("TRY_AGAIN_LATER", 503);
        }
        if (fake.mode === "other-sender-once") {
          // Another sender's transaction lands just before ours.
          fake.mode = "ok";
          sequences.set(tx.source, (sequences.get(tx.source) ?? 0n) + 1n);
        }
        const current = sequences.get(tx.source);
        if (fake.mode === "refuse" || current === undefined || BigInt(tx.sequence) !== current + 1n) {
          return answer("ERROR", 400, { error_result_xdr: badSeq() });
        }
        sequences.set(tx.source, BigInt(tx.sequence));
        accepted.set(hash, envelope);
        return answer("PENDING", 201);
      }
      const found = url.pathname.match(/^\/transactions\/(\w+)$/);
      if (found && accepted.has(found[1]!)) return send(200, { hash: found[1], ledger: 1236, successful: true });
      send(404, { status: 404 });
    });
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => horizon.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(horizon.address() as { port: number }).port}`;
  });
  beforeEach(() => {
    fake.mode = "ok";
    posts.length = 0;
  });
  afterAll(() => new Promise<void>((resolve) => horizon.close(() => resolve())));

  const liveClient = (seen: StellarSeen = new Map(), road = new SignerRoad(new MemoryNonceStore())) => ({
    road,
    seen,
    live: new StellarLiveClient(
      { horizonUrl: base, friendbotUrl: `${base}/friendbot`, endpoint: "fake-horizon", pollIntervalMs: 100 },
      server,
      road,
      seen,
    ),
  });

  it("funds the accounts, retries a busy Horizon, submits the envelope and reads its ledger", async () => {
    const { live, seen } = liveClient();
    expect(await live.probe(AbortSignal.timeout(1000))).toEqual({ latestBlock: 1234 });
    await live.ensureFunded([cosigner.publicKey()]);
    fake.mode = "busy-once";
    let submitted = 0;
    const r = await live.submit(build, { signal: new AbortController().signal, submitted: () => submitted++ });
    expect([...sequences.keys()].sort()).toEqual([server.publicKey(), cosigner.publicKey()].sort());
    expect(posts.map((p) => p.answer)).toEqual(["TRY_AGAIN_LATER", "PENDING"]);
    expect(submitted).toBe(1);
    expect(accepted.get(r.transactionHash)).toBe(r.signedTransaction);
    expect(r).toMatchObject({
      ledgerIndex: 1236,
      explorerUrl: `https://stellar.expert/explorer/testnet/tx/${r.transactionHash}`,
      signer: server.publicKey(),
      assumptions: [],
    });
    expect(checkEnvelope(r.signedTransaction, r.transactionHash).sequence).toBe((START + 1n).toString());
    expect(r.sequence).toBe((START + 1n).toString());
    // The simulated twin builds on what was seen: the next sequence after this one.
    expect(seen.get(server.publicKey())?.sequence).toBe((START + 1n).toString());
    expect(await live.account(server.publicKey())).toMatchObject({
      sequence: (START + 1n).toString(),
      observed: "horizon",
    });
    expect(await live.account(Keypair.random().publicKey())).toBeNull();
  });

  it("turns Horizon's refusal into LedgerRejectedError with the result code (tx_bad_seq is retried once first)", async () => {
    fake.mode = "refuse";
    const { live, road } = liveClient();
    const err = await live.submit(build).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LedgerRejectedError);
    expect((err as Error).message).toMatch(/tx_bad_seq/);
    expect(posts).toHaveLength(2);
    expect(road.stats.sent).toBe(0);
  });

  it("a stale sequence (another sender's transaction landed first) is retried once with the account's fresh one", async () => {
    const { live, road } = liveClient();
    const before = sequences.get(server.publicKey())!;
    fake.mode = "other-sender-once";
    const r = await live.submit(build);
    expect(posts.map((p) => p.answer)).toEqual(["ERROR", "PENDING"]);
    expect(posts[0]!.sequence).toBe((before + 1n).toString());
    expect(r.sequence).toBe((before + 2n).toString());
    expect(road.stats).toMatchObject({ sent: 1, resyncs: 1 });
  });

  it("20 parallel submits through the selector: 20 distinct consecutive sequences, no collision, all live", async () => {
    const road = new SignerRoad(new MemoryNonceStore());
    const selector = createStellarLedger({
      horizonUrl: base,
      friendbotUrl: `${base}/friendbot`,
      secret: server.secret(),
      road,
      pollIntervalMs: 100,
    });
    await selector.start();
    selector.stop();
    const before = sequences.get(server.publicKey())!;
    const results = await Promise.all(Array.from({ length: 20 }, () => selector.run((c, ctx) => c.submit(build, ctx))));
    expect(results.every((r) => r.source === "live")).toBe(true);
    const seqs = results.map((r) => BigInt(r.sequence)).sort((a, b) => (a < b ? -1 : 1));
    expect(seqs).toEqual(Array.from({ length: 20 }, (_, i) => before + 1n + BigInt(i)));
    expect(new Set(results.map((r) => r.transactionHash)).size).toBe(20);
    expect(posts.filter((p) => p.answer !== "PENDING")).toEqual([]);
    expect(road.stats).toMatchObject({ sent: 20, resyncs: 0 });
    expect(sequences.get(server.publicKey())).toBe(before + 20n);
  });
});
