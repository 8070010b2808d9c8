// The bridge on the XRP Ledger through the real client against the fake rippled mini ledger (trust lines,
// issuer semantics, signature checks, sequences): a lock delivered as an XQB IOU payment from the issuer
// with the lock's memo; the relayer killed after signing and after submitting, then a new relayer: one
// payment each; the way back (Memo "evm-address") released; gateway_balances matching the escrow; a
// destination without the trust line refunded; the demo batch both ways.
import express from "express";
import request from "supertest";
import { parseEventLogs, parseUnits, type Address, type Hash } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { Keypair } from "@stellar/stellar-sdk";
import { decode, Wallet } from "xrpl";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devAccountKey } from "../../config";
import { errorHandler } from "../../http/error-handler";
import { jsonBody } from "../../http/json-body";
import { mountRoutes } from "../../http/route";
import { abiOf } from "../../ledgers/evm/contracts";
import { devKeysFor } from "../../ledgers/evm/dev-keys";
import { startFakeRippled, type FakeRippled } from "../../ledgers/testing/fake-rippled";
import { startTestApp, type TestApp } from "../../testing/harness";
import { xrplEvmMemo } from "./bridge.amounts";
import type { CrashPoint } from "./bridge.relayer";
import { createBridgeRouter, type BridgeExports } from "./bridge.routes";
import type { BridgeTransfer } from "./bridge.schemas";
import { xrplDestination } from "./bridge.xrpl";
import { MemoryLedger } from "./testing/memory-ledger";

const USER_KEY = devAccountKey(10);
const USER = privateKeyToAccount(USER_KEY).address;

let rippled: FakeRippled;
let t: TestApp;
let bridge: BridgeExports;
let app: express.Express;
let issuer: string;

beforeAll(async () => {
  rippled = await startFakeRippled({ accounts: "funded", validatedLedger: 100 });
  rippled.strictSequences = true;
  t = await startTestApp({ chain: "hardhat", env: { XRPL_WS_URL: rippled.url, XRPL_FAUCET_HOST: rippled.httpUrl } });
  expect(t.deps.xrpl.status().mode).toBe("live");
  issuer = t.deps.xrpl.status().account!;
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
    // XRPL through the real client; Stellar (its own test) stays in memory here.
    destinations: {
      stellar: new MemoryLedger("stellar", Keypair.random().publicKey()),
      xrpl: xrplDestination(t.deps.xrpl),
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
  await rippled?.idle(2000);
  await rippled?.close();
});

/** A user's own XRPL transaction, signed in "their browser" (here) and relayed as is; its hash. */
async function userTx(w: Wallet, tx: Record<string, unknown>): Promise<string> {
  const acct = await t.deps.xrpl.run(async (c) => ({ a: await c.accountDetails(w.address) }));
  const state = await t.deps.xrpl.run((c) => c.serverState());
  const signed = w.sign({
    ...tx,
    Account: w.address,
    Sequence: acct.a!.sequence,
    Fee: state.baseFeeDrops,
    LastLedgerSequence: state.validatedLedger + 10,
  } as never);
  await t.deps.xrpl.run((c, ctx) => c.submitSigned(signed.tx_blob, ctx));
  return signed.hash;
}

/** A funded XRPL account with an XQB trust line to our issuer. */
async function holder(trust = true): Promise<Wallet> {
  const w = Wallet.generate();
  await t.deps.xrpl.run((c, ctx) => c.fund(w.address, ctx));
  if (trust)
    await userTx(w, { TransactionType: "TrustSet", LimitAmount: { currency: "XQB", issuer, value: "1000000" } });
  return w;
}

async function lock(amount: string, destination: string, memo: string): Promise<{ id: string; hash: Hash }> {
  const w = await t.deps.evm.node.writeAs(USER_KEY, {
    contract: "BridgeEscrow",
    functionName: "lock",
    args: [parseUnits(amount, 18), 2, destination, memo],
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

/** XQB payments from the issuer to `to` that the fake ledger applied (tesSUCCESS). */
function deliveriesTo(to: string): string[] {
  return rippled.submissions
    .filter(
      (s) =>
        s.engineResult === "tesSUCCESS" &&
        s.tx.TransactionType === "Payment" &&
        s.tx.Account === issuer &&
        s.tx.Destination === to,
    )
    .map((s) => s.hash)
    .filter((h, i, all) => all.indexOf(h) === i);
}

const xqbLine = (address: string) => rippled.linesOf(address).find((l) => l.currency === "XQB" && l.issuer === issuer);

async function xqbOf(address: Address): Promise<bigint> {
  return (await t.deps.evm.node.read({ contract: "XQBToken", functionName: "balanceOf", args: [address] })) as bigint;
}

describe("bridge on the fake rippled", () => {
  it("delivers a lock as an XQB payment from the issuer carrying the lock's memo, once", async () => {
    const w = await holder();
    const { id, hash } = await lock("2.5", w.address, "tag 77");
    const done = await passUntil(bridge.createRelayer(), id, ["delivered"]);
    expect(done.evm.lockTxHash).toBe(hash);
    expect(done.destination).toMatchObject({
      source: "live",
      memo: "tag 77",
      amount: "2.5",
      asset: { code: "XQB", issuer },
    });
    expect(xqbLine(w.address)?.balance).toBe("2.5");
    expect(deliveriesTo(w.address)).toEqual([done.destination!.deliveryTxHash]);
    const sent = decode(rippled.submissions.find((s) => s.hash === done.destination!.deliveryTxHash)!.txBlob) as {
      Memos?: { Memo: { MemoData?: string } }[];
    };
    expect(Buffer.from(sent.Memos![0]!.Memo.MemoData!, "hex").toString()).toBe("tag 77");
    console.log(
      `xrpl delivery: lock ${hash} (nonce ${id}) -> delivery ${done.destination!.deliveryTxHash} in ledger ${done.destination!.ledgerIndex}`,
    );
  });

  for (const point of ["after-signed", "after-submit"] as CrashPoint[]) {
    it(`killed ${point}: a new relayer ends with exactly one payment on the ledger`, async () => {
      const w = await holder();
      const { id } = await lock("1.5", w.address, "crash");
      const doomed = bridge.createRelayer({ crashAt: (p, x) => p === point && x === id });
      doomed.start();
      await doomed.stopped();
      const done = await passUntil(bridge.createRelayer(), id, ["delivered"]);
      expect(deliveriesTo(w.address)).toEqual([done.destination!.deliveryTxHash]);
      expect(xqbLine(w.address)?.balance).toBe("1.5");
      console.log(
        `xrpl crash ${point}: delivery ${done.destination!.deliveryTxHash}, payments to the holder: ${deliveriesTo(w.address).length}; history: ${done.history.map((h) => h.note).join(" | ")}`,
      );
    });
  }

  it("a destination without the XQB trust line is refunded, saying why", async () => {
    const w = await holder(false);
    const before = await xqbOf(USER);
    const { id } = await lock("1", w.address, "");
    const done = await passUntil(bridge.createRelayer(), id, ["refunded"]);
    expect(done.error).toMatch(/no XQB trust line/);
    expect(await xqbOf(USER)).toBe(before);
  });

  it('the way back: XQB paid to the issuer with a Memo "evm-address" is released', async () => {
    const w = await holder();
    const { id } = await lock("3", w.address, "");
    const relayer = bridge.createRelayer();
    await passUntil(relayer, id, ["delivered"]);
    const recipient = privateKeyToAccount(devAccountKey(11)).address;
    const before = await xqbOf(recipient);
    const hash = await userTx(w, {
      TransactionType: "Payment",
      Destination: issuer,
      Amount: { currency: "XQB", issuer, value: "3" },
      Memos: [xrplEvmMemo(recipient)],
    });
    const done = await passUntil(relayer, `xrpl-${hash.toUpperCase()}`, ["released"]);
    expect(done.origin).toMatchObject({ address: w.address, deliveryTxHash: hash });
    expect(await xqbOf(recipient)).toBe(before + parseUnits("3", 18));
    console.log(`xrpl way back: payment ${hash} -> release ${done.evm.releaseTxHash}`);
  });

  it("the summary: escrow totalLocked = the issuer's XQB obligations + in flight", async () => {
    await bridge.createRelayer().pass();
    const s = (await request(app).get("/api/bridge/summary").expect(200)).body;
    const xrpl = s.supplies.find((x: { ledger: string }) => x.ledger === "xrpl");
    console.log(
      `xrpl summary: totalLocked ${s.escrow.totalLocked.xqb}, xrpl supply ${xrpl.supply?.xqb} (${xrpl.source}, ${xrpl.holders} holders), in flight ${s.outboundInFlight.xqb}, matches ${s.matches}`,
    );
    expect(xrpl.source).toBe("live");
    expect(s.matches).toBe(true);
  });

  it("the demo batch both ways on XRPL: delivered, paid back, released", async () => {
    const relayer = bridge.createRelayer();
    relayer.start();
    try {
      const started = await request(app)
        .post("/api/bridge/batch")
        .send({ count: 3, destinations: ["xrpl"], roundTrip: true })
        .expect(202);
      await bridge.batches.idle(90_000);
      const batch = (await request(app).get(`/api/bridge/batch/${started.body.id}`).expect(200)).body;
      expect(batch.error).toBeNull();
      expect(batch.items.map((i: { outbound: BridgeTransfer }) => i.outbound.state)).toEqual([
        "delivered",
        "delivered",
        "delivered",
      ]);
      expect(batch.items.map((i: { inbound: BridgeTransfer }) => i.inbound.state)).toEqual([
        "released",
        "released",
        "released",
      ]);
      for (const item of batch.items)
        console.log(
          `xrpl batch item ${item.index}: ${item.amount.xqb} XQB lock ${item.lockTxHash} -> ${item.outbound.destination.deliveryTxHash} (${item.timings.lockToDeliveredMs} ms); back ${item.returnTxHash} -> ${item.inbound.evm.releaseTxHash} (${item.timings.returnToReleasedMs} ms)`,
        );
      expect((await request(app).get("/api/bridge/summary").expect(200)).body.matches).toBe(true);
    } finally {
      await relayer.stop();
    }
  }, 120_000);
});
