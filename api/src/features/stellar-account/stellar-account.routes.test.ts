// The stellar-account routes on the real app: simulated (Horizon on a closed port, as in every test) and
// live against the fake Horizon mini ledger (reserves read from the ledger, friendbot, a live payment, a
// refusal in words, a hang and the fallback to simulation within 3 s). Bad XDR, bad keys and a secret in
// the body are 400s that name the field; the secret is never sent on nor written to the log.
import { Writable } from "node:stream";
import { Account, Asset, Keypair, Memo, Networks, Operation, TransactionBuilder } from "@stellar/stellar-sdk";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../logger";
import { startFakeHorizon, type FakeHorizon } from "../../ledgers/testing/fake-horizon";
import { startTestApp, type TestApp } from "../../testing/harness";
import { SECRET_IN_BODY_MESSAGE } from "./stellar-account.constants";

const alice = Keypair.random();
const bob = Keypair.random();

function paymentXdr(
  from: Keypair,
  sequence: string,
  o: { to?: string; asset?: Asset; amount?: string; passphrase?: string; sign?: boolean; memo?: string } = {},
) {
  const tx = new TransactionBuilder(new Account(from.publicKey(), sequence), {
    fee: "100",
    networkPassphrase: o.passphrase ?? Networks.TESTNET,
  })
    .addOperation(
      Operation.payment({
        destination: o.to ?? bob.publicKey(),
        asset: o.asset ?? Asset.native(),
        amount: o.amount ?? "1",
      }),
    )
    .addMemo(o.memo ? Memo.text(o.memo) : Memo.none())
    .setTimeout(120)
    .build();
  if (o.sign !== false) tx.sign(from);
  return { xdr: tx.toEnvelope().toXDR("base64"), hash: Buffer.from(tx.hash()).toString("hex") };
}

function trustXdr(from: Keypair, sequence: string, asset: Asset) {
  const tx = new TransactionBuilder(new Account(from.publicKey(), sequence), {
    fee: "100",
    networkPassphrase: Networks.TESTNET,
  })
    .addOperation(Operation.changeTrust({ asset, limit: "1000" }))
    .setTimeout(120)
    .build();
  tx.sign(from);
  return tx.toEnvelope().toXDR("base64");
}

describe("stellar-account, Stellar simulated (Horizon unreachable)", () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    t = await startTestApp({
      chain: "none",
      overrides: { logger: createLogger({ level: "trace", destination: sink }) },
    });
  });
  afterAll(() => t?.close());

  it("GET /api/stellar/network: passphrase, assets with their issuers, simulated with the reason", async () => {
    const res = await request(t.app).get("/api/stellar/network").expect(200);
    expect(res.body).toMatchObject({
      network: "testnet",
      networkPassphrase: Networks.TESTNET,
      source: "simulated",
      friendbotAvailable: false,
      baseReserveXlm: null,
    });
    expect(res.body.reason).toMatch(/unreachable/);
    expect(res.body.assets.XQB.issuer).toBe(t.deps.stellar.status().account);
    expect(res.body.assets.VIBE.issuer).toMatch(/^G[A-Z2-7]{55}$/);
  });

  it("GET an account never read: existence unknown, said so, no invented balances", async () => {
    const res = await request(t.app).get(`/api/stellar/accounts/${alice.publicKey()}`).expect(200);
    expect(res.body).toMatchObject({
      exists: null,
      observed: "none",
      balances: [],
      source: "simulated",
      minimumBalanceXlm: null,
    });
  });

  it("GET /api/stellar/network: the fee is the SDK's BASE_FEE, labelled as the default (Horizon not read)", async () => {
    const res = await request(t.app).get("/api/stellar/network").expect(200);
    expect(res.body).toMatchObject({ baseFeeStroops: "100", baseFeeSource: "sdk-default", baseFeeLedger: null });
  });

  it("GET /api/stellar/lookup, Horizon unreachable: within 3 s, simulated with the reason, balance unknown", async () => {
    const started = Date.now();
    const res = await request(t.app).get("/api/stellar/lookup").query({ address: alice.publicKey() }).expect(200);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(res.body).toMatchObject({
      address: alice.publicKey(),
      reachable: false,
      exists: null,
      balances: null,
      sequence: null,
      source: "simulated",
    });
    expect(res.body.reason).toMatch(/unreachable/);
    expect(res.body.summary).toMatch(/^Not reachable, balance unknown/);
  });

  it("GET /api/stellar/lookup, bad input: 400 naming address with the reason; a secret is refused, never echoed", async () => {
    const good = alice.publicKey();
    const typo = good.slice(0, 10) + (good[10] === "A" ? "B" : "A") + good.slice(11);
    const bad = await request(t.app).get("/api/stellar/lookup").query({ address: typo }).expect(400);
    expect(bad.body.code).toBe("INVALID_INPUT");
    expect(bad.body.issues[0]).toMatchObject({ path: "address" });
    expect(bad.body.issues[0].message).toMatch(/checksum/);
    const missing = await request(t.app).get("/api/stellar/lookup").expect(400);
    expect(missing.body.issues[0]).toMatchObject({ path: "address" });
    const secret = await request(t.app).get("/api/stellar/lookup").query({ address: alice.secret() }).expect(400);
    expect(secret.body.issues[0]).toMatchObject({ path: "address", message: SECRET_IN_BODY_MESSAGE });
    expect(JSON.stringify(secret.body)).not.toContain(alice.secret());
  });

  it("POST /api/stellar/submit: the signed envelope decoded and hashed, labelled simulated, nothing submitted", async () => {
    const p = paymentXdr(alice, "41", { memo: "hi" });
    const res = await request(t.app).post("/api/stellar/submit").send({ envelopeXdr: p.xdr }).expect(200);
    expect(res.body).toMatchObject({
      transactionHash: p.hash,
      sourceAccount: alice.publicKey(),
      sequence: "42",
      ledger: null,
      explorerUrl: null,
      source: "simulated",
    });
    expect(res.body.assumptions.join(" ")).toMatch(/not submitted/);
  });

  it("POST /api/stellar/fund: friendbot not asked, said so", async () => {
    const res = await request(t.app).post("/api/stellar/fund").send({ publicKey: alice.publicKey() }).expect(200);
    expect(res.body).toMatchObject({ funded: false, source: "simulated" });
    expect(res.body.message).toMatch(/nothing was created/);
  });

  it("bad XDR, an unsigned envelope, another network's signature, another key's signature: 400 naming envelopeXdr", async () => {
    const cases: [string, RegExp][] = [
      ["AAAA", /does not decode/],
      ["not base64!", /must be base64/],
      [paymentXdr(alice, "1", { sign: false }).xdr, /is not signed/],
      [
        paymentXdr(alice, "1", { passphrase: Networks.PUBLIC }).xdr,
        /not signed by its source account .* for this network/,
      ],
    ];
    const other = paymentXdr(alice, "1", { sign: false });
    const tx = TransactionBuilder.fromXDR(other.xdr, Networks.TESTNET);
    tx.sign(bob);
    cases.push([tx.toEnvelope().toXDR("base64"), /not signed by its source account/]);
    for (const [envelopeXdr, reason] of cases) {
      const res = await request(t.app).post("/api/stellar/submit").send({ envelopeXdr }).expect(400);
      expect(res.body.code).toBe("INVALID_INPUT");
      expect(res.body.issues[0].path).toBe("envelopeXdr");
      expect(res.body.issues[0].message).toMatch(reason);
    }
  });

  it("bad public keys: a wrong checksum, a secret in the path, a G-key of the wrong length: 400 with the reason", async () => {
    const good = alice.publicKey();
    const typo = good.slice(0, 10) + (good[10] === "A" ? "B" : "A") + good.slice(11);
    const res = await request(t.app).get(`/api/stellar/accounts/${typo}`).expect(400);
    expect(res.body.issues[0]).toMatchObject({ path: "publicKey" });
    expect(res.body.issues[0].message).toMatch(/checksum/);
    await request(t.app)
      .get(`/api/stellar/accounts/${good.slice(0, 50)}`)
      .expect(400);
    const fund = await request(t.app).post("/api/stellar/fund").send({ publicKey: typo }).expect(400);
    expect(fund.body.issues[0].message).toMatch(/checksum/);
  });

  it("a body carrying a Stellar secret (any key, any depth, the path too) is refused, and the secret is in no log line", async () => {
    const secret = alice.secret();
    const bodies = [
      { envelopeXdr: paymentXdr(alice, "1").xdr, secret },
      { envelopeXdr: paymentXdr(alice, "1").xdr, notes: { list: [`my key is ${secret} ok`] } },
      { envelopeXdr: secret },
      { [secret]: 1 },
    ];
    for (const body of bodies) {
      const res = await request(t.app).post("/api/stellar/submit").send(body).expect(400);
      expect(res.body.issues.map((i: { message: string }) => i.message)).toContain(SECRET_IN_BODY_MESSAGE);
      expect(JSON.stringify(res.body)).not.toContain(secret);
    }
    const fund = await request(t.app).post("/api/stellar/fund").send({ publicKey: secret }).expect(400);
    expect(fund.body.issues[0]).toMatchObject({ path: "publicKey", message: SECRET_IN_BODY_MESSAGE });
    const path = await request(t.app).get(`/api/stellar/accounts/${secret}`).expect(400);
    expect(path.body.issues[0].message).toBe(SECRET_IN_BODY_MESSAGE);
    expect(SECRET_IN_BODY_MESSAGE).toMatch(/never leaves your browser/);
    // A look-alike with a wrong checksum is not a secret: it is refused as a bad envelope, not as a key.
    const lookalike = secret.slice(0, 55) + (secret[55] === "A" ? "B" : "A");
    const res = await request(t.app)
      .post("/api/stellar/submit")
      .send({ envelopeXdr: paymentXdr(alice, "1").xdr, note: lookalike })
      .expect(400);
    expect(res.body.issues[0]).toMatchObject({ path: "note", message: "is not an accepted field" });
    await new Promise((r) => setTimeout(r, 50));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join("")).not.toContain(secret);
  });

  it("the writes are rate-limited like every write", async () => {
    const limited = await startTestApp({ chain: "none", env: { RATE_LIMIT_WRITES_PER_MINUTE: "2" } });
    try {
      const body = { envelopeXdr: paymentXdr(alice, "5").xdr };
      await request(limited.app).post("/api/stellar/submit").send(body).expect(200);
      await request(limited.app).post("/api/stellar/fund").send({ publicKey: alice.publicKey() }).expect(200);
      const res = await request(limited.app).post("/api/stellar/submit").send(body).expect(429);
      expect(res.headers["retry-after"]).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});

describe("stellar-account, live against the fake Horizon", () => {
  let t: TestApp;
  let horizon: FakeHorizon;
  let server: string;
  beforeAll(async () => {
    horizon = await startFakeHorizon();
    t = await startTestApp({
      chain: "none",
      env: { STELLAR_HORIZON_URL: horizon.url, STELLAR_FRIENDBOT_URL: horizon.friendbotUrl },
    });
    server = t.deps.stellar.status().account!;
    // The probe funds the server account (the XQB issuer) in the background.
    for (let i = 0; i < 50 && !horizon.accounts.has(server); i++) await new Promise((r) => setTimeout(r, 50));
  });
  afterAll(async () => {
    await t?.close();
    await horizon?.close();
  });

  const seq = async (kp: Keypair) =>
    (await request(t.app).get(`/api/stellar/accounts/${kp.publicKey()}`).expect(200)).body.sequence as string;

  it("funds through friendbot, then reads the account with its reserve from the ledger", async () => {
    const before = await request(t.app).get(`/api/stellar/accounts/${alice.publicKey()}`).expect(200);
    expect(before.body).toMatchObject({ exists: false, source: "live", observed: "horizon" });
    const fund = await request(t.app).post("/api/stellar/fund").send({ publicKey: alice.publicKey() }).expect(200);
    expect(fund.body).toMatchObject({ funded: true, alreadyExisted: false, source: "live" });
    const again = await request(t.app).post("/api/stellar/fund").send({ publicKey: alice.publicKey() }).expect(200);
    expect(again.body).toMatchObject({ funded: false, alreadyExisted: true });
    await request(t.app).post("/api/stellar/fund").send({ publicKey: bob.publicKey() }).expect(200);

    const net = await request(t.app).get("/api/stellar/network").expect(200);
    expect(net.body).toMatchObject({
      source: "live",
      baseReserveXlm: "0.5",
      friendbotAvailable: true,
      serverAccount: server,
    });

    const trust = await request(t.app)
      .post("/api/stellar/submit")
      .send({ envelopeXdr: trustXdr(alice, await seq(alice), new Asset("XQB", server)) })
      .expect(200);
    expect(trust.body.source).toBe("live");
    const res = await request(t.app).get(`/api/stellar/accounts/${alice.publicKey()}`).expect(200);
    expect(res.body).toMatchObject({
      exists: true,
      subentryCount: 1,
      baseReserveXlm: "0.5",
      minimumBalanceXlm: "1.5",
      source: "live",
      observed: "horizon",
    });
    expect(res.body.balances).toContainEqual({
      assetType: "credit_alphanum4",
      assetCode: "XQB",
      assetIssuer: server,
      balance: "0.0000000",
      limit: "1000.0000000",
    });
    // The reserve is the ledger's, not a constant.
    horizon.baseReserveStroops = 10_000_000n;
    expect(
      (await request(t.app).get(`/api/stellar/accounts/${alice.publicKey()}`).expect(200)).body.minimumBalanceXlm,
    ).toBe("3");
    horizon.baseReserveStroops = 5_000_000n;
  });

  it("GET /api/stellar/network: the base fee read from Horizon's fee_stats, with its ledger", async () => {
    horizon.baseFeeStroops = 250n;
    try {
      const res = await request(t.app).get("/api/stellar/network").expect(200);
      expect(res.body).toMatchObject({ source: "live", baseFeeStroops: "250", baseFeeSource: "horizon-fee-stats" });
      expect(res.body.baseFeeLedger).toBe(horizon.ledger);
    } finally {
      horizon.baseFeeStroops = 100n;
    }
  });

  it("GET /api/stellar/lookup: any account by public key, live: balances and trustlines; unfunded says so", async () => {
    const res = await request(t.app).get("/api/stellar/lookup").query({ address: alice.publicKey() }).expect(200);
    expect(res.body).toMatchObject({ reachable: true, exists: true, source: "live", reason: null });
    expect(res.body.sequence).toMatch(/^\d+$/);
    expect(res.body.balances).toContainEqual(expect.objectContaining({ assetCode: "XQB", assetIssuer: server }));
    expect(res.body.summary).toMatch(/XLM and 1 trustline, read from Horizon now/);
    expect(res.body.explorerUrl).toBe(`https://stellar.expert/explorer/testnet/account/${alice.publicKey()}`);
    const nobody = Keypair.random().publicKey();
    const unfunded = await request(t.app).get("/api/stellar/lookup").query({ address: nobody }).expect(200);
    expect(unfunded.body).toMatchObject({ reachable: true, exists: false, balances: [], source: "live" });
    expect(unfunded.body.summary).toMatch(/^Not on the Stellar testnet/);
  });

  it("a live payment: applied on the ledger, with its ledger and explorer link", async () => {
    const p = paymentXdr(alice, await seq(alice), { amount: "25.5", memo: "thanks" });
    const res = await request(t.app).post("/api/stellar/submit").send({ envelopeXdr: p.xdr }).expect(200);
    expect(res.body).toMatchObject({
      transactionHash: p.hash,
      source: "live",
      reason: null,
      explorerUrl: `https://stellar.expert/explorer/testnet/tx/${p.hash}`,
    });
    expect(res.body.ledger).toBe(horizon.transactions.get(p.hash)!.ledger);
    expect(horizon.balanceOf(bob.publicKey(), "native")).toBe("10025.5000000");
  });

  it("refusals in words: a payment of XQB to an account without the trustline (op_no_trust), and more XLM than held (op_underfunded)", async () => {
    const noTrust = paymentXdr(alice, await seq(alice), { asset: new Asset("XQB", server) });
    const a = await request(t.app).post("/api/stellar/submit").send({ envelopeXdr: noTrust.xdr }).expect(502);
    expect(a.body.code).toBe("LEDGER_REJECTED");
    expect(a.body.error).toMatch(/op_no_trust \(the destination has no trustline for the asset\)|op_underfunded/);
    const tooMuch = paymentXdr(alice, await seq(alice), { amount: "999999" });
    const b = await request(t.app).post("/api/stellar/submit").send({ envelopeXdr: tooMuch.xdr }).expect(502);
    expect(b.body.error).toMatch(/op_underfunded \(the source account does not hold enough/);
    const stale = paymentXdr(alice, "1");
    const c = await request(t.app).post("/api/stellar/submit").send({ envelopeXdr: stale.xdr }).expect(502);
    expect(c.body.error).toMatch(/tx_bad_seq/);
  });

  it("a hung Horizon: reads and the relay fall back to simulation within 3 s, saying why; nothing is sent", async () => {
    const current = await seq(alice);
    horizon.hang = true;
    try {
      let started = Date.now();
      const res = await request(t.app).get(`/api/stellar/accounts/${alice.publicKey()}`).expect(200);
      expect(Date.now() - started).toBeLessThan(3000);
      expect(res.body).toMatchObject({
        source: "simulated",
        observed: "last-seen",
        exists: true,
        sequence: current,
        minimumBalanceXlm: "1.5",
      });
      expect(res.body.reason).toMatch(/unreachable/);
      // A public lookup says it does not know: no balance, not even the last one seen.
      started = Date.now();
      const look = await request(t.app).get("/api/stellar/lookup").query({ address: alice.publicKey() }).expect(200);
      expect(Date.now() - started).toBeLessThan(3000);
      expect(look.body).toMatchObject({ source: "simulated", reachable: false, exists: null, balances: null });
      expect(look.body.summary).toMatch(/^Not reachable, balance unknown/);
      const p = paymentXdr(alice, current);
      started = Date.now();
      const sub = await request(t.app).post("/api/stellar/submit").send({ envelopeXdr: p.xdr }).expect(200);
      expect(Date.now() - started).toBeLessThan(3000);
      expect(sub.body).toMatchObject({ source: "simulated", transactionHash: p.hash, ledger: null, explorerUrl: null });
      expect(horizon.transactions.has(p.hash)).toBe(false);
    } finally {
      horizon.hang = false;
    }
  });
});
