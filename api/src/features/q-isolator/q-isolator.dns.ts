// GET /dns-protection: the API's own defence against DNS rebinding, the Host allow-list (http/protection.ts),
// as it stands. Protected domains are the allowed hosts; threats blocked is the guard's real counter of
// foreign-Host requests refused since the API started; the tests are a self-test sent now through a real
// socket (http/self-target.ts): each allowed host must be served and each foreign one refused. A self-test
// serves every reader for a few seconds, so polling the page cannot turn it into a request amplifier.
import type { HostGuardStats } from "../../http/protection";
import type { SelfTarget } from "../../http/self-target";
import { RULES } from "./q-isolator.constants";
import { percentOf } from "./q-isolator.figures";
import type { DnsProtectionResponse } from "./q-isolator.schemas";

/** A cheap answer of this API (the OpenAPI document is built once and kept). */
const PROBE_PATH = "/api/openapi.json";
const SELF_TEST_TTL_MS = 10_000;

/** Names a rebinding attack would use: an attacker's domain, one resolving to 127.0.0.1, the cloud metadata address. */
export function foreignHosts(port: string): string[] {
  return [
    `attacker.example:${port}`,
    `127.0.0.1.nip.io:${port}`,
    `localhost.attacker.example:${port}`,
    "169.254.169.254",
  ];
}

export function formatUptime(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  if (d > 0) return `${d}d ${h}h ${m}m`;
  if (h > 0) return `${h}h ${m}m`;
  return m > 0 ? `${m}m ${seconds % 60}s` : `${seconds}s`;
}

export function createDnsProtection(deps: {
  allowedHosts: readonly string[];
  stats: HostGuardStats;
  selfTarget: <T>(fn: (t: SelfTarget) => Promise<T>) => Promise<T>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  let last: { tests: DnsProtectionResponse["tests"]; at: Date } | null = null;
  let running: Promise<{ tests: DnsProtectionResponse["tests"]; at: Date }> | null = null;

  async function selfTest() {
    const tests = await deps.selfTarget(async (target) => {
      // the port users reach (the first allowed host's), as a rebinding page would use it
      const port =
        /:(\d+)$/.exec(deps.allowedHosts.find((h) => h !== "*") ?? "")?.[1] ?? target.baseUrl.split(":").pop() ?? "";
      const allowed = deps.allowedHosts.filter((h) => h !== "*");
      const cases = [
        ...allowed.map((domain) => ({ domain, expected: "served" as const })),
        ...foreignHosts(port).map((domain) => ({ domain, expected: "refused" as const })),
      ];
      const out: DnsProtectionResponse["tests"] = [];
      for (const c of cases) {
        try {
          const answer = await target.send(PROBE_PATH, {
            headers: { host: c.domain },
            timeoutMs: 5_000,
            maxBodyBytes: 512,
          });
          const code = answer.status === 403 && answer.body.includes("HOST_NOT_ALLOWED") ? "HOST_NOT_ALLOWED" : null;
          const outcome = answer.status < 400 ? "served" : code ? "refused" : "error";
          out.push({
            domain: c.domain,
            protection:
              outcome === "served"
                ? `served (${answer.status})`
                : outcome === "refused"
                  ? `refused (403 HOST_NOT_ALLOWED)`
                  : `answered ${answer.status}`,
            threatLevel: c.expected === "served" ? "LOW" : "HIGH",
            expected: c.expected,
            outcome,
            status: answer.status,
            passed: outcome === c.expected,
          });
        } catch (err) {
          out.push({
            domain: c.domain,
            protection: `no answer: ${err instanceof Error ? err.message : String(err)}`,
            threatLevel: c.expected === "served" ? "LOW" : "HIGH",
            expected: c.expected,
            outcome: "error",
            status: 0,
            passed: false,
          });
        }
      }
      return out;
    });
    return { tests, at: now() };
  }

  return {
    async read(): Promise<DnsProtectionResponse> {
      const at = now();
      if (!last || at.getTime() - last.at.getTime() >= SELF_TEST_TTL_MS) {
        running ??= selfTest().finally(() => (running = null));
        last = await running;
      }
      const uptimeSeconds = Math.max(0, Math.floor((at.getTime() - deps.stats.since.getTime()) / 1000));
      const domains = [...deps.allowedHosts];
      return {
        protectedDomains: domains.length,
        domains,
        quantumDnsShield: {
          threats_blocked: deps.stats.refused,
          uptime: formatUptime(uptimeSeconds),
          uptimeSeconds,
          since: deps.stats.since.toISOString(),
        },
        tests: last.tests,
        testedAt: last.at.toISOString(),
        rule: RULES.threatsBlocked,
      };
    },
    /** The last self-test's pass rate (percent), running one if none is fresh. */
    async passRate(): Promise<number> {
      const r = await this.read();
      return percentOf(r.tests.filter((t) => t.passed).length, r.tests.length);
    },
  };
}

export type DnsProtection = ReturnType<typeof createDnsProtection>;
