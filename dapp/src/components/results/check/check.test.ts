// The browser-side checks on records the API really produced (fixtures/api-records.json, captured from the
// API's test harness by fixtures/capture-records.ts), and on tampered copies of them, which must fail.
import { describe, expect, it } from "vitest";
import fixture from "../fixtures/api-records.json";
import { checkAttestation, attestationFields } from "./attestation";
import { checkEvmTransaction } from "./evm";
import { checkStellarEnvelope } from "./stellar";
import { checkXrplBlob } from "./xrpl";

const { records, attestationKey } = fixture;

/** Flips one bit of the byte at `at` of a hex string (0x-prefixed or not). */
function flipHex(hex: string, at: number): string {
  const prefix = hex.startsWith("0x") ? 2 : 0;
  const i = prefix + at * 2;
  const byte = parseInt(hex.slice(i, i + 2), 16) ^ 0x01;
  return hex.slice(0, i) + byte.toString(16).padStart(2, "0") + hex.slice(i + 2);
}

describe("EVM signed transaction", () => {
  it("decodes the live server-signed mint: recovered sender, contract, value, and the recomputed hash", async () => {
    const r = records.ethLive;
    const check = await checkEvmTransaction(r.signedTransaction, r.transactionHash, r.signer);
    expect(check).toMatchObject({
      ok: true,
      hashMatches: true,
      fromMatches: true,
      chainId: 31337,
      value: "0.01",
      type: "eip1559",
    });
    if (!check.ok) throw new Error(check.error);
    expect(check.from).toBe(r.signer);
    expect(check.computedHash).toBe(r.transactionHash);
    expect(check.to?.toLowerCase()).toMatch(/^0x[0-9a-f]{40}$/);
    expect(check.data).toMatch(/^0x[0-9a-f]{8}/); // a contract call (XQBMinter), not a plain transfer
  });

  it("decodes the simulated one too: signed offline with nonce 0, as its assumptions say", async () => {
    const r = records.ethSimulated;
    const check = await checkEvmTransaction(r.signedTransaction, r.transactionHash, r.signer);
    expect(check).toMatchObject({ ok: true, hashMatches: true, fromMatches: true, nonce: 0 });
    expect(r.assumptions.join(" ")).toContain("nonce 0");
  });

  it("a transaction changed after signing no longer hashes to the shown hash nor recovers the signer", async () => {
    const r = records.ethLive;
    // byte 40 lies in the call data; the signature stays well-formed but signs other bytes
    const tampered = flipHex(r.signedTransaction, 40);
    expect(await checkEvmTransaction(tampered, r.transactionHash, r.signer)).toMatchObject({
      ok: true,
      hashMatches: false,
      fromMatches: false,
    });
  });

  it("says why when the text is not a transaction", async () => {
    expect(await checkEvmTransaction("hello", records.ethLive.transactionHash)).toEqual({
      ok: false,
      error: "not 0x-prefixed hex",
    });
  });
});

describe("Stellar envelope", () => {
  it("recomputes the simulated mint's hash and reads the source account, fee and sequence", () => {
    const r = records.stellar;
    const check = checkStellarEnvelope(r.signedTransaction, r.transactionHash, r.network);
    expect(check).toMatchObject({
      ok: true,
      hashMatches: true,
      computedHash: r.transactionHash,
      sourceAccount: r.signer,
    });
    if (!check.ok) throw new Error(check.error);
    expect(check.signatures).toBeGreaterThanOrEqual(1);
    expect(check.sequence).toBe("1"); // "sequence 1: the server account was never read on Horizon"
  });

  it("a changed envelope does not hash to the shown hash, and another network's passphrase neither", () => {
    const r = records.stellar;
    const bytes = Uint8Array.from(atob(r.signedTransaction), (c) => c.charCodeAt(0));
    bytes[60] = bytes[60]! ^ 1;
    const tampered = btoa(String.fromCharCode(...bytes));
    expect(checkStellarEnvelope(tampered, r.transactionHash, r.network)).toMatchObject({
      ok: true,
      hashMatches: false,
    });
    expect(checkStellarEnvelope(r.signedTransaction, r.transactionHash, "public")).toMatchObject({
      ok: true,
      hashMatches: false,
    });
    expect(checkStellarEnvelope("AAAA", r.transactionHash, r.network)).toMatchObject({ ok: false });
  });
});

describe("XRPL blob", () => {
  it("recomputes the simulated volume test's hash (SHA-512Half of TXN\\0 + blob)", async () => {
    const r = records.xrp;
    expect(await checkXrplBlob(r.signedTransaction, r.transactionHash)).toMatchObject({
      ok: true,
      hashMatches: true,
      computedHash: r.transactionHash,
    });
  });

  it("a changed blob does not", async () => {
    const r = records.xrp;
    expect(await checkXrplBlob(flipHex(r.signedTransaction, 10), r.transactionHash)).toMatchObject({
      ok: true,
      hashMatches: false,
    });
    expect(await checkXrplBlob("xyz", r.transactionHash)).toEqual({ ok: false, error: "not hex" });
  });
});

describe("ML-DSA-65 attestation", () => {
  it("verifies every captured record's attestation with the served key, which is the key the record names", async () => {
    for (const r of Object.values(records)) {
      const check = await checkAttestation(r.quantumAttestation, attestationKey.publicKey, r.transactionHash);
      expect(check).toEqual({
        keyMatches: true,
        servedKeyId: attestationKey.publicKeyId,
        valid: true,
        namesHash: true,
        error: null,
      });
    }
  });

  it("reads the signed message's fields", () => {
    const r = records.ethLive;
    expect(attestationFields(r.quantumAttestation.message)).toEqual({
      version: "xqb-attestation:v1",
      ledger: "ethereum",
      network: "hardhat",
      transactionHash: r.transactionHash,
      amount: "30 XQB + 20 XQBUSD",
      timestamp: r.timestamp,
    });
  });

  it("a changed message, a changed signature or another key is invalid", async () => {
    const r = records.ethLive;
    const att = r.quantumAttestation;
    const otherAmount = { ...att, message: att.message.replace("30 XQB", "31 XQB") };
    expect(await checkAttestation(otherAmount, attestationKey.publicKey, r.transactionHash)).toMatchObject({
      valid: false,
      keyMatches: true,
    });

    const sig = Uint8Array.from(atob(att.signature), (c) => c.charCodeAt(0));
    sig[100] = sig[100]! ^ 1;
    const otherSig = { ...att, signature: btoa(String.fromCharCode(...sig)) };
    expect(await checkAttestation(otherSig, attestationKey.publicKey, r.transactionHash)).toMatchObject({
      valid: false,
    });

    const key = Uint8Array.from(atob(attestationKey.publicKey), (c) => c.charCodeAt(0));
    key[0] = key[0]! ^ 1;
    const otherKey = await checkAttestation(att, btoa(String.fromCharCode(...key)), r.transactionHash);
    expect(otherKey).toMatchObject({ keyMatches: false, valid: false });
  });

  it("an attestation of another transaction is valid but does not name the shown hash", async () => {
    const check = await checkAttestation(
      records.xrp.quantumAttestation,
      attestationKey.publicKey,
      records.ethLive.transactionHash,
    );
    expect(check).toMatchObject({ valid: true, namesHash: false });
  });
});
