// The coins' offline signers, measured on this machine: for each, the time its library takes to load, then one
// sign of a 1-unit transfer (with a memo where the coin carries one) and one decode, each the median of RUNS after
// a warm-up. Keys come from a fixed master seed (never an install's), so the sample ids are the same on every run
// where the coin's signature scheme is deterministic.
// Runnable alone: `npx tsx scripts/lib/bench-coins.ts`; `npm run bench` runs it as the "coins" part.
import { coinKeysFromMaster } from "../../api/src/features/cryptocurrency/cryptocurrency.keys";
import { OFFLINE_SIGNERS } from "../../api/src/features/cryptocurrency/cryptocurrency.signers";
import { libraryVersion } from "../../api/src/ledgers/offline/library-version";

const RUNS = Number(process.env.BENCH_COINS_RUNS ?? 20);

export interface CoinBenchRow {
  symbol: string;
  library: string;
  network: string;
  idRule: string;
  sampleId: string;
  /** Loading the library (first import), ms. */
  loadMs: number;
  signMs: number;
  decodeMs: number;
  signatureChecked: boolean | null;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const round = (x: number) => Math.round(x * 10) / 10;

export async function benchCoins(): Promise<CoinBenchRow[]> {
  const keys = coinKeysFromMaster(new Uint8Array(32).fill(7), "env");
  const rows: CoinBenchRow[] = [];
  for (const [symbol, load] of Object.entries(OFFLINE_SIGNERS)) {
    const t0 = performance.now();
    const signer = await load!();
    const loadMs = performance.now() - t0;
    const from = keys.seed(symbol, "sender");
    const transfer = {
      to: await signer.address(keys.seed(symbol, "recipient")),
      amount: "1",
      memo: signer.limits.memoMaxBytes ? "xqb bench" : null,
    };
    let signed = await signer.sign(from, transfer);
    let decoded = await signer.decode(signed.signedTransaction);
    const signs: number[] = [];
    const decodes: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      let t = performance.now();
      signed = await signer.sign(from, transfer);
      signs.push(performance.now() - t);
      t = performance.now();
      decoded = await signer.decode(signed.signedTransaction);
      decodes.push(performance.now() - t);
    }
    if (decoded.transactionHash !== signed.transactionHash) throw new Error(`${symbol}: the decoded id differs`);
    rows.push({
      symbol,
      library: `${signer.library}@${libraryVersion(signer.library) ?? "?"}`,
      network: signer.network.name,
      idRule: signer.idRule,
      sampleId: signed.transactionHash,
      loadMs: round(loadMs),
      signMs: round(median(signs)),
      decodeMs: round(median(decodes)),
      signatureChecked: decoded.signatureValid,
    });
  }
  return rows;
}

export function describeBenchCoins(rows: CoinBenchRow[]): string {
  const lines = [`Coins signed offline (median of ${RUNS} after a warm-up; fixed bench keys):`];
  lines.push("| coin | library | testnet | sample id | load ms | sign ms | decode ms | signature checked |");
  lines.push("|---|---|---|---|---|---|---|---|");
  for (const r of rows)
    lines.push(
      `| ${r.symbol} | ${r.library} | ${r.network} | \`${r.sampleId}\` | ${r.loadMs} | ${r.signMs} | ${r.decodeMs} | ${r.signatureChecked === null ? "cannot here" : r.signatureChecked} |`,
    );
  return lines.join("\n");
}

if (process.argv[1]?.endsWith("bench-coins.ts"))
  void benchCoins().then((rows) => console.log(describeBenchCoins(rows)));
