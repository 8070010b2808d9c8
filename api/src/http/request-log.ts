// One log line per request, and a request id on every request and response. Does what pino-http did for us
// without its two child loggers per request (a fifth of the CPU a polled read cost): `req.log` is made only
// when something logs through it, and a successful read is a debug line, so it costs nothing at info.
import { randomUUID } from "node:crypto";
import { IncomingMessage } from "node:http";
import type { RequestHandler } from "express";
import type { Logger } from "pino";

declare module "http" {
  interface IncomingMessage {
    /** This request's id (the caller's x-request-id when it is safe, else a new UUID). */
    id: string;
    /** A logger that stamps every line with the request id (undefined outside the requestLog middleware). */
    readonly log: Logger | undefined;
  }
}

/** A caller's x-request-id is kept only if it cannot be used to forge log lines. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

const BASE_LOGGER = Symbol("base logger");
const CHILD_LOGGER = Symbol("request logger");
type LoggedRequest = IncomingMessage & { [BASE_LOGGER]?: Logger; [CHILD_LOGGER]?: Logger };

// `req.log` is a getter on the prototype, defined once: a property defined on each request cost an allocation
// and a shape change per request, for a logger most requests never use.
Object.defineProperty(IncomingMessage.prototype, "log", {
  configurable: true,
  enumerable: false,
  get(this: LoggedRequest): Logger | undefined {
    const base = this[BASE_LOGGER];
    return base ? (this[CHILD_LOGGER] ??= base.child({ req: { id: this.id } })) : undefined;
  },
});

export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const given = req.headers["x-request-id"];
    const id = typeof given === "string" && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
    req.id = id;
    res.setHeader("x-request-id", id);
    (req as LoggedRequest)[BASE_LOGGER] = logger;
    const started = performance.now();
    res.once("close", () => {
      const status = res.statusCode;
      // A stream of server-sent events ends when its tab leaves: that is its normal end, not an abort.
      const aborted = !res.writableFinished && !/^text\/event-stream/.test(String(res.getHeader("content-type") ?? ""));
      // Every open page polls status and history: a successful read is a debug line; writes and failures are
      // info/warn/error, so the log records what changed and what went wrong, not the polling.
      const level =
        status >= 500
          ? "error"
          : status >= 400 || aborted
            ? "warn"
            : req.method === "GET" || req.method === "HEAD"
              ? "debug"
              : "info";
      if (!logger.isLevelEnabled(level)) return;
      // One short line: headers and bodies would add noise and can carry credentials or signed transactions.
      logger[level](
        {
          req: { id, method: req.method, url: withoutStellarSecrets(req.originalUrl.split("?")[0]!) },
          res: { statusCode: status },
          responseTimeMs: Math.round(performance.now() - started),
        },
        aborted ? "request aborted by the client" : status >= 500 ? "request errored" : "request completed",
      );
    });
    next();
  };
}

/** A Stellar secret typed into a URL path (refused with a 400) is not written to the log either. */
function withoutStellarSecrets(url: string): string {
  return url.replace(/S[A-Z2-7]{55}/g, "[Redacted]");
}
