// The post-quantum file envelope (XQPQ v1, docs/pq-file-envelope.md): pure functions over bytes.
export {
  ALGORITHM_SIZES,
  dsaKeygen,
  dsaSign,
  dsaVerify,
  kemDecapsulate,
  kemEncapsulate,
  kemKeygen,
  kemPublicKeyOf,
  checkEncapsulationKey,
  checkDecapsulationKey,
} from "./pq";
export type { AlgorithmSizes, DsaSignOptions } from "./pq";
export { keyFingerprint, parseEnvelope, protectionOf, sealFile } from "./envelope";
export type { EnvelopeHeader, ParsedEnvelope, Recipient, RecipientStanza, Signer } from "./envelope";
export { DuplicateRecipient, EnvelopeRefused, inspectEnvelope, openFile, rewrapFile, verifyEnvelope } from "./open";
export type { CheckResult, Expected, OpenerKey, Protection } from "./open";
export { openClassicalEnvelope, sealClassicalEnvelope } from "./classical";
export { runAttack } from "./attacks";
export type { AttackOutcome, AttackTarget } from "./attacks";
export { FORMAT_NAME, FORMAT_VERSION, MAX_HEADER_BYTES } from "./format";
