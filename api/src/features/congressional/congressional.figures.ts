// The slides' three stat cards, each computed from what its part read, or the spec's default when that is missing,
// with the sentence that says which. Pure functions: the service feeds them what the bounded parts read.
import type { SourceState } from "../../sources/government/government-data";
import { SPEC_DEFAULTS } from "./congressional.constants";
import type { CongressionalFiguresResponse } from "./congressional.schemas";
import type { ComplianceReading, RecordedCount } from "./congressional.sources";

/** A part's outcome: its value, or why there is none (failed, timed out). */
export type Read<T> = { ok: true; value: T } | { ok: false; reason: string };

const COMPLIANCE_SOURCE =
  "the compliance audit's rules (professional feature, api/src/features/professional/professional.compliance.ts), read from the chain now";
const ACTIVITIES_SOURCE =
  "database tables vibe_environmental_mints (testnet-operations) and vibe_reward_mints (vibecoins)";
const ENDPOINTS_SOURCE = "the government data layer's configured sources (api/src/sources/government)";

const defaultNote = (value: number) => `Spec default (${value}): the data behind this card is missing.`;

export function complianceFigure(read: Read<ComplianceReading>): CongressionalFiguresResponse["complianceScore"] {
  const genius = read.ok ? read.value.rules.filter((r) => r.group.startsWith("GENIUS")) : [];
  const missing = !read.ok
    ? read.reason
    : read.value.source !== "live"
      ? `the chain could not be read (${read.value.reason ?? "simulated"})`
      : genius.length === 0
        ? "the audit has no GENIUS Act rule"
        : null;
  const rules = genius.map(({ id, rule, measured, met }) => ({ id, rule, measured, met }));
  const meta = {
    rules,
    disclaimer: read.ok ? read.value.disclaimer : null,
    blockNumber: read.ok ? read.value.blockNumber : null,
  };
  if (missing !== null) {
    return {
      value: SPEC_DEFAULTS.complianceScore,
      basis: "spec-default",
      how: defaultNote(SPEC_DEFAULTS.complianceScore),
      source: COMPLIANCE_SOURCE,
      reason: missing,
      rulesMet: null,
      rulesTotal: null,
      ...meta,
    };
  }
  const met = rules.filter((r) => r.met).length;
  const value = Math.round((met / rules.length) * 100);
  return {
    value,
    basis: "computed",
    how: `${met} of ${rules.length} GENIUS Act rules met (rounded percent), at block ${meta.blockNumber ?? "?"}.`,
    source: COMPLIANCE_SOURCE,
    reason: null,
    rulesMet: met,
    rulesTotal: rules.length,
    ...meta,
  };
}

export function activitiesFigure(
  mints: Read<RecordedCount>,
  rewards: Read<RecordedCount>,
): CongressionalFiguresResponse["activities"] {
  if (!mints.ok || !rewards.ok) {
    const reason = [mints, rewards].flatMap((r) => (r.ok ? [] : [r.reason])).join("; ");
    return {
      value: SPEC_DEFAULTS.activities,
      basis: "spec-default",
      how: defaultNote(SPEC_DEFAULTS.activities),
      source: ACTIVITIES_SOURCE,
      reason,
      environmentalMints: mints.ok ? mints.value.count : null,
      rewardedWallets: rewards.ok ? rewards.value.count : null,
      lastAt: null,
    };
  }
  const last = [mints.value.lastAt, rewards.value.lastAt]
    .filter((d): d is Date => d !== null)
    .sort((a, b) => b.getTime() - a.getTime())[0];
  return {
    value: mints.value.count + rewards.value.count,
    basis: "computed",
    how: `${mints.value.count} environmental VIBE mints recorded plus ${rewards.value.count} wallets whose hourly VIBE reward was minted (the reward table keeps each wallet's latest reward only).`,
    source: ACTIVITIES_SOURCE,
    reason: null,
    environmentalMints: mints.value.count,
    rewardedWallets: rewards.value.count,
    lastAt: last?.toISOString() ?? null,
  };
}

export function federalEndpointsFigure(read: Read<SourceState[]>): CongressionalFiguresResponse["federalEndpoints"] {
  if (!read.ok || read.value.length === 0) {
    return {
      value: SPEC_DEFAULTS.federalEndpoints,
      basis: "spec-default",
      how: defaultNote(SPEC_DEFAULTS.federalEndpoints),
      source: ENDPOINTS_SOURCE,
      reason: read.ok ? "no government data source is configured" : read.reason,
      sources: [],
    };
  }
  const sources = read.value.map((s) => ({ name: s.name, live: s.live, reason: s.reason }));
  const configured = sources.filter((s) => s.live !== "disabled");
  const answered = sources.filter((s) => s.live === "live").length;
  return {
    value: configured.length,
    basis: "computed",
    how: `${configured.length} of ${sources.length} federal data sources configured for live reads (a source whose key is unset is not); ${answered} answered live at its last read. ${sources.map((s) => `${s.name}: ${s.reason}`).join("; ")}.`,
    source: ENDPOINTS_SOURCE,
    reason: null,
    sources,
  };
}
