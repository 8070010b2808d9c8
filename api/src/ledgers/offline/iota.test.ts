import { ed25519 } from "@noble/curves/ed25519.js";
import { blake2b } from "@noble/hashes/blake2.js";
import { base58 } from "@scure/base";
import { describe, expect, it } from "vitest";
import { iotaSigner } from "./iota";
import { solSigner } from "./sol";
import { OfflineDecodeError } from "./types";

const seed = new Uint8Array(32).fill(1);
const to = `0x${"cd".repeat(32)}`;
const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");
const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));

describe("IOTA offline signer (IOTA testnet)", () => {
  it("derives the address as BLAKE2b-256 of the ed25519 key and its id by the digest rule, independently", async () => {
    const pub = ed25519.getPublicKey(seed);
    // IOTA (unlike Sui) hashes an ed25519 key without the scheme flag, for compatibility with its older addresses.
    const expected = `0x${hex(blake2b(pub, { dkLen: 32 }))}`;
    expect(await iotaSigner.address(seed)).toBe(expected);
    expect(expected).toBe("0xc5e21ab1c9f6022d81c3b25e3436cb7f1df77f9652ae3e1310c28e621dd87b4c");

    const signed = await iotaSigner.sign(seed, { to, amount: "1.5", memo: null });
    const raw = new Uint8Array(Buffer.from(signed.signedTransaction, "base64"));
    // SenderSignedData: one transaction (0x01), intent [0,0,0], the transaction data, then one 97-byte signature
    // (0x01, length 0x61): flag 0x00, 64-byte ed25519 signature, 32-byte public key.
    expect(hex(raw.subarray(0, 4))).toBe("01000000");
    const txBytes = raw.subarray(4, raw.length - 99);
    const sig = raw.subarray(raw.length - 97);
    expect(hex(raw.subarray(raw.length - 99, raw.length - 97))).toBe("0161");
    expect(sig[0]).toBe(0);
    expect(hex(sig.subarray(65))).toBe(hex(pub));
    const digest = blake2b(concat(new TextEncoder().encode("TransactionData::"), txBytes), { dkLen: 32 });
    expect(signed.transactionHash).toBe(base58.encode(digest));
    expect(signed.transactionHash).toBe("9iNcD9mfmiep1bEJmuqYarb7Xnmi3SDXUmzWjAMTEZDj");
    const signedMessage = blake2b(concat(Uint8Array.of(0, 0, 0), txBytes), { dkLen: 32 });
    expect(ed25519.verify(sig.subarray(1, 65), signedMessage, pub)).toBe(true);
    expect((await iotaSigner.sign(seed, { to, amount: "1.5", memo: null })).signedTransaction).toBe(
      signed.signedTransaction,
    );
  });

  it("decodes its own transfer back and verifies it; a changed byte fails verification", async () => {
    const signed = await iotaSigner.sign(seed, { to, amount: "2.000000001", memo: null });
    expect(await iotaSigner.decode(signed.signedTransaction)).toEqual({
      transactionHash: signed.transactionHash,
      from: signed.from,
      to,
      amount: "2.000000001",
      fee: signed.fee,
      memo: null,
      signatureValid: true,
      signatureNote: expect.any(String),
    });
    expect(signed.fee).toBe("0.01");

    const raw = Buffer.from(signed.signedTransaction, "base64");
    const badSignature = Buffer.from(raw);
    badSignature.writeUInt8(badSignature.readUInt8(raw.length - 50) ^ 1, raw.length - 50); // inside the signature
    expect((await iotaSigner.decode(badSignature.toString("base64"))).signatureValid).toBe(false);
    const badPayload = Buffer.from(raw);
    const amountAt = badPayload.indexOf(Buffer.from("0194357700000000", "hex")); // 2,000,000,001 nanos, u64 LE
    expect(amountAt).toBeGreaterThan(0);
    badPayload.writeUInt8(badPayload.readUInt8(amountAt) ^ 2, amountAt);
    const d = await iotaSigner.decode(badPayload.toString("base64"));
    expect(d.amount).toBe("2.000000003");
    expect(d.signatureValid).toBe(false);
    expect(d.transactionHash).not.toBe(signed.transactionHash);
  });

  it("signs the least amount, refuses a memo and beyond the limits, and refuses garbage", async () => {
    expect(iotaSigner.limits.memoMaxBytes).toBeNull();
    const signed = await iotaSigner.sign(seed, { to, amount: iotaSigner.limits.minAmount, memo: null });
    expect(await iotaSigner.decode(signed.signedTransaction)).toMatchObject({
      amount: "0.000000001",
      signatureValid: true,
    });
    await expect(iotaSigner.sign(seed, { to, amount: "1", memo: "hi" })).rejects.toThrow();
    await expect(iotaSigner.sign(seed, { to, amount: "1000000.000000001", memo: null })).rejects.toThrow();
    await expect(iotaSigner.sign(seed, { to: "0x12zz", amount: "1", memo: null })).rejects.toThrow();

    const sol = await solSigner.sign(seed, {
      to: "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin",
      amount: "1",
      memo: null,
    });
    const random = Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 31 + 7) % 256)).toString("base64");
    for (const bad of [
      "",
      "zz",
      "zzzz",
      random,
      sol.signedTransaction,
      signed.signedTransaction.slice(0, 120),
      `${signed.signedTransaction}AAAA`,
    ])
      await expect(iotaSigner.decode(bad)).rejects.toBeInstanceOf(OfflineDecodeError);
  });
});
