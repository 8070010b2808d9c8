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
