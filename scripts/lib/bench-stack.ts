// The stack a bench part measures: `npm start`'s own (chain guard, node, API, built app) on the bench's ports,
// a fresh PGlite in a temporary folder, no write rate limit, and Stellar/XRPL pointed at a closed port so
// they simulate and no figure depends on a testnet. Stopped and cleaned up whatever `run` does.
import os from "node:os";
import path from "node:path";
import { mkdtemp, rm } from "node:fs/promises";
import { startStack } from "./stack";

const CLOSED = "127.0.0.1:9";

export type BenchStack = Awaited<ReturnType<typeof startStack>>;

export async function withBenchStack<T>(
  ports: { chainPort: number; appPort: number; name: string },
  run: (stack: BenchStack) => Promise<T>,
): Promise<T> {
  const pgliteDir = await mkdtemp(path.join(os.tmpdir(), `bench-${ports.name}-pglite-`));
  let stack: BenchStack | undefined;
  try {
    stack = await startStack({
      chainPort: ports.chainPort,
      appPort: ports.appPort,
      log: (line) => console.log(line),
      apiEnv: {
        STELLAR_HORIZON_URL: `http://${CLOSED}`,
        STELLAR_FRIENDBOT_URL: `http://${CLOSED}`,
        XRPL_WS_URL: `ws://${CLOSED}`,
        PGLITE_DIR: pgliteDir,
        RATE_LIMIT_WRITES_PER_MINUTE: "0",
      },
    });
    return await run(stack);
  } finally {
    await stack?.stop();
    await rm(pgliteDir, { recursive: true, force: true });
  }
}
