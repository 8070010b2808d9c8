// The API's listener: config -> dependencies -> Express app -> HTTP server on 127.0.0.1.
// `npm start` runs this after the chain is up and the contracts are deployed.
import http from "node:http";
import { loadConfig, ConfigError } from "./config";
import { createDeps, closeDeps } from "./deps";
import { createApp, type BackgroundTask } from "./app";
import { flushLogs, logger } from "./logger";
import { createDevDapp, serveBuiltDapp } from "./web/serve-dapp";

async function main() {
  const config = loadConfig();
  const devMode = process.env.DAPP_MODE === "dev";
  const server = http.createServer();
  const dev = devMode ? await createDevDapp(server) : null;
  const deps = await createDeps(config);
  const background: BackgroundTask[] = [];
  const app = createApp(deps, {
    background,
    mountWeb: (a) => (dev ? dev.mount(a) : serveBuiltDapp(a, config.dappDist)),
    devServer: devMode,
  });
  server.on("request", app);
  // Node's defaults leave slow clients hanging on to sockets; bound them.
  server.requestTimeout = 30_000;
  server.headersTimeout = 10_000;

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, resolve);
  });
  const ledgers = Object.values(deps.ledgerStatuses()).map(
    (s) => `${s.ledger}=${s.mode}${s.reason ? ` (${s.reason})` : ""}`,
  );
  logger.info({ url: `http://${config.host}:${config.port}`, ledgers }, "api listening");
  // The bridge relayer runs with the API (one per database: it holds a lease).
  for (const task of background) task.start();
  process.send?.({ type: "ready", url: `http://${config.host}:${config.port}`, ledgers });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, "api shutting down");
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await dev?.close();
    await Promise.all(background.map((task) => task.stop().catch(() => undefined)));
    await closeDeps(deps);
    flushLogs();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((err) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error("api failed to start:", err instanceof Error ? err.message : err);
  }
  flushLogs();
  process.exit(1);
});
