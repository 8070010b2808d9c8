// Where a stack component's output goes: a size-rotated log file (rotating-file-stream: at most LOG_LIMITS.size
// per file, the last LOG_LIMITS.keep rotated files kept gzip-compressed as <name>.1.gz … <name>.3.gz, older
// ones deleted), plus what the stack needs to judge the component: when it last wrote, its last line and the
// tail of its output for an error message. One sink per component for the whole run: a restarted process
// writes on into the same sink.
import path from "node:path";
import { mkdirSync } from "node:fs";
import type { ChildProcess } from "node:child_process";
import { createStream, type RotatingFileStream } from "rotating-file-stream";

/** The limits `npm start` uses (stated in the README): 10 MB per file, 3 rotated files, gzip. */
export const LOG_LIMITS = { size: "10M", keep: 3, compress: "gzip" } as const;

export interface LogSinkOptions {
  /** rotating-file-stream size: "10M", "300K", "500B". */
  size?: string;
  /** Rotated files kept (name.1.gz is the newest). */
  keep?: number;
  /** Compress rotated files with gzip. */
  compress?: boolean;
  /** Lines of output kept in memory for error messages. */
  tailLines?: number;
}

export class ComponentLog {
  readonly file: string;
  /** Bytes received since the sink opened. */
  bytes = 0;
  /** Date.now() of the last output, 0 before any. */
  lastOutputAt = 0;
  private readonly stream: RotatingFileStream;
  private readonly tailLines: number;
  private readonly lines: string[] = [];
  private partial = "";
  private closed = false;
  private streamError: Error | null = null;

  constructor(file: string, options: LogSinkOptions = {}) {
    this.file = file;
    this.tailLines = options.tailLines ?? 40;
    mkdirSync(path.dirname(file), { recursive: true });
    this.stream = createStream(path.basename(file), {
      path: path.dirname(file),
      size: options.size ?? LOG_LIMITS.size,
      rotate: options.keep ?? LOG_LIMITS.keep,
      ...((options.compress ?? true) ? { compress: "gzip" as const } : {}),
    });
    // A log that cannot be written (disk full) must not take the stack down; the tail stays in memory.
    this.stream.on("error", (err) => (this.streamError = err));
    this.stream.on("warning", () => {});
  }

  /** The last non-empty output line (for progress lines), without ANSI colours; a JSON (pino) line gives its msg. */
  get lastLine(): string {
    const line = clean(this.partial) || this.lines[this.lines.length - 1] || "";
    if (line.startsWith("{")) {
      try {
        const msg = (JSON.parse(line) as { msg?: unknown }).msg;
        if (typeof msg === "string" && msg) return msg;
      } catch {
        // not JSON after all (or cut short): show it as it is
      }
    }
    return line;
  }

  write(chunk: Buffer | string): void {
    const buf = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    this.bytes += buf.length;
    this.lastOutputAt = Date.now();
    const text = this.partial + buf.toString("utf8");
    const parts = text.split("\n");
    this.partial = parts.pop() ?? "";
    if (this.partial.length > 4096) this.partial = this.partial.slice(-4096);
    for (const part of parts) {
      const line = clean(part);
      if (!line) continue;
      this.lines.push(line.length > 2000 ? `${line.slice(0, 2000)}…` : line);
      if (this.lines.length > this.tailLines) this.lines.shift();
    }
    if (!this.closed && !this.streamError) this.stream.write(buf);
  }

  /** Everything the child writes, on both streams, goes here; a restarted child attaches again. */
  attach(child: ChildProcess): void {
    child.stdout?.on("data", (d: Buffer) => this.write(d));
    child.stderr?.on("data", (d: Buffer) => this.write(d));
  }

  /** A line the stack itself adds (restarts, give-ups), marked so it is not mistaken for the process's own. */
  note(line: string): void {
    this.write(`[stack ${new Date().toISOString()}] ${line}\n`);
  }

  /** The last `n` lines of output, for an error message. */
  tail(n = 15): string {
    const lines = [...this.lines, ...(clean(this.partial) ? [clean(this.partial)] : [])];
    return lines.slice(-n).join("\n");
  }

  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.closed = true;
    if (this.streamError) return Promise.resolve();
    return new Promise((resolve) => {
      this.stream.once("error", () => resolve());
      this.stream.end(() => resolve());
    });
  }
}

// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;?]*[A-Za-z]/g;
const clean = (s: string) => s.replace(ANSI, "").replace(/\r/g, "").trim();
