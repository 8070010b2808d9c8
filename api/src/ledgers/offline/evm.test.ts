import { secp256k1 } from "@noble/curves/secp256k1.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { describe, expect, it } from "vitest";
import { evmOfflineSigner, transferGas } from "./evm";
import { OfflineDecodeError } from "./types";

const fuji = evmOfflineSigner({ symbol: "AVAX", name: "Avalanche Fuji C-Chain", chainId: 43113, nativeSymbol: "AVAX" });
const amoy = evmOfflineSigner({ symbol: "MATIC", name: "Polygon Amoy", chainId: 80002, nativeSymbol: "POL" });
const seed = new Uint8Array(32).fill(1);
const to = "0x000000000000000000000000000000000000dEaD";
const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");

describe("EVM offline signer", () => {
  it("derives the address of the seed as secp256k1 and keccak-256 do, independently", async () => {
    const pub = secp256k1.getPublicKey(seed, false).slice(1);
    const expected = `0x${hex(keccak_256(pub).slice(-20))}`;
    expect((await fuji.address(seed)).toLowerCase()).toBe(expected);
    expect(expected).toBe("0x1a642f0e3c3af545e7acbd38b07251b3990914f1");
  });

  it("signs a transfer whose id is keccak-256 of its bytes and which decodes to what was asked", async () => {
    const signed = await fuji.sign(seed, { to, amount: "1.5", memo: "hello fuji" });
    const bytes = Buffer.from(signed.signedTransaction.slice(2), "hex");
    expect(signed.transactionHash).toBe(`0x${hex(keccak_256(bytes))}`);
    expect(bytes[0]).toBe(2);
    const decoded = await fuji.decode(signed.signedTransaction);
    expect(decoded).toMatchObject({
      transactionHash: signed.transactionHash,
      from: signed.from,
      to,
      amount: "1.5",
      memo: "hello fuji",
      signatureValid: true,
    });
    expect(decoded.fee).toBe(signed.fee);
    // The same input signs to the same bytes (RFC 6979 deterministic ECDSA).
    expect((await fuji.sign(seed, { to, amount: "1.5", memo: "hello fuji" })).signedTransaction).toBe(
      signed.signedTransaction,
    );
  });

  it("a changed signature recovers another sender or fails; another chain's bytes are refused", async () => {
    const signed = await fuji.sign(seed, { to, amount: "0.1", memo: null });
    const tampered = `${signed.signedTransaction.slice(0, -6)}${signed.signedTransaction.slice(-6, -4) === "00" ? "01" : "00"}${signed.signedTransaction.slice(-4)}`;
    const d = await fuji.decode(tampered).catch((e: unknown) => e);
    if (d instanceof OfflineDecodeError) expect(d.message).toBeTruthy();
    else expect((d as { from: string | null }).from).not.toBe(signed.from);
    await expect(amoy.decode(signed.signedTransaction)).rejects.toBeInstanceOf(OfflineDecodeError);
  });

  it("signs the least amount and the longest memo; counts calldata gas; refuses garbage", async () => {
    const memo = "x".repeat(fuji.limits.memoMaxBytes!);
    const signed = await fuji.sign(seed, { to, amount: fuji.limits.minAmount, memo });
    expect((await fuji.decode(signed.signedTransaction)).amount).toBe("0.000000000000000001");
    expect(transferGas("0x0001")).toBe(21_000n + 4n + 16n);
    await expect(fuji.sign(seed, { to, amount: "1", memo: `${memo}x` })).rejects.toThrow();
    for (const bad of ["", "zz", "0x02", "0x01abcd", `0x02${"ff".repeat(40)}`])
      await expect(fuji.decode(bad)).rejects.toBeInstanceOf(OfflineDecodeError);
  });
});
