// Two API replicas on one PostgreSQL and one chain, as separate processes (`tsx api/src/main.ts`), the way a
// deployment behind a load balancer runs them: one Hardhat node with the suite deployed, one fresh database
// on the TEST_DATABASE_URL server, two APIs on it.
// - 100 parallel mints spread over both replicas: every one live, 100 distinct hashes, 100 successful
//   receipts on the node, 100 records in the shared history, and the shared signer_nonces row equal to the
//   account's pending nonce on the chain (the advisory lock serialized both processes' nonces).
// - A fresh pair with RATE_LIMIT_WRITES_PER_MINUTE=10: 30 sequential writes alternating between them from one
//   client are limited together (the rate_limits table), each 429 with Retry-After and code RATE_LIMITED,
//   and nothing answers 5xx.
// Runs when TEST_DATABASE_URL names a server it may create databases on (.ci/run starts one); skipped with a
// message otherwise. Every process started here is killed (its whole process group) in afterAll.
import path from "node:path";
import os from "node:os";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exited, freePortIn, startKeepingOutput, stopGroup, tailOf, type KeptProcess } from "./processes";
import { onTestDatabase, testDatabaseUrl, testServerUrl } from "../../api/src/testing/pg-server";

const serverUrl = testServerUrl;
const ROOT = path.resolve(__dirname, "../..");
const BIN = (name: string) => path.join(ROOT, "node_modules/.bin", name);
/** Hardhat's dev account #0: the API's signer on the local chain. */
const SIGNER = "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266";
const MINT = { ethAmount: 0.001, stablecoinPair: "XQBUSD", network: "hardhat", quantumSecurity: false };

const SKIPPED =
  'skipped: TEST_DATABASE_URL is unset (eval "$(bash scripts/pg-test-server.sh start)" starts a throwaway server)';
const title = `[slow] two API replicas on one PostgreSQL and one chain${serverUrl ? "" : ` (${SKIPPED})`}`;
// The default reporter does not print skipped suites' names: say why here.
if (!serverUrl) console.warn(`api-replicas.test.ts ${SKIPPED}`);

type Proc = KeptProcess;

describe.skipIf(!serverUrl)(title, () => {
  let dir = "";
  const dbName = `xqb_replicas_${randomBytes(4).toString("hex")}`;
  const procs: Proc[] = [];
  const mapFiles = ["abis.ts", "31337.ts", "deployments.ts"].map((f) => path.join(ROOT, "contracts/generated", f));
  const mapBefore = mapFiles.map((f) => readFileSync(f, "utf8"));
  let chainUrl = "";
  let mintHashes: string[] = [];

  const urlOf = testDatabaseUrl;
  const connected = onTestDatabase;

  const start = (name: string, command: string, args: string[], env: NodeJS.ProcessEnv): Proc =>
    startKeepingOutput(name, command, args, { cwd: ROOT, env: { ...process.env, ...env } }, procs);
  const tail = tailOf;
  const stop = async (p: Proc) => {
    await stopGroup(p.managed, 3_000);
    procs.splice(procs.indexOf(p), 1);
  };

  /** Polls `ready` until it is true; fails at once when the process exits, or after `ms`. */
  const waitUntil = async (p: Proc, what: string, ready: () => Promise<boolean>, ms = 120_000) => {
    const until = Date.now() + ms;
    for (;;) {
      if (p.managed.child.exitCode !== null || p.managed.child.signalCode !== null) {
        throw new Error(`${what} exited (${p.managed.child.exitCode ?? p.managed.child.signalCode}):\n${tail(p)}`);
      }
      if (await ready().catch(() => false)) return;
      if (Date.now() > until) throw new Error(`${what} not ready after ${ms} ms:\n${tail(p)}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  };

  const rpc = async <T>(method: string, params: unknown[] = []): Promise<T> => {
    const res = await fetch(chainUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
      signal: AbortSignal.timeout(5_000),
    });
    const body = (await res.json()) as { result?: T; error?: { message: string } };
    if (body.error) throw new Error(`${method}: ${body.error.message}`);
    return body.result as T;
  };

  /** Starts two APIs on the shared database; resolves with their base URLs once both answer live. */
  const startPair = async (env: NodeJS.ProcessEnv): Promise<{ urls: string[]; procs: Proc[] }> => {
    const pair: Proc[] = [];
    const urls: string[] = [];
    for (let i = 0; i < 2; i++) {
      const port = await freePortIn(43000 + i * 50, 43049 + i * 50);
      const url = `http://127.0.0.1:${port}`;
      pair.push(
        start(`api ${i}`, BIN("tsx"), ["api/src/main.ts"], {
          PORT: String(port),
          HOST: "127.0.0.1",
          DATABASE_URL: urlOf(dbName),
          LOCAL_RPC_URL: chainUrl,
          STELLAR_HORIZON_URL: "http://127.0.0.1:9",
          STELLAR_FRIENDBOT_URL: "http://127.0.0.1:9",
          XRPL_WS_URL: "ws://127.0.0.1:9",
          DAPP_DIST: path.join(dir, "dist"),
          LOG_LEVEL: "warn",
          ...env,
        }),
      );
      urls.push(url);
    }
    // Both start at once: their migrations of the fresh database race, as replicas' do.
    await Promise.all(
      pair.map((p, i) =>
        waitUntil(p, `API replica ${i}`, async () => {
          const res = await fetch(`${urls[i]}/api/unified/status`, { signal: AbortSignal.timeout(2_000) });
          const body = (await res.json()) as { ledgers?: { ethereum?: { mode?: string } } };
          return res.ok && body.ledgers?.ethereum?.mode === "live";
        }),
      ),
    );
    return { urls, procs: pair };
  };

  const mint = async (base: string) => {
    const res = await fetch(`${base}/api/xqbme/mint-xqb`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(MINT),
      signal: AbortSignal.timeout(30_000),
    });
    return {
      status: res.status,
      retryAfter: res.headers.get("retry-after"),
      body: (await res.json()) as Record<string, unknown>,
    };
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "api-replicas-"));
    mkdirSync(path.join(dir, "dist")); // no web app: the replicas serve only /api
    const chainPort = await freePortIn(48546, 48600);
    chainUrl = `http://127.0.0.1:${chainPort}`;
    const node = start(
      "hardhat node",
      BIN("hardhat"),
      ["node", "--hostname", "127.0.0.1", "--port", String(chainPort)],
      {},
    );
    await waitUntil(node, "the Hardhat node", async () => Boolean(await rpc<string>("eth_chainId")));

    const deploy = start("deploy", BIN("tsx"), ["scripts/deploy.ts"], {
      HARDHAT_NETWORK: "localhost",
      LOCAL_RPC_URL: chainUrl,
    });
    const code = await exited(deploy.managed.child);
    if (code !== 0) throw new Error(`the deploy failed (exit ${code}):\n${tail(deploy)}`);
    await stop(deploy);

    await connected(null, (c) => c.query(`CREATE DATABASE ${dbName}`));
  }, 300_000);

  afterAll(async () => {
    // Every group, even when beforeAll or a test failed halfway.
    await Promise.all([...procs].map((p) => stopGroup(p.managed, 3_000)));
    await connected(null, (c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`)).catch(() => {});
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it("the deploy left the committed map as it was (a fresh node gives the same addresses)", () => {
    expect(mapFiles.map((f) => readFileSync(f, "utf8"))).toEqual(mapBefore);
  });

  it("100 parallel mints over both replicas: all live, distinct, mined, recorded once, nonce row = chain", async () => {
    const { urls, procs: pair } = await startPair({ RATE_LIMIT_WRITES_PER_MINUTE: "0" });
    const t0 = performance.now();
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => mint(urls[i % 2]!)));
    const ms = performance.now() - t0;
    console.log(`100 parallel mints over 2 replicas: ${Math.round(ms)} ms (${(ms / 100).toFixed(1)} ms per mint)`);

    const bad = answers.filter((a) => a.status !== 200 || a.body.source !== "live");
    expect(
      bad.map((a) => ({ status: a.status, source: a.body.source, reason: a.body.reason, error: a.body.error })),
    ).toEqual([]);
    mintHashes = answers.map((a) => String(a.body.transactionHash).toLowerCase());
    expect(new Set(mintHashes).size).toBe(100);

    // Each one on the chain, successful: read from the node in one JSON-RPC batch.
    const res = await fetch(chainUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(
        mintHashes.map((h, id) => ({ jsonrpc: "2.0", id, method: "eth_getTransactionReceipt", params: [h] })),
      ),
    });
    const receipts = (await res.json()) as { id: number; result: { status: string; from: string } | null }[];
    expect(receipts).toHaveLength(100);
    expect(receipts.filter((r) => r.result?.status === "0x1" && r.result.from.toLowerCase() === SIGNER)).toHaveLength(
      100,
    );

    // The shared history holds each once, whichever replica is asked.
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 10; page++) {
      const q: string = `${urls[page % 2]}/api/minting/history?limit=100${cursor ? `&cursor=${cursor}` : ""}`;
      const body = (await (await fetch(q)).json()) as {
        mints: { transactionHash: string; source: string }[];
        nextCursor: string | null;
      };
      seen.push(...body.mints.map((m) => m.transactionHash.toLowerCase()));
      cursor = body.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toHaveLength(100);
    expect(new Set(seen)).toEqual(new Set(mintHashes));

    // One counter for both processes, and it agrees with the chain.
    const pending = Number(await rpc<string>("eth_getTransactionCount", [SIGNER, "pending"]));
    const row = await connected(dbName, async (c) => (await c.query("select key, next_nonce from signer_nonces")).rows);
    expect(row).toEqual([{ key: `evm:31337:${SIGNER}`, next_nonce: String(pending) }]);
    // Nothing else happened on the account: the deploy's transactions, then exactly the 100 mints.
    const nonces = await Promise.all(
      mintHashes.map(async (h) => Number((await rpc<{ nonce: string }>("eth_getTransactionByHash", [h])).nonce)),
    );
    expect(Math.max(...nonces) + 1).toBe(pending);
    expect(new Set(nonces).size).toBe(100);
    expect(Math.max(...nonces) - Math.min(...nonces)).toBe(99);

    // The event index: one replica holds the chain's index lock, and the shared tables hold each mint's
    // Minted event once (whichever replica indexed it), up to the chain's tip.
    const tip = Number(await rpc<string>("eth_blockNumber"));
    const indexed = async () =>
      connected(dbName, async (c) => ({
        locks: Number(
          (
            await c.query(
              "select count(*) as n from pg_locks l join pg_database d on d.oid = l.database where l.locktype = 'advisory' and l.granted and d.datname = $1",
              [dbName],
            )
          ).rows[0].n,
        ),
        head: Number((await c.query("select max(last_block) as n from evm_index_heads")).rows[0].n ?? -1),
        minted: (
          await c.query(
            "select transaction_hash from evm_events where contract = 'XQBMinter' and event_name = 'Minted' and transaction_hash = any($1)",
            [mintHashes],
          )
        ).rows.map((r) => r.transaction_hash as string),
      }));
    let index = await indexed();
    for (let i = 0; i < 50 && index.head < tip; i++)
      index = (await new Promise((r) => setTimeout(r, 100)), await indexed());
    expect(index.locks).toBe(1);
    expect(index.head).toBe(tip);
    expect(index.minted.sort()).toEqual([...mintHashes].sort());

    // What the replicas logged (warn and up) holds none of the signed transactions they answered with.
    const logged = pair.map((p) => p.output.join("")).join("");
    for (const a of answers) expect(logged).not.toContain(String(a.body.signedTransaction).slice(2, 66));
    // Nor any error (pino level 50+) or express-rate-limit misconfiguration report.
    expect(logged).not.toMatch(/"level":(50|60)|ERR_ERL_/);

    for (const p of pair) await stop(p);
  }, 240_000);

  it("a second pair with 10 writes a minute: the limit is shared, 429 + Retry-After after 10 in total, no 5xx", async () => {
    const { urls, procs: pair } = await startPair({ RATE_LIMIT_WRITES_PER_MINUTE: "10" });
    const answers: Awaited<ReturnType<typeof mint>>[] = [];
    for (let i = 0; i < 30; i++) answers.push(await mint(urls[i % 2]!));
    const firstLimited = answers.findIndex((a) => a.status === 429);
    console.log(`rate limit shared by 2 replicas: first 429 at write ${firstLimited + 1} of 30 (limit 10 a minute)`);

    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    expect(answers.slice(0, 10).map((a) => [a.status, a.body.source])).toEqual(Array(10).fill([200, "live"]));
    expect(answers.slice(10).map((a) => a.status)).toEqual(Array(20).fill(429));
    for (const a of answers.slice(10)) {
      expect(a.body.code).toBe("RATE_LIMITED");
      expect(Number(a.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(a.retryAfter)).toBeLessThanOrEqual(60);
    }
    const rows = await connected(dbName, async (c) => (await c.query("select key, hits from rate_limits")).rows);
    // One bucket per caller (no session here: the address's), counted together by both replicas; the per-address
    // ceiling's bucket counts them too (on top of the first pair's mints, in the same minute and database).
    const sorted = rows.sort((a, b) => String(a.key).localeCompare(String(b.key)));
    expect(sorted).toEqual([
      { key: expect.stringMatching(/^ip:/), hits: expect.any(Number) },
      { key: expect.stringMatching(/^writes:/), hits: 30 },
    ]);
    expect(Number(sorted[0]!.hits)).toBeGreaterThanOrEqual(30);
    expect(pair.map((p) => p.output.join("")).join("")).not.toMatch(/"level":(50|60)|ERR_ERL_/);

    for (const p of pair) await stop(p);
  }, 240_000);
});
