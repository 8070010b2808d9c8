// The API reads `npm run bench` measures beside the bare server: the two the minting page lives on (status and
// history, the stricter goal) and every GET a page loads or polls (features/*/api/get-*.ts of the dapp, the
// shared shell's own), each with the input its page sends. `BENCH_HTTP_READS=name,name` measures only those.

/** Dev account #0, the API's own signer on the local chain: the spec's demo user whose positions pages show. */
const SERVER_ACCOUNT = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";

/** The goals, against the bare server of the same run: status and history, and the reads pages poll. */
export const READ_GOALS = {
  core: { minRatioToBare: 0.7, maxP99Ms: 50 },
  page: { minRatioToBare: 0.3, maxP99Ms: 100 },
} as const;

export type ReadTier = keyof typeof READ_GOALS;

export interface BenchRead {
  name: string;
  path: string;
  tier: ReadTier;
}

const core = (name: string, path: string): BenchRead => ({ name, path, tier: "core" });
const page = (name: string, path: string): BenchRead => ({ name, path, tier: "page" });

export const BENCH_READS: readonly BenchRead[] = [
  core("status", "/api/unified/status"),
  // The minting page's own query (MINT_HISTORY_LIMIT), over the 100 records the bench stores.
  core("history", "/api/minting/history?limit=20"),
  page("minting rates", "/api/minting/rates"),
  page("network", "/api/network"),
  page("auth access", "/api/auth/access"),
  page("local-chain time", "/api/local-chain/time"),
  page("real-staking protocols", "/api/real-staking/protocols"),
  page("real-staking stakes", `/api/real-staking/stakes/${SERVER_ACCOUNT}`),
  page("liquid-staking tokens", "/api/liquid-staking/tokens"),
  page("liquid-staking strategies", "/api/liquid-staking/strategies"),
  page("liquid-staking performance", "/api/liquid-staking/performance"),
  page("liquid-staking positions", `/api/liquid-staking/positions/${SERVER_ACCOUNT}`),
  page("treasury opportunities", "/api/treasury-staking/opportunities"),
  page("treasury bonds", "/api/treasury-staking/bonds"),
  page("treasury analytics", "/api/treasury-staking/analytics"),
  page("treasury replay", "/api/treasury-staking/replay"),
  page("treasury positions", "/api/treasury-staking/positions/demo-user"),
  page("qt2 metrics", "/api/quantum-treasury-2/metrics"),
  page("qt2 tokenomics", "/api/quantum-treasury-2/tokenomics"),
  page("qt2 proposals", "/api/quantum-treasury-2/proposals"),
  page("testnet status", "/api/testnet/status"),
  page("faucet status", "/api/faucet/status"),
  page("bridge summary", "/api/bridge/summary"),
  page("bridge transfers", "/api/bridge/transfers"),
  page("vibecoins supplies", "/api/vibecoins/supplies"),
  page("stellar network", "/api/stellar/network"),
  page("xrpl network", "/api/xrpl/network"),
  page("security latest", "/api/security/latest?evidence=findings"),
  page("professional report", "/api/professional/readiness-report"),
  page("readiness status", "/api/mainnet-readiness/status"),
  page("readiness history", "/api/mainnet-readiness/history"),
  page("isolator status", "/api/q-isolator/status"),
  page("isolator files", "/api/q-isolator/vibecoins-files"),
  page("isolator profiles", "/api/q-isolator/government-profiles"),
  page("isolator report", "/api/q-isolator/comprehensive-report"),
  page("isolator dns", "/api/q-isolator/dns-protection"),
];

/** The reads to measure this run: all, or those `BENCH_HTTP_READS` names (a comma list), in the table's order. */
export function selectedReads(only = process.env.BENCH_HTTP_READS ?? ""): BenchRead[] {
  const names = only
    .split(",")
    .map((n) => n.trim())
    .filter(Boolean);
  for (const n of names)
    if (!BENCH_READS.some((r) => r.name === n))
      throw new Error(`BENCH_HTTP_READS: unknown read "${n}" (reads: ${BENCH_READS.map((r) => r.name).join(", ")})`);
  return names.length ? BENCH_READS.filter((r) => names.includes(r.name)) : [...BENCH_READS];
}
