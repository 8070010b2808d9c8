// The post-quantum isolator's endpoints (http/endpoint.ts), declared once for the API (q-isolator.routes.ts mounts
// them) and the dapp (features/q-isolator/api/ calls them): the spec's paths (part 2 §3, §7) plus the upload (a
// multipart form: its fields and bound are the route's UploadSpec), the download and /ipfs (bytes), and the agencies.
import type { z } from "zod";
import { endpoint } from "../../http/endpoint";
import { MAX_ISOLATIONS_PER_RUN, MAX_UPLOAD_BYTES, SIMULATION_COOLDOWN_SECONDS } from "./q-isolator.constants";
import type {
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
  uploadResponse,
  vibecoinsFilesResponse,
} from "./q-isolator.schemas";

const FEATURE = "q-isolator";

export const qIsolatorContract = {
  status: endpoint<{ response: typeof qIsolatorStatusResponse }>()({
    method: "get",
    path: "/api/q-isolator/status",
    access: "visitor",
    feature: FEATURE,
    summary:
      "The isolations and their files as last verified (each envelope when written, then by the background scrub; no stored block is read here): resistance, threat level and status by the stated rules",
  }),
  files: endpoint<{ response: typeof vibecoinsFilesResponse }>()({
    method: "get",
    path: "/api/q-isolator/vibecoins-files",
    access: "visitor",
    feature: FEATURE,
    summary:
      "The protected files: name, CID (hash), sizes, whether each is post-quantum and verified, its isolation layer, version, recipients (and which hold their own key), uploader; the storage quotas",
  }),
  upload: endpoint<{ response: typeof uploadResponse }>()({
    method: "post",
    path: "/api/q-isolator/files",
    access: "wallet",
    feature: FEATURE,
    summary: `Uploads a file into an isolation (multipart: isolationId, file; at most the configured bound, ${MAX_UPLOAD_BYTES} bytes by default, which GET vibecoins-files states as maxUploadBytes): sealed into an XQPQ envelope for the custodian and the isolation's agencies, stored as UnixFS blocks, recorded as the signed-in wallet's; 413 over the wallet's or the total storage quota`,
    multipart: true,
    statuses: [201],
    write: true,
  }),
  download: endpoint<{ params: typeof cidParams; query: typeof downloadQuery; response: z.ZodNever }>()({
    method: "get",
    path: "/api/q-isolator/files/:cid",
    access: "operator",
    feature: FEATURE,
    summary:
      "Operator only: the file decrypted with a key the server holds (the custodian's, or an agency's the server generated), after every check of its envelope passed; an agency that holds its own key is refused (400: it decrypts /ipfs/<cid> itself); a superseded CID is refused (409)",
    binary: {
      contentType: "application/octet-stream",
      description: "The decrypted file (Content-Disposition names it)",
    },
    errors: ["NOT_FOUND", "CONFLICT"],
  }),
  envelope: endpoint<{ params: typeof cidParams; response: z.ZodNever }>()({
    method: "get",
    path: "/ipfs/:cid",
    access: "visitor",
    feature: FEATURE,
    summary: "The envelope's bytes under its CID (ciphertext only), as a gateway would serve them",
    binary: { contentType: "application/octet-stream", description: "The XQPQ envelope" },
    errors: ["NOT_FOUND"],
  }),
  profiles: endpoint<{ response: typeof governmentProfilesResponse }>()({
    method: "get",
    path: "/api/q-isolator/government-profiles",
    access: "visitor",
    feature: FEATURE,
    summary:
      "The agency profiles: clearance, threat level of what they can read, active isolations, authorised agencies, their ML-KEM encapsulation keys by fingerprint",
  }),
  registerAgency: endpoint<{ body: typeof registerAgencyBody; response: typeof registerAgencyResponse }>()({
    method: "post",
    path: "/api/q-isolator/government-profiles",
    access: "wallet",
    feature: FEATURE,
    summary:
      "Creates an agency profile with keys generated here, or with the agency's own ML-KEM encapsulation keys (base64 per level; it keeps the decapsulation keys)",
    statuses: [201],
    errors: ["CONFLICT"],
    write: true,
  }),
  authorizeAgency: endpoint<{ body: typeof authorizeAgencyBody; response: typeof authorizeAgencyResponse }>()({
    method: "post",
    path: "/api/q-isolator/government-profiles/authorize",
    access: "wallet",
    feature: FEATURE,
    summary:
      "Lets authorizedAgency read agency's files: each file key is re-wrapped for it (new version and CID, same encrypted payload)",
    errors: ["CONFLICT"],
    write: true,
  }),
  dnsProtection: endpoint<{ response: typeof dnsProtectionResponse }>()({
    method: "get",
    path: "/api/q-isolator/dns-protection",
    access: "visitor",
    feature: FEATURE,
    summary:
      "The API's DNS-rebinding guard: allowed hosts, foreign-Host requests refused since start, uptime, and a self-test of allowed and foreign hosts",
  }),
  createIsolation: endpoint<{ body: typeof createIsolationBody; response: typeof createIsolationResponse }>()({
    method: "post",
    path: "/api/q-isolator/create-isolation",
    access: "wallet",
    feature: FEATURE,
    summary:
      "Creates an isolation: ML-KEM and ML-DSA key pairs at the level's parameter set (secret keys sealed at rest), and the agency's profile if new",
    statuses: [201],
    write: true,
  }),
  simulateThreat: endpoint<{ body: typeof simulateThreatBody; response: typeof simulateThreatResponse }>()({
    method: "post",
    path: "/api/q-isolator/simulate-threat",
    access: "operator",
    feature: FEATURE,
    summary: `Real attacks on copies of each isolation's stored envelopes (intensity = attempts per isolation; the newest ${MAX_ISOLATIONS_PER_RUN} isolations; one run every ${SIMULATION_COOLDOWN_SECONDS} s): bit flips, wrong key, forged or stripped signature, classical downgrade, replay; blocked only when the product's checks refused`,
    errors: ["CONFLICT", "RATE_LIMITED"],
    write: true,
  }),
  comprehensiveReport: endpoint<{ response: typeof comprehensiveReportResponse }>()({
    method: "get",
    path: "/api/q-isolator/comprehensive-report",
    access: "visitor",
    feature: FEATURE,
    summary:
      "Version, quantum readiness and security grade (a self-test: which isolations, files and attacks it rests on) by the stated rules, the algorithms by standard, no certification claimed; with a Markdown copy",
  }),
};
