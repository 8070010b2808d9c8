// The security suite's checks as plain values (no zod): every check with its stable id, what it probes, its
// severity when it fails and the OWASP API Security Top 10 (2023) / ASVS 4.0.3 items it tests, and the scoring
// rule's thresholds; with the spec's words (categories, severities, statuses, kinds: security.vocabulary.ts, which
// the endpoint contract imports, so a page's first load does without this table). The schemas build on it.

import type { SecurityCategory, SecuritySeverity } from "./security.vocabulary";

export * from "./security.vocabulary";

export const OWASP_API_TOP10_2023 = [
  { id: "API1:2023", name: "Broken Object Level Authorization" },
  { id: "API2:2023", name: "Broken Authentication" },
  { id: "API3:2023", name: "Broken Object Property Level Authorization" },
  { id: "API4:2023", name: "Unrestricted Resource Consumption" },
  { id: "API5:2023", name: "Broken Function Level Authorization" },
  { id: "API6:2023", name: "Unrestricted Access to Sensitive Business Flows" },
  { id: "API7:2023", name: "Server Side Request Forgery" },
  { id: "API8:2023", name: "Security Misconfiguration" },
  { id: "API9:2023", name: "Improper Inventory Management" },
  { id: "API10:2023", name: "Unsafe Consumption of APIs" },
] as const;
export type OwaspApiId = (typeof OWASP_API_TOP10_2023)[number]["id"];

/** ASVS 4.0.3 requirements the checks test (their short wording). */
export const ASVS_403_ITEMS = {
  "V2.8.1": "Time-based tokens have a defined lifetime before expiring (nearest ASVS item for a SIWE message's expiry)",
  "V2.8.4": "A one-time token can be used only once (nearest ASVS item for a SIWE nonce)",
  "V3.3.1": "Logout and expiration invalidate the session token",
  "V3.4.1": "Cookie-based session tokens have the Secure attribute set",
  "V3.4.2": "Cookie-based session tokens have the HttpOnly attribute set",
  "V3.4.3": "Cookie-based session tokens use the SameSite attribute",
  "V4.1.1": "Access control rules are enforced on a trusted service layer",
  "V4.2.2": "A strong anti-CSRF mechanism protects authenticated functionality",
  "V5.1.2": "Frameworks protect against mass parameter assignment",
  "V5.1.3": "All input is validated (positive validation) before it is acted on",
  "V5.1.4": "Structured data is strongly typed and validated against a schema (characters, length, range)",
  "V5.3.3": "Context-aware output escaping protects against reflected XSS",
  "V5.3.4": "Database queries (SQL, NoSQL) are parameterized or otherwise protected from injection",
  "V7.4.1": "A generic message is shown when an unexpected or security-sensitive error occurs",
  "V12.3.1": "User-submitted file names are not used directly by filesystem APIs (path traversal)",
  "V13.2.3": "RESTful services that use cookies are protected from CSRF (e.g. Origin header checks)",
  "V13.2.5": "REST services check that the incoming Content-Type is the expected one",
  "V14.4.1": "Every response carries a Content-Type with a safe character set",
  "V14.4.3": "A Content Security Policy response header is in place",
  "V14.4.4": "All responses carry X-Content-Type-Options: nosniff",
  "V8.2.1": "Sufficient anti-caching headers keep sensitive data out of caches",
  "V14.3.2": "Debug modes are disabled: no stack trace or internal error text reaches a client",
  "V14.3.3": "HTTP headers do not expose detailed version information of system components",
} as const;
export type AsvsId = keyof typeof ASVS_403_ITEMS;

export interface SecurityCheckDef {
  id: string;
  category: SecurityCategory;
  /** The spec's testName: what is shown in the results list. */
  testName: string;
  description: string;
  /** The severity a FAIL carries (a PASS is "OK", a WARNING "LOW": a gap in evidence, not a finding). */
  severity: Exclude<SecuritySeverity, "OK">;
  owasp: readonly OwaspApiId[];
  asvs: readonly AsvsId[];
  /** What to do when it fails. */
  remedy: string;
  /**
   * A passive rule (engine/passive.ts): judges every answer the run received, sends nothing of its own. With no
   * answer of its kind (no HTML, no cookie) it is listed in the run's `notApplicable`, not in the results.
   */
  passive?: true;
  /** The OWASP ZAP passive scan rule(s) it corresponds to ("10010 Cookie No HttpOnly Flag"). */
  zap?: readonly string[];
}

/** Every check of the suite, in the order it runs and is listed. Ids are stable. */
export const SECURITY_CHECKS = [
  // ---- authentication (SIWE, sessions, cookies) ----
  {
    id: "auth-siwe-wrong-signature",
    category: "AUTHENTICATION",
    testName: "SIWE wrong signature",
    description:
      "A Sign-In with Ethereum message for one address, signed by another key, must be refused (401) while the same nonce with a correct signature is accepted.",
    severity: "CRITICAL",
    owasp: ["API2:2023"],
    asvs: [],
    remedy:
      "Recover the signer of the exact message (EIP-191) and compare it with the message's address before starting a session.",
  },
  {
    id: "auth-siwe-nonce-reuse",
    category: "AUTHENTICATION",
    testName: "SIWE reused nonce",
    description: "A nonce that already started a session must be refused when a second signed message carries it.",
    severity: "HIGH",
    owasp: ["API2:2023"],
    asvs: ["V2.8.4"],
    remedy: "Consume the nonce atomically when a message is accepted and refuse any later message carrying it.",
  },
  {
    id: "auth-siwe-expired-message",
    category: "AUTHENTICATION",
    testName: "SIWE expired message",
    description: "A correctly signed message whose Expiration Time has passed must be refused.",
    severity: "HIGH",
    owasp: ["API2:2023"],
    asvs: ["V2.8.1"],
    remedy: "Compare Expiration Time, Not Before and Issued At with the server's clock before accepting a message.",
  },
  {
    id: "auth-siwe-foreign-domain",
    category: "AUTHENTICATION",
    testName: "SIWE foreign domain",
    description:
      "A correctly signed message naming another site's domain and URI must be refused (a phishing site's message replayed here).",
    severity: "HIGH",
    owasp: ["API2:2023"],
    asvs: [],
    remedy: "Accept only messages whose domain and URI are this site's own Host.",
  },
  {
    id: "auth-session-required",
    category: "AUTHENTICATION",
    testName: "Wallet-bound endpoints need a session",
    description:
      "Every endpoint the OpenAPI document marks as answering 401 is called without a session cookie, and the session endpoint with a logged-out cookie: none may answer 2xx (the session endpoint may answer null, never a session).",
    severity: "CRITICAL",
    owasp: ["API2:2023", "API5:2023"],
    asvs: ["V4.1.1", "V3.3.1"],
    remedy: "Check the session on the server for every wallet-bound route, and delete the session on logout.",
  },
  {
    id: "auth-cookie-flags",
    category: "AUTHENTICATION",
    testName: "Session cookie flags",
    description: "The session cookie set at sign-in must be HttpOnly, and Secure when the site is served over https.",
    severity: "MEDIUM",
    owasp: ["API2:2023", "API8:2023"],
    asvs: ["V3.4.2", "V3.4.1"],
    remedy: "Set the session cookie with HttpOnly (and Secure behind https).",
  },
  // ---- injection ----
  {
    id: "inj-sql",
    category: "INJECTION",
    testName: "SQL injection",
    description:
      "SQL payloads (' OR 1=1--, 1;DROP TABLE users--) in every body field, query and path parameter: no 5xx, no database error text in a body, no write answered 2xx.",
    severity: "CRITICAL",
    owasp: ["API8:2023"],
    asvs: ["V5.3.4", "V7.4.1"],
    remedy: "Use parameterized queries and answer validation errors without database text.",
  },
  {
    id: "inj-nosql",
    category: "INJECTION",
    testName: "NoSQL operator injection",
    description:
      'Query operators in place of values ({"$gt":""}, {"$ne":null}, field[$ne]=) in every field and query: no 5xx, no database error text, no write answered 2xx.',
    severity: "HIGH",
    owasp: ["API8:2023"],
    asvs: ["V5.3.4", "V5.1.4"],
    remedy: "Validate each field's type (a string is never an object) before it reaches a query.",
  },
  {
    id: "inj-path-traversal",
    category: "INJECTION",
    testName: "Path traversal",
    description:
      "../../etc/passwd, its URL-encoded and double-encoded forms and a Windows path in every field, query and path parameter: no file content in a body, no 5xx, no write answered 2xx.",
    severity: "HIGH",
    owasp: ["API8:2023", "API1:2023"],
    asvs: ["V12.3.1"],
    remedy: "Never build a file path from input; look names up in an allow-list.",
  },
  {
    id: "inj-prototype-pollution",
    category: "INJECTION",
    testName: "Prototype pollution",
    description:
      "Bodies with __proto__ and constructor.prototype keys, and __proto__[x] query keys, on every endpoint: refused, no 5xx, and no answer showing the polluted property.",
    severity: "HIGH",
    owasp: ["API3:2023", "API8:2023"],
    asvs: ["V5.1.2"],
    remedy: "Refuse unknown keys (strict schemas) and never merge input into objects with a recursive assign.",
  },
  {
    id: "inj-oversized-input",
    category: "INJECTION",
    testName: "Oversized numbers and strings",
    description:
      "1e309, 9007199254740993 and a 20,000-character string (4,000 in a query or path) in every field and query: refused with a 4xx, never a 5xx.",
    severity: "MEDIUM",
    owasp: ["API4:2023", "API8:2023"],
    asvs: ["V5.1.4", "V7.4.1"],
    remedy: "Bound every number and string in the schema; parse numbers without losing precision.",
  },
  {
    id: "inj-refused-write",
    category: "INJECTION",
    testName: "No record written by a refused request",
    description:
      "Row counts of every table before and after the probes: a refused (4xx) request must leave no record. Needs the target's own record counter (in-process only).",
    severity: "HIGH",
    owasp: ["API8:2023"],
    asvs: ["V5.1.3"],
    remedy: "Validate the whole request before writing anything, and write in one transaction.",
  },
  // ---- XSS ----
  {
    id: "xss-reflected",
    category: "XSS",
    testName: "Reflected XSS",
    description:
      '<script>alert(1)</script> and "><img src=x onerror=alert(1)> in every field and query: never echoed unescaped in a text/html body, nor in a body served with a content type other than application/json.',
    severity: "HIGH",
    owasp: ["API8:2023"],
    asvs: ["V5.3.3", "V14.4.1"],
    remedy: "Answer with application/json only (or escape for HTML), never echo input into HTML.",
  },
  {
    id: "xss-csp",
    category: "XSS",
    testName: "Content Security Policy",
    description:
      "Responses carry a Content-Security-Policy whose script-src (or default-src) admits neither 'unsafe-inline' nor *.",
    severity: "MEDIUM",
    owasp: ["API8:2023"],
    asvs: ["V14.4.3"],
    remedy: "Send a Content-Security-Policy (helmet's default) on every response.",
  },
  {
    id: "xss-nosniff",
    category: "XSS",
    testName: "X-Content-Type-Options nosniff",
    description: "Every response seen carries X-Content-Type-Options: nosniff.",
    severity: "LOW",
    owasp: ["API8:2023"],
    asvs: ["V14.4.4"],
    remedy: "Send X-Content-Type-Options: nosniff on every response.",
  },
  // ---- CSRF ----
  {
    id: "csrf-origin",
    category: "CSRF",
    testName: "Cross-site Origin refused",
    description: "Every write sent with Origin: https://evil.example must be refused with 403.",
    severity: "HIGH",
    owasp: ["API8:2023"],
    asvs: ["V13.2.3", "V4.2.2"],
    remedy: "Refuse state-changing requests whose Origin is not this site.",
  },
  {
    id: "csrf-fetch-site",
    category: "CSRF",
    testName: "Sec-Fetch-Site cross-site refused",
    description: "Every write sent with Sec-Fetch-Site: cross-site must be refused with 403.",
    severity: "MEDIUM",
    owasp: ["API8:2023"],
    asvs: ["V13.2.3", "V4.2.2"],
    remedy: "Refuse state-changing requests a browser marks as cross-site.",
  },
  {
    id: "csrf-content-type",
    category: "CSRF",
    testName: "Form and text/plain bodies refused",
    description:
      "Every write that takes a JSON body, sent form-encoded and as text/plain (the bodies a cross-site form can send without a preflight), must be refused with 415 or 403.",
    severity: "MEDIUM",
    owasp: ["API8:2023"],
    asvs: ["V13.2.5"],
    remedy: "Accept only application/json bodies on writes.",
  },
  {
    id: "csrf-cookie-samesite",
    category: "CSRF",
    testName: "Session cookie SameSite",
    description: "The session cookie set at sign-in must carry SameSite=Strict or SameSite=Lax.",
    severity: "MEDIUM",
    owasp: ["API8:2023"],
    asvs: ["V3.4.3"],
    remedy: "Set SameSite=Strict (or Lax) on the session cookie.",
  },
  {
    id: "csrf-chain-signing",
    category: "CSRF",
    testName: "Local chain refuses cross-origin signing",
    description:
      "The local chain URL, sent eth_sendTransaction with Origin: https://evil.example (from an address no node holds), must refuse it (HTTP 403 or JSON-RPC error 4100) rather than forward it.",
    severity: "CRITICAL",
    owasp: ["API8:2023"],
    asvs: ["V4.2.2"],
    remedy: "Put the chain guard in front of the node: refuse signing methods from foreign origins.",
  },
  // ---- general ----
  {
    id: "gen-host-allowlist",
    category: "GENERAL",
    testName: "Host allow-list",
    description: "A request with Host: evil.example (DNS rebinding) must be refused with 403 (or 421).",
    severity: "HIGH",
    owasp: ["API8:2023"],
    asvs: [],
    remedy: "Answer only for the host names the site is served under.",
  },
  // ---- passive rules: every answer the run received, judged without a request of their own (engine/passive.ts) ----
  {
    id: "passive-cookie-httponly",
    category: "AUTHENTICATION",
    testName: "Every cookie HttpOnly",
    description:
      "Passive: every Set-Cookie in every answer the run received (a login form's session, not only the SIWE one) carries HttpOnly.",
    severity: "MEDIUM",
    owasp: ["API2:2023", "API8:2023"],
    asvs: ["V3.4.2"],
    remedy: "Set HttpOnly on every cookie a script does not need to read (every session cookie).",
    passive: true,
    zap: ["10010 Cookie No HttpOnly Flag"],
  },
  {
    id: "passive-cookie-samesite",
    category: "CSRF",
    testName: "Every cookie SameSite",
    description:
      "Passive: every Set-Cookie in every answer the run received carries SameSite=Strict or Lax (SameSite=None only with Secure).",
    severity: "MEDIUM",
    owasp: ["API8:2023"],
    asvs: ["V3.4.3"],
    remedy: "Set SameSite=Strict (or Lax) on every cookie; SameSite=None only where needed, and then with Secure.",
    passive: true,
    zap: ["10054 Cookie without SameSite Attribute"],
  },
  {
    id: "passive-cookie-secure",
    category: "AUTHENTICATION",
    testName: "Every cookie Secure over https",
    description:
      "Passive: on an https target every Set-Cookie carries Secure (on a plain-http target the rule does not apply).",
    severity: "MEDIUM",
    owasp: ["API2:2023", "API8:2023"],
    asvs: ["V3.4.1"],
    remedy: "Set Secure on every cookie of a site served over https.",
    passive: true,
    zap: ["10011 Cookie Without Secure Flag"],
  },
  {
    id: "passive-html-nosniff",
    category: "XSS",
    testName: "HTML answers nosniff",
    description:
      "Passive: every text/html answer the run received (GET /, the redirects and links it followed, any probe's answer) carries X-Content-Type-Options: nosniff.",
    severity: "LOW",
    owasp: ["API8:2023"],
    asvs: ["V14.4.4"],
    remedy: "Send X-Content-Type-Options: nosniff on every response, the pages included.",
    passive: true,
    zap: ["10021 X-Content-Type-Options Header Missing"],
  },
  {
    id: "passive-html-csp",
    category: "XSS",
    testName: "HTML answers carry a CSP",
    description:
      "Passive: every text/html answer the run received carries a Content-Security-Policy header (Report-Only does not count).",
    severity: "MEDIUM",
    owasp: ["API8:2023"],
    asvs: ["V14.4.3"],
    remedy: "Send a Content-Security-Policy with every page (helmet's default, or a policy of the site's own).",
    passive: true,
    zap: ["10038 Content Security Policy (CSP) Header Not Set"],
  },
  {
    id: "passive-private-cache",
    category: "AUTHENTICATION",
    testName: "Private answers not cacheable",
    description:
      "Passive: an answer to a request that carried credentials (Cookie, Authorization) or that set a cookie is not served cacheable (Cache-Control public, max-age or s-maxage above 0, without private or no-store).",
    severity: "MEDIUM",
    owasp: ["API8:2023"],
    asvs: ["V8.2.1"],
    remedy: "Answer credentialed requests with Cache-Control: no-store (or private, no-cache).",
    passive: true,
    zap: ["10015 Re-examine Cache-control Directives", "10049 Storable and Cacheable Content"],
  },
  {
    id: "passive-stack-trace",
    category: "GENERAL",
    testName: "No stack trace in answers",
    description:
      "Passive: no answer's body (its first 64 KB) holds a stack trace (Node, Java, Python, .NET, PHP frames).",
    severity: "MEDIUM",
    owasp: ["API8:2023"],
    asvs: ["V7.4.1", "V14.3.2"],
    remedy: "Log stack traces on the server; answer errors with a generic message and an id.",
    passive: true,
    zap: ["10023 Information Disclosure - Debug Error Messages", "90022 Application Error Disclosure"],
  },
  {
    id: "passive-sql-error",
    category: "GENERAL",
    testName: "No SQL error text in answers",
    description:
      "Passive: no answer's body (its first 64 KB) holds database error text (PostgreSQL, MySQL, SQLite, SQL Server, Oracle).",
    severity: "MEDIUM",
    owasp: ["API8:2023"],
    asvs: ["V7.4.1", "V5.3.4"],
    remedy: "Catch database errors on the server and answer a generic message; parameterize every query.",
    passive: true,
    zap: ["90022 Application Error Disclosure"],
  },
  {
    id: "passive-file-path",
    category: "GENERAL",
    testName: "No server file path in answers",
    description:
      "Passive: no answer's body (its first 64 KB) names a server file path (/var, /srv, /home, /app… with a file name, C:\\…, ENOENT … open '…').",
    severity: "LOW",
    owasp: ["API8:2023"],
    asvs: ["V7.4.1", "V14.3.2"],
    remedy: "Answer errors without file system paths (log them on the server).",
    passive: true,
    zap: ["110009 Full Path Disclosure"],
  },
  {
    id: "passive-version-banner",
    category: "GENERAL",
    testName: "No version banner",
    description:
      "Passive: no answer carries a version number in Server, X-Powered-By, X-AspNet-Version or X-AspNetMvc-Version.",
    severity: "LOW",
    owasp: ["API8:2023"],
    asvs: ["V14.3.3"],
    remedy: "Drop X-Powered-By and the version from Server (e.g. app.disable('x-powered-by'), server_tokens off).",
    passive: true,
    zap: [
      "10036 Server Leaks Version Information via Server HTTP Response Header Field",
      "10037 Server Leaks Information via X-Powered-By HTTP Response Header Field(s)",
      "10061 X-AspNet-Version Response Header",
    ],
  },
] as const satisfies readonly SecurityCheckDef[];
export type SecurityCheckId = (typeof SECURITY_CHECKS)[number]["id"];
export const SECURITY_CHECK_IDS = SECURITY_CHECKS.map((c) => c.id) as [SecurityCheckId, ...SecurityCheckId[]];
/** The checks that send probes of their own (each has a planted flaw on the vulnerable server). */
export const SECURITY_ACTIVE_CHECKS = SECURITY_CHECKS.filter((c) => !("passive" in c));
/** The passive rules: they judge the answers the other checks (and the page discovery) received. */
export const SECURITY_PASSIVE_CHECKS = SECURITY_CHECKS.filter(
  (c): c is Extract<(typeof SECURITY_CHECKS)[number], { passive: true }> => "passive" in c,
);
export type SecurityPassiveCheckId = (typeof SECURITY_PASSIVE_CHECKS)[number]["id"];
export type SecurityActiveCheckId = Exclude<SecurityCheckId, SecurityPassiveCheckId>;

/** Points taken from 100 per FAIL, by severity; per WARNING a flat amount (missing evidence, not a finding). */
export const SECURITY_FAIL_PENALTY: Record<Exclude<SecuritySeverity, "OK">, number> = {
  CRITICAL: 25,
  HIGH: 15,
  MEDIUM: 8,
  LOW: 3,
};
export const SECURITY_WARNING_PENALTY = 2;
/** Grade by score: the first threshold the score reaches; any CRITICAL FAIL is an F whatever the score. */
export const SECURITY_GRADES = [
  { grade: "A", min: 90 },
  { grade: "B", min: 80 },
  { grade: "C", min: 70 },
  { grade: "D", min: 60 },
  { grade: "F", min: 0 },
] as const;
/** governmentReadiness words (spec: DEPLOYMENT_READY, otherwise shown as secondary). */
export const SECURITY_READINESS = ["DEPLOYMENT_READY", "REVIEW_REQUIRED", "NOT_READY"] as const;
export type SecurityReadiness = (typeof SECURITY_READINESS)[number];
export const SECURITY_DEPLOYMENT_READY_MIN_SCORE = 90;

/** The scoring rule in words: shown on the page, stored with each report. */
export const SECURITY_SCORING_RULE =
  `overallScore = 100 − ${SECURITY_FAIL_PENALTY.CRITICAL} per CRITICAL FAIL − ${SECURITY_FAIL_PENALTY.HIGH} per HIGH FAIL − ${SECURITY_FAIL_PENALTY.MEDIUM} per MEDIUM FAIL − ${SECURITY_FAIL_PENALTY.LOW} per LOW FAIL − ${SECURITY_WARNING_PENALTY} per WARNING (a check that could not be assessed), never below 0. ` +
  `Grade: A ≥ 90, B ≥ 80, C ≥ 70, D ≥ 60, else F; any CRITICAL FAIL is an F. ` +
  `governmentReadiness: DEPLOYMENT_READY when no check FAILs and the score is ≥ ${SECURITY_DEPLOYMENT_READY_MIN_SCORE}; NOT_READY when any CRITICAL or HIGH check FAILs; otherwise REVIEW_REQUIRED. criticalIssues counts CRITICAL FAILs.`;

/** What the suite may spend: requests and time (the comprehensive run) — a run stopped by one says so. */
export const SECURITY_DEFAULT_BUDGET = { maxRequests: 3000, maxMs: 25_000, requestTimeoutMs: 5_000 } as const;

/** Frameworks the checks are mapped to. No certification is claimed. */
export const SECURITY_COMPLIANCE_FRAMEWORKS = ["OWASP API Security Top 10 (2023)", "OWASP ASVS 4.0.3"] as const;
export const SECURITY_NOT_ASSESSED_NOTE =
  "not assessed: this suite maps its checks to the OWASP API Security Top 10 (2023) and OWASP ASVS 4.0.3 only; it holds and claims no certification";
