// The technical overview's shapes (the dapp imports these types): the contracts of the deploy map with their code
// read now and their admin holders, the API by feature from the OpenAPI document, each ledger's status and client
// version, the versions that matter and the two roads data takes. Everything here is read or computed.
import { z } from "zod";
import { ACCESS_RULES, SERVER_ROAD, WALLET_ROAD } from "./technical-integration.constants";

export * from "./technical-integration.constants";

const isoTime = z.string().datetime({ offset: true });
const hex32 = z.string().regex(/^0x[0-9a-f]{64}$/);
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/);

/** A value read over the network now, or why there is none. */
const reading = <T extends z.ZodType>(value: T) =>
  z.object({
    value: value.nullable(),
    /** Why value is null (no answer within the bound, refused, not asked); null when read. */
    reason: z.string().nullable(),
  });

export const adminHolder = z.object({
  /** "DEFAULT_ADMIN_ROLE", "PAUSER_ROLE", "owner()", … */
  role: z.string(),
  holder: address,
  kind: z.enum(["safe", "contract", "eoa"]),
  /** "the Safe (TreasuryMultisig)", a map contract's name, what an EOA is for. */
  holderName: z.string(),
  /** An admin or pause right (must be the Safe's off the local chain). */
  privileged: z.boolean(),
});
export type AdminHolder = z.infer<typeof adminHolder>;

export const deployedContract = z.object({
  name: z.string(),
  address,
  deployedOnBlock: z.number().int(),
  /** Someone else's contract the map names (Sepolia's USDC, the Chainlink feed). */
  external: z.boolean(),
  /** The transaction that created it: "created" (its receipt's contractAddress) or "factory" (a call whose logs it emitted). */
  deployTransaction: reading(z.object({ hash: hex32, how: z.enum(["created", "factory"]) })),
  code: z.object({
    /** Whether the node holds code at the address now; null when not read. */
    present: z.boolean().nullable(),
    /** keccak256 of the bytecode read now; null without code or without an answer. */
    hash: hex32.nullable(),
    /** Bytecode length in bytes. */
    bytes: z.number().int().nullable(),
    /** The compiler the bytecode's CBOR metadata names ("solc 0.8.28"); null when it names none. */
    compiler: z.string().nullable(),
    reason: z.string().nullable(),
  }),
  /** Who holds its admin and operational rights now; null when they could not be read (see admins.note). */
  admins: z.array(adminHolder).nullable(),
});
export type DeployedContract = z.infer<typeof deployedContract>;

export const apiEndpoint = z.object({
  method: z.enum(["get", "post"]),
  /** OpenAPI path syntax ("/api/cryptocurrencies/{symbol}/verify"). */
  path: z.string(),
  summary: z.string(),
  access: z.enum(ACCESS_RULES),
  /** Changes state (rate-limited, same-origin only). */
  write: z.boolean(),
});
export type ApiEndpoint = z.infer<typeof apiEndpoint>;

export const apiFeature = z.object({ feature: z.string(), endpoints: z.array(apiEndpoint) });
export type ApiFeature = z.infer<typeof apiFeature>;

export const ledgerOverview = z.object({
  ledger: z.enum(["ethereum", "stellar", "xrpl"]),
  network: z.string(),
  /** The selector's status(): live or simulated, and why. */
  mode: z.enum(["live", "simulated"]),
  reason: z.string().nullable(),
  reachable: z.boolean(),
  endpoint: z.string(),
  latestBlock: z.number().nullable(),
  lastProbeAt: isoTime.nullable(),
  /** The node's own version, read now (web3_clientVersion, Horizon's horizon_version and core_version, rippled's build_version). */
  clientVersion: reading(z.string()),
  /** The request that read it. */
  readWith: z.string(),
  latencyMs: z.number().nullable(),
});
export type LedgerOverview = z.infer<typeof ledgerOverview>;

export const dependencyVersion = z.object({
  name: z.string(),
  /** What it does here. */
  part: z.string(),
  /** Installed (package-lock.json); null when not installed. */
  version: z.string().nullable(),
  /** The range package.json declares; null when it is a dependency of a dependency. */
  declared: z.string().nullable(),
});
export type DependencyVersion = z.infer<typeof dependencyVersion>;

export const solidityCompiler = z.object({
  version: z.string().nullable(),
  optimizer: z.object({ enabled: z.boolean(), runs: z.number().int() }).nullable(),
  evmVersion: z.string().nullable(),
  /** Source files compiled with these settings. */
  files: z.number().int(),
  source: z.string(),
  reason: z.string().nullable(),
});

export const roadLayer = z.object({
  id: z.enum([...SERVER_ROAD.map((l) => l.id), ...WALLET_ROAD.map((l) => l.id)] as [string, ...string[]]),
  label: z.string(),
  /** What sits on this layer (features, contracts, ledgers, pages), as the code knows it. */
  items: z.array(z.string()),
  /** How the list was found, in words. */
  basis: z.string(),
});
export type RoadLayer = z.infer<typeof roadLayer>;

export const technicalOverviewResponse = z.object({
  computedAt: isoTime,
  durationMs: z.number(),
  chain: z.object({
    chainId: z.number().int(),
    network: z.string(),
    /** The genesis hash read now; null when the node did not answer. */
    chainInstance: z.string().nullable(),
    /** The generated file the contracts come from. */
    deployMap: z.string(),
  }),
  contracts: z.array(deployedContract),
  /** Why the list is empty (no map for this chain); null otherwise. */
  contractsNote: z.string().nullable(),
  admins: z.object({
    /** Why holders are missing or may be incomplete; null when read completely. */
    note: z.string().nullable(),
    safe: address.nullable(),
  }),
  api: z.object({
    /** "GET /api/openapi.json (OpenAPI 3.1.0)" */
    source: z.string(),
    total: z.number().int(),
    byAccess: z.object({ visitor: z.number().int(), wallet: z.number().int(), operator: z.number().int() }),
    features: z.array(apiFeature),
  }),
  ledgers: z.array(ledgerOverview),
  versions: z.object({
    dependencies: z.array(dependencyVersion),
    solidity: solidityCompiler,
    node: z.string(),
    source: z.string(),
  }),
  road: z.object({ server: z.array(roadLayer), wallet: z.array(roadLayer) }),
  rules: z.object({
    cache: z.string(),
    timeout: z.string(),
    codeHash: z.string(),
    admins: z.string(),
    deployTransaction: z.string(),
    versions: z.string(),
    road: z.string(),
  }),
});
export type TechnicalOverviewResponse = z.infer<typeof technicalOverviewResponse>;
