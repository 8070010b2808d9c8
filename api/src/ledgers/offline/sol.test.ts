import { ed25519 } from "@noble/curves/ed25519.js";
import { base58 } from "@scure/base";
import { describe, expect, it } from "vitest";
import { solSigner } from "./sol";
import { OfflineDecodeError } from "./types";

const seed = new Uint8Array(32).fill(1);
const to = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin";

describe("SOL offline signer (Solana devnet)", () => {
  it("derives the ed25519 address of the seed and signs a transaction whose id is its first signature", async () => {
    const expected = base58.encode(ed25519.getPublicKey(seed));
    expect(await solSigner.address(seed)).toBe(expected);
    expect(expected).toBe("AKnL4NNf3DGWZJS6cPknBuEGnVsV4A4m5tgebLHaRSZ9");

    const signed = await solSigner.sign(seed, { to, amount: "0.5", memo: "hello devnet" });
    const raw = Buffer.from(signed.signedTransaction, "base64");
    // Wire format: compact-u16 signature count (1), the 64-byte signatures, then the message they sign.
    expect(raw[0]).toBe(1);
    const signature = raw.subarray(1, 65);
    expect(ed25519.verify(signature, raw.subarray(65), ed25519.getPublicKey(seed))).toBe(true);
    expect(signed.transactionHash).toBe(base58.encode(signature));
    expect(signed.transactionHash).toBe(
      "3px57vzhCFUiHLoixde9KSxGLDKrkiXyovnaAbvNVZTnGYDhuxZnB4mPwn4EPQ86BwqJ3vxmvvYuTwJaTjfZah12",
    );
    // ed25519 is deterministic and the blockhash fixed: the same input gives the same bytes.
    expect((await solSigner.sign(seed, { to, amount: "0.5", memo: "hello devnet" })).signedTransaction).toBe(
      signed.signedTransaction,
    );
  });

  it("decodes its own transfer back and verifies it; a changed byte fails verification", async () => {
    const signed = await solSigner.sign(seed, { to, amount: "1.25", memo: "héllo ✓" });
    const decoded = await solSigner.decode(signed.signedTransaction);
    expect(decoded).toEqual({
      transactionHash: signed.transactionHash,
      from: signed.from,
      to,
      amount: "1.25",
      fee: signed.fee,
      memo: "héllo ✓",
      signatureValid: true,
      signatureNote: expect.any(String),
    });
    expect(signed.fee).toBe("0.000005");

    const raw = Buffer.from(signed.signedTransaction, "base64");
    const badSignature = Buffer.from(raw);
    badSignature.writeUInt8(badSignature.readUInt8(10) ^ 1, 10);
    expect((await solSigner.decode(badSignature.toString("base64"))).signatureValid).toBe(false);
    const badMessage = Buffer.from(raw);
    // The last memo byte: still a valid transaction, no longer the one signed.
    badMessage.writeUInt8(badMessage.readUInt8(raw.length - 1) ^ 1, raw.length - 1);
    const d = await solSigner.decode(badMessage.toString("base64"));
    expect(d.signatureValid).toBe(false);

    const plain = await solSigner.sign(seed, { to, amount: "2", memo: null });
    expect((await solSigner.decode(plain.signedTransaction)).memo).toBeNull();
  });

  it("signs the least amount and the longest memo, refuses beyond them, and refuses garbage", async () => {
    const memo = "m".repeat(solSigner.limits.memoMaxBytes!);
    const signed = await solSigner.sign(seed, { to, amount: solSigner.limits.minAmount, memo });
    const decoded = await solSigner.decode(signed.signedTransaction);
    expect(decoded).toMatchObject({ amount: "0.00089088", memo, signatureValid: true });
    await expect(solSigner.sign(seed, { to, amount: "0.00089087", memo: null })).rejects.toThrow();
    await expect(solSigner.sign(seed, { to, amount: "1", memo: `${memo}m` })).rejects.toThrow();
    await expect(solSigner.sign(seed, { to: "0xdead", amount: "1", memo: null })).rejects.toThrow();

    const evmTx = "0x02f86f82a86980843b9aca00850df8475800825208940000000000000000000000000000000000dead80";
    const random = Buffer.from(Array.from({ length: 200 }, (_, i) => (i * 97 + 13) % 256)).toString("base64");
    const truncated = signed.signedTransaction.slice(0, 200);
    for (const bad of ["", "zz", "zzzz", random, evmTx, truncated, `${signed.signedTransaction}AAAA`])
      await expect(solSigner.decode(bad)).rejects.toBeInstanceOf(OfflineDecodeError);
  });
});
