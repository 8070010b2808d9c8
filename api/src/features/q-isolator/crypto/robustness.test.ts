// Whatever bytes arrive, the readers answer with a refusal (EnvelopeRefused) or a verdict, never another
// exception: random truncations and byte changes anywhere in a real envelope, at every level.
import { describe, expect, it } from "vitest";
import { SECURITY_LEVELS } from "../q-isolator.constants";
import { EnvelopeRefused, inspectEnvelope, openFile, verifyEnvelope } from ".";
import { levelFixture, sealed } from "./testing/fixtures";

/** A small deterministic PRNG (xorshift32), so a failure can be replayed. */
function prng(seed: number) {
  let x = seed >>> 0 || 1;
  return (n: number) => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x % n;
  };
}

describe.each(SECURITY_LEVELS)("readers on damaged envelopes at %s", (level) => {
  const f = levelFixture(level);
  const s = sealed(f, new Uint8Array(300).fill(42));
  const headerEnd = 9 + new DataView(s.bytes.buffer, s.bytes.byteOffset).getUint32(5);

  const damaged: Uint8Array[] = [];
  const rnd = prng(0x51ab ^ level.length);
  for (let i = 0; i < 60; i++) damaged.push(s.bytes.slice(0, rnd(s.bytes.length)));
  for (let i = 0; i < 120; i++) {
    const copy = s.bytes.slice();
    // Mostly the prefix and header (where the parser works), some anywhere.
    const at = i % 3 === 0 ? rnd(copy.length) : rnd(headerEnd + 4);
    copy[at] = rnd(256);
    if (copy[at] === s.bytes[at]) copy[at] ^= 0x20;
    damaged.push(copy);
  }

  it("openFile refuses every damaged copy with EnvelopeRefused; verify and inspect never throw", () => {
    const seen = new Set<string>();
    for (const bytes of damaged) {
      let thrown: unknown = null;
      try {
        openFile(bytes, s.expected, s.custodianKey);
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(EnvelopeRefused);
      seen.add((thrown as EnvelopeRefused).check);
      // Every byte is covered without a key: prefix and header by the signature, S and the signature by the
      // format and signature checks, the payload by its digest.
      expect(verifyEnvelope(bytes, s.expected).ok).toBe(false);
      expect(inspectEnvelope(bytes, s.expected, s.custodianKey).some((r) => !r.ok)).toBe(true);
    }
    expect(seen.has("format")).toBe(true);
  });
});
