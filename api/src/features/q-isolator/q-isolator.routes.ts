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
import { route, type FeatureRouter } from "../../http/route";
import type { SelfTarget } from "../../http/self-target";
import { FORMAT_NAME, FORMAT_VERSION } from "./crypto";
import { MAX_UPLOAD_BYTES, RULES } from "./q-isolator.constants";
import { openBlockStore, type BlockStore } from "./q-isolator.blocks";
import { openCustody } from "./q-isolator.custody";
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
import { createThreatSimulator, MAX_ISOLATIONS_PER_RUN, SIMULATION_COOLDOWN_SECONDS } from "./q-isolator.threats";
import { createVerifier } from "./q-isolator.verification";
import type { Config } from "../../config";

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

/** The scrub's background loop, for main.ts to start after listening and stop first. */
export interface QIsolatorExports {
  scrub: { start(): void; stop(): Promise<void> };
}

const FEATURE = "q-isolator";

export function createQIsolatorRouter(deps: QIsolatorDeps): FeatureRouter<QIsolatorExports> {
  const now = deps.now ?? (() => new Date());
  const repository = createIsolatorRepository(deps.db);
  const blocks = deps.blocks ?? openBlockStore(deps.config.dir);
  const verifier = createVerifier(repository, now);
  const scrubber = createScrubber(repository, blocks, { intervalSeconds: deps.config.scrubIntervalSeconds, bytesPerSecond: deps.config.scrubBytesPerSecond, now, ...(deps.logger ? { logger: deps.logger } : {}) });
  const quota = { walletQuotaBytes: deps.config.walletQuotaBytes, totalQuotaBytes: deps.config.totalQuotaBytes };
  // The spec's 25 MiB unless the config says otherwise (tests: a small limit, the same checks at both sides of it).
  const maxUploadBytes = deps.config.maxUploadBytes ?? MAX_UPLOAD_BYTES;
  const dns = createDnsProtection({ allowedHosts: deps.allowedHosts, stats: deps.hostGuardStats, selfTarget: deps.selfTarget, now });
  // The install key is read (or made) on first use, so a page that never opens the isolator never touches it.
  let parts: Promise<ReturnType<typeof build>> | null = null;
  const ready = () => (parts ??= openCustody(deps.config).then(build));
  function build(custody: Awaited<ReturnType<typeof openCustody>>) {
    const keys = createKeyRing(repository, custody);
    return { service: createIsolatorService({ repository, keys, blocks, verifier, quota, now }), threats: createThreatSimulator(repository, keys, blocks, now) };
  }
  /** The signed-in wallet acting: the guard's caller, or (routes mounted alone) the request's session. */
  const walletOf = async (caller: Caller, req: Parameters<typeof requireSession>[0]) => caller.address ?? (await requireSession(req, deps.sessions)).address;
  const version = `${deps.apiVersion} · ${FORMAT_NAME} v${FORMAT_VERSION}`;

  // Reads no block and needs no custody: the recorded verifications and the keys' public halves only.
  async function status() {
    const scrub = { intervalSeconds: deps.config.scrubIntervalSeconds, bytesPerSecond: deps.config.scrubBytesPerSecond, lastIdleAt: scrubber.lastPassAt };
    return statusOf(await verifier.current(), deps.config.cryptoDomain, scrub, now());
  }

  return {
    feature: FEATURE,
    routes: [
      route({
        method: "get",
        path: "/api/q-isolator/status",
        access: "visitor",
        feature: FEATURE,
        summary: "The isolations and their files as last verified (each envelope when written, then by the background scrub; no stored block is read here): resistance, threat level and status by the stated rules",
        response: qIsolatorStatusResponse,
        handler: status,
      }),
      route({
        method: "get",
        path: "/api/q-isolator/vibecoins-files",
        access: "visitor",
        feature: FEATURE,
        summary: "The protected files: name, CID (hash), sizes, whether each is post-quantum and verified, its isolation layer, version, recipients (and which hold their own key), uploader; the storage quotas",
        response: vibecoinsFilesResponse,
        handler: async () => ({ ...(await (await ready()).service.files()), maxUploadBytes, gatewayUrl: deps.config.ipfsGatewayUrl }),
      }),
      route({
        method: "post",
        path: "/api/q-isolator/files",
        access: "wallet",
        feature: FEATURE,
        summary: `Uploads a file into an isolation (multipart: isolationId, file; at most ${maxUploadBytes} bytes): sealed into an XQPQ envelope for the custodian and the isolation's agencies, stored as UnixFS blocks, recorded as the signed-in wallet's; 413 over the wallet's or the total storage quota`,
        upload: { fields: uploadFields, fileField: "file", maxBytes: maxUploadBytes },
        response: uploadResponse,
        statuses: [201],
        write: true,
        handler: async ({ upload, caller, req }) => {
          const form = upload as { fields: z.output<typeof uploadFields>; file: { filename: string; mimeType: string; bytes: Buffer } };
          const wallet = await walletOf(caller, req);
          return (await ready()).service.upload({ isolationId: form.fields.isolationId, file: form.file }, wallet);
        },
      }),
      route({
        method: "get",
        path: "/api/q-isolator/files/:cid",
        access: "operator",
        feature: FEATURE,
        summary: "Operator only: the file decrypted with a key the server holds (the custodian's, or an agency's the server generated), after every check of its envelope passed; an agency that holds its own key is refused (400: it decrypts /ipfs/<cid> itself); a superseded CID is refused (409)",
        params: cidParams,
        query: downloadQuery,
        binary: { contentType: "application/octet-stream", description: "The decrypted file (Content-Disposition names it)" },
        errors: ["NOT_FOUND", "CONFLICT"],
        response: z.never(),
        handler: async ({ params, query }) => (await ready()).service.download(params.cid, query.recipient),
      }),
      route({
        method: "get",
        path: "/ipfs/:cid",
        access: "visitor",
        feature: FEATURE,
        summary: "The envelope's bytes under its CID (ciphertext only), as a gateway would serve them",
        params: cidParams,
        binary: { contentType: "application/octet-stream", description: "The XQPQ envelope" },
        errors: ["NOT_FOUND"],
        response: z.never(),
        handler: async ({ params }) => (await ready()).service.envelope(params.cid),
      }),
      route({
        method: "get",
        path: "/api/q-isolator/government-profiles",
        access: "visitor",
        feature: FEATURE,
        summary: "The agency profiles: clearance, threat level of what they can read, active isolations, authorised agencies, their ML-KEM encapsulation keys by fingerprint",
        response: governmentProfilesResponse,
        handler: async () => ({ profiles: await (await ready()).service.profiles(), clearanceRule: RULES.clearance }),
      }),
      route({
        method: "post",
        path: "/api/q-isolator/government-profiles",
        access: "wallet",
        feature: FEATURE,
        summary: "Creates an agency profile with keys generated here, or with the agency's own ML-KEM encapsulation keys (base64 per level; it keeps the decapsulation keys)",
        body: registerAgencyBody,
        response: registerAgencyResponse,
        statuses: [201],
        errors: ["CONFLICT"],
        write: true,
        handler: async ({ body, caller, req }) => (await ready()).service.registerAgency(body, await walletOf(caller, req)),
      }),
      route({
        method: "post",
        path: "/api/q-isolator/government-profiles/authorize",
        access: "wallet",
        feature: FEATURE,
        summary: "Lets authorizedAgency read agency's files: each file key is re-wrapped for it (new version and CID, same encrypted payload)",
        body: authorizeAgencyBody,
        response: authorizeAgencyResponse,
        errors: ["CONFLICT"],
        write: true,
        handler: async ({ body }) => (await ready()).service.authorize(body.agency, body.authorizedAgency),
      }),
      route({
        method: "get",
        path: "/api/q-isolator/dns-protection",
        access: "visitor",
        feature: FEATURE,
        summary: "The API's DNS-rebinding guard: allowed hosts, foreign-Host requests refused since start, uptime, and a self-test of allowed and foreign hosts",
        response: dnsProtectionResponse,
        handler: () => dns.read(),
      }),
      route({
        method: "post",
        path: "/api/q-isolator/create-isolation",
        access: "wallet",
        feature: FEATURE,
        summary: "Creates an isolation: ML-KEM and ML-DSA key pairs at the level's parameter set (secret keys sealed at rest), and the agency's profile if new",
        body: createIsolationBody,
        response: createIsolationResponse,
        statuses: [201],
        write: true,
        handler: async ({ body, caller, req }) => ({ status: 201, body: await (await ready()).service.createIsolation(body, await walletOf(caller, req)) }),
      }),
      route({
        method: "post",
        path: "/api/q-isolator/simulate-threat",
        access: "operator",
        feature: FEATURE,
        summary: `Real attacks on copies of each isolation's stored envelopes (intensity = attempts per isolation; the newest ${MAX_ISOLATIONS_PER_RUN} isolations; one run every ${SIMULATION_COOLDOWN_SECONDS} s): bit flips, wrong key, forged or stripped signature, classical downgrade, replay; blocked only when the product's checks refused`,
        body: simulateThreatBody,
        response: simulateThreatResponse,
        errors: ["CONFLICT", "RATE_LIMITED"],
        write: true,
        handler: async ({ body, caller }) => (await ready()).threats.simulate(body.intensity, ranByOf(caller)),
      }),
      route({
        method: "get",
        path: "/api/q-isolator/comprehensive-report",
        access: "visitor",
        feature: FEATURE,
        summary: "Version, quantum readiness and security grade (a self-test: which isolations, files and attacks it rests on) by the stated rules, the algorithms by standard, no certification claimed; with a Markdown copy",
        response: comprehensiveReportResponse,
        handler: async () => {
          const [s, dnsRate, last] = await Promise.all([status(), dns.passRate(), repository.latestSimulation()]);
          return buildReport({ version, status: s, lastSimulation: last, dnsSelfTestPercent: dnsRate, generatedAt: now() });
        },
      }),
    ],
    exports: { scrub: { start: () => scrubber.start(), stop: () => scrubber.stop() } },
  };
}
