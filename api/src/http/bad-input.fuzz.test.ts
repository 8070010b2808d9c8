// Generated bad input against every endpoint the API describes (GET /api/openapi.json), the way ZAP's API
// scan learns a target: bodies for every POST and query strings for every GET, built by fast-check from each
// operation's JSON schema (valid values, wrong types, edge numbers, numbers a double cannot hold, injection
// strings, prototype keys, extra and missing fields, non-object bodies). Rules checked for every answer:
// nothing >= 500, every error in the one shape with a code that matches its status, and no record written
// by a refused request. A route mounted on Express but missing from the document fails the test too, so
// this test grows with every later endpoint without being edited.
import type { IncomingMessage } from "node:http";
import type { Express } from "express";
import fc from "fast-check";
import { count } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  mints,
  qIsolations,
  qIsolatorAgencies,
  qIsolatorFiles,
  sessions,
  treasuryPositions,
  vibeEnvironmentalMints,
} from "../db/schema";
import { startTestApp, type TestApp } from "../testing/harness";
import { signedInCookie } from "../testing/sessions";
import { apiError, ERROR_CODES } from "./error-body";
import { testSize } from "../../../scripts/lib/test-size";

// `npm test` samples the first 60 bodies and 20 queries of the same seeded streams; `npm run test:slow` all of them.
const BODIES_PER_POST = testSize("FUZZ_BODIES", 60, 1000);
const QUERIES_PER_GET = testSize("FUZZ_QUERIES", 20, 300);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

interface JsonSchema {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
  maxLength?: number;
}
interface Operation {
  requestBody?: {
    content: { "application/json"?: { schema: JsonSchema }; "multipart/form-data"?: { schema: JsonSchema } };
  };
  parameters?: { in: string; name: string; schema: JsonSchema }[];
  responses?: Record<string, { content?: Record<string, unknown> }>;
}
type Doc = { paths: Record<string, Record<string, Operation>> };

/** A number written into the body as raw JSON text (what JSON.stringify cannot produce). */
class RawNumber {
  constructor(readonly text: string) {}
}

const INJECTIONS = [
  "' OR '1'='1",
  "1; DROP TABLE mints;--",
  '{"$gt": ""}',
  "../../../../etc/passwd",
  "<script>alert(1)</script>",
  "\u0000",
  "${7*7}",
  "%00",
  "\ud800",
  "x".repeat(5000),
  "0x" + "f".repeat(64),
];
const PROTO_KEYS = ["__proto__", "constructor", "prototype"];
const RECORDING_POSTS = new Set([
  "/api/xqbme/mint-xqb",
  "/api/vibecoins/mint-stellar",
  "/api/quantum-cross-chain/xrp-volume-test",
  // One environmental mint record per VIBE mint answered.
  "/api/vibecoins-crypto/mint",
]);
const RAW_NUMBERS = [
  "1e400",
  "-1e400",
  "99.99999999999999999999999",
  "1.000000000000000001",
  "12345678901234567890",
  "-0",
  "1e-400",
];

const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...INJECTIONS),
  fc.constantFrom(null, true, false, 0, -1, 1.5, Number.MAX_SAFE_INTEGER, 1e308, -1e-308),
  fc.constantFrom(...RAW_NUMBERS).map((t) => new RawNumber(t)),
  fc.jsonValue({ maxDepth: 2 }),
  fc.dictionary(fc.constantFrom(...PROTO_KEYS, "a", "$where"), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }),
);

/** Values the schema accepts (so a body can be valid in some fields and bad in others). */
function validFor(s: JsonSchema): fc.Arbitrary<unknown> {
  const union = s.anyOf ?? s.oneOf;
  if (union) return fc.oneof(...union.map(validFor));
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type;
  switch (type) {
    case "boolean":
      return fc.boolean();
    case "integer":
      return fc.integer({ min: Math.ceil(s.minimum ?? 0), max: Math.floor(Math.min(s.maximum ?? 1000, 1e9)) });
    case "number": {
      const min = s.minimum ?? s.exclusiveMinimum ?? 0;
      const max = s.maximum ?? 1e6;
      return fc.oneof(fc.constantFrom(min, max), fc.double({ min, max, noNaN: true, noDefaultInfinity: true }));
    }
    case "string":
      if (s.pattern) return fc.stringMatching(new RegExp(s.pattern));
      return fc.string({ maxLength: s.maxLength ?? 40 });
    case "object":
      return bodyFor(s);
    case "array":
      return fc.array(s.items ? validFor(s.items) : fc.jsonValue(), { maxLength: 3 });
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

/** Bodies: each field valid, bad, or missing; sometimes extra keys; sometimes not an object at all. */
function bodyFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  const props = Object.entries(schema.properties ?? {});
  const fields = fc.tuple(
    ...props.map(([, p]) =>
      fc.oneof(
        { weight: 3, arbitrary: validFor(p).map((v) => ({ v })) },
        { weight: 2, arbitrary: junk.map((v) => ({ v })) },
        { weight: 1, arbitrary: fc.constant(null) },
      ),
    ),
  );
  const extra = fc.dictionary(fc.oneof(fc.constantFrom(...PROTO_KEYS), fc.string({ maxLength: 8 })), junk, {
    maxKeys: 2,
  });
  const object = fc.tuple(fields, fc.option(extra, { freq: 4 })).map(([values, more]) => {
    const body: Record<string, unknown> = {};
    props.forEach(([name], i) => {
      const slot = values[i] as { v: unknown } | null;
      if (slot) body[name] = slot.v;
    });
    if (more)
      for (const [k, v] of Object.entries(more))
        Object.defineProperty(body, k, { value: v, enumerable: true, writable: true, configurable: true });
    return body;
  });
  return fc.oneof({ weight: 9, arbitrary: object }, { weight: 1, arbitrary: junk });
}

/** JSON text with RawNumber values spliced in as raw number literals. */
function toJsonText(body: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(body, (_k, v) => {
    if (v instanceof RawNumber) {
      raws.push(v.text);
      return `__RAW_${raws.length - 1}__`;
    }
    return v;
  });
  return (text ?? "null").replace(/"__RAW_(\d+)__"/g, (_m, i) => raws[Number(i)]!);
}

const queryFor = (params: { name: string; schema: JsonSchema }[]) =>
  fc
    .array(
      fc.tuple(
        fc.oneof(fc.constantFrom(...params.map((p) => p.name), ...PROTO_KEYS, "x"), fc.string({ maxLength: 6 })),
        fc.oneof(
          fc.constantFrom(...INJECTIONS, ...RAW_NUMBERS, "", "-1", "0", "1.5", "100", "101", "abc", "%ZZ", "a%00b"),
          fc.string({ maxLength: 20 }),
          ...params.map((p) => validFor(p.schema).map(String)),
        ),
      ),
      { maxLength: 4 },
    )
    .map((pairs) => pairs.map(([k, v]) => `${encode(k)}=${v === "%ZZ" || v === "a%00b" ? v : encode(v)}`).join("&"));

/** encodeURIComponent, with a lone surrogate sent as the bytes a careless client would send. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return "%ED%A0%80";
  }
}

/** Every path + method Express has mounted (route layers inside nested routers). */
function mountedRoutes(app: Express): string[] {
  const out: string[] = [];
  type Handle = { stack?: Layer[]; handlers?: Handle[]; mounted?: { method: string; path: string }[] };
  type Layer = { route?: { path: string; methods: Record<string, boolean> }; handle?: Handle };
  // Express's own layers, the app's pipeline (http/pipeline.ts) and the routes it mounts (http/route.ts).
  const visit = (handle: Handle | undefined) => {
    if (!handle) return;
    if (handle.stack) walk(handle.stack);
    for (const h of handle.handlers ?? []) visit(h);
    for (const r of handle.mounted ?? []) out.push(`${r.method} ${r.path}`);
  };
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) for (const m of Object.keys(layer.route.methods)) out.push(`${m} ${layer.route.path}`);
      else visit(layer.handle);
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
  return out;
}

let t: TestApp;
let doc: Doc;
/** A signed-in wallet's cookie on every request, so wallet routes are fuzzed past their access rule (401 otherwise). */
let cookie: string;
beforeAll(async () => {
  // Without the per-address ceiling: at 60 bodies for each of 50 POST routes the one test address passed 1,200 writes a
  // minute halfway through, and every later route answered only 429, so its bodies were never checked.
  t = await startTestApp({ chain: "hardhat", env: { RATE_LIMIT_IP_CEILING_PER_MINUTE: "0" } });
  doc = (await request(t.app).get("/api/openapi.json").expect(200)).body as Doc;
  ({ cookie } = await signedInCookie(t.deps.database.db));
});
afterAll(() => t?.close());

async function rows() {
  const [m] = await t.deps.database.db.select({ n: count() }).from(mints);
  const [s] = await t.deps.database.db.select({ n: count() }).from(sessions);
  // Records a 201 creates: mints, treasury-staking's paper positions, the isolator's isolations, agencies and files.
  const [p] = await t.deps.database.db.select({ n: count() }).from(treasuryPositions);
  const q = await Promise.all(
    [qIsolations, qIsolatorAgencies, qIsolatorFiles, vibeEnvironmentalMints].map(async (table) =>
      Number((await t.deps.database.db.select({ n: count() }).from(table))[0]!.n),
    ),
  );
  return { mints: Number(m!.n) + Number(p!.n) + q.reduce((a, b) => a + b, 0), sessions: Number(s!.n) };
}

/**
 * Superagent's parser for a stream's answer: an error's JSON whole, a stream's first chunk and no more. In Node it is
 * handed the IncomingMessage (typed as superagent's Response).
 */
function untilFirstChunk(answer: request.Response, done: (err: Error | null, body: unknown) => void) {
  const res = answer as unknown as IncomingMessage;
  const chunks: Buffer[] = [];
  const json = /json/.test(res.headers["content-type"] ?? "");
  res.on("data", (c: Buffer) => {
    chunks.push(c);
    if (json) return;
    res.destroy();
    done(null, Buffer.concat(chunks).toString("utf8"));
  });
  res.on("end", () => {
    const text = Buffer.concat(chunks).toString("utf8");
    done(null, json ? (JSON.parse(text) as unknown) : text);
  });
}

function checkAnswer(where: string, res: request.Response) {
  // A custom-parsed answer (a stream's) has its body and no text.
  const text = (res.text as string | undefined) ?? JSON.stringify(res.body);
  expect(res.status, `${where} answered ${res.status}: ${text.slice(0, 300)}`).toBeLessThan(500);
  if (res.status >= 400) {
    const parsed = apiError.safeParse(res.body);
    expect(parsed.success, `${where}: error body not in the one shape: ${text.slice(0, 300)}`).toBe(true);
    expect(ERROR_CODES[parsed.data!.code], `${where}: code ${parsed.data!.code} with status ${res.status}`).toBe(
      res.status,
    );
  }
}

describe("generated bad input, from the OpenAPI document", () => {
  it("describes every mounted route", () => {
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.keys(ops).map((m) => `${m} ${path.replace(/\{(\w+)\}/g, ":$1")}`),
      ),
    );
    const mounted = mountedRoutes(t.app).filter((r) => r.split(" ")[1]!.startsWith("/api"));
    expect(mounted.length).toBeGreaterThan(5);
    expect(mounted.filter((r) => !documented.has(r))).toEqual([]);
  });

  it(`${BODIES_PER_POST} bodies per POST endpoint: nothing >= 500, one error shape, nothing written when refused`, async () => {
    const posts = Object.entries(doc.paths).flatMap(([path, ops]) => (ops.post ? [{ path, op: ops.post }] : []));
    expect(posts.length).toBeGreaterThanOrEqual(4);
    for (const { path, op } of posts) {
      // A multipart route gets the same JSON bodies: each must be refused (415) without a 500 or a record.
      const schema = op.requestBody?.content["application/json"]?.schema ?? {};
      const bodies = fc.sample(bodyFor(schema), { numRuns: BODIES_PER_POST, seed: SEED });
      let created = 0;
      const agencies = new Set(
        (await t.deps.database.db.select({ agency: qIsolatorAgencies.agency }).from(qIsolatorAgencies)).map(
          (a) => a.agency,
        ),
      );
      const statuses: Record<number, number> = {};
      const before = await rows();
      for (const body of bodies) {
        const text = toJsonText(body);
        // Not to the auth routes: a logout would end the session every later request carries.
        const res = await request(t.app)
          .post(path)
          .set("cookie", path.startsWith("/api/auth/") ? "" : cookie)
          .set("content-type", "application/json")
          .send(text);
        checkAnswer(`POST ${path} ${text.slice(0, 200)}`, res);
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        // A new mint record: 200 from the three mint endpoints, 201 from wallet-mint (its 200 answers an existing one).
        if (res.status === 201 || (res.status === 200 && RECORDING_POSTS.has(path))) created++;
        // A new isolation's agency gets its profile with it: a second record when the name is new.
        const agency =
          res.status === 201 ? (res.body as { isolation?: { agency?: string | null } }).isolation?.agency : null;
        if (agency && !agencies.has(agency)) created++;
        if (agency) agencies.add(agency);
        if (res.status === 201 && (res.body as { profile?: { agency?: string } }).profile?.agency)
          agencies.add((res.body as { profile: { agency: string } }).profile.agency);
      }
      const after = await rows();
      console.log(
        `POST ${path}: ${bodies.length} bodies, answers ${JSON.stringify(statuses)}, records written ${after.mints - before.mints}`,
      );
      expect(after.mints - before.mints, `records written by POST ${path}`).toBe(created);
      // No generated message carries a valid signature over a nonce this server issued.
      expect(after.sessions - before.sessions, `sessions made by POST ${path}`).toBe(0);
    }
  }, 600_000);

  it(`${QUERIES_PER_GET} query strings per GET endpoint: nothing >= 500, one error shape`, async () => {
    const gets = Object.entries(doc.paths).flatMap(([path, ops]) => (ops.get ? [{ path, op: ops.get }] : []));
    const slowest: string[] = [];
    for (const { path, op } of gets) {
      const params = (op.parameters ?? []).filter((p) => p.in === "query");
      const streams = Boolean(op.responses?.["200"]?.content?.["text/event-stream"]);
      const started = performance.now();
      if (process.env.FUZZ_TRACE) console.log(`GET ${path} ...`);
      for (const query of fc.sample(queryFor(params), { numRuns: QUERIES_PER_GET, seed: SEED })) {
        // A hung answer fails here, naming the request, instead of timing the whole test out.
        const get = request(t.app).get(`${path}?${query}`).set("cookie", cookie).timeout(15_000);
        // A stream (server-sent events) never ends by itself: its answer is judged by its status and first bytes.
        if (streams) void get.buffer(true).parse(untilFirstChunk);
        const res = await get.catch((err: unknown) => {
          throw new Error(`GET ${path}?${query} did not answer: ${err instanceof Error ? err.message : String(err)}`);
        });
        checkAnswer(`GET ${path}?${query}`, res);
      }
      slowest.push(`${((performance.now() - started) / QUERIES_PER_GET).toFixed(1)} ms/query GET ${path}`);
    }
    // Where the time goes, so a slow endpoint shows up here before it times this test out.
    console.log(
      slowest
        .sort((a, b) => parseFloat(b) - parseFloat(a))
        .slice(0, 8)
        .join("\n"),
    );
  }, 600_000);
});
