// @vitest-environment node
// (xrpl.js signs with @noble's curves, which refuse jsdom's Uint8Array from another realm.)
import { describe, expect, it } from "vitest";
import { json, stubFetch } from "../../../testing/fake-api";
import { buildXrplPayment } from "../../../lib/xrpl/xrpl-build";
import { forgetXrplWallet, generateXrplWallet, loadXrpl } from "../../../lib/xrpl/xrpl-wallet";
import { REFERENCE_FEE_DROPS, reliableFields, signAndRelay } from "./use-reliable-submit";

const DEST = "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe";
const unreachable = { source: "simulated", reason: "the XRPL testnet did not answer within 3 s" } as const;
const network = (ledger: null | { validatedLedger: number; baseFeeDrops: string }) => ({
  network: "testnet",
  ...unreachable,
  endpoint: "s.altnet.rippletest.net:51233",
  serverAccount: DEST,
  xqb: { currency: "XQB", issuer: DEST },
  ledger: ledger && { ...ledger, baseReserveXrp: "1", ownerReserveXrp: "0.2", networkId: 1 },
  lastLedgerOffset: 20,
  faucet: false,
  explorerBaseUrl: "https://testnet.xrpl.org",
});

describe("reliableFields", () => {
  it("with the testnet unreachable, builds on stated placeholders instead of refusing", async () => {
    stubFetch({
      "GET /api/xrpl/network": () => json(network(null)),
      [`GET /api/xrpl/accounts/${DEST}`]: () => json({ address: DEST, ...unreachable, exists: null, account: null }),
    });
    expect(await reliableFields(DEST)).toEqual({
      sequence: 1,
      feeDrops: REFERENCE_FEE_DROPS,
      lastLedgerSequence: 20,
      offline:
        "Signed offline: the XRPL testnet was not reached, so the account's sequence (1 assumed), the fee (the reference 10 drops assumed), the validated ledger (last ledger 20 assumed) are placeholders",
    });
  });

  it("reached, an account not on the ledger is still told to fund it first", async () => {
    stubFetch({
      "GET /api/xrpl/network": () =>
        json({ ...network({ validatedLedger: 500, baseFeeDrops: "12" }), source: "live", reason: null }),
      [`GET /api/xrpl/accounts/${DEST}`]: () =>
        json({ address: DEST, source: "live", reason: null, exists: false, account: null }),
    });
    await expect(reliableFields(DEST)).rejects.toThrow("fund it from the faucet first");
  });
});

describe("signAndRelay offline", () => {
  it("signs a real payment in the page, relays only the blob, and hands back the blob with why it is simulated", async () => {
    const { address } = await generateXrplWallet();
    let relayed: string | null = null;
    stubFetch({
      "GET /api/xrpl/network": () => json(network(null)),
      [`GET /api/xrpl/accounts/${address}`]: () => json({ address, ...unreachable, exists: null, account: null }),
      "POST /api/xrpl/submit": (req) => {
        relayed = (req.body as { txBlob: string }).txBlob;
        return json({
          ...unreachable,
          network: "testnet",
          status: "not-submitted",
          transactionHash: "A".repeat(64),
          transactionType: "Payment",
          account: address,
          engineResult: null,
          engineResultText: "not submitted: decoded and its signature checked offline",
          succeeded: false,
          feeDrops: "10",
          feeXrp: "0.00001",
          sequence: 1,
          lastLedgerSequence: 20,
          ledgerIndex: null,
          validatedLedger: null,
          explorerUrl: null,
          assumptions: ["never submitted: the signature was checked offline"],
        });
      },
    });
    const r = await signAndRelay(address, (f) =>
      buildXrplPayment({ account: address, destination: DEST, amount: { xrp: "5" }, ...f }),
    );
    expect(r.status).toBe("not-submitted");
    expect(r.offline).toMatch(/^Signed offline: the XRPL testnet was not reached/);
    expect(r.txBlob).toBe(relayed);
    // The blob is a real signed payment: the placeholders and a signature by this wallet's key.
    const tx = (await loadXrpl()).decode(r.txBlob) as Record<string, unknown>;
    expect(tx).toMatchObject({
      TransactionType: "Payment",
      Account: address,
      Destination: DEST,
      Amount: "5000000",
      Sequence: 1,
      Fee: "10",
      LastLedgerSequence: 20,
    });
    expect(tx.TxnSignature).toMatch(/^[0-9A-F]{128}$/);
    // Its JSON, for the copy button: the same signed transaction.
    expect(JSON.parse(r.txJson)).toEqual(tx);
    forgetXrplWallet();
  });
});
