import { urlOf } from "../../../../../api/src/http/endpoint";
import type { PillColor } from "../../../components/pill";
import { qIsolatorContract } from "../api/contract";
import { LEVEL_ALGORITHMS, type ClearanceLevel, type SecurityLevel } from "../constants";

/** Spec §3: each level has its badge colour; a value the page does not know gets grey. */
const LEVEL_COLORS: Record<SecurityLevel, PillColor> = {
  GOVERNMENT: "error",
  ENTERPRISE: "primary",
  COMMERCIAL: "success",
};
const CLEARANCE_COLORS: Record<ClearanceLevel, PillColor> = {
  TOP_SECRET: "error",
  SECRET: "warning",
  CONFIDENTIAL: "info",
  PUBLIC: "success",
};

export const levelColor = (level: string): PillColor => LEVEL_COLORS[level as SecurityLevel] ?? "default";
export const clearanceColor = (level: string): PillColor => CLEARANCE_COLORS[level as ClearanceLevel] ?? "default";

/** "Enterprise Grade", or the value itself for a level the page does not know. */
export const levelLabel = (level: string) => LEVEL_ALGORITHMS[level as SecurityLevel]?.label ?? level;
/** "ML-KEM-768 + ML-DSA-65" */
export const parameterSets = (level: SecurityLevel) =>
  `${LEVEL_ALGORITHMS[level].kem} + ${LEVEL_ALGORITHMS[level].sig}`;

/** A percentage as the API computed it, at most one decimal: "100%", "87.5%". */
export const percentText = (value: number) => `${Number.isInteger(value) ? value : value.toFixed(1)}%`;

/** "1.2 ms", "340 ms", "2.4 s" */
export function durationText(ms: number): string {
  if (ms < 10) return `${ms.toFixed(1)} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(1)} s`;
}

/**
 * "View on IPFS": the public gateway the API names (IPFS_GATEWAY_URL) when it names one, else this origin's
 * /ipfs/<cid>, which serves the encrypted bytes as stored.
 */
export function ipfsUrl(cid: string, gatewayUrl: string | null): string {
  return gatewayUrl
    ? `${gatewayUrl.replace(/\/+$/, "")}/ipfs/${cid}`
    : urlOf(qIsolatorContract.envelope, { params: { cid } });
}

/** "custodian" → "Custodian"; "agency:FBI" → "FBI (agency)". */
export function recipientLabel(recipient: string): string {
  if (recipient === "custodian") return "Custodian";
  return recipient.startsWith("agency:") ? `${recipient.slice("agency:".length)} (agency)` : recipient;
}
