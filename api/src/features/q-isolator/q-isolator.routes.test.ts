// The isolator against the real app: PGlite in memory, the UnixFS blockstore in a temporary folder on disk (so
// a test can change a block the way an attacker with disk access would), no chain. Every figure checked here is
// computed from what the test stored; nothing is mocked.
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes, randomUUID } from "node:crypto";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { startTestApp, type TestApp } from "../../testing/harness";
import {
  comprehensiveReportResponse,
  createIsolationResponse,
  dnsProtectionResponse,
  governmentProfilesResponse,
  MAX_UPLOAD_BYTES,
  qIsolatorStatusResponse,
  simulateThreatResponse,
  uploadResponse,
  vibecoinsFilesResponse,
  type SecurityLevel,
} from "./q-isolator.schemas";
import { ALGORITHM_SIZES, sealClassicalEnvelope } from "./crypto";
import { openBlockStore } from "./q-isolator.blocks";
import { gradeOf } from "./q-isolator.report";
import { createIsolatorRepository } from "./q-isolator.repository";
import { independentDecrypt, independentKeypair } from "./crypto/testing/independent-decryptor";

let t: TestApp;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "q-isolator-"));
  t = await startTestApp({ chain: "none", env: { Q_ISOLATOR_DIR: dir } });
}, 60_000);
afterAll(() => t?.close());

const create = async (securityLevel: SecurityLevel, agency?: string) =>
  createIsolationResponse.parse((await request(t.app).post("/api/q-isolator/create-isolation").send({ securityLevel, ...(agency ? { agency } : {}) }).expect(201)).body).isolation;
const upload = (isolationId: string, bytes: Buffer, name = "report.pdf") =>
  request(t.app).post("/api/q-isolator/files").field("isolationId", isolationId).attach("file", bytes, { filename: name, contentType: "application/pdf" });
const status = async () => qIsolatorStatusResponse.parse((await request(t.app).get("/api/q-isolator/status").expect(200)).body);
const files = async () => vibecoinsFilesResponse.parse((await request(t.app).get("/api/q-isolator/vibecoins-files").expect(200)).body);
const rows = async () => {
  const count = async (table: string) => Number(((await t.deps.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] }).rows[0]!.n);
  return { isolations: await count("q_isolations"), files: await count("q_isolator_files"), versions: await count("q_isolator_file_versions"), agencies: await count("q_isolator_agencies") };
};
/** The error body of a download (read as bytes like a file). */
const errorOf = (res: { body: unknown }) => JSON.parse((res.body as Buffer).toString("utf8")) as { code: string; issues: { path: string; message: string }[] };
/** A GET whose answer is read as bytes (a file, an envelope), whatever its Content-Type. */
const getBytes = (path: string) =>
  request(t.app)
    .get(path)
    .buffer(true)
    .parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => cb(null, Buffer.concat(chunks)));
    });
const download = (cid: string, recipient?: string) => getBytes(`/api/q-isolator/files/${cid}${recipient ? `?recipient=${encodeURIComponent(recipient)}` : ""}`);

describe("isolations and files", () => {
  let enterprise: Awaited<ReturnType<typeof create>>;
  let cid: string;
  const secret = Buffer.from("the treasury's reserve attestation, 2026-11-24\n".repeat(200));

  it("creates an isolation at each level with its NIST parameter set's key sizes; the agency's profile with it", async () => {
    for (const level of ["COMMERCIAL", "ENTERPRISE", "GOVERNMENT"] as const) {
      const iso = await create(level, level === "ENTERPRISE" ? "Treasury Department" : undefined);
      expect(iso.isolationId).toMatch(/^iso-[0-9a-f]{16}$/);
      expect(iso.keySizes.encapsulationKey).toBe(ALGORITHM_SIZES[level].encapsulationKey);
      expect(iso.keySizes.verificationKey).toBe(ALGORITHM_SIZES[level].verificationKey);
      if (level === "ENTERPRISE") enterprise = iso;
    }
    expect(enterprise.kem).toBe("ML-KEM-768");
    expect(enterprise.sig).toBe("ML-DSA-65");
    const profiles = governmentProfilesResponse.parse((await request(t.app).get("/api/q-isolator/government-profiles").expect(200)).body).profiles;
    expect(profiles.map((p) => [p.agency, p.clearanceLevel, p.encapsulationKeys.length])).toEqual([["Treasury Department", "SECRET", 3]]);
    const s = await status();
    expect(s.isolationInstances).toHaveLength(3);
    expect(s.status).toBe("ACTIVE");
  });

  it("refuses a bad level or agency with the field named, and stores nothing", async () => {
    const before = await rows();
    const bad = await request(t.app).post("/api/q-isolator/create-isolation").send({ securityLevel: "TOP", agency: "x" }).expect(400);
    expect(bad.body.issues[0].path).toBe("securityLevel");
    const badAgency = await request(t.app).post("/api/q-isolator/create-isolation").send({ securityLevel: "ENTERPRISE", agency: "<script>" }).expect(400);
    expect(badAgency.body.issues[0].path).toBe("agency");
    expect(await rows()).toEqual(before);
  });

  it("seals an upload for the custodian and the agency, stores it by CID, and decrypts it for each to the same bytes", async () => {
    const res = await upload(enterprise.isolationId, secret).expect(201);
    const body = uploadResponse.parse(res.body);
    cid = body.file.hash;
    expect(cid).toMatch(/^baf[yk]/);
    expect(body.file).toMatchObject({ name: "report.pdf", size: secret.length, quantumSecured: true, version: 1, recipients: ["custodian", "agency:Treasury Department"] });
    const envelope = await getBytes(`/ipfs/${cid}`).expect(200);
    const bytes = envelope.body as Buffer;
    expect(bytes.subarray(0, 4).toString()).toBe("XQPQ");
    expect(bytes.includes(secret.subarray(0, 40))).toBe(false);
    expect(bytes.length).toBe(body.file.encryptedSize);
    const custodian = await download(cid).expect(200);
    expect(Buffer.compare(custodian.body as Buffer, secret)).toBe(0);
    expect(custodian.headers["content-disposition"]).toContain("report.pdf");
    const agency = await download(cid, "agency:Treasury Department").expect(200);
    expect(Buffer.compare(agency.body as Buffer, secret)).toBe(0);
    const stranger = await download(cid, "agency:Nobody").expect(400);
    expect(errorOf(stranger).issues[0]!.path).toBe("recipient");
    const list = await files();
    expect(list.totalFiles).toBe(1);
    expect(list.quantumSecuredPercent).toBe(100);
    expect(list.quantumProtection.level).toBe("ENTERPRISE");
  });

  it("authorising an agency re-wraps the key (new version and CID, same payload); the old CID is refused as a replay", async () => {
    await request(t.app).post("/api/q-isolator/create-isolation").send({ securityLevel: "COMMERCIAL", agency: "State Auditor" }).expect(201);
    // CONFIDENTIAL is not enough for an ENTERPRISE isolation
    const refused = await request(t.app).post("/api/q-isolator/government-profiles/authorize").send({ agency: "Treasury Department", authorizedAgency: "State Auditor" }).expect(400);
    expect(refused.body.issues[0]).toMatchObject({ path: "authorizedAgency" });
    await request(t.app).post("/api/q-isolator/create-isolation").send({ securityLevel: "GOVERNMENT", agency: "Federal Reserve" }).expect(201);
    const ok = await request(t.app).post("/api/q-isolator/government-profiles/authorize").send({ agency: "Treasury Department", authorizedAgency: "Federal Reserve" }).expect(200);
    expect(ok.body.rewrapped).toHaveLength(1);
    expect(ok.body.rewrapped[0]).toMatchObject({ fromVersion: 1, toVersion: 2 });
    const newCid = ok.body.rewrapped[0].cid as string;
    expect(newCid).not.toBe(cid);
    const got = await download(newCid, "agency:Federal Reserve").expect(200);
    expect(Buffer.compare(got.body as Buffer, secret)).toBe(0);
    const replay = await download(cid).expect(409);
    expect(errorOf(replay).issues[0]!.message).toContain("superseded");
    cid = newCid;
  });

  it("a block changed on disk fails the integrity check: quantum resistance falls and the isolation is no longer ACTIVE", async () => {
    const blockFiles = listFiles(path.join(dir, "blocks"));
    // the largest block is the envelope's (a small file is one raw leaf); flip one byte in its middle
    const target = blockFiles.sort((a, b) => statSync(b).size - statSync(a).size)[0]!;
    const original = readFileSync(target);
    const changed = Buffer.from(original);
    changed[Math.floor(changed.length / 2)]! ^= 0x01;
    writeFileSync(target, changed);
    await new Promise((r) => setTimeout(r, 5_100));
    const s = await status();
    const iso = s.isolationInstances.find((i) => i.id === enterprise.isolationId)!;
    expect(iso.status).toBe("INTEGRITY_FAILED");
    expect(iso.quantumResistance).toBe(0);
    expect(iso.integrityFailures[0]!.check).toBe("payload-digest");
    expect(s.status).toBe("DEGRADED");
    await download(cid).expect(409);
    writeFileSync(target, original);
  });

  it("a classical-only envelope (X25519 + Ed25519) in the store lowers resistance and raises the threat level, without failing integrity", async () => {
    const iso = await create("GOVERNMENT");
    const plaintext = Buffer.from("a legacy file, protected the classical way");
    const fileId = randomUUID();
    const sealed = sealClassicalEnvelope({ fileId, version: 1, isolationId: iso.isolationId, level: "GOVERNMENT", name: "legacy.txt", contentType: "text/plain", plaintext });
    // what a legacy import would have written: its blocks beside the others, and its row
    const legacyCid = await openBlockStore(dir).add(sealed.bytes);
    const at = new Date();
    await createIsolatorRepository(t.deps.database.db).insertFile(
      { fileId, isolationId: iso.isolationId, name: "legacy.txt", contentType: "text/plain", size: plaintext.length, currentVersion: 1, currentCid: legacyCid, encryptedSize: sealed.bytes.length, uploadedAt: at, updatedAt: at },
      { fileId, version: 1, cid: legacyCid, recipients: ["custodian"], envelopeBytes: sealed.bytes.length, createdAt: at },
    );
    // a post-quantum file beside it (the upload also makes the next read verify again)
    await upload(iso.isolationId, Buffer.from("a post-quantum file of the same size!!!!!!!")).expect(201);
    const s = await status();
    const instance = s.isolationInstances.find((i) => i.id === iso.isolationId)!;
    expect(instance).toMatchObject({ status: "ACTIVE", files: 2, verifiedFiles: 1, classicalOnlyFiles: 1, quantumResistance: 50 });
    const bytes = s.isolationInstances.reduce((sum, i) => sum + i.protectedBytes, 0);
    expect(s.quantumThreatLevel).toBe(Math.round((plaintext.length / bytes) * 10_000) / 100);
    expect(s.quantumThreatLevel).toBeGreaterThan(0);
    const listed = (await files()).files.find((f) => f.fileId === fileId)!;
    expect(listed).toMatchObject({ protection: "classical-only", quantumSecured: false, verification: { failedCheck: "algorithm-policy" } });
    // and it is never decrypted as if it were post-quantum
    await download(legacyCid).expect(409);
  });
});

describe("an agency that holds its own key decrypts from /ipfs/<cid> with code that shares nothing with the product", () => {
  it("registers its ML-KEM-768 encapsulation key (made by `mlkem`), gets a file wrapped for it, and decrypts the envelope alone", async () => {
    const { ek, dk } = await independentKeypair("ML-KEM-768", new Uint8Array(randomBytes(64)));
    await request(t.app)
      .post("/api/q-isolator/government-profiles")
      .send({ agency: "Independent Lab", clearanceLevel: "SECRET", encapsulationKeys: { ENTERPRISE: Buffer.from(ek).toString("base64") } })
      .expect(201);
    const iso = await create("ENTERPRISE", "Independent Lab");
    const plaintext = randomBytes(70_000);
    const stored = uploadResponse.parse((await upload(iso.isolationId, plaintext, "lab.bin").expect(201)).body).file;
    expect(stored.recipients).toEqual(["custodian", "agency:Independent Lab"]);
    const envelope = (await getBytes(`/ipfs/${stored.hash}`).expect(200)).body as Buffer;
    const vk = (await status()).isolationInstances.find((i) => i.id === iso.isolationId)!.verificationKey;
    const opened = await independentDecrypt(new Uint8Array(envelope), "agency:Independent Lab", dk, new Uint8Array(Buffer.from(vk, "base64")));
    expect(Buffer.compare(Buffer.from(opened), plaintext)).toBe(0);
    // the server holds no decapsulation key for it, and says where to decrypt instead
    const refused = await download(stored.hash, "agency:Independent Lab").expect(400);
    expect(errorOf(refused).issues[0]!.message).toContain("/ipfs/");
  });
});

describe("upload limits and malformed input: a clear 4xx, nothing stored", () => {
  let isolationId: string;
  beforeAll(async () => {
    isolationId = (await create("COMMERCIAL")).isolationId;
  });

  it(`a file of exactly ${MAX_UPLOAD_BYTES} bytes is stored; one byte more is a 413`, async () => {
    const atLimit = randomBytes(MAX_UPLOAD_BYTES);
    const res = await upload(isolationId, atLimit, "big.bin").expect(201);
    expect(res.body.file.size).toBe(MAX_UPLOAD_BYTES);
    const before = await rows();
    const over = await upload(isolationId, Buffer.concat([atLimit, Buffer.from([1])]), "big.bin").expect(413);
    expect(over.body).toMatchObject({ code: "BODY_TOO_LARGE", issues: [{ path: "file" }] });
    expect(await rows()).toEqual(before);
  }, 60_000);

  it("refuses JSON, a missing file, an empty file, an unknown isolation, an extra field and bad agency keys", async () => {
    const before = await rows();
    expect((await request(t.app).post("/api/q-isolator/files").send({ isolationId }).expect(415)).body.code).toBe("UNSUPPORTED_MEDIA_TYPE");
    expect((await request(t.app).post("/api/q-isolator/files").field("isolationId", isolationId).expect(400)).body.issues[0].path).toBe("file");
    expect((await upload(isolationId, Buffer.alloc(0)).expect(400)).body.issues[0]).toMatchObject({ path: "file", message: "the file is empty" });
    expect((await upload("iso-0000000000000000", Buffer.from("x")).expect(400)).body.issues[0].path).toBe("isolationId");
    expect((await upload("not-an-id", Buffer.from("x")).expect(400)).body.issues[0].path).toBe("isolationId");
    const extra = await request(t.app).post("/api/q-isolator/files").field("isolationId", isolationId).field("owner", "me").attach("file", Buffer.from("x"), "a.txt").expect(400);
    expect(extra.body.issues[0].path).toBe("owner");
    const malformed = await request(t.app).post("/api/q-isolator/files").set("content-type", "multipart/form-data; boundary=zzz").send("--zzz\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a\"\r\n\r\nabc").expect(400);
    expect(malformed.body.code).toBe("INVALID_INPUT");
    const shortKey = await request(t.app).post("/api/q-isolator/government-profiles").send({ agency: "Key Holder", clearanceLevel: "SECRET", encapsulationKeys: { ENTERPRISE: Buffer.alloc(100).toString("base64") } }).expect(400);
    expect(shortKey.body.issues[0].path).toBe("encapsulationKeys.ENTERPRISE");
    // the right length, but coefficients above the modulus: FIPS 203's input check
    const badKey = await request(t.app).post("/api/q-isolator/government-profiles").send({ agency: "Key Holder", clearanceLevel: "SECRET", encapsulationKeys: { ENTERPRISE: Buffer.alloc(ALGORITHM_SIZES.ENTERPRISE.encapsulationKey, 0xff).toString("base64") } }).expect(400);
    expect(badKey.body.issues[0].message).toContain("FIPS 203");
    expect(await rows()).toEqual(before);
  });
});

describe("threat simulation, DNS protection and the report", () => {
  it("intensity 85: every attack on every isolation is refused by the product's own checks", async () => {
    const res = simulateThreatResponse.parse((await request(t.app).post("/api/q-isolator/simulate-threat").send({ threatType: "QUANTUM_COMPUTER", intensity: 85 }).expect(200)).body);
    expect(res.summary.totalIsolations).toBeGreaterThanOrEqual(4);
    expect(res.summary.attempted).toBe(85 * res.summary.totalIsolations);
    expect(res.summary.blocked).toBe(res.summary.attempted);
    expect(res.summary.overallSecurityRate).toBe(100);
    for (const r of res.results) {
      expect(r.threatBlocked).toBe(true);
      expect(r.attacks.map((a) => a.kind).sort()).toEqual(["ciphertext-bit-flip", "classical-downgrade", "forged-signature", "kem-ciphertext-bit-flip", "replay-old-version", "stripped-signature", "wrong-key"]);
    }
    // a run's work is bounded: another within the cool-down is a 429 saying when
    const again = await request(t.app).post("/api/q-isolator/simulate-threat").send({ threatType: "QUANTUM_COMPUTER", intensity: 85 }).expect(429);
    expect(Number(again.headers["retry-after"])).toBeGreaterThan(0);
    expect(res.summary.notAttacked).toBe(0);
    expect((await request(t.app).post("/api/q-isolator/simulate-threat").send({ threatType: "QUANTUM_COMPUTER", intensity: 101 }).expect(400)).body.issues[0].path).toBe("intensity");
    expect((await request(t.app).post("/api/q-isolator/simulate-threat").send({ threatType: "CLASSICAL", intensity: 5 }).expect(400)).body.issues[0].path).toBe("threatType");
  }, 120_000);

  it("DNS protection: the allowed host is served, foreign ones refused, and a foreign request from outside is counted", async () => {
    const before = dnsProtectionResponse.parse((await request(t.app).get("/api/q-isolator/dns-protection").expect(200)).body);
    expect(before.domains).toEqual(["127.0.0.1"]);
    expect(before.tests.every((x) => x.passed)).toBe(true);
    expect(before.tests.filter((x) => x.expected === "refused").length).toBeGreaterThanOrEqual(3);
    await request(t.app).get("/api/q-isolator/status").set("Host", "rebind.attacker.example").expect(403);
    const after = dnsProtectionResponse.parse((await request(t.app).get("/api/q-isolator/dns-protection").expect(200)).body);
    expect(after.quantumDnsShield.threats_blocked).toBe(before.quantumDnsShield.threats_blocked + 1);
  });

  it("the report: readiness is the lowest of its three inputs, graded by the stated rule; no certification claimed", async () => {
    const r = comprehensiveReportResponse.parse((await request(t.app).get("/api/q-isolator/comprehensive-report").expect(200)).body);
    expect(r.inputs.lastSimulation?.overallSecurityRate).toBe(100);
    expect(r.overview.quantumReadiness).toBe(Math.min(r.inputs.verifiedFilesPercent!, 100, r.inputs.dnsSelfTestPercent));
    // the classical-only file stored above keeps "files verifying" under 100, and the grade follows the rule
    expect(r.inputs.verifiedFilesPercent).toBeLessThan(100);
    expect(r.overview.securityGrade).toBe(gradeOf(r.overview.quantumReadiness!));
    expect(r.overview.version).toMatch(/XQPQ v1$/);
    expect(r.algorithms.map((a) => a.standard)).toEqual(expect.arrayContaining(["FIPS 203", "FIPS 204"]));
    expect(r.certificationStatement).toContain("No certification is claimed");
    expect(r.markdown).toContain("| ML-KEM-768 | FIPS 203 |");
  });
});

function listFiles(root: string): string[] {
  return readdirSync(root, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? listFiles(path.join(root, e.name)) : [path.join(root, e.name)]));
}
