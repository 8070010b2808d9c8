// First-load JS per route, from the production build: what the browser must fetch before the route's page
// can render. That is the entry module and its modulepreloads (index.html), the route's own lazy chunk
// (src/app/routes/<module>.tsx, by the page table's convention: dapp/src/config/paths.ts) and every chunk it
// imports statically.
// Each file counted once, gzip -9. What a page loads after its first paint (its other tabs, its wallet
// parts with wagmi and viem, charts; components/lazy-part.tsx) and the app-bar wallet control are not
// first load; they are reported beside it as "after first paint", so nothing is hidden.
import path from "node:path";
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import {
  builtPaths,
  DEFAULT_FIRST_LOAD_BUDGET_KB,
  firstLoadBudgetOf,
  routeModuleOf,
} from "../../dapp/src/config/paths";

/** The app bar's wallet control: a lazy chunk every page loads once idle (src/components/layouts/app-shell.tsx). */
const WALLET_CONTROL_MODULE = "src/components/wallet/wallet-control.tsx";

/** The budget of a route whose entry in the page table names none. */
export const FIRST_LOAD_BUDGET_KB = DEFAULT_FIRST_LOAD_BUDGET_KB;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteFirstLoad {
  route: string;
  module: string;
  gzipKB: number;
  /** Every chunk the route can load later (its lazy parts, the wallet control), not counted above. */
  afterFirstPaintKB: number;
  rawKB: number;
  budgetKB: number;
  withinBudget: boolean;
  files: { file: string; gzipKB: number }[];
}

const round1 = (n: number) => Number(n.toFixed(1));

/** Every file reachable from `key` through dynamic imports (and their static imports), transitively. */
function lazyClosure(manifest: Manifest, key: string, into: Set<string>, seen = new Set<string>()): void {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) return;
  for (const dep of chunk.dynamicImports ?? []) {
    staticClosure(manifest, dep, into);
    lazyClosure(manifest, dep, into, seen);
  }
  for (const dep of chunk.imports ?? []) lazyClosure(manifest, dep, into, seen);
}

/** The chunk's own file and every file it imports statically, transitively. */
function staticClosure(manifest: Manifest, key: string, into: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`the build manifest has no ${key}`);
  if (into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const dep of chunk.imports ?? []) staticClosure(manifest, dep, into);
}

export function firstLoadPerRoute(dist: string): {
  budgetKB: number;
  entry: { gzipKB: number; files: string[] };
  routes: RouteFirstLoad[];
} {
  const manifest = JSON.parse(readFileSync(path.join(dist, ".vite/manifest.json"), "utf8")) as Manifest;
  const html = readFileSync(path.join(dist, "index.html"), "utf8");
  // The entry module and every modulepreload index.html names.
  const entryFiles = [
    ...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/?([^"]+\.js)"/g),
  ].map((m) => m[1]!);
  const sizes = new Map<string, { raw: number; gzip: number }>();
  const size = (file: string) => {
    let s = sizes.get(file);
    if (!s) {
      const bytes = readFileSync(path.join(dist, file));
      s = { raw: bytes.length / 1024, gzip: gzipSync(bytes, { level: 9 }).length / 1024 };
      sizes.set(file, s);
    }
    return s;
  };

  const routes = builtPaths.map((page): RouteFirstLoad => {
    const files = new Set(entryFiles);
    const module = routeModuleOf(page);
    const budgetKB = firstLoadBudgetOf(page);
    const routeKey = `src/app/routes/${module}.tsx`;
    staticClosure(manifest, routeKey, files);
    const later = new Set<string>();
    lazyClosure(manifest, routeKey, later);
    staticClosure(manifest, WALLET_CONTROL_MODULE, later);
    for (const f of files) later.delete(f);
    const list = [...files]
      .map((file) => ({ file, gzipKB: round1(size(file).gzip) }))
      .sort((a, b) => b.gzipKB - a.gzipKB);
    const gzipKB = round1([...files].reduce((s, f) => s + size(f).gzip, 0));
    return {
      route: page.path,
      module,
      gzipKB,
      afterFirstPaintKB: round1([...later].reduce((s, f) => s + size(f).gzip, 0)),
      rawKB: round1([...files].reduce((s, f) => s + size(f).raw, 0)),
      budgetKB,
      withinBudget: gzipKB <= budgetKB,
      files: list,
    };
  });
  return {
    budgetKB: FIRST_LOAD_BUDGET_KB,
    entry: { gzipKB: round1(entryFiles.reduce((s, f) => s + size(f).gzip, 0)), files: entryFiles },
    routes,
  };
}

/** One line per route for the terminal. */
export function describeFirstLoad(r: ReturnType<typeof firstLoadPerRoute>): string {
  return [
    `first-load JS (gzip -9), budget ${r.budgetKB} KB per route unless its page entry says otherwise; entry + modulepreloads ${r.entry.gzipKB} KB`,
    ...r.routes.map(
      (x) =>
        `  ${x.withinBudget ? "ok  " : "OVER"} ${x.route.padEnd(28)} ${x.gzipKB.toFixed(1).padStart(6)} KB of ${x.budgetKB} (${x.files.length} files); after first paint ${x.afterFirstPaintKB.toFixed(1)} KB more`,
    ),
  ].join("\n");
}
