// Starts the stack exactly as `npm start` does, with the two testnets pointed at closed local ports so
// the browser tests never reach the internet (they exercise the simulated path by design), and with a
// database of their own, emptied at every run. CHAIN_PORT and PORT move it as they move `npm start`.
import path from "node:path";
import { rm } from "node:fs/promises";
import { ROOT, startStack } from "../scripts/lib/stack";

const E2E_DB = "data/e2e-pglite";

export default async function globalSetup() {
  await rm(path.join(ROOT, E2E_DB), { recursive: true, force: true });
  const stack = await startStack({
    log: () => {},
    apiEnv: {
      STELLAR_HORIZON_URL: "http://127.0.0.1:9",
      STELLAR_FRIENDBOT_URL: "http://127.0.0.1:9",
      XRPL_WS_URL: "ws://127.0.0.1:9",
      PGLITE_DIR: E2E_DB,
      LOG_LEVEL: "warn",
    },
  });
  return async () => {
    await stack.stop();
  };
}
