// CHAIN_PORT moves the node's public port, the deploy (Hardhat's `localhost` network) and the API's default
// LOCAL_RPC_URL together; PORT the app; the browser tests follow both. Defaults stay 8545 and 3000.
import path from "node:path";
import { execFileSync } from "node:child_process";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../../api/src/config";
import { appPortFromEnv, chainPortFromEnv, portFromEnv } from "./ports";

const ROOT = path.resolve(__dirname, "../..");

describe("CHAIN_PORT and PORT", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it("default to 8545 and 3000, take a port, and refuse anything else by name", () => {
    expect(chainPortFromEnv({})).toBe(8545);
    expect(appPortFromEnv({ PORT: " " })).toBe(3000);
    expect(chainPortFromEnv({ CHAIN_PORT: "28545" })).toBe(28545);
    expect(appPortFromEnv({ PORT: "23000" })).toBe(23000);
    expect(() => portFromEnv("CHAIN_PORT", 8545, { CHAIN_PORT: "85x45" })).toThrow(
      /^CHAIN_PORT must be a port number \(1-65535\), got "85x45"$/,
    );
    expect(() => portFromEnv("PORT", 3000, { PORT: "70000" })).toThrow(/^PORT must be a port number/);
  });

  it("the API's default LOCAL_RPC_URL follows CHAIN_PORT; LOCAL_RPC_URL itself still wins", () => {
    expect(loadConfig({}).evm.rpcUrl).toBe("http://127.0.0.1:8545");
    expect(loadConfig({ CHAIN_PORT: "28545" }).evm.rpcUrl).toBe("http://127.0.0.1:28545");
    expect(loadConfig({ CHAIN_PORT: "28545", LOCAL_RPC_URL: "http://127.0.0.1:9999" }).evm.rpcUrl).toBe(
      "http://127.0.0.1:9999",
    );
    expect(loadConfig({ CHAIN_PORT: "28545", LOCAL_RPC_URL: "" }).evm.rpcUrl).toBe("http://127.0.0.1:28545");
    expect(() => loadConfig({ CHAIN_PORT: "port" })).toThrow(/CHAIN_PORT: must be a whole number/);
  });

  it("Hardhat's localhost network (what `npm run deploy` uses) follows CHAIN_PORT, or LOCAL_RPC_URL when set", () => {
    const urlWith = (env: Record<string, string>) =>
      execFileSync(
        path.join(ROOT, "node_modules/.bin/tsx"),
        ["-e", 'console.log(require("hardhat").network.config.url)'],
        {
          cwd: ROOT,
          env: { ...process.env, LOCAL_RPC_URL: "", CHAIN_PORT: "", HARDHAT_NETWORK: "localhost", ...env },
          encoding: "utf8",
        },
      )
        .trim()
        .split("\n")
        .pop();
    expect(urlWith({})).toBe("http://127.0.0.1:8545");
    expect(urlWith({ CHAIN_PORT: "28545" })).toBe("http://127.0.0.1:28545");
    expect(urlWith({ CHAIN_PORT: "28545", LOCAL_RPC_URL: "http://127.0.0.1:28601" })).toBe("http://127.0.0.1:28601");
  }, 60_000);

  it("the browser tests' URLs (Playwright baseURL, the chain the specs read) follow PORT and CHAIN_PORT", async () => {
    vi.stubEnv("PORT", "");
    vi.stubEnv("CHAIN_PORT", "");
    expect(await import("../../e2e/stack-urls")).toMatchObject({
      APP_URL: "http://127.0.0.1:3000",
      CHAIN_URL: "http://127.0.0.1:8545",
    });
    vi.resetModules();
    vi.stubEnv("PORT", "23000");
    vi.stubEnv("CHAIN_PORT", "28545");
    expect(await import("../../e2e/stack-urls")).toMatchObject({
      APP_URL: "http://127.0.0.1:23000",
      CHAIN_URL: "http://127.0.0.1:28545",
    });
  });
});
