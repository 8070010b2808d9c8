import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBlackHole } from "../../ledgers/testing/black-hole";
import { SERIES, SERIES_KEYS, type SeriesKey } from "./catalogue";
import { createGovernmentData, LIVE_TIMEOUT_MS } from "./government-data";
import { yearOverYear } from "./live/fred";
import { GOVERNMENT_DATA_DIR, readSnapshotCsv } from "./snapshot";
import { startFakePublishers, type FakePublishers } from "./testing/fake-publishers";

const CLOSED = "http://127.0.0.1:1";
const offline = () =>
  createGovernmentData({
    fredApiKey: null,
    eiaApiKey: null,
    fredUrl: CLOSED,
    fiscalDataUrl: CLOSED,
    eiaUrl: CLOSED,
  });

/** The file's row for a date, read by csv-parse straight from the text (independent of the loader's cache). */
function bundledRow(key: SeriesKey, date: string): Record<string, string> {
  const { file, dateColumn } = SERIES[key].snapshot;
  const rows = parse(readFileSync(`${GOVERNMENT_DATA_DIR}${file}`, "utf8"), { columns: true }) as Record<
    string,
    string
  >[];
  const row = rows.find((r) => r[dateColumn] === date);
  if (!row) throw new Error(`${file} has no row ${date}`);
  return row;
}

describe("government data offline: every figure is the bundled row for its date", () => {
  it.each(SERIES_KEYS)("%s reads snapshot, dated, equal to its file's newest row with a value", async (key) => {
    const { figure, missing } = await offline().figure(key);
    expect(missing).toBeNull();
    expect(figure!.source).toBe("snapshot");
    const row = bundledRow(key, figure!.asOf);
    expect(figure!.value).toBe(Number(row[SERIES[key].snapshot.valueColumn]));
    expect(figure!.seriesId).toBe(SERIES[key].seriesId);
    expect(figure!.note).toContain(SERIES[key].snapshot.file);
  });

  it("states the known as-of dates of the bundle (SOURCES.md)", async () => {
    const g = offline();
    const asOf = async (k: SeriesKey) => (await g.figure(k)).figure!.asOf;
    expect(await asOf("gdp")).toBe("2026-04-01");
    expect(await asOf("unemployment")).toBe("2026-07-01");
    expect(await asOf("publicDebt")).toBe("2026-08-20");
    expect(await asOf("cashBalance")).toBe("2026-09-22");
    expect(await asOf("wti")).toBe("2026-08-18");
    // DGS10 runs to 2026-08-04; the 1-month column ends earlier, and that does not move the 10-year's date.
    expect(await asOf("tenYear")).toBe("2026-08-04");
  });

  it("a source without its key says live disabled: no key, never failed; Fiscal Data (no key) fails honestly", async () => {
    const g = offline();
    await g.figures(SERIES_KEYS);
    const states = Object.fromEntries(g.sources().map((s) => [s.source, s]));
    expect(states.fred).toMatchObject({ live: "disabled", reason: "live disabled: no key (FRED_API_KEY unset)" });
    expect(states.eia).toMatchObject({ live: "disabled", reason: "live disabled: no key (EIA_API_KEY unset)" });
    expect(states["fiscal-data"]!.live).toBe("failed");
    expect((await g.figure("gdp")).figure!.note).toContain("live disabled: no key (FRED_API_KEY unset)");
    expect((await g.figure("publicDebt")).figure!.note).toMatch(/live read failed: unreachable/);
  });

  it("parses the bundle with a CSV parser: a quoted comma stays inside its cell", () => {
    const dir = `${GOVERNMENT_DATA_DIR}`;
    expect(readSnapshotCsv("fred_monthly_macro.csv", dir).length).toBe(127);
    const quoted = parse('date,note\n2026-01-01,"a, b"\n', { columns: true }) as Record<string, string>[];
    expect(quoted[0]!.note).toBe("a, b");
  });

  it("without live and without a bundled row, says which is missing", async () => {
    const g = createGovernmentData({
      fredApiKey: null,
      eiaApiKey: null,
      fiscalDataUrl: CLOSED,
      dataDir: new URL("./testing/empty-bundle/", import.meta.url).pathname,
    });
    const { figure, missing } = await g.figure("gdp");
    expect(figure).toBeNull();
    expect(missing).toBe("No live value (live disabled: no key (FRED_API_KEY unset)) and no bundled row for GDP.");
  });
});

describe("government data live, against the publishers' recorded answers", () => {
  let fake: FakePublishers;
  const live = (over: Partial<Parameters<typeof createGovernmentData>[0]> = {}) =>
    createGovernmentData({
      fredApiKey: "fred-test-key",
      eiaApiKey: "eia-test-key",
      fredUrl: `${fake.url}/fred`,
      fiscalDataUrl: `${fake.url}/fiscal`,
      eiaUrl: `${fake.url}/eia`,
      ...over,
    });
  beforeAll(async () => {
    fake = await startFakePublishers();
  });
  afterAll(() => fake.close());

  it("reads every series live with its observation date", async () => {
    fake.mode = "ok";
    const g = live();
    const all = await g.figures(SERIES_KEYS);
    const value = (k: SeriesKey) => [all[k].figure!.source, all[k].figure!.value, all[k].figure!.asOf];
    expect(value("gdp")).toEqual(["live", 32475.21, "2026-04-01"]);
    expect(value("publicDebt")).toEqual(["live", 40033256786764.37, "2026-08-20"]);
    expect(value("cashBalance")).toEqual(["live", 957409, "2026-09-22"]);
    expect(value("wti")).toEqual(["live", 86.48, "2026-08-18"]);
    expect(value("henryHub")).toEqual(["live", 2.82, "2026-08-18"]);
    // CPI's 12-month change computed from the live index equals the bundle's derived column for the same month.
    expect(value("inflation")).toEqual(["live", 3.3, "2026-07-01"]);
    expect(all.inflation.figure!.value).toBe(Number(bundledRow("inflation", "2026-07-01").CPIAUCSL_yoy_pct_derived));
    expect(g.sources().every((s) => s.live === "live")).toBe(true);
  });

  it("sends the key only to its own source and never shows it", async () => {
    fake.mode = "ok";
    fake.requests.length = 0;
    const g = live();
    await g.figures(SERIES_KEYS);
    expect(fake.requests.filter((r) => r.startsWith("/fred")).every((r) => r.includes("api_key=fred-test-key"))).toBe(
      true,
    );
    expect(fake.requests.filter((r) => r.startsWith("/eia")).every((r) => r.includes("api_key=eia-test-key"))).toBe(
      true,
    );
    expect(fake.requests.filter((r) => r.startsWith("/fiscal")).some((r) => r.includes("api_key"))).toBe(false);
    fake.mode = "http-500";
    const broken = live();
    await broken.figures(SERIES_KEYS);
    expect(JSON.stringify([await broken.figures(SERIES_KEYS), broken.sources()])).not.toMatch(/test-key/);
  });

  it("a publisher's error or a non-JSON page falls back to the snapshot and says why", async () => {
    fake.mode = "http-500";
    const g = live();
    const { figure } = await g.figure("wti");
    expect(figure).toMatchObject({ source: "snapshot", asOf: "2026-08-18" });
    expect(figure!.note).toContain("live read failed: HTTP 500");
    fake.mode = "not-json";
    expect((await live().figure("gdp")).figure!.note).toContain("live read failed: the answer is not JSON");
  });

  it("one read per series for a crowd, kept for its TTL; a failure is retried after retryMs", async () => {
    fake.mode = "ok";
    fake.requests.length = 0;
    let t = Date.parse("2026-11-29T00:00:00Z");
    const g = live({ now: () => new Date(t), retryMs: 60_000, liveTtlMs: 600_000 });
    await Promise.all(Array.from({ length: 20 }, () => g.figure("gdp")));
    await g.figure("gdp");
    expect(fake.requests.filter((r) => r.includes("series_id=GDP"))).toHaveLength(1);
    t += 600_000;
    await g.figure("gdp");
    expect(fake.requests.filter((r) => r.includes("series_id=GDP"))).toHaveLength(2);

    fake.mode = "http-500";
    const failing = live({ now: () => new Date(t), retryMs: 60_000 });
    fake.requests.length = 0;
    await failing.figure("wti");
    await failing.figure("wti");
    expect(fake.requests).toHaveLength(1);
    t += 60_000;
    fake.mode = "ok";
    expect((await failing.figure("wti")).figure!.source).toBe("live");
  });

  it("the Fiscal Data probe is a real read, shared for 30 s", async () => {
    fake.mode = "ok";
    fake.requests.length = 0;
    const g = live();
    const [a, b] = await Promise.all([g.probeFiscalData(), g.probeFiscalData()]);
    expect(a).toBe(b);
    expect(a.ok).toBe(true);
    expect(a.latencyMs).toBeGreaterThanOrEqual(0);
    expect(a.lastSuccessAt).not.toBeNull();
    expect(fake.requests).toHaveLength(1);
  });
});

describe("a publisher that never answers", () => {
  it("falls back to the snapshot within the deadline (3 s by default)", async () => {
    expect(LIVE_TIMEOUT_MS).toBe(3000);
    const hole = await startBlackHole();
    try {
      const g = createGovernmentData({
        fredApiKey: null,
        eiaApiKey: null,
        fiscalDataUrl: `http://127.0.0.1:${hole.port}`,
        timeoutMs: 400,
      });
      const started = Date.now();
      const { figure } = await g.figure("publicDebt");
      expect(Date.now() - started).toBeLessThan(1500);
      expect(figure).toMatchObject({ source: "snapshot", asOf: "2026-08-20" });
      expect(figure!.note).toContain("no answer within 400 ms");
      const probe = await g.probeFiscalData();
      expect(probe).toMatchObject({ ok: false, error: "no answer within 400 ms", lastSuccessAt: null });
    } finally {
      await hole.close();
    }
  });
});

describe("yearOverYear", () => {
  it("matches months by date, so a missing month does not shift the comparison", () => {
    const cpi = [
      { date: "2024-10-01", value: 100 },
      { date: "2024-11-01", value: 101 },
      // 2025-10 missing (BLS did not publish it)
      { date: "2025-11-01", value: 104.03 },
    ];
    expect(yearOverYear(cpi)).toEqual({ date: "2025-11-01", value: 3 });
    expect(yearOverYear([{ date: "2025-11-01", value: 1 }])).toBeNull();
  });
});
