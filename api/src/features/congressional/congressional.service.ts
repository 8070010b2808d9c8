// The presentation's figures: every part read through its own time bound, then assembled. One answer serves every
// caller for FIGURES_CACHE_MS: a room of presenters costs one computation per window.
import { windowCache } from "../../shared/window-cache";
import { randomBytes } from "node:crypto";
import { withTimeout } from "../../ledgers/deadline";
import { verifyAttestation } from "../../shared/attestation";
import { SERIES, SOURCE_NAMES } from "../../sources/government/catalogue";
import { DEBT_FALLBACK_USD, FIGURE_TIMEOUT_MS, FIGURES_CACHE_MS } from "./congressional.constants";
import { activitiesFigure, complianceFigure, federalEndpointsFigure, type Read } from "./congressional.figures";
import type { CongressionalFiguresResponse } from "./congressional.schemas";
import type { CongressionalDeps } from "./congressional.sources";

const MAX_REASON = 300;
const errorText = (err: unknown) => {
  const text = err instanceof Error ? err.message : String(err);
  return text.length > MAX_REASON ? `${text.slice(0, MAX_REASON)}…` : text;
};

/** A fresh message signed now and verified with the public key: the attestation key works at this moment. */
function quantumCheck(attestor: CongressionalDeps["attestor"]): CongressionalFiguresResponse["quantum"] {
  const started = performance.now();
  const ms = () => Math.round((performance.now() - started) * 10) / 10;
  try {
    const signed = attestor.attest(
      `xqb-congressional-check|${new Date().toISOString()}|${randomBytes(8).toString("hex")}`,
    );
    const ok = verifyAttestation(signed, attestor.publicKey);
    return {
      algorithm: signed.algorithm,
      publicKeyId: attestor.publicKeyId,
      signsNow: ok,
      durationMs: ms(),
      error: ok ? null : "the signature did not verify with the public key",
    };
  } catch (err) {
    return {
      algorithm: "ML-DSA-65",
      publicKeyId: attestor.publicKeyId,
      signsNow: false,
      durationMs: ms(),
      error: errorText(err),
    };
  }
}

export function createCongressionalService(deps: CongressionalDeps) {
  const now = deps.now ?? (() => new Date());
  const timeoutMs = deps.figureTimeoutMs ?? FIGURE_TIMEOUT_MS;
  const cacheMs = deps.cacheMs ?? FIGURES_CACHE_MS;

  const bounded = async <T>(what: string, load: () => Promise<T> | T): Promise<Read<T>> => {
    try {
      return { ok: true, value: await withTimeout(Promise.resolve().then(load), timeoutMs, what) };
    } catch (err) {
      return { ok: false, reason: errorText(err) };
    }
  };

  async function nationalDebt(): Promise<CongressionalFiguresResponse["nationalDebt"]> {
    const read = await bounded("the national debt", () => deps.government.figure("publicDebt"));
    const figure = read.ok ? read.value.figure : null;
    if (figure) {
      return {
        valueUsd: figure.value,
        basis: figure.source,
        asOf: figure.asOf,
        publisher: figure.publisher,
        seriesId: figure.seriesId,
        note: figure.note,
      };
    }
    const why = read.ok ? (read.value.missing ?? "no figure") : read.reason;
    return {
      valueUsd: DEBT_FALLBACK_USD,
      basis: "fallback",
      asOf: null,
      publisher: SOURCE_NAMES[SERIES.publicDebt.source],
      seriesId: SERIES.publicDebt.seriesId,
      note: `Spec fallback ($36.2T): ${why}.`,
    };
  }

  async function compute(): Promise<CongressionalFiguresResponse> {
    // The sources' states after the debt read, so they say how that very read went.
    const debtRead = nationalDebt();
    const [compliance, mints, rewards, sources, debt] = await Promise.all([
      bounded("the compliance audit", deps.compliance),
      bounded("the environmental mints", deps.environmentalMints),
      bounded("the VIBE rewards", deps.rewardedWallets),
      debtRead.then(() => bounded("the government sources", () => deps.government.sources())),
      debtRead,
    ]);
    return {
      computedAt: now().toISOString(),
      cacheSeconds: cacheMs / 1000,
      figureTimeoutMs: timeoutMs,
      complianceScore: complianceFigure(compliance),
      activities: activitiesFigure(mints, rewards),
      federalEndpoints: federalEndpointsFigure(sources),
      nationalDebt: debt,
      quantum: quantumCheck(deps.attestor),
    };
  }

  const cache = windowCache(cacheMs, compute);
  return {
    /** The figures of this window: the same object for every caller until it is `cacheMs` old. */
    figures: cache.get,
    computedCount: cache.computedCount,
  };
}
