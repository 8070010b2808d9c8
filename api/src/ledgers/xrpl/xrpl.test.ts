// The simulated XRPL client: the caller's transaction, signed offline by the server wallet on the last
// sequence and ledger seen live, with what it assumed.
import { decode, dropsToXrp, hashes, verifySignature, Wallet } from "xrpl";
import { describe, expect, it } from "vitest";
import { XrplSimulatedClient } from "./index";

describe("XRPL simulated", () => {
  const server = Wallet.generate();
  const destination = Wallet.generate().address;
  const payment = (Amount: string) => ({ TransactionType: "Payment" as const, Destination: destination, Amount });

  it("signs a Payment offline whose hash is the hash of the signed blob", async () => {
    const sim = new XrplSimulatedClient(server, { sequence: null, validatedLedger: null });
    const r = await sim.submit(payment("1500000"));
    expect(hashes.hashSignedTx(r.signedTransaction)).toBe(r.transactionHash);
    expect(verifySignature(r.signedTransaction, server.publicKey)).toBe(true);
    const tx = decode(r.signedTransaction);
    expect(tx).toMatchObject({
      TransactionType: "Payment",
      Account: server.address,
      Destination: destination,
      Amount: "1500000",
      Fee: "12",
      Sequence: 1,
      LastLedgerSequence: 20,
    });
    expect(dropsToXrp(tx.Amount as string)).toBe(1.5);
    expect(r).toMatchObject({
      network: "testnet",
      signer: server.address,
      sequence: 1,
      ledgerIndex: null,
      explorerUrl: null,
    });
    expect(r.assumptions).toEqual([
      "Sequence 1: the server account was never read on the ledger",
      "Fee 12 drops (a fixed stand-in, not the node's fee)",
      "LastLedgerSequence 20: no validated ledger was ever seen",
    ]);
  });

  it("uses the last live sequence and validated ledger, and signs two requests as two transactions", async () => {
    const sim = new XrplSimulatedClient(server, { sequence: 77, validatedLedger: 1000 });
    const a = await sim.submit(payment("1"));
    const b = await sim.submit(payment("1"));
    expect(decode(a.signedTransaction)).toMatchObject({ Sequence: 77, LastLedgerSequence: 1004, Amount: "1" });
    expect(decode(b.signedTransaction)).toMatchObject({ Sequence: 78, LastLedgerSequence: 1004 });
    expect(b.transactionHash).not.toBe(a.transactionHash);
    expect(a.assumptions[0]).toBe("Sequence 77: the server account's next sequence 77 as last seen on the ledger");
    expect(b.assumptions[0]).toMatch(/after 1 transaction\(s\) signed offline/);
  });
});
