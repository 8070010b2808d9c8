// Rebuilds the web app only when its inputs changed: a content hash of every input file is stored
// beside the build. Content, not mtimes, because a fresh clone gives every file a new mtime.
import path from "node:path";
import { createHash } from "node:crypto";
import { readFile, readdir, writeFile } from "node:fs/promises";
import { spawn } from "node:child_process";

const ROOT = path.resolve(__dirname, "../..");
const DIST = path.join(ROOT, "dapp/dist");
const STAMP = path.join(DIST, ".inputs-sha256");
const INPUTS = ["dapp", "contracts/generated", "api/src/features", "package-lock.json"];
const SKIP = new Set(["dist", "node_modules"]);

async function listFiles(rel: string): Promise<string[]> {
  const abs = path.join(ROOT, rel);
  const entries = await readdir(abs, { withFileTypes: true }).catch(() => null);
  if (!entries) return [rel];
  const nested = await Promise.all(
    entries
      .filter((e) => !SKIP.has(e.name) && !(e.isFile() && /\.test\.tsx?$/.test(e.name)))
      .map((e) => (e.isDirectory() ? listFiles(path.join(rel, e.name)) : [path.join(rel, e.name)])),
  );
  return nested.flat();
}

export async function dappInputsHash(): Promise<string> {
  const files = (await Promise.all(INPUTS.map(listFiles))).flat().sort();
  const hash = createHash("sha256");
  for (const file of files) {
    hash.update(file);
    hash.update(await readFile(path.join(ROOT, file)).catch(() => Buffer.alloc(0)));
  }
  return hash.digest("hex");
}

export async function dappBuildIsCurrent(): Promise<boolean> {
  const stamp = await readFile(STAMP, "utf8").catch(() => null);
  return stamp !== null && stamp.trim() === (await dappInputsHash());
}

/** Builds dapp/dist and stamps it current; `outDir` builds elsewhere instead (a test's own folder), unstamped. */
export async function buildDapp(outDir?: string): Promise<void> {
  const hash = await dappInputsHash();
  const args = [
    "build",
    "--config",
    "dapp/vite.config.mts",
    "--logLevel",
    "warn",
    ...(outDir ? ["--outDir", outDir, "--emptyOutDir"] : []),
  ];
  await new Promise<void>((resolve, reject) => {
    const child = spawn(path.join(ROOT, "node_modules/.bin/vite"), args, {
      cwd: ROOT,
      stdio: "inherit",
      // Always the production build: started from a test run, vite would inherit vitest's NODE_ENV=test and
      // build React's development bundle (3x the first-load JS), which the stamp would then call current.
      env: { ...process.env, NODE_ENV: "production" },
    });
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`vite build failed (${code})`))));
  });
  if (!outDir) await writeFile(STAMP, hash);
}
