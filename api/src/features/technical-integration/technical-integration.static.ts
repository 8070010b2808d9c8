// What the overview reads once per process, because it changes only with a new build or a restart: the installed
// versions (package-lock.json), the Solidity settings Hardhat compiled with, the API from the OpenAPI document, and
// the code's layout (which feature holds ledger operations, a service, typed fetch hooks, wallet transactions).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { RouteDef } from "../../http/route";
import { KEY_DEPENDENCIES } from "./technical-integration.constants";
import type { ApiFeature, DependencyVersion, TechnicalOverviewResponse } from "./technical-integration.schemas";

export const REPO_ROOT = path.resolve(__dirname, "../../../..");

const lockFile = z.object({
  lockfileVersion: z.number(),
  packages: z.record(
    z.string(),
    z.object({
      version: z.string().optional(),
      dependencies: z.record(z.string(), z.string()).optional(),
      devDependencies: z.record(z.string(), z.string()).optional(),
    }),
  ),
});

/** The installed version of each package that matters, and the range package.json declares for it. */
export function readDependencyVersions(root = REPO_ROOT): DependencyVersion[] {
  const lock = lockFile.parse(JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8")));
  const own = lock.packages[""] ?? {};
  return KEY_DEPENDENCIES.map(({ name, part }) => ({
    name,
    part,
    version: lock.packages[`node_modules/${name}`]?.version ?? null,
    declared: own.dependencies?.[name] ?? own.devDependencies?.[name] ?? null,
  }));
}

const solidityCache = z.object({
  files: z.record(
    z.string(),
    z.object({
      solcConfig: z.object({
        version: z.string(),
        settings: z
          .object({
            optimizer: z.object({ enabled: z.boolean(), runs: z.number().int() }).partial().optional(),
            evmVersion: z.string().optional(),
          })
          .optional(),
      }),
    }),
  ),
});

const SOLIDITY_SOURCE =
  "cache/solidity-files-cache.json (the settings of hardhat.config.ts that Hardhat compiled with)";

/** The compiler settings Hardhat last compiled the contracts with (the most used, when files differ). */
export function readSolidityCompiler(root = REPO_ROOT): TechnicalOverviewResponse["versions"]["solidity"] {
  const file = path.join(root, "cache", "solidity-files-cache.json");
  const none = (reason: string) => ({
    version: null,
    optimizer: null,
    evmVersion: null,
    files: 0,
    source: SOLIDITY_SOURCE,
    reason,
  });
  if (!existsSync(file)) return none("not compiled on this machine yet (npm start or npm run compile writes it)");
  const parsed = solidityCache.safeParse(JSON.parse(readFileSync(file, "utf8")));
  if (!parsed.success) return none("Hardhat's compile cache is not in the format this reads (hh-sol-cache-2)");
  const counts = new Map<string, { config: z.infer<typeof solidityCache>["files"][string]["solcConfig"]; n: number }>();
  for (const f of Object.values(parsed.data.files)) {
    const key = JSON.stringify(f.solcConfig);
    counts.set(key, { config: f.solcConfig, n: (counts.get(key)?.n ?? 0) + 1 });
  }
  const top = [...counts.values()].sort((a, b) => b.n - a.n)[0];
  if (!top) return none("Hardhat's compile cache lists no files");
  const o = top.config.settings?.optimizer;
  return {
    version: top.config.version,
    optimizer: o ? { enabled: o.enabled ?? false, runs: o.runs ?? 200 } : null,
    evmVersion: top.config.settings?.evmVersion ?? null,
    files: top.n,
    source: SOLIDITY_SOURCE,
    reason: counts.size > 1 ? `${counts.size} different settings in the cache; these are the most used` : null,
  };
}

interface OpenApiOperation {
  summary?: string;
  tags?: string[];
  "x-access"?: "visitor" | "wallet" | "operator";
  "x-write"?: boolean;
}

/** The API as its OpenAPI document describes it: the endpoints grouped by feature (the tag), in the table's order. */
export function endpointsFromDocument(document: { paths?: Record<string, unknown> }): ApiFeature[] {
  const byFeature = new Map<string, ApiFeature["endpoints"]>();
  for (const [p, item] of Object.entries(document.paths ?? {})) {
    for (const [method, op] of Object.entries(item as Record<string, OpenApiOperation>)) {
      if (method !== "get" && method !== "post") continue;
      const feature = op.tags?.[0] ?? "untagged";
      const list = byFeature.get(feature) ?? [];
      list.push({
        method,
        path: p,
        summary: op.summary ?? "",
        access: op["x-access"] ?? "visitor",
        write: op["x-write"] === true,
      });
      byFeature.set(feature, list);
    }
  }
  return [...byFeature].map(([feature, endpoints]) => ({ feature, endpoints }));
}

const isDir = (p: string) => existsSync(p) && statSync(p).isDirectory();
const dirsOf = (p: string) =>
  isDir(p)
    ? readdirSync(p)
        .filter((d) => isDir(path.join(p, d)))
        .sort()
    : [];

function filesUnder(dir: string): string[] {
  if (!isDir(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => path.join(dir, f));
}

export interface CodeLayout {
  /** API features with a `<feature>.ledger.ts`: their own operations on the ledgers. */
  ledgerOperations: string[];
  services: string[];
  /** Dapp features with typed fetch hooks (`api/`). */
  fetchHooks: string[];
  /** Dapp features whose code sends wallet transactions through the shared transaction flow. */
  walletFlows: string[];
  /** The shared transaction flow's own modules. */
  transactionFlow: string[];
}

/** Which feature holds what, from the folders' files (the architecture's file names). */
export function readCodeLayout(root = REPO_ROOT): CodeLayout {
  const apiFeatures = path.join(root, "api", "src", "features");
  const dappFeatures = path.join(root, "dapp", "src", "features");
  const withFile = (suffix: string) =>
    dirsOf(apiFeatures).filter((f) => existsSync(path.join(apiFeatures, f, `${f}.${suffix}.ts`)));
  const flowDir = path.join(root, "dapp", "src", "components", "transaction-flow");
  return {
    ledgerOperations: withFile("ledger"),
    services: withFile("service"),
    fetchHooks: dirsOf(dappFeatures).filter((f) => isDir(path.join(dappFeatures, f, "api"))),
    walletFlows: dirsOf(dappFeatures).filter((f) =>
      filesUnder(path.join(dappFeatures, f)).some((file) =>
        readFileSync(file, "utf8").includes("components/transaction-flow"),
      ),
    ),
    transactionFlow: isDir(flowDir)
      ? readdirSync(flowDir)
          .filter((f) => /\.tsx?$/.test(f) && !/\.test\./.test(f) && f !== "index.ts")
          .map((f) => f.replace(/\.tsx?$/, ""))
      : [],
  };
}

/** Routes whose request body names a transaction hash: the API reads that transaction's receipt back from the chain. */
export function receiptReadBackRoutes(
  routes: readonly RouteDef[],
): { feature: string; method: string; path: string }[] {
  return routes
    .filter((r) => {
      const shape = (r.body as { shape?: Record<string, unknown> } | undefined)?.shape;
      return shape !== undefined && ("transactionHash" in shape || "txHash" in shape);
    })
    .map((r) => ({ feature: r.feature, method: r.method.toUpperCase(), path: r.path }));
}
