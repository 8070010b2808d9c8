// Government figures: live when the publisher answers, the bundled official snapshot when not, and always which.
// Each live read has a 3 s deadline and is shared by every caller (one read in flight per series); a success is
// kept for `liveTtlMs`, a failure for `retryMs` (the snapshot answers meanwhile, without waiting). A source that
// needs a key and has none is "live disabled: no key", never a failure.
import {
  SERIES,
  SERIES_KEYS,
  SOURCE_KEY_VARIABLE,
  SOURCE_NAMES,
  GOVERNMENT_SOURCES,
  type GovernmentSource,
  type SeriesKey,
} from "./catalogue";
import { eiaDailySpot, DEFAULT_EIA_URL } from "./live/eia";
import { debtToPenny, tgaClosingBalance, DEFAULT_FISCAL_DATA_URL } from "./live/fiscal-data";
import { fredObservations, yearOverYear, DEFAULT_FRED_URL } from "./live/fred";
import { LiveReadError } from "./live/http";
import { GOVERNMENT_DATA_DIR, snapshotLatest, snapshotSeries, type Observation } from "./snapshot";

export const LIVE_TIMEOUT_MS = 3000;
const LIVE_TTL_MS = 30 * 60_000;
const RETRY_MS = 60_000;
const PROBE_TTL_MS = 30_000;

export interface GovernmentDataOptions {
  fredApiKey: string | null;
  eiaApiKey: string | null;
  fredUrl?: string;
  fiscalDataUrl?: string;
  eiaUrl?: string;
  timeoutMs?: number;
  liveTtlMs?: number;
  retryMs?: number;
  now?: () => Date;
  fetchImpl?: typeof fetch;
  dataDir?: string;
}

export interface Figure {
  key: SeriesKey;
  seriesId: string;
  title: string;
  units: string;
  publisher: string;
  value: number;
  /** The observation's own date (the period it refers to), ISO. */
  asOf: string;
  source: "live" | "snapshot";
  /** Where the value came from, in words: the live read's time, or the bundled file and row and why not live. */
  note: string;
  derivation: string | null;
}

export interface FigureAnswer {
  key: SeriesKey;
  figure: Figure | null;
  /** Why there is no figure (neither a live value nor a bundled row), else null. */
  missing: string | null;
}

export type LiveState = "live" | "disabled" | "failed" | "not-tried";

export interface SourceState {
  source: GovernmentSource;
  name: string;
  live: LiveState;
  /** In words: "live disabled: no key (FRED_API_KEY unset)", "no answer within 3000 ms", "answered in 412 ms". */
  reason: string;
  lastAttemptAt: string | null;
  lastSuccessAt: string | null;
  latencyMs: number | null;
}

export interface ProbeResult {
  ok: boolean;
  latencyMs: number | null;
  at: string;
  error: string | null;
  lastSuccessAt: string | null;
}

interface Attempt {
  at: number;
  ok: boolean;
  value: Observation | null;
  error: string | null;
  latencyMs: number;
}

export interface GovernmentData {
  figure(key: SeriesKey): Promise<FigureAnswer>;
  figures<K extends SeriesKey>(keys: readonly K[]): Promise<Record<K, FigureAnswer>>;
  sources(): SourceState[];
  /** A real read of Fiscal Data (the newest debt to the penny row), at most once per 30 s whatever the callers. */
  probeFiscalData(): Promise<ProbeResult>;
  /** A series' bundled observations, ascending (for charts). */
  history(key: SeriesKey): Observation[];
}

export function createGovernmentData(options: GovernmentDataOptions): GovernmentData {
  const now = options.now ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? LIVE_TIMEOUT_MS;
  const liveTtlMs = options.liveTtlMs ?? LIVE_TTL_MS;
  const retryMs = options.retryMs ?? RETRY_MS;
  const dataDir = options.dataDir ?? GOVERNMENT_DATA_DIR;
  const fetchImpl = options.fetchImpl;
  const urls = {
    fred: options.fredUrl ?? DEFAULT_FRED_URL,
    fiscal: options.fiscalDataUrl ?? DEFAULT_FISCAL_DATA_URL,
    eia: options.eiaUrl ?? DEFAULT_EIA_URL,
  };
  const keys: Record<GovernmentSource, string | null> = {
    fred: options.fredApiKey,
    "fiscal-data": "",
    eia: options.eiaApiKey,
  };
  const attempts = new Map<SeriesKey, Attempt>();
  const inFlight = new Map<SeriesKey, Promise<Attempt>>();
  let lastProbe: Promise<ProbeResult> | null = null;
  let lastProbeAt = 0;

  const disabledReason = (source: GovernmentSource) =>
    `live disabled: no key (${SOURCE_KEY_VARIABLE[source] ?? "key"} unset)`;

  /** The raw live read of one series. Throws LiveReadError. */
  async function readLive(key: SeriesKey): Promise<Observation> {
    const def = SERIES[key];
    switch (def.source) {
      case "fred": {
        const common = { baseUrl: urls.fred, apiKey: keys.fred!, timeoutMs, fetchImpl };
        if (key === "inflation") {
          const cpi = await fredObservations({ ...common, seriesId: "CPIAUCSL", limit: 30 });
          const yoy = yearOverYear(cpi);
          if (!yoy) throw new LiveReadError("no CPI month with a value a year earlier");
          return yoy;
        }
        const rows = await fredObservations({ ...common, seriesId: def.seriesId, limit: 10 });
        const last = rows[rows.length - 1];
        if (!last) throw new LiveReadError(`no ${def.seriesId} observation with a value`);
        return last;
      }
      case "fiscal-data":
        return key === "publicDebt"
          ? debtToPenny({ baseUrl: urls.fiscal, timeoutMs, fetchImpl })
          : tgaClosingBalance({ baseUrl: urls.fiscal, timeoutMs, fetchImpl });
      case "eia":
        return eiaDailySpot({
          baseUrl: urls.eia,
          apiKey: keys.eia!,
          seriesId: def.seriesId as "RWTC" | "RNGWHHD",
          timeoutMs,
          fetchImpl,
        });
    }
  }

  function attempt(key: SeriesKey): Promise<Attempt> {
    const running = inFlight.get(key);
    if (running) return running;
    const started = Date.now();
    const p = readLive(key)
      .then(
        (value): Attempt => ({ at: now().getTime(), ok: true, value, error: null, latencyMs: Date.now() - started }),
        (err: unknown): Attempt => ({
          at: now().getTime(),
          ok: false,
          value: null,
          error: err instanceof LiveReadError ? err.message : "the answer could not be read",
          latencyMs: Date.now() - started,
        }),
      )
      .then((a) => {
        // A failure keeps the last good value's record for the source state, but the figure falls back.
        attempts.set(key, a);
        inFlight.delete(key);
        return a;
      });
    inFlight.set(key, p);
    return p;
  }

  /** The last attempt, refreshed when it is due (a success older than the TTL, a failure older than the retry). */
  async function current(key: SeriesKey): Promise<Attempt | null> {
    if (keys[SERIES[key].source] === null) return null;
    const last = attempts.get(key);
    const age = last ? now().getTime() - last.at : Infinity;
    const due = !last || (last.ok ? age >= liveTtlMs : age >= retryMs);
    return due ? attempt(key) : last!;
  }

  function snapshotFigure(key: SeriesKey, why: string): Figure | null {
    const def = SERIES[key];
    const row = snapshotLatest(key, dataDir);
    if (!row) return null;
    return {
      key,
      seriesId: def.seriesId,
      title: def.title,
      units: def.units,
      publisher: SOURCE_NAMES[def.source],
      value: row.value,
      asOf: row.date,
      source: "snapshot",
      note: `Bundled official snapshot, api/data/government/${def.snapshot.file}, row ${row.date}; ${why}.`,
      derivation: def.derivation ?? null,
    };
  }

  async function figure(key: SeriesKey): Promise<FigureAnswer> {
    const def = SERIES[key];
    const a = await current(key);
    if (a?.ok && a.value) {
      return {
        key,
        missing: null,
        figure: {
          key,
          seriesId: def.seriesId,
          title: def.title,
          units: def.units,
          publisher: SOURCE_NAMES[def.source],
          value: a.value.value,
          asOf: a.value.date,
          source: "live",
          note: `Read live from ${SOURCE_NAMES[def.source]} at ${new Date(a.at).toISOString()}.`,
          derivation: def.derivation ?? null,
        },
      };
    }
    const why = a === null ? disabledReason(def.source) : `live read failed: ${a.error}`;
    const snap = snapshotFigure(key, why);
    return snap
      ? { key, figure: snap, missing: null }
      : { key, figure: null, missing: `No live value (${why}) and no bundled row for ${def.seriesId}.` };
  }

  function sourceState(source: GovernmentSource): SourceState {
    const name = SOURCE_NAMES[source];
    const mine = SERIES_KEYS.filter((k) => SERIES[k].source === source)
      .map((k) => attempts.get(k))
      .filter((a): a is Attempt => !!a);
    if (keys[source] === null) {
      return {
        source,
        name,
        live: "disabled",
        reason: disabledReason(source),
        lastAttemptAt: null,
        lastSuccessAt: null,
        latencyMs: null,
      };
    }
    const iso = (t: number | undefined) => (t === undefined ? null : new Date(t).toISOString());
    const latest = mine.reduce<Attempt | undefined>((m, a) => (!m || a.at > m.at ? a : m), undefined);
    const lastOk = mine
      .filter((a) => a.ok)
      .reduce<Attempt | undefined>((m, a) => (!m || a.at > m.at ? a : m), undefined);
    if (!latest) {
      return {
        source,
        name,
        live: "not-tried",
        reason: "not read yet",
        lastAttemptAt: null,
        lastSuccessAt: null,
        latencyMs: null,
      };
    }
    return {
      source,
      name,
      live: latest.ok ? "live" : "failed",
      reason: latest.ok ? `answered in ${latest.latencyMs} ms` : (latest.error ?? "failed"),
      lastAttemptAt: iso(latest.at),
      lastSuccessAt: iso(lastOk?.at),
      latencyMs: latest.latencyMs,
    };
  }

  async function probeFiscalData(): Promise<ProbeResult> {
    if (lastProbe && Date.now() - lastProbeAt < PROBE_TTL_MS) return lastProbe;
    lastProbeAt = Date.now();
    lastProbe = attempt("publicDebt").then((a) => ({
      ok: a.ok,
      latencyMs: a.latencyMs,
      at: new Date(a.at).toISOString(),
      error: a.error,
      lastSuccessAt: sourceState("fiscal-data").lastSuccessAt,
    }));
    return lastProbe;
  }

  return {
    figure,
    async figures(list) {
      const answers = await Promise.all(list.map((k) => figure(k)));
      return Object.fromEntries(answers.map((a) => [a.key, a])) as Record<(typeof list)[number], FigureAnswer>;
    },
    sources: () => GOVERNMENT_SOURCES.map(sourceState),
    probeFiscalData,
    history: (key) => snapshotSeries(key, dataDir),
  };
}
