import { ed25519 } from "@noble/curves/ed25519.js";
import { blake2b } from "@noble/hashes/blake2.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { createBase58check } from "@scure/base";
import { describe, expect, it } from "vitest";
import { iotaSigner } from "./iota";
import { OfflineDecodeError } from "./types";
import { xtzSigner } from "./xtz";

const seed = new Uint8Array(32).fill(1);
const to = "tz1burnburnburnburnburnburnburjAYjjX";
const b58check = createBase58check(sha256);
const prefixed = (prefix: number[], body: Uint8Array) => b58check.encode(new Uint8Array([...prefix, ...body]));

describe("XTZ offline signer (Tezos Ghostnet)", () => {
  it("derives the tz1 address and the operation hash independently", async () => {
    const pub = ed25519.getPublicKey(seed);
    const expected = prefixed([6, 161, 159], blake2b(pub, { dkLen: 20 })); // tz1 = base58check(BLAKE2b-160(key))
    expect(await xtzSigner.address(seed)).toBe(expected);
    expect(expected).toBe("tz1c8PEDNfj6UxoQM2XCyfTHM5KbGGgoqDrH");

    const signed = await xtzSigner.sign(seed, { to, amount: "1.5", memo: null });
    const raw = Buffer.from(signed.signedTransaction, "hex");
    expect(signed.transactionHash).toBe(prefixed([5, 116], blake2b(raw, { dkLen: 32 }))); // "o…"
    expect(signed.transactionHash).toBe("ooTY7HWrB2asWMuTJcJdksCsze6dt5UZEWugH5koF9xxBUAhuTC");
    // The signature is ed25519 over BLAKE2b-256(0x03 ‖ forged bytes), the last 64 bytes.
    const forged = raw.subarray(0, raw.length - 64);
    const message = blake2b(Buffer.concat([Buffer.of(3), forged]), { dkLen: 32 });
    expect(ed25519.verify(raw.subarray(raw.length - 64), message, pub)).toBe(true);
    expect((await xtzSigner.sign(seed, { to, amount: "1.5", memo: null })).signedTransaction).toBe(
      signed.signedTransaction,
    );
  });

  it("decodes its own operation back and verifies it; a changed byte fails verification", async () => {
    const signed = await xtzSigner.sign(seed, { to, amount: "12.345678", memo: null });
    expect(await xtzSigner.decode(signed.signedTransaction)).toEqual({
      transactionHash: signed.transactionHash,
      from: signed.from,
      to,
      amount: "12.345678",
      fee: signed.fee,
      memo: null,
      signatureValid: true,
      signatureNote: expect.any(String),
    });
    expect(signed.fee).toBe("0.001374");

    const hex = signed.signedTransaction;
    const flip = (s: string, at: number) => `${s.slice(0, at)}${s[at] === "0" ? "1" : "0"}${s.slice(at + 1)}`;
    const badSignature = flip(hex, hex.length - 10);
    expect((await xtzSigner.decode(badSignature)).signatureValid).toBe(false);
    const badBranch = flip(hex, 4); // the branch: still an operation, no longer the one signed
    const d = await xtzSigner.decode(badBranch);
    expect(d.signatureValid).toBe(false);
    expect(d.transactionHash).not.toBe(signed.transactionHash);
  });

  it("signs the least amount, refuses a memo and beyond the limits, and refuses garbage", async () => {
    expect(xtzSigner.limits.memoMaxBytes).toBeNull();
    const signed = await xtzSigner.sign(seed, { to, amount: xtzSigner.limits.minAmount, memo: null });
    expect(await xtzSigner.decode(signed.signedTransaction)).toMatchObject({
      amount: "0.000001",
      signatureValid: true,
    });
    await expect(xtzSigner.sign(seed, { to, amount: "1", memo: "hi" })).rejects.toThrow();
    await expect(xtzSigner.sign(seed, { to, amount: "0.0000001", memo: null })).rejects.toThrow();
    await expect(
      xtzSigner.sign(seed, { to: "KT1BEqzn5Wx8uJrZNvuS9DVHmLvG9td3fDLi", amount: "1", memo: null }),
    ).rejects.toThrow();

    const iota = await iotaSigner.sign(seed, { to: `0x${"cd".repeat(32)}`, amount: "1", memo: null });
    const iotaHex = Buffer.from(iota.signedTransaction, "base64").toString("hex");
    const random = Buffer.from(Array.from({ length: 200 }, (_, i) => (i * 131 + 5) % 256)).toString("hex");
    const h = signed.signedTransaction;
    for (const bad of [
      "",
      "zz",
      "00",
      "ff".repeat(200),
      random,
      iotaHex,
      h.slice(0, 200),
      `${h.slice(0, -128)}00${h.slice(-128)}`,
    ])
      await expect(xtzSigner.decode(bad)).rejects.toBeInstanceOf(OfflineDecodeError);
  });
});
