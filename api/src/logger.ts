// One pino logger for the API. Anything that looks like a key, secret or seed is replaced before it is
// written, at any depth, so a careless `logger.info({ config })` cannot leak a wallet.
import pino, { type Logger } from "pino";
import type { LogLevel } from "./config";

export type { Logger };

const SECRET_KEY = /secret|seed|private|passw|mnemonic|token$|authorization|cookie|api.?key|^key$|credential/i;
export const REDACTED = "[Redacted]";

/** Copies plain objects and arrays with secret-looking keys replaced; leaves Errors to pino's serializer. */
export function scrubSecrets(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (value === null || typeof value !== "object" || value instanceof Error || depth > 8) return value;
  if (seen.has(value)) return "[Circular]";
  seen.add(value);
  if (Array.isArray(value)) return value.map((v) => scrubSecrets(v, depth + 1, seen));
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = SECRET_KEY.test(k) ? REDACTED : scrubSecrets(v, depth + 1, seen);
  }
  return out;
}

const MAX_MESSAGE = 500;
const MAX_CAUSE_MESSAGE = 200;
const MAX_CAUSES = 4;
const MAX_FRAMES = 12;

const SECRET_PAIR =
  /\b((?:[a-z_]*?)(?:secret|seed|private.?key|passw\w*|mnemonic|token|authorization|cookie|api.?key))(["']?\s*[:=]\s*)("[^"]*"|'[^']*'|[^\s,;}\]]+)/gi;

/**
 * An error message as it may be logged: what was sent is never in it. Error messages of viem, drizzle and
 * the ledger SDKs repeat the request (viem's "Request body: {…eth_sendRawTransaction…[signed tx]}",
 * drizzle's "params: …" with a record's signed transaction), URLs that may carry API keys in their path, and
 * sometimes a key or seed. So: request bodies and query parameters are dropped, URLs cut to scheme://host,
 * long hex (signed transactions, calldata, 32-byte keys, and so also hashes) and base64 (XDR envelopes) are
 * replaced by their length, Stellar and XRPL secrets and `secret: …`-style pairs are redacted, and the
 * result is cut to `max` characters.
 */
export function scrubText(text: string, max = MAX_MESSAGE): string {
  const scrubbed = text
    .replace(/^(\s*)(request body|request arguments|params|body|data)\s*:.*$/gim, "$1$2: [not logged]")
    .replace(/\b([a-z][a-z0-9+.-]*):\/\/(?:[^\s/@"'<>]*@)?([^\s/"'?#<>]+)[^\s"'<>]*/gi, "$1://$2")
    .replace(/\b0x[0-9a-f]{64,}/gi, (m) => `[hex, ${(m.length - 2) / 2} bytes]`)
    .replace(/\b[0-9a-f]{64,}\b/gi, (m) => `[hex, ${m.length / 2} bytes]`)
    .replace(/[A-Za-z0-9+/_-]{64,}={0,2}/g, (m) => `[base64, ${m.length} chars]`)
    .replace(/\bS[A-Z2-7]{55}\b/g, REDACTED)
    .replace(/\bs[1-9A-HJ-NP-Za-km-z]{25,34}\b/g, REDACTED)
    .replace(SECRET_PAIR, `$1$2${REDACTED}`);
  return scrubbed.length > max ? `${scrubbed.slice(0, max)}… (${scrubbed.length} chars)` : scrubbed;
}

const typeOf = (e: object): string => {
  const ctor = (e as { constructor?: { name?: unknown } }).constructor?.name;
  if (e instanceof Error) return typeof ctor === "string" && ctor !== "Object" ? ctor : e.name;
  const t = (e as { type?: unknown; name?: unknown }).type ?? (e as { name?: unknown }).name;
  return typeof t === "string" ? t : "Error";
};

/**
 * The one way an error is logged (`err` of any log line, the request log's included): its type, its scrubbed and
 * shortened message, its stack frames (not the message again), a few scalar fields (code, status, ledger)
 * and the types and scrubbed short messages of its causes. Never the error's other fields (viem's `body`
 * and `metaMessages`, an SDK's `response`) nor the causes' full messages: those carry request bodies.
 */
export function serializeError(value: unknown): unknown {
  if (value === null || typeof value !== "object") return typeof value === "string" ? scrubText(value) : value;
  // A serializer may be handed pino's own serialization of the error; the original is its `raw`.
  const raw = (value as { raw?: unknown }).raw;
  const err = (raw instanceof Error ? raw : value) as { message?: unknown; stack?: unknown; cause?: unknown } & Record<
    string,
    unknown
  >;
  const type = typeOf(err);
  const message = scrubText(typeof err.message === "string" ? err.message : String(err.message ?? ""));
  const frames =
    typeof err.stack === "string"
      ? err.stack
          .split("\n")
          .filter((l) => /^\s+at /.test(l))
          .slice(0, MAX_FRAMES)
      : [];
  const out: Record<string, unknown> = {
    type,
    message,
    stack: [`${type}: ${message.split("\n")[0]}`, ...frames].join("\n"),
  };
  for (const key of ["code", "status", "statusCode", "ledger"]) {
    const v = err[key];
    if (typeof v === "number" || typeof v === "boolean") out[key] = v;
    else if (typeof v === "string") out[key] = scrubText(v, 64);
  }
  const causes: { type: string; message: string }[] = [];
  const seen = new Set<unknown>([err]);
  for (
    let c = err.cause;
    c && typeof c === "object" && !seen.has(c) && causes.length < MAX_CAUSES;
    c = (c as { cause?: unknown }).cause
  ) {
    seen.add(c);
    const m = (c as { shortMessage?: unknown; message?: unknown }).shortMessage ?? (c as { message?: unknown }).message;
    causes.push({ type: typeOf(c), message: scrubText(String(m ?? "").split("\n")[0]!, MAX_CAUSE_MESSAGE) });
  }
  if (causes.length > 0) out.causes = causes;
  return out;
}

export function createLogger(options: { level?: LogLevel; destination?: pino.DestinationStream } = {}): Logger {
  return pino(
    {
      level: options.level ?? "info",
      // Serialized req/res objects bypass formatters.log, so their sensitive headers are named here.
      redact: {
        paths: [
          "req.headers.authorization",
          "req.headers.cookie",
          'req.headers["x-api-key"]',
          'res.headers["set-cookie"]',
        ],
        censor: REDACTED,
      },
      formatters: { log: (obj) => scrubSecrets(obj) as Record<string, unknown> },
      serializers: { err: serializeError, error: serializeError },
    },
    options.destination,
  );
}

/**
 * The process-wide logger. It starts at "info" (or LOG_LEVEL when that is a valid level) so start-up
 * failures are visible; createDeps then sets the configured level on it.
 */
const LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];
const stdout = pino.destination({ dest: 1, sync: false, minLength: 4096 });

/** Writes out what the buffered destination still holds; call before process.exit. */
export function flushLogs(): void {
  try {
    stdout.flushSync();
  } catch {
    // nothing buffered, or stdout already closed
  }
}

export const logger: Logger = createLogger({
  level: LEVELS.includes(process.env.LOG_LEVEL ?? "") ? (process.env.LOG_LEVEL as LogLevel) : "info",
  // Buffered, written off the request's path: a line per request must not cost the request a syscall.
  // main.ts flushes it before the process exits.
  destination: stdout,
});
