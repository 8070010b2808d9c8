// The passive rules, modelled on OWASP ZAP's passive scan rules (their ids beside each): pure functions of one
// answer (and the request that got it), no request of their own. Each rule says whether an answer is of its kind
// (a cookie was set, the body is HTML, the request carried credentials…) and, if so, what is wrong with it,
// keeping the header or a short body excerpt (≤ 200 characters) that shows it. Bodies are read to 64 KB at most.
import type { SecurityPassiveCheckId } from "../security.constants";

/** One answer as the rules see it. */
export interface Observed {
  scheme: "http" | "https";
  /** Request headers, lower-case names. */
  requestHeaders: Record<string, string>;
  status: number;
  /** Response headers, lower-case names; Set-Cookie as an array. */
  headers: Record<string, string | string[] | undefined>;
  /** The body's first 64 KB. */
  body: string;
}

export interface RuleHit {
  finding: string;
  /** The header that shows it (Set-Cookie values masked). */
  header?: { name: string; value: string };
  /** The part of the body that shows it (≤ 200 characters). */
  excerpt?: string;
}

export interface PassiveRule {
  id: SecurityPassiveCheckId;
  /** Whether the answer is of the rule's kind: only those are judged and counted. */
  applies(o: Observed): boolean;
  judge(o: Observed): RuleHit | null;
  /** Why the rule saw nothing to judge (the run's notApplicable reason). */
  notApplicable(scheme: "http" | "https"): string;
}

/** At most this much of a body is read by the rules. */
export const PASSIVE_BODY_BYTES = 64 * 1024;
const EXCERPT = 200;

// ---- cookies ------------------------------------------------------------------------------------------

export interface SetCookie {
  name: string;
  /** Lower-case attribute names, with their values ("" for flags). */
  attrs: Map<string, string>;
  raw: string;
}

const headerList = (v: string | string[] | undefined): string[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** The cookies an answer sets, less the ones it deletes (an empty value, Max-Age ≤ 0, Expires in the past). */
export function setCookies(o: Pick<Observed, "headers">): SetCookie[] {
  const out: SetCookie[] = [];
  for (const raw of headerList(o.headers["set-cookie"])) {
    const [pair = "", ...rest] = raw.split(";");
    const eq = pair.indexOf("=");
    const name = (eq < 0 ? pair : pair.slice(0, eq)).trim();
    const value = eq < 0 ? "" : pair.slice(eq + 1).trim();
    const attrs = new Map<string, string>();
    for (const a of rest) {
      const i = a.indexOf("=");
      attrs.set((i < 0 ? a : a.slice(0, i)).trim().toLowerCase(), i < 0 ? "" : a.slice(i + 1).trim());
    }
    const maxAge = attrs.get("max-age");
    const expires = attrs.get("expires");
    const deleting =
      value === "" ||
      value === '""' ||
      (maxAge !== undefined && Number(maxAge) <= 0) ||
      (expires !== undefined && Date.parse(expires) < Date.now());
    if (name && !deleting) out.push({ name, attrs, raw });
  }
  return out;
}

/** The cookie with its value masked: the rules' evidence never holds a session's secret. */
export const maskedCookie = (c: SetCookie) => c.raw.replace(/^([^=]+)=([^;]*)/, "$1=<masked>");

function cookieRule(
  id: SecurityPassiveCheckId,
  bad: (c: SetCookie) => string | null,
  opts: { httpsOnly?: boolean } = {},
): PassiveRule {
  return {
    id,
    applies: (o) => (!opts.httpsOnly || o.scheme === "https") && setCookies(o).length > 0,
    judge: (o) => {
      const flawed = setCookies(o)
        .map((c) => ({ c, why: bad(c) }))
        .filter((x) => x.why !== null);
      if (flawed.length === 0) return null;
      return {
        finding: flawed.map((x) => `cookie ${x.c.name} ${x.why}`).join("; "),
        header: {
          name: "set-cookie",
          value: flawed
            .map((x) => maskedCookie(x.c))
            .join(" | ")
            .slice(0, 400),
        },
      };
    },
    notApplicable: (scheme) =>
      opts.httpsOnly && scheme === "http"
        ? "the target is plain http: Secure is required of cookies on https targets only"
        : "no answer of the run set a cookie",
  };
}

// ---- bodies -------------------------------------------------------------------------------------------

/** Stack frames and runtime error banners (ZAP 10023 / 90022). Bodies may be JSON: newlines come as "\n". */
export const STACK_TRACE_PATTERNS: readonly RegExp[] = [
  // Node / V8: "at fn (/srv/app/x.js:12:5)", "at /srv/app/x.js:12:5", "(node:internal/…:1:2)"
  /\bat (?:async )?[\w$.<>[\] ]{1,120} \((?:file:\/\/)?(?:\/|[A-Za-z]:\\{1,2}|node:)[^()\s]{1,300}:\d+:\d+\)/,
  /\bat (?:file:\/\/)?\/[^()\s:]{1,300}\.(?:[mc]?js|ts):\d+:\d+/,
  // Java: "at com.shop.Orders.find(Orders.java:42)", "Exception in thread"
  /\bat (?:[A-Za-z_$][\w$]*\.){2,}[\w$<>]+\((?:[\w$]+\.(?:java|kt|scala):\d+|Native Method|Unknown Source)\)/,
  /Exception in thread "[^"]{1,80}"/,
  // Python
  /Traceback \(most recent call last\)/,
  /File "[^"]{1,300}", line \d+, in [\w<>]+/,
  // .NET
  /\bat [\w.`<>[\]]+\([^()]{0,200}\) in \S{1,300}:line \d+/,
  /--- End of (?:inner exception )?stack trace/,
  /Server Error in '[^']{0,80}' Application/,
  // PHP, Ruby
  /(?:Fatal error|Parse error|Uncaught \w+)(?:<\/b>)?:.{0,200}? on line (?:<b>)?\d+/,
  /Stack trace:(?:\s|\\n)+#0 /,
  /\.rb:\d+:in `/,
];

/** Database error text (ZAP 90022; the error patterns of its SQL injection rule 40018). */
export const SQL_ERROR_PATTERNS: readonly RegExp[] = [
  // PostgreSQL
  /syntax error at or near "?[^"\n]{0,40}"?/i,
  /unterminated quoted (?:string|identifier) at or near/i,
  /(?:relation|column) "[^"]{1,80}" does not exist/i,
  /invalid input syntax for (?:type )?[a-z ]{1,40}/i,
  /duplicate key value violates unique constraint/i,
  /PSQLException|org\.postgresql\.|PG::\w+Error|PostgresError|pg_(?:query|exec)\(\)/,
  // MySQL / MariaDB
  /You have an error in your SQL syntax/i,
  /check the manual that (?:corresponds to|fits) your (?:MySQL|MariaDB) server version/i,
  /MySQLSyntaxErrorException|com\.mysql\.jdbc|Warning: mysqli?_\w+\(|mysql_fetch_\w+|ER_PARSE_ERROR/,
  /SQLSTATE\[[\w\d]{5}\]/,
  // SQLite
  /SQLITE_ERROR|SQLite3::|sqlite3\.OperationalError|SQLiteException/,
  /near "[^"]{0,40}": syntax error/,
  /no such (?:table|column): [\w.]{1,80}/,
  /unrecognized token: "/,
  // SQL Server
  /Unclosed quotation mark after the character string/i,
  /Incorrect syntax near/i,
  /Microsoft OLE DB Provider for (?:SQL Server|ODBC)|\[Microsoft\]\[ODBC SQL Server Driver\]|\[SQL Server\]/,
  /System\.Data\.SqlClient\.SqlException|Microsoft\.Data\.SqlClient\.SqlException|mssql_query\(\)/,
  // Oracle
  /\bORA-\d{5}\b|\bPLS-\d{5}\b/,
  /quoted string not properly terminated/i,
  /oracle\.jdbc\.|Oracle error/,
];

const FILE_ENDING =
  "(?:[mc]?js|tsx?|jsx|py[cw]?|rb|php\\d?|java|class|jar|go|rs|cs|dll|exe|json|ya?ml|toml|ini|conf|cfg|config|log|sql|db|sqlite3?|html?|jsp|aspx?|env|txt|pem|key|sh|xml|properties|lock)";
/** Server file paths (ZAP 110009 Full Path Disclosure). */
export const FILE_PATH_PATTERNS: readonly RegExp[] = [
  // Unix, under a server directory, ending in a file name (not inside a URL: no host before it)
  new RegExp(
    `(?<![\\w.:/-])/(?:var|srv|home|usr|opt|app|root|tmp|etc|Users|data|mnt|workspace|www|run)/[\\w.@+-]+(?:/[\\w.@+-]+)*\\.${FILE_ENDING}\\b`,
  ),
  // Windows (in JSON text the backslashes are doubled)
  new RegExp(`\\b[A-Za-z]:(?:\\\\{1,2}[\\w .$()-]+)+\\.${FILE_ENDING}\\b`),
  // Node's file-system errors name the file
  /\b(?:ENOENT|EACCES|EISDIR|ENOTDIR|EPERM)\b[^'"\n]{0,120}(?:open|stat|lstat|scandir|access|mkdir|unlink|readlink) '[^']{1,300}'/,
];

/** The first match of any pattern, as an excerpt of at most 200 characters around it. */
export function firstMatch(body: string, patterns: readonly RegExp[]): { match: string; excerpt: string } | null {
  for (const re of patterns) {
    const m = re.exec(body);
    if (!m) continue;
    const start = Math.max(0, m.index - 40);
    const excerpt = body.slice(start, Math.min(body.length, start + EXCERPT)).replace(/\s+/g, " ");
    return { match: m[0].slice(0, 120), excerpt };
  }
  return null;
}

/** One cheap pass before the patterns: most answers hold none of these words, and are done with in one regex. */
const PREFILTERS = {
  stack: /\bat |Traceback|Exception|stack trace|Server Error|Fatal error|Parse error|Uncaught|line \d+, in|\.rb:\d/i,
  sql: /syntax|SQL|ORA-|PLS-|quot|relation|column|duplicate key|invalid input|PG::|pg_|Postgres|mysql|MariaDB|ER_PARSE|sqlite|no such|unrecognized token|OLE DB|ODBC|oracle/i,
  path: /\/(?:var|srv|home|usr|opt|app|root|tmp|etc|Users|data|mnt|workspace|www|run)\/|[A-Za-z]:\\|\bE(?:NOENT|ACCES|ISDIR|NOTDIR|PERM)\b/,
};

function bodyRule(
  id: SecurityPassiveCheckId,
  patterns: readonly RegExp[],
  what: string,
  prefilter: RegExp,
): PassiveRule {
  return {
    id,
    applies: (o) => o.body.length > 0,
    judge: (o) => {
      if (!prefilter.test(o.body)) return null;
      const m = firstMatch(o.body, patterns);
      return m ? { finding: `${what} in the body: "${m.match}"`, excerpt: m.excerpt } : null;
    },
    notApplicable: () => "no answer of the run had a body",
  };
}

// ---- headers ------------------------------------------------------------------------------------------

const header = (o: Observed, name: string) => headerList(o.headers[name]).join(", ");
const isHtml = (o: Observed) =>
  /^(?:text\/html|application\/xhtml\+xml)\b/i.test(header(o, "content-type").trim()) && o.body.length > 0;
const HTML_NA = "no HTML answer was seen (GET /, the redirects and links followed, every probe's answer)";

const BANNER_HEADERS = ["server", "x-powered-by", "x-aspnet-version", "x-aspnetmvc-version"];
const VERSION = /\d+\.\d+|\/\s?\d+/;

/** Cache-Control that lets a shared cache keep the answer: public, or a positive max-age, without private / no-store. */
export function cacheableBy(cacheControl: string): string | null {
  const d = cacheControl
    .toLowerCase()
    .split(",")
    .map((x) => x.trim());
  if (d.includes("no-store") || d.includes("private")) return null;
  if (d.includes("public")) return "public";
  const age = d.find((x) => /^(?:s-)?max-age=\s*\d+/.test(x) && Number(x.split("=")[1]) > 0);
  return age ?? null;
}

export const PASSIVE_RULES: readonly PassiveRule[] = [
  // ZAP 10010 Cookie No HttpOnly Flag
  cookieRule("passive-cookie-httponly", (c) => (c.attrs.has("httponly") ? null : "is set without HttpOnly")),
  // ZAP 10054 Cookie without SameSite Attribute (and its "None" variant)
  cookieRule("passive-cookie-samesite", (c) => {
    const v = c.attrs.get("samesite")?.toLowerCase();
    if (v === "strict" || v === "lax") return null;
    if (v === "none") return c.attrs.has("secure") ? null : "is set SameSite=None without Secure";
    return v === undefined ? "is set without SameSite" : `is set with an invalid SameSite=${v}`;
  }),
  // ZAP 10011 Cookie Without Secure Flag (https targets only)
  cookieRule("passive-cookie-secure", (c) => (c.attrs.has("secure") ? null : "is set without Secure over https"), {
    httpsOnly: true,
  }),
  // ZAP 10021 X-Content-Type-Options Header Missing (here: on HTML answers)
  {
    id: "passive-html-nosniff",
    applies: isHtml,
    judge: (o) => {
      const v = header(o, "x-content-type-options");
      return v.trim().toLowerCase() === "nosniff"
        ? null
        : {
            finding: v
              ? `an HTML answer with X-Content-Type-Options: ${v}`
              : "an HTML answer without X-Content-Type-Options: nosniff",
            header: { name: "content-type", value: header(o, "content-type") },
          };
    },
    notApplicable: () => HTML_NA,
  },
  // ZAP 10038 Content Security Policy (CSP) Header Not Set (here: on HTML answers)
  {
    id: "passive-html-csp",
    applies: isHtml,
    judge: (o) =>
      header(o, "content-security-policy").trim()
        ? null
        : {
            finding: header(o, "content-security-policy-report-only")
              ? "an HTML answer with only Content-Security-Policy-Report-Only (not enforced)"
              : "an HTML answer without a Content-Security-Policy header",
            header: { name: "content-type", value: header(o, "content-type") },
          },
    notApplicable: () => HTML_NA,
  },
  // ZAP 10015 Re-examine Cache-control Directives / 10049 Storable and Cacheable Content
  {
    id: "passive-private-cache",
    applies: (o) =>
      o.requestHeaders["cookie"] !== undefined ||
      o.requestHeaders["authorization"] !== undefined ||
      setCookies(o).length > 0,
    judge: (o) => {
      const cc = header(o, "cache-control");
      const why = cacheableBy(cc);
      if (!why) return null;
      const cause =
        o.requestHeaders["authorization"] !== undefined
          ? "a request carrying Authorization"
          : o.requestHeaders["cookie"] !== undefined
            ? "a request carrying a cookie"
            : "an answer setting a cookie";
      return {
        finding: `${cause} answered cacheable (Cache-Control ${why}, neither private nor no-store)`,
        header: { name: "cache-control", value: cc },
      };
    },
    notApplicable: () => "no request of the run carried credentials and no answer set a cookie",
  },
  // ZAP 10023 Information Disclosure - Debug Error Messages / 90022 Application Error Disclosure
  bodyRule("passive-stack-trace", STACK_TRACE_PATTERNS, "a stack trace", PREFILTERS.stack),
  // ZAP 90022 Application Error Disclosure (database errors)
  bodyRule("passive-sql-error", SQL_ERROR_PATTERNS, "database error text", PREFILTERS.sql),
  // ZAP 110009 Full Path Disclosure
  bodyRule("passive-file-path", FILE_PATH_PATTERNS, "a server file path", PREFILTERS.path),
  // ZAP 10036 (Server), 10037 (X-Powered-By), 10061 (X-AspNet-Version)
  {
    id: "passive-version-banner",
    applies: () => true,
    judge: (o) => {
      for (const name of BANNER_HEADERS) {
        const v = header(o, name);
        if (v && VERSION.test(v))
          return { finding: `${name} names a version: ${v.slice(0, 80)}`, header: { name, value: v } };
      }
      return null;
    },
    notApplicable: () => "no answer was received",
  },
];
