// Starts the whole product: Hardhat node -> deploy -> (build) -> API + web app. Used by `npm start`,
// `npm run dev`, the browser tests and the benchmark, so they all run exactly what a user runs.
import path from "node:path";
import { createWriteStream, mkdirSync } from "node:fs";
import type { ChildProcess } from "node:child_process";
import { exited, portIsFree, startGroup, stopAll, waitFor } from "./processes";
import { dappBuildIsCurrent, buildDapp } from "./dapp-build";

export const ROOT = path.resolve(__dirname, "../..");
const BIN = (name: string) => path.join(ROOT, "node_modules/.bin", name);

export interface StackOptions {
  dev?: boolean;
  chainPort?: number;
  appPort?: number;
  /** Extra environment for the API (tests point the testnets at closed local ports). */
  apiEnv?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}

export interface RunningStack {
  chainUrl: string;
  appUrl: string;
  timings: Record<string, number>;
  stop: () => Promise<void>;
  /** Resolves when any long-running part of the stack exits by itself. */
  died: Promise<string>;
}

async function rpc(url: string, method: string): Promise<unknown> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: [] }),
    signal: AbortSignal.timeout(1_000),
  });
  return ((await res.json()) as { result?: unknown }).result;
}

function pipeTo(child: ChildProcess, file: string) {
  const out = createWriteStream(file, { flags: "a" });
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
}

export async function startStack(options: StackOptions = {}): Promise<RunningStack> {
  const log = options.log ?? ((line: string) => console.log(line));
  const chainPort = options.chainPort ?? 8545;
  const appPort = options.appPort ?? Number(process.env.PORT ?? 3000);
  const chainUrl = `http://127.0.0.1:${chainPort}`;
  const appUrl = `http://127.0.0.1:${appPort}`;
  const t0 = performance.now();
  const timings: Record<string, number> = {};
  const mark = (name: string) => (timings[name] = Math.round(performance.now() - t0));
  const logDir = path.join(ROOT, "data/logs");
  mkdirSync(logDir, { recursive: true });

  for (const [port, what] of [[chainPort, "the Hardhat node"], [appPort, "the app"]] as const) {
    if (!(await portIsFree(port))) {
      throw new Error(`port ${port} on 127.0.0.1 is taken; ${what} needs it (is another \`npm start\` running?)`);
    }
  }

  try {
    // The chain, built-in accounts only, listening on loopback alone.
    const node = startGroup("hardhat node", BIN("hardhat"), ["node", "--hostname", "127.0.0.1", "--port", String(chainPort)], { cwd: ROOT });
    pipeTo(node.child, path.join(logDir, "hardhat-node.log"));
    const chainDied = exited(node.child).then((code) => `hardhat node exited (${code}); see data/logs/hardhat-node.log`);
    await Promise.race([
      waitFor("the Hardhat node", async () => ((await rpc(chainUrl, "eth_chainId")) ? true : undefined), 20_000),
      chainDied.then((why) => Promise.reject(new Error(why))),
    ]);
    mark("chain");
    log(`  chain    ${chainUrl} (chain id 31337) up after ${timings.chain} ms`);

    // Compile (cached) and deploy; the deploy rewrites the typed map only if it changed.
    const deploy = startGroup("deploy", BIN("tsx"), ["scripts/deploy.ts"], {
      cwd: ROOT,
      // LOCAL_RPC_URL: Hardhat's "localhost" network is this node, whatever its port.
      env: { ...process.env, HARDHAT_NETWORK: "localhost", LOCAL_RPC_URL: chainUrl },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let deployOut = "";
    deploy.child.stdout?.on("data", (d) => (deployOut += d));
    deploy.child.stderr?.on("data", (d) => (deployOut += d));
    if ((await exited(deploy.child)) !== 0) throw new Error(`deploy failed:\n${deployOut}`);
    mark("deploy");
    for (const line of deployOut.split("\n").filter((l) => l.startsWith("suite:"))) log(`  ${line}`);

    if (!options.dev && !(await dappBuildIsCurrent())) {
      log("  building the web app (sources changed since the last build)…");
      await buildDapp();
      mark("build");
    }

    const api = startGroup("api", BIN("tsx"), ["api/src/main.ts"], {
      cwd: ROOT,
      env: { ...process.env, ...options.apiEnv, PORT: String(appPort), HOST: "127.0.0.1", LOCAL_RPC_URL: chainUrl, DAPP_MODE: options.dev ? "dev" : "built" },
    });
    pipeTo(api.child, path.join(logDir, "api.log"));
    const apiDied = exited(api.child).then((code) => `api exited (${code}); see data/logs/api.log`);
    await Promise.race([
      waitFor("the API", async () => ((await fetch(`${appUrl}/api/unified/status`, { signal: AbortSignal.timeout(2_000) })).ok ? true : undefined), 30_000),
      apiDied.then((why) => Promise.reject(new Error(why))),
    ]);
    mark("ready");

    return {
      chainUrl,
      appUrl,
      timings,
      stop: () => stopAll(),
      died: Promise.race([chainDied, apiDied]),
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
