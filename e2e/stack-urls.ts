// Where the browser tests' stack runs: the same CHAIN_PORT and PORT (from the shell) as `npm start`, so the
// tests can run beside another stack. Defaults: http://127.0.0.1:8545 and http://127.0.0.1:3000.
import { appPortFromEnv, chainPortFromEnv } from "../scripts/lib/ports";

export const APP_URL = `http://127.0.0.1:${appPortFromEnv()}`;
export const CHAIN_URL = `http://127.0.0.1:${chainPortFromEnv()}`;
