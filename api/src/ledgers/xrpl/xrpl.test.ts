import { decode, dropsToXrp, hashes, verifySignature, Wallet } from "xrpl";
import { describe, expect, it } from "vitest";
import { XrplSimulatedClient } from "./index";

describe("XRPL simulated", () => {
  const wallets = { server: Wallet.generate(), destination: Wallet.generate() };

  it("signs a Payment offline whose hash is the hash of the signed blob", async () => {
    const sim = new XrplSimulatedClient(wallets, { sequence: null, validatedLedger: null });
    const r = await sim.volumeTest({ xrpAmount: "1.5" });
    expect(hashes.hashSignedTx(r.signedTransaction)).toBe(r.transactionHash);
    expect(verifySignature(r.signedTransaction, wallets.server.publicKey)).toBe(true);
    const tx = decode(r.signedTransaction);
    expect(tx).toMatchObject({
      TransactionType: "Payment",
      Account: wallets.server.address,
      Destination: wallets.destination.address,
      Amount: "1500000",
      Fee: "12",
      Sequence: 1,
      LastLedgerSequence: 20,
    });
    expect(dropsToXrp(tx.Amount as string)).toBe(1.5);
    expect(r).toMatchObject({ processedAmount: "1.5", destination: wallets.destination.address, ledgerIndex: null, explorerUrl: null });
  });

  it("uses the last live sequence and validated ledger", async () => {
    const sim = new XrplSimulatedClient(wallets, { sequence: 77, validatedLedger: 1000 });
    const tx = decode((await sim.volumeTest({ xrpAmount: "0.000001" })).signedTransaction);
    expect(tx).toMatchObject({ Sequence: 77, LastLedgerSequence: 1004, Amount: "1" });
  });
});
