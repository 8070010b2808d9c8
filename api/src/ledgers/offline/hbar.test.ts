import { createHash, createPrivateKey, createPublicKey } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hbarSigner } from "./hbar";
import { OfflineDecodeError } from "./types";

const seed = new Uint8Array(32).fill(1);
const to = "0.0.12345";
// Signed bytes of other coins (an Algorand payment, a Cardano preprod transfer): not Hedera transactions.
const OTHER_COINS = [
  "82a3736967c440662dd1bfbd5b556ce5c22424baa3a6917136e4df596e12c59db8e37c8485ce361322c02ccaf8a58e1398926c59173ecb18eabb5f6095ee905942115be0432b0aa374786e89a3616d74ce000f4240a3666565cd03e8a26676ce02faf080a367656eac746573746e65742d76312e30a26768c4204863b518a4b3c84ec810f22d4f1081cb0f71f059a7ac20dec62f7f70e5093a22a26c76ce02faf468a3726376c4208139770ea87d175f56a35466c34c7ecccb8d8a91b4ee37a25df60f5b8fc9b394a3736e64c4208139770ea87d175f56a35466c34c7ecccb8d8a91b4ee37a25df60f5b8fc9b394a474797065a3706179",
  "84a500d9010281825820b4376abacbd13f07d3edc47daf98b967c0c0b20ed72141219eb2a4d345eaac8200018282581d60008b47844d92812fc30d1f0ac9b6fbf38778ccba9db8312ad90790791a000f424082581d60008b47844d92812fc30d1f0ac9b6fbf38778ccba9db8312ad90790791b000000e8d52bdb03021a0002893d031a07270e000f00a100d90102818258208139770ea87d175f56a35466c34c7ecccb8d8a91b4ee37a25df60f5b8fc9b3945840c0164acb635842ed3accec6c7a171a0d411a160b2db16c4b88cc94e5a351b03c30e6d3a7c1ac5f7e8fb7d78c81e502028fa52dd221be2b3133f1dd42a498ec01f5f6",
];

/** The length-delimited field `field` of a protobuf message, read by hand (varint tags and lengths). */
function protoField(msg: Uint8Array, field: number): Uint8Array {
  let p = 0;
  const varint = () => {
    let n = 0;
    for (let shift = 0; ; shift += 7) {
      const b = msg[p++]!;
      n += (b & 0x7f) * 2 ** shift;
      if (b < 0x80) return n;
    }
  };
  while (p < msg.length) {
    const tag = varint();
    expect(tag & 7).toBe(2); // the messages read here hold only length-delimited fields
    const len = varint();
    if (tag >> 3 === field) return msg.subarray(p, p + len);
    p += len;
  }
  throw new Error(`no field ${field}`);
}

const flip = (h: string, at: number) =>
  `${h.slice(0, at)}${(parseInt(h.slice(at, at + 2), 16) ^ 1).toString(16).padStart(2, "0")}${h.slice(at + 2)}`;

describe("HBAR offline signer", () => {
  it("derives the key's alias and the transaction hash as node:crypto and protobuf do, independently", async () => {
    const der = Buffer.concat([Buffer.from("302e020100300506032b657004220420", "hex"), seed]);
    const spki = createPublicKey(createPrivateKey({ key: der, format: "der", type: "pkcs8" })).export({
      format: "der",
      type: "spki",
    });
    const expected = `0.0.${spki.toString("hex")}`;
    expect(expected).toBe(
      "0.0.302a300506032b65700321008a88e3dd7409f195fd52db2d3cba5d72ca6709bf1d94121bf3748801b40f6f5c",
    );
    expect(await hbarSigner.address(seed)).toBe(expected);

    const signed = await hbarSigner.sign(seed, { to, amount: "1.5", memo: "known answer" });
    // TransactionList { Transaction transaction_list = 1 } and Transaction { bytes signedTransactionBytes = 5 }.
    const list = Buffer.from(signed.signedTransaction, "hex");
    const signedTransactionBytes = protoField(protoField(list, 1), 5);
    expect(signed.transactionHash).toBe(createHash("sha384").update(signedTransactionBytes).digest("hex"));
    expect(signed.transactionHash).toBe(
      "e965c7078646c1ad70eda5cbd1e6e1aab8256e137402a06ab37f7c8b1da40a53a9516128da74841a5fc74176ffa3d03b",
    );
    expect(signed.assumptions.join(" ")).toContain("0.0.1001@1735689600.000000000");
  });

  it("round-trips a transfer with a memo; a changed signature or memo fails verification", async () => {
    const memo = "memo ☃ on Hedera testnet";
    const signed = await hbarSigner.sign(seed, { to, amount: "12.34567891", memo });
    const decoded = await hbarSigner.decode(signed.signedTransaction);
    expect(decoded).toEqual({
      transactionHash: signed.transactionHash,
      from: "0.0.1001",
      to,
      amount: "12.34567891",
      fee: "1",
      memo,
      signatureValid: true,
      signatureNote: expect.any(String),
    });
    expect(signed).toMatchObject({ from: "0.0.1001", fee: "1" });
    expect((await hbarSigner.sign(seed, { to, amount: "12.34567891", memo })).signedTransaction).toBe(
      signed.signedTransaction,
    );

    const h = signed.signedTransaction;
    expect((await hbarSigner.decode(flip(h, h.length - 2))).signatureValid).toBe(false); // the signature ends the bytes
    const changed = await hbarSigner.decode(flip(h, h.indexOf(Buffer.from("memo ").toString("hex"))));
    expect(changed.memo).not.toBe(memo);
    expect(changed.signatureValid).toBe(false);
  });

  it("signs the least amount and the longest memo to a key alias; refuses less, more and garbage", async () => {
    const alias = await hbarSigner.address(new Uint8Array(32).fill(2));
    const memo = "é".repeat(hbarSigner.limits.memoMaxBytes! / 2);
    const signed = await hbarSigner.sign(seed, { to: alias, amount: hbarSigner.limits.minAmount, memo });
    expect(await hbarSigner.decode(signed.signedTransaction)).toMatchObject({
      to: alias,
      amount: "0.00000001",
      memo,
      signatureValid: true,
    });
    const most = await hbarSigner.sign(seed, { to, amount: hbarSigner.limits.maxAmount, memo: null });
    expect(await hbarSigner.decode(most.signedTransaction)).toMatchObject({ amount: "1000000", memo: null });
    await expect(hbarSigner.sign(seed, { to, amount: "0", memo: null })).rejects.toThrow(Error);
    await expect(hbarSigner.sign(seed, { to, amount: "0.000000001", memo: null })).rejects.toThrow(Error);
    await expect(hbarSigner.sign(seed, { to, amount: "1000000.00000001", memo: null })).rejects.toThrow(Error);
    await expect(hbarSigner.sign(seed, { to, amount: "1", memo: `${memo}x` })).rejects.toThrow(Error);
    await expect(hbarSigner.sign(seed, { to, amount: "1", memo: "a\0b" })).rejects.toThrow(Error);
    for (const bad of ["0.0.1001", "1.2.3", "0.0.0", "alice"])
      await expect(hbarSigner.sign(seed, { to: bad, amount: "1", memo: null })).rejects.toThrow(Error);
    const random = Buffer.from(Uint8Array.from({ length: 200 }, (_, i) => (i * 97 + 13) & 255)).toString("hex");
    for (const bad of [
      "",
      "zz",
      "0a00",
      random,
      signed.signedTransaction.slice(0, -20),
      `${signed.signedTransaction}00`,
      ...OTHER_COINS,
    ])
      await expect(hbarSigner.decode(bad)).rejects.toBeInstanceOf(OfflineDecodeError);
  });
});
