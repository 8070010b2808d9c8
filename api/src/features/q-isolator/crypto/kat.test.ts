// Known-answer tests: NIST ACVP vectors for ML-KEM-768 and ML-DSA-65 (testing/acvp/, sources and commits in
// testing/acvp/SOURCES.md) run through pq.ts, the product's one path to the algorithms.
import { describe, expect, it } from "vitest";
import kem from "./testing/acvp/ml-kem-768.json";
import dsa from "./testing/acvp/ml-dsa-65.json";
import { dsaKeygen, dsaSign, dsaVerify, kemDecapsulate, kemEncapsulate, kemKeygen } from "./pq";

const hex = (s: string) => new Uint8Array(Buffer.from(s, "hex"));
const same = (a: Uint8Array, b: string) => Buffer.from(a).toString("hex").toUpperCase() === b.toUpperCase();

describe("ACVP ML-KEM-768 (FIPS 203) through pq.ts", () => {
  it("bundles the cases it claims", () => {
    expect(kem.source.parameterSet).toBe("ML-KEM-768");
    expect(kem.source.revision).toBe("FIPS203");
    expect([kem.keyGen.length, kem.encapsulation.length, kem.decapsulation.length]).toEqual([3, 3, 3]);
  });

  it.each(kem.keyGen.map((c) => [c.tcId, c] as const))("keyGen tcId %i: KeyGen(d || z) gives ek and dk", (_id, c) => {
    const { encapsulationKey, decapsulationKey } = kemKeygen("ENTERPRISE", hex(c.d + c.z));
    expect(same(encapsulationKey, c.ek)).toBe(true);
    expect(same(decapsulationKey, c.dk)).toBe(true);
  });

  it.each(kem.encapsulation.map((c) => [c.tcId, c] as const))(
    "encapsulation tcId %i: Encaps(ek, m) gives c and k",
    (_id, c) => {
      const { kemCiphertext, sharedSecret } = kemEncapsulate("ENTERPRISE", hex(c.ek), hex(c.m));
      expect(same(kemCiphertext, c.c)).toBe(true);
      expect(same(sharedSecret, c.k)).toBe(true);
    },
  );

  it.each(kem.decapsulation.map((c) => [c.tcId, c] as const))(
    "decapsulation tcId %i: Decaps(dk, c) gives k (implicit rejection included)",
    (_id, c) => {
      expect(same(kemDecapsulate("ENTERPRISE", hex(c.c), hex(c.dk)), c.k)).toBe(true);
    },
  );
});

describe("ACVP ML-DSA-65 (FIPS 204) through pq.ts", () => {
  it("bundles the cases it claims (no sigGen case could be sourced for final FIPS 204, see SOURCES.md)", () => {
    expect(dsa.source.parameterSet).toBe("ML-DSA-65");
    expect(dsa.source.revision).toBe("FIPS204");
    expect([dsa.keyGen.length, dsa.sigGen.length, dsa.sigVer.length]).toEqual([3, 0, 4]);
  });

  it.each(dsa.keyGen.map((c) => [c.tcId, c] as const))("keyGen tcId %i: KeyGen(seed) gives pk and sk", (_id, c) => {
    const { verificationKey, signingKey } = dsaKeygen("ENTERPRISE", hex(c.seed));
    expect(same(verificationKey, c.pk)).toBe(true);
    expect(same(signingKey, c.sk)).toBe(true);
  });

  it.each(dsa.sigVer.map((c) => [c.tcId, c] as const))("sigVer tcId %i (external, pure, with context)", (_id, c) => {
    expect(c.signatureInterface).toBe("external");
    expect(c.preHash).toBe("pure");
    expect(dsaVerify("ENTERPRISE", hex(c.pk), hex(c.message), hex(c.signature), { context: hex(c.context) })).toBe(
      c.testPassed,
    );
  });

  // Not a known answer (no sigGen vector is bundled): signing with the NIST keyGen keys through pq.ts, in
  // both modes the product's options allow, verifies under the NIST public key and is bound to the context.
  it.each(dsa.keyGen.map((c) => [c.tcId, c] as const))(
    "sign/verify with keyGen tcId %i's keys, deterministic and hedged",
    (_id, c) => {
      const message = hex(dsa.sigVer[1]!.message);
      const context = new TextEncoder().encode("XQPQ/1");
      const deterministic = dsaSign("ENTERPRISE", hex(c.sk), message, { context, random: false });
      expect(
        Buffer.from(dsaSign("ENTERPRISE", hex(c.sk), message, { context, random: false })).equals(
          Buffer.from(deterministic),
        ),
      ).toBe(true);
      const hedged = dsaSign("ENTERPRISE", hex(c.sk), message, { context, random: new Uint8Array(32).fill(7) });
      expect(Buffer.from(hedged).equals(Buffer.from(deterministic))).toBe(false);
      for (const sig of [deterministic, hedged]) {
        expect(dsaVerify("ENTERPRISE", hex(c.pk), message, sig, { context })).toBe(true);
        expect(dsaVerify("ENTERPRISE", hex(c.pk), message, sig, { context: new TextEncoder().encode("XQPQ/2") })).toBe(
          false,
        );
      }
    },
  );
});
