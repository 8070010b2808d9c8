import { decode, hashes, Wallet, xrpToDrops } from "xrpl";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { LedgerSelector } from "../selector";
import { MemoryNonceStore, SignerRoad } from "../signer/signer-road";
import { startFakeRippled, type FakeRippled } from "../testing/fake-rippled";
import { LedgerRejectedError, LedgerUnreachableError } from "../types";
import { createXrplLedger, type XrplLedgerClient } from "./index";

// The live XRPL client, through the real selector and the signer road, against a fake rippled on 127.0.0.1.

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - started };
}

describe("XRPL live against a fake rippled", () => {
  const seed = Wallet.generate().seed as string;
  const serverAddress = Wallet.fromSeed(seed).address;
  let fake: FakeRippled;
  const destination = Wallet.generate().address;
  let selector: LedgerSelector<XrplLedgerClient> | null = null;
  let road = new SignerRoad(new MemoryNonceStore());

  const ledger = (reprobeIntervalMs?: number) => {
    road = new SignerRoad(new MemoryNonceStore());
    selector = createXrplLedger({ wsUrl: fake.url, seed, reprobeIntervalMs, road });
    return selector;
  };
  const volume = (s: LedgerSelector<XrplLedgerClient>, xrpAmount: string) =>
    s.run((c, ctx) =>
      c.submit({ TransactionType: "Payment", Destination: destination, Amount: xrpToDrops(xrpAmount) }, ctx),
    );

  beforeAll(async () => {
    fake = await startFakeRippled({ validatedLedger: 5000, sequence: 7 });
  });
  beforeEach(() => {
    fake.validatedLedger = 5000;
    fake.engineResult = "tesSUCCESS";
    fake.finalResult = null;
    fake.pollsBeforeValidated = 0;
    fake.strictSequences = false;
    fake.silent = false;
    fake.swallow.clear();
    fake.missingAccounts.clear();
    fake.onRequest = null;
    fake.requests.length = 0;
    fake.submissions.length = 0;
  });
  afterEach(async () => {
    fake.silent = false;
    fake.onRequest = null;
    selector?.stop();
    selector = null;
    // stop() disconnects in the background: wait for the socket to go, so no client is left reconnecting.
    expect(await fake.idle()).toBe(true);
  });
  afterAll(() => fake.close());

  it("probes the validated ledger and goes live", async () => {
    const s = ledger();
    await s.start();
    expect(s.status()).toMatchObject({
      mode: "live",
      reachable: true,
      reason: null,
      latestBlock: 5000,
      endpoint: `127.0.0.1:${fake.port}`,
      account: serverAddress,
    });
    // Connect asks server_info; the probe asks for the validated ledger; the background funding check finds the server wallet.
    await vi.waitFor(() => expect(fake.commands().filter((c) => c === "account_info")).toHaveLength(1));
    expect(fake.commands().slice(0, 2)).toEqual(["server_info", "ledger"]);
    expect(fake.requests.find((r) => r.command === "ledger")).toMatchObject({ ledger_index: "validated" });
    expect(fake.requests.find((r) => r.command === "account_info")).toMatchObject({
      account: serverAddress,
      ledger_index: "validated",
    });
    // Any other account is funded on request (a feature's own); one that exists is left alone.
    await s.requireLive().ensureFunded([destination]);
    expect(fake.requests.filter((r) => r.command === "account_info").map((r) => r.account)).toEqual([
      serverAddress,
      destination,
    ]);
  });

  it("submits a 12.5 XRP payment live and reports the ledger that validated it", async () => {
    const s = ledger();
    await s.start();
    fake.pollsBeforeValidated = 1; // one lookup sees it unvalidated first
    const { value: r, ms } = await timed(() => volume(s, "12.5"));

    expect(fake.submissions).toHaveLength(1);
    const sub = fake.submissions[0]!;
    expect(r).toMatchObject({
      source: "live",
      reason: null,
      network: "testnet",
      signer: serverAddress,
      sequence: 7,
      assumptions: [],
      explorerUrl: `https://testnet.xrpl.org/transactions/${sub.hash}`,
    });
    expect(r.transactionHash).toBe(hashes.hashSignedTx(r.signedTransaction));
    expect(r.signedTransaction).toBe(sub.txBlob);
    expect(r.transactionHash).toBe(sub.hash);
    expect(decode(r.signedTransaction)).toMatchObject({
      TransactionType: "Payment",
      Account: serverAddress,
      Destination: destination,
      Amount: "12500000",
      Fee: "12",
      Sequence: 7,
      LastLedgerSequence: 5000 + 4,
    });
    expect(sub.validatedAtSubmit).toBe(5000);
    expect(sub.polls).toBe(2);
    expect(r.ledgerIndex).toBe(fake.validatedLedger);
    expect(r.ledgerIndex).toBe(5001);
    expect(s.status().mode).toBe("live");
    expect(ms).toBeLessThan(2500);
    // Exactly what this flow asks: server_info (connect, the fee), ledger (probe), account_info (funding check,
    // and the signer road's sequence from the open ledger), submit, tx.
    expect(new Set(fake.commands())).toEqual(new Set(["server_info", "ledger", "account_info", "submit", "tx"]));
    expect(fake.requests.find((q) => q.command === "account_info" && q.ledger_index === "current")).toMatchObject({
      account: serverAddress,
    });
  });

  it("a preliminary tecUNFUNDED_PAYMENT is a rejection, not a reason to simulate", async () => {
    const s = ledger();
    await s.start();
    fake.engineResult = "tecUNFUNDED_PAYMENT";
    const err = await volume(s, "1").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LedgerRejectedError);
    expect((err as Error).message).toBe(
      "tecUNFUNDED_PAYMENT: the server wallet does not hold enough XRP for this payment",
    );
    expect(fake.submissions).toHaveLength(1);
    expect(fake.commands()).not.toContain("tx");
    expect(s.status()).toMatchObject({ mode: "live", reachable: true, reason: null });
  });

  it("a tef result carries the readable message too (tefPAST_SEQ after the one retry with a fresh sequence)", async () => {
    const s = ledger();
    await s.start();
    fake.engineResult = "tefPAST_SEQ";
    await expect(volume(s, "1")).rejects.toThrow("tefPAST_SEQ: the sequence number was already used");
    expect(fake.submissions).toHaveLength(2);
    expect(s.status().mode).toBe("live");
    fake.engineResult = "tefFAILURE";
    await expect(volume(s, "1")).rejects.toThrow("tefFAILURE: fake rippled: tefFAILURE");
    expect(fake.submissions).toHaveLength(3); // not a sequence problem: no retry
  });

  it("a used sequence (another sender's transaction applied first) is retried once with the account's fresh one", async () => {
    const s = ledger();
    await s.start();
    fake.strictSequences = true;
    const next = fake.sequenceOf(serverAddress);
    fake.onRequest = (req) => {
      if (req.command === "submit" && fake.onRequest) {
        fake.onRequest = null;
        fake.setSequence(serverAddress, next + 1);
      }
    };
    const r = await volume(s, "1");
    expect(fake.submissions.map((x) => [x.tx.Sequence, x.engineResult])).toEqual([
      [next, "tefPAST_SEQ"],
      [next + 1, "tesSUCCESS"],
    ]);
    expect(r).toMatchObject({ source: "live", sequence: next + 1 });
    expect(road.stats).toMatchObject({ sent: 1, resyncs: 1 });
  });

  it("20 parallel payments: 20 distinct consecutive sequences, every one applied, none colliding", async () => {
    const s = ledger();
    await s.start();
    fake.strictSequences = true;
    const next = fake.sequenceOf(serverAddress);
    const results = await Promise.all(Array.from({ length: 20 }, () => volume(s, "0.5")));
    expect(results.every((r) => r.source === "live")).toBe(true);
    expect(results.map((r) => r.sequence).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => next + i),
    );
    expect(fake.submissions.map((x) => x.engineResult)).toEqual(Array(20).fill("tesSUCCESS"));
    expect(new Set(results.map((r) => r.transactionHash)).size).toBe(20);
    expect(road.stats).toMatchObject({ sent: 20, resyncs: 0 });
    expect(fake.sequenceOf(serverAddress)).toBe(next + 20);
  });

  it("a node that stops answering mid-request is simulated within 3 s, and a re-probe brings it back", async () => {
    const s = ledger(100);
    await s.start();
    expect(s.status().mode).toBe("live");
    // The node hangs as the signer road asks for the sequence: nothing (account_info, probes, pings) is answered from then on.
    fake.onRequest = (req) => {
      if (req.command === "account_info" && req.ledger_index === "current") fake.silent = true;
    };
    const { value: r, ms } = await timed(() => volume(s, "3"));
    // Nothing reached the node; the simulated answer is signed offline, never submitted.
    expect(fake.requests.filter((q) => q.command === "submit")).toHaveLength(0);
    expect(fake.submissions).toHaveLength(0);
    expect(r).toMatchObject({
      source: "simulated",
      reason: `127.0.0.1:${fake.port} unreachable`,
      ledgerIndex: null,
      explorerUrl: null,
    });
    expect(decode(r.signedTransaction)).toMatchObject({ Amount: "3000000", LastLedgerSequence: 5000 + 4 });
    expect(ms).toBeLessThan(3000);
    expect(s.status()).toMatchObject({
      mode: "simulated",
      reachable: false,
      reason: `127.0.0.1:${fake.port} unreachable`,
    });

    fake.onRequest = null;
    fake.silent = false;
    await vi.waitFor(() => expect(s.status()).toMatchObject({ mode: "live", reachable: true, reason: null }), {
      timeout: 4000,
      interval: 20,
    });
    expect((await volume(s, "1")).source).toBe("live");
  });

  it("a node that stops answering once the blob was sent is never replaced by a simulation: unreachable, the ledger stays live", async () => {
    const s = ledger();
    await s.start();
    fake.onRequest = (req) => {
      if (req.command === "submit") fake.silent = true;
    };
    const { value: err, ms } = await timed(() => volume(s, "4").catch((e: unknown) => e));
    // The blob reached the node: it may be applied, so no simulated success stands in for it.
    expect(fake.requests.filter((q) => q.command === "submit")).toHaveLength(1);
    expect(err).toBeInstanceOf(LedgerUnreachableError);
    expect(ms).toBeLessThan(3500);
  });

  // xrpl.js pings every `timeout` ms; a ping still pending when the socket closes is rejected and its catch handler
  // reconnects. Closing the live client must not leave that reconnected socket (and its heartbeat) behind.
  it("stop() leaves no socket behind even when a heartbeat ping is pending", async () => {
    fake.swallow.add("ping");
    const s = ledger();
    await s.start();
    await vi.waitFor(() => expect(fake.commands()).toContain("ping"), { timeout: 3000, interval: 20 });
    const opened = fake.connections;
    s.stop();
    selector = null;
    await vi.waitFor(() => expect(fake.connections).toBe(opened + 1), { timeout: 1000, interval: 5 }); // xrpl.js reconnected...
    expect(await fake.idle()).toBe(true); // ...and the live client closed it again
  });
});
