// The isolator's writes and reads: isolations created with fresh keys, files sealed into XQPQ envelopes and
// stored as UnixFS blocks (the database keeps only keys and metadata), decrypted for an authorised recipient,
// re-wrapped when an agency is authorised. Writes go one at a time (a mutex): a re-wrap and an upload of the
// same isolation never interleave, and each file moves version by version with a conditional update. Who
// created an isolation or uploaded a file is recorded (the signed-in wallet); uploads are held to a quota per
// wallet and in total. Each envelope is verified once when written; reads use the recorded results.
import { randomUUID } from "node:crypto";
import { Mutex } from "async-mutex";
import { HttpError, fieldError } from "../../http/errors";
import { BinaryAnswer } from "../../http/route";
import {
  LEVEL_ALGORITHMS,
  REQUIRED_CLEARANCE,
  RULES,
  SECURITY_LEVELS,
  type ClearanceLevel,
  type SecurityLevel,
} from "./q-isolator.constants";
import type { BlockStore } from "./q-isolator.blocks";
import { CUSTODIAN, agencyRecipientId, clearanceEnough, levelOf, type KeyRing } from "./q-isolator.keys";
import type { FileRow, IsolationRow, IsolatorRepository } from "./q-isolator.repository";
import type { AgencyProfile, ProtectedFile } from "./q-isolator.schemas";
import { instancesOf } from "./q-isolator.status";
import type { FileVerification, Verifier } from "./q-isolator.verification";
import { EnvelopeRefused, keyFingerprint, openFile, rewrapFile, sealFile, type Recipient } from "./crypto";
import { msSince, percentOf } from "./q-isolator.figures";

export interface IsolatorServiceDeps {
  repository: IsolatorRepository;
  keys: KeyRing;
  blocks: BlockStore;
  verifier: Verifier;
  /** Envelope bytes one wallet may have stored, and all wallets together (every version counts). */
  quota: { walletQuotaBytes: number; totalQuotaBytes: number };
  now?: () => Date;
}

/** 413 in the one error shape: over a quota, nothing stored. */
function overQuota(
  which: "wallet" | "total",
  quotaBytes: number,
  usedBytes: number,
  addBytes: number,
  path = "file",
): HttpError {
  const message =
    which === "wallet"
      ? `this wallet has ${usedBytes} of its ${quotaBytes} bytes stored; ${addBytes} more would pass its quota (Q_ISOLATOR_WALLET_QUOTA_BYTES)`
      : `the isolator stores ${usedBytes} of its ${quotaBytes} bytes; ${addBytes} more would pass its total quota (Q_ISOLATOR_TOTAL_QUOTA_BYTES)`;
  return new HttpError(
    "BODY_TOO_LARGE",
    which === "wallet"
      ? "Over this wallet's storage quota: nothing was stored"
      : "Over the isolator's total storage quota: nothing was stored",
    {
      issues: [{ path, message }],
      details: {
        quota: which,
        quotaBytes: String(quotaBytes),
        usedBytes: String(usedBytes),
        requestedBytes: String(addBytes),
      },
    },
  );
}

export const layerOf = (iso: { id: string; securityLevel: string }) => {
  const a = LEVEL_ALGORITHMS[levelOf(iso)];
  return `${iso.securityLevel} · ${a.kem} + ${a.sig} · ${iso.id}`;
};

/** A client's file name, for display and Content-Disposition only: no path, no control characters, bounded. */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? "";
  const clean = base
    // eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
    .replace(/[\u0000-\u001f\u007f"]/g, "")
    .trim()
    .slice(0, 200);
  return clean === "" || clean === "." || clean === ".." ? "unnamed" : clean;
}
const cleanContentType = (raw: string) =>
  /^[\w.+-]+\/[\w.+-]+$/.test(raw) && raw.length <= 100 ? raw.toLowerCase() : "application/octet-stream";

export function toProtectedFile(v: FileVerification, ownKeyHolders: ReadonlySet<string> = new Set()): ProtectedFile {
  return {
    fileId: v.file.fileId,
    name: v.file.name,
    hash: v.file.currentCid,
    size: v.file.size,
    encryptedSize: v.file.encryptedSize,
    contentType: v.file.contentType,
    quantumSecured: v.ok,
    isolationLayer: layerOf(v.isolation),
    isolationId: v.isolation.id,
    securityLevel: levelOf(v.isolation),
    protection: v.protection === "classical-only" ? "classical-only" : "post-quantum",
    version: v.file.currentVersion,
    recipients: v.recipients,
    verification: {
      ok: v.ok,
      failedCheck: v.failedCheck,
      detail: v.detail,
      verifiedAt: v.verifiedAt?.toISOString() ?? null,
    },
    recipientsHoldingOwnKey: v.recipients.filter((r) => ownKeyHolders.has(`${r} ${v.isolation.securityLevel}`)),
    uploadedAt: v.file.uploadedAt.toISOString(),
    updatedAt: v.file.updatedAt.toISOString(),
    uploadedBy: v.file.uploadedBy,
  };
}

export function createIsolatorService(deps: IsolatorServiceDeps) {
  const { repository, keys, blocks, verifier } = deps;
  const now = deps.now ?? (() => new Date());
  const writes = new Mutex();

  /** "agency:<name> <LEVEL>" for every agency key whose decapsulation key the server does not hold. */
  async function ownKeyHolders(): Promise<Set<string>> {
    return new Set(
      (await repository.agencyKeys())
        .filter((k) => k.decapsulationKeySealed === null)
        .map((k) => `${agencyRecipientId(k.agency)} ${k.securityLevel}`),
    );
  }

  async function isolationOr400(id: string, field: string): Promise<IsolationRow> {
    const iso = await repository.isolation(id);
    if (!iso) throw fieldError(field, `no isolation ${id} here`);
    return iso;
  }

  /** Who a new file of this isolation is wrapped for: the custodian, its agency, and the agencies it authorised. */
  /** An agency without a key at the isolation's level (one that registered other levels' keys) is not a recipient. */
  async function recipientsFor(iso: IsolationRow): Promise<Recipient[]> {
    const recipients: Recipient[] = [keys.custodianRecipient(iso)];
    if (iso.agency) {
      for (const agency of [iso.agency, ...(await repository.authorizedFor(iso.agency))]) {
        const r = await keys.agencyRecipient(agency, levelOf(iso));
        if (r) recipients.push(r);
      }
    }
    return recipients;
  }

  /** Ensures the agency exists with keys and enough clearance for `level` (raised to it, and said so). */
  async function ensureAgency(agency: string, level: SecurityLevel, at: Date, createdBy: string | null): Promise<void> {
    const existing = await repository.agency(agency);
    if (!existing) {
      await repository.insertAgency({ agency, clearanceLevel: REQUIRED_CLEARANCE[level], createdAt: at, createdBy });
      await repository.insertAgencyKeys(keys.generatedAgencyKeys(agency));
      return;
    }
    if (!clearanceEnough(existing.clearanceLevel as ClearanceLevel, level))
      await repository.setClearance(agency, REQUIRED_CLEARANCE[level]);
  }

  return {
    async createIsolation(
      input: { securityLevel: SecurityLevel; agency?: string | undefined },
      createdBy: string | null,
    ) {
      return writes.runExclusive(async () => {
        const at = now();
        const agency = input.agency ?? null;
        const made = keys.newIsolation(input.securityLevel, agency, at, createdBy);
        if (agency) await ensureAgency(agency, input.securityLevel, at, createdBy);
        await repository.insertIsolation(made.row);
        const a = LEVEL_ALGORITHMS[input.securityLevel];
        return {
          isolation: {
            isolationId: made.row.id,
            // RULES.quantumResistance: no file yet, nothing classical or broken in it.
            quantumResistance: 100,
            securityLevel: input.securityLevel,
            kem: a.kem,
            sig: a.sig,
            nistCategory: a.nistCategory,
            agency,
            keySizes: made.sizes,
            keygenMs: made.keygenMs,
            createdAt: at.toISOString(),
            createdBy,
          },
        };
      });
    },

    async upload(
      input: { isolationId: string; file: { filename: string; mimeType: string; bytes: Buffer } },
      uploadedBy: string,
    ) {
      const iso = await isolationOr400(input.isolationId, "isolationId");
      if (input.file.bytes.length === 0) throw fieldError("file", "the file is empty");
      // Inside the write lock: two uploads of one wallet cannot both pass a quota that holds only one of them.
      return writes.runExclusive(async () => {
        const { walletQuotaBytes, totalQuotaBytes } = deps.quota;
        const [total, mine] = await Promise.all([repository.storedBytes(), repository.storedBytesBy(uploadedBy)]);
        // the plaintext is a lower bound of the envelope: refuse before sealing when even that does not fit
        if (mine + input.file.bytes.length > walletQuotaBytes)
          throw overQuota("wallet", walletQuotaBytes, mine, input.file.bytes.length);
        if (total + input.file.bytes.length > totalQuotaBytes)
          throw overQuota("total", totalQuotaBytes, total, input.file.bytes.length);
        const at = now();
        const recipients = await recipientsFor(iso);
        const signer = keys.signer(iso);
        const fileId = randomUUID();
        const name = cleanFileName(input.file.filename);
        const contentType = cleanContentType(input.file.mimeType);
        const sealStarted = performance.now();
        const sealed = sealFile({
          fileId,
          version: 1,
          isolationId: iso.id,
          level: levelOf(iso),
          name,
          contentType,
          plaintext: input.file.bytes,
          recipients,
          signer,
          createdAt: at,
        });
        signer.signingKey.fill(0);
        const sealMs = msSince(sealStarted);
        if (mine + sealed.bytes.length > walletQuotaBytes)
          throw overQuota("wallet", walletQuotaBytes, mine, sealed.bytes.length);
        if (total + sealed.bytes.length > totalQuotaBytes)
          throw overQuota("total", totalQuotaBytes, total, sealed.bytes.length);
        const storeStarted = performance.now();
        const cid = await blocks.add(sealed.bytes);
        const storeMs = msSince(storeStarted);
        const row: FileRow = {
          fileId,
          isolationId: iso.id,
          name,
          contentType,
          size: input.file.bytes.length,
          currentVersion: 1,
          currentCid: cid,
          encryptedSize: sealed.bytes.length,
          uploadedAt: at,
          updatedAt: at,
          uploadedBy,
          verifiedVersion: null,
          verifiedAt: null,
          verifiedOk: null,
          verifiedProtection: null,
          verifiedFailedCheck: null,
          verifiedDetail: null,
        };
        await repository.transaction((tx) =>
          repository.insertFile(
            row,
            {
              fileId,
              version: 1,
              cid,
              recipients: recipients.map((r) => r.id),
              envelopeBytes: sealed.bytes.length,
              createdAt: at,
            },
            tx,
          ),
        );
        // verified once, as written: its blocks read back from the store; reads use this record from now on
        const v = await verifier.verifyWritten(
          row,
          iso,
          recipients.map((r) => r.id),
          await blocks.cat(cid),
        );
        return { status: 201, body: { file: toProtectedFile(v, await ownKeyHolders()), timings: { sealMs, storeMs } } };
      });
    },

    /** The decrypted file for `recipient`, after every check of the envelope passed. */
    async download(cid: string, recipient: string | undefined): Promise<BinaryAnswer> {
      const file = await repository.fileByCid(cid);
      if (!file) {
        const old = await repository.versionByCid(cid);
        if (old) {
          const current = await repository.file(old.fileId);
          throw new HttpError("CONFLICT", "That CID is a superseded version of the file", {
            issues: [
              {
                path: "cid",
                message: `version ${old.version} was superseded by version ${current?.currentVersion ?? "?"} (${current?.currentCid ?? "?"}); an old envelope is refused as a replay`,
              },
            ],
          });
        }
        throw new HttpError("NOT_FOUND", "No file with that CID here", {
          issues: [{ path: "cid", message: `${cid} is not a file of this isolator` }],
        });
      }
      const iso = await repository.isolation(file.isolationId);
      if (!iso) throw new Error(`file ${file.fileId} belongs to a missing isolation ${file.isolationId}`);
      const level = levelOf(iso);
      const who = recipient ?? CUSTODIAN;
      const recipients = await repository.currentRecipients(file.fileId, file.currentVersion);
      if (!recipients.includes(who))
        throw fieldError("recipient", `${who} is not a recipient of this file (recipients: ${recipients.join(", ")})`);
      const opener =
        who === CUSTODIAN ? keys.custodianOpener(iso) : await keys.agencyOpener(who.slice("agency:".length), level);
      const bytes = await blocks.cat(cid);
      if (!bytes)
        throw new HttpError("NOT_FOUND", "The file's blocks are missing from this store", {
          issues: [{ path: "cid", message: `no blocks for ${cid}` }],
        });
      try {
        const { plaintext, checks } = openFile(bytes, keys.expected(iso, file), opener);
        return new BinaryAnswer(plaintext, "application/octet-stream", {
          "Content-Disposition": `attachment; filename="${file.name.replace(/[^\x20-\x7e]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
          "X-Xqpq-Content-Type": file.contentType,
          "X-Xqpq-Version": String(file.currentVersion),
          "X-Xqpq-Checks": `${checks.filter((c) => c.ok).length}/${checks.length} passed`,
          "X-Xqpq-Recipient": who,
          "Cache-Control": "no-store",
        });
      } catch (err) {
        if (err instanceof EnvelopeRefused) {
          throw new HttpError("CONFLICT", "The stored envelope failed a check and was not decrypted", {
            issues: [{ path: "cid", message: `${err.check}: ${err.detail}` }],
          });
        }
        throw err;
      } finally {
        opener.decapsulationKey.fill(0);
      }
    },

    /** The envelope's bytes under a CID this isolator stored (current or superseded): ciphertext only. */
    async envelope(cid: string): Promise<BinaryAnswer> {
      const known = (await repository.fileByCid(cid)) ?? (await repository.versionByCid(cid));
      const bytes = known ? await blocks.cat(cid) : null;
      if (!bytes)
        throw new HttpError("NOT_FOUND", "No envelope with that CID here", {
          issues: [{ path: "cid", message: `${cid} is not stored by this isolator` }],
        });
      return new BinaryAnswer(bytes, "application/octet-stream", {
        "Content-Disposition": `attachment; filename="${cid}.xqpq"`,
        "Cache-Control": "public, max-age=31536000, immutable",
        "X-Xqpq-Format": "XQPQ v1 (docs/pq-file-envelope.md)",
      });
    },

    async files() {
      const [pass, holders, storedBytes] = await Promise.all([
        verifier.current(),
        ownKeyHolders(),
        repository.storedBytes(),
      ]);
      const files = pass.files.map((f) => toProtectedFile(f, holders));
      const weakest =
        pass.files.length === 0
          ? null
          : (SECURITY_LEVELS.find((l) => pass.files.some((f) => levelOf(f.isolation) === l)) ?? null);
      return {
        totalFiles: files.length,
        quantumSecuredPercent: percentOf(files.filter((f) => f.quantumSecured).length, files.length),
        quantumProtection: { level: weakest, rule: RULES.protectionLevel },
        files,
        quota: { ...deps.quota, storedBytes },
      };
    },

    async profiles(): Promise<AgencyProfile[]> {
      const [agencies, agencyKeys, authorizations, pass] = await Promise.all([
        repository.agencies(),
        repository.agencyKeys(),
        repository.authorizations(),
        verifier.current(),
      ]);
      const instances = instancesOf(pass);
      return agencies.map((a) => {
        const id = agencyRecipientId(a.agency);
        const readable = pass.files.filter((f) => f.recipients.includes(id));
        const bytes = readable.reduce((s, f) => s + f.file.size, 0);
        const classical = readable
          .filter((f) => f.protection === "classical-only")
          .reduce((s, f) => s + f.file.size, 0);
        return {
          agency: a.agency,
          clearanceLevel: a.clearanceLevel as ClearanceLevel,
          quantumThreatLevel: percentOf(classical, bytes),
          activeIsolationLayers: instances.filter((i) => i.agency === a.agency && i.status === "ACTIVE").length,
          authorizedAgencies: authorizations.filter((z) => z.agency === a.agency).map((z) => z.authorizedAgency),
          encapsulationKeys: agencyKeys
            .filter((k) => k.agency === a.agency)
            .map((k) => {
              const bytesOfKey = Buffer.from(k.encapsulationKey, "base64");
              return {
                securityLevel: k.securityLevel as SecurityLevel,
                algorithm: LEVEL_ALGORITHMS[k.securityLevel as SecurityLevel].kem,
                sha256: keyFingerprint(bytesOfKey),
                bytes: bytesOfKey.length,
              };
            }),
          readableFiles: readable.length,
          keyCustody: agencyKeys.some((k) => k.agency === a.agency && k.decapsulationKeySealed === null)
            ? ("agency" as const)
            : ("server" as const),
          createdAt: a.createdAt.toISOString(),
          createdBy: a.createdBy,
        };
      });
    },

    /** `authorizedAgency` may read `agency`'s files: each is re-wrapped for it (new version, same payload). */
    async authorize(agency: string, authorizedAgency: string) {
      if (agency === authorizedAgency) throw fieldError("authorizedAgency", "an agency reads its own files already");
      return writes.runExclusive(async () => {
        const owner = await repository.agency(agency);
        if (!owner) throw fieldError("agency", `no agency profile named ${agency}`);
        const reader = await repository.agency(authorizedAgency);
        if (!reader) throw fieldError("authorizedAgency", `no agency profile named ${authorizedAgency}`);
        const isolations = (await repository.isolations()).filter((i) => i.agency === agency);
        for (const iso of isolations) {
          const level = levelOf(iso);
          if (!clearanceEnough(reader.clearanceLevel as ClearanceLevel, level)) {
            throw fieldError(
              "authorizedAgency",
              `${authorizedAgency} holds ${reader.clearanceLevel} clearance; ${agency}'s ${level} isolation ${iso.id} needs ${REQUIRED_CLEARANCE[level]}`,
            );
          }
        }
        // a re-wrap stores a new envelope of each file: held to the total quota like an upload
        const files = await repository.filesOf(isolations.map((i) => i.id));
        const adding = files.reduce((s, f) => s + f.encryptedSize, 0);
        const stored = await repository.storedBytes();
        if (stored + adding > deps.quota.totalQuotaBytes)
          throw overQuota("total", deps.quota.totalQuotaBytes, stored, adding, "authorizedAgency");
        const at = now();
        await repository.insertAuthorization(agency, authorizedAgency, at);
        const readerId = agencyRecipientId(authorizedAgency);
        const rewrapped: { fileId: string; name: string; fromVersion: number; toVersion: number; cid: string }[] = [];
        for (const file of files) {
          const iso = isolations.find((i) => i.id === file.isolationId)!;
          if ((await repository.currentRecipients(file.fileId, file.currentVersion)).includes(readerId)) continue;
          const add = await keys.agencyRecipient(authorizedAgency, levelOf(iso));
          if (!add) continue;
          const bytes = await blocks.cat(file.currentCid);
          if (!bytes)
            throw new HttpError("CONFLICT", "A file's blocks are missing; nothing was re-wrapped for it", {
              issues: [{ path: "agency", message: `${file.name}: no blocks for ${file.currentCid}` }],
            });
          const opener = keys.custodianOpener(iso);
          const signer = keys.signer(iso);
          let next;
          try {
            next = rewrapFile({ envelope: bytes, expected: keys.expected(iso, file), opener, add: [add], signer });
          } catch (err) {
            if (err instanceof EnvelopeRefused)
              throw new HttpError("CONFLICT", "A stored envelope failed a check; it was not re-wrapped", {
                issues: [{ path: "agency", message: `${file.name}: ${err.check}: ${err.detail}` }],
              });
            throw err;
          } finally {
            opener.decapsulationKey.fill(0);
            signer.signingKey.fill(0);
          }
          const cid = await blocks.add(next.bytes);
          const recipients = next.header.recipients.map((r) => r.id);
          const moved = await repository.advanceFile(
            file.fileId,
            file.currentVersion,
            {
              fileId: file.fileId,
              version: next.header.version,
              cid,
              recipients,
              envelopeBytes: next.bytes.length,
              createdAt: at,
            },
            next.bytes.length,
          );
          if (moved) {
            rewrapped.push({
              fileId: file.fileId,
              name: file.name,
              fromVersion: file.currentVersion,
              toVersion: next.header.version,
              cid,
            });
            await verifier.verifyWritten(
              { ...file, currentVersion: next.header.version, currentCid: cid, encryptedSize: next.bytes.length },
              iso,
              recipients,
              await blocks.cat(cid),
            );
          }
        }
        const profile = (await this.profiles()).find((p) => p.agency === agency)!;
        return { profile, rewrapped };
      });
    },

    /** An agency profile created by hand: its clearance, and its own encapsulation keys or keys generated here. */
    async registerAgency(
      input: {
        agency: string;
        clearanceLevel: ClearanceLevel;
        encapsulationKeys?: Partial<Record<SecurityLevel, string>> | undefined;
      },
      createdBy: string | null,
    ) {
      const rows = input.encapsulationKeys
        ? keys.registeredAgencyKeys(input.agency, input.encapsulationKeys)
        : keys.generatedAgencyKeys(input.agency);
      if (rows.length === 0)
        throw fieldError(
          "encapsulationKeys",
          "give at least one level's key, or leave the field out to have keys generated",
        );
      return writes.runExclusive(async () => {
        if (await repository.agency(input.agency))
          throw new HttpError("CONFLICT", "That agency exists already", {
            issues: [{ path: "agency", message: `${input.agency} has a profile` }],
          });
        const at = now();
        await repository.transaction(async (tx) => {
          await repository.insertAgency(
            { agency: input.agency, clearanceLevel: input.clearanceLevel, createdAt: at, createdBy },
            tx,
          );
          await repository.insertAgencyKeys(rows, tx);
        });
        return { status: 201, body: { profile: (await this.profiles()).find((p) => p.agency === input.agency)! } };
      });
    },
  };
}

export type IsolatorService = ReturnType<typeof createIsolatorService>;
