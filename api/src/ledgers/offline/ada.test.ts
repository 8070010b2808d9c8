import { createPrivateKey, createPublicKey } from "node:crypto";
import { blake2b } from "@noble/hashes/blake2.js";
import { describe, expect, it } from "vitest";
import { adaSigner } from "./ada";
import { OfflineDecodeError } from "./types";

const seed = new Uint8Array(32).fill(1);
const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");
const BASE_ADDRESS =
  "addr_test1qqxk54m7j3q6mrkevcunryrwf4p7e68c93cjk8gzxkhlkpsddftha9zp4k8dje3exxgxun2ran50str39vwsydd0lvrq8kemf0";
// Signed bytes of other coins (an Algorand payment, an EIP-155 Ethereum transfer): not Cardano transactions.
const OTHER_COINS = [
  "82a3736967c440662dd1bfbd5b556ce5c22424baa3a6917136e4df596e12c59db8e37c8485ce361322c02ccaf8a58e1398926c59173ecb18eabb5f6095ee905942115be0432b0aa374786e89a3616d74ce000f4240a3666565cd03e8a26676ce02faf080a367656eac746573746e65742d76312e30a26768c4204863b518a4b3c84ec810f22d4f1081cb0f71f059a7ac20dec62f7f70e5093a22a26c76ce02faf468a3726376c4208139770ea87d175f56a35466c34c7ecccb8d8a91b4ee37a25df60f5b8fc9b394a3736e64c4208139770ea87d175f56a35466c34c7ecccb8d8a91b4ee37a25df60f5b8fc9b394a474797065a3706179",
  "f86c098504a817c800825208943535353535353535353535353535353535353535880de0b6b3a76400008025a028ef61340bd939bc2195fe537567866003e1a15d3c71ff63e1590620aa636276a067cbe9d8997f761aecb703304b3800ccf555c9f3dc64214b297fb1966a3b6d83",
];

/** The Ed25519 public key of a 32-byte seed, by node:crypto (PKCS#8 wrapping of the raw seed). */
function ed25519Public(s: Uint8Array): Uint8Array {
  const der = Buffer.concat([Buffer.from("302e020100300506032b657004220420", "hex"), s]);
  return createPublicKey(createPrivateKey({ key: der, format: "der", type: "pkcs8" }))
    .export({ format: "der", type: "spki" })
    .subarray(-32);
}

/** BIP-173 bech32 (Cardano addresses have no length cap), written out so the test does not trust the library's. */
function bech32(prefix: string, data: Uint8Array): string {
  const charset = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
  const words: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const byte of data) {
    acc = (acc << 8) | byte;
    bits += 8;
    for (; bits >= 5; bits -= 5) words.push((acc >> (bits - 5)) & 31);
  }
  if (bits > 0) words.push((acc << (5 - bits)) & 31);
  const polymod = (values: number[]) => {
    let chk = 1;
    for (const v of values) {
      const top = chk >> 25;
      chk = ((chk & 0x1ffffff) << 5) ^ v;
      [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3].forEach((g, i) => {
        if ((top >> i) & 1) chk ^= g;
      });
    }
    return chk;
  };
  const expanded = [...prefix]
    .map((c) => c.charCodeAt(0) >> 5)
    .concat(
      0,
      [...prefix].map((c) => c.charCodeAt(0) & 31),
    );
  const mod = polymod([...expanded, ...words, 0, 0, 0, 0, 0, 0]) ^ 1;
  const checksum = [0, 1, 2, 3, 4, 5].map((i) => (mod >> (5 * (5 - i))) & 31);
  return `${prefix}1${[...words, ...checksum].map((w) => charset[w]).join("")}`;
}

/** The end offset of the CBOR item at `at` (definite lengths only, as the library writes them). */
function cborEnd(b: Uint8Array, at: number): number {
  const major = b[at]! >> 5;
  const info = b[at]! & 31;
  let p = at + 1;
  let n = info;
  if (info >= 24) {
    const size = 1 << (info - 24);
    n = Number(Buffer.from(b.subarray(p, p + size)).readUIntBE(0, Math.min(size, 6)));
    p += size;
  }
  if (major === 2 || major === 3) return p + n;
  if (major === 4) for (let i = 0; i < n; i++) p = cborEnd(b, p);
  if (major === 5) for (let i = 0; i < 2 * n; i++) p = cborEnd(b, p);
  if (major === 6) p = cborEnd(b, p);
  return p;
}

describe("ADA offline signer", () => {
  it("derives the enterprise address and the transaction id as BLAKE2b and bech32 do, independently", async () => {
    const keyHash = blake2b(ed25519Public(seed), { dkLen: 28 });
    const expected = bech32("addr_test", Uint8Array.from([0x60, ...keyHash]));
    expect(expected).toBe("addr_test1vqxk54m7j3q6mrkevcunryrwf4p7e68c93cjk8gzxkhlkpsffv7s0");
    expect(await adaSigner.address(seed)).toBe(expected);

    const signed = await adaSigner.sign(seed, { to: expected, amount: "1.5", memo: "known answer" });
    const bytes = Buffer.from(signed.signedTransaction, "hex");
    expect(bytes[0]).toBe(0x84); // [body, witnesses, is_valid, auxiliary data]
    expect(signed.transactionHash).toBe(hex(blake2b(bytes.subarray(1, cborEnd(bytes, 1)), { dkLen: 32 })));
    expect(signed.transactionHash).toBe("ff1f263e8bf903f3160a047d6bdf591398d8b735bb0789f57f6fd3b0713273fc");
  });

  it("round-trips a transfer with a memo; a changed signature or memo fails verification", async () => {
    const memo = "CIP-20 memo ☃ longer than one 64-byte metadata string, so it is split in two or more";
    const signed = await adaSigner.sign(seed, { to: BASE_ADDRESS, amount: "12.345678", memo });
    const decoded = await adaSigner.decode(signed.signedTransaction);
    expect(decoded).toEqual({
      transactionHash: signed.transactionHash,
      from: signed.from,
      to: BASE_ADDRESS,
      amount: "12.345678",
      fee: signed.fee,
      memo,
      signatureValid: true,
      signatureNote: expect.any(String),
    });
    // The fee is preprod's minimum for this size: 44 lovelace a byte + 155,381.
    expect(Math.round(Number(signed.fee) * 1e6)).toBe(44 * (signed.signedTransaction.length / 2) + 155_381);
    expect((await adaSigner.sign(seed, { to: BASE_ADDRESS, amount: "12.345678", memo })).signedTransaction).toBe(
      signed.signedTransaction,
    );

    const sig =
      signed.signedTransaction.indexOf("5840", signed.signedTransaction.indexOf(hex(ed25519Public(seed)))) + 4;
    const flip = (s: string, at: number) =>
      `${s.slice(0, at)}${(parseInt(s.slice(at, at + 2), 16) ^ 1).toString(16).padStart(2, "0")}${s.slice(at + 2)}`;
    expect((await adaSigner.decode(flip(signed.signedTransaction, sig + 10))).signatureValid).toBe(false);
    const memoAt = signed.signedTransaction.indexOf(Buffer.from("CIP-20").toString("hex"));
    const changedMemo = await adaSigner.decode(flip(signed.signedTransaction, memoAt));
    expect(changedMemo.memo).not.toBe(memo);
    expect(changedMemo.signatureValid).toBe(false);
  });

  it("signs the least amount and the longest memo; refuses less, more and garbage", async () => {
    const memo = "é".repeat(adaSigner.limits.memoMaxBytes! / 2);
    const signed = await adaSigner.sign(seed, { to: BASE_ADDRESS, amount: adaSigner.limits.minAmount, memo });
    expect(await adaSigner.decode(signed.signedTransaction)).toMatchObject({
      amount: "0.96975",
      memo,
      signatureValid: true,
    });
    const most = await adaSigner.sign(seed, { to: BASE_ADDRESS, amount: adaSigner.limits.maxAmount, memo: null });
    expect((await adaSigner.decode(most.signedTransaction)).amount).toBe("1000000");
    await expect(adaSigner.sign(seed, { to: BASE_ADDRESS, amount: "0.969749", memo: null })).rejects.toThrow(Error);
    await expect(adaSigner.sign(seed, { to: BASE_ADDRESS, amount: "1", memo: `${memo}x` })).rejects.toThrow(Error);
    await expect(adaSigner.sign(seed, { to: "stake_test1uz", amount: "1", memo: null })).rejects.toThrow(Error);
    const random = hex(Uint8Array.from({ length: 200 }, (_, i) => (i * 97 + 13) & 255));
    for (const bad of [
      "",
      "zz",
      "0",
      random,
      signed.signedTransaction.slice(0, -20),
      `${signed.signedTransaction}00`,
      ...OTHER_COINS,
    ])
      await expect(adaSigner.decode(bad)).rejects.toBeInstanceOf(OfflineDecodeError);
  });
});
