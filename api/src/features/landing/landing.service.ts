// The landing summary: every part read through its own time bound (landing.part.ts), then assembled. One summary
// serves every visitor for SUMMARY_CACHE_MS: a crowd on the landing page costs one computation per window, and a
// write elsewhere does not renew it (the landing is the most visited page; its figures say when they were read).
import { windowCache } from "../../shared/window-cache";
import { randomBytes } from "node:crypto";
import { SERIES_KEYS } from "../../sources/government/catalogue";
import { verifyAttestation } from "../../shared/attestation";
import { governmentCard, multiChainCard, networksOf, quantumCard, rwaCard } from "./landing.cards";
import {
  environmentalFigure,
  governmentFigure,
  infrastructureFigure,
  quantumFigure,
  securityFigure,
  treasuryFigure,
} from "./landing.blocks";
import {
  BLOCK_TITLES,
  PART_TIMEOUT_MS,
  STAT_TITLES,
  SUMMARY_CACHE_MS,
  type BlockId,
  type StatId,
} from "./landing.constants";
import { boundedPart, errorText, type PartAnswer } from "./landing.part";
import type { LandingBlock, LandingFigure, LandingSummaryResponse } from "./landing.schemas";
import type { LandingDeps } from "./landing.sources";

const iso = (d: Date | null) => d?.toISOString() ?? null;
const partInfo = (p: PartAnswer<unknown>) => ({ state: p.state, readAt: iso(p.readAt), reason: p.reason });

/** A fresh message signed now and verified with the public key: the attestation key works at this moment. */
function attestationCheck(attestor: LandingDeps["attestor"]) {
  const started = performance.now();
  try {
    const message = `xqb-landing-check|${new Date().toISOString()}|${randomBytes(8).toString("hex")}`;
    const signed = attestor.attest(message);
    const ok = verifyAttestation(signed, attestor.publicKey);
    return {
      algorithm: signed.algorithm,
      publicKeyId: attestor.publicKeyId,
      signsNow: ok,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
      error: ok ? null : "the signature did not verify with the public key",
    };
  } catch (err) {
    return {
      algorithm: "ML-DSA-65",
      publicKeyId: attestor.publicKeyId,
      signsNow: false,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
      error: errorText(err),
    };
  }
}

export function createLandingService(deps: LandingDeps) {
  const now = deps.now ?? (() => new Date());
  const timeoutMs = deps.partTimeoutMs ?? PART_TIMEOUT_MS;
  const cacheMs = deps.cacheMs ?? SUMMARY_CACHE_MS;
  const part = <T>(load: () => Promise<T> | T) => boundedPart(load, timeoutMs, now);

  const parts = {
    government: part(async () => {
      const answers = await deps.government.figures(SERIES_KEYS);
      return { sources: deps.government.sources(), answers: SERIES_KEYS.map((k) => answers[k]) };
    }),
    coins: part(deps.coins),
    attestation: part(() => attestationCheck(deps.attestor)),
    isolator: part(deps.isolatorIntegrity),
    vault: part(deps.vaultCollateral),
    security: part(deps.securityLatest),
    treasury: part(deps.treasuryCurve),
    environmental: part(deps.environmentalMints),
    ledgers: part(deps.ledgers),
  };

  async function compute(): Promise<LandingSummaryResponse> {
    const [government, coins, attestation, isolator, vault, security, treasury, environmental, ledgers] =
      await Promise.all([
        parts.government(),
        parts.coins(),
        parts.attestation(),
        parts.isolator(),
        parts.vault(),
        parts.security(),
        parts.treasury(),
        parts.environmental(),
        parts.ledgers(),
      ]);

    const card = <I extends StatId, F>(
      id: I,
      p: PartAnswer<unknown>,
      built: { value: string; how: string; figures: F } | null,
      howWithout: string,
    ) => ({
      id,
      title: STAT_TITLES[id],
      value: built?.value ?? null,
      how: built?.how ?? howWithout,
      figures: built?.figures ?? null,
      ...partInfo(p),
    });

    const networks = coins.value ? networksOf(coins.value, deps.evmNetwork, deps.sepoliaRpcUrl) : null;
    // Quantum security needs both of its parts: the card's state is the weaker one's.
    const quantumParts = [attestation, isolator];
    const quantumState =
      quantumParts.find((p) => p.state === "not-read") ??
      quantumParts.find((p) => p.state === "last-value") ??
      attestation;
    const quantum = attestation.value ? quantumCard(attestation.value, isolator.value, isolator.reason) : null;

    const block = (id: BlockId, p: PartAnswer<unknown>, figure: LandingFigure | null): LandingBlock => ({
      id,
      title: BLOCK_TITLES[id],
      figure,
      ...partInfo(p),
    });

    return {
      computedAt: now().toISOString(),
      cacheSeconds: cacheMs / 1000,
      partTimeoutMs: timeoutMs,
      stats: {
        government: card(
          "government",
          government,
          government.value ? governmentCard(government.value.sources, government.value.answers) : null,
          "The official series answering now (live from the publisher or the bundled snapshot) could not be counted.",
        ),
        multiChain: card(
          "multi-chain",
          coins,
          networks && coins.value ? multiChainCard(networks, coins.value.cryptocurrencies.length) : null,
          "The coin layer's networks by level could not be read.",
        ),
        quantum: {
          ...card("quantum", quantumState, quantum, "The attestation key could not be checked."),
          reason:
            quantumParts
              .map((p) => p.reason)
              .filter(Boolean)
              .join("; ") || null,
        },
        rwa: card(
          "rwa",
          vault,
          vault.value ? rwaCard(vault.value) : null,
          "The TreasuryVault's collateral and ratio could not be read from the chain.",
        ),
      },
      networks: {
        list: networks ?? [],
        how: "Each coin's test network from the coin layer, at the best level one of its coins reaches now (a coin without a testnet is listed under its own name, display only), and Ethereum Sepolia: configured when SEPOLIA_RPC_URL is set.",
        ...partInfo(coins),
      },
      blocks: [
        block(
          "government-apis",
          government,
          government.value ? governmentFigure(government.value.answers.find((a) => a.key === "publicDebt")) : null,
        ),
        block(
          "quantum-cryptography",
          isolator,
          isolator.value || attestation.value
            ? quantumFigure(isolator.value, attestation.value?.algorithm ?? "ML-DSA-65")
            : null,
        ),
        block("security-compliance", security, security.state === "not-read" ? null : securityFigure(security.value)),
        block("treasury-services", treasury, treasury.value ? treasuryFigure(treasury.value) : null),
        block(
          "environmental-services",
          environmental,
          environmental.value ? environmentalFigure(environmental.value) : null,
        ),
        block("infrastructure", ledgers, ledgers.value ? infrastructureFigure(ledgers.value) : null),
      ],
      contact: deps.contact.name || deps.contact.email ? { ...deps.contact } : null,
    };
  }

  // Parts never reject; a bug in assembling is not kept for the whole window (windowCache).
  const cache = windowCache(cacheMs, compute);
  return {
    /** The summary of this window: the same object for every caller until it is `cacheMs` old. */
    summary: cache.get,
    computedCount: cache.computedCount,
  };
}

export type LandingService = ReturnType<typeof createLandingService>;
