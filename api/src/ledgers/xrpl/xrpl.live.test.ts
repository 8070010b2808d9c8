import { decode, hashes, Wallet } from "xrpl";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { LedgerSelector } from "../selector";
import { startFakeRippled, type FakeRippled } from "../testing/fake-rippled";
import { LedgerRejectedError, type XrplClient } from "../types";
import { createXrplLedger } from "./index";

// The live XRPL client, through the real selector, against a fake rippled on 127.0.0.1.

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - started };
}

describe("XRPL live against a fake rippled", () => {
  const seed = Wallet.generate().seed as string;
  const serverAddress = Wallet.fromSeed(seed).address;
  let fake: FakeRippled;
  let selector: LedgerSelector<XrplClient> | null = null;

  const ledger = (reprobeIntervalMs?: number) => {
    selector = createXrplLedger({ wsUrl: fake.url, seed, reprobeIntervalMs });
    return selector;
  };
  const volume = (s: LedgerSelector<XrplClient>, xrpAmount: string) => s.run((c) => c.volumeTest({ xrpAmount }));

  beforeAll(async () => {
    fake = await startFakeRippled({ validatedLedger: 5000, sequence: 7 });
  });
  beforeEach(() => {
    fake.validatedLedger = 5000;
    fake.engineResult = "tesSUCCESS";
    fake.finalResult = null;
    fake.pollsBeforeValidated = 0;
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
    expect(s.status()).toMatchObject({ mode: "live", reachable: true, reason: null, latestBlock: 5000, endpoint: `127.0.0.1:${fake.port}`, account: serverAddress });
    // Connect asks server_info; the probe asks for the validated ledger; the background funding check finds both wallets.
    await vi.waitFor(() => expect(fake.commands().filter((c) => c === "account_info")).toHaveLength(2));
    expect(fake.commands().slice(0, 2)).toEqual(["server_info", "ledger"]);
    expect(fake.requests.find((r) => r.command === "ledger")).toMatchObject({ ledger_index: "validated" });
    expect(fake.requests.find((r) => r.command === "account_info")).toMatchObject({ account: serverAddress, ledger_index: "validated" });
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
      processedAmount: "12.5",
      signer: serverAddress,
      explorerUrl: `https://testnet.xrpl.org/transactions/${sub.hash}`,
    });
    expect(r.transactionHash).toBe(hashes.hashSignedTx(r.signedTransaction));
    expect(r.signedTransaction).toBe(sub.txBlob);
    expect(r.transactionHash).toBe(sub.hash);
    expect(decode(r.signedTransaction)).toMatchObject({
      TransactionType: "Payment",
      Account: serverAddress,
      Destination: r.destination,
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
    // Exactly what xrpl.js 5.3 asks for this flow (autofill: account_info current + server_info for the fee + ledger).
    expect(new Set(fake.commands())).toEqual(new Set(["server_info", "ledger", "account_info", "submit", "tx"]));
  });

  it("a preliminary tecUNFUNDED_PAYMENT is a rejection, not a reason to simulate", async () => {
    const s = ledger();
    await s.start();
    fake.engineResult = "tecUNFUNDED_PAYMENT";
    const err = await volume(s, "1").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LedgerRejectedError);
    expect((err as Error).message).toBe("tecUNFUNDED_PAYMENT: the server wallet does not hold enough XRP for this payment");
    expect(fake.submissions).toHaveLength(1);
    expect(fake.commands()).not.toContain("tx");
    expect(s.status()).toMatchObject({ mode: "live", reachable: true, reason: null });
  });

  it("a tef result carries the readable message too", async () => {
    const s = ledger();
    await s.start();
    fake.engineResult = "tefPAST_SEQ";
    await expect(volume(s, "1")).rejects.toThrow("tefPAST_SEQ: the sequence number was already used");
    expect(s.status().mode).toBe("live");
  });

  it("a node that stops answering mid-request is simulated within 3 s, and a re-probe brings it back", async () => {
    const s = ledger(100);
    await s.start();
    expect(s.status().mode).toBe("live");
    // The node hangs as the payment arrives: nothing (submit, probes, pings) is answered from then on.
    fake.onRequest = (req) => {
      if (req.command === "submit") fake.silent = true;
    };
    const { value: r, ms } = await timed(() => volume(s, "3"));
    // The fake received one blob and never answered it; the simulated answer is signed offline, never submitted.
    const submits = fake.requests.filter((q) => q.command === "submit");
    expect(submits).toHaveLength(1);
    expect(fake.submissions).toHaveLength(0);
    expect(r).toMatchObject({ source: "simulated", reason: `127.0.0.1:${fake.port} unreachable`, ledgerIndex: null, explorerUrl: null });
    expect(decode(r.signedTransaction)).toMatchObject({ Amount: "3000000", LastLedgerSequence: 5000 + 4 });
    expect(ms).toBeLessThan(3000);
    expect(s.status()).toMatchObject({ mode: "simulated", reachable: false, reason: `127.0.0.1:${fake.port} unreachable` });

    fake.onRequest = null;
    fake.silent = false;
    await vi.waitFor(() => expect(s.status()).toMatchObject({ mode: "live", reachable: true, reason: null }), { timeout: 4000, interval: 20 });
    expect((await volume(s, "1")).source).toBe("live");
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
