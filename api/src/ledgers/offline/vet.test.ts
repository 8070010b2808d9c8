import { secp256k1 } from "@noble/curves/secp256k1.js";
import { blake2b } from "@noble/hashes/blake2.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { fromRlp, toRlp, type Hex } from "viem";
import { describe, expect, it } from "vitest";
import { OfflineDecodeError } from "./types";
import { vetSigner } from "./vet";

const seed = new Uint8Array(32).fill(1);
const to = "0x000000000000000000000000000000000000dEaD";
const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");
const bytesOf = (h: string) => Uint8Array.from(Buffer.from(h.slice(2), "hex"));
const blake2b256 = (b: Uint8Array) => blake2b(b, { dkLen: 32 });
const addressOfSeed = () => keccak_256(secp256k1.getPublicKey(seed, false).slice(1)).slice(-20);

describe("VET offline signer (VeChain testnet, @vechain/sdk-core)", () => {
  it("derives the seed's address as secp256k1 and keccak-256 give it, independently", async () => {
    const expected = `0x${hex(addressOfSeed())}`;
    expect((await vetSigner.address(seed)).toLowerCase()).toBe(expected);
    expect(expected).toBe("0x1a642f0e3c3af545e7acbd38b07251b3990914f1");
    expect(vetSigner.network.id).toBe("0x27");
  });

  it("signs a transfer whose id is BLAKE2b-256(signing hash ‖ origin), recomputed from the raw RLP", async () => {
    const signed = await vetSigner.sign(seed, { to, amount: "1.5", memo: "hello vet" });
    // The signed body by hand: RLP [chainTag, blockRef, expiration, clauses, gasPriceCoef, gas, dependsOn, nonce,
    // reserved, signature]; the signing hash is BLAKE2b-256 of the same list without the signature.
    const fields = fromRlp(signed.signedTransaction as Hex, "bytes") as (Uint8Array | Uint8Array[][])[];
    expect(fields).toHaveLength(10);
    const [chainTag, blockRef, , clauses, , gas] = fields as Uint8Array[];
    expect(hex(chainTag!)).toBe("27");
    expect(hex(blockRef!)).toBe("0b2bce3c"); // the testnet genesis id's first 8 bytes, leading zeros dropped
    expect(Number(BigInt(`0x${hex(gas!)}`))).toBe(21_000 + 9 * 68); // 9 non-zero memo bytes at 68 gas each
    const [clause] = clauses as unknown as Uint8Array[][];
    expect(Buffer.from(clause![2]!).toString()).toBe("hello vet");
    const signingHash = blake2b256(toRlp(fields.slice(0, 9), "bytes"));
    const signature = fields[9] as Uint8Array;
    expect(
      secp256k1.verify(signature.slice(0, 64), signingHash, secp256k1.getPublicKey(seed), { prehash: false }),
    ).toBe(true);
    const id = `0x${hex(blake2b256(Uint8Array.from([...signingHash, ...addressOfSeed()])))}`;
    expect(signed.transactionHash).toBe(id);
    expect(id).toBe("0x32c17a80d74c7a73a0395aaf3cd8658a163f22bc72e75c452501656f1fcbb8b5");
  });

  it("decodes back what it signed; a changed signature recovers another sender; mainnet bytes are refused", async () => {
    const signed = await vetSigner.sign(seed, { to, amount: "2.000000000000000001", memo: "round trip ✓" });
    const decoded = await vetSigner.decode(signed.signedTransaction);
    expect(decoded).toMatchObject({
      transactionHash: signed.transactionHash,
      from: signed.from,
      to,
      amount: "2.000000000000000001",
      fee: signed.fee,
      memo: "round trip ✓",
      signatureValid: true,
    });
    expect(signed.fee).toBe("0.21952"); // (21,000 + 14 memo bytes × 68) gas × 10^13 wei
    // RFC 6979 deterministic ECDSA: the same input signs to the same bytes.
    expect(
      (await vetSigner.sign(seed, { to, amount: "2.000000000000000001", memo: "round trip ✓" })).signedTransaction,
    ).toBe(signed.signedTransaction);
    const b = bytesOf(signed.signedTransaction);
    b[b.length - 30]! ^= 0x01; // inside the signature's s
    const tampered = await vetSigner.decode(`0x${hex(b)}`).catch((e: unknown) => e);
    if (tampered instanceof OfflineDecodeError) expect(tampered.message).toBeTruthy();
    else expect((tampered as { from: string }).from).not.toBe(signed.from);
    const mainnet = `0x${signed.signedTransaction.slice(2, 6)}4a${signed.signedTransaction.slice(8)}`;
    await expect(vetSigner.decode(mainnet)).rejects.toBeInstanceOf(OfflineDecodeError);
    const plain = await vetSigner.decode(
      (await vetSigner.sign(seed, { to, amount: "1", memo: null })).signedTransaction,
    );
    expect(plain).toMatchObject({ amount: "1", memo: null, fee: "0.21", signatureValid: true });
  });

  it("signs the least amount and the longest memo, refuses what is outside the limits, and refuses garbage", async () => {
    const { minAmount, memoMaxBytes } = vetSigner.limits;
    const memo = "é".repeat(memoMaxBytes! / 2);
    const signed = await vetSigner.sign(seed, { to, amount: minAmount, memo });
    expect(await vetSigner.decode(signed.signedTransaction)).toMatchObject({ amount: "0.000000000000000001", memo });
    await expect(vetSigner.sign(seed, { to, amount: "0", memo: null })).rejects.toThrow();
    await expect(vetSigner.sign(seed, { to, amount: "1", memo: `${memo}x` })).rejects.toThrow();
    await expect(vetSigner.sign(seed, { to, amount: "0.0000000000000000001", memo: null })).rejects.toThrow();
    await expect(vetSigner.sign(seed, { to, amount: "1000000.000000000000000001", memo: null })).rejects.toThrow();
    await expect(
      vetSigner.sign(seed, { to: "0x000000000000000000000000000000000000DEAD", amount: "1", memo: null }),
    ).resolves.toBeTruthy();
    await expect(
      vetSigner.sign(seed, { to: "0x000000000000000000000000000000000000dEAd", amount: "1", memo: null }),
    ).rejects.toThrow();
    const random = `0x${hex(blake2b(Buffer.from("random"), { dkLen: 64 }))}`;
    const westend =
      "0x990284008a88e3dd7409f195fd52db2d3cba5d72ca6709bf1d94121bf3748801b40f6f5c00c95358e465a0aac246cf8c5b0198202bf159b68f7e996b3d6ae43653f7e79a38af423636784a4a10c84c0a216b3beb17d2b7e939030023f7c54c3e8bc63943010500000000002802080a03008eaf04151687736326c9fea17e25fc5287613693c912909cb226aa4794f26a480b0098f73e5d0100073468656c6c6f2077657374656e64";
    const eip1559 = `0x02${"ff".repeat(40)}`;
    const truncated = signed.signedTransaction.slice(0, -2);
    const trailing = `${signed.signedTransaction}00`;
    for (const bad of ["", "zz", "0x", "0x00", "0xc0", random, westend, eip1559, truncated, trailing])
      await expect(vetSigner.decode(bad)).rejects.toBeInstanceOf(OfflineDecodeError);
  });
});
