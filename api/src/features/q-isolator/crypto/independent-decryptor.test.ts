// Envelopes the product sealed decrypt to the same bytes with code that shares nothing with it
// (testing/independent-decryptor.ts: mlkem, @noble/ciphers, @noble/hashes, written from the format document).
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { LEVEL_ALGORITHMS, SECURITY_LEVELS } from "../q-isolator.constants";
import { kemKeygen, rewrapFile } from ".";
import { levelFixture, sealed } from "./testing/fixtures";
import { independentDecrypt, independentKeypair } from "./testing/independent-decryptor";

describe.each(SECURITY_LEVELS)("independent decryptor at %s", (level) => {
  const kem = LEVEL_ALGORITHMS[level].kem;

  it(`${kem}: the same seed gives byte-identical ek and dk in both libraries (FIPS 203 layout)`, async () => {
    const seed = new Uint8Array(randomBytes(64));
    const ours = kemKeygen(level, seed);
    const theirs = await independentKeypair(kem, seed);
    expect(Buffer.from(theirs.ek).equals(Buffer.from(ours.encapsulationKey))).toBe(true);
    expect(Buffer.from(theirs.dk).equals(Buffer.from(ours.decapsulationKey))).toBe(true);
  });

  it(`decrypts product-sealed ${kem} envelopes for each recipient, also after a re-wrap`, async () => {
    const f = levelFixture(level);
    const s = sealed(f, new Uint8Array(randomBytes(100_000)));
    for (const [id, dk] of [
      ["custodian", f.custodian.decapsulationKey],
      ["agency:NSA", f.agency.decapsulationKey],
    ] as const) {
      const plaintext = await independentDecrypt(s.bytes, id, dk, f.signer.verificationKey);
      expect(Buffer.from(plaintext).equals(Buffer.from(s.plaintext))).toBe(true);
    }
    const newcomer = kemKeygen(level);
    const v2 = rewrapFile({
      envelope: s.bytes,
      expected: s.expected,
      opener: s.custodianKey,
      add: [{ id: "agency:FBI", encapsulationKey: newcomer.encapsulationKey }],
      signer: f.signer,
    });
    const plaintext = await independentDecrypt(
      v2.bytes,
      "agency:FBI",
      newcomer.decapsulationKey,
      f.signer.verificationKey,
    );
    expect(Buffer.from(plaintext).equals(Buffer.from(s.plaintext))).toBe(true);
    // And it refuses what the product refuses: a flipped payload bit, a wrong key.
    const flipped = s.bytes.slice();
    flipped[flipped.length - 1]! ^= 1;
    await expect(
      independentDecrypt(flipped, "custodian", f.custodian.decapsulationKey, f.signer.verificationKey),
    ).rejects.toThrow(/digest/);
    await expect(
      independentDecrypt(s.bytes, "custodian", newcomer.decapsulationKey, f.signer.verificationKey),
    ).rejects.toThrow();
  });

  it("decrypts an empty file", async () => {
    const f = levelFixture(level);
    const s = sealed(f, new Uint8Array(0));
    expect(
      (await independentDecrypt(s.bytes, "custodian", f.custodian.decapsulationKey, f.signer.verificationKey)).length,
    ).toBe(0);
  });
});
