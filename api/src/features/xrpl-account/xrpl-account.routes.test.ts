import request from "supertest";
import { classicAddressToXAddress, encode, Wallet } from "xrpl";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeRippled, type FakeRippled } from "../../ledgers/testing/fake-rippled";
import { startTestApp, type TestApp } from "../../testing/harness";
import { XRPL_SECRET_REFUSAL } from "./xrpl-account.constants";

// The xrpl-account routes on the real app: live against the fake rippled mini ledger (and its faucet),
// simulated against a closed port; every bad blob and any secret refused with the field and the reason.

const hex = (t: string) => Buffer.from(t).toString("hex").toUpperCase();

describe("xrpl-account routes, live against the fake rippled", () => {
  let fake: FakeRippled;
  let t: TestApp;
  const serverSeed = Wallet.generate().seed!;
  const server = Wallet.fromSeed(serverSeed);

  beforeAll(async () => {
    fake = await startFakeRippled({ accounts: "funded", validatedLedger: 300 });
    fake.strictSequences = true;
    t = await startTestApp({
      chain: "none",
      env: { XRPL_WS_URL: fake.url, XRPL_FAUCET_HOST: fake.httpUrl, XRPL_SEED: serverSeed },
    });
    // The server wallet is funded from the faucet once the node answers (in the background).
    for (let i = 0; i < 100 && fake.balanceOf(server.address) === null; i++)
      await new Promise((r) => setTimeout(r, 50));
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  async function userReady() {
    const user = Wallet.generate();
    await request(t.app).post("/api/xrpl/fund").send({ address: user.address }).expect(200);
    return user;
  }
  async function sign(user: Wallet, tx: Record<string, unknown>, over: Record<string, unknown> = {}) {
    const net = (await request(t.app).get("/api/xrpl/network").expect(200)).body;
    const acct = (await request(t.app).get(`/api/xrpl/accounts/${user.address}`).expect(200)).body;
    return user.sign({
      Account: user.address,
      Sequence: acct.account.sequence,
      Fee: net.ledger.baseFeeDrops,
      LastLedgerSequence: net.ledger.validatedLedger + net.lastLedgerOffset,
      ...tx,
      ...over,
    } as never);
  }

  it("GET /api/xrpl/network: reserves and fee from server_info, the XQB issuer is the server wallet", async () => {
    fake.reserveIncDrops = 300_000;
    const res = await request(t.app).get("/api/xrpl/network").expect(200);
    fake.reserveIncDrops = 200_000;
    expect(res.body).toMatchObject({
      network: "testnet",
      source: "live",
      reason: null,
      serverAccount: server.address,
      xqb: { currency: "XQB", issuer: server.address },
      ledger: { baseReserveXrp: "1", ownerReserveXrp: "0.3", baseFeeDrops: "10", networkId: 1 },
      faucet: true,
    });
  });

  it("an unknown account is not found; funded, it shows balance, reserves, sequence and the faucet's payment", async () => {
    const user = Wallet.generate();
    expect((await request(t.app).get(`/api/xrpl/accounts/${user.address}`).expect(200)).body).toMatchObject({
      exists: false,
      account: null,
      source: "live",
    });
    const funded = await request(t.app).post("/api/xrpl/fund").send({ address: user.address }).expect(200);
    expect(funded.body).toMatchObject({
      funded: true,
      alreadyExisted: false,
      source: "live",
      account: { balanceXrp: "100", spendableXrp: "99", reserves: { baseXrp: "1", totalXrp: "1" } },
    });
    expect(funded.body.account.recentTransactions[0]).toMatchObject({
      type: "Payment",
      result: "tesSUCCESS",
      amount: { value: "100", currency: "XRP" },
    });
  });

  it("adds the XQB trust line and pays with a destination tag and memo: validated, fee, ledger, explorer link", async () => {
    const user = await userReady();
    const trust = await sign(user, {
      TransactionType: "TrustSet",
      LimitAmount: { currency: "XQB", issuer: server.address, value: "1000000" },
    });
    const r1 = await request(t.app).post("/api/xrpl/submit").send({ txBlob: trust.tx_blob }).expect(200);
    expect(r1.body).toMatchObject({
      status: "validated",
      succeeded: true,
      engineResult: "tesSUCCESS",
      transactionType: "TrustSet",
      feeXrp: "0.00001",
    });
    const other = await userReady();
    const pay = await sign(user, {
      TransactionType: "Payment",
      Destination: other.address,
      Amount: "2500000",
      DestinationTag: 4294967295,
      Memos: [{ Memo: { MemoType: hex("text"), MemoData: hex("hello") } }],
    });
    const r2 = await request(t.app).post("/api/xrpl/submit").send({ txBlob: pay.tx_blob }).expect(200);
    expect(r2.body).toMatchObject({
      source: "live",
      status: "validated",
      succeeded: true,
      engineResultText: "the transaction was applied",
      feeDrops: "10",
      explorerUrl: `https://testnet.xrpl.org/transactions/${pay.hash}`,
      transactionHash: pay.hash,
    });
    expect(r2.body.ledgerIndex).toBeGreaterThan(300);
    const acct = (await request(t.app).get(`/api/xrpl/accounts/${user.address}`).expect(200)).body.account;
    expect(acct).toMatchObject({
      balanceXrp: "97.49998",
      ownerCount: 1,
      reserves: { totalXrp: "1.2" },
      trustLines: [{ currency: "XQB", issuer: server.address }],
    });
    expect(acct.recentTransactions[0]).toMatchObject({
      hash: pay.hash,
      destination: other.address,
      destinationTag: 4294967295,
      amount: { value: "2.5", currency: "XRP" },
    });
  });

  it("a refusal in words: tecUNFUNDED_PAYMENT is a 200 with the result explained, nothing succeeded", async () => {
    const user = await userReady();
    const pay = await sign(user, { TransactionType: "Payment", Destination: server.address, Amount: "99999000" });
    const r = await request(t.app).post("/api/xrpl/submit").send({ txBlob: pay.tx_blob }).expect(200);
    expect(r.body).toMatchObject({ status: "validated", succeeded: false, engineResult: "tecUNFUNDED_PAYMENT" });
    expect(r.body.engineResultText).toMatch(/does not hold enough XRP/);
  });

  it("bad blobs: 400 naming txBlob and the reason, nothing submitted", async () => {
    const user = await userReady();
    const before = fake.submissions.length;
    const good = await sign(user, { TransactionType: "Payment", Destination: server.address, Amount: "1000" });
    const unsigned = encode({
      TransactionType: "Payment",
      Account: user.address,
      Destination: server.address,
      Amount: "1000",
      Sequence: 1,
      Fee: "10",
      LastLedgerSequence: 999,
    });
    const noExpiry = (
      await sign(
        user,
        { TransactionType: "Payment", Destination: server.address, Amount: "1000" },
        { LastLedgerSequence: undefined },
      )
    ).tx_blob;
    // Same signature on another amount: the signature no longer verifies.
    const tampered = good.tx_blob.replace(/6140000000000003E8/, "6140000000000007D0");
    expect(tampered).not.toBe(good.tx_blob);
    const cases: [unknown, RegExp][] = [
      ["zz", /hex/],
      ["ABC", /hex/],
      ["DEADBEEF", /not a decodable XRPL transaction/],
      [unsigned, /is not signed/],
      [tampered, /signature that does not verify/],
      [noExpiry, /no LastLedgerSequence/],
      [12, /hex text/],
    ];
    for (const [txBlob, reason] of cases) {
      const res = await request(t.app).post("/api/xrpl/submit").send({ txBlob }).expect(400);
      expect(res.body.code).toBe("INVALID_INPUT");
      expect(res.body.issues[0]).toMatchObject({ path: "txBlob" });
      expect(res.body.issues[0].message).toMatch(reason);
    }
    expect((await request(t.app).post("/api/xrpl/submit").send({}).expect(400)).body.issues[0]).toMatchObject({
      path: "txBlob",
      message: "is required",
    });
    expect(fake.submissions.length).toBe(before);
  });

  it("any body carrying a seed or a private key is refused: it never leaves the browser", async () => {
    const w = Wallet.generate();
    const before = fake.requests.length;
    const bodies = [
      { txBlob: "AB", seed: w.seed },
      { txBlob: w.seed },
      { txBlob: "AB", nested: { list: [`my seed is ${w.seed}`] } },
      { txBlob: "AB", key: w.privateKey },
      { [w.seed!]: 1, txBlob: "AB" },
      { address: w.address, secret: w.seed },
    ];
    for (const body of bodies) {
      const path = "address" in body ? "/api/xrpl/fund" : "/api/xrpl/submit";
      const res = await request(t.app).post(path).send(body).expect(400);
      expect(res.body).toMatchObject({ code: "INVALID_INPUT", error: XRPL_SECRET_REFUSAL });
      expect(res.text).not.toContain(w.seed);
      expect(res.text).not.toContain(w.privateKey);
    }
    // A seed inside the blob's memo would be published: refused too.
    const user = await userReady();
    const leaky = await sign(user, {
      TransactionType: "Payment",
      Destination: server.address,
      Amount: "1000",
      Memos: [{ Memo: { MemoData: hex(w.seed!) } }],
    });
    expect(
      (await request(t.app).post("/api/xrpl/submit").send({ txBlob: leaky.tx_blob }).expect(400)).body,
    ).toMatchObject({ error: XRPL_SECRET_REFUSAL, issues: [{ path: "txBlob.Memos.0" }] });
    expect(fake.requests.slice(before).filter((r) => r.command === "submit")).toHaveLength(0);
  });

  it("GET /api/xrpl/network: the fee from the node's fee command, labelled as the ledger's", async () => {
    fake.baseFeeDrops = 15;
    try {
      const res = await request(t.app).get("/api/xrpl/network").expect(200);
      expect(res.body.fee).toMatchObject({ baseFeeDrops: "15", openLedgerFeeDrops: "15", source: "ledger" });
      expect(res.body.fee.ledgerCurrentIndex).toBeGreaterThan(0);
    } finally {
      fake.baseFeeDrops = 10;
    }
  });

  it("GET /api/xrpl/lookup: a classic address or a test-net X-address (decoded: classic address and tag), live", async () => {
    const user = await userReady();
    const classic = (await request(t.app).get("/api/xrpl/lookup").query({ address: user.address }).expect(200)).body;
    expect(classic).toMatchObject({
      query: user.address,
      address: user.address,
      xAddress: null,
      reachable: true,
      exists: true,
      balanceXrp: "100",
      source: "live",
      reason: null,
      trustLines: [],
      explorerUrl: `https://testnet.xrpl.org/accounts/${user.address}`,
    });
    expect(classic.sequence).toBeGreaterThan(0);
    expect(classic.summary).toMatch(/^100 XRP and 0 trust lines, read from the validated ledger/);
    const x = classicAddressToXAddress(user.address, 42, true);
    const decoded = (await request(t.app).get("/api/xrpl/lookup").query({ address: x }).expect(200)).body;
    expect(decoded).toMatchObject({
      query: x,
      address: user.address,
      xAddress: { network: "test", tag: 42 },
      exists: true,
      balanceXrp: "100",
    });
    const nobody = Wallet.generate().address;
    const unfunded = (await request(t.app).get("/api/xrpl/lookup").query({ address: nobody }).expect(200)).body;
    expect(unfunded).toMatchObject({ reachable: true, exists: false, balanceXrp: null, source: "live" });
    expect(unfunded.summary).toMatch(/^Not on the XRPL testnet/);
  });

  it("GET /api/xrpl/lookup, bad input: 400 naming address (a main-net X-address, a bad checksum, a seed)", async () => {
    const user = Wallet.generate();
    const main = classicAddressToXAddress(user.address, 7, false);
    const m = (await request(t.app).get("/api/xrpl/lookup").query({ address: main }).expect(400)).body;
    expect(m.code).toBe("INVALID_INPUT");
    expect(m.issues[0]).toMatchObject({ path: "address" });
    expect(m.issues[0].message).toMatch(/main-net X-address .*testnet/);
    const x = classicAddressToXAddress(user.address, false, true);
    const typo = x.slice(0, -1) + (x.endsWith("x") ? "y" : "x");
    const t1 = (await request(t.app).get("/api/xrpl/lookup").query({ address: typo }).expect(400)).body;
    expect(t1.issues[0]).toMatchObject({ path: "address" });
    expect(t1.issues[0].message).toMatch(/checksum/);
    for (const address of [user.seed!, "0x1234", ""]) {
      const r = (await request(t.app).get("/api/xrpl/lookup").query({ address }).expect(400)).body;
      expect(r.issues[0]).toMatchObject({ path: "address" });
      expect(JSON.stringify(r)).not.toContain(user.seed!);
    }
  });

  it("addresses: a bad checksum or shape is a 400 naming the field", async () => {
    // the last character changed (to "x", or "y" when it was "x": one address in 58 ends in "x")
    const address = Wallet.generate().address;
    const bad = address.slice(0, -1) + (address.endsWith("x") ? "y" : "x");
    expect((await request(t.app).get(`/api/xrpl/accounts/${bad}`).expect(400)).body.issues[0]).toMatchObject({
      path: "address",
    });
    expect((await request(t.app).get("/api/xrpl/accounts/0x1234").expect(400)).body.issues[0]).toMatchObject({
      path: "address",
    });
    expect(
      (await request(t.app).post("/api/xrpl/fund").send({ address: "rNOPE" }).expect(400)).body.issues[0],
    ).toMatchObject({ path: "address" });
  });
});

describe("xrpl-account routes, simulated (the XRPL node unreachable)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ chain: "none" });
  });
  afterAll(() => t?.close());

  it("network and accounts say simulated and why; a signed blob is checked offline, never submitted", async () => {
    const net = (await request(t.app).get("/api/xrpl/network").expect(200)).body;
    expect(net).toMatchObject({ source: "simulated", ledger: null });
    expect(net.reason).toMatch(/unreachable/);
    const user = Wallet.generate();
    expect((await request(t.app).get(`/api/xrpl/accounts/${user.address}`).expect(200)).body).toMatchObject({
      source: "simulated",
      exists: null,
      account: null,
    });
    expect(
      (await request(t.app).post("/api/xrpl/fund").send({ address: user.address }).expect(200)).body,
    ).toMatchObject({ source: "simulated", funded: false });
    expect(net.fee).toEqual({
      baseFeeDrops: "10",
      openLedgerFeeDrops: null,
      source: "xrpl-default",
      ledgerCurrentIndex: null,
    });
    const x = classicAddressToXAddress(user.address, 9, true);
    const lookStarted = performance.now();
    const look = (await request(t.app).get("/api/xrpl/lookup").query({ address: x }).expect(200)).body;
    expect(performance.now() - lookStarted).toBeLessThan(3000);
    expect(look).toMatchObject({
      address: user.address,
      xAddress: { network: "test", tag: 9 },
      reachable: false,
      exists: null,
      balanceXrp: null,
      trustLines: null,
      source: "simulated",
    });
    expect(look.reason).toMatch(/unreachable/);
    expect(look.summary).toMatch(/^Not reachable, balance unknown/);
    const blob = user.sign({
      TransactionType: "Payment",
      Account: user.address,
      Destination: Wallet.generate().address,
      Amount: "1000",
      Sequence: 1,
      Fee: "10",
      LastLedgerSequence: 50,
    });
    const started = performance.now();
    const r = (await request(t.app).post("/api/xrpl/submit").send({ txBlob: blob.tx_blob }).expect(200)).body;
    expect(performance.now() - started).toBeLessThan(3000);
    expect(r).toMatchObject({
      source: "simulated",
      status: "not-submitted",
      engineResult: null,
      succeeded: false,
      explorerUrl: null,
      transactionHash: blob.hash,
    });
    expect(r.reason).toMatch(/unreachable/);
  });
});
