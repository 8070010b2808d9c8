// The API's whole configuration, read once from the environment at start. Every variable is checked
// before anything starts, and every bad one is reported together, so one restart fixes them all.
import { getAddress, isAddress, type Address } from "viem";
import { mnemonicToAccount } from "viem/accounts";
import { z } from "zod";

/** Hardhat's default mnemonic: public knowledge, the source of every local dev account. */
export const HARDHAT_MNEMONIC = "test test test test test test test test test test test junk";

/**
 * The local Safe's owners' keys, dev accounts #1, #2, #3 of the public mnemonic (the deploy makes them the
 * 2-of-3 owners on the local chain). Derived, never written down, never logged.
 */
export function devSafeOwnerKeys(): `0x${string}`[] {
  return [1, 2, 3].map(devAccountKey);
}

/**
 * Any local dev account's key (m/44'/60'/0'/0/index of the public mnemonic): the Safe's owners above, the
 * testnet treasury test's borrower #7 and liquidator #8 (handed out by ledgers/evm/dev-keys.ts, local chain only).
 */
export function devAccountKey(index: number): `0x${string}` {
  const key = mnemonicToAccount(HARDHAT_MNEMONIC, { addressIndex: index }).getHdKey().privateKey;
  return `0x${Buffer.from(key!).toString("hex")}` as `0x${string}`;
}

/** Hardhat's well-known dev account #0: public knowledge, funded on every fresh local node. */
export const HARDHAT_DEV_KEY_0 = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80" as const;

/** Loopback host names, with or without a port: what "this machine only" means. */
export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase();
  // "[::1]:3000", "::1" (HOST takes a bare IPv6 address), "localhost:3000", "127.0.0.1".
  const name = h.startsWith("[")
    ? h.slice(0, h.indexOf("]") + 1)
    : h.split(":").length > 2
      ? h
      : h.replace(/:\d+$/, "");
  return name === "localhost" || name === "[::1]" || name === "::1" || /^127(\.\d{1,3}){3}$/.test(name);
}

export type EvmNetwork = "hardhat" | "sepolia";
export type LogLevel = "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";

export interface Config {
  port: number;
  host: string;
  logLevel: LogLevel;
  /** node-postgres when set; PGlite otherwise. */
  databaseUrl: string | null;
  /** A folder, or "memory://" for a throw-away database. */
  pgliteDir: string;
  evm: {
    network: EvmNetwork;
    chainId: number;
    rpcUrl: string;
    privateKey: `0x${string}`;
    explorerBaseUrl: string | null;
    /** True when the key is Hardhat's public dev key #0. */
    usesDevKey: boolean;
    /**
     * Keys of the Safe's dev owners #1-#3, only on the local chain (31337) with dev key #0 in use and unless
     * SAFE_DEV_OWNERS=off; empty elsewhere, where owners sign in their own wallets (pending proposals).
     */
    safeOwnerKeys: `0x${string}`[];
  };
  stellar: { horizonUrl: string; friendbotUrl: string; secret: string | null; issuerSecret: string | null };
  xrpl: { wsUrl: string; faucetHost: string | null; seed: string | null };
  ledgerProbeTimeoutMs: number;
  ledgerReprobeMs: number;
  /** The EVM event index (api/src/ledgers/evm/event-index): how it follows the chain. */
  evmIndex: EvmIndexConfig;
  /** 64 hex characters (32 bytes); null means a fresh key per process. */
  pqAttestationSeed: string | null;
  dappDist: string;
  jsonBodyLimit: string;
  /** Host headers served ("host" or "host:port"); anything else is refused (DNS rebinding). */
  allowedHosts: string[];
  /** Writes per caller (a session, else an address) and minute; 0 = no limit. */
  rateLimitWritesPerMinute: number;
  /** Writes per client address and minute, whatever sessions it carries: the ceiling over a hall behind one NAT; 0 = none. */
  rateLimitIpCeilingPerMinute: number;
  /**
   * Who operates the shared demo (http/access.ts): the wallets in OPERATOR_ADDRESSES, or, when it is unset and the
   * server answers only this machine, every caller ("open-loopback").
   */
  operators: { mode: "listed" | "open-loopback"; addresses: Address[] };
  /** The Treasury's daily par-curve CSV endpoint, without the "/{year}/all?..." part (treasury-staking's live refresh). */
  treasuryYieldUrl: string;
  /** SEPOLIA_RPC_URL as given: the API runs on Sepolia only with EVM_PRIVATE_KEY too, but network verification reads it either way. */
  sepoliaRpcUrl: string | null;
  government: {
    fredApiKey: string | null;
    eiaApiKey: string | null;
    fredUrl: string;
    fiscalDataUrl: string;
    eiaUrl: string;
  };
  /** The faucet's global budget per asset (FAUCET_HOURLY_CLAIMS, FAUCET_DAILY_CLAIMS) and its test-only crash hook. */
  faucet: { hourlyClaims: number; dailyClaims: number; testCrashAfter: ("recorded" | "sent")[] };
  /** The bridge relayer: a lock still undelivered this long after it was seen is refunded (BRIDGE_DELIVERY_DEADLINE_SECONDS; 600). */
  bridge: { deliveryDeadlineSeconds: number };
  /** The professional readiness feature: the dependency audit's advisory registry and the load test's length. */
  professional: { npmAuditRegistry: string; loadTestSeconds: number };
  /** The DR drill's backup folder (BACKUP_DIR, else beside the data folder: backupDirOf) and how many backups it keeps (BACKUP_KEEP, 5). */
  backup: { dir: string; keep: number };
  /** Where each server key came from (names and sources only, never a key): the mainnet-readiness check reads it. */
  keySources: KeySources;
  /**
   * The coins' testnet keys (features/cryptocurrency): the master seed from COIN_TESTNET_SEED (64 hex), else one
   * generated per install and stored sealed under the isolator's install key.
   */
  coinTestnetSeed: string | null;
  /** The landing page's footer contact line (CONTACT_NAME, CONTACT_EMAIL); each null when unset, no line when both are. */
  contact: { name: string | null; email: string | null };
  /**
   * The post-quantum isolator: where its UnixFS blockstore and its install key live ("memory://": in memory,
   * for tests), the install key from the environment if given (Q_ISOLATOR_KEY, 64 hex), the public IPFS gateway
   * "View on IPFS" opens, and the crypto domain whose integration card shows only when set.
   */
  qIsolator: {
    dir: string;
    installKey: string | null;
    ipfsGatewayUrl: string | null;
    cryptoDomain: string | null;
    /** Envelope bytes one wallet may have stored (Q_ISOLATOR_WALLET_QUOTA_BYTES; 100 MiB) and all wallets together (Q_ISOLATOR_TOTAL_QUOTA_BYTES; 2 GiB). */
    walletQuotaBytes: number;
    totalQuotaBytes: number;
    /** The largest upload (Q_ISOLATOR_MAX_UPLOAD_BYTES); unset: the spec's 25 MiB (MAX_UPLOAD_BYTES). Tests set it small. */
    maxUploadBytes?: number | null;
    /** The background scrub: re-reads each stored envelope at least every Q_ISOLATOR_SCRUB_INTERVAL_SECONDS (3600), reading at most Q_ISOLATOR_SCRUB_BYTES_PER_SECOND (8 MiB/s); 0 turns it off. */
    scrubIntervalSeconds: number;
    scrubBytesPerSecond: number;
  };
}

/**
 * "env": set in the environment; "dev-default": a public development key (Hardhat's mnemonic); "generated":
 * made up by this process at start (a new identity each restart); "none": the server holds no such key
 * (the Safe's owners sign in their own wallets); "install-file": generated at the first start and kept in a
 * file beside the data (mode 0600), the same across restarts of this install.
 */
export type KeySource = "env" | "dev-default" | "generated" | "install-file" | "none";
export interface KeySources {
  evmSigner: KeySource;
  stellarServer: KeySource;
  xrplServer: KeySource;
  vibeIssuer: KeySource;
  pqAttestation: KeySource;
  safeOwners: KeySource;
  /** The isolator's key that seals its custodians' and agencies' secret keys at rest. */
  qIsolatorCustody: KeySource;
}

export interface EvmIndexConfig {
  /** Between passes over new blocks (EVM_INDEX_POLL_MS; 1000 on Hardhat, 4000 on Sepolia). */
  pollMs: number;
  /** Blocks left behind the chain's tip (EVM_INDEX_CONFIRMATIONS; 0 on Hardhat, 3 on Sepolia). */
  confirmations: number;
  /** Most blocks one eth_getLogs call covers (EVM_INDEX_BLOCK_RANGE; 2000). */
  maxBlockRange: number;
  /** Timeout of each of the index's chain calls (EVM_INDEX_RPC_TIMEOUT_MS; 10000). */
  rpcTimeoutMs: number;
  /** At most one time sample per this many seconds of chain time (EVM_INDEX_SAMPLE_SECONDS; 600). */
  sampleSeconds: number;
  /** Blocks rolled back when the stored head's hash is no longer the chain's (EVM_INDEX_REORG_DEPTH; 16). */
  reorgDepth: number;
}

export class ConfigError extends Error {
  override readonly name = "ConfigError";
  constructor(readonly problems: { variable: string; message: string }[]) {
    super(
      `Invalid configuration (${problems.length} problem${problems.length === 1 ? "" : "s"}):\n` +
        problems.map((p) => `  - ${p.variable}: ${p.message}`).join("\n"),
    );
  }
}

// .env files often carry `NAME=` for "unset"; treat blank as absent.
const blankAsUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const opt = <T extends z.ZodType>(schema: T) => z.preprocess(blankAsUndefined, schema.optional());
const withDefault = <T extends z.ZodType>(schema: T, fallback: z.input<T>) =>
  z.preprocess(blankAsUndefined, schema.default(fallback as never));

const intIn = (min: number, max: number) =>
  z.coerce
    .number({ error: "must be a whole number" })
    .int("must be a whole number")
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);

const urlWith = (protocols: string[], example: string) =>
  z.string().refine(
    (v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    // Never echo the value: URLs may carry credentials or API keys.
    { error: `must be a ${protocols.map((p) => p.replace(":", "")).join(" or ")} URL, e.g. ${example}` },
  );

const envSchema = z.object({
  PORT: withDefault(intIn(0, 65_535), 3000),
  HOST: withDefault(z.string(), "127.0.0.1"),
  LOG_LEVEL: withDefault(
    z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      error: "must be one of fatal, error, warn, info, debug, trace, silent",
    }),
    "info",
  ),
  DATABASE_URL: opt(urlWith(["postgres:", "postgresql:"], "postgres://user:pass@127.0.0.1:5432/xqb")),
  PGLITE_DIR: withDefault(z.string(), "./data/pglite"),
  CHAIN_PORT: withDefault(intIn(1, 65_535), 8545),
  LOCAL_RPC_URL: opt(urlWith(["http:", "https:"], "http://127.0.0.1:8545")),
  SEPOLIA_RPC_URL: opt(urlWith(["http:", "https:"], "https://sepolia.example/v3/KEY")),
  EVM_PRIVATE_KEY: opt(z.string().regex(/^(0x)?[0-9a-fA-F]{64}$/, "must be 64 hex characters (0x-prefixed or not)")),
  STELLAR_HORIZON_URL: withDefault(
    urlWith(["http:", "https:"], "https://horizon-testnet.stellar.org"),
    "https://horizon-testnet.stellar.org",
  ),
  STELLAR_FRIENDBOT_URL: withDefault(
    urlWith(["http:", "https:"], "https://friendbot.stellar.org"),
    "https://friendbot.stellar.org",
  ),
  STELLAR_SECRET: opt(
    z.string().regex(/^S[A-Z2-7]{55}$/, "must be a Stellar secret seed (S followed by 55 base32 characters)"),
  ),
  STELLAR_ISSUER_SECRET: opt(
    z.string().regex(/^S[A-Z2-7]{55}$/, "must be a Stellar secret seed (S followed by 55 base32 characters)"),
  ),
  XRPL_WS_URL: withDefault(
    urlWith(["ws:", "wss:"], "wss://s.altnet.rippletest.net:51233"),
    "wss://s.altnet.rippletest.net:51233",
  ),
  // A host (https), or http://127.0.0.1:<port> / http://localhost:<port> for a faucet on this machine (the e2e fake).
  XRPL_FAUCET_HOST: opt(
    z
      .string()
      .regex(
        /^([a-zA-Z0-9.-]+(:\d+)?|https:\/\/[a-zA-Z0-9.-]+(:\d+)?|http:\/\/(127\.0\.0\.1|localhost)(:\d+)?)$/,
        "must be a host name (https), e.g. faucet.altnet.rippletest.net, or http://127.0.0.1:<port> for a local faucet",
      ),
  ),
  XRPL_SEED: opt(
    z.string().regex(/^s[1-9A-HJ-NP-Za-km-z]{20,40}$/, "must be an XRPL family seed (starts with s, base58)"),
  ),
  LEDGER_PROBE_TIMEOUT_MS: withDefault(intIn(50, 60_000), 2500),
  LEDGER_REPROBE_MS: withDefault(intIn(1000, 86_400_000), 60_000),
  EVM_INDEX_POLL_MS: opt(intIn(50, 600_000)),
  EVM_INDEX_CONFIRMATIONS: opt(intIn(0, 1000)),
  EVM_INDEX_BLOCK_RANGE: withDefault(intIn(1, 100_000), 2000),
  EVM_INDEX_RPC_TIMEOUT_MS: withDefault(intIn(100, 600_000), 10_000),
  EVM_INDEX_SAMPLE_SECONDS: withDefault(intIn(1, 31_536_000), 600),
  EVM_INDEX_REORG_DEPTH: withDefault(intIn(1, 10_000), 16),
  PQ_ATTESTATION_SEED: opt(z.string().regex(/^(0x)?[0-9a-fA-F]{64}$/, "must be 64 hex characters (32 bytes)")),
  DAPP_DIST: withDefault(z.string(), "dapp/dist"),
  ALLOWED_HOSTS: opt(
    z.string().regex(/^\s*[^,\s]+(\s*,\s*[^,\s]+)*\s*$/, "must be a comma-separated list of host or host:port"),
  ),
  RATE_LIMIT_WRITES_PER_MINUTE: withDefault(intIn(0, 1_000_000), 60),
  RATE_LIMIT_IP_CEILING_PER_MINUTE: withDefault(intIn(0, 10_000_000), 1200),
  FAUCET_HOURLY_CLAIMS: withDefault(intIn(1, 10_000_000), 200),
  FAUCET_DAILY_CLAIMS: withDefault(intIn(1, 10_000_000), 1000),
  // TEST ONLY (api/src/features/faucet/faucet.crash.test.ts): the n-th claim stops for good at the n-th stage so
  // the test can kill -9 the process there. Honoured on the local chain only; never set it otherwise.
  FAUCET_TEST_CRASH_AFTER: opt(
    z.string().regex(/^(recorded|sent)(,(recorded|sent))*$/, "must be a comma list of recorded / sent (test only)"),
  ),
  OPERATOR_ADDRESSES: opt(
    z
      .string()
      .refine(
        (v) => v.split(",").every((a) => isAddress(a.trim(), { strict: false })),
        "must be a comma-separated list of 0x addresses (40 hex characters each)",
      ),
  ),
  SAFE_DEV_OWNERS: withDefault(z.enum(["on", "off"], { error: "must be on or off" }), "on"),
  TREASURY_YIELD_URL: withDefault(
    urlWith(
      ["http:", "https:"],
      "https://home.treasury.gov/resource-center/data-chart-center/interest-rates/daily-treasury-rates.csv",
    ),
    "https://home.treasury.gov/resource-center/data-chart-center/interest-rates/daily-treasury-rates.csv",
  ),
  // Government figures (api/src/sources/government): FRED and EIA need a key (without one their live reads are
  // disabled and the bundled snapshot answers); Fiscal Data needs none. The URLs move only for tests.
  FRED_API_KEY: opt(
    z.string().regex(/^[0-9a-zA-Z]{16,64}$/, "must be a FRED API key (32 lower-case letters and digits)"),
  ),
  EIA_API_KEY: opt(z.string().regex(/^[0-9a-zA-Z]{16,64}$/, "must be an EIA API key (letters and digits)")),
  FRED_API_URL: withDefault(
    urlWith(["http:", "https:"], "https://api.stlouisfed.org/fred"),
    "https://api.stlouisfed.org/fred",
  ),
  FISCAL_DATA_API_URL: withDefault(
    urlWith(["http:", "https:"], "https://api.fiscaldata.treasury.gov/services/api/fiscal_service"),
    "https://api.fiscaldata.treasury.gov/services/api/fiscal_service",
  ),
  EIA_API_URL: withDefault(urlWith(["http:", "https:"], "https://api.eia.gov/v2"), "https://api.eia.gov/v2"),
  BRIDGE_DELIVERY_DEADLINE_SECONDS: withDefault(intIn(1, 604_800), 600),
  JSON_BODY_LIMIT: withDefault(z.string().regex(/^\d+(b|kb|mb)$/i, "must be a size such as 100kb or 1mb"), "100kb"),
  NPM_AUDIT_REGISTRY: withDefault(
    urlWith(["http:", "https:"], "https://registry.npmjs.org/"),
    "https://registry.npmjs.org/",
  ),
  LOAD_TEST_SECONDS: withDefault(intIn(1, 10), 5),
  Q_ISOLATOR_DIR: withDefault(z.string(), "./data/q-isolator"),
  BACKUP_DIR: opt(z.string().min(1)),
  BACKUP_KEEP: withDefault(intIn(1, 1000), 5),
  Q_ISOLATOR_KEY: opt(z.string().regex(/^(0x)?[0-9a-fA-F]{64}$/, "must be 64 hex characters (32 bytes)")),
  COIN_TESTNET_SEED: opt(z.string().regex(/^(0x)?[0-9a-fA-F]{64}$/, "must be 64 hex characters (32 bytes)")),
  IPFS_GATEWAY_URL: opt(urlWith(["https:", "http:"], "https://ipfs.io")),
  Q_ISOLATOR_WALLET_QUOTA_BYTES: withDefault(intIn(0, Number.MAX_SAFE_INTEGER), 100 * 1024 * 1024),
  Q_ISOLATOR_TOTAL_QUOTA_BYTES: withDefault(intIn(0, Number.MAX_SAFE_INTEGER), 2 * 1024 * 1024 * 1024),
  Q_ISOLATOR_MAX_UPLOAD_BYTES: opt(intIn(1, Number.MAX_SAFE_INTEGER)),
  Q_ISOLATOR_SCRUB_INTERVAL_SECONDS: withDefault(intIn(0, 31_536_000), 3600),
  Q_ISOLATOR_SCRUB_BYTES_PER_SECOND: withDefault(intIn(65_536, Number.MAX_SAFE_INTEGER), 8 * 1024 * 1024),
  CONTACT_NAME: opt(z.string().trim().min(1).max(100, "must be at most 100 characters")),
  CONTACT_EMAIL: opt(z.string().trim().pipe(z.email("must be an email address such as team@example.org"))),
  Q_ISOLATOR_CRYPTO_DOMAIN: opt(
    z
      .string()
      .regex(
        /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/i,
        "must be a domain name such as vibecoins.crypto",
      ),
  ),
});

const SEPOLIA = { chainId: 11_155_111, explorerBaseUrl: "https://sepolia.etherscan.io" } as const;
const HARDHAT = { chainId: 31_337 } as const;

/**
 * The DR drill's backup folder follows the stack's data: beside the PGlite folder (./data/pglite ->
 * ./data/pglite-backups; a second stack's ./data/pglite-3001 -> ./data/pglite-3001-backups), so one stack's
 * drills never prune another's backups. With PostgreSQL, or PGlite in memory, ./data/backups (npm start sets
 * BACKUP_DIR per port for a second stack on PostgreSQL).
 */
export function backupDirOf(explicit: string | undefined, pgliteDir: string, postgres: boolean): string {
  if (explicit) return explicit;
  if (postgres || pgliteDir.startsWith("memory://")) return "./data/backups";
  return `${pgliteDir.replace(/[\\/]+$/, "")}-backups`;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => ({
      variable: String(i.path[0] ?? "(environment)"),
      message: i.message,
    }));
    throw new ConfigError(problems);
  }
  const e = parsed.data;
  const allowedHosts = e.ALLOWED_HOSTS
    ? e.ALLOWED_HOSTS.split(",").map((h) => h.trim())
    : [`127.0.0.1:${e.PORT}`, `localhost:${e.PORT}`, `[::1]:${e.PORT}`];
  const operatorAddresses = e.OPERATOR_ADDRESSES
    ? [...new Set(e.OPERATOR_ADDRESSES.split(",").map((a) => getAddress(a.trim())))]
    : [];
  // Nobody named and reachable from other machines: every visitor would operate the shared demo. Refuse to start.
  const reachableFrom = [
    ...(isLoopbackHost(e.HOST) ? [] : [`HOST=${e.HOST}`]),
    ...allowedHosts.filter((h) => !isLoopbackHost(h)).map((h) => `ALLOWED_HOSTS names ${h}`),
  ];
  if (operatorAddresses.length === 0 && reachableFrom.length > 0) {
    throw new ConfigError([
      {
        variable: "OPERATOR_ADDRESSES",
        message: `must name the operators' wallets when the server is reachable from other machines (${reachableFrom.join(", ")}): otherwise any visitor could move chain time, run the readiness tests and co-sign the Safe`,
      },
    ]);
  }
  const key = e.EVM_PRIVATE_KEY ? (`0x${e.EVM_PRIVATE_KEY.replace(/^0x/, "")}` as `0x${string}`) : null;
  const sepolia = Boolean(e.SEPOLIA_RPC_URL && key);
  const safeDevOwners =
    !sepolia && (key ?? HARDHAT_DEV_KEY_0).toLowerCase() === HARDHAT_DEV_KEY_0 && e.SAFE_DEV_OWNERS === "on";

  return {
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    databaseUrl: e.DATABASE_URL ?? null,
    pgliteDir: e.PGLITE_DIR,
    evm: sepolia
      ? {
          network: "sepolia",
          chainId: SEPOLIA.chainId,
          rpcUrl: e.SEPOLIA_RPC_URL!,
          privateKey: key!,
          explorerBaseUrl: SEPOLIA.explorerBaseUrl,
          usesDevKey: false,
          safeOwnerKeys: [],
        }
      : {
          network: "hardhat",
          chainId: HARDHAT.chainId,
          rpcUrl: e.LOCAL_RPC_URL ?? `http://127.0.0.1:${e.CHAIN_PORT}`,
          privateKey: key ?? HARDHAT_DEV_KEY_0,
          explorerBaseUrl: null,
          usesDevKey: (key ?? HARDHAT_DEV_KEY_0).toLowerCase() === HARDHAT_DEV_KEY_0,
          safeOwnerKeys: safeDevOwners ? devSafeOwnerKeys() : [],
        },
    stellar: {
      horizonUrl: e.STELLAR_HORIZON_URL,
      friendbotUrl: e.STELLAR_FRIENDBOT_URL,
      secret: e.STELLAR_SECRET ?? null,
      issuerSecret: e.STELLAR_ISSUER_SECRET ?? null,
    },
    xrpl: { wsUrl: e.XRPL_WS_URL, faucetHost: e.XRPL_FAUCET_HOST ?? null, seed: e.XRPL_SEED ?? null },
    ledgerProbeTimeoutMs: e.LEDGER_PROBE_TIMEOUT_MS,
    ledgerReprobeMs: e.LEDGER_REPROBE_MS,
    evmIndex: {
      // Hardhat mines on every transaction and never reorganizes; Sepolia makes a block every 12 s.
      pollMs: e.EVM_INDEX_POLL_MS ?? (sepolia ? 4000 : 1000),
      confirmations: e.EVM_INDEX_CONFIRMATIONS ?? (sepolia ? 3 : 0),
      maxBlockRange: e.EVM_INDEX_BLOCK_RANGE,
      rpcTimeoutMs: e.EVM_INDEX_RPC_TIMEOUT_MS,
      sampleSeconds: e.EVM_INDEX_SAMPLE_SECONDS,
      reorgDepth: e.EVM_INDEX_REORG_DEPTH,
    },
    pqAttestationSeed: e.PQ_ATTESTATION_SEED ? e.PQ_ATTESTATION_SEED.replace(/^0x/, "").toLowerCase() : null,
    dappDist: e.DAPP_DIST,
    jsonBodyLimit: e.JSON_BODY_LIMIT,
    allowedHosts,
    rateLimitWritesPerMinute: e.RATE_LIMIT_WRITES_PER_MINUTE,
    rateLimitIpCeilingPerMinute: e.RATE_LIMIT_IP_CEILING_PER_MINUTE,
    operators:
      operatorAddresses.length > 0
        ? { mode: "listed", addresses: operatorAddresses }
        : { mode: "open-loopback", addresses: [] },
    treasuryYieldUrl: e.TREASURY_YIELD_URL,
    sepoliaRpcUrl: e.SEPOLIA_RPC_URL ?? null,
    government: {
      fredApiKey: e.FRED_API_KEY ?? null,
      eiaApiKey: e.EIA_API_KEY ?? null,
      fredUrl: e.FRED_API_URL,
      fiscalDataUrl: e.FISCAL_DATA_API_URL,
      eiaUrl: e.EIA_API_URL,
    },
    faucet: {
      hourlyClaims: e.FAUCET_HOURLY_CLAIMS,
      dailyClaims: e.FAUCET_DAILY_CLAIMS,
      testCrashAfter: (e.FAUCET_TEST_CRASH_AFTER?.split(",") ?? []) as ("recorded" | "sent")[],
    },
    bridge: { deliveryDeadlineSeconds: e.BRIDGE_DELIVERY_DEADLINE_SECONDS },
    keySources: {
      // A key equal to Hardhat's public dev key #0 is a dev key even when it came through the environment.
      evmSigner: !key ? "dev-default" : key.toLowerCase() === HARDHAT_DEV_KEY_0 ? "dev-default" : "env",
      // Without these the ledgers/minting generate one per process (ledgers/stellar, ledgers/xrpl, minting.accounts.ts, shared/attestation.ts).
      stellarServer: e.STELLAR_SECRET ? "env" : "generated",
      xrplServer: e.XRPL_SEED ? "env" : "generated",
      vibeIssuer: e.STELLAR_ISSUER_SECRET ? "env" : "generated",
      pqAttestation: e.PQ_ATTESTATION_SEED ? "env" : "generated",
      safeOwners: safeDevOwners ? "dev-default" : "none",
      qIsolatorCustody: e.Q_ISOLATOR_KEY ? "env" : e.Q_ISOLATOR_DIR === "memory://" ? "generated" : "install-file",
    },
    coinTestnetSeed: e.COIN_TESTNET_SEED ? e.COIN_TESTNET_SEED.replace(/^0x/, "").toLowerCase() : null,
    contact: { name: e.CONTACT_NAME ?? null, email: e.CONTACT_EMAIL ?? null },
    qIsolator: {
      dir: e.Q_ISOLATOR_DIR,
      installKey: e.Q_ISOLATOR_KEY ? e.Q_ISOLATOR_KEY.replace(/^0x/, "").toLowerCase() : null,
      ipfsGatewayUrl: e.IPFS_GATEWAY_URL ? e.IPFS_GATEWAY_URL.replace(/\/+$/, "") : null,
      cryptoDomain: e.Q_ISOLATOR_CRYPTO_DOMAIN?.toLowerCase() ?? null,
      walletQuotaBytes: e.Q_ISOLATOR_WALLET_QUOTA_BYTES,
      totalQuotaBytes: e.Q_ISOLATOR_TOTAL_QUOTA_BYTES,
      maxUploadBytes: e.Q_ISOLATOR_MAX_UPLOAD_BYTES ?? null,
      scrubIntervalSeconds: e.Q_ISOLATOR_SCRUB_INTERVAL_SECONDS,
      scrubBytesPerSecond: e.Q_ISOLATOR_SCRUB_BYTES_PER_SECOND,
    },
    professional: { npmAuditRegistry: e.NPM_AUDIT_REGISTRY, loadTestSeconds: e.LOAD_TEST_SECONDS },
    backup: { dir: backupDirOf(e.BACKUP_DIR, e.PGLITE_DIR, Boolean(e.DATABASE_URL)), keep: e.BACKUP_KEEP },
  };
}

/** Host (and port) of a URL: what logs and the status endpoint may show, never credentials or paths. */
export function endpointOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "(invalid url)";
  }
}

/** What is safe to log at start: no keys, seeds, passwords or URL paths (RPC URLs often embed API keys). */
export function describeConfig(c: Config) {
  return {
    listen: `${c.host}:${c.port}`,
    logLevel: c.logLevel,
    database: c.databaseUrl ? `postgres @ ${endpointOf(c.databaseUrl)}` : `pglite @ ${c.pgliteDir}`,
    evm: {
      network: c.evm.network,
      chainId: c.evm.chainId,
      endpoint: endpointOf(c.evm.rpcUrl),
      keySource: c.evm.usesDevKey ? "hardhat dev key #0" : "EVM_PRIVATE_KEY",
      safeOwnerKeys: c.evm.safeOwnerKeys.length > 0 ? "hardhat dev accounts #1-#3" : "none (owners sign elsewhere)",
    },
    stellar: { horizon: endpointOf(c.stellar.horizonUrl), accountConfigured: c.stellar.secret !== null },
    xrpl: { endpoint: endpointOf(c.xrpl.wsUrl), walletConfigured: c.xrpl.seed !== null },
    ledgerProbeTimeoutMs: c.ledgerProbeTimeoutMs,
    ledgerReprobeMs: c.ledgerReprobeMs,
    evmIndex: c.evmIndex,
    attestationKey: c.pqAttestationSeed ? "from PQ_ATTESTATION_SEED" : "ephemeral",
    dappDist: c.dappDist,
    jsonBodyLimit: c.jsonBodyLimit,
    allowedHosts: c.allowedHosts,
    rateLimitWritesPerMinute: c.rateLimitWritesPerMinute,
    rateLimitIpCeilingPerMinute: c.rateLimitIpCeilingPerMinute,
    operators: c.operators.mode === "listed" ? c.operators.addresses : "open (loopback only, OPERATOR_ADDRESSES unset)",
    treasuryYield: endpointOf(c.treasuryYieldUrl),
    government: {
      fred: c.government.fredApiKey ? `${endpointOf(c.government.fredUrl)} (key set)` : "live disabled: no key",
      fiscalData: endpointOf(c.government.fiscalDataUrl),
      eia: c.government.eiaApiKey ? `${endpointOf(c.government.eiaUrl)} (key set)` : "live disabled: no key",
    },
    bridge: c.bridge,
  };
}
