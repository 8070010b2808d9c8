// The stack's two public ports, from the environment like every other setting: CHAIN_PORT (the chain guard in
// front of the Hardhat node, default 8545) and PORT (API + web app, default 3000). Kept free of imports so the
// Playwright config and specs can read them too.
export const DEFAULT_CHAIN_PORT = 8545;
export const DEFAULT_APP_PORT = 3000;

/** A port from the environment, or the default; a bad value fails with its name. */
export function portFromEnv(name: string, fallback: number, env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65_535)
    throw new Error(`${name} must be a port number (1-65535), got "${raw}"`);
  return port;
}

export const chainPortFromEnv = (env: NodeJS.ProcessEnv = process.env) =>
  portFromEnv("CHAIN_PORT", DEFAULT_CHAIN_PORT, env);
export const appPortFromEnv = (env: NodeJS.ProcessEnv = process.env) => portFromEnv("PORT", DEFAULT_APP_PORT, env);
