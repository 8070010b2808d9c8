import { decode, Wallet } from "xrpl";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { LedgerSelector } from "../selector";
import { MemoryNonceStore, SignerRoad } from "../signer/signer-road";
import { startFakeRippled, type FakeRippled } from "../testing/fake-rippled";
import { createXrplLedger, describeEngineResult, neverSeen, type XrplLedgerClient } from "./index";

// The user's side of the XRPL client (issue 11) against the fake rippled as a mini ledger: faucet, reserves
// from server_info, trust lines, user-signed blobs, the issuer's XQB, incoming payments with memos.

describe("XRPL user accounts against the fake rippled mini ledger", () => {
  const serverSeed = Wallet.generate().seed!;
  const server = Wallet.fromSeed(serverSeed);
  let fake: FakeRippled;
  let s: LedgerSelector<XrplLedgerClient>;

  beforeAll(async () => {
    fake = await startFakeRippled({ accounts: "funded", validatedLedger: 100 });
    fake.strictSequences = true;
    s = createXrplLedger({
      wsUrl: fake.url,
      faucetHost: fake.httpUrl,
      seed: serverSeed,
      road: new SignerRoad(new MemoryNonceStore()),
    });
    await s.start();
  });
  afterEach(() => {
    fake.silent = false;
    fake.onRequest = null;
  });
  afterAll(async () => {
    s.stop();
    await fake.idle();
    await fake.close();
  });

  /** accountDetails through the selector (run's ops answer objects: null is wrapped), with the source stamped. */
  const details = async (address: string) => {
    const r = await s.run(async (c) => ({ account: await c.accountDetails(address) }));
    return r.account ? { ...r.account, source: r.source } : null;
  };

  /** Signs with the user's wallet on its next sequence, expiring 10 ledgers on. */
  async function signed(w: Wallet, tx: Record<string, unknown>) {
    const acct = await details(w.address);
    const state = await s.run((c) => c.serverState());
    return w.sign({
      ...tx,
      Account: w.address,
      Sequence: acct!.sequence,
      Fee: state.baseFeeDrops,
      LastLedgerSequence: state.validatedLedger + 10,
    } as never);
  }

  it("the server wallet is funded through the faucet at start, the user's account on request", async () => {
    await expect.poll(() => fake.balanceOf(server.address), { timeout: 4000 }).toBe(100_000_000n);
    const user = Wallet.generate();
    expect(await details(user.address)).toBeNull();
    const funded = await s.run((c, ctx) => c.fund(user.address, ctx));
    expect(funded).toMatchObject({ source: "live", funded: true, alreadyExisted: false });
    const again = await s.run((c, ctx) => c.fund(user.address, ctx));
    expect(again).toMatchObject({ funded: false, alreadyExisted: true });
    const d = await details(user.address);
    expect(d).toMatchObject({
      balanceXrp: "100",
      ownerCount: 0,
      reserves: { baseXrp: "1", ownerXrp: "0.2", totalXrp: "1" },
      observed: "rippled",
    });
    expect(d!.recentTransactions[0]).toMatchObject({
      type: "Payment",
      result: "tesSUCCESS",
      resultText: "the transaction was applied",
      amount: { value: "100", currency: "XRP" },
    });
  });

  it("reserves are read from server_info, never constants", async () => {
    const user = Wallet.generate();
    await s.run((c, ctx) => c.fund(user.address, ctx));
    fake.reserveBaseDrops = 10_000_000;
    fake.reserveIncDrops = 2_000_000;
    try {
      expect(await s.run((c) => c.serverState())).toMatchObject({
        baseReserveXrp: "10",
        ownerReserveXrp: "2",
        baseFeeDrops: "10",
        networkId: 1,
      });
      expect((await details(user.address))!.reserves).toEqual({ baseXrp: "10", ownerXrp: "2", totalXrp: "10" });
    } finally {
      fake.reserveBaseDrops = 1_000_000;
      fake.reserveIncDrops = 200_000;
    }
  });

  it("a user's TrustSet for XQB, then XQB issued by the server wallet and paid back to it with an EVM-address memo", async () => {
    const user = Wallet.generate();
    await s.run((c, ctx) => c.fund(user.address, ctx));
    const trust = await signed(user, {
      TransactionType: "TrustSet",
      LimitAmount: { currency: "XQB", issuer: server.address, value: "1000000" },
    });
    const r = await s.run((c, ctx) => c.submitSigned(trust.tx_blob, ctx));
    expect(r).toMatchObject({
      source: "live",
      status: "validated",
      engineResult: "tesSUCCESS",
      transactionType: "TrustSet",
      feeDrops: "10",
      explorerUrl: `https://testnet.xrpl.org/transactions/${trust.hash}`,
    });
    expect(r.ledgerIndex).toBeGreaterThan(100);
    const d = await details(user.address);
    expect(d).toMatchObject({
      ownerCount: 1,
      reserves: { totalXrp: "1.2" },
      trustLines: [{ currency: "XQB", issuer: server.address, balance: "0", limit: "1000000" }],
    });

    const issued = await s.run((c, ctx) =>
      c.submit(
        {
          TransactionType: "Payment",
          Destination: user.address,
          Amount: { currency: "XQB", issuer: server.address, value: "25.5" },
        },
        ctx,
      ),
    );
    expect(issued.source).toBe("live");
    expect(await s.run((c) => c.issuedSupply(server.address, "XQB"))).toMatchObject({ amount: "25.5", holders: 1 });

    const hex = (t: string) => Buffer.from(t).toString("hex").toUpperCase();
    const back = await signed(user, {
      TransactionType: "Payment",
      Destination: server.address,
      Amount: { currency: "XQB", issuer: server.address, value: "5" },
      Memos: [{ Memo: { MemoType: hex("evm-address"), MemoData: hex("0x70997970C51812dc3A010C7d01b50e0d17dc79C8") } }],
    });
    expect((await s.run((c, ctx) => c.submitSigned(back.tx_blob, ctx))).status).toBe("validated");
    expect(await s.run((c) => c.issuedSupply(server.address, "XQB"))).toMatchObject({ amount: "20.5", holders: 1 });
    const page = await s.run((c) => c.incomingPayments(server.address, { sinceLedger: 0 }));
    expect(page.payments.find((p) => p.transactionHash === back.hash)).toMatchObject({
      from: user.address,
      currency: "XQB",
      issuer: server.address,
      value: "5",
      result: "tesSUCCESS",
      memos: [{ type: "evm-address", data: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" }],
    });
    expect(await s.run((c) => c.transaction(back.hash))).toMatchObject({
      found: true,
      validated: true,
      result: "tesSUCCESS",
      memos: [{ type: "evm-address" }],
    });
    expect(await s.run((c) => c.transaction("AB".repeat(32)))).toMatchObject({ found: false });
  });

  it("a refusal comes back in words: tecUNFUNDED_PAYMENT, tecNO_DST_INSUF_XRP, an expired LastLedgerSequence", async () => {
    const user = Wallet.generate();
    await s.run((c, ctx) => c.fund(user.address, ctx));
    const tooMuch = await signed(user, { TransactionType: "Payment", Destination: server.address, Amount: "99500000" });
    expect(await s.run((c, ctx) => c.submitSigned(tooMuch.tx_blob, ctx))).toMatchObject({
      status: "validated",
      engineResult: "tecUNFUNDED_PAYMENT",
      engineResultText: describeEngineResult("tecUNFUNDED_PAYMENT"),
    });
    const nowhere = await signed(user, {
      TransactionType: "Payment",
      Destination: Wallet.generate().address,
      Amount: "500000",
    });
    expect(await s.run((c, ctx) => c.submitSigned(nowhere.tx_blob, ctx))).toMatchObject({
      engineResult: "tecNO_DST_INSUF_XRP",
    });
    const acct = await details(user.address);
    const late = user.sign({
      TransactionType: "Payment",
      Account: user.address,
      Destination: server.address,
      Amount: "1000",
      Sequence: acct!.sequence,
      Fee: "10",
      LastLedgerSequence: 5,
    });
    expect(await s.run((c, ctx) => c.submitSigned(late.tx_blob, ctx))).toMatchObject({
      status: "rejected",
      engineResult: "tefMAX_LEDGER",
      explorerUrl: null,
    });
    expect(describeEngineResult("tecSOMETHING_NEW")).toBe(
      "tecSOMETHING_NEW: claimed: in a ledger with only its fee charged, the transaction itself failed",
    );
  });

  it("a node that hangs: reads and a signed blob are simulated within 3 s (checked offline, never submitted)", async () => {
    const user = Wallet.generate();
    await s.run((c, ctx) => c.fund(user.address, ctx));
    const blob = await signed(user, { TransactionType: "Payment", Destination: server.address, Amount: "1000000" });
    const unseen = Wallet.generate().address;
    fake.silent = true;
    const started = performance.now();
    const r = await s.run((c, ctx) => c.submitSigned(blob.tx_blob, ctx));
    expect(performance.now() - started).toBeLessThan(3000);
    expect(r).toMatchObject({
      source: "simulated",
      status: "not-submitted",
      engineResult: null,
      explorerUrl: null,
      transactionHash: blob.hash,
    });
    expect(fake.submissions.find((x) => x.hash === blob.hash)).toBeUndefined();
    expect(await details(user.address)).toMatchObject({
      source: "simulated",
      observed: "last-seen",
      address: user.address,
    });
    expect(neverSeen(await details(unseen).catch((e: unknown) => e))).toBe(true);
    expect(decode(blob.tx_blob)).toMatchObject({ Account: user.address });
    fake.silent = false;
    await expect.poll(() => s.status().mode, { timeout: 5000 }).toBe("live");
  });
});
