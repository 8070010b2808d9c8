// The chain side of disaster recovery: the local chain's contracts can be brought back at the very
// addresses the committed map (contracts/generated/31337.ts) names, because a fresh Hardhat chain and the
// same deploy always yield them. Proven by doing it: the whole suite deployed by scripts/deploy.ts on a
// FRESH in-process Hardhat chain in a child process (Hardhat's runtime is one per process), its map written
// to a temporary folder (DEPLOY_MAP_DIR, never the committed one), then compared address by address.
// Only on 31337: elsewhere (Sepolia) the addresses depend on the deployer's nonce and cannot be replayed.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { deployments } from "../../../../contracts/generated/deployments";
import { runBounded } from "../../shared/run-bounded";

export const LOCAL_CHAIN_ID = 31337;
/** The redeploy's bound: ~30 s measured on a busy 2-core machine. */
export const REDEPLOY_TIMEOUT_MS = 90_000;
const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));

export interface ChainCheck {
  ran: boolean;
  detail: string;
  contracts: { name: string; mapAddress: string; redeployedAddress: string | null; match: boolean }[];
  /** How long the redeploy took (0 when it did not run). */
  durationMs: number;
}

/** Never throws: a failure is `ran: true` with every contract unmatched and the reason in `detail`. */
export async function checkRedeploy(opts: { chainId: number; timeoutMs?: number }): Promise<ChainCheck> {
  if (opts.chainId !== LOCAL_CHAIN_ID) {
    return {
      ran: false,
      detail: `not run on chain ${opts.chainId}: only the local chain (${LOCAL_CHAIN_ID}) redeploys to the same addresses (elsewhere they follow the deployer's nonce)`,
      contracts: [],
      durationMs: 0,
    };
  }
  const committed = committedAddresses();
  const timeoutMs = opts.timeoutMs ?? REDEPLOY_TIMEOUT_MS;
  const dir = await mkdtemp(path.join(tmpdir(), "xqb-dr-redeploy-"));
  const started = performance.now();
  try {
    const outcome = await deployInChild(dir, timeoutMs);
    const durationMs = Math.round(performance.now() - started);
    const took = `${(durationMs / 1000).toFixed(1)} s`;
    const redeployed = outcome.ok
      ? parseMapAddresses(await readFile(path.join(dir, `${LOCAL_CHAIN_ID}.ts`), "utf8").catch(() => ""))
      : {};
    const contracts = compareAddresses(committed, redeployed);
    const matched = contracts.filter((c) => c.match).length;
    const detail = !outcome.ok
      ? `the redeploy on a fresh Hardhat chain failed after ${took}: ${outcome.reason}`
      : matched === contracts.length
        ? `all ${contracts.length} contracts redeployed on a fresh in-process Hardhat chain at the committed map's addresses in ${took}`
        : `${contracts.length - matched} of ${contracts.length} contracts not at the committed map's address after a redeploy on a fresh Hardhat chain (${took}): ${contracts
            .filter((c) => !c.match)
            .map((c) => c.name)
            .join(", ")}`;
    return { ran: true, detail, contracts, durationMs };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The committed local map, as the API loaded it: name → address. */
function committedAddresses(): Record<string, string> {
  const map = (deployments as Record<number, Record<string, { address: string }>>)[LOCAL_CHAIN_ID] ?? {};
  return Object.fromEntries(Object.entries(map).map(([name, d]) => [name, d.address]));
}

/** `  Name: { address: "0x…", …` lines of a map scripts/lib/write-deploy-map.ts wrote. */
export function parseMapAddresses(text: string): Record<string, string> {
  return Object.fromEntries(
    [...text.matchAll(/^\s+(\w+): \{ address: "(0x[0-9a-fA-F]{40})"/gm)].map((m) => [m[1]!, m[2]!]),
  );
}

/** Every contract of either map; a contract missing on one side does not match. */
export function compareAddresses(
  map: Record<string, string>,
  redeployed: Record<string, string>,
): ChainCheck["contracts"] {
  const names = [...Object.keys(map), ...Object.keys(redeployed).filter((n) => !(n in map))];
  return names.map((name) => {
    const mapAddress = map[name] ?? "";
    const redeployedAddress = redeployed[name] ?? null;
    return {
      name,
      mapAddress,
      redeployedAddress,
      match: Boolean(mapAddress && redeployedAddress && mapAddress.toLowerCase() === redeployedAddress.toLowerCase()),
    };
  });
}

/** scripts/deploy.ts on Hardhat's in-process network, its map to `dir`; the whole process group is killed at the bound. */
async function deployInChild(dir: string, timeoutMs: number): Promise<{ ok: true } | { ok: false; reason: string }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HARDHAT_NETWORK: "hardhat",
    DEPLOY_MAP_DIR: dir,
    // Set (empty) so a .env file cannot steer the child: the in-process chain stays 31337, no Sepolia network.
    HARDHAT_CHAIN_ID: "",
    SEPOLIA_RPC_URL: "",
    EVM_PRIVATE_KEY: "",
  };
  delete env.HARDHAT_NODE_INTERNAL;
  const out = await runBounded(path.join(ROOT, "node_modules/.bin/tsx"), ["scripts/deploy.ts"], {
    cwd: ROOT,
    env,
    timeoutMs,
  });
  if (out.timedOut) return { ok: false, reason: `stopped at the ${Math.round(timeoutMs / 1000)} s bound` };
  if (out.error) return { ok: false, reason: out.error };
  if (out.code === 0) return { ok: true };
  const last = `${out.stdout}\n${out.stderr}`.trim().split("\n").slice(-3).join(" | ");
  return {
    ok: false,
    reason: `scripts/deploy.ts exited with ${out.code === null ? "a signal" : `code ${out.code}`}${last ? `: ${last}` : ""}`,
  };
}
