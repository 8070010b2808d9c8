// POST /simulate-threat: real attacks on copies of the stored envelopes. For each isolation, `intensity`
// attempts cycle through ATTACK_KINDS and over its files; each attempt tampers a copy and hands it to the
// product's own openFile (crypto/attacks.ts). An attack counts as blocked only when openFile refused it. An
// isolation without files is attacked through a canary sealed with its own keys (never stored). Nothing in the
// store changes; the run's answer is stored for the report.
import { randomBytes, randomUUID } from "node:crypto";
import { HttpError } from "../../http/errors";
import {
  ATTACK_KINDS,
  ATTACK_LABELS,
  MAX_FILES_PER_ISOLATION,
  MAX_ISOLATIONS_PER_RUN,
  RULES,
  SIMULATION_COOLDOWN_SECONDS,
  THREAT_TYPE,
  type AttackKind,
  type EnvelopeCheck,
} from "./q-isolator.constants";
import type { BlockStore } from "./q-isolator.blocks";
import { levelOf, type KeyRing } from "./q-isolator.keys";
import type { IsolationRow, IsolatorRepository } from "./q-isolator.repository";
import type { SimulateThreatResponse } from "./q-isolator.schemas";
import { msSince, percentOf } from "./q-isolator.figures";
import { runAttack, sealFile, verifyEnvelope, type AttackOutcome, type AttackTarget } from "./crypto";

const CANARY_BYTES = 4096;
// The run's bounds are plain values (q-isolator.constants.ts): the contract states them too.
export { MAX_FILES_PER_ISOLATION, MAX_ISOLATIONS_PER_RUN, SIMULATION_COOLDOWN_SECONDS } from "./q-isolator.constants";

type Tally = {
  attempts: number;
  blocked: number;
  stopped: Map<EnvelopeCheck, number>;
  refusedBy: Set<EnvelopeCheck>;
  example: string;
};

export function createThreatSimulator(
  repository: IsolatorRepository,
  keys: KeyRing,
  blocks: BlockStore,
  now: () => Date = () => new Date(),
) {
  let running = false;
  let nextAllowedAt = 0;

  /**
   * The isolation's files as attack targets (their current envelopes), or one canary when it has none. Only files
   * whose recorded verification passed are candidates, the smallest MAX_FILES_PER_ISOLATION of them: what a run
   * reads stays bounded however much is stored.
   */
  async function targetsOf(
    iso: IsolationRow,
  ): Promise<{ targets: AttackTarget[]; files: { name: string; cid: string }[]; canary: boolean }> {
    const signer = keys.signer(iso);
    const opener = keys.custodianOpener(iso);
    const files = (await repository.filesOf([iso.id]))
      .filter(
        (f) =>
          f.verifiedOk === true && f.verifiedVersion === f.currentVersion && f.verifiedProtection === "post-quantum",
      )
      .sort((a, b) => a.encryptedSize - b.encryptedSize)
      .slice(0, MAX_FILES_PER_ISOLATION);
    const targets: AttackTarget[] = [];
    const named: { name: string; cid: string }[] = [];
    for (const file of files) {
      const envelope = await blocks.cat(file.currentCid);
      if (!envelope) continue;
      const expected = keys.expected(iso, file);
      // Only an intact post-quantum envelope is a target: attacking one that already fails (tampered on disk,
      // classical-only) would measure nothing. The status reports those.
      const intact = verifyEnvelope(envelope, expected);
      if (!intact.ok || intact.protection !== "post-quantum") continue;
      targets.push({ envelope, expected, key: opener, signer, name: file.name });
      named.push({ name: file.name, cid: file.currentCid });
    }
    if (targets.length > 0) return { targets, files: named, canary: false };
    const fileId = randomUUID();
    const sealed = sealFile({
      fileId,
      version: 1,
      isolationId: iso.id,
      level: levelOf(iso),
      name: "canary.bin",
      contentType: "application/octet-stream",
      plaintext: randomBytes(CANARY_BYTES),
      recipients: [keys.custodianRecipient(iso)],
      signer,
    });
    return {
      targets: [
        {
          envelope: sealed.bytes,
          expected: keys.expected(iso, { fileId, currentVersion: 1 }),
          key: opener,
          signer,
          name: "canary.bin",
        },
      ],
      files: [],
      canary: true,
    };
  }

  async function attackIsolation(iso: IsolationRow, intensity: number) {
    const started = performance.now();
    const { targets, files, canary } = await targetsOf(iso);
    const tallies = new Map<AttackKind, Tally>();
    try {
      for (let attempt = 0; attempt < intensity; attempt++) {
        const kind = ATTACK_KINDS[attempt % ATTACK_KINDS.length]!;
        const target = targets[Math.floor(attempt / ATTACK_KINDS.length) % targets.length]!;
        let outcome: AttackOutcome;
        try {
          outcome = runAttack(kind, target, attempt);
        } catch (err) {
          // The harness itself failing is not a blocked attack: it is reported as not blocked, with why.
          outcome = {
            kind,
            blocked: false,
            stoppedBy: null,
            refusedBy: [],
            detail: `the attack could not be run: ${err instanceof Error ? err.message : String(err)}`,
            durationMs: 0,
          };
        }
        const t = tallies.get(kind) ?? {
          attempts: 0,
          blocked: 0,
          stopped: new Map(),
          refusedBy: new Set(),
          example: outcome.detail,
        };
        t.attempts++;
        if (outcome.blocked) t.blocked++;
        else t.example = outcome.detail;
        if (outcome.stoppedBy) t.stopped.set(outcome.stoppedBy, (t.stopped.get(outcome.stoppedBy) ?? 0) + 1);
        for (const c of outcome.refusedBy) t.refusedBy.add(c);
        tallies.set(kind, t);
        // hundreds of signature checks: let the API answer others in between
        if (attempt % 4 === 3) await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      targets[0]?.key.decapsulationKey.fill(0);
      targets[0]?.signer.signingKey.fill(0);
    }
    const attacks = [...tallies].map(([kind, t]) => ({
      kind,
      label: ATTACK_LABELS[kind],
      attempts: t.attempts,
      blocked: t.blocked,
      stoppedBy: [...t.stopped].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null,
      refusedBy: [...t.refusedBy],
      example: t.example,
    }));
    const blocked = attacks.reduce((s, a) => s + a.blocked, 0);
    const first = targets[0]!;
    return {
      isolationId: iso.id,
      status: blocked === intensity ? ("SECURE" as const) : ("BREACHED" as const),
      threatBlocked: blocked === intensity,
      securityLevel: levelOf(iso),
      resistanceLevel: percentOf(blocked, intensity),
      penetrationAttempt: intensity,
      target: {
        name: canary ? "canary.bin" : targets.length === 1 ? first.name : `${targets.length} files (${first.name}, …)`,
        cid: files[0]?.cid ?? null,
        canary,
        files,
      },
      attacks,
      durationMs: msSince(started),
    };
  }

  return {
    async simulate(intensity: number, ranBy: string): Promise<SimulateThreatResponse> {
      if (running)
        throw new HttpError("CONFLICT", "A threat simulation is running", {
          issues: [{ path: "", message: "one simulation at a time; try again when it ends" }],
        });
      const wait = Math.ceil((nextAllowedAt - now().getTime()) / 1000);
      if (wait > 0)
        throw new HttpError("RATE_LIMITED", `One threat simulation every ${SIMULATION_COOLDOWN_SECONDS} s`, {
          retryAfterSeconds: wait,
        });
      running = true;
      let ran = false;
      try {
        const started = performance.now();
        const ranAt = now();
        const all = await repository.isolations();
        // the newest first, at most MAX_ISOLATIONS_PER_RUN; the answer says how many were left out
        const isolations = all.slice(-MAX_ISOLATIONS_PER_RUN).reverse();
        if (isolations.length === 0)
          throw new HttpError("INVALID_INPUT", "There is no isolation to attack", {
            issues: [{ path: "", message: "create an isolation first (POST /api/q-isolator/create-isolation)" }],
          });
        ran = true;
        const results = [];
        for (const iso of isolations) results.push(await attackIsolation(iso, intensity));
        const attempted = results.reduce((s, r) => s + r.penetrationAttempt, 0);
        const blocked = results.reduce((s, r) => s + r.attacks.reduce((x, a) => x + a.blocked, 0), 0);
        const answer: SimulateThreatResponse = {
          summary: {
            overallSecurityRate: percentOf(blocked, attempted),
            secureIsolations: results.filter((r) => r.threatBlocked).length,
            totalIsolations: results.length,
            attempted,
            blocked,
            durationMs: msSince(started),
            rule: RULES.overallSecurityRate,
            notAttacked: all.length - isolations.length,
          },
          results,
          threatType: THREAT_TYPE,
          intensity,
          ranAt: ranAt.toISOString(),
          ranBy,
        };
        await repository.insertSimulation({
          ranAt,
          intensity,
          attempted,
          blocked,
          overallSecurityRate: answer.summary.overallSecurityRate,
          result: answer,
        });
        return answer;
      } finally {
        running = false;
        if (ran) nextAllowedAt = now().getTime() + SIMULATION_COOLDOWN_SECONDS * 1000;
      }
    },
  };
}
