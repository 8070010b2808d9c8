// Keys and a sealed envelope per level for the crypto tests (test code only).
import { randomBytes, randomUUID } from "node:crypto";
import type { SecurityLevel } from "../../q-isolator.constants";
import { dsaKeygen, kemKeygen } from "../pq";
import { sealFile, type Signer } from "../envelope";
import type { Expected, OpenerKey } from "../open";

export interface LevelFixture {
  level: SecurityLevel;
  signer: Signer;
  custodian: { encapsulationKey: Uint8Array; decapsulationKey: Uint8Array };
  agency: { encapsulationKey: Uint8Array; decapsulationKey: Uint8Array };
  isolationId: string;
}

export function levelFixture(level: SecurityLevel): LevelFixture {
  return {
    level,
    signer: { level, ...dsaKeygen(level) },
    custodian: kemKeygen(level),
    agency: kemKeygen(level),
    isolationId: `iso-${randomBytes(8).toString("hex")}`,
  };
}

export function sealed(
  f: LevelFixture,
  plaintext: Uint8Array = new Uint8Array(randomBytes(4096)),
  name = "report.pdf",
) {
  const fileId = randomUUID();
  const { bytes, header } = sealFile({
    fileId,
    version: 1,
    isolationId: f.isolationId,
    level: f.level,
    name,
    contentType: "application/pdf",
    plaintext,
    recipients: [
      { id: "custodian", encapsulationKey: f.custodian.encapsulationKey },
      { id: "agency:NSA", encapsulationKey: f.agency.encapsulationKey },
    ],
    signer: f.signer,
  });
  const expected: Expected = {
    fileId,
    isolationId: f.isolationId,
    level: f.level,
    verificationKey: f.signer.verificationKey,
    currentVersion: 1,
  };
  const custodianKey: OpenerKey = { recipientId: "custodian", decapsulationKey: f.custodian.decapsulationKey };
  const agencyKey: OpenerKey = { recipientId: "agency:NSA", decapsulationKey: f.agency.decapsulationKey };
  return { bytes, header, plaintext, expected, custodianKey, agencyKey, fileId };
}
