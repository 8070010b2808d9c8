// Round trips of the XQPQ envelope at every level, multi-recipient re-wrap, and the format check's refusals.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ENVELOPE_CHECKS, SECURITY_LEVELS } from "../q-isolator.constants";
import {
  DuplicateRecipient,
  EnvelopeRefused,
  inspectEnvelope,
  kemKeygen,
  openFile,
  parseEnvelope,
  protectionOf,
  rewrapFile,
  sealFile,
  verifyEnvelope,
  ALGORITHM_SIZES,
} from ".";
import { levelFixture, sealed } from "./testing/fixtures";

const payloadOf = (bytes: Uint8Array) => parseEnvelope(bytes).payload;

describe.each(SECURITY_LEVELS)("XQPQ envelope at %s", (level) => {
  const f = levelFixture(level);

  it("seals, verifies and opens with the custodian's and an agency's key to the same bytes", () => {
    const s = sealed(f);
    const v = verifyEnvelope(s.bytes, s.expected);
    expect(v.ok).toBe(true);
    expect(v.failed).toBeNull();
    expect(v.protection).toBe("post-quantum");
    expect(v.checks.map((c) => c.check)).toEqual(ENVELOPE_CHECKS.slice(0, 8));
    for (const key of [s.custodianKey, s.agencyKey]) {
      const opened = openFile(s.bytes, s.expected, key);
      expect(Buffer.from(opened.plaintext).equals(Buffer.from(s.plaintext))).toBe(true);
      expect(opened.checks.map((c) => c.check)).toEqual([...ENVELOPE_CHECKS]);
      expect(opened.checks.every((c) => c.ok)).toBe(true);
    }
    // The header names the level's parameter sets, and the sizes are the library's.
    expect(s.header.recipients).toHaveLength(2);
    const ct = Buffer.from(s.header.recipients[0]!.kemCiphertext, "base64");
    expect(ct.length).toBe(ALGORITHM_SIZES[level].kemCiphertext);
    expect(parseEnvelope(s.bytes).signature.length).toBe(ALGORITHM_SIZES[level].signature);
  });

  it("round-trips an empty file and a 1 MiB file", () => {
    for (const size of [0, 1024 * 1024]) {
      const s = sealed(f, new Uint8Array(randomBytes(size)));
      expect(s.header.size).toBe(size);
      expect(s.header.payload.length).toBe(size + 16);
      const { plaintext } = openFile(s.bytes, s.expected, s.agencyKey);
      expect(plaintext.length).toBe(size);
      expect(Buffer.from(plaintext).equals(Buffer.from(s.plaintext))).toBe(true);
    }
  });

  it("re-wraps for a new agency without touching the payload: version + 1, old and new recipients open it", () => {
    const s = sealed(f);
    const newcomer = kemKeygen(level);
    const { bytes, header } = rewrapFile({
      envelope: s.bytes,
      expected: s.expected,
      opener: s.agencyKey,
      add: [{ id: "agency:FBI", encapsulationKey: newcomer.encapsulationKey }],
      signer: f.signer,
    });
    expect(header.version).toBe(2);
    expect(Buffer.from(payloadOf(bytes)).equals(Buffer.from(payloadOf(s.bytes)))).toBe(true);
    expect(header.payload).toEqual(s.header.payload);
    // Existing stanzas are kept byte for byte.
    expect(header.recipients.slice(0, 2)).toEqual(s.header.recipients);
    expect(header.recipients.map((r) => r.id)).toEqual(["custodian", "agency:NSA", "agency:FBI"]);
    const current = { ...s.expected, currentVersion: 2 };
    for (const key of [
      s.custodianKey,
      s.agencyKey,
      { recipientId: "agency:FBI", decapsulationKey: newcomer.decapsulationKey },
    ]) {
      expect(Buffer.from(openFile(bytes, current, key).plaintext).equals(Buffer.from(s.plaintext))).toBe(true);
    }
    // An agency never authorised still cannot open it.
    expect(() =>
      openFile(bytes, current, { recipientId: "agency:CIA", decapsulationKey: newcomer.decapsulationKey }),
    ).toThrow(EnvelopeRefused);
    // The same id twice is refused, not silently shadowed.
    expect(() =>
      rewrapFile({
        envelope: bytes,
        expected: current,
        opener: s.custodianKey,
        add: [{ id: "agency:NSA", encapsulationKey: newcomer.encapsulationKey }],
        signer: f.signer,
      }),
    ).toThrow(DuplicateRecipient);
  });
});

describe("XQPQ envelope", () => {
  const f = levelFixture("ENTERPRISE");

  it("seals for many recipients, each opening with its own key only", () => {
    const agencies = Array.from({ length: 5 }, (_, i) => ({ id: `agency:A${i}`, ...kemKeygen("ENTERPRISE") }));
    const plaintext = new Uint8Array(randomBytes(10_000));
    const { bytes, header } = sealFile({
      fileId: "6f1c9a52-6d1e-4d8b-9a47-2f7f3c1b0e11",
      version: 1,
      isolationId: f.isolationId,
      level: "ENTERPRISE",
      name: "a.bin",
      contentType: "application/octet-stream",
      plaintext,
      recipients: agencies,
      signer: f.signer,
    });
    const expected = {
      fileId: header.fileId,
      isolationId: f.isolationId,
      level: "ENTERPRISE" as const,
      verificationKey: f.signer.verificationKey,
      currentVersion: 1,
    };
    for (const a of agencies)
      expect(
        Buffer.from(
          openFile(bytes, expected, { recipientId: a.id, decapsulationKey: a.decapsulationKey }).plaintext,
        ).equals(Buffer.from(plaintext)),
      ).toBe(true);
    // A's key under B's stanza: the unwrap refuses.
    const swapped = () =>
      openFile(bytes, expected, { recipientId: agencies[1]!.id, decapsulationKey: agencies[0]!.decapsulationKey });
    expect(swapped).toThrow(/key-unwrap: AES-GCM tag mismatch/);
  });

  it("refuses bad input to sealFile before encrypting anything", () => {
    const base = {
      fileId: "x",
      version: 1,
      isolationId: f.isolationId,
      level: "ENTERPRISE" as const,
      name: "n",
      contentType: "text/plain",
      plaintext: new Uint8Array(1),
      signer: f.signer,
    };
    expect(() => sealFile({ ...base, recipients: [] })).toThrow(/at least one recipient/);
    const ek = f.custodian.encapsulationKey;
    expect(() =>
      sealFile({
        ...base,
        recipients: [
          { id: "custodian", encapsulationKey: ek },
          { id: "custodian", encapsulationKey: ek },
        ],
      }),
    ).toThrow(DuplicateRecipient);
    expect(() => sealFile({ ...base, recipients: [{ id: "nobody", encapsulationKey: ek }] })).toThrow(/recipient id/);
    expect(() =>
      sealFile({
        ...base,
        recipients: [{ id: "custodian", encapsulationKey: ek }],
        signer: { ...f.signer, level: "GOVERNMENT" },
      }),
    ).toThrow(/signer/);
  });

  describe("malformed input is refused by the format check, never another exception", () => {
    const s = sealed(f);
    const prefix = s.bytes.slice(0, 9);
    const h = new DataView(s.bytes.buffer, s.bytes.byteOffset).getUint32(5);
    const withHeaderText = (text: string) => {
      const json = new TextEncoder().encode(text);
      const out = new Uint8Array(9 + json.length + 4 + 16);
      out.set(prefix.subarray(0, 5), 0);
      new DataView(out.buffer).setUint32(5, json.length);
      out.set(json, 9);
      return out; // S = 0, 16 zero bytes of payload
    };
    const headerJson = JSON.parse(new TextDecoder().decode(s.bytes.subarray(9, 9 + h))) as Record<string, unknown>;
    const without = (key: string) => {
      const copy = { ...headerJson };
      delete copy[key];
      return withHeaderText(JSON.stringify(copy));
    };
    const hugeH = s.bytes.slice();
    new DataView(hugeH.buffer).setUint32(5, 1024 * 1024 + 1);
    const wrongVersion = s.bytes.slice();
    wrongVersion[4] = 2;
    const wrongMagic = s.bytes.slice();
    wrongMagic[0] = 0x59;
    const cases: Array<[string, Uint8Array, RegExp]> = [
      ["empty", new Uint8Array(0), /truncated/],
      ["truncated prefix", s.bytes.slice(0, 7), /truncated/],
      ["truncated header", s.bytes.slice(0, 9 + h - 1), /truncated/],
      ["truncated signature", s.bytes.slice(0, 9 + h + 4 + 100), /truncated/],
      ["wrong magic", wrongMagic, /wrong magic/],
      ["unknown format version", wrongVersion, /version 2/],
      ["H above 1 MiB", hugeH, /exceeds/],
      ["bad JSON", withHeaderText('{"format":"XQPQ",'), /not valid UTF-8 JSON/],
      ["not UTF-8", withHeaderText('"\udc00"').fill(0xff, 9, 10), /not valid UTF-8 JSON/],
      ["JSON array", withHeaderText("[]"), /header/],
      ["missing fileId", without("fileId"), /header\.fileId/],
      ["missing payload", without("payload"), /header\.payload/],
      ["missing recipients", without("recipients"), /header\.recipients/],
      [
        "bad nonce",
        withHeaderText(
          JSON.stringify({ ...headerJson, payload: { ...(headerJson.payload as object), nonce: "AAAA" } }),
        ),
        /header\.payload\.nonce/,
      ],
      [
        "size not matching length",
        withHeaderText(JSON.stringify({ ...headerJson, size: 1 })),
        /payload\.length must be size \+ 16/,
      ],
    ];
    it.each(cases)("%s", (_name, bytes, detail) => {
      let thrown: unknown;
      try {
        parseEnvelope(bytes);
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(EnvelopeRefused);
      expect((thrown as EnvelopeRefused).check).toBe("format");
      expect((thrown as EnvelopeRefused).detail).toMatch(detail);
      expect(() => openFile(bytes, s.expected, s.custodianKey)).toThrow(EnvelopeRefused);
      const v = verifyEnvelope(bytes, s.expected);
      expect(v).toMatchObject({
        ok: false,
        header: null,
        protection: "unknown",
        failed: { check: "format", ok: false },
      });
      expect(inspectEnvelope(bytes, s.expected, s.custodianKey)).toEqual([
        { check: "format", ok: false, detail: (thrown as EnvelopeRefused).detail },
      ]);
    });
  });

  it("classifies protection from the algorithms named", () => {
    expect(protectionOf({ kem: "ML-KEM-768", sig: "ML-DSA-65" })).toBe("post-quantum");
    expect(protectionOf({ kem: "X25519", sig: "Ed25519" })).toBe("classical-only");
    expect(protectionOf({ kem: "ML-KEM-768", sig: "Ed25519" })).toBe("unknown");
  });
});
