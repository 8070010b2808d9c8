// The passive rules one answer at a time: what each finds (one sample per runtime and database), and what it
// must leave alone (a deleted cookie, SameSite=None with Secure, a URL that merely contains /home/, a banner
// without a version, a private answer kept out of shared caches).
import { describe, expect, it } from "vitest";
import { PASSIVE_RULES, type Observed } from "./passive-rules";
import { SECURITY_PASSIVE_CHECKS, type SecurityPassiveCheckId } from "../security.constants";

const answer = (over: Partial<Observed> = {}): Observed => ({
  scheme: "http",
  requestHeaders: {},
  status: 200,
  headers: { "content-type": "application/json" },
  body: "{}",
  ...over,
});
const rule = (id: SecurityPassiveCheckId) => PASSIVE_RULES.find((r) => r.id === id)!;
/** The rule's finding on the answer: null when it does not apply or finds nothing. */
const judge = (id: SecurityPassiveCheckId, o: Observed) => (rule(id).applies(o) ? rule(id).judge(o) : null);

describe("passive rules", () => {
  it("every passive check has its rule, and every rule names its ZAP counterpart", () => {
    expect(PASSIVE_RULES.map((r) => r.id)).toEqual(SECURITY_PASSIVE_CHECKS.map((c) => c.id));
    for (const c of SECURITY_PASSIVE_CHECKS) expect(c.zap.length).toBeGreaterThan(0);
  });

  it("cookies: HttpOnly, SameSite (None only with Secure), Secure on https; deleted cookies are not judged", () => {
    const set = (c: string | string[], scheme: "http" | "https" = "http") =>
      answer({ scheme, headers: { "set-cookie": c } });
    expect(judge("passive-cookie-httponly", set("sid=abc; Path=/"))?.finding).toBe(
      "cookie sid is set without HttpOnly",
    );
    expect(judge("passive-cookie-httponly", set("sid=abc; Path=/"))?.header?.value).toBe("sid=<masked>; Path=/");
    expect(judge("passive-cookie-httponly", set("sid=abc; HttpOnly"))).toBeNull();
    expect(judge("passive-cookie-samesite", set("sid=abc; HttpOnly"))?.finding).toMatch(/without SameSite/);
    expect(judge("passive-cookie-samesite", set("sid=abc; SameSite=None"))?.finding).toMatch(/None without Secure/);
    expect(judge("passive-cookie-samesite", set("sid=abc; SameSite=None; Secure"))).toBeNull();
    expect(judge("passive-cookie-samesite", set("sid=abc; SameSite=Lax"))).toBeNull();
    expect(rule("passive-cookie-secure").applies(set("sid=abc"))).toBe(false);
    expect(judge("passive-cookie-secure", set("sid=abc; HttpOnly", "https"))?.finding).toMatch(/without Secure/);
    for (const gone of ["sid=; Path=/", "sid=x; Max-Age=0", "sid=x; Expires=Thu, 01 Jan 1970 00:00:00 GMT"])
      expect(rule("passive-cookie-httponly").applies(set(gone)), gone).toBe(false);
  });

  it("HTML answers: nosniff and a CSP (Report-Only is not enforced); JSON is not an HTML answer", () => {
    const html = (headers: Record<string, string>) =>
      answer({ headers: { "content-type": "text/html; charset=utf-8", ...headers }, body: "<html></html>" });
    expect(judge("passive-html-nosniff", html({}))?.finding).toMatch(/without X-Content-Type-Options/);
    expect(judge("passive-html-nosniff", html({ "x-content-type-options": "nosniff" }))).toBeNull();
    expect(judge("passive-html-csp", html({}))?.finding).toMatch(/without a Content-Security-Policy/);
    expect(
      judge("passive-html-csp", html({ "content-security-policy-report-only": "default-src 'self'" }))?.finding,
    ).toMatch(/Report-Only/);
    expect(judge("passive-html-csp", html({ "content-security-policy": "default-src 'self'" }))).toBeNull();
    expect(rule("passive-html-csp").applies(answer())).toBe(false);
  });

  it("private answers: cacheable is a finding after credentials or a set cookie, private / no-store are not", () => {
    const cred = (cc: string, requestHeaders: Record<string, string> = { cookie: "sid=1" }) =>
      answer({ requestHeaders, headers: { "cache-control": cc } });
    expect(judge("passive-private-cache", cred("public, max-age=3600"))?.finding).toMatch(/carrying a cookie/);
    expect(judge("passive-private-cache", cred("max-age=60", { authorization: "Bearer x" }))?.finding).toMatch(
      /Authorization/,
    );
    expect(judge("passive-private-cache", cred("private, max-age=60"))).toBeNull();
    expect(judge("passive-private-cache", cred("no-store"))).toBeNull();
    expect(judge("passive-private-cache", cred("max-age=0"))).toBeNull();
    expect(rule("passive-private-cache").applies(answer({ headers: { "cache-control": "public" } }))).toBe(false);
  });

  it.each([
    [
      "Node",
      "Error: boom\\n    at Object.<anonymous> (/srv/app/orders.js:41:13)\\n    at Module._compile (node:internal/x:1:2)",
    ],
    ["Java", "java.lang.NullPointerException\n\tat com.shop.orders.OrderService.find(OrderService.java:42)"],
    ["Python", 'Traceback (most recent call last):\n  File "/app/views.py", line 12, in get'],
    ["Python (a frame alone)", 'File "/app/views.py", line 12, in get'],
    [".NET", "System.InvalidOperationException: x\n   at Shop.Orders.Find(Int32 id) in C:\\src\\Orders.cs:line 42"],
    ["PHP", "<b>Fatal error</b>: Uncaught Exception in /var/www/x.php on line <b>3</b>"],
  ])("a %s stack trace is found", (_runtime, body) => {
    expect(judge("passive-stack-trace", answer({ body }))?.excerpt).toBeTruthy();
  });

  it.each([
    ["PostgreSQL", 'error: syntax error at or near "\'" at character 40'],
    ["MySQL", "You have an error in your SQL syntax; check the manual that corresponds to your MySQL server version"],
    ["SQLite", 'SQLITE_ERROR: near "OR": syntax error'],
    ["SQL Server", "Unclosed quotation mark after the character string ''."],
    ["Oracle", "ORA-01756: quoted string not properly terminated"],
    ["PHP's PostgreSQL", "Warning: pg_query(): Query failed"],
    ["node mysql", "ER_PARSE_ERROR: near 'x' at line 1"],
  ])("%s error text is found", (_db, body) => {
    expect(judge("passive-sql-error", answer({ body }))?.finding).toMatch(/database error text/);
  });

  it("server file paths: unix with a file name, Windows, ENOENT; not a URL's path nor a bare directory", () => {
    const path = (body: string) => judge("passive-file-path", answer({ body }))?.finding ?? null;
    expect(path('{"error":"cannot read /var/www/shop/config.yml"}')).toMatch(/\/var\/www\/shop\/config\.yml/);
    expect(path('{"error":"C:\\\\inetpub\\\\wwwroot\\\\web.config"}')).toMatch(/web\.config/);
    expect(path("ENOENT: no such file or directory, open '/data/uploads/x'")).toMatch(/ENOENT/);
    expect(path('{"link":"https://example.org/home/index.html"}')).toBeNull();
    expect(path('{"dir":"/home/"}')).toBeNull();
    expect(path('{"route":"/api/things/list.json"}')).toBeNull();
  });

  it("version banners: a number in Server / X-Powered-By / X-AspNet-Version; a bare product name is not one", () => {
    const banner = (headers: Record<string, string>) => judge("passive-version-banner", answer({ headers }));
    expect(banner({ server: "Apache/2.4.49 (Unix)" })?.finding).toMatch(/server names a version/);
    expect(banner({ "x-powered-by": "PHP/7.4.3" })?.header).toEqual({ name: "x-powered-by", value: "PHP/7.4.3" });
    expect(banner({ "x-aspnet-version": "4.0.30319" })).not.toBeNull();
    expect(banner({ server: "nginx", "x-powered-by": "Express" })).toBeNull();
  });
});
