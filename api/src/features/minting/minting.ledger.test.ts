// The minting feature's Stellar and XRPL operations on the ledgers' simulated clients: the VIBE swap is one
// envelope signed by the server account and the feature's issuer; the volume test is a Payment to the
// feature's destination; a simulated record carries what it assumed.
import { Keypair, Networks, Transaction, type Operation } from "@stellar/stellar-sdk";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decode, hashes, verifySignature, Wallet } from "xrpl";
import { StellarSimulatedClient, type StellarSeen } from "../../ledgers/stellar";
import { XrplSimulatedClient } from "../../ledgers/xrpl";
import { startTestApp, type TestApp } from "../../testing/harness";
import { mintVibe, xrpVolumePayment } from "./minting.ledger";
import { stellarMintRecord, xrpVolumeRecord } from "./minting.schemas";

const server = Keypair.random();
const issuer = Keypair.random();
const request1 = { issuer, xlmAmount: "2", vibeAmount: "100", memo: "vibe test" };

// SDK 17 exposes the signature as a field (an XDR value or bytes) rather than the old accessor method.
function sigBytes(s: unknown): Uint8Array {
  const sig = (s as { signature: unknown }).signature;
  return sig instanceof Uint8Array ? sig : (sig as { value: Uint8Array }).value;
}

function checkMintTransaction(envelope: string, hash: string, withTrustline: boolean) {
  const tx = new Transaction(envelope, Networks.TESTNET);
  expect(Buffer.from(tx.hash()).toString("hex")).toBe(hash);
  for (const kp of [server, issuer]) {
    expect(tx.signatures.some((s) => kp.verify(Buffer.from(tx.hash()), Buffer.from(sigBytes(s))))).toBe(true);
  }
  expect(tx.source).toBe(server.publicKey());
  expect(tx.memo.type).toBe("text");
  expect(Buffer.from(tx.memo.value as Uint8Array).toString("utf8")).toBe("vibe test");
  const ops = tx.operations as unknown as { type: string }[];
  const payments = ops.filter((op) => op.type === "payment") as unknown as Operation.Payment[];
  expect(ops.map((op) => op.type)).toEqual(
    withTrustline ? ["changeTrust", "payment", "payment"] : ["payment", "payment"],
  );
  expect(payments[0]).toMatchObject({ destination: issuer.publicKey(), amount: "2.0000000" });
  expect(payments[0]!.asset.isNative()).toBe(true);
  expect(payments[1]).toMatchObject({
    source: issuer.publicKey(),
    destination: server.publicKey(),
    amount: "100.0000000",
  });
  expect(payments[1]!.asset.getCode()).toBe("VIBE");
  expect(payments[1]!.asset.getIssuer()).toBe(issuer.publicKey());
  return tx;
}

describe("mintVibe", () => {
  it("one atomic swap, signed by the server account and the issuer; the trustline when the account was never read", async () => {
    const m = await mintVibe(new StellarSimulatedClient(server, new Map()), request1);
    expect(m).toMatchObject({ vibeAmount: "100", assetCode: "VIBE", assetIssuer: issuer.publicKey() });
    expect(m.submit).toMatchObject({
      network: "testnet",
      ledgerIndex: null,
      explorerUrl: null,
      signer: server.publicKey(),
    });
    expect(checkMintTransaction(m.submit.signedTransaction, m.submit.transactionHash, true).sequence).toBe("1");
    expect(m.assumptions).toContain("the server account was never read: the transaction creates the VIBE trustline");
  });

  it("skips a trustline the account was last seen with, and builds on its sequence", async () => {
    const seen: StellarSeen = new Map([
      [
        server.publicKey(),
        {
          id: server.publicKey(),
          sequence: "41",
          balances: [{ asset_type: "credit_alphanum4", asset_code: "VIBE", asset_issuer: issuer.publicKey() }],
        },
      ],
    ]);
    const m = await mintVibe(new StellarSimulatedClient(server, seen), request1);
    expect(checkMintTransaction(m.submit.signedTransaction, m.submit.transactionHash, false).sequence).toBe("42");
    expect(m.assumptions).toContain("VIBE trustline present: as last seen on Horizon");
  });
});

describe("xrpVolumePayment", () => {
  it("a Payment from the server wallet to the feature's destination, signed offline", async () => {
    const wallet = Wallet.generate();
    const destination = Wallet.generate().address;
    const p = await xrpVolumePayment(new XrplSimulatedClient(wallet, { sequence: 9, validatedLedger: 100 }), {
      destination,
      xrpAmount: "1.5",
    });
    expect(p).toMatchObject({ processedAmount: "1.5", destination });
    expect(hashes.hashSignedTx(p.submit.signedTransaction)).toBe(p.submit.transactionHash);
    expect(verifySignature(p.submit.signedTransaction, wallet.publicKey)).toBe(true);
    expect(decode(p.submit.signedTransaction)).toMatchObject({
      TransactionType: "Payment",
      Account: wallet.address,
      Destination: destination,
      Amount: "1500000",
      Sequence: 9,
      LastLedgerSequence: 104,
    });
    expect(p.assumptions).toHaveLength(3);
  });
});

describe("simulated records say what they assumed", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ chain: "none" });
  });
  afterAll(() => t?.close());

  it("Stellar and XRPL records of simulated results carry the client's assumptions", async () => {
    const stellar = stellarMintRecord.parse(
      (
        await request(t.app)
          .post("/api/vibecoins/mint-stellar")
          .send({
            xlmAmount: 1,
            tokenType: "VIBE",
            network: "testnet",
            environmentalAction: "tree_planting",
            quantumSecurity: false,
          })
          .expect(200)
      ).body,
    );
    expect(stellar.source).toBe("simulated");
    expect(stellar.assumptions.join(" ")).toMatch(/sequence \d+: the server account/);
    const xrp = xrpVolumeRecord.parse(
      (
        await request(t.app)
          .post("/api/quantum-cross-chain/xrp-volume-test")
          .send({ xrpAmount: 2, testType: "volume", network: "testnet", quantumSecurity: false, governmentNode: false })
          .expect(200)
      ).body,
    );
    expect(xrp.source).toBe("simulated");
    expect(xrp.assumptions.join(" ")).toMatch(/Fee 12 drops/);
    expect(xrp.destination).toBe(decode(xrp.signedTransaction!).Destination);
  });
});
