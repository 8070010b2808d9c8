// The bridge on Stellar through the real client against the fake Horizon mini ledger (signatures,
// sequences, trustlines, issuer semantics): a lock delivered as an XQB payment from the issuer with the
// lock's text memo; the relayer killed after signing and after submitting, then a new relayer: one payment
// each; the way back (MEMO_HASH naming the EVM address) released; the supply read from Horizon matching
// the escrow; Horizon down past the deadline refunded on the EVM side.
import { Account, Asset, Keypair, Memo, Operation, TransactionBuilder, type xdr } from "@stellar/stellar-sdk";
import express from "express";
import request from "supertest";
import { parseEventLogs, parseUnits, type Address, type Hash } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { Wallet } from "xrpl";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devAccountKey } from "../../config";
import { errorHandler } from "../../http/error-handler";
import { jsonBody } from "../../http/json-body";
import { mountRoutes } from "../../http/route";
import { abiOf } from "../../ledgers/evm/contracts";
import { devKeysFor } from "../../ledgers/evm/dev-keys";
import { startFakeHorizon, type FakeHorizon } from "../../ledgers/testing/fake-horizon";
import { startTestApp, type TestApp } from "../../testing/harness";
import { stellarMemoHashFor } from "./bridge.amounts";
import type { CrashPoint } from "./bridge.relayer";
import { createBridgeRouter, type BridgeExports } from "./bridge.routes";
import type { BridgeTransfer } from "./bridge.schemas";
import { stellarDestination } from "./bridge.stellar";
import { MemoryLedger } from "./testing/memory-ledger";

const USER_KEY = devAccountKey(4);
const USER = privateKeyToAccount(USER_KEY).address;

let horizon: FakeHorizon;
let t: TestApp;
let bridge: BridgeExports;
let app: express.Express;
let issuer: string;

beforeAll(async () => {
  horizon = await startFakeHorizon();
  t = await startTestApp({
    chain: "hardhat",
    env: { STELLAR_HORIZON_URL: horizon.url, STELLAR_FRIENDBOT_URL: horizon.friendbotUrl },
  });
  expect(t.deps.stellar.status().mode).toBe("live");
  issuer = t.deps.stellar.status().account!;
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
    // Stellar through the real client; XRPL (its own test) stays in memory here.
    destinations: {
      stellar: stellarDestination(t.deps.stellar),
      xrpl: new MemoryLedger("xrpl", Wallet.generate().classicAddress),
    },
    relayer: { intervalMs: 50, leaseMs: 300, incomingEveryMs: 0 },
  });
  bridge = router.exports;
  app = express();
  app.use(jsonBody("100kb"));
  app.use(mountRoutes(router.routes));
  app.use(errorHandler);
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
afterAll(async () => {
  await t?.close();
  await horizon?.close();
});

/** A user's own Stellar transaction, signed in "their browser" (here) and relayed as is. */
async function userTx(kp: Keypair, op: xdr.Operation, memo: Memo = Memo.none()): Promise<string> {
  const client = t.deps.stellar.requireLive();
  const a = await client.accountDetails(kp.publicKey());
  const tx = new TransactionBuilder(new Account(kp.publicKey(), a!.sequence), {
    fee: "100",
    networkPassphrase: client.networkPassphrase,
  })
    .addOperation(op)
    .addMemo(memo)
    .setTimeout(60)
    .build();
  tx.sign(kp);
  return (await client.submitSigned(tx.toEnvelope().toXDR("base64"))).transactionHash;
}

/** A funded Stellar account trusting XQB of our issuer. */
async function holder(): Promise<Keypair> {
  const kp = Keypair.random();
  await t.deps.stellar.requireLive().fund(kp.publicKey());
  await userTx(kp, Operation.changeTrust({ asset: new Asset("XQB", issuer) }));
  return kp;
}

async function lock(amount: string, destination: string, memo: string): Promise<{ id: string; hash: Hash }> {
  const w = await t.deps.evm.node.writeAs(USER_KEY, {
    contract: "BridgeEscrow",
    functionName: "lock",
    args: [parseUnits(amount, 18), 1, destination, memo],
  });
  const event = parseEventLogs({ abi: abiOf("BridgeEscrow"), eventName: "Locked", logs: w.receipt!.logs })[0]!;
  expect(await t.deps.evm.index.waitFor(w.receipt!.blockNumber, 10_000)).toBe(true);
  return { id: event.args.nonce.toString(), hash: w.transactionHash };
}

async function transfer(id: string): Promise<BridgeTransfer | null> {
  const res = await request(app).get(`/api/bridge/transfers/${id}`);
  return res.status === 200 ? (res.body as BridgeTransfer) : null;
}

async function passUntil(
  relayer: { pass(): Promise<void> },
  id: string,
  states: string[],
  ms = 20_000,
): Promise<BridgeTransfer> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    await relayer.pass();
    const row = await transfer(id);
    if (row && states.includes(row.state)) return row;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`transfer ${id} did not reach ${states.join("/")}: ${JSON.stringify(await transfer(id))}`);
}

/** Payments of XQB from the issuer to `to` applied on the fake ledger. */
function deliveriesTo(to: string): string[] {
  return [...horizon.transactions.values()]
    .filter(
      (x) =>
        x.successful &&
        x.source === issuer &&
        horizon.requests.length >= 0 &&
        x.envelopeXdr &&
        paysTo(x.envelopeXdr, to),
    )
    .map((x) => x.hash);
}
function paysTo(envelope: string, to: string): boolean {
  const tx = TransactionBuilder.fromXDR(envelope, t.deps.stellar.requireLive().networkPassphrase);
  return (
    "operations" in tx &&
    tx.operations.some((op) => op.type === "payment" && op.destination === to && op.asset.code === "XQB")
  );
}

async function xqbOf(address: Address): Promise<bigint> {
  return (await t.deps.evm.node.read({ contract: "XQBToken", functionName: "balanceOf", args: [address] })) as bigint;
}

describe("bridge on the fake Horizon", () => {
  it("delivers a lock as an XQB payment from the issuer with the lock's text memo, once", async () => {
    const kp = await holder();
    const { id, hash } = await lock("2.5", kp.publicKey(), "exchange 1234");
    const done = await passUntil(bridge.createRelayer(), id, ["delivered"]);
    expect(done.evm.lockTxHash).toBe(hash);
    expect(done.destination).toMatchObject({
      source: "live",
      memo: "exchange 1234",
      amount: "2.5",
      asset: { code: "XQB", issuer },
    });
    const onLedger = horizon.transactions.get(done.destination!.deliveryTxHash!)!;
    expect(onLedger).toMatchObject({ successful: true, memoType: "text", memo: "exchange 1234" });
    expect(done.destination!.ledgerIndex).toBe(onLedger.ledger);
    expect(horizon.balanceOf(kp.publicKey(), { code: "XQB", issuer })).toBe("2.5000000");
    expect(deliveriesTo(kp.publicKey())).toEqual([done.destination!.deliveryTxHash]);
    console.log(
      `stellar delivery: lock ${hash} (nonce ${id}) -> delivery ${done.destination!.deliveryTxHash} in ledger ${onLedger.ledger}`,
    );
  });

  for (const point of ["after-signed", "after-submit"] as CrashPoint[]) {
    it(`killed ${point}: a new relayer ends with exactly one payment on the ledger`, async () => {
      const kp = await holder();
      const { id } = await lock("1.5", kp.publicKey(), "crash");
      const doomed = bridge.createRelayer({ crashAt: (p, x) => p === point && x === id });
      doomed.start();
      await doomed.stopped();
      const done = await passUntil(bridge.createRelayer(), id, ["delivered"]);
      expect(deliveriesTo(kp.publicKey())).toEqual([done.destination!.deliveryTxHash]);
      expect(horizon.balanceOf(kp.publicKey(), { code: "XQB", issuer })).toBe("1.5000000");
      console.log(
        `stellar crash ${point}: delivery ${done.destination!.deliveryTxHash}, payments to the holder: ${deliveriesTo(kp.publicKey()).length}; history: ${done.history.map((h) => h.note).join(" | ")}`,
      );
    });
  }

  it("a destination without the XQB trust line is refunded, saying why", async () => {
    const kp = Keypair.random();
    await t.deps.stellar.requireLive().fund(kp.publicKey());
    const before = await xqbOf(USER);
    const { id } = await lock("1", kp.publicKey(), "");
    const done = await passUntil(bridge.createRelayer(), id, ["refunded"]);
    expect(done.error).toMatch(/no XQB trust line/);
    expect(await xqbOf(USER)).toBe(before);
  });

  it("the way back: XQB paid to the issuer with MEMO_HASH naming the EVM address is released", async () => {
    const kp = await holder();
    const { id } = await lock("3", kp.publicKey(), "");
    const relayer = bridge.createRelayer();
    await passUntil(relayer, id, ["delivered"]);
    const recipient = privateKeyToAccount(devAccountKey(3)).address;
    const before = await xqbOf(recipient);
    const hash = await userTx(
      kp,
      Operation.payment({ destination: issuer, asset: new Asset("XQB", issuer), amount: "3" }),
      Memo.hash(stellarMemoHashFor(recipient)),
    );
    const done = await passUntil(relayer, `stellar-${hash}`, ["released"]);
    expect(done.origin).toMatchObject({ address: kp.publicKey(), amount: "3.0000000", deliveryTxHash: hash });
    expect(await xqbOf(recipient)).toBe(before + parseUnits("3", 18));
    console.log(`stellar way back: payment ${hash} -> release ${done.evm.releaseTxHash}`);
  });

  it("the summary: escrow totalLocked = Horizon's XQB supply + in flight", async () => {
    await bridge.createRelayer().pass();
    const s = (await request(app).get("/api/bridge/summary").expect(200)).body;
    const stellar = s.supplies.find((x: { ledger: string }) => x.ledger === "stellar");
    console.log(
      `stellar summary: totalLocked ${s.escrow.totalLocked.xqb}, stellar supply ${stellar.supply.xqb} (${stellar.source}, ${stellar.holders} holders), in flight ${s.outboundInFlight.xqb}, matches ${s.matches}`,
    );
    expect(stellar.source).toBe("live");
    expect(s.matches).toBe(true);
  });

  it("Horizon down past the deadline: the delivery is signed offline meanwhile, then refunded", async () => {
    const kp = await holder();
    const before = await xqbOf(USER);
    horizon.down = true;
    try {
      const { id } = await lock("2", kp.publicKey(), "late");
      const relayer = bridge.createRelayer({ deadlineSeconds: 3 });
      const done = await passUntil(relayer, id, ["refunded"], 30_000);
      expect(done.error).toMatch(/past the deadline/);
      expect(done.history.some((h) => /signed offline/.test(h.note))).toBe(true);
      expect(await xqbOf(USER)).toBe(before);
      console.log(`stellar down: refund ${done.evm.refundTxHash}; ${done.history.map((h) => h.note).join(" | ")}`);
    } finally {
      horizon.down = false;
    }
    expect(horizon.balanceOf(kp.publicKey(), { code: "XQB", issuer })).toBe("0.0000000");
  }, 40_000);

  it("the demo batch: #9 mints, locks to the demo account, delivered, paid back and released; one batch at a time", async () => {
    // After the "Horizon down" test the selector turns live again on its next probe (every 3 s while down).
    for (let i = 0; i < 100 && t.deps.stellar.status().mode !== "live"; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(t.deps.stellar.status().mode).toBe("live");
    const relayer = bridge.createRelayer();
    relayer.start();
    try {
      const started = await request(app)
        .post("/api/bridge/batch")
        .send({ count: 2, destinations: ["stellar"], roundTrip: true })
        .expect(202);
      expect(started.body.sender).toBe(privateKeyToAccount(devAccountKey(9)).address);
      const busy = await request(app)
        .post("/api/bridge/batch")
        .send({ count: 1, destinations: ["stellar"], roundTrip: false });
      expect(busy.status).toBe(409);
      expect(busy.body.code).toBe("CONFLICT");
      await bridge.batches.idle(60_000);
      const batch = (await request(app).get(`/api/bridge/batch/${started.body.id}`).expect(200)).body;
      expect(batch.state).toBe("done");
      expect(batch.items).toHaveLength(2);
      for (const item of batch.items) {
        expect(item.outbound.state).toBe("delivered");
        expect(item.inbound.state).toBe("released");
        expect(item.timings.lockToDeliveredMs).toBeGreaterThanOrEqual(0);
        expect(item.timings.returnToReleasedMs).toBeGreaterThanOrEqual(0);
        console.log(
          `batch item ${item.index}: ${item.amount.xqb} XQB lock ${item.lockTxHash} -> delivery ${item.outbound.destination.deliveryTxHash} (${item.timings.lockToDeliveredMs} ms); back ${item.returnTxHash} -> release ${item.inbound.evm.releaseTxHash} (${item.timings.returnToReleasedMs} ms)`,
        );
      }
      const s = (await request(app).get("/api/bridge/summary").expect(200)).body;
      expect(s.matches).toBe(true);
    } finally {
      await relayer.stop();
    }
  }, 90_000);
});
