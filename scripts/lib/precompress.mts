// Writes a .br (brotli, quality 11) and a .gz (gzip -9) beside every compressible file of the built web
// app, once, at build time: the server then sends those bytes as they are (express-static-gzip in
// api/src/web/serve-dapp.ts) instead of compressing on every request or not at all.
// Used by the vite build (dapp/vite.config.mts) and by the server's tests to make their fixtures.
import path from "node:path";
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text-like types that compress; images and fonts are compressed already. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|wasm|txt)$/;
/** Below this a compressed copy saves less than a packet's worth; html is exempt (see below). */
export const MIN_BYTES = 1024;
/** A copy is kept only if it is at most this fraction of the original. */
export const MAX_RATIO = 0.9;

export interface PrecompressedFile {
  /** Path relative to the folder, with forward slashes. */
  file: string;
  bytes: number;
  /** Sizes of the copies written; absent when that encoding did not help. */
  br?: number;
  gz?: number;
}

async function listFiles(dir: string, rel = ""): Promise<string[]> {
  const entries = await readdir(path.join(dir, rel), { withFileTypes: true });
  const nested = await Promise.all(
    entries
      // Dot entries (vite's .vite/manifest.json, the build stamp) are never served.
      .filter((e) => !e.name.startsWith("."))
      .map((e) => (e.isDirectory() ? listFiles(dir, path.posix.join(rel, e.name)) : [path.posix.join(rel, e.name)])),
  );
  return nested.flat();
}

/** Whether a file gets compressed copies: a compressible type, and big enough (index.html at any size). */
export const shouldCompress = (file: string, bytes: number) =>
  COMPRESSIBLE.test(file) && (bytes >= MIN_BYTES || file.endsWith(".html"));

/**
 * Compresses every eligible file under `dir` (recursively) and writes `<file>.br` and `<file>.gz` beside
 * it. A copy that does not save at least 10% is not written (and a stale one is removed). Runs the
 * compressions on libuv's thread pool, so a build's files compress in parallel.
 */
export async function precompressDir(dir: string): Promise<PrecompressedFile[]> {
  const files = (await listFiles(dir)).filter((f) => COMPRESSIBLE.test(f));
  const done = await Promise.all(
    files.map(async (file): Promise<PrecompressedFile | null> => {
      const abs = path.join(dir, file);
      const raw = await readFile(abs);
      if (!shouldCompress(file, raw.length)) return null;
      const [br, gzipped] = await Promise.all([
        brotli(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: file.endsWith(".wasm")
              ? constants.BROTLI_MODE_GENERIC
              : constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        }),
        gz(raw, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      const result: PrecompressedFile = { file, bytes: raw.length };
      for (const [ext, bytes] of [
        ["br", br],
        ["gz", gzipped],
      ] as const) {
        if (bytes.length <= raw.length * MAX_RATIO) {
          await writeFile(`${abs}.${ext}`, bytes);
          result[ext] = bytes.length;
        } else {
          await rm(`${abs}.${ext}`, { force: true });
        }
      }
      return result;
    }),
  );
  return done.filter((f): f is PrecompressedFile => f !== null);
}
