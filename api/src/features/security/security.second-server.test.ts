// The passive layer's proof on a server that is not ours and was written without reading the suite
// (api/src/testing/second-flawed-server.ts: paths under /v2 and /account, its OpenAPI document at /v2/spec.json
// describing its JSON endpoints only, a form-encoded login on its home page). The suite runs against it as
// `npm run security:scan -- --target URL --openapi /v2/spec.json --login user:pass` does: with every flaw on, each
// planted flaw is found by a passive rule, at its place, with the evidence that shows it; with every flaw off, none
// of those passive findings is left.
import { beforeAll, describe, expect, it } from "vitest";
import { sendHttp } from "../../http/self-target";
import {
  SECOND_SERVER_FLAWS,
  SECOND_SERVER_LOGIN,
  startSecondFlawedServer,
  type SecondServerFlaw,
} from "../../testing/second-flawed-server";
import { buildReport } from "./engine/scoring";
import { runSecuritySuite, type SuiteRun } from "./engine/suite";
import { securityReport, type SecurityEvidence, type SecurityPassiveCheckId } from "./security.schemas";

async function scan(flaws: "all" | []): Promise<SuiteRun> {
  const server = await startSecondFlawedServer(flaws);
  try {
    const base = new URL(server.baseUrl);
    return await runSecuritySuite({
      send: (path, options) => sendHttp(`${base.origin}${path}`, options),
      host: base.host,
      chainId: 31337,
      openapi: server.openapiPath,
      target: base.origin,
      // As ZAP's authentication context: the shop's one account (the form on its home page is found by the suite).
      login: { user: SECOND_SERVER_LOGIN.user, password: SECOND_SERVER_LOGIN.pass },
    });
  } finally {
    await server.close();
  }
}

/** Where each planted flaw must be found: the passive rule, the place (method and template) and what shows it. */
const EXPECTED: Record<
  SecondServerFlaw,
  { rule: SecurityPassiveCheckId; place: string; shows: (e: SecurityEvidence) => boolean }[]
> = {
  "session-cookie-flags": [
    {
      rule: "passive-cookie-httponly",
      place: "POST /account/sign-in",
      shows: (e) => /^sid=<masked>/.test(e.response!.headers["set-cookie"] ?? ""),
    },
    {
      rule: "passive-cookie-samesite",
      place: "POST /account/sign-in",
      shows: (e) => /^sid=<masked>/.test(e.response!.headers["set-cookie"] ?? ""),
    },
  ],
  "tracking-cookie-flags": [
    {
      rule: "passive-cookie-httponly",
      place: "GET /",
      shows: (e) => /pref=<masked>/.test(e.response!.headers["set-cookie"] ?? ""),
    },
    {
      rule: "passive-cookie-samesite",
      place: "GET /",
      shows: (e) => /pref=<masked>/.test(e.response!.headers["set-cookie"] ?? ""),
    },
    {
      rule: "passive-cookie-httponly",
      place: "GET /account/home",
      shows: (e) => /pref=<masked>/.test(e.response!.headers["set-cookie"] ?? ""),
    },
  ],
  "html-no-csp-no-nosniff": [
    {
      rule: "passive-html-csp",
      place: "GET /",
      shows: (e) => /text\/html/.test(e.response!.headers["content-type"] ?? ""),
    },
    {
      rule: "passive-html-nosniff",
      place: "GET /",
      shows: (e) => /text\/html/.test(e.response!.headers["content-type"] ?? ""),
    },
    {
      rule: "passive-html-csp",
      place: "GET /account/home",
      shows: (e) => /text\/html/.test(e.response!.headers["content-type"] ?? ""),
    },
  ],
  "private-cacheable": [
    {
      rule: "passive-private-cache",
      place: "GET /v2/orders/{id}",
      shows: (e) =>
        /public/.test(e.response!.headers["cache-control"] ?? "") && e.request.headers["cookie"] === "sid=<masked>",
    },
  ],
  "stack-trace-in-body": [
    { rule: "passive-stack-trace", place: "POST /v2/orders", shows: (e) => /\bat .+:\d+:\d+\)/.test(e.response!.body) },
  ],
  "sql-error-in-body": [
    {
      rule: "passive-sql-error",
      place: "GET /v2/products",
      shows: (e) => /syntax error at or near/.test(e.response!.body),
    },
  ],
  "file-path-in-body": [
    {
      rule: "passive-file-path",
      place: "GET /v2/files/{name}",
      shows: (e) => /ENOENT.*'\/var\/www\/shop\/uploads\//.test(e.response!.body),
    },
  ],
  "version-banner": [
    {
      rule: "passive-version-banner",
      place: "GET /v2/spec.json",
      shows: (e) => /Apache\/2\.4\.49|PHP\/7\.4\.3/.test(Object.values(e.response!.headers).join(" ")),
    },
  ],
};

const findingsOf = (run: SuiteRun, rule: SecurityPassiveCheckId) =>
  run.results.find((r) => r.id === rule)?.evidence.filter((e) => e.finding !== null) ?? [];

describe("the passive rules on a second planted-flaw server (other paths, a form login, written blind)", () => {
  let withFlaws: SuiteRun;
  let clean: SuiteRun;
  beforeAll(async () => {
    withFlaws = await scan("all");
    clean = await scan([]);
  }, 60_000);

  it("names an expected finding for every planted flaw of the server", () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(Object.keys(SECOND_SERVER_FLAWS).sort());
  });

  it.each(Object.keys(SECOND_SERVER_FLAWS) as SecondServerFlaw[])(
    "with every flaw on, %s is found by a passive rule at its place, with its evidence",
    (flaw) => {
      for (const want of EXPECTED[flaw]) {
        const result = withFlaws.results.find((r) => r.id === want.rule)!;
        expect(result.status, result.detail).toBe("FAIL");
        const at = findingsOf(withFlaws, want.rule).filter((e) => e.finding!.endsWith(`(${want.place})`));
        expect(at, `${want.rule} at ${want.place}: ${result.detail}`).toHaveLength(1);
        const e = at[0]!;
        // The evidence: method, URL, status, and the header or the body excerpt (≤ 200 characters) that shows it.
        expect(e.request.method).toBe(want.place.split(" ")[0]);
        expect(e.request.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
        expect(e.response!.status).toBeGreaterThanOrEqual(200);
        expect(e.response!.body.length).toBeLessThanOrEqual(200);
        expect(want.shows(e), JSON.stringify(e)).toBe(true);
      }
    },
  );

  it("a finding is kept once per rule and place, however many answers showed it", () => {
    for (const r of withFlaws.results.filter((x) => x.id.startsWith("passive-"))) {
      const places = r.evidence.filter((e) => e.finding).map((e) => e.finding!.replace(/^.*\(([^()]+)\)$/, "$1"));
      expect(new Set(places).size, r.id).toBe(places.length);
      expect(r.findings).toBe(places.length);
    }
    // The version banner is on every answer but /v2/health: one finding per operation, not one per request.
    expect(findingsOf(withFlaws, "passive-version-banner").length).toBeLessThan(withFlaws.requestsSent / 4);
  });

  it("the sign-in's password never reaches the report", () => {
    const text = JSON.stringify(withFlaws.results);
    expect(text).not.toContain(SECOND_SERVER_LOGIN.pass);
    expect(text).toContain("pass=%3Cmasked%3E");
  });

  it("with every flaw off, no passive rule finds anything; the report keeps its shape", () => {
    const passive = clean.results.filter((r) => r.id.startsWith("passive-"));
    expect(
      passive.filter((r) => r.status !== "PASS").map((r) => `${r.id}: ${r.detail}`),
      "passive rules failing on the clean server",
    ).toEqual([]);
    // Each rule of the proof saw answers of its kind on the clean server too (a PASS, not "not applicable").
    const rules = new Set(Object.values(EXPECTED).flatMap((w) => w.map((x) => x.rule)));
    for (const rule of rules) expect(passive.map((r) => r.id)).toContain(rule);
    expect(clean.notApplicable.map((n) => n.id)).toEqual(["passive-cookie-secure"]);
    expect(securityReport.parse(buildReport(clean)).notApplicable).toHaveLength(1);
  });
});
