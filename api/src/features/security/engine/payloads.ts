// The hostile values, per class, each in the three forms it travels in: raw JSON text for a body field (so
// 1e309 reaches the server as written, not as Infinity), and already-encoded text for a query or path value.
// Plus what in an answer is a finding: database error text, file content, a stack trace.

export interface Payload {
  label: string;
  /** The value as raw JSON text, placed at the field. */
  json: string;
  /** The query string pair for parameter `name`, already encoded. */
  query(name: string): string;
  /** The path segment, already encoded. */
  path: string;
}

const q = (name: string) => encodeURIComponent(name);
const str = (label: string, value: string): Payload => ({
  label,
  json: JSON.stringify(value),
  query: (name) => `${q(name)}=${encodeURIComponent(value)}`,
  path: encodeURIComponent(value),
});

export const SQL_PAYLOADS: Payload[] = [
  str("' OR 1=1--", "' OR 1=1--"),
  str("1;DROP TABLE users--", "1;DROP TABLE users--"),
];

export const NOSQL_PAYLOADS: Payload[] = [
  {
    label: '{"$gt":""}',
    json: '{"$gt":""}',
    query: (name) => `${q(name)}%5B%24gt%5D=`,
    path: encodeURIComponent('{"$gt":""}'),
  },
  {
    label: '{"$ne":null}',
    json: '{"$ne":null}',
    query: (name) => `${q(name)}%5B%24ne%5D=x`,
    path: encodeURIComponent('{"$ne":null}'),
  },
];

export const TRAVERSAL_PAYLOADS: Payload[] = [
  str("../../../../etc/passwd", "../../../../etc/passwd"),
  // The app receives percent-encoded text, which a naive handler decodes once more.
  str("..%2F..%2F..%2F..%2Fetc%2Fpasswd (encoded)", "..%2F..%2F..%2F..%2Fetc%2Fpasswd"),
  str("..\\..\\..\\windows\\win.ini", "..\\..\\..\\windows\\win.ini"),
];

const LONG_BODY_STRING = "A".repeat(20_000);
const LONG_QUERY_STRING = "A".repeat(4_000);
const num = (label: string, text: string): Payload => ({
  label,
  json: text,
  query: (name) => `${q(name)}=${encodeURIComponent(text)}`,
  path: encodeURIComponent(text),
});
export const OVERSIZED_PAYLOADS: Payload[] = [
  num("1e309 (beyond a double)", "1e309"),
  num("9007199254740993 (beyond 2^53)", "9007199254740993"),
  {
    label: "a 20,000-character string (4,000 in a query or path)",
    json: JSON.stringify(LONG_BODY_STRING),
    query: (name) => `${q(name)}=${LONG_QUERY_STRING}`,
    path: LONG_QUERY_STRING,
  },
];

export const XSS_PAYLOADS = ["<script>alert(1)</script>", '"><img src=x onerror=alert(1)>'];
export const XSS_PAYLOAD_OBJECTS: Payload[] = XSS_PAYLOADS.map((p) => str(p, p));

/** Whole-body and query-key prototype pollution. */
export const PROTO_BODIES = [
  { label: '{"__proto__":{"polluted":1}}', json: '{"__proto__":{"polluted":1}}' },
  { label: '{"constructor":{"prototype":{"polluted":1}}}', json: '{"constructor":{"prototype":{"polluted":1}}}' },
];
export const PROTO_QUERIES = [
  { label: "__proto__[polluted]=1", query: "__proto__%5Bpolluted%5D=1" },
  { label: "constructor[prototype][polluted]=1", query: "constructor%5Bprototype%5D%5Bpolluted%5D=1" },
];
/** An answer showing the polluted property as a value (not a field name in an error's issue path). */
export const POLLUTED_IN_ANSWER = /"polluted"\s*:\s*1\b/;

/** Database and runtime error text that must never reach a client. */
const DB_ERRORS: RegExp[] = [
  /syntax error at or near "?[^"\n]{0,40}"?/i,
  /unterminated quoted string/i,
  /relation "[^"]+" does not exist/i,
  /column "[^"]+" does not exist/i,
  /invalid input syntax for (?:type )?[a-z ]+/i,
  /PG::\w+Error|PostgresError|error: duplicate key value violates/i,
  /SQLITE_ERROR|SQLite3::|near "[^"]*": syntax error/i,
  /You have an error in your SQL syntax|MySQLSyntaxErrorException|mysql_fetch_\w+/i,
  /\bORA-\d{5}\b/,
  /MongoServerError|MongoError|CastError: Cast to \w+ failed/i,
  /\n?\s+at [\w.<>$ [\]]+ \((?:\/|[A-Za-z]:\\|node:|file:)[^)]*:\d+:\d+\)/,
];

/** The first database/stack text in a body, or null. */
export function dbErrorText(body: string): string | null {
  for (const re of DB_ERRORS) {
    const m = re.exec(body);
    if (m) return m[0].trim().slice(0, 120);
  }
  return null;
}

/** File content a traversal would expose. */
export const FILE_CONTENT = /root:[^:\n]*:0:0:|\[(?:boot loader|fonts|extensions)\]/i;

/** application/json or application/<x>+json. */
export const isJsonType = (contentType: string | undefined) =>
  /^application\/(?:[\w.-]+\+)?json\b/i.test(contentType ?? "");
