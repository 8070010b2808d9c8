// Every attack kind, at every level, is refused by the product's own checks, and stopped where it should be.
import { describe, expect, it } from "vitest";
import { ATTACK_KINDS, SECURITY_LEVELS, type AttackKind, type EnvelopeCheck } from "../q-isolator.constants";
import {
  inspectEnvelope,
  openClassicalEnvelope,
  openFile,
  protectionOf,
  runAttack,
  sealClassicalEnvelope,
  verifyEnvelope,
  type AttackTarget,
} from ".";
import { levelFixture, sealed } from "./testing/fixtures";

/** Where each attack must be stopped; forged-signature alternates between the two (see attacks.ts). */
const STOPPED_BY: Record<AttackKind, (attempt: number) => EnvelopeCheck> = {
  "ciphertext-bit-flip": () => "payload-digest",
  "kem-ciphertext-bit-flip": () => "ml-dsa-signature",
  "wrong-key": () => "key-unwrap",
  "forged-signature": (a) => (Math.floor(a / 2) % 2 === 0 ? "signer" : "ml-dsa-signature"),
  "stripped-signature": () => "signature-present",
  "classical-downgrade": () => "algorithm-policy",
  "replay-old-version": () => "version",
};

/** Checks that also refuse it on their own (defence in depth), at least these. */
const ALSO_REFUSED_BY: Record<AttackKind, EnvelopeCheck[]> = {
  "ciphertext-bit-flip": ["payload-digest", "aead-tag"],
  "kem-ciphertext-bit-flip": ["ml-dsa-signature", "key-unwrap"],
  "wrong-key": ["key-unwrap"],
  "forged-signature": ["ml-dsa-signature"],
  "stripped-signature": ["signature-present", "ml-dsa-signature"],
  "classical-downgrade": ["algorithm-policy", "signer", "ml-dsa-signature", "key-unwrap"],
  "replay-old-version": ["version"],
};

describe.each(SECURITY_LEVELS)("attacks at %s", (level) => {
  const f = levelFixture(level);
  const s = sealed(f, new TextEncoder().encode("the isolation's secret file\n".repeat(50)), "plans.txt");
  const target: AttackTarget = {
    envelope: s.bytes,
    expected: s.expected,
    key: s.agencyKey,
    signer: f.signer,
    name: "plans.txt",
  };
  const original = s.bytes.slice();

  it.each([...ATTACK_KINDS])("%s is refused on 4 different attempts", (kind) => {
    for (const attempt of [0, 1, 2, 3]) {
      const out = runAttack(kind, target, attempt);
      expect(out, out.detail).toMatchObject({ kind, blocked: true, stoppedBy: STOPPED_BY[kind](attempt) });
      expect(out.refusedBy).toEqual(expect.arrayContaining(ALSO_REFUSED_BY[kind]));
      expect(out.detail).toMatch(/refused by/);
      expect(out.durationMs).toBeGreaterThan(0);
    }
    // Attacks work on copies: the target still opens.
    expect(Buffer.from(s.bytes).equals(Buffer.from(original))).toBe(true);
    expect(Buffer.from(openFile(s.bytes, s.expected, s.agencyKey).plaintext).equals(Buffer.from(s.plaintext))).toBe(
      true,
    );
  });
});

describe("attack variation", () => {
  const f = levelFixture("ENTERPRISE");
  const s = sealed(f, new Uint8Array(1000));
  const target: AttackTarget = {
    envelope: s.bytes,
    expected: s.expected,
    key: s.custodianKey,
    signer: f.signer,
    name: "x.bin",
  };

  it("strikes a different bit per attempt, the same bit for the same attempt", () => {
    const bits = Array.from(
      { length: 20 },
      (_, a) => /flipped bit (\d+)/.exec(runAttack("ciphertext-bit-flip", target, a).detail)![1],
    );
    expect(new Set(bits).size).toBeGreaterThanOrEqual(19);
    expect(/flipped bit (\d+)/.exec(runAttack("ciphertext-bit-flip", target, 7).detail)![1]).toBe(bits[7]);
  });

  it("forges both ways: a renamed file and an added stanza, with either signer fingerprint", () => {
    const details = [0, 1, 2, 3].map((a) => runAttack("forged-signature", target, a).detail);
    expect(details[0]).toMatch(/renamed.*attacker's\)/);
    expect(details[1]).toMatch(/added the attacker's recipient stanza.*attacker's\)/);
    expect(details[2]).toMatch(/renamed.*left as the isolation's/);
    expect(details[3]).toMatch(/added.*left as the isolation's/);
  });

  it("an attack on a target that is itself refused is reported as not blocked (nothing was attacked)", () => {
    for (const kind of ATTACK_KINDS) {
      const superseded = runAttack(kind, { ...target, expected: { ...target.expected, currentVersion: 5 } }, 0);
      expect(superseded).toMatchObject({ blocked: false, stoppedBy: null, refusedBy: [] });
      expect(superseded.detail).toMatch(
        /target envelope itself is refused \(version: superseded: version 1 < current 5\)/,
      );
    }
    const wrongHolder = runAttack(
      "ciphertext-bit-flip",
      { ...target, key: { ...target.key, recipientId: "agency:nobody" } },
      0,
    );
    expect(wrongHolder).toMatchObject({ blocked: false, stoppedBy: null });
    expect(wrongHolder.detail).toMatch(/key-unwrap: no stanza for recipient agency:nobody/);
  });
});

describe("classical-only envelope", () => {
  const f = levelFixture("ENTERPRISE");
  const s = sealed(f);
  const plaintext = new TextEncoder().encode("classical content");
  const c = sealClassicalEnvelope({
    fileId: s.fileId,
    version: 1,
    isolationId: f.isolationId,
    level: "ENTERPRISE",
    name: "c.txt",
    contentType: "text/plain",
    plaintext,
  });

  it("is a genuine envelope: classical keys open it", () => {
    expect(Buffer.from(openClassicalEnvelope(c.bytes, c.recipientKey, c.signerPublicKey)!).toString()).toBe(
      "classical content",
    );
  });

  it("is classified classical-only and refused by algorithm-policy", () => {
    expect(protectionOf(c.header)).toBe("classical-only");
    const v = verifyEnvelope(c.bytes, s.expected);
    expect(v).toMatchObject({ ok: false, protection: "classical-only", failed: { check: "algorithm-policy" } });
    expect(v.failed!.detail).toBe("classical-only protection: ML-KEM-768 + ML-DSA-65 required at ENTERPRISE");
    expect(() => openFile(c.bytes, s.expected, s.custodianKey)).toThrow(/algorithm-policy: classical-only protection/);
    const refused = inspectEnvelope(c.bytes, s.expected, s.custodianKey)
      .filter((r) => !r.ok)
      .map((r) => r.check);
    expect(refused).toEqual(["algorithm-policy", "signer", "ml-dsa-signature", "key-unwrap"]);
  });
});
