// Starts the whole product: chain guard -> Hardhat node -> deploy -> (build) -> API + web app. Used by
// `npm start`, `npm run dev`, the browser tests and the benchmark, so they all run exactly what a user runs.
//
// The Hardhat node listens on an internal loopback port; the public chain port (CHAIN_PORT, default 8545) is
// the chain guard (chain-guard.ts), which keeps web pages from having the node sign; the node itself refuses
// anything a browser sends to its internal port (internal-node.ts, HARDHAT_NODE_INTERNAL=1). The deploy talks to the
// node directly, before the guard lets anyone else in, so nothing can take a nonce in the middle of it and the
// contracts land at the addresses of the committed map.
//
// Each long-running part is supervised: when the node exits unexpectedly the guard answers "chain restarting",
// the node is restarted on the same internal port and the deploy re-run, while the API keeps running; when the
// API exits it is restarted. Restarts back off; after `maxRestarts` failed restarts in a row the stack gives up
// and `died` resolves with the reason. Waits are progress-aware (progress-wait.ts): no fixed deadline while a
// component writes output or uses CPU.
import path from "node:path";
import { freePort, portIsFree, startGroup, stopAll, stopGroup, type Managed } from "./processes";
import { dappBuildIsCurrent, buildDapp } from "./dapp-build";
import { startChainGuard, type ChainGuard } from "./chain-guard";
import { ComponentLog } from "./log-sink";
import { ComponentFailure, waitForComponent } from "./progress-wait";
import { appPortFromEnv, chainPortFromEnv, DEFAULT_APP_PORT } from "./ports";
import { supervise, type Supervisor } from "./supervisor";
import { INTERNAL_NODE_ENV } from "./internal-node";

export const ROOT = path.resolve(__dirname, "../..");
const BIN = (name: string) => path.join(ROOT, "node_modules/.bin", name);

export { DEFAULT_APP_PORT, DEFAULT_CHAIN_PORT, portFromEnv } from "./ports";

export interface StackOptions {
  dev?: boolean;
  /** The public chain port (the guard). Default CHAIN_PORT or 8545. */
  chainPort?: number;
  /** The app's port (API + web). Default PORT or 3000. */
  appPort?: number;
  /** Extra environment for the API (tests point the testnets at closed local ports). */
  apiEnv?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
  /** Where hardhat-node.log, deploy.log and api.log go. Default data/logs (data/logs/port-<PORT> off port 3000). */
  logDir?: string;
  /** Failed restarts in a row before the stack gives up. Default 5. */
  maxRestarts?: number;
  /** A component that made no progress (no output, no CPU) for this long while starting has failed. Default 60 s. */
  stallMs?: number;
  /** Longest any start may take even while making progress. Default 10 min. */
  capMs?: number;
}

export interface RunningStack {
  chainUrl: string;
  appUrl: string;
  logDir: string;
  timings: Record<string, number>;
  stop: () => Promise<void>;
  /** Resolves with the reason when supervision gives up on a component (after maxRestarts failed restarts in a row). */
  died: Promise<string>;
  /** The Hardhat node's pid (= its process group), undefined while it is down. */
  chainPid: () => number | undefined;
  /** The API's pid (= its process group), undefined while it is down. */
  apiPid: () => number | undefined;
  /** Restarts so far, per component. */
  restarts: () => { chain: number; api: number };
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

const secs = (ms: number) => (ms / 1000).toFixed(1);
/** The node exited because its port was taken (the failure's message carries the log's last lines). */
const portLost = (err: unknown) =>
  err instanceof ComponentFailure && err.kind === "exited" && /EADDRINUSE/.test(err.message);
const pidOf = (m: Managed | null) =>
  m && m.child.exitCode === null && m.child.signalCode === null ? m.child.pid : undefined;

class StackStopped extends Error {}

export async function startStack(options: StackOptions = {}): Promise<RunningStack> {
  const log = options.log ?? ((line: string) => console.log(line));
  const chainPort = options.chainPort ?? chainPortFromEnv();
  const appPort = options.appPort ?? appPortFromEnv();
  const maxRestarts = options.maxRestarts ?? 5;
  const chainUrl = `http://127.0.0.1:${chainPort}`;
  const appUrl = `http://127.0.0.1:${appPort}`;
  const t0 = performance.now();
  const timings: Record<string, number> = {};
  const mark = (name: string) => (timings[name] = Math.round(performance.now() - t0));
  const logDir =
    options.logDir ?? path.join(ROOT, appPort === DEFAULT_APP_PORT ? "data/logs" : `data/logs/port-${appPort}`);
  const relLog = (file: string) => path.relative(ROOT, path.join(logDir, file)) || file;
  const waitLimits = { stallMs: options.stallMs, capMs: options.capMs, report: log };

  for (const [port, what] of [
    [chainPort, "the chain (CHAIN_PORT)"],
    [appPort, "the app (PORT)"],
  ] as const) {
    if (!(await portIsFree(port))) {
      throw new Error(
        `port ${port} on 127.0.0.1 is taken; ${what} needs it (is another \`npm start\` running? CHAIN_PORT and PORT move a second stack)`,
      );
    }
  }

  const logs = {
    node: new ComponentLog(path.join(logDir, "hardhat-node.log")),
    deploy: new ComponentLog(path.join(logDir, "deploy.log")),
    api: new ComponentLog(path.join(logDir, "api.log")),
  };
  let stopping = false;
  let guard: ChainGuard | null = null;
  let node: Managed | null = null;
  let api: Managed | null = null;
  let giveUp!: (why: string) => void;
  const died = new Promise<string>((resolve) => (giveUp = resolve));
  const supervisors: Supervisor[] = [];

  const spawn = (
    name: string,
    command: string,
    args: string[],
    env: NodeJS.ProcessEnv,
    sink: ComponentLog,
  ): Managed => {
    if (stopping) throw new StackStopped("the stack is stopping");
    const managed = startGroup(name, command, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    sink.attach(managed.child);
    return managed;
  };

  let internalPort = await freePort();
  let portRetries = 0;
  const internalUrl = () => `http://127.0.0.1:${internalPort}`;

  /** Starts the node, waits for it, deploys; the guard opens when this resolves. Throws with the real reason. */
  const bootChain = async (
    onNodeUp?: (ms: number) => void,
  ): Promise<{ nodeMs: number; deployMs: number; deployOut: string }> => {
    if (!(await portIsFree(internalPort))) internalPort = await freePort(); // someone took it meanwhile
    const started = performance.now();
    node = spawn(
      "hardhat node",
      BIN("hardhat"),
      ["node", "--hostname", "127.0.0.1", "--port", String(internalPort)],
      { ...process.env, [INTERNAL_NODE_ENV]: "1" },
      logs.node,
    );
    const thisNode = node;
    // While a node is down the guard answers "chain restarting" at once (the API reads that as unreachable).
    thisNode.child.once("exit", () => {
      if (!stopping && node === thisNode)
        guard!.setUpstream(
          null,
          "chain restarting: the local Hardhat node stopped and is being restarted; retry in a few seconds",
        );
    });
    try {
      try {
        await waitForComponent({
          name: "chain",
          what: "the Hardhat node",
          child: thisNode.child,
          log: logs.node,
          logName: relLog("hardhat-node.log"),
          ready: async () => Boolean(await rpc(internalUrl(), "eth_chainId")),
          ...waitLimits,
        });
      } catch (err) {
        // The internal port is an ephemeral one; an outgoing socket can take it between the check and the node's
        // bind. That is a lost race, not a broken node: take another port and start again (a few times at most).
        if (portLost(err) && portRetries < 3 && !stopping) {
          portRetries += 1;
          internalPort = await freePort();
          logs.node.note(`the node's port was taken before it bound; retrying on 127.0.0.1:${internalPort}`);
          return await bootChain(onNodeUp);
        }
        throw err;
      }
      portRetries = 0;
      const nodeMs = performance.now() - started;
      onNodeUp?.(nodeMs);
      // Compile (cached) and deploy, straight to the node: the guard still keeps everyone else out.
      const deploy = spawn(
        "deploy",
        BIN("tsx"),
        ["scripts/deploy.ts"],
        { ...process.env, HARDHAT_NETWORK: "localhost", LOCAL_RPC_URL: internalUrl() },
        logs.deploy,
      );
      let deployOut = "";
      deploy.child.stdout?.on("data", (d) => (deployOut += d));
      // The node dying mid-deploy fails the deploy at once rather than after its own timeouts.
      const nodeGone = new Promise<never>((_, reject) =>
        thisNode.child.once("exit", (code, signal) =>
          reject(new Error(`the Hardhat node exited during the deploy (${signal ?? `code ${code}`})`)),
        ),
      );
      nodeGone.catch(() => {});
      try {
        await Promise.race([
          waitForComponent({
            name: "deploy",
            what: "the deploy",
            child: deploy.child,
            log: logs.deploy,
            logName: relLog("deploy.log"),
            ...waitLimits,
          }),
          nodeGone,
        ]);
      } finally {
        await stopGroup(deploy, 0);
      }
      return { nodeMs, deployMs: performance.now() - started - nodeMs, deployOut };
    } catch (err) {
      await stopGroup(thisNode, 0);
      throw err;
    }
  };

  const startApi = async (): Promise<Managed> => {
    const managed = spawn(
      "api",
      BIN("tsx"),
      ["api/src/main.ts"],
      {
        ...process.env,
        ...options.apiEnv,
        PORT: String(appPort),
        HOST: "127.0.0.1",
        LOCAL_RPC_URL: chainUrl,
        DAPP_MODE: options.dev ? "dev" : "built",
      },
      logs.api,
    );
    try {
      await waitForComponent({
        name: "api",
        what: "the API",
        child: managed.child,
        log: logs.api,
        logName: relLog("api.log"),
        ready: async () => (await fetch(`${appUrl}/api/unified/status`, { signal: AbortSignal.timeout(2_000) })).ok,
        ...waitLimits,
      });
    } catch (err) {
      await stopGroup(managed, 0);
      throw err;
    }
    return managed;
  };

  const stop = async () => {
    stopping = true;
    guard?.setUpstream(null, "chain stopped: `npm start` is shutting down");
    const supervisorsDone = Promise.all(supervisors.map((s) => s.stop()));
    await stopAll(); // a restart waiting on its process fails at once
    await supervisorsDone;
    await stopAll(); // anything a restart spawned meanwhile
    await guard?.close();
    await Promise.all(Object.values(logs).map((l) => l.close()));
  };

  try {
    // The chain: the guard holds the public port from the start and answers "chain starting" until the node
    // is up and deployed; the node itself gets a loopback port no page is told about.
    guard = await startChainGuard({
      port: chainPort,
      appOrigins: [`http://127.0.0.1:${appPort}`, `http://localhost:${appPort}`],
      onRefused: (line) => logs.node.note(line),
    });
    const first = await bootChain((ms) => {
      timings.chain = Math.round(ms);
      log(
        `  chain    ${chainUrl} (chain id 31337) up after ${timings.chain} ms, behind the chain guard (node on 127.0.0.1:${internalPort}); deploying…`,
      );
    });
    guard!.setUpstream({ host: "127.0.0.1", port: internalPort });
    mark("deploy");
    for (const line of first.deployOut.split("\n").filter((l) => l.startsWith("suite:"))) log(`  ${line}`);
    const common = { log, maxRestarts, onGiveUp: giveUp };
    // From here a dying node is restarted and redeployed, also while the web app builds and the API starts.
    supervisors.push(
      supervise(node!, {
        ...common,
        name: "chain",
        what: "the Hardhat node",
        sink: logs.node,
        start: async () => {
          const { deployMs } = await bootChain();
          if (stopping) throw new StackStopped("the stack is stopping");
          guard!.setUpstream({ host: "127.0.0.1", port: internalPort });
          return { managed: node!, detail: `contracts redeployed in ${secs(deployMs)} s` };
        },
      }),
    );

    if (!options.dev && !(await dappBuildIsCurrent())) {
      log("  building the web app (sources changed since the last build)…");
      await buildDapp();
      mark("build");
    }

    api = await startApi();
    mark("ready");

    supervisors.push(
      supervise(api, {
        ...common,
        name: "api",
        what: "the API",
        sink: logs.api,
        start: async () => {
          api = await startApi();
          return { managed: api };
        },
      }),
    );

    return {
      chainUrl,
      appUrl,
      logDir,
      timings,
      stop,
      died,
      chainPid: () => pidOf(supervisors[0]!.current()),
      apiPid: () => pidOf(supervisors[1]!.current()),
      restarts: () => ({ chain: supervisors[0]!.restarts(), api: supervisors[1]!.restarts() }),
    };
  } catch (err) {
    await stop();
    if (err instanceof ComponentFailure) throw new Error(err.message, { cause: err });
    throw err;
  }
}
