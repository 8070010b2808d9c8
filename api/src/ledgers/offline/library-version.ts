import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const versions = new Map<string, string | null>();

/**
 * The installed version of an npm package, read from its package.json in the nearest node_modules (many
 * ESM-only packages do not export their package.json, so require.resolve cannot find it); null if absent.
 */
export function libraryVersion(pkg: string): string | null {
  if (versions.has(pkg)) return versions.get(pkg)!;
  let dir = dirname(fileURLToPath(import.meta.url));
  let found: string | null = null;
  for (;;) {
    const file = join(dir, "node_modules", pkg, "package.json");
    if (existsSync(file)) {
      found = (JSON.parse(readFileSync(file, "utf8")) as { version?: string }).version ?? null;
      break;
    }
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  versions.set(pkg, found);
  return found;
}
