import { ed25519 } from "@noble/curves/ed25519.js";
import { blake2b } from "@noble/hashes/blake2.js";
import { chainSpec } from "@substrate/connect-known-chains/westend2_asset_hub";
import { describe, expect, it } from "vitest";
import { dotSigner } from "./dot";
import { OfflineDecodeError } from "./types";

const seed = new Uint8Array(32).fill(1);
const bob = "5FHneW46xGXgs5mUiveU4sbTyGBzmstUspZC92UhjJM694ty"; // the dev account //Bob, SS58 prefix 42
const bobKey = "8eaf04151687736326c9fea17e25fc5287613693c912909cb226aa4794f26a48";
const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");
const bytesOf = (h: string) => Uint8Array.from(Buffer.from(h.slice(2), "hex"));
const blake2 = (b: Uint8Array, dkLen: number) => blake2b(b, { dkLen });

function base58(bytes: Uint8Array): string {
  const alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
  let n = BigInt(`0x${hex(bytes)}`);
  let out = "";
  for (; n > 0n; n /= 58n) out = alphabet[Number(n % 58n)] + out;
  for (const b of bytes) if (b === 0) out = `1${out}`;
  return out;
}

/** SS58 (prefix 42) by its definition: base58(prefix ‖ key ‖ blake2b-512("SS58PRE" ‖ prefix ‖ key)[0..2]). */
function ss58(publicKey: Uint8Array): string {
  const body = Uint8Array.from([42, ...publicKey]);
  const sum = blake2(Uint8Array.from([...Buffer.from("SS58PRE"), ...body]), 64).slice(0, 2);
  return base58(Uint8Array.from([...body, ...sum]));
}

/** Splits a signed v4 extrinsic by hand: [after the length prefix, the signature, the signed extra, the call]. */
function split(signedHex: string) {
  const raw = bytesOf(signedHex);
  const lengthBytes = [1, 2, 4][raw[0]! & 3]!;
  const body = raw.slice(lengthBytes);
  expect(body[0]).toBe(0x84); // signed, version 4
  expect(body[1]).toBe(0x00); // MultiAddress::Id
  expect(body[34]).toBe(0x00); // MultiSignature::Ed25519
  const signer = body.slice(2, 34);
  const signature = body.slice(35, 99);
  const extra = body.slice(99, 105); // era (2 bytes), nonce 0, tip 0, asset id None, metadata-hash mode 0
  const call = body.slice(105);
  return { signer, signature, extra, call };
}

describe("DOT offline signer (Westend Asset Hub, txwrapper)", () => {
  it("derives the seed's ed25519 address and the network's genesis hash as noble and the chain spec give them", async () => {
    const expected = ss58(ed25519.getPublicKey(seed));
    expect(await dotSigner.address(seed)).toBe(expected);
    expect(expected).toBe("5FCM8VvFKfKzQnmkT7X9kDY6xMcgeGYRK8tmSbfwpXyM1CvS");
    // The genesis hash is the BLAKE2b-256 of the genesis header: parent 0, number 0, the spec's state root, the
    // empty extrinsics root, no digest.
    const stateRoot = (JSON.parse(chainSpec) as { genesis: { stateRootHash: string } }).genesis.stateRootHash;
    const emptyTrieRoot = "03170a2e7597b7b7e3d84c05391d139a62b157e78786d8c082f29dcf4c111314";
    const header = Buffer.from(`${"00".repeat(32)}00${stateRoot.slice(2)}${emptyTrieRoot}00`, "hex");
    expect(dotSigner.network.id).toBe(`0x${hex(blake2(header, 32))}`);
  });

  it("signs a transfer whose id is BLAKE2b-256 of its bytes and whose signature covers Westend Asset Hub", async () => {
    const signed = await dotSigner.sign(seed, { to: bob, amount: "1.5", memo: "hello westend" });
    expect(signed.transactionHash).toBe(`0x${hex(blake2(bytesOf(signed.signedTransaction), 32))}`);
    expect(signed.transactionHash).toBe("0x9c91233838a474843d579a655aecefe6d7b8c641be77becedee468ae7a52d130");
    // By hand: utility.batchAll (40, 2) of [balances.transferKeepAlive (10, 3) to Bob, system.remarkWithEvent (0, 7)].
    const { signer, signature, extra, call } = split(signed.signedTransaction);
    expect(hex(signer)).toBe(hex(ed25519.getPublicKey(seed)));
    expect(hex(call)).toMatch(new RegExp(`^2802080a0300${bobKey}.+000734${hex(Buffer.from("hello westend"))}$`));
    // The payload rebuilt by hand: call, extra, then spec 1016000, transaction version 16, genesis hash, the
    // checkpoint block hash (born at block 0: the genesis hash again) and no metadata hash; hashed when over 256 bytes.
    const genesis = dotSigner.network.id!.slice(2);
    const le32 = (n: number) => hex(Uint8Array.from([n, n >> 8, n >> 16, n >> 24]));
    let payload = bytesOf(`0x${hex(call)}${hex(extra)}${le32(1_016_000)}${le32(16)}${genesis}${genesis}00`);
    if (payload.length > 256) payload = blake2(payload, 32);
    expect(ed25519.verify(signature, payload, signer)).toBe(true);
  });

  it("decodes back what it signed and checks the signature; a changed byte fails it", async () => {
    const signed = await dotSigner.sign(seed, { to: bob, amount: "2.000000000001", memo: "round trip ✓" });
    const decoded = await dotSigner.decode(signed.signedTransaction);
    expect(decoded).toMatchObject({
      transactionHash: signed.transactionHash,
      from: signed.from,
      to: bob,
      amount: "2.000000000001",
      fee: signed.fee,
      memo: "round trip ✓",
      signatureValid: true,
    });
    // ed25519 is deterministic: the same input signs to the same bytes.
    expect(
      (await dotSigner.sign(seed, { to: bob, amount: "2.000000000001", memo: "round trip ✓" })).signedTransaction,
    ).toBe(signed.signedTransaction);
    const flip = (at: number) => {
      const b = bytesOf(signed.signedTransaction);
      b[at]! ^= 0x01;
      return `0x${hex(b)}`;
    };
    const lengthBytes = [1, 2, 4][bytesOf(signed.signedTransaction)[0]! & 3]!;
    const inSignature = await dotSigner.decode(flip(lengthBytes + 40));
    expect(inSignature.signatureValid).toBe(false);
    // The same ed25519 signature declared as sr25519 (MultiSignature type byte 0 → 1) is refused, as on chain.
    expect((await dotSigner.decode(flip(lengthBytes + 34))).signatureValid).toBe(false);
    const inMemo = await dotSigner.decode(flip(bytesOf(signed.signedTransaction).length - 1));
    expect(inMemo.signatureValid).toBe(false);
    expect(inMemo.memo).not.toBe("round trip ✓");
    const plain = await dotSigner.decode(
      (await dotSigner.sign(seed, { to: bob, amount: "1", memo: null })).signedTransaction,
    );
    expect(plain).toMatchObject({ amount: "1", memo: null, signatureValid: true });
  });

  it("signs the least amount and the longest memo, refuses what is outside the limits, and refuses garbage", async () => {
    const { minAmount, memoMaxBytes } = dotSigner.limits;
    expect(minAmount).toBe("0.001");
    const memo = "é".repeat(memoMaxBytes! / 2);
    const signed = await dotSigner.sign(seed, { to: bob, amount: minAmount, memo });
    expect(await dotSigner.decode(signed.signedTransaction)).toMatchObject({ amount: "0.001", memo });
    await expect(dotSigner.sign(seed, { to: bob, amount: "0.000999999999", memo: null })).rejects.toThrow();
    await expect(dotSigner.sign(seed, { to: bob, amount: "1", memo: `${memo}x` })).rejects.toThrow();
    await expect(dotSigner.sign(seed, { to: bob, amount: "0.0010000000001", memo: null })).rejects.toThrow();
    await expect(dotSigner.sign(seed, { to: bob, amount: "1000000.000000000001", memo: null })).rejects.toThrow();
    // //Bob on Polkadot (prefix 0) is not a Westend address.
    await expect(
      dotSigner.sign(seed, { to: "14E5nqKAp3oAJcmzgZhUD2RcptBeUBScxKHgJKU4HPNcKVf3", amount: "1", memo: null }),
    ).rejects.toThrow();
    const random = `0x${hex(blake2(Buffer.from("random"), 64))}`;
    const vechain =
      "0xf88527840b2bce3c8202d0e9e894000000000000000000000000000000000000dead880de0b6b3a76400008968656c6c6f207665748082546c80880102030405060708c0b841143c9d2c310c3f9b280af3ee731bab5405bc1068cb9044582d18b74b284e748c0f019b4522fdc9430f64f1173f63b1d6bfa5e04b79ef22ef9fa8bfcdbb32c21300";
    const truncated = signed.signedTransaction.slice(0, -2);
    const trailing = `${signed.signedTransaction}00`;
    for (const bad of ["", "zz", "0x", "0x00", "0x0400", random, vechain, truncated, trailing])
      await expect(dotSigner.decode(bad)).rejects.toBeInstanceOf(OfflineDecodeError);
  });
});
