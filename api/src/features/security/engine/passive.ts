// The passive layer, as ZAP's passive scan: every answer the prober receives (any check's probe, the OpenAPI
// document, the page discovery below) is handed to the passive rules (passive-rules.ts), which judge it without a
// request of their own. A rule judges each distinct (method + path template, or path when no template matches)
// until it finds something there, and keeps one finding per such place, so a 1,000-request scan gives at most one
// finding per operation and rule. Each finding keeps its evidence: method, URL, status, the header or the body
// excerpt (≤ 200 characters) that shows it. A rule that saw answers and found nothing PASSes; one that saw no
// answer of its kind (no HTML, no cookie) is not applicable (the run's `notApplicable`), neither PASS nor FAIL.
//
// So the HTML rules have something to read, the run also fetches what it can learn cheaply: GET / and the
// same-origin redirects (Location) and page links (href, form action) any answer shows, at most
// PAGE_DISCOVERY_LIMIT pages; and, when the document describes a sign-in (a POST taking a user and a password,
// form-encoded or JSON), one attempt with the document's example values, whose answer's cookies the cookie rules
// read (a login that set a session is then followed to its redirect with that cookie, and logged out).
import type { HttpExchange } from "../../../http/self-target";
import { SECURITY_PASSIVE_CHECKS, type SecurityPassiveCheckId } from "../security.constants";
import type { SecurityEvidence, SecurityResult } from "../security.schemas";
import { matcher } from "./coverage";
import { fillPath, sampleValue, type SurfaceOperation } from "./openapi-surface";
import { PASSIVE_BODY_BYTES, PASSIVE_RULES, setCookies, type Observed, type PassiveRule } from "./passive-rules";
import { excerpt, pickResponseHeaders, type Prober, type ProbeSpec } from "./prober";

/** Pages the discovery fetches at most (GET / included). */
export const PAGE_DISCOVERY_LIMIT = 12;
/** Finding entries kept per rule (the count is exact; the evidence is cut). */
const EVIDENCE_PER_RULE = 25;
/** Clean answers kept per rule as the evidence of a PASS. */
const SAMPLES_PER_RULE = 3;
const STATIC_ASSET = /\.(?:js|mjs|css|map|png|jpe?g|gif|svg|ico|webp|woff2?|ttf|eot|pdf|zip|gz|mp4|webm)$/i;
const DESTRUCTIVE_LINK = /log-?out|sign-?out|delete|remove|destroy/i;

interface RuleState {
  rule: PassiveRule;
  seen: number;
  places: Set<string>;
  found: Set<string>;
  evidence: SecurityEvidence[];
  samples: SecurityEvidence[];
  firstFindings: string[];
}

export class PassiveLayer {
  private readonly rules: RuleState[];
  private match: ((method: string, path: string) => string | null) | null = null;
  /** Same-origin paths the answers pointed to (Location, links in HTML), in the order seen. */
  readonly pointedTo: string[] = [];
  private readonly pointedSet = new Set<string>();
  /** Sign-in forms (a password input) the pages showed. */
  readonly loginForms: SignInTarget[] = [];
  /** Logout forms (POST …/logout, …/sign-out) the pages showed. */
  readonly logoutForms: string[] = [];
  /** Time spent in the rules, ms (the layer must not slow the suite). */
  spentMs = 0;
  answersSeen = 0;

  constructor(
    enabled: ReadonlySet<string>,
    readonly scheme: "http" | "https",
    readonly host: string,
  ) {
    this.rules = PASSIVE_RULES.filter((r) => enabled.has(r.id)).map((rule) => ({
      rule,
      seen: 0,
      places: new Set(),
      found: new Set(),
      evidence: [],
      samples: [],
      firstFindings: [],
    }));
  }

  get active(): boolean {
    return this.rules.length > 0;
  }

  /** The document's operations, to name each answer's place by its template. */
  setOperations(ops: readonly SurfaceOperation[]): void {
    this.match = matcher(ops);
  }

  private place(method: string, path: string): string {
    const bare = path.split("?")[0]!;
    let key = this.match?.(method, bare) ?? null;
    if (!key && this.match) {
      try {
        key = this.match(method, decodeURI(bare));
      } catch {
        // a probe's deliberately broken encoding: the path as sent
      }
    }
    return key ?? `${method} ${bare}`;
  }

  /** The prober's observer: every answer of the run. */
  readonly observe = (spec: ProbeSpec, exchange: HttpExchange, request: SecurityEvidence["request"]): void => {
    const started = performance.now();
    this.answersSeen++;
    this.learnPointers(spec.path, exchange);
    if (this.rules.length === 0) return;
    const requestHeaders: Record<string, string> = {};
    for (const [k, v] of Object.entries(spec.headers ?? {})) requestHeaders[k.toLowerCase()] = v;
    const o: Observed = {
      scheme: this.scheme,
      requestHeaders,
      status: exchange.status,
      headers: exchange.headers,
      body: exchange.body.length > PASSIVE_BODY_BYTES ? exchange.body.slice(0, PASSIVE_BODY_BYTES) : exchange.body,
    };
    const method = spec.method.toUpperCase();
    const place = this.place(method, spec.path);
    for (const s of this.rules) {
      if (!s.rule.applies(o)) continue;
      s.seen++;
      s.places.add(place);
      if (s.found.has(place)) continue;
      const hit = s.rule.judge(o);
      if (!hit && s.samples.length >= SAMPLES_PER_RULE) continue;
      const evidence: SecurityEvidence = {
        probe: `passive: ${hit ? "seen" : "judged"} in the answer to "${spec.probe}"`,
        request: { ...request, url: `${this.scheme}://${this.host}${spec.path}` },
        response: {
          status: exchange.status,
          headers: hit?.header
            ? { [hit.header.name]: excerpt(hit.header.value, 200) }
            : pickResponseHeaders(exchange.headers, ["cache-control", "x-content-type-options"]),
          body: hit?.excerpt ?? "",
          durationMs: exchange.durationMs,
        },
        error: null,
        finding: hit ? `${hit.finding} (${place})` : null,
      };
      if (!hit) {
        s.samples.push(evidence);
        continue;
      }
      s.found.add(place);
      if (s.evidence.length < EVIDENCE_PER_RULE) s.evidence.push(evidence);
      if (s.firstFindings.length < 3) s.firstFindings.push(`${place}: ${hit.finding}`);
    }
    this.spentMs += performance.now() - started;
  };

  /** Same-origin redirects and, in HTML, links and form actions: candidates for the page discovery. */
  private learnPointers(from: string, ex: HttpExchange): void {
    if (this.pointedTo.length >= 50) return;
    const found: string[] = [];
    const location = ex.headers["location"];
    if (typeof location === "string") found.push(location);
    const type = String(ex.headers["content-type"] ?? "");
    if (/text\/html/i.test(type)) {
      const body = ex.body.slice(0, PASSIVE_BODY_BYTES);
      for (const m of body.matchAll(/\bhref\s*=\s*["']([^"'#]{1,300})["']/gi)) found.push(m[1]!);
      const page = from.split("?")[0]!;
      for (const f of signInForms(body, page))
        if (this.loginForms.length < 5 && !this.loginForms.some((x) => x.path === f.path)) this.loginForms.push(f);
      for (const m of body.matchAll(/<form\b[^>]*\baction\s*=\s*["']([^"']{1,300})["'][^>]*>/gi)) {
        const action = sameOrigin(m[1]!, page, this.scheme, this.host);
        if (action && /(?:log|sign)-?out\b/i.test(action) && /method\s*=\s*["']?post/i.test(m[0]))
          if (!this.logoutForms.includes(action)) this.logoutForms.push(action);
      }
    }
    for (const raw of found) {
      let url: URL;
      try {
        url = new URL(raw, `${this.scheme}://${this.host}${from.split("?")[0]}`);
      } catch {
        continue;
      }
      if (url.host !== this.host || !/^https?:$/.test(url.protocol)) continue;
      const path = url.pathname + url.search;
      if (STATIC_ASSET.test(url.pathname) || DESTRUCTIVE_LINK.test(url.pathname) || this.pointedSet.has(path)) continue;
      this.pointedSet.add(path);
      this.pointedTo.push(path);
    }
  }

  /** One result per rule that saw answers of its kind; the others are not applicable, with why. */
  results(): {
    results: SecurityResult[];
    notApplicable: { id: SecurityPassiveCheckId; testName: string; reason: string }[];
  } {
    const results: SecurityResult[] = [];
    const notApplicable: { id: SecurityPassiveCheckId; testName: string; reason: string }[] = [];
    for (const s of this.rules) {
      const def = SECURITY_PASSIVE_CHECKS.find((c) => c.id === s.rule.id)!;
      if (s.seen === 0) {
        notApplicable.push({ id: def.id, testName: def.testName, reason: s.rule.notApplicable(this.scheme) });
        continue;
      }
      const failed = s.found.size > 0;
      results.push({
        id: def.id,
        testName: def.testName,
        description: def.description,
        category: def.category,
        severity: failed ? def.severity : "OK",
        status: failed ? "FAIL" : "PASS",
        complianceFramework: [...def.owasp.map((o) => `OWASP ${o}`), ...def.asvs.map((a) => `ASVS ${a}`)],
        detail: failed
          ? `${s.found.size} finding(s) in ${s.places.size} place(s) judged (${s.seen} answer(s) of its kind): ${s.firstFindings.join("; ")}${s.found.size > s.evidence.length ? ` (evidence kept for the first ${s.evidence.length})` : ""}`
          : `no finding in ${s.seen} answer(s) of its kind, over ${s.places.size} place(s) (passive: ZAP ${def.zap.map((z) => z.split(" ")[0]).join(", ")})`,
        recommendation: failed ? def.remedy : null,
        probesSent: s.seen,
        findings: s.found.size,
        evidence: failed ? s.evidence : s.samples,
      });
    }
    return { results, notApplicable };
  }
}

/** GET / and the same-origin pages the answers pointed to, so the HTML rules have pages to read. */
export async function runPageDiscovery(
  prober: Prober,
  layer: PassiveLayer,
  baseHeaders: Record<string, string>,
  cookie?: string,
): Promise<void> {
  const done = new Set<string>();
  const accept = "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8";
  const fetchPage = async (path: string, probe: string) => {
    done.add(path);
    await prober.probe({
      probe: cookie ? `${probe}, with the sign-in's session` : probe,
      method: "GET",
      path,
      headers: { ...baseHeaders, accept, ...(cookie ? { cookie } : {}) },
      write: false,
    });
  };
  await fetchPage("/", "page discovery: GET / as a browser would");
  for (let i = 0; i < layer.pointedTo.length && done.size < PAGE_DISCOVERY_LIMIT && prober.canSend(); i++) {
    const path = layer.pointedTo[i]!;
    if (!done.has(path)) await fetchPage(path, "page discovery: a redirect or link an answer pointed to");
  }
}

const USER_FIELD = /^(?:user(?:_?name)?|login|e-?mail|name|user_?id|identifier|uid)$/i;
const PASS_FIELD = /^(?:pass|passwd|pwd)$|password$/i;

/** Credentials for the target's sign-in (ZAP's authentication context); without them, placeholders. */
export interface SignInCredentials {
  user: string;
  password: string;
}

/** A sign-in the run can attempt: from the OpenAPI document (a POST with a user and a password field) or a page's form. */
export interface SignInTarget {
  path: string;
  type: "form" | "json";
  source: string;
  fields: { name: string; role: "user" | "password" | "other"; value: string | null }[];
}

/** The document's example or default for a field, when it gives a scalar one. */
function exampleOf(schema: Record<string, unknown>): string | null {
  const ex = Array.isArray(schema.examples) ? schema.examples[0] : (schema.example ?? schema.default);
  return ex === undefined || ex === null || typeof ex === "object" ? null : String(ex as string | number | boolean);
}

/** POSTs of the document that look like a sign-in: a user field and a password field, form-encoded or JSON. */
export function signInOperations(ops: readonly SurfaceOperation[]): SignInTarget[] {
  const out: SignInTarget[] = [];
  for (const o of ops) {
    if (o.method !== "POST") continue;
    const form = o.otherBody && /x-www-form-urlencoded/i.test(o.otherBody.type) ? o.otherBody : null;
    const fields = form ? form.fields : o.bodyFields.filter((f) => !f.name.includes("."));
    if (!fields.some((f) => USER_FIELD.test(f.name)) || !fields.some((f) => PASS_FIELD.test(f.name))) continue;
    out.push({
      path: fillPath(o),
      type: form ? "form" : "json",
      source: `the OpenAPI document's ${o.method} ${o.template}`,
      fields: fields.map((f) => ({
        name: f.name,
        role: PASS_FIELD.test(f.name) ? "password" : USER_FIELD.test(f.name) ? "user" : "other",
        value: exampleOf(f.schema),
      })),
    });
  }
  return out;
}

const attr = (tag: string, name: string) =>
  new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i")
    .exec(tag)
    ?.slice(1)
    .find((v) => v !== undefined) ?? null;

/** Forms with a password input in an HTML page: each a sign-in (hidden inputs kept with their values). */
export function signInForms(html: string, pagePath: string): SignInTarget[] {
  const out: SignInTarget[] = [];
  for (const m of html.slice(0, PASSIVE_BODY_BYTES).matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)) {
    const [, formTag = "", inner = ""] = m;
    if ((attr(formTag, "method") ?? "get").toLowerCase() !== "post") continue;
    const inputs = [...inner.matchAll(/<input\b[^>]*>/gi)].map((i) => ({
      name: attr(i[0], "name"),
      type: (attr(i[0], "type") ?? "text").toLowerCase(),
      value: attr(i[0], "value"),
    }));
    if (!inputs.some((i) => i.type === "password")) continue;
    const fields: SignInTarget["fields"] = [];
    for (const i of inputs) {
      if (!i.name || ["submit", "button", "image", "reset", "file"].includes(i.type)) continue;
      const role =
        i.type === "password"
          ? "password"
          : ["text", "email"].includes(i.type) && !fields.some((f) => f.role === "user")
            ? "user"
            : "other";
      fields.push({ name: i.name, role, value: i.value });
    }
    const action = attr(formTag, "action") ?? pagePath;
    out.push({ path: action, type: "form", source: `the sign-in form on ${pagePath}`, fields });
  }
  return out;
}

/** A same-origin path for a form's action, or null. */
function sameOrigin(raw: string, from: string, scheme: string, host: string): string | null {
  try {
    const url = new URL(raw, `${scheme}://${host}${from.split("?")[0]}`);
    return url.host === host ? url.pathname + url.search : null;
  } catch {
    return null;
  }
}

/**
 * One sign-in attempt per sign-in found (the document's, the pages' forms; three at most), in its own media type, with
 * the given credentials or else the document's examples / placeholders, so the cookie rules read the cookies a login
 * sets. A session it started is used for what a signed-in browser sees (the pages again, and one GET of every read of
 * the document, examples in its path), then logged out where the target offers a logout.
 */
export async function runSignInAttempts(
  prober: Prober,
  layer: PassiveLayer,
  ops: readonly SurfaceOperation[],
  baseHeaders: Record<string, string>,
  credentials: SignInCredentials | null,
): Promise<{ attempts: number; sessions: number; sessionsLeft: number }> {
  let attempts = 0;
  let sessions = 0;
  let sessionsLeft = 0;
  const targets = [...signInOperations(ops), ...layer.loginForms];
  const seen = new Set<string>();
  for (const t of targets) {
    const path = sameOrigin(t.path, "/", layer.scheme, layer.host);
    if (!path || seen.has(path) || seen.size >= 3) continue;
    seen.add(path);
    const values: Record<string, string> = {};
    for (const f of t.fields) {
      if (f.role === "user") values[f.name] = credentials?.user ?? f.value ?? "security-probe";
      else if (f.role === "password") values[f.name] = credentials?.password ?? f.value ?? "security-probe-password";
      else if (f.value !== null) values[f.name] = f.value;
    }
    const encode = (v: Record<string, string>) =>
      t.type === "form" ? new URLSearchParams(v).toString() : JSON.stringify(v);
    const o = await prober.probe({
      probe: `sign-in attempt (${t.source}, ${t.type === "form" ? "form-encoded" : "JSON"}, ${credentials ? "the credentials given" : "example values"}) for the passive rules`,
      method: "POST",
      path,
      headers: {
        ...baseHeaders,
        "content-type": t.type === "form" ? "application/x-www-form-urlencoded" : "application/json",
        accept: "text/html,application/json;q=0.9,*/*;q=0.8",
      },
      body: encode(values),
      // The password never reaches the report.
      bodyInEvidence: encode(
        Object.fromEntries(
          Object.entries(values).map(([k, v]) => [
            k,
            t.fields.find((f) => f.name === k)?.role === "password" ? "<masked>" : v,
          ]),
        ),
      ),
      write: true,
    });
    if (!o.sent) break;
    attempts++;
    const cookies = o.exchange ? setCookies(o.exchange) : [];
    if (!o.exchange || cookies.length === 0 || o.exchange.status >= 400) continue;
    sessions++;
    const cookie = cookies.map((c) => c.raw.split(";")[0]!.trim()).join("; ");
    // What a signed-in browser sees: where the login sends it and the pages, then the document's reads.
    await runPageDiscovery(prober, layer, baseHeaders, cookie);
    await runSignedInReads(prober, ops, baseHeaders, cookie);
    if (!(await logOut(prober, layer, ops, baseHeaders, cookie))) sessionsLeft++;
  }
  return { attempts, sessions, sessionsLeft };
}

/** Reads a session may reach at most, per sign-in. */
const SIGNED_IN_READS = 40;

/** One GET of every read of the document (not an operator route) with the session: credentialed answers. */
async function runSignedInReads(
  prober: Prober,
  ops: readonly SurfaceOperation[],
  baseHeaders: Record<string, string>,
  cookie: string,
): Promise<void> {
  const reads = ops.filter((o) => o.method === "GET" && !o.write && o.access !== "operator").slice(0, SIGNED_IN_READS);
  for (const op of reads) {
    if (!prober.canSend()) return;
    const path = op.template.replace(/\{([^}]+)\}/g, (_m, name: string) => {
      const p = op.pathParams.find((x) => x.name === name);
      return encodeURIComponent((p && exampleOf(p.schema)) ?? sampleValue(p?.schema ?? {}));
    });
    await prober.probe({
      probe: "signed-in read (the sign-in attempt's session; path parameters from the document's examples)",
      method: "GET",
      path,
      headers: { ...baseHeaders, cookie },
      write: false,
      maxBodyBytes: PASSIVE_BODY_BYTES,
    });
  }
}

/** The document's logout (a POST …/logout, …/sign-out) or a page's logout form, with the session. */
async function logOut(
  prober: Prober,
  layer: PassiveLayer,
  ops: readonly SurfaceOperation[],
  baseHeaders: Record<string, string>,
  cookie: string,
): Promise<boolean> {
  const op = ops.find((o) => o.method === "POST" && /(?:log|sign)-?out\b/i.test(o.template));
  const path = op ? fillPath(op) : layer.logoutForms[0];
  if (!path) return false;
  const out = await prober.probe({
    probe: "log out the sign-in attempt's session",
    method: "POST",
    path,
    headers: { ...baseHeaders, cookie, ...(op ? {} : { "content-type": "application/x-www-form-urlencoded" }) },
    ...(op ? {} : { body: "" }),
    write: true,
  });
  return out.sent && out.exchange !== null && out.exchange.status < 400;
}
