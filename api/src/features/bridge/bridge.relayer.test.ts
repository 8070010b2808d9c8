// The relayer's state machine on the real in-process chain and the real embedded database, with in-memory
// destination ledgers (testing/memory-ledger.ts): a lock delivered once with both hashes; the relayer killed
// after the lock, after signing, after submitting and after the destination confirmed, then a NEW relayer on
// the same database: exactly one delivery each time; the way back released once and its replay refused; a
// destination unreachable past the deadline refunded; the summary's rule holding.
import { Keypair } from "@stellar/stellar-sdk";
import request from "supertest";
import { parseEventLogs, parseUnits, type Address, type Hash } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { Wallet } from "xrpl";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import express from "express";
import { devAccountKey } from "../../config";
import { mountRoutes } from "../../http/route";
import { errorHandler } from "../../http/error-handler";
import { jsonBody } from "../../http/json-body";
import { abiOf } from "../../ledgers/evm/contracts";
import { startTestApp, type TestApp } from "../../testing/harness";
import { devKeysFor } from "../../ledgers/evm/dev-keys";
import { refundId } from "./bridge.amounts";
import { createBridgeRouter, type BridgeExports } from "./bridge.routes";
import type { CrashPoint } from "./bridge.relayer";
import type { BridgeTransfer } from "./bridge.schemas";
import { bridgeTransfers } from "../../db/schema";
import { MemoryLedger } from "./testing/memory-ledger";

// A dev account of the in-process chain that nothing else in this test uses.
const USER_KEY = devAccountKey(5);
const USER = privateKeyToAccount(USER_KEY).address;

let t: TestApp;
let bridge: BridgeExports;
let app: express.Express;
const stellar = new MemoryLedger("stellar", Keypair.random().publicKey());
const xrpl = new MemoryLedger("xrpl", Wallet.generate().classicAddress);

beforeAll(async () => {
  t = await startTestApp({ chain: "hardhat" });
  const router = createBridgeRouter({
    db: t.deps.database.db,
    chainId: t.deps.config.evm.chainId,
    evm: t.deps.evm.selector,
    node: t.deps.evm.node,
    index: t.deps.evm.index,
    stellar: t.deps.stellar,
    xrpl: t.deps.xrpl,
    devKeys: devKeysFor(t.deps.config.evm),
    deadlineSeconds: 600,
    logger: t.deps.logger,
    destinations: { stellar, xrpl },
    relayer: { intervalMs: 50, leaseMs: 300, incomingEveryMs: 0 },
  });
  bridge = router.exports;
  app = express();
  app.use(jsonBody("100kb"));
  app.use(mountRoutes(router.routes));
  app.use(errorHandler);
  // The user's XQB: minted through XQBMinter with its own ETH.
  await t.deps.evm.node.writeAs(USER_KEY, {
    contract: "XQBMinter",
    functionName: "mint",
    args: [USER],
    value: parseUnits("1", 18),
  });
  await t.deps.evm.node.writeAs(USER_KEY, {
    contract: "XQBToken",
    functionName: "approve",
    args: [t.deps.evm.node.address("BridgeEscrow"), 2n ** 255n],
  });
}, 120_000);
afterAll(() => t?.close());

/** A lock by the user (any wallet: the relayer reads it from the chain); its nonce once the index has it. */
async function lock(
  amount: string,
  chain: 1 | 2,
  destination: string,
  memo = "hello",
): Promise<{ id: string; hash: Hash }> {
  const w = await t.deps.evm.node.writeAs(USER_KEY, {
    contract: "BridgeEscrow",
    functionName: "lock",
    args: [parseUnits(amount, 18), chain, destination, memo],
  });
  const event = parseEventLogs({ abi: abiOf("BridgeEscrow"), eventName: "Locked", logs: w.receipt!.logs })[0]!;
  expect(await t.deps.evm.index.waitFor(w.receipt!.blockNumber, 10_000)).toBe(true);
  return { id: event.args.nonce.toString(), hash: w.transactionHash };
}

async function transfer(id: string): Promise<BridgeTransfer> {
  return (await request(app).get(`/api/bridge/transfers/${id}`).expect(200)).body as BridgeTransfer;
}

/** Runs passes of `relayer` until the transfer reaches one of `states` (or fails the test). */
async function passUntil(
  relayer: { pass(): Promise<void> },
  id: string,
  states: string[],
  passes = 20,
): Promise<BridgeTransfer> {
  for (let i = 0; i < passes; i++) {
    await relayer.pass();
    const row = await transfer(id).catch(() => null);
    if (row && states.includes(row.state)) return row;
    await new Promise((r) => setTimeout(r, 30));
  }
  throw new Error(
    `transfer ${id} did not reach ${states.join("/")}: ${JSON.stringify(await transfer(id).catch(() => null))}`,
  );
}

async function xqbOf(address: Address): Promise<bigint> {
  return (await t.deps.evm.node.read({ contract: "XQBToken", functionName: "balanceOf", args: [address] })) as bigint;
}

describe("outbound", () => {
  it("a lock is delivered once, with the lock's and the delivery's hashes, listed for the sender", async () => {
    const dest = Keypair.random().publicKey();
    stellar.openAccount(dest);
    const { id, hash } = await lock("2.5", 1, dest, "invoice 42");
    const relayer = bridge.createRelayer();
    const done = await passUntil(relayer, id, ["delivered"]);
    expect(done.evm.lockTxHash).toBe(hash);
    expect(done.destination!.deliveryTxHash).toMatch(/^[0-9a-f]{64}$/);
    expect(done.destination!.source).toBe("live");
    expect(done.destination!.memo).toBe("invoice 42");
    expect(done.destination!.amount).toBe("2.5");
    expect(done.history.map((h) => h.state)).toEqual(expect.arrayContaining(["locked", "relaying", "delivered"]));
    expect(stellar.paymentsTo(dest)).toHaveLength(1);
    expect(stellar.balances.get(dest)).toBe(2.5);
    // More passes change nothing.
    await relayer.pass();
    await relayer.pass();
    expect(stellar.paymentsTo(dest)).toHaveLength(1);
    const list = (await request(app).get(`/api/bridge/transfers?address=${USER.toLowerCase()}`).expect(200)).body as {
      transfers: BridgeTransfer[];
    };
    expect(list.transfers.map((x) => x.id)).toContain(id);
    expect(list.transfers.find((x) => x.id === id)?.chainRun).toBe("current");

    // The same nonce from a run of the local chain that no longer exists (a restarted node numbers its locks from 0
    // again): listed beside the current one, marked "earlier", never as pending.
    const row = (await bridge.repo.byId(31337, id))!;
    await t.deps.database.db.insert(bridgeTransfers).values({ ...row, run: `0x${"d".repeat(64)}`, state: "locked" });
    await new Promise((r) => setTimeout(r, 1100)); // past the list's one-second moment (a direct insert is no API write)
    const both = (await request(app).get(`/api/bridge/transfers?address=${USER.toLowerCase()}`).expect(200)).body as {
      transfers: BridgeTransfer[];
    };
    expect(both.transfers.filter((x) => x.id === id).map((x) => [x.chainRun, x.state])).toEqual(
      expect.arrayContaining([
        ["current", "delivered"],
        ["earlier", "locked"],
      ]),
    );
  });

  const crashes: CrashPoint[] = ["after-lock", "after-signed", "after-submit", "after-confirm"];
  for (const point of crashes) {
    it(`killed ${point}: a new relayer on the same database ends with exactly one delivery`, async () => {
      const dest = Wallet.generate().classicAddress;
      xrpl.openAccount(dest);
      const { id } = await lock("1.25", 2, dest);
      const doomed = bridge.createRelayer({ crashAt: (p, transfer) => p === point && transfer === id });
      doomed.start();
      await doomed.stopped(); // the injected failure ends its loop, as a crash would (lease kept)
      expect(doomed.status().running).toBe(false);
      const before = await transfer(id).catch(() => null);
      const revived = bridge.createRelayer();
      const done = await passUntil(revived, id, ["delivered"], 40);
      expect(xrpl.paymentsTo(dest)).toHaveLength(1);
      expect(done.destination!.deliveryTxHash).toBe(xrpl.paymentsTo(dest)[0]!.hash);
      console.log(
        `crash ${point}: state at the crash ${before?.state ?? "(not recorded)"}; lock ${done.evm.lockTxHash}; delivery ${done.destination!.deliveryTxHash}; payments to ${dest}: ${xrpl.paymentsTo(dest).length}`,
      );
    });
  }

  it("a submission not applied yet and not expired is resubmitted as is; an expired unapplied one is signed again", async () => {
    const dest = Keypair.random().publicKey();
    stellar.openAccount(dest);
    const { id } = await lock("1", 1, dest);
    const relayer = bridge.createRelayer();
    stellar.holdSubmissions = true;
    const waiting = await passUntil(relayer, id, ["relaying"]);
    const firstHash = waiting.history.find((h) => h.note.startsWith("signed"))!.hash;
    // Dropped by the ledger and expired: the next pass signs a new one (the first can never land now).
    stellar.held.splice(0);
    stellar.close(10);
    stellar.holdSubmissions = false;
    const done = await passUntil(relayer, id, ["delivered"]);
    expect(done.destination!.deliveryTxHash).not.toBe(firstHash);
    expect(done.attempts).toBe(2);
    expect(stellar.paymentsTo(dest)).toHaveLength(1);
  });

  it("an amount with more than 7 decimals, or a destination without the trust line, is refunded with the reason", async () => {
    const noTrust = Keypair.random().publicKey();
    stellar.openAccount(noTrust, false);
    const before = await xqbOf(USER);
    const a = await lock("0.00000001", 1, noTrust);
    const b = await lock("3", 1, noTrust);
    const relayer = bridge.createRelayer();
    const ra = await passUntil(relayer, a.id, ["refunded"]);
    const rb = await passUntil(relayer, b.id, ["refunded"]);
    expect(ra.error).toMatch(/more than 7 decimals/);
    expect(rb.error).toMatch(/no XQB trust line/);
    expect(ra.evm.refundTxHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(ra.evm.releaseId).toBe(refundId(BigInt(a.id)));
    expect(await xqbOf(USER)).toBe(before);
  });

  it("a ledger that keeps refusing the delivery: retried, then refunded after 5 attempts with the last reason", async () => {
    const dest = Wallet.generate().classicAddress;
    xrpl.openAccount(dest);
    xrpl.refuse = "telINSUF_FEE_P";
    try {
      const before = await xqbOf(USER);
      const { id } = await lock("1", 2, dest);
      const done = await passUntil(bridge.createRelayer(), id, ["refunded"], 40);
      expect(done.attempts).toBe(5);
      expect(done.error).toMatch(/not delivered after 5 attempt\(s\): telINSUF_FEE_P/);
      expect(await xqbOf(USER)).toBe(before);
      expect(xrpl.paymentsTo(dest)).toHaveLength(0);
    } finally {
      xrpl.refuse = null;
    }
  });

  it("a destination unreachable past the deadline is refunded; meanwhile the delivery is shown signed offline", async () => {
    const dest = Keypair.random().publicKey();
    stellar.openAccount(dest);
    stellar.down = true;
    try {
      const before = await xqbOf(USER);
      const { id } = await lock("4", 1, dest);
      const relayer = bridge.createRelayer({ deadlineSeconds: 1 });
      const waiting = await passUntil(relayer, id, ["locked"]);
      await relayer.pass();
      const preview = await transfer(id);
      expect(preview.destination!.source).toBe("simulated");
      expect(preview.destination!.deliveryTxHash).toMatch(/^[0-9a-f]{64}$/);
      expect(waiting.state).toBe("locked");
      await new Promise((r) => setTimeout(r, 1100));
      const done = await passUntil(relayer, id, ["refunded"]);
      expect(done.error).toMatch(/unreachable past the deadline/);
      expect(await xqbOf(USER)).toBe(before);
      expect(stellar.paymentsTo(dest)).toHaveLength(0);
    } finally {
      stellar.down = false;
    }
  });
});

describe("inbound", () => {
  it("a payment to the issuer naming an EVM address is released once; its replay is refused", async () => {
    // XQB on the ledger first (a delivered lock), then paid back.
    const holder = Wallet.generate().classicAddress;
    xrpl.openAccount(holder);
    const out = await lock("5", 2, holder);
    const relayer = bridge.createRelayer();
    await passUntil(relayer, out.id, ["delivered"]);
    const recipient = privateKeyToAccount(devAccountKey(6)).address;
    const before = await xqbOf(recipient);
    const hash = xrpl.payToIssuer(holder, 5, { address: recipient });
    const id = `xrpl-${hash}`;
    const done = await passUntil(relayer, id, ["released"]);
    expect(done.direction).toBe("inbound");
    expect(done.evm.recipient).toBe(recipient);
    expect(done.evm.releaseTxHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(done.origin!.deliveryTxHash).toBe(hash);
    expect(await xqbOf(recipient)).toBe(before + parseUnits("5", 18));
    // The same source transaction again (a reader whose cursor went back): one row, one release.
    await bridge.repo.setCursor(`incoming:xrpl:${xrpl.issuer}`, "0");
    await relayer.pass();
    await relayer.pass();
    expect(await xqbOf(recipient)).toBe(before + parseUnits("5", 18));
    const rows = (await bridge.repo.list(t.deps.config.evm.chainId, { address: recipient })).filter((r) => r.id === id);
    expect(rows).toHaveLength(1);
    // And the contract refuses it too.
    await expect(
      t.deps.evm.node.write({
        contract: "BridgeEscrow",
        functionName: "release",
        args: [recipient, 1n, `0x${hash.toLowerCase()}`, 2],
      }),
    ).rejects.toThrow(/AlreadyReleased/);
  });

  it("a payment with an unknown memo is rejected with the reason and releases nothing", async () => {
    const holder = Keypair.random().publicKey();
    stellar.openAccount(holder);
    const out = await lock("1", 1, holder);
    const relayer = bridge.createRelayer();
    await passUntil(relayer, out.id, ["delivered"]);
    const hash = stellar.payToIssuer(holder, 1, {
      problem: "memo must be MEMO_HASH (12 zero bytes + the EVM address); got a text memo",
    });
    const rejected = await passUntil(relayer, `stellar-${hash}`, ["rejected"]);
    expect(rejected.error).toMatch(/unknown memo/);
  });
});

describe("summary", () => {
  it("the escrow's locked total equals the delivered supply plus what is in flight", async () => {
    const relayer = bridge.createRelayer();
    await relayer.pass();
    const s = (await request(app).get("/api/bridge/summary").expect(200)).body;
    console.log(
      `summary: totalLocked ${s.escrow.totalLocked.xqb}, stellar ${s.supplies[0].supply.xqb}, xrpl ${s.supplies[1].supply.xqb}, outbound in flight ${s.outboundInFlight.xqb}, inbound pending ${s.inboundPending.xqb}, matches ${s.matches}`,
    );
    expect(s.escrow.source).toBe("live");
    expect(s.difference).toBe("0");
    expect(s.matches).toBe(true);
    expect(s.relayer.heartbeatAt).not.toBeNull();
    expect(s.rule).toMatch(/totalLocked/);
    const onChain = (await t.deps.evm.node.read({ contract: "BridgeEscrow", functionName: "totalLocked" })) as bigint;
    expect(s.escrow.totalLocked.baseUnits).toBe(onChain.toString());
  });
});
