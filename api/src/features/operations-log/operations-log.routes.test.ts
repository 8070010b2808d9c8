// The operations log against the real app and its embedded database (PGlite, migrated): rows seeded straight into
// the features' own tables, read back through GET /api/operations-log and its CSV. The earlier-run marking and the
// explorer links need a local chain run the test controls, so those mount the router alone on the same database.
import express from "express";
import request from "supertest";
import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mints } from "../../db/schema";
import { errorHandler } from "../../http/error-handler";
import { mountRoutes } from "../../http/route";
import { startTestApp, type TestApp } from "../../testing/harness";
import { operationsCsv } from "./operations-log.csv";
import { createOperationsLogRouter } from "./operations-log.routes";
import {
  CSV_TOTAL_HEADER,
  CSV_TRUNCATED_HEADER,
  operationsResponse,
  type OperationRow,
} from "./operations-log.schemas";
import {
  ALICE,
  BOB,
  CURRENT_RUN,
  MEMO,
  RUN_STARTED,
  SIMULATED_REASON,
  seedOperations,
  type Seeded,
} from "./testing/seed";

let t: TestApp;
let seeded: Seeded;
beforeAll(async () => {
  t = await startTestApp({ chain: "none" });
  seeded = await seedOperations(t.deps.database.db);
}, 120_000);
afterAll(() => t?.close());

const list = async (query = "", app = t.app) =>
  operationsResponse.parse((await request(app).get(`/api/operations-log${query}`).expect(200)).body);

/** Every row for `query`, page after page, and the pages' sizes. */
async function walk(query: string, limit: number) {
  const rows: OperationRow[] = [];
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const page = await list(`?limit=${limit}${query}${cursor ? `&cursor=${cursor}` : ""}`);
    rows.push(...page.rows);
    pages.push(page.rows.map((r) => r.id));
    cursor = page.nextCursor;
  } while (cursor);
  return { rows, pages };
}

const newestFirst = (rows: OperationRow[]) =>
  rows.every((r, i) => i === 0 || rows[i - 1]!.at > r.at || (rows[i - 1]!.at === r.at && rows[i - 1]!.id > r.id));

describe("GET /api/operations-log", () => {
  it("lists every seeded transaction once, newest first, with the count and the options of each filter", async () => {
    const body = await list("?limit=100");
    expect(body.total).toBe(seeded.total);
    expect(body.rows).toHaveLength(seeded.total);
    expect(new Set(body.rows.map((r) => r.id)).size).toBe(seeded.total);
    expect(newestFirst(body.rows)).toBe(true);
    expect(Object.fromEntries(body.options.features.map((o) => [o.value, o.count]))).toEqual(seeded.byFeature);
    const sum = (o: { count: number }[]) => o.reduce((a, b) => a + b.count, 0);
    expect(sum(body.options.ledgers)).toBe(seeded.total);
    expect(sum(body.options.sources)).toBe(seeded.total);
    expect(body.nextCursor).toBeNull();
    expect(body.prevCursor).toBeNull();

    const kinds = new Set(body.rows.map((r) => r.kind));
    for (const kind of [
      "XQB mint",
      "VIBE mint",
      "XRP volume payment",
      "Safe execution",
      "Safe pre-step",
      "multisig test step",
      "bridge lock",
      "bridge delivery",
      "bridge payment in",
      "bridge release",
      "VIBE reward",
      "faucet claim",
      "coin test",
      "stake",
      "leverage open",
      "VIBE burn",
    ])
      expect(kinds, kind).toContain(kind);
    // A reserved faucet slot, a coin test that failed before signing and a plain transfer are not operations; the
    // Safe's execution is listed once (not again as the vault event it emitted), the leverage transaction once.
    expect(body.rows.filter((r) => r.hash === `0x${(20).toString(16).padStart(64, "0")}`)).toHaveLength(1);
    expect(body.rows.filter((r) => r.kind === "stake")).toHaveLength(1);
    const simulated = body.rows.find((r) => r.kind === "VIBE mint")!;
    expect(simulated).toMatchObject({
      source: "simulated",
      reason: SIMULATED_REASON,
      status: "not broadcast",
      link: null,
    });
    const btc = body.rows.find((r) => r.detail === "BTC test transfer")!;
    expect(btc).toMatchObject({ ledger: "bitcoin-testnet4", source: "simulated", status: "not broadcast" });
    expect(btc.reason).toMatch(/signed with the coin's own library/);
    const stake = body.rows.find((r) => r.kind === "stake")!;
    expect(stake).toMatchObject({ clock: "chain", feature: "real-staking", wallet: BOB, chainInstance: CURRENT_RUN });
  });

  it("filters by ledger, feature, source and wallet (any letter case), in SQL, with the total for the filters", async () => {
    const stellar = await list("?ledger=stellar-testnet&limit=100");
    expect(stellar.rows.length).toBeGreaterThan(0);
    expect(stellar.rows.every((r) => r.ledger === "stellar-testnet")).toBe(true);
    expect(stellar.total).toBe(stellar.rows.length);

    const bridge = await list("?feature=bridge");
    expect(bridge.rows.map((r) => r.kind).sort()).toEqual([
      "bridge delivery",
      "bridge lock",
      "bridge payment in",
      "bridge release",
    ]);

    const simulated = await list("?source=simulated");
    expect(simulated.rows.map((r) => r.source)).toEqual(["simulated", "simulated"]);

    const alice = await list(`?wallet=${ALICE.toLowerCase()}&limit=100`);
    const aliceUpper = await list(`?wallet=0x${ALICE.slice(2).toUpperCase()}&limit=100`);
    expect(aliceUpper.rows.map((r) => r.id)).toEqual(alice.rows.map((r) => r.id));
    expect(alice.rows.length).toBeGreaterThan(5);
    expect(alice.rows.every((r) => r.wallet?.toLowerCase() === ALICE.toLowerCase())).toBe(true);
    // A wallet-signed mint names its signer; a server-signed one the recipient.
    expect((await list(`?wallet=${BOB}&feature=minting`)).rows.map((r) => r.ledger).sort()).toEqual([
      "ethereum-local",
      "sepolia",
    ]);

    const none = await list("?ledger=sepolia&source=simulated");
    expect(none).toMatchObject({ rows: [], total: 0, nextCursor: null });
  });

  it("pages in the database: no row twice, none missing, and Previous walks back over the same pages", async () => {
    const all = (await list("?limit=100")).rows.map((r) => r.id);
    const { rows, pages } = await walk("", 4);
    expect(rows.map((r) => r.id)).toEqual(all);
    expect(pages.slice(0, -1).every((p) => p.length === 4)).toBe(true);

    // From the last page back to the first by prevCursor.
    let page = await list(`?limit=4`);
    const forward = [page];
    while (page.nextCursor) forward.push((page = await list(`?limit=4&cursor=${page.nextCursor}`)));
    const back = [page];
    while (page.prevCursor) back.push((page = await list(`?limit=4&cursor=${page.prevCursor}`)));
    expect(back.map((p) => p.rows.map((r) => r.id)).reverse()).toEqual(forward.map((p) => p.rows.map((r) => r.id)));
    expect(page.prevCursor).toBeNull();
  });

  it("is stable under inserts: a row recorded meanwhile does not shift the next page", async () => {
    const before = (await list("?limit=100")).rows.map((r) => r.id);
    const first = await list("?limit=5");
    await t.deps.database.db.insert(mints).values({
      kind: "xrp-volume",
      ledger: "xrpl",
      source: "simulated",
      reason: "test",
      network: "testnet",
      transactionHash: "9".repeat(64),
      signer: "rSigner",
      record: { amount: "1" },
    });
    try {
      const second = await list(`?limit=5&cursor=${first.nextCursor}`);
      expect(second.rows.map((r) => r.id)).toEqual(before.slice(5, 10));
      expect((await list("?limit=1")).rows[0]!.kind).toBe("XRP volume payment");
    } finally {
      await t.deps.database.db.execute(sql`delete from mints where transaction_hash = ${"9".repeat(64)}`);
    }
  });

  it("refuses bad input with a 400 naming the field", async () => {
    const bad = async (query: string, path: string) => {
      const res = await request(t.app).get(`/api/operations-log${query}`).expect(400);
      expect(res.body).toMatchObject({ code: "INVALID_INPUT", issues: [expect.objectContaining({ path })] });
    };
    await bad("?wallet=0x123", "wallet");
    await bad("?wallet=alice", "wallet");
    await bad(`?cursor=${Buffer.from("older|yesterday|mints:1").toString("base64url")}`, "cursor");
    await bad("?cursor=not%20a%20cursor", "cursor");
    await bad("?limit=0", "limit");
    await bad("?limit=101", "limit");
    await bad("?limit=2.5", "limit");
    await bad("?source=maybe", "source");
    await bad("?ledger=Stellar%20Testnet", "ledger");
    await bad("?feature=x%27%20or%201%3D1", "feature");
    const extra = await request(t.app).get("/api/operations-log?page=2").expect(400);
    expect(extra.body.code).toBe("INVALID_INPUT");
    await request(t.app).get("/api/operations-log.csv?wallet=0xnope").expect(400);
  });
});

describe("GET /api/operations-log.csv", () => {
  it("is an attachment of the filtered rows; a memo and a reason with a comma and a quote survive", async () => {
    const res = await request(t.app).get("/api/operations-log.csv").expect(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="operations-log-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers[CSV_TOTAL_HEADER.toLowerCase()]).toBe(String(seeded.total));
    expect(res.headers[CSV_TRUNCATED_HEADER.toLowerCase()]).toBeUndefined();
    const records = parse(res.text, { columns: true }) as Record<string, string>[];
    expect(records).toHaveLength(seeded.total);
    expect(Object.keys(records[0]!)).toEqual(
      expect.arrayContaining([
        "at",
        "feature",
        "ledger",
        "kind",
        "hash",
        "status",
        "source",
        "reason",
        "wallet",
        "earlierRun",
        "link",
        "id",
      ]),
    );
    expect(records.map((r) => r.id)).toEqual((await list("?limit=100")).rows.map((r) => r.id));
    const delivery = records.find((r) => r.kind === "bridge delivery")!;
    expect(delivery.detail).toBe(`12.5 XQB to GDEST, memo "${MEMO}"`);
    expect(delivery.link).toBe(`https://stellar.expert/explorer/testnet/tx/${"c".repeat(64)}`);
    expect(records.find((r) => r.kind === "VIBE mint")!.reason).toBe(SIMULATED_REASON);

    const filtered = await request(t.app).get(`/api/operations-log.csv?feature=bridge&wallet=${BOB}`).expect(200);
    const rows = parse(filtered.text, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.kind).sort()).toEqual(["bridge payment in", "bridge release"]);
    expect(filtered.headers[CSV_TOTAL_HEADER.toLowerCase()]).toBe("2");
  });

  it("keeps a spreadsheet from running a cell as a formula, and quotes line breaks", () => {
    const row = (detail: string): OperationRow => ({
      id: "mints:1",
      at: RUN_STARTED.toISOString(),
      clock: "recorded",
      feature: "minting",
      ledger: "ethereum-local",
      kind: "XQB mint",
      hash: "0x01",
      status: "confirmed",
      source: "live",
      reason: null,
      wallet: null,
      chainInstance: null,
      earlierRun: false,
      link: null,
      detail,
    });
    const records = parse(operationsCsv([row("=HYPERLINK(1)"), row('two\nlines, "quoted"')]), {
      columns: true,
    }) as Record<string, string>[];
    expect(records.map((r) => r.detail)).toEqual(["'=HYPERLINK(1)", 'two\nlines, "quoted"']);
    expect(records[0]!.earlierRun).toBe("false");
    expect(records[0]!.reason).toBe("");
  });
});

describe("the local chain's runs and the explorer links", () => {
  // The router alone on the same database, on a local chain whose run the test names.
  const appOn = (
    instance: string | null,
    startedAt: Date | null,
    explorer = { ledger: "ethereum-local", baseUrl: null as string | null },
  ) => {
    const router = createOperationsLogRouter({
      db: t.deps.database.db,
      localChain: { instance: () => instance, startedAt: async () => startedAt },
      evmExplorer: explorer,
    });
    const a = express();
    a.use(mountRoutes(router.routes));
    a.use(errorHandler);
    return a;
  };

  it("marks local rows of an earlier run: by their recorded run, else by being recorded before this run began", async () => {
    const body = await list("?limit=100", appOn(CURRENT_RUN, RUN_STARTED));
    expect(body.localChain).toEqual({ instance: CURRENT_RUN, startedAt: RUN_STARTED.toISOString() });
    const mintsLocal = body.rows.filter((r) => r.kind === "XQB mint" && r.ledger === "ethereum-local");
    expect(mintsLocal.map((r) => r.earlierRun).sort()).toEqual([false, true]);
    const faucet = body.rows.filter((r) => r.feature === "faucet");
    expect(Object.fromEntries(faucet.map((r) => [r.detail, r.earlierRun]))).toEqual({
      "100 XQB": true,
      "1 ETH": false,
    });
    expect(body.rows.find((r) => r.kind === "stake")!.earlierRun).toBe(false);
    // Other ledgers, and the sandbox chain, have no runs of the local node.
    for (const r of body.rows.filter((r) => r.ledger !== "ethereum-local")) expect(r.earlierRun, r.id).toBeNull();

    // The node not reached: nothing can be said.
    const unknown = await list("?limit=100", appOn(null, null));
    expect(unknown.rows.every((r) => r.earlierRun === null)).toBe(true);
  });

  it("links live transactions to their ledger's explorer, never a simulated one or the local chain's", async () => {
    const rows = (await list("?limit=100", appOn(CURRENT_RUN, RUN_STARTED))).rows;
    const linkOf = (pred: (r: OperationRow) => boolean) => rows.find(pred)!.link;
    expect(linkOf((r) => r.detail === "XLM test transfer")).toBe(
      `https://stellar.expert/explorer/testnet/tx/${"f".repeat(64)}`,
    );
    expect(linkOf((r) => r.kind === "XRP volume payment")).toBe(
      `https://testnet.xrpl.org/transactions/${"B".repeat(64)}`,
    );
    expect(linkOf((r) => r.kind === "bridge payment in")).toBe(
      `https://testnet.xrpl.org/transactions/${"D".repeat(64)}`,
    );
    expect(linkOf((r) => r.kind === "VIBE mint")).toBeNull();
    expect(rows.filter((r) => r.ledger === "ethereum-local").every((r) => r.link === null)).toBe(true);
    // On Sepolia the API knows Sepolia's explorer: its rows get it.
    const sepolia = (
      await list("?ledger=sepolia", appOn(null, null, { ledger: "sepolia", baseUrl: "https://sepolia.etherscan.io" }))
    ).rows;
    expect(sepolia[0]!.link).toBe(`https://sepolia.etherscan.io/tx/${sepolia[0]!.hash}`);
  });
});

describe("the export's bound", () => {
  it(`stops at the newest 10,000 rows and says so in its headers`, async () => {
    await t.deps.database.db.execute(sql`
      insert into coin_test_runs (symbol, level, source, ok, ms, transaction_hash, caller, at)
      select 'SOL', 'signed-offline', 'simulated', true, 1, md5(g::text), ${ALICE}, now() - g * interval '1 second'
      from generate_series(1, 10001) g`);
    try {
      // A filter no earlier test asked for: its count is not one remembered from a moment ago.
      const res = await request(t.app).get("/api/operations-log.csv?ledger=solana-devnet").expect(200);
      const total = 10_001;
      expect(res.headers[CSV_TOTAL_HEADER.toLowerCase()]).toBe(String(total));
      expect(res.headers[CSV_TRUNCATED_HEADER.toLowerCase()]).toBe(`newest 10000 of ${total} rows`);
      expect((parse(res.text, { columns: true }) as unknown[]).length).toBe(10_000);
      const started = performance.now();
      const page = await list("?limit=100&ledger=solana-devnet");
      expect(page.total).toBe(10_001);
      expect(performance.now() - started).toBeLessThan(5_000);
    } finally {
      await t.deps.database.db.execute(sql`delete from coin_test_runs where symbol = 'SOL'`);
    }
  });
});
