// The overview: what is read once per process (versions, the OpenAPI document, the code's layout, the deploy map)
// and what is read now (code at every address, the deploy transactions once per chain run, admin holders, each
// ledger's status and client version), all in parallel within the read bound, one overview for everyone a moment.
import { getAddress, type Address } from "viem";
import { contractsOn } from "../../ledgers/evm/contracts";
import { withTimeout } from "../../ledgers/deadline";
import type { LedgerStatus } from "../../ledgers/types";
import type { RouteDef } from "../../http/route";
import { momentary } from "../../shared/moment-cache";
import { CACHE_MS, READ_TIMEOUT_MS, RULES, SERVER_ROAD, WALLET_ROAD } from "./technical-integration.constants";
import {
  readDeployTransactions,
  readEvm,
  readHorizonVersion,
  readRippledVersion,
  type DeployTransaction,
  type Settled,
  type VersionReading,
} from "./technical-integration.ledger";
import type {
  AdminHolder,
  DeployedContract,
  LedgerOverview,
  RoadLayer,
  TechnicalOverviewResponse,
} from "./technical-integration.schemas";
import {
  endpointsFromDocument,
  readCodeLayout,
  readDependencyVersions,
  readSolidityCompiler,
  receiptReadBackRoutes,
  type CodeLayout,
} from "./technical-integration.static";

/** The mainnet-readiness feature's exports.roleHolders, the fields read here only (structural: features never import each other). */
export type RoleHoldersReader = () => Promise<{
  holders: (AdminHolder & { contract: string })[];
  safe: string | null;
  incomplete: string | null;
}>;

export interface OverviewDeps {
  chainId: number;
  network: string;
  /** The EVM node's URL, the Horizon and rippled endpoints: each read on a short-lived client of its own. */
  rpcUrl: string;
  horizonUrl: string;
  xrplWsUrl: string;
  ledgerStatuses: () => { ethereum: LedgerStatus; stellar: LedgerStatus; xrpl: LedgerStatus };
  /** The route table (app.ts) and its OpenAPI document. */
  routes: () => readonly RouteDef[];
  openApiDocument: () => { paths?: Record<string, unknown>; openapi?: string };
  /** The built pages of the page table (dapp/src/config/paths.ts), by feature. */
  pages: readonly { path: string; title: string; feature: string | null }[];
  roleHolders?: RoleHoldersReader;
  timeoutMs?: number;
  cacheMs?: number;
  /** The repository root whose files are read (tests point it elsewhere). */
  root?: string;
}

interface StaticParts {
  versions: TechnicalOverviewResponse["versions"];
  api: TechnicalOverviewResponse["api"];
  layout: CodeLayout;
  receiptRoutes: ReturnType<typeof receiptReadBackRoutes>;
  routeCounts: Map<string, { routes: number; writes: number }>;
}

const firstLine = (err: unknown) => (err instanceof Error ? err.message.split("\n")[0]! : String(err));

function staticParts(deps: OverviewDeps): StaticParts {
  const document = deps.openApiDocument();
  const features = endpointsFromDocument(document);
  const all = features.flatMap((f) => f.endpoints);
  const routeCounts = new Map<string, { routes: number; writes: number }>();
  for (const f of features)
    routeCounts.set(f.feature, { routes: f.endpoints.length, writes: f.endpoints.filter((e) => e.write).length });
  return {
    versions: {
      dependencies: readDependencyVersions(deps.root),
      solidity: readSolidityCompiler(deps.root),
      node: process.version,
      source: "package-lock.json, read when the API started",
    },
    api: {
      source: `GET /api/openapi.json (OpenAPI ${document.openapi ?? "3.1.0"})`,
      total: all.length,
      byAccess: {
        visitor: all.filter((e) => e.access === "visitor").length,
        wallet: all.filter((e) => e.access === "wallet").length,
        operator: all.filter((e) => e.access === "operator").length,
      },
      features,
    },
    layout: readCodeLayout(deps.root),
    receiptRoutes: receiptReadBackRoutes(deps.routes()),
    routeCounts,
  };
}

function road(
  s: StaticParts,
  deps: OverviewDeps,
  contracts: readonly { name: string; external: boolean }[],
  statuses: ReturnType<OverviewDeps["ledgerStatuses"]>,
): TechnicalOverviewResponse["road"] {
  const label = (list: readonly { id: string; label: string }[], id: string) => list.find((l) => l.id === id)!.label;
  const server = (id: (typeof SERVER_ROAD)[number]["id"], items: string[], basis: string): RoadLayer => ({
    id,
    label: label(SERVER_ROAD, id),
    items,
    basis,
  });
  const wallet = (id: (typeof WALLET_ROAD)[number]["id"], items: string[], basis: string): RoadLayer => ({
    id,
    label: label(WALLET_ROAD, id),
    items,
    basis,
  });
  const ledgers = Object.values(statuses).map((st) => `${st.ledger} (${st.network}): ${st.mode}`);
  const own = contracts.filter((c) => !c.external).map((c) => c.name);
  const pages = deps.pages.filter((p) => p.feature !== null);
  const walletFeatures = new Set(s.layout.walletFlows);
  return {
    server: [
      server("contracts", own, `the contracts of chain ${deps.chainId}'s deploy map that we deployed`),
      server(
        "deploy-map",
        contracts.length ? [`chain ${deps.chainId}: ${contracts.length} addresses`] : [],
        `contracts/generated/deployments.ts (${deps.chainId}.ts, abis.ts), written by scripts/deploy.ts`,
      ),
      server("chain-clients", ledgers, "the ledger selectors' status() now (api/src/ledgers)"),
      server("ledger-operations", s.layout.ledgerOperations, "features with a <feature>.ledger.ts"),
      server("services", s.layout.services, "features with a <feature>.service.ts"),
      server(
        "routes",
        [...s.routeCounts].map(
          ([f, c]) => `${f}: ${c.routes} route${c.routes === 1 ? "" : "s"}${c.writes ? `, ${c.writes} writing` : ""}`,
        ),
        "the route table, through the OpenAPI document's tags and x-write",
      ),
      server(
        "fetch-hooks",
        s.layout.fetchHooks,
        "dapp features with typed fetch hooks (dapp/src/features/<feature>/api)",
      ),
      server(
        "pages",
        pages.map((p) => `${p.path} (${p.feature})`),
        "the built pages of the page table (dapp/src/config/paths.ts)",
      ),
    ],
    wallet: [
      wallet(
        "wallet-pages",
        pages.filter((p) => walletFeatures.has(p.feature!)).map((p) => `${p.path} (${p.feature})`),
        "built pages whose feature uses the shared transaction flow",
      ),
      wallet(
        "transaction-flow",
        s.layout.transactionFlow,
        "dapp/src/components/transaction-flow: the one flow that asks the wallet, waits for the receipt and for the index",
      ),
      wallet(
        "wallet",
        ["the visitor's own wallet (EIP-6963 or injected)"],
        "signs in the browser; the API never holds its key",
      ),
      wallet(
        "chain",
        [`ethereum (${statuses.ethereum.network}): ${statuses.ethereum.mode}`],
        "the EVM selector's status() now",
      ),
      wallet(
        "receipt-read-back",
        s.receiptRoutes.map((r) => `${r.method} ${r.path} (${r.feature})`),
        "routes whose body names a transaction hash (transactionHash or txHash): the API reads its receipt from the chain",
      ),
    ],
  };
}

function ledgerOverview(status: LedgerStatus, reading: VersionReading, readWith: string): LedgerOverview {
  return {
    ledger: status.ledger as LedgerOverview["ledger"],
    network: status.network,
    mode: status.mode,
    reason: status.reason,
    reachable: status.reachable,
    endpoint: status.endpoint,
    latestBlock: status.latestBlock,
    lastProbeAt: status.lastProbeAt,
    clientVersion: reading.version,
    readWith,
    latencyMs: reading.latencyMs,
  };
}

export function createOverviewService(deps: OverviewDeps) {
  const timeoutMs = deps.timeoutMs ?? READ_TIMEOUT_MS;
  let parts: StaticParts | null = null;
  const map = Object.entries(contractsOn(deps.chainId) ?? {}).map(([name, c]) => ({
    name,
    address: getAddress(c!.address),
    deployedOnBlock: c!.deployedOnBlock,
    external: (c as { external?: boolean }).external === true,
  }));
  // Deploy transactions do not change within a chain run: read once per genesis hash.
  let deployTxs: { instance: string; found: Promise<Map<Address, Settled<DeployTransaction>>> } | null = null;
  const deployTransactions = (instance: string) => {
    if (deployTxs?.instance !== instance) {
      const entry = {
        instance,
        found: readDeployTransactions(
          deps.rpcUrl,
          map.filter((c) => !c.external),
          timeoutMs,
        ),
      };
      deployTxs = entry;
      // A read that did not answer is tried again next time.
      void entry.found.then((m) => {
        if ([...m.values()].some((r) => r.value === null) && deployTxs === entry) deployTxs = null;
      });
    }
    return deployTxs.found;
  };

  async function compute(): Promise<TechnicalOverviewResponse> {
    const computedAt = new Date().toISOString();
    parts ??= staticParts(deps);
    const statuses = deps.ledgerStatuses();
    const [evm, horizon, rippled, roles] = await Promise.all([
      readEvm(
        deps.rpcUrl,
        map.filter((c) => !c.external).map((c) => c.address),
        timeoutMs,
      ),
      readHorizonVersion(deps.horizonUrl, timeoutMs),
      readRippledVersion(deps.xrplWsUrl, timeoutMs),
      deps.roleHolders
        ? withTimeout(deps.roleHolders(), timeoutMs, "the role holders").catch((err: unknown) => ({
            error: firstLine(err),
          }))
        : Promise.resolve({ error: "not wired: the mainnet-readiness feature's exports are not connected" }),
    ]);
    const deploys =
      evm.genesis.value !== null
        ? await withTimeout(deployTransactions(evm.genesis.value), timeoutMs, "the deploy transactions").catch(
            () => null,
          )
        : null;
    const deployNote = evm.genesis.reason ?? `no answer within ${timeoutMs / 1000} s`;
    const holdersOf = (name: string): AdminHolder[] | null =>
      "error" in roles
        ? null
        : roles.holders
            .filter((h) => h.contract === name)
            .map(({ role, holder, kind, holderName, privileged }) => ({ role, holder, kind, holderName, privileged }));
    const contracts: DeployedContract[] = map.map((c) => {
      const code = evm.code.get(c.address);
      return {
        name: c.name,
        address: c.address,
        deployedOnBlock: c.deployedOnBlock,
        external: c.external,
        deployTransaction: c.external
          ? { value: null, reason: "someone else's contract: its deployment is not ours" }
          : (deploys?.get(c.address) ?? { value: null, reason: deployNote }),
        code: code ?? {
          present: null,
          hash: null,
          bytes: null,
          compiler: null,
          reason: "someone else's contract: not read",
        },
        admins: holdersOf(c.name),
      };
    });
    return {
      computedAt,
      durationMs: 0,
      chain: {
        chainId: deps.chainId,
        network: deps.network,
        chainInstance: evm.genesis.value,
        deployMap: `contracts/generated/${deps.chainId}.ts`,
      },
      contracts,
      contractsNote: map.length ? null : `no deploy map for chain ${deps.chainId}: nothing of ours is deployed there`,
      admins: {
        note: "error" in roles ? `not read: ${roles.error}` : roles.incomplete,
        safe: "error" in roles || !roles.safe ? null : getAddress(roles.safe),
      },
      api: parts.api,
      ledgers: [
        ledgerOverview(
          statuses.ethereum,
          { version: evm.clientVersion, latencyMs: evm.latencyMs },
          "web3_clientVersion",
        ),
        ledgerOverview(statuses.stellar, horizon, "GET / (Horizon's root: horizon_version, core_version)"),
        ledgerOverview(statuses.xrpl, rippled, "server_info (build_version)"),
      ],
      versions: parts.versions,
      road: road(parts, deps, map, statuses),
      rules: { ...RULES },
    };
  }

  const overview = momentary(async () => {
    const started = performance.now();
    const answer = await compute();
    return { ...answer, durationMs: Math.round(performance.now() - started) };
  }, deps.cacheMs ?? CACHE_MS);
  return { overview };
}
