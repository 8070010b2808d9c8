// The stack's log files stay bounded: more than the limit written through a sink leaves the live file plus
// at most `keep` gzip-compressed rotated files, each no bigger than the limit (plus one write).
import path from "node:path";
import os from "node:os";
import { gunzipSync } from "node:zlib";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { ComponentLog } from "./log-sink";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Lines that compress about as badly as real logs (hex of a counter-seeded LCG). */
function line(i: number): string {
  let x = (i * 2654435761) >>> 0;
  let s = "";
  for (let k = 0; k < 12; k++) {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    s += x.toString(16).padStart(8, "0");
  }
  return `${String(i).padStart(7, "0")} ${s}\n`;
}

describe("ComponentLog (rotating-file-stream)", () => {
  it("keeps the files on disk bounded when far more than the limit is written", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "log-sink-"));
    dirs.push(dir);
    const file = path.join(dir, "api.log");
    const limit = 64 * 1024;
    const log = new ComponentLog(file, { size: "64K", keep: 3, compress: true });
    let written = 0;
    let i = 0;
    const chunkMax = 4096;
    while (written < 2 * 1024 * 1024) {
      // writes of about 4 KB, like a pipe's chunks
      let chunk = "";
      while (chunk.length < chunkMax - 120) chunk += line(i++);
      log.write(chunk);
      written += chunk.length;
      if (i % 200 === 0) await new Promise((r) => setImmediate(r));
    }
    log.write(`last line ${i}\n`);
    await log.close();

    const files = readdirSync(dir).sort();
    // the live file and at most 3 rotated ones (rotating-file-stream may keep no other file here)
    expect(files.filter((f) => f.startsWith("api.log"))).toEqual([
      "api.log",
      "api.log.1.gz",
      "api.log.2.gz",
      "api.log.3.gz",
    ]);
    const total = files.reduce((s, f) => s + statSync(path.join(dir, f)).size, 0);
    expect(written).toBeGreaterThan(30 * limit);
    expect(total).toBeLessThanOrEqual(4 * (limit + chunkMax));
    expect(statSync(file).size).toBeLessThanOrEqual(limit + chunkMax);
    for (const gz of files.filter((f) => f.endsWith(".gz"))) {
      const text = gunzipSync(readFileSync(path.join(dir, gz))).toString();
      expect(text.length).toBeGreaterThan(limit - chunkMax);
      expect(text.length).toBeLessThanOrEqual(limit + chunkMax);
    }
    // newest output in the live file, the one before it in .1.gz
    expect(readFileSync(file, "utf8")).toContain(`last line ${i}`);
    const newestRotated = gunzipSync(readFileSync(path.join(dir, "api.log.1.gz"))).toString();
    const oldestRotated = gunzipSync(readFileSync(path.join(dir, "api.log.3.gz"))).toString();
    expect(Number(newestRotated.slice(0, 7))).toBeGreaterThan(Number(oldestRotated.slice(0, 7)));
    expect(log.tail(1)).toBe(`last line ${i}`);
  });

  it("tracks output for the stack: bytes, last output time, last line without colours, a tail", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "log-sink-"));
    dirs.push(dir);
    const log = new ComponentLog(path.join(dir, "x.log"));
    expect(log.lastOutputAt).toBe(0);
    log.write("\x1b[32mStarted\x1b[39m server\nCompiling ");
    expect(log.lastLine).toBe("Compiling");
    log.write("contracts…\n\n");
    expect(log.lastLine).toBe("Compiling contracts…");
    expect(log.tail()).toBe("Started server\nCompiling contracts…");
    log.write('{"level":30,"time":1,"msg":"running migrations"}\n');
    expect(log.lastLine).toBe("running migrations");
    expect(log.bytes).toBeGreaterThan(20);
    expect(log.lastOutputAt).toBeGreaterThan(0);
    return log.close();
  });
});
