import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import * as btc from "@scure/btc-signer";
import { bech32 } from "@scure/base";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { btcSigner } from "./btc.ts";
import { OfflineDecodeError } from "./types.ts";

const SEED = new Uint8Array(32).fill(1);
// BIP 173's P2WPKH test vector: the key hash of private key 1 on testnet.
const BIP173_TESTNET = "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx";
const sha256 = (b: Uint8Array) => createHash("sha256").update(b).digest();

/** The non-witness serialization (BIP 144 stripped of marker, flag and witnesses), read by hand. */
function stripWitness(raw: Uint8Array): { base: Uint8Array; total: number } {
  expect([raw[4], raw[5]]).toEqual([0, 1]); // segwit marker and flag
  let p = 6;
  const varint = () => {
    const n = raw[p]!;
    expect(n).toBeLessThan(0xfd); // small transactions only
    p += 1;
    return n;
  };
  const start = p;
  const inputs = varint();
  for (let i = 0; i < inputs; i++) {
    p += 36;
    const scriptSig = varint();
    p += scriptSig + 4;
  }
  const outputs = varint();
  for (let i = 0; i < outputs; i++) {
    p += 8;
    const script = varint();
    p += script;
  }
  const end = p;
  const base = new Uint8Array([...raw.subarray(0, 4), ...raw.subarray(start, end), ...raw.subarray(raw.length - 4)]);
  return { base, total: raw.length };
}

function independentTxid(hexTx: string): string {
  const { base } = stripWitness(Buffer.from(hexTx, "hex"));
  return Buffer.from(sha256(sha256(base)))
    .reverse()
    .toString("hex");
}

async function expectDecodeError(input: string) {
  await expect(btcSigner.decode(input)).rejects.toBeInstanceOf(OfflineDecodeError);
}

describe("btcSigner (Bitcoin testnet4, @scure/btc-signer)", () => {
  it("derives the P2WPKH address independently computed from the seed", async () => {
    const hash160 = createHash("ripemd160")
      .update(sha256(secp256k1.getPublicKey(SEED, true)))
      .digest();
    const expected = bech32.encode("tb", [0, ...bech32.toWords(hash160)]);
    expect(expected).toBe("tb1q0xcqpzrky6eff2g52qdye53xkk9jxkvraulyla");
    expect(await btcSigner.address(SEED)).toBe(expected);
    const one = new Uint8Array(32);
    one[31] = 1;
    expect(await btcSigner.address(one)).toBe(BIP173_TESTNET);
  });

  it("signs deterministically, with the txid the coin's rule gives the raw bytes", async () => {
    const transfer = { to: BIP173_TESTNET, amount: "0.001", memo: "hello" };
    const signed = await btcSigner.sign(SEED, transfer);
    expect(signed.encoding).toBe("hex");
    expect(signed.transactionHash).toBe(independentTxid(signed.signedTransaction));
    expect(signed.transactionHash).toBe("bb40e1e6a22797035357964fb65e320cb45bf0b81df8307bad2e27add5289b42");
    expect((await btcSigner.sign(SEED, transfer)).signedTransaction).toBe(signed.signedTransaction);
  });

  it("round-trips a transfer with a memo, and the signature verifies", async () => {
    const signed = await btcSigner.sign(SEED, { to: BIP173_TESTNET, amount: "0.25", memo: "order #42 ✓" });
    const decoded = await btcSigner.decode(signed.signedTransaction);
    expect(decoded).toMatchObject({
      transactionHash: signed.transactionHash,
      from: signed.from,
      to: BIP173_TESTNET,
      amount: "0.25",
      fee: signed.fee,
      memo: "order #42 ✓",
      signatureValid: true,
    });
    expect(signed.from).toBe(await btcSigner.address(SEED));
    // The fee pays at least the documented 2 sat/vB on the real virtual size.
    const { base, total } = stripWitness(Buffer.from(signed.signedTransaction, "hex"));
    const vsize = Math.ceil((base.length * 3 + total) / 4);
    expect(Math.round(Number(signed.fee) * 1e8)).toBeGreaterThanOrEqual(2 * vsize);
  });

  it("rejects a flipped signature byte and a flipped payment amount", async () => {
    const { signedTransaction: hex } = await btcSigner.sign(SEED, { to: BIP173_TESTNET, amount: "0.5", memo: null });
    const raw = Buffer.from(hex, "hex");
    // witness: ... 02 <len> <DER sig + sighash> 21 <pubkey> <locktime>; the DER signature's last s byte sits just
    // before the sighash byte, 1 + 33 + 4 + 1 bytes from the end.
    const sigFlipped = Buffer.from(raw);
    sigFlipped[raw.length - 40]! ^= 0x01;
    expect((await btcSigner.decode(sigFlipped.toString("hex"))).signatureValid).toBe(false);
    // The payment amount: 8 bytes little-endian right after the output count (1-byte) following the input.
    const amountFlipped = Buffer.from(raw);
    const amountAt = 6 + 1 + 36 + 1 + 4 + 1;
    amountFlipped[amountAt]! ^= 0x01;
    const decoded = await btcSigner.decode(amountFlipped.toString("hex"));
    expect(decoded.amount).not.toBe("0.5");
    expect(decoded.signatureValid).toBe(false);
  });

  it("signs the smallest amount and the longest memo, and refuses beyond the limits", async () => {
    const { limits } = btcSigner;
    expect(limits).toMatchObject({ decimals: 8, minAmount: "0.00000294", maxAmount: "1", memoMaxBytes: 80 });
    const longest = "é".repeat(40); // 80 UTF-8 bytes
    const min = await btcSigner.sign(SEED, { to: BIP173_TESTNET, amount: limits.minAmount, memo: longest });
    expect(await btcSigner.decode(min.signedTransaction)).toMatchObject({
      amount: "0.00000294",
      memo: longest,
      signatureValid: true,
    });
    const max = await btcSigner.sign(SEED, { to: BIP173_TESTNET, amount: limits.maxAmount, memo: "" });
    expect(await btcSigner.decode(max.signedTransaction)).toMatchObject({
      amount: "1",
      memo: "",
      signatureValid: true,
    });

    const to = BIP173_TESTNET;
    await expect(btcSigner.sign(SEED, { to, amount: "0.00000293", memo: null })).rejects.toThrow(/out of range/);
    await expect(btcSigner.sign(SEED, { to, amount: "1.00000001", memo: null })).rejects.toThrow(/out of range/);
    await expect(btcSigner.sign(SEED, { to, amount: "0.000000001", memo: null })).rejects.toThrow(/8 places/);
    await expect(btcSigner.sign(SEED, { to, amount: "0.001", memo: `${longest}x` })).rejects.toThrow(/81 bytes/);
    // A mainnet address and a testnet P2TR address are refused.
    await expect(
      btcSigner.sign(SEED, { to: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", amount: "0.001", memo: null }),
    ).rejects.toThrow(/testnet address/);
    await expect(
      btcSigner.sign(SEED, {
        to: btc.p2tr(secp256k1.getPublicKey(SEED, true).subarray(1), undefined, btc.TEST_NETWORK).address!,
        amount: "0.001",
        memo: null,
      }),
    ).rejects.toThrow(/P2WPKH/);
  });

  it("throws OfflineDecodeError on bytes that are not such a transaction", async () => {
    const { signedTransaction: hex } = await btcSigner.sign(SEED, { to: BIP173_TESTNET, amount: "0.01", memo: null });
    await expectDecodeError("");
    await expectDecodeError("zz");
    await expectDecodeError("abc");
    await expectDecodeError(hex.slice(0, hex.length - 10)); // truncated
    await expectDecodeError(`${hex}00`); // trailing byte
    let random = sha256(Buffer.from("random"));
    for (let i = 0; i < 20; i++) {
      random = sha256(random);
      await expectDecodeError(Buffer.concat([random, sha256(random), sha256(sha256(random))]).toString("hex"));
    }
    // The same transaction without its witness (a legacy serialization), and another coin's bytes (Kaspa's base64 JSON).
    const { base } = stripWitness(Buffer.from(hex, "hex"));
    await expectDecodeError(Buffer.from(base).toString("hex"));
    await expectDecodeError(Buffer.from('{"transaction":{"version":0}}').toString("base64"));
  });
});
