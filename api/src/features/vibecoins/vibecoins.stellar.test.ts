// VIBE on Stellar against the fake Horizon mini ledger: a holder burns VIBE by paying it back to the
// issuer, and GET /api/vibecoins/supplies reads the supply before and after from Horizon's /assets (live).
// When Horizon goes down the reading says simulated, with no figure and the reason.
import { Account, Asset, Keypair, Networks, Operation, TransactionBuilder } from "@stellar/stellar-sdk";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeHorizon, type FakeHorizon } from "../../ledgers/testing/fake-horizon";
import { startTestApp, type TestApp } from "../../testing/harness";
import { vibecoinsSuppliesResponse } from "./vibecoins.schemas";

const issuer = Keypair.random();
const holder = Keypair.random();
let horizon: FakeHorizon;
let t: TestApp;

beforeAll(async () => {
  horizon = await startFakeHorizon();
  t = await startTestApp({
    chain: "none",
    env: {
      STELLAR_HORIZON_URL: horizon.url,
      STELLAR_FRIENDBOT_URL: horizon.friendbotUrl,
      STELLAR_ISSUER_SECRET: issuer.secret(),
    },
  });
});
afterAll(async () => {
  await t?.close();
  await horizon?.close();
});

const vibe = new Asset("VIBE", issuer.publicKey());

/** A transaction from `source` signed by it, relayed as a wallet's would be (submitSigned). */
async function send(source: Keypair, op: Parameters<TransactionBuilder["addOperation"]>[0]) {
  const stellar = t.deps.stellar.requireLive();
  const acc = await stellar.account(source.publicKey());
  const tx = new TransactionBuilder(new Account(source.publicKey(), acc!.sequence), {
    fee: "100",
    networkPassphrase: Networks.TESTNET,
  })
    .addOperation(op)
    .setTimeout(60)
    .build();
  tx.sign(source);
  return stellar.submitSigned(tx.toEnvelope().toXDR("base64"));
}

const stellarSupply = async () => {
  const body = vibecoinsSuppliesResponse.parse((await request(t.app).get("/api/vibecoins/supplies").expect(200)).body);
  return body.supplies.find((s) => s.ledger === "stellar")!;
};

describe("VIBE on Stellar", () => {
  it("reads the supply live, and a payment back to the issuer takes it out of the supply", async () => {
    // The app's start (seconds of CPU on a shared machine) can leave the client's idle keep-alive socket to
    // the fake past the server's 5 s timeout; one throwaway request takes that dead socket out of the pool.
    await fetch(`${horizon.url}/`).catch(() => undefined);
    horizon.createAccount(issuer.publicKey(), 100);
    horizon.createAccount(holder.publicKey(), 100);
    await send(holder, Operation.changeTrust({ asset: vibe }));
    await send(issuer, Operation.payment({ destination: holder.publicKey(), asset: vibe, amount: "50" }));
    const before = await stellarSupply();
    expect(before).toMatchObject({
      token: "VIBE",
      issuer: issuer.publicKey(),
      amount: "50",
      holders: 1,
      source: "live",
      reason: null,
    });

    await send(holder, Operation.payment({ destination: issuer.publicKey(), asset: vibe, amount: "20" }));
    const after = await stellarSupply();
    expect(after).toMatchObject({ amount: "30", source: "live" });
    expect(horizon.balanceOf(holder.publicKey(), { code: "VIBE", issuer: issuer.publicKey() })).toBe("30.0000000");
  });

  it("says simulated, with no figure and the reason, when Horizon is down", async () => {
    horizon.down = true;
    try {
      const s = await stellarSupply();
      expect(s).toMatchObject({ source: "simulated", amount: null });
      expect(s.reason).toMatch(/could not be read/);
    } finally {
      horizon.down = false;
    }
  });
});
