// Starts the stack exactly as `npm start` does, with the two testnets pointed at closed local ports so
// the browser tests never reach the internet (they exercise the simulated path by design).
import { startStack } from "../scripts/lib/stack";

export default async function globalSetup() {
  const stack = await startStack({
    log: () => {},
    apiEnv: {
      STELLAR_HORIZON_URL: "http://127.0.0.1:9",
      STELLAR_FRIENDBOT_URL: "http://127.0.0.1:9",
      XRPL_WS_URL: "ws://127.0.0.1:9",
      PGLITE_DIR: "data/e2e-pglite",
      LOG_LEVEL: "warn",
    },
  });
  return async () => {
    await stack.stop();
  };
}
