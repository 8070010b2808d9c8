// Key custody of the isolator: the custodian key pairs of each isolation (ML-KEM for its files' stanzas, ML-DSA
// to sign its envelopes) and the agencies' ML-KEM keys, one per parameter set. Secret keys are generated here
// and stored only sealed under the install key (custody.ts), bound to their row; an agency may instead register
// its own encapsulation keys and keep the decapsulation keys itself.
import { randomBytes } from "node:crypto";
import { HttpError, fieldError } from "../../http/errors";
import {
  CLEARANCE_LEVELS,
  LEVEL_ALGORITHMS,
  REQUIRED_CLEARANCE,
  SECURITY_LEVELS,
  type ClearanceLevel,
  type SecurityLevel,
} from "./q-isolator.constants";
import type { Custody } from "../../shared/custody";
import type { AgencyKeyRow, IsolationRow, IsolatorRepository } from "./q-isolator.repository";
import {
  checkEncapsulationKey,
  dsaKeygen,
  kemKeygen,
  type Expected,
  type OpenerKey,
  type Recipient,
  type Signer,
} from "./crypto";
import { msSince } from "./q-isolator.figures";

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");
export const fromB64 = (text: string) => new Uint8Array(Buffer.from(text, "base64"));

export const agencyRecipientId = (agency: string) => `agency:${agency}`;
export const CUSTODIAN = "custodian";

const boundIsolation = (id: string, part: "kem" | "dsa") => `isolation ${id} ${part}`;
const boundAgency = (agency: string, level: SecurityLevel) => `agency ${agency} ${level} kem`;

export const clearanceRank = (c: ClearanceLevel) => CLEARANCE_LEVELS.indexOf(c);
export const levelOf = (row: { securityLevel: string }) => row.securityLevel as SecurityLevel;

/** What an envelope of this file must be bound to and signed with: public data only (no custody needed). */
export const expectedOf = (iso: IsolationRow, file: { fileId: string; currentVersion: number }): Expected => ({
  fileId: file.fileId,
  isolationId: iso.id,
  level: levelOf(iso),
  verificationKey: fromB64(iso.verificationKey),
  currentVersion: file.currentVersion,
});

export interface NewIsolationKeys {
  row: IsolationRow;
  sizes: { encapsulationKey: number; decapsulationKey: number; verificationKey: number; signingKey: number };
  keygenMs: number;
}

export function createKeyRing(repository: IsolatorRepository, custody: Custody) {
  return {
    /** A new isolation's id and custodian keys, sealed, ready to insert. */
    newIsolation(level: SecurityLevel, agency: string | null, at: Date, createdBy: string | null): NewIsolationKeys {
      const id = `iso-${randomBytes(8).toString("hex")}`;
      const started = performance.now();
      const kem = kemKeygen(level);
      const dsa = dsaKeygen(level);
      const keygenMs = msSince(started);
      const row: IsolationRow = {
        id,
        securityLevel: level,
        agency,
        encapsulationKey: b64(kem.encapsulationKey),
        decapsulationKeySealed: custody.seal(kem.decapsulationKey, boundIsolation(id, "kem")),
        verificationKey: b64(dsa.verificationKey),
        signingKeySealed: custody.seal(dsa.signingKey, boundIsolation(id, "dsa")),
        createdAt: at,
        createdBy,
      };
      const sizes = {
        encapsulationKey: kem.encapsulationKey.length,
        decapsulationKey: kem.decapsulationKey.length,
        verificationKey: dsa.verificationKey.length,
        signingKey: dsa.signingKey.length,
      };
      kem.decapsulationKey.fill(0);
      dsa.signingKey.fill(0);
      return { row, sizes, keygenMs };
    },

    /** Generated ML-KEM keys for an agency at every level, decapsulation keys sealed. */
    generatedAgencyKeys(agency: string): AgencyKeyRow[] {
      return SECURITY_LEVELS.map((level) => {
        const kem = kemKeygen(level);
        const row = {
          agency,
          securityLevel: level,
          encapsulationKey: b64(kem.encapsulationKey),
          decapsulationKeySealed: custody.seal(kem.decapsulationKey, boundAgency(agency, level)),
        };
        kem.decapsulationKey.fill(0);
        return row;
      });
    },

    /** An agency's own encapsulation keys (base64), checked as FIPS 203 requires; the field named on refusal. */
    registeredAgencyKeys(agency: string, keys: Partial<Record<SecurityLevel, string>>): AgencyKeyRow[] {
      return Object.entries(keys).map(([level, text]) => {
        const lvl = level as SecurityLevel;
        // the length, then FIPS 203's modulus check (crypto/pq.ts says why it is not a key, or null)
        const why = checkEncapsulationKey(lvl, fromB64(text ?? ""));
        if (why) throw fieldError(`encapsulationKeys.${lvl}`, why);
        return { agency, securityLevel: lvl, encapsulationKey: text!, decapsulationKeySealed: null };
      });
    },

    custodianRecipient: (iso: IsolationRow): Recipient => ({
      id: CUSTODIAN,
      encapsulationKey: fromB64(iso.encapsulationKey),
    }),
    custodianOpener: (iso: IsolationRow): OpenerKey => ({
      recipientId: CUSTODIAN,
      decapsulationKey: custody.unseal(iso.decapsulationKeySealed, boundIsolation(iso.id, "kem")),
    }),
    signer: (iso: IsolationRow): Signer => ({
      level: levelOf(iso),
      signingKey: custody.unseal(iso.signingKeySealed, boundIsolation(iso.id, "dsa")),
      verificationKey: fromB64(iso.verificationKey),
    }),
    expected: expectedOf,

    /** The recipient for an agency at a level, or null when it has no key there. */
    async agencyRecipient(agency: string, level: SecurityLevel): Promise<Recipient | null> {
      const key = await repository.agencyKey(agency, level);
      return key ? { id: agencyRecipientId(agency), encapsulationKey: fromB64(key.encapsulationKey) } : null;
    },
    /** An agency's opener at a level; a 400 when its decapsulation key is its own (not held here). */
    async agencyOpener(agency: string, level: SecurityLevel): Promise<OpenerKey> {
      const key = await repository.agencyKey(agency, level);
      if (!key) throw fieldError("recipient", `${agency} has no ${LEVEL_ALGORITHMS[level].kem} key`);
      if (!key.decapsulationKeySealed) {
        throw new HttpError("INVALID_INPUT", "This agency holds its own decapsulation key", {
          issues: [
            {
              path: "recipient",
              message: `${agency} registered its own ${LEVEL_ALGORITHMS[level].kem} key: download the envelope (/ipfs/<cid>) and decrypt it with that key (docs/pq-file-envelope.md)`,
            },
          ],
        });
      }
      return {
        recipientId: agencyRecipientId(agency),
        decapsulationKey: custody.unseal(key.decapsulationKeySealed, boundAgency(agency, level)),
      };
    },
  };
}

export type KeyRing = ReturnType<typeof createKeyRing>;

/** The clearance a level needs, and whether `held` is enough. */
export const clearanceEnough = (held: ClearanceLevel, level: SecurityLevel) =>
  clearanceRank(held) >= clearanceRank(REQUIRED_CLEARANCE[level]);
