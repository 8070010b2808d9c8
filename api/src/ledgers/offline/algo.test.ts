import { createHash, createPrivateKey, createPublicKey } from "node:crypto";
import { describe, expect, it } from "vitest";
import { algoSigner } from "./algo";
import { OfflineDecodeError } from "./types";

const seed = new Uint8Array(32).fill(1);
const to = "7ZUECA7HFLZTXENRV24SHLU4AVPUTMTTDUFUBNBD64C73F3UHRTHAIOF6Q";
// Signed bytes of other coins (a Cardano preprod transfer, an EIP-155 Ethereum transfer), as base64.
const OTHER_COINS = [
  "hKUA2QECgYJYILQ3arrL0T8H0+3Efa+YuWfAwLIO1yFBIZ6ypNNF6qyCAAGCglgdYACLR4RNkoEvww0fCsm2+/OHeMy6nbgxKtkHkHkaAA9CQIJYHWAAi0eETZKBL8MNHwrJtvvzh3jMup24MSrZB5B5GwAAAOjVK9sDAhoAAok9AxoHJw4ADwChANkBAoGCWCCBOXcOqH0XX1ajVGbDTH7My42KkbTuN6Jd9g9bj8mzlFhAwBZKy2NYQu06zOxsehcaDUEaFgstsWxLiMyU5aNRsDww5tOnwaxffo+314yB5QICj6Ut0iG+KzEz8d1CpJjsAfX2",
  "+GwJhQSoF8gAglIIlDU1NTU1NTU1NTU1NTU1NTU1NTU1iA3gtrOnZAAAgCWgKO9hNAvZObwhlf5TdWeGYAPhoV08cf9j4VkGIKpjYnagZ8vp2Jl/dhrstwMwSzgAzPVVyfPcZCFLKX+xlmo7bYM=",
];

/** RFC 4648 base32 without padding, as Algorand writes addresses and ids. */
function base32(bytes: Uint8Array): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const b of bytes) bits += b.toString(2).padStart(8, "0");
  return (bits.match(/.{1,5}/g) ?? []).map((c) => alphabet[parseInt(c.padEnd(5, "0"), 2)]).join("");
}

const sha512_256 = (b: Uint8Array) => createHash("sha512-256").update(b).digest();

describe("ALGO offline signer", () => {
  it("derives the address and the transaction id as node:crypto and base32 do, independently", async () => {
    const der = Buffer.concat([Buffer.from("302e020100300506032b657004220420", "hex"), seed]);
    const publicKey = createPublicKey(createPrivateKey({ key: der, format: "der", type: "pkcs8" }))
      .export({ format: "der", type: "spki" })
      .subarray(-32);
    const expected = base32(Buffer.concat([publicKey, sha512_256(publicKey).subarray(-4)]));
    expect(expected).toBe("RKEOHXLUBHYZL7KS3MWTZOS5OLFGOCN7DWKBEG7TOSEADNAPN5OOTUNSLE");
    expect(await algoSigner.address(seed)).toBe(expected);

    const signed = await algoSigner.sign(seed, { to, amount: "1.5", memo: "known answer" });
    const bytes = Buffer.from(signed.signedTransaction, "base64");
    // Canonical msgpack {"sig": 64 bytes, "txn": {...}}: the transaction's own encoding is everything after "txn".
    expect(bytes.subarray(0, 7).toString("hex")).toBe(`82a3${Buffer.from("sig").toString("hex")}c440`);
    expect(bytes.subarray(71, 75).toString("hex")).toBe(`a3${Buffer.from("txn").toString("hex")}`);
    const txn = bytes.subarray(75);
    expect(signed.transactionHash).toBe(base32(sha512_256(Buffer.concat([Buffer.from("TX"), txn]))));
    expect(signed.transactionHash).toBe("G7KXVWGJMVLITFUVIBZVA7V4JL6LMHKB54NQGLRWL7B25JVEVJSA");
  });

  it("round-trips a payment with a note; a changed signature or note fails verification", async () => {
    const memo = "note ☃ on Algorand TestNet";
    const signed = await algoSigner.sign(seed, { to, amount: "12.345678", memo });
    const decoded = await algoSigner.decode(signed.signedTransaction);
    expect(decoded).toEqual({
      transactionHash: signed.transactionHash,
      from: signed.from,
      to,
      amount: "12.345678",
      fee: "0.001",
      memo,
      signatureValid: true,
      signatureNote: expect.any(String),
    });
    expect(signed.fee).toBe("0.001");
    expect((await algoSigner.sign(seed, { to, amount: "12.345678", memo })).signedTransaction).toBe(
      signed.signedTransaction,
    );

    const flip = (at: number) => {
      const bytes = Buffer.from(signed.signedTransaction, "base64");
      bytes[at]! ^= 1;
      return bytes.toString("base64");
    };
    expect((await algoSigner.decode(flip(20))).signatureValid).toBe(false); // inside the signature
    const noteAt = Buffer.from(signed.signedTransaction, "base64").indexOf("note ");
    const changed = await algoSigner.decode(flip(noteAt));
    expect(changed.memo).not.toBe(memo);
    expect(changed.signatureValid).toBe(false);
  });

  it("signs the least amount and the longest note; refuses less, more and garbage", async () => {
    const memo = "é".repeat(algoSigner.limits.memoMaxBytes! / 2);
    const signed = await algoSigner.sign(seed, { to, amount: algoSigner.limits.minAmount, memo });
    expect(await algoSigner.decode(signed.signedTransaction)).toMatchObject({
      amount: "0.1",
      memo,
      signatureValid: true,
    });
    const most = await algoSigner.sign(seed, { to, amount: algoSigner.limits.maxAmount, memo: null });
    expect(await algoSigner.decode(most.signedTransaction)).toMatchObject({ amount: "1000000", memo: null });
    await expect(algoSigner.sign(seed, { to, amount: "0.099999", memo: null })).rejects.toThrow(Error);
    await expect(algoSigner.sign(seed, { to, amount: "1.0000001", memo: null })).rejects.toThrow(Error);
    await expect(algoSigner.sign(seed, { to, amount: "1", memo: `${memo}x` })).rejects.toThrow(Error);
    await expect(algoSigner.sign(seed, { to: to.toLowerCase(), amount: "1", memo: null })).rejects.toThrow(Error);
    const random = Buffer.from(Uint8Array.from({ length: 200 }, (_, i) => (i * 97 + 13) & 255)).toString("base64");
    const truncated = Buffer.from(signed.signedTransaction, "base64").subarray(0, 100).toString("base64");
    for (const bad of ["", "zz", "AA==", random, truncated, `${signed.signedTransaction}AA==`, ...OTHER_COINS])
      await expect(algoSigner.decode(bad)).rejects.toBeInstanceOf(OfflineDecodeError);
  });
});
