// The page's decryptor against envelopes the product seals (api/src/features/q-isolator/crypto, node:crypto), at
// every level, with keys made the way the page makes them: it opens what is wrapped for the agency and refuses,
// by the product's check names, a tampered payload, another signer, another agency's key and a replayed version.
import { randomBytes, randomUUID } from "node:crypto";
import { dsaKeygen, kemKeygen, rewrapFile, sealFile } from "../../../../../api/src/features/q-isolator/crypto";
import { SECURITY_LEVELS, type SecurityLevel } from "../constants";
import { makeAgencyKeys, parseKeyFile } from "./agency-key";
import { DecryptRefused, decryptEnvelope, type ExpectedEnvelope } from "./browser-decryptor";
import { fromBase64, toBase64 } from "./bytes";

function sealedFor(level: SecurityLevel, agencyEk: Uint8Array, plaintext: Uint8Array) {
  const signer = { level, ...dsaKeygen(level) };
  const custodian = kemKeygen(level);
  const isolationId = `iso-${randomBytes(8).toString("hex")}`;
  const fileId = randomUUID();
  const { bytes } = sealFile({
    fileId,
    version: 1,
    isolationId,
    level,
    name: "minutes.txt",
    contentType: "text/plain",
    plaintext,
    recipients: [
      { id: "custodian", encapsulationKey: custodian.encapsulationKey },
      { id: "agency:Lab", encapsulationKey: agencyEk },
    ],
    signer,
  });
  const expected: ExpectedEnvelope = {
    fileId,
    isolationId,
    level,
    verificationKey: toBase64(signer.verificationKey),
    currentVersion: 1,
  };
  return { bytes, expected, signer, custodian };
}

const refusedAt = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    if (err instanceof DecryptRefused) return err.check;
    throw err;
  }
  return "opened";
};

describe("the browser's XQPQ decryptor", () => {
  for (const level of SECURITY_LEVELS) {
    it(`${level}: a key made in the page opens the file wrapped for it, to the same bytes`, () => {
      const made = makeAgencyKeys("Lab", "http://127.0.0.1:3000");
      // the key file as saved and read back
      const parsed = parseKeyFile(JSON.stringify(made.file));
      if (!parsed.ok) throw new Error(parsed.reason);
      const plaintext = new Uint8Array(randomBytes(50_000));
      const { bytes, expected } = sealedFor(level, fromBase64(made.encapsulationKeys[level])!, plaintext);
      const opened = decryptEnvelope(bytes, parsed.file, expected);
      expect(Buffer.compare(Buffer.from(opened.plaintext), Buffer.from(plaintext))).toBe(0);
      expect(opened).toMatchObject({ name: "minutes.txt", contentType: "text/plain", recipientId: "agency:Lab" });
      expect(opened.checks).toHaveLength(10);
    });
  }

  it("refuses a flipped payload bit, another signer, another agency's key, a stanza made for another key, and a superseded version", () => {
    const made = makeAgencyKeys("Lab", "origin");
    const level = "ENTERPRISE";
    const plaintext = new Uint8Array(randomBytes(4096));
    const { bytes, expected, signer, custodian } = sealedFor(
      level,
      fromBase64(made.encapsulationKeys[level])!,
      plaintext,
    );
    const flipped = Uint8Array.from(bytes);
    flipped[flipped.length - 100]! ^= 1;
    expect(refusedAt(() => decryptEnvelope(flipped, made.file, expected))).toBe("payload-digest");
    expect(
      refusedAt(() =>
        decryptEnvelope(bytes, made.file, { ...expected, verificationKey: toBase64(dsaKeygen(level).verificationKey) }),
      ),
    ).toBe("signer");
    expect(refusedAt(() => decryptEnvelope(bytes, made.file, { ...expected, fileId: randomUUID() }))).toBe("binding");
    const other = makeAgencyKeys("Other", "origin").file;
    expect(refusedAt(() => decryptEnvelope(bytes, other, expected))).toBe("key-unwrap");
    const sameNameOtherKey = makeAgencyKeys("Lab", "origin").file;
    expect(refusedAt(() => decryptEnvelope(bytes, sameNameOtherKey, expected))).toBe("key-unwrap");
    // a legitimate re-wrap makes version 2: the version 1 envelope is then a replay
    const next = rewrapFile({
      envelope: bytes,
      expected: { ...expected, verificationKey: signer.verificationKey },
      opener: { recipientId: "custodian", decapsulationKey: custodian.decapsulationKey },
      add: [{ id: "agency:Late", encapsulationKey: kemKeygen(level).encapsulationKey }],
      signer,
    });
    expect(refusedAt(() => decryptEnvelope(bytes, made.file, { ...expected, currentVersion: 2 }))).toBe("version");
    expect(
      Buffer.from(decryptEnvelope(next.bytes, made.file, { ...expected, currentVersion: 2 }).plaintext).equals(
        Buffer.from(plaintext),
      ),
    ).toBe(true);
  });

  it("a file that is not a key file is named as such", () => {
    expect(parseKeyFile("nope")).toEqual({ ok: false, reason: "the key file is not JSON" });
    expect(parseKeyFile("{}")).toMatchObject({ ok: false });
    const made = makeAgencyKeys("Lab", "origin").file;
    const cut = { ...made, keys: [{ ...made.keys[0]!, decapsulationKey: "AAAA" }] };
    expect(parseKeyFile(JSON.stringify(cut))).toMatchObject({
      ok: false,
      reason: expect.stringContaining("decapsulation key"),
    });
  });
});
