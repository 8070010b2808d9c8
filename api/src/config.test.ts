import { describe, expect, it } from "vitest";
import { privateKeyToAccount } from "viem/accounts";
import { backupDirOf, ConfigError, describeConfig, devSafeOwnerKeys, HARDHAT_DEV_KEY_0, loadConfig } from "./config";

const SEPOLIA_KEY = "0x" + "ab".repeat(32);

describe("the DR drill's backup folder", () => {
  it("follows the data folder (beside PGLITE_DIR, a second stack's too), keeps 5 unless told, and BACKUP_DIR wins", () => {
    expect(loadConfig({}).backup).toEqual({ dir: "./data/pglite-backups", keep: 5 });
    expect(loadConfig({ PGLITE_DIR: "./data/pglite-3001" }).backup.dir).toBe("./data/pglite-3001-backups");
    expect(backupDirOf(undefined, "/srv/xqb/pglite/", false)).toBe("/srv/xqb/pglite-backups");
    expect(loadConfig({ DATABASE_URL: "postgres://u:p@127.0.0.1:5432/xqb" }).backup.dir).toBe("./data/backups");
    expect(loadConfig({ PGLITE_DIR: "memory://" }).backup.dir).toBe("./data/backups");
    expect(loadConfig({ BACKUP_DIR: "/var/backups/xqb", BACKUP_KEEP: "12" }).backup).toEqual({
      dir: "/var/backups/xqb",
      keep: 12,
    });
    expect(() => loadConfig({ BACKUP_KEEP: "0" })).toThrow(ConfigError);
  });
});

describe("loadConfig", () => {
  it("defaults to the local Hardhat chain with dev key #0", () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.host).toBe("127.0.0.1");
    expect(c.logLevel).toBe("info");
    expect(c.databaseUrl).toBeNull();
    expect(c.pgliteDir).toBe("./data/pglite");
    expect(c.evm).toEqual({
      network: "hardhat",
      chainId: 31337,
      rpcUrl: "http://127.0.0.1:8545",
      privateKey: HARDHAT_DEV_KEY_0,
      explorerBaseUrl: null,
      usesDevKey: true,
      safeOwnerKeys: devSafeOwnerKeys(),
    });
    expect(c.stellar.horizonUrl).toBe("https://horizon-testnet.stellar.org");
    expect(c.xrpl.wsUrl).toBe("wss://s.altnet.rippletest.net:51233");
    expect(c.ledgerProbeTimeoutMs).toBe(2500);
    expect(c.ledgerReprobeMs).toBe(60000);
    expect(c.pqAttestationSeed).toBeNull();
    expect(c.dappDist).toBe("dapp/dist");
    expect(c.jsonBodyLimit).toBe("100kb");
  });

  it("holds the Safe's dev owner keys (#1-#3) only on the local chain with dev key #0, never in the logged description", () => {
    const local = loadConfig({});
    expect(local.evm.safeOwnerKeys.map((k) => privateKeyToAccount(k).address)).toEqual([
      "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
      "0x90F79bf6EB2c4f870365E785982E1f101E93b906",
    ]);
    const text = JSON.stringify(describeConfig(local));
    for (const key of local.evm.safeOwnerKeys) expect(text).not.toContain(key.slice(2));
    expect(loadConfig({ SAFE_DEV_OWNERS: "off" }).evm.safeOwnerKeys).toEqual([]);
    expect(loadConfig({ EVM_PRIVATE_KEY: SEPOLIA_KEY }).evm.safeOwnerKeys).toEqual([]);
    expect(
      loadConfig({ EVM_PRIVATE_KEY: SEPOLIA_KEY, SEPOLIA_RPC_URL: "https://rpc.example/v3/K" }).evm.safeOwnerKeys,
    ).toEqual([]);
  });

  it("switches to Sepolia only when both the RPC URL and the key are set", () => {
    const both = loadConfig({ SEPOLIA_RPC_URL: "https://rpc.example/v3/abc", EVM_PRIVATE_KEY: SEPOLIA_KEY });
    expect(both.evm).toMatchObject({
      network: "sepolia",
      chainId: 11155111,
      explorerBaseUrl: "https://sepolia.etherscan.io",
      privateKey: SEPOLIA_KEY,
      usesDevKey: false,
    });

    const urlOnly = loadConfig({ SEPOLIA_RPC_URL: "https://rpc.example/v3/abc" });
    expect(urlOnly.evm).toMatchObject({ network: "hardhat", chainId: 31337, privateKey: HARDHAT_DEV_KEY_0 });
    // The URL alone is still kept, for network verification to read Sepolia's identity live.
    expect(urlOnly.sepoliaRpcUrl).toBe("https://rpc.example/v3/abc");
    expect(loadConfig({}).sepoliaRpcUrl).toBeNull();

    const keyOnly = loadConfig({ EVM_PRIVATE_KEY: SEPOLIA_KEY.slice(2) });
    expect(keyOnly.evm).toMatchObject({
      network: "hardhat",
      privateKey: SEPOLIA_KEY,
      usesDevKey: false,
      explorerBaseUrl: null,
    });
  });

  it("follows the chain's pace in the event index: fast and unconfirmed on Hardhat, slower with confirmations on Sepolia", () => {
    expect(loadConfig({}).evmIndex).toEqual({
      pollMs: 1000,
      confirmations: 0,
      maxBlockRange: 2000,
      rpcTimeoutMs: 10_000,
      sampleSeconds: 600,
      reorgDepth: 16,
    });
    const sepolia = loadConfig({ SEPOLIA_RPC_URL: "https://rpc.example/v3/abc", EVM_PRIVATE_KEY: SEPOLIA_KEY });
    expect(sepolia.evmIndex).toMatchObject({ pollMs: 4000, confirmations: 3 });
    const set = loadConfig({
      EVM_INDEX_POLL_MS: "250",
      EVM_INDEX_CONFIRMATIONS: "2",
      EVM_INDEX_BLOCK_RANGE: "500",
      EVM_INDEX_POLL_MS_X: "",
    });
    expect(set.evmIndex).toMatchObject({ pollMs: 250, confirmations: 2, maxBlockRange: 500 });
    expect(() => loadConfig({ EVM_INDEX_BLOCK_RANGE: "0" })).toThrow(/EVM_INDEX_BLOCK_RANGE: must be at least 1/);
  });

  it("treats blank values as unset and coerces numbers", () => {
    const c = loadConfig({
      PORT: "8080",
      DATABASE_URL: "",
      LEDGER_PROBE_TIMEOUT_MS: "100",
      PQ_ATTESTATION_SEED: "0x" + "1F".repeat(32),
    });
    expect(c.port).toBe(8080);
    expect(c.databaseUrl).toBeNull();
    expect(c.ledgerProbeTimeoutMs).toBe(100);
    expect(c.pqAttestationSeed).toBe("1f".repeat(32));
  });

  it("lists every bad variable at once, without echoing secret values", () => {
    const secret = "0xnot-a-key-but-secret-looking";
    let error: unknown;
    try {
      loadConfig({
        PORT: "abc",
        LOG_LEVEL: "loud",
        DATABASE_URL: "mysql://u:hunter2@db/x",
        LOCAL_RPC_URL: "not a url",
        SEPOLIA_RPC_URL: "ftp://x",
        EVM_PRIVATE_KEY: secret,
        STELLAR_HORIZON_URL: "horizon",
        STELLAR_FRIENDBOT_URL: "ws://friendbot",
        STELLAR_SECRET: "SHORT",
        STELLAR_ISSUER_SECRET: "GABC",
        XRPL_WS_URL: "https://s.altnet.rippletest.net",
        XRPL_FAUCET_HOST: "http://faucet.example", // plain http only for 127.0.0.1
        XRPL_SEED: "xyz",
        LEDGER_PROBE_TIMEOUT_MS: "-5",
        LEDGER_REPROBE_MS: "1.5",
        PQ_ATTESTATION_SEED: "1234",
        JSON_BODY_LIMIT: "lots",
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const ce = error as ConfigError;
    expect(ce.problems.map((p) => p.variable).sort()).toEqual(
      [
        "PORT",
        "LOG_LEVEL",
        "DATABASE_URL",
        "LOCAL_RPC_URL",
        "SEPOLIA_RPC_URL",
        "EVM_PRIVATE_KEY",
        "STELLAR_HORIZON_URL",
        "STELLAR_FRIENDBOT_URL",
        "STELLAR_SECRET",
        "STELLAR_ISSUER_SECRET",
        "XRPL_WS_URL",
        "XRPL_FAUCET_HOST",
        "XRPL_SEED",
        "LEDGER_PROBE_TIMEOUT_MS",
        "LEDGER_REPROBE_MS",
        "PQ_ATTESTATION_SEED",
        "JSON_BODY_LIMIT",
      ].sort(),
    );
    expect(ce.message).toMatch(/^Invalid configuration \(17 problems\):\n {2}- /);
    expect(ce.message).not.toContain(secret);
    expect(ce.message).not.toContain("hunter2");
  });

  it("describes itself without secrets or URL paths", () => {
    const c = loadConfig({
      SEPOLIA_RPC_URL: "https://rpc.example/v3/APIKEY123",
      EVM_PRIVATE_KEY: SEPOLIA_KEY,
      DATABASE_URL: "postgres://u:hunter2@db.local:5432/x",
      XRPL_SEED: "sEdTM1uX8pu2do5XvTnutH6HsouMaM2",
    });
    const text = JSON.stringify(describeConfig(c));
    for (const secret of [SEPOLIA_KEY, "APIKEY123", "hunter2", "sEdTM1uX8pu2do5XvTnutH6HsouMaM2"])
      expect(text).not.toContain(secret);
    expect(text).toContain("rpc.example");
  });
  it("remembers where each server key came from (names and sources, never a key)", () => {
    expect(loadConfig({}).keySources).toEqual({
      evmSigner: "dev-default",
      stellarServer: "generated",
      xrplServer: "generated",
      vibeIssuer: "generated",
      pqAttestation: "generated",
      safeOwners: "dev-default",
      qIsolatorCustody: "install-file",
    });
    expect(loadConfig({ Q_ISOLATOR_DIR: "memory://" }).keySources.qIsolatorCustody).toBe("generated");
    const fromEnv = loadConfig({
      SEPOLIA_RPC_URL: "https://rpc.example/v3/KEY",
      EVM_PRIVATE_KEY: SEPOLIA_KEY,
      STELLAR_SECRET: "SCZANGBA5YHTNYVVV4C3U252E2B6P6F5T3U6MM63WBSBZATAQI3EBTQ4",
      STELLAR_ISSUER_SECRET: "SCZANGBA5YHTNYVVV4C3U252E2B6P6F5T3U6MM63WBSBZATAQI3EBTQ4",
      XRPL_SEED: "sEdTM1uX8pu2do5XvTnutH6HsouMaM2",
      PQ_ATTESTATION_SEED: "cd".repeat(32),
      Q_ISOLATOR_KEY: "ef".repeat(32),
    });
    expect(fromEnv.keySources).toEqual({
      evmSigner: "env",
      stellarServer: "env",
      xrplServer: "env",
      vibeIssuer: "env",
      pqAttestation: "env",
      safeOwners: "none",
      qIsolatorCustody: "env",
    });
    expect(JSON.stringify(fromEnv.keySources)).not.toContain("ef".repeat(32));
    // Hardhat's public key passed through the environment is still a dev key.
    expect(loadConfig({ EVM_PRIVATE_KEY: HARDHAT_DEV_KEY_0, SAFE_DEV_OWNERS: "off" }).keySources).toMatchObject({
      evmSigner: "dev-default",
      safeOwners: "none",
    });
    expect(JSON.stringify(fromEnv.keySources)).not.toContain(SEPOLIA_KEY.slice(2));
  });

  it("opens operator actions only on a loopback-only server with nobody named, and refuses to start reachable without operators", () => {
    expect(loadConfig({}).operators).toEqual({ mode: "open-loopback", addresses: [] });
    expect(loadConfig({ HOST: "::1", ALLOWED_HOSTS: "localhost, 127.0.0.1:3000, [::1]:3000" }).operators.mode).toBe(
      "open-loopback",
    );
    for (const env of [
      { HOST: "0.0.0.0" },
      { ALLOWED_HOSTS: "127.0.0.1:3000,demo.example.org" },
      { ALLOWED_HOSTS: "*" },
    ]) {
      let error: unknown;
      try {
        loadConfig(env);
      } catch (err) {
        error = err;
      }
      expect(error, JSON.stringify(env)).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems[0]).toMatchObject({ variable: "OPERATOR_ADDRESSES" });
      expect((error as ConfigError).message).toMatch(/reachable from other machines/);
    }
    const dev0 = "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266";
    const listed = loadConfig({ HOST: "0.0.0.0", OPERATOR_ADDRESSES: `${dev0}, ${dev0}` }).operators;
    expect(listed).toEqual({ mode: "listed", addresses: ["0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"] });
    expect(() => loadConfig({ OPERATOR_ADDRESSES: "0x123,not-an-address" })).toThrow(
      /OPERATOR_ADDRESSES: must be a comma-separated list of 0x addresses/,
    );
  });
});
