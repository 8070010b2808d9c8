// How big the bounded tests run. `npm test` runs them at small sizes (the same checks over fewer random cases,
// a smaller upload limit, a shorter security budget) so every suite fits in ten minutes; `npm run test:slow`
// (TEST_SIZE=full, run by .ci/run after `npm test`) runs the same files at the full sizes, where the full size
// is what proves something (a 25 MiB upload really stored, 200 property runs, 1000 bodies per POST).
// A size's own variable (FC_RUNS, FUZZ_BODIES, …) still wins over both, for reproducing one case.
// Kept free of imports: the vitest config, the contracts and the API tests all read it.

/** True in `npm run test:slow` (TEST_SIZE=full). */
export const FULL_SIZE = process.env.TEST_SIZE === "full";

/** `variable` when set, else the full size under TEST_SIZE=full, else the quick one. */
export function testSize(variable: string, quick: number, full: number): number {
  const raw = process.env[variable]?.trim();
  if (raw) {
    const n = Number(raw);
    if (!Number.isFinite(n) || n <= 0) throw new Error(`${variable} must be a positive number, got "${raw}"`);
    return n;
  }
  return FULL_SIZE ? full : quick;
}

/**
 * The proofs their authors called "[slow]": child processes killed and restarted, or a minute of load, proving the
 * same again each run — two PostgreSQL-backed API replicas on one chain, the stack's supervisor restarting its
 * parts, kill -9 of the API during a faucet claim, sessions under rate-limit load — and the proofs that run a whole
 * tool many times over: the disaster-recovery drill backed up and restored six times on PGlite, every contract
 * redeployed and compared, the security suite run against a server with planted flaws (all of them, none, each
 * alone, and twice from the command line). `npm test` leaves them out (vitest.config.mts) and still runs the drill
 * and the suite once each through their routes (professional.routes.test.ts, security.routes.test.ts);
 * `npm run test:slow` runs them all.
 */
export const SLOW_TESTS = [
  "**/*.slow.test.ts",
  "scripts/lib/api-replicas.test.ts",
  "api/src/features/faucet/faucet.crash.test.ts",
  "api/src/http/rate-limit.sessions.load.test.ts",
  "api/src/db/backup/drill.test.ts",
  "api/src/db/backup/redeploy-check.test.ts",
  "api/src/features/security/security.vulnerable.test.ts",
];
