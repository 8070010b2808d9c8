// pq.ts's key checks: what the API uses to refuse a malformed key with a 400 before sealing or opening.
import { describe, expect, it } from "vitest";
import { SECURITY_LEVELS } from "../q-isolator.constants";
import { ALGORITHM_SIZES, checkDecapsulationKey, checkEncapsulationKey, kemKeygen } from ".";

describe.each(SECURITY_LEVELS)("key checks at %s", (level) => {
  const { encapsulationKey: ek, decapsulationKey: dk } = kemKeygen(level);

  it("accepts real keys", () => {
    expect(checkEncapsulationKey(level, ek)).toBeNull();
    expect(checkDecapsulationKey(level, dk)).toBeNull();
  });

  it("refuses wrong lengths, out-of-range coefficients and a broken H(ek)", () => {
    expect(checkEncapsulationKey(level, ek.subarray(1))).toMatch(
      new RegExp(
        `${ALGORITHM_SIZES[level].encapsulationKey} bytes, got ${ALGORITHM_SIZES[level].encapsulationKey - 1}`,
      ),
    );
    expect(checkDecapsulationKey(level, new Uint8Array(10))).toMatch(/bytes, got 10/);
    // 0xFF 0xFF 0xFF encodes two 12-bit coefficients of 4095 > q = 3329: the modulus check fails.
    const badEk = ek.slice();
    badEk.fill(0xff, 0, 3);
    expect(checkEncapsulationKey(level, badEk)).toMatch(/modulus check/);
    const badDk = dk.slice();
    badDk[badDk.length - 64]! ^= 1; // a bit of the stored H(ek)
    expect(checkDecapsulationKey(level, badDk)).toMatch(/hash check/);
    // An encapsulation key where a decapsulation key belongs (and the other way round).
    expect(checkDecapsulationKey(level, ek)).toMatch(/bytes, got/);
    expect(checkEncapsulationKey(level, dk)).toMatch(/bytes, got/);
  });
});
