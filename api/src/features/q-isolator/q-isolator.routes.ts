// The post-quantum isolator (/q-blockchain-isolator-dashboard): isolations with NIST ML-KEM / ML-DSA keys, files
// sealed into XQPQ envelopes (docs/pq-file-envelope.md) and stored as UnixFS blocks by CID, agencies as
// recipients, real attacks on copies of the stored envelopes, the API's own DNS-rebinding guard, and a report
// by stated rules. The spec's paths and fields (part 2 §3, §7), plus the upload, download, /ipfs and agency
// routes the issue asks for.
import { z } from "zod";
import type { Db } from "../../db/client";
import { ranByOf, type Caller } from "../../http/access";
import type { HostGuardStats } from "../../http/protection";
import type { Logger } from "../../logger";
import { requireSession, type SessionStore } from "../../shared/session";
import { implement, type FeatureRouter } from "../../http/route";
import type { SelfTarget } from "../../http/self-target";
import { FORMAT_NAME, FORMAT_VERSION } from "./crypto";
import { MAX_UPLOAD_BYTES, RULES } from "./q-isolator.constants";
import { openBlockStore, type BlockStore } from "./q-isolator.blocks";
import { qIsolatorContract as c } from "./q-isolator.contract";
import { openCustody } from "../../shared/custody";
import { createDnsProtection } from "./q-isolator.dns";
import { createKeyRing } from "./q-isolator.keys";
import { buildReport } from "./q-isolator.report";
import { createIsolatorRepository } from "./q-isolator.repository";
import {
  authorizeAgencyBody,
  authorizeAgencyResponse,
  cidParams,
  comprehensiveReportResponse,
  createIsolationBody,
  createIsolationResponse,
  dnsProtectionResponse,
  downloadQuery,
  governmentProfilesResponse,
  qIsolatorStatusResponse,
  registerAgencyBody,
  registerAgencyResponse,
  simulateThreatBody,
  simulateThreatResponse,
  uploadFields,
  uploadResponse,
  vibecoinsFilesResponse,
} from "./q-isolator.schemas";
import { createScrubber } from "./q-isolator.scrub";
import { createIsolatorService } from "./q-isolator.service";
import { statusOf } from "./q-isolator.status";
import { createThreatSimulator } from "./q-isolator.threats";
import { createVerifier, isIntegrityFailure } from "./q-isolator.verification";
import type { Config } from "../../config";
import { momentary } from "../../shared/moment-cache";

export interface QIsolatorDeps {
  db: Db;
  config: Config["qIsolator"];
  /** Who uploads: the session when the routes are mounted without the app's guard (feature tests). */
  sessions: SessionStore;
  apiVersion: string;
  allowedHosts: readonly string[];
  hostGuardStats: HostGuardStats;
  selfTarget: <T>(fn: (t: SelfTarget) => Promise<T>) => Promise<T>;
  logger?: Pick<Logger, "warn">;
  /** Another blockstore (tests count its reads; the bench); by default UnixFS blocks in `<dir>/blocks`. */
  blocks?: BlockStore;
  now?: () => Date;
}

/** The stored files' integrity as recorded by the last verifications (no block read). */
export interface IsolatorIntegrity {
  files: number;
  /** Passed every check with post-quantum algorithms when last verified. */
  verified: number;
  /** An integrity failure (a check failed on a post-quantum envelope): what makes protection inactive. */
  failed: number;
  /** Classical-only envelopes: weak protection, not broken. */
  classicalOnly: number;
  /** Not verified since their current version was written. */
  pending: number;
  oldestVerifiedAt: string | null;
}

/** One integrity pass run now: every stored file read back from the blockstore and verified, one after another. */
export interface IsolatorIntegrityPass {
  checked: number;
  ok: number;
  failures: { fileId: string; version: number; failedCheck: string | null }[];
  bytesRead: number;
  durationMs: number;
}

export interface QIsolatorExports {
  /** The scrub's background loop, for main.ts to start after listening and stop first. */
  scrub: { start(): void; stop(): Promise<void> };
  integrity(): Promise<IsolatorIntegrity>;
  /** The scrub's pass over every file now (the dashboard's threat scan); operator work, never a visitor's read. */
  integrityPass(): Promise<IsolatorIntegrityPass>;
}

export function createQIsolatorRouter(deps: QIsolatorDeps): FeatureRouter<QIsolatorExports> {
  const now = deps.now ?? (() => new Date());
  const repository = createIsolatorRepository(deps.db);
  const blocks = deps.blocks ?? openBlockStore(deps.config.dir);
  const verifier = createVerifier(repository, now);
  const scrubber = createScrubber(repository, blocks, {
    intervalSeconds: deps.config.scrubIntervalSeconds,
    bytesPerSecond: deps.config.scrubBytesPerSecond,
    now,
    ...(deps.logger ? { logger: deps.logger } : {}),
  });
  const quota = { walletQuotaBytes: deps.config.walletQuotaBytes, totalQuotaBytes: deps.config.totalQuotaBytes };
  // The spec's 25 MiB unless the config says otherwise (tests: a small limit, the same checks at both sides of it).
  const maxUploadBytes = deps.config.maxUploadBytes ?? MAX_UPLOAD_BYTES;
  const dns = createDnsProtection({
    allowedHosts: deps.allowedHosts,
    stats: deps.hostGuardStats,
    selfTarget: deps.selfTarget,
    now,
  });
  // The install key is read (or made) on first use, so a page that never opens the isolator never touches it.
  let parts: Promise<ReturnType<typeof build>> | null = null;
  const ready = () => (parts ??= openCustody(deps.config).then(build));
  function build(custody: Awaited<ReturnType<typeof openCustody>>) {
    const keys = createKeyRing(repository, custody);
    return {
      service: createIsolatorService({ repository, keys, blocks, verifier, quota, now }),
      threats: createThreatSimulator(repository, keys, blocks, now),
    };
  }
  /** The signed-in wallet acting: the guard's caller, or (routes mounted alone) the request's session. */
  const walletOf = async (caller: Caller, req: Parameters<typeof requireSession>[0]) =>
    caller.address ?? (await requireSession(req, deps.sessions)).address;
  const version = `${deps.apiVersion} · ${FORMAT_NAME} v${FORMAT_VERSION}`;

  // Reads no block and needs no custody: the recorded verifications and the keys' public halves only.
  async function status() {
    const scrub = {
      intervalSeconds: deps.config.scrubIntervalSeconds,
      bytesPerSecond: deps.config.scrubBytesPerSecond,
      lastIdleAt: scrubber.lastPassAt,
    };
    return statusOf(await verifier.current(), deps.config.cryptoDomain, scrub, now());
  }

  // The reads every open page polls are the same for every visitor: computed once for a moment, again at once
  // after any write this process answers (shared/moment-cache.ts), and sent as the JSON remembered for them.
  const currentStatus = momentary(status);
  const files = momentary(async () => ({
    ...(await (await ready()).service.files()),
    maxUploadBytes,
    gatewayUrl: deps.config.ipfsGatewayUrl,
  }));
  const profiles = momentary(async () => ({
    profiles: await (await ready()).service.profiles(),
    clearanceRule: RULES.clearance,
  }));
  const report = momentary(async () => {
    const [s, dnsRate, last] = await Promise.all([status(), dns.passRate(), repository.latestSimulation()]);
    return buildReport({ version, status: s, lastSimulation: last, dnsSelfTestPercent: dnsRate, generatedAt: now() });
  });

  return {
    feature: "q-isolator",
    routes: [
      implement(c.status, { response: qIsolatorStatusResponse, handler: currentStatus }),
      implement(c.files, { response: vibecoinsFilesResponse, handler: files }),
      implement(c.upload, {
        upload: { fields: uploadFields, fileField: "file", maxBytes: maxUploadBytes },
        response: uploadResponse,
        handler: async ({ upload, caller, req }) => {
          const form = upload as {
            fields: z.output<typeof uploadFields>;
            file: { filename: string; mimeType: string; bytes: Buffer };
          };
          const wallet = await walletOf(caller, req);
          return (await ready()).service.upload({ isolationId: form.fields.isolationId, file: form.file }, wallet);
        },
      }),
      implement(c.download, {
        params: cidParams,
        query: downloadQuery,
        response: z.never(),
        handler: async ({ params, query }) => (await ready()).service.download(params.cid, query.recipient),
      }),
      implement(c.envelope, {
        params: cidParams,
        response: z.never(),
        handler: async ({ params }) => (await ready()).service.envelope(params.cid),
      }),
      implement(c.profiles, {
        response: governmentProfilesResponse,
        handler: profiles,
      }),
      implement(c.registerAgency, {
        body: registerAgencyBody,
        response: registerAgencyResponse,
        handler: async ({ body, caller, req }) =>
          (await ready()).service.registerAgency(body, await walletOf(caller, req)),
      }),
      implement(c.authorizeAgency, {
        body: authorizeAgencyBody,
        response: authorizeAgencyResponse,
        handler: async ({ body }) => (await ready()).service.authorize(body.agency, body.authorizedAgency),
      }),
      implement(c.dnsProtection, { response: dnsProtectionResponse, handler: () => dns.read() }),
      implement(c.createIsolation, {
        body: createIsolationBody,
        response: createIsolationResponse,
        handler: async ({ body, caller, req }) => ({
          status: 201,
          body: await (await ready()).service.createIsolation(body, await walletOf(caller, req)),
        }),
      }),
      implement(c.simulateThreat, {
        body: simulateThreatBody,
        response: simulateThreatResponse,
        handler: async ({ body, caller }) => (await ready()).threats.simulate(body.intensity, ranByOf(caller)),
      }),
      implement(c.comprehensiveReport, {
        response: comprehensiveReportResponse,
        handler: report,
      }),
    ],
    exports: {
      scrub: { start: () => scrubber.start(), stop: () => scrubber.stop() },
      integrity: async () => {
        const pass = await verifier.current();
        const count = (f: (v: (typeof pass.files)[number]) => boolean) => pass.files.filter(f).length;
        return {
          files: pass.files.length,
          verified: count((v) => v.ok && v.verifiedAt !== null),
          failed: count(isIntegrityFailure),
          classicalOnly: count((v) => v.protection === "classical-only"),
          pending: count((v) => v.verifiedAt === null),
          oldestVerifiedAt: pass.oldestVerifiedAt?.toISOString() ?? null,
        };
      },
      integrityPass: async () => {
        const started = Date.now();
        const steps = await scrubber.runDue(true);
        return {
          checked: steps.length,
          ok: steps.filter((s) => s.ok).length,
          failures: steps
            .filter((s) => !s.ok)
            .map(({ fileId, version, failedCheck }) => ({ fileId, version, failedCheck })),
          bytesRead: steps.reduce((n, s) => n + s.bytes, 0),
          durationMs: Date.now() - started,
        };
      },
    },
  };
}
