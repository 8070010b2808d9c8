import { LedgerTimeoutError, withTimeout } from "./deadline";
import { scrubText } from "../logger";
import {
  LedgerBusyError,
  LiveUnavailableError,
  LedgerUnreachableError,
  type LedgerName,
  type LedgerStatus,
  type ProbeResult,
  type Sourced,
} from "./types";

export interface LedgerLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface LedgerSelectorOptions<C> {
  ledger: LedgerName;
  network: string;
  /** host:port, never a URL with credentials. */
  endpoint: string;
  account: string | null;
  /** null when live is impossible (e.g. the contracts are not deployed on this chain). */
  live: C | null;
  /** Reason reported while `live` is null. */
  unavailableReason?: string;
  simulated: C;
  probe: (signal: AbortSignal) => Promise<ProbeResult>;
  /**
   * Something accepts connections at the endpoint (a TCP connect to the local node). A probe that times out while
   * this answers means a busy ledger, not a dead one: it stays live, and a request it cannot serve in time is a
   * LedgerBusyError. Only where an answering socket is the ledger itself (the local node, whose hangs the stack's
   * supervisor handles); a remote RPC's load balancer accepts connections for a dead node too.
   */
  listening?: (signal: AbortSignal) => Promise<void>;
  /** How long probes may keep timing out on a listening endpoint before it counts as hung (down). Default 30 s. */
  busyGraceMs?: number;
  probeTimeoutMs?: number;
  /** Re-probe interval while live. */
  reprobeIntervalMs?: number;
  /** Re-probe interval while down: short, so a ledger that comes back is live again within seconds. */
  downReprobeIntervalMs?: number;
  /** A live op still running after this makes the selector ask the ledger whether it is still there. */
  liveOpTimeoutMs?: number;
  /** Timeout of that confirming probe: stall + confirmation stay within the 3 s a dead ledger may cost. */
  confirmProbeTimeoutMs?: number;
  /** A live op that has not reached the ledger after this, on a ledger that answers, is busy (503, Retry-After). */
  busyLimitMs?: number;
  logger?: LedgerLogger;
  /** Releases what the live client holds open (the XRPL websocket); called by stop(). */
  dispose?: () => void | Promise<void>;
}

/**
 * What a live op tells the selector. Once `submitted()` is called the transaction may be on the ledger, so
 * the op is never abandoned or replaced by a simulation from then on. `signal` aborts when the selector
 * gives up on the op (the ledger turned out to be down): an op waiting for its turn must not send later.
 */
export interface OpContext {
  readonly signal: AbortSignal;
  submitted(): void;
}

/** The connect check's bound: a stall (1.5 s), a confirming probe (0.9 s) and this stay within 3 s. */
const LISTEN_TIMEOUT_MS = 400;

const silentLogger: LedgerLogger = { info() {}, warn() {} };
const offlineContext: OpContext = { signal: new AbortController().signal, submitted() {} };

/**
 * Owns one live and one simulated client and decides which one serves a request. The decision follows
 * probes, never one request's timeout: a live op that stalls or fails on the network makes the selector
 * probe at once; only a failed probe turns the ledger simulated (and the stalled request with it, within
 * 3 s). A ledger that answers the probe is busy, not down: its requests stay live, and one that cannot be
 * served in time is a LedgerBusyError (503 with Retry-After), never a simulated success.
 */
export class LedgerSelector<C> {
  private readonly probeTimeoutMs: number;
  private readonly reprobeIntervalMs: number;
  private readonly downReprobeIntervalMs: number;
  private readonly liveOpTimeoutMs: number;
  private readonly confirmProbeTimeoutMs: number;
  private readonly busyLimitMs: number;
  private readonly listenTimeoutMs: number;
  private readonly busyGraceMs: number;
  /** When probes began timing out on an endpoint that still accepts connections; null while they answer. */
  private busySince: number | null = null;
  private readonly logger: LedgerLogger;
  private reachable = false;
  /** Why a reachable ledger is still not live (the probe found no contract code at the map's addresses). */
  private blocked: string | null = null;
  private reason: string | null;
  private latestBlock: number | null = null;
  private lastProbeAt: Date | null = null;
  private lastProbeLatencyMs: number | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private probing: Promise<boolean> | null = null;
  private readonly listeners = new Set<(status: LedgerStatus) => void>();

  constructor(private readonly opts: LedgerSelectorOptions<C>) {
    this.probeTimeoutMs = opts.probeTimeoutMs ?? 2500;
    this.reprobeIntervalMs = opts.reprobeIntervalMs ?? 60_000;
    this.downReprobeIntervalMs = Math.min(opts.downReprobeIntervalMs ?? 3_000, this.reprobeIntervalMs);
    this.liveOpTimeoutMs = opts.liveOpTimeoutMs ?? 1500;
    this.confirmProbeTimeoutMs = opts.confirmProbeTimeoutMs ?? 900;
    this.busyLimitMs = opts.busyLimitMs ?? 20_000;
    this.listenTimeoutMs = opts.listening ? LISTEN_TIMEOUT_MS : 0;
    this.busyGraceMs = opts.busyGraceMs ?? 30_000;
    this.logger = opts.logger ?? silentLogger;
    this.reason = opts.live ? "not probed yet" : this.unavailableReason();
  }

  /** Runs the first probe, then re-probes in the background. Never throws. */
  async start(): Promise<void> {
    this.stopped = false;
    await this.probeOnce();
    this.schedule();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    void Promise.resolve(this.opts.dispose?.()).catch(() => undefined);
  }

  /** Called after every probe; status listeners (caches keyed by the chain instance) hook in here. */
  onProbe(listener: (status: LedgerStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  status(): LedgerStatus {
    const { ledger, network, endpoint, account } = this.opts;
    return {
      ledger,
      network,
      mode: this.isLive() ? "live" : "simulated",
      reachable: this.reachable,
      reason: this.isLive() ? null : this.reason,
      endpoint,
      latestBlock: this.latestBlock,
      lastProbeAt: this.lastProbeAt?.toISOString() ?? null,
      lastProbeLatencyMs: this.lastProbeLatencyMs,
      account,
    };
  }

  /** A probe now (joining one in flight, bounded by the probe timeout), then the status it left. Never throws. */
  async probeNow(): Promise<LedgerStatus> {
    await this.probeOnce();
    return this.status();
  }

  /** The live client, for operations that mean nothing when simulated (reading a wallet's transaction). */
  requireLive(): C {
    if (!this.opts.live || !this.reachable) {
      throw new LedgerUnreachableError(this.opts.ledger, this.opts.endpoint, { cause: this.reason });
    }
    return this.opts.live;
  }

  /**
   * The op on the live client while the ledger is live, else on the simulated one. See the class comment
   * for what happens when the live attempt stalls or fails on the network.
   */
  async run<T extends object>(op: (client: C, ctx: OpContext) => Promise<T>): Promise<Sourced<T>> {
    const live = this.opts.live;
    let reason: string | null = null;
    if (live && this.isLive()) {
      try {
        const outcome = await this.attemptLive(live, op);
        if (outcome.kind === "done") return { ...outcome.value, source: "live", reason: null };
      } catch (err) {
        // This one operation cannot be live (its contract is not deployed on this chain): simulate it, say why.
        if (!(err instanceof LiveUnavailableError)) throw err;
        reason = err.message;
      }
    }
    const result = await op(this.opts.simulated, offlineContext);
    return { ...result, source: "simulated", reason: reason ?? this.status().reason };
  }

  private async attemptLive<T>(
    live: C,
    op: (client: C, ctx: OpContext) => Promise<T>,
  ): Promise<{ kind: "done"; value: T } | { kind: "down" }> {
    const abort = new AbortController();
    let submitted = false;
    const ctx: OpContext = { signal: abort.signal, submitted: () => void (submitted = true) };
    const started = Date.now();
    const attempt = op(live, ctx).then(
      (value) => ({ ok: true as const, value }),
      (error: unknown) => ({ ok: false as const, error }),
    );
    let settled = await raceTimer(attempt, this.liveOpTimeoutMs);
    if (settled === null && !submitted) {
      // Stalled before reaching the ledger: is the ledger still there?
      if (!(await this.confirm())) {
        abort.abort();
        return { kind: "down" };
      }
    }
    if (settled === null) settled = await raceTimer(attempt, Math.max(0, this.busyLimitMs - (Date.now() - started)));
    if (settled === null) {
      if (submitted) {
        settled = await attempt; // on the ledger already: the op bounds its own wait for the receipt
      } else {
        abort.abort();
        throw new LedgerBusyError(
          this.opts.ledger,
          `${this.opts.endpoint} is busy: the request could not be sent within ${Math.round(this.busyLimitMs / 1000)} s`,
        );
      }
    }
    if (settled.ok) return { kind: "done", value: settled.value };
    const error = settled.error;
    if (!isUnreachable(error) || submitted) throw error;
    // The network failed this op: only a failed probe makes the ledger simulated.
    if (!(await this.confirm())) return { kind: "down" };
    throw new LedgerBusyError(
      this.opts.ledger,
      `${this.opts.endpoint} did not answer this request; it answers probes, try again`,
      2,
      { cause: error },
    );
  }

  /** A probe now (joining one in flight), bounded by the confirmation timeout. */
  private async confirm(): Promise<boolean> {
    const ok = await raceTimer(
      this.probeOnce(this.confirmProbeTimeoutMs),
      this.confirmProbeTimeoutMs + this.listenTimeoutMs + 50,
    );
    if (ok === null) {
      this.markDown(
        `${this.opts.endpoint} unreachable`,
        new LedgerTimeoutError("confirming probe", this.confirmProbeTimeoutMs),
      );
      return false;
    }
    return ok && this.isLive();
  }

  private schedule(): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    const delay = this.isLive() || !this.opts.live ? this.reprobeIntervalMs : this.downReprobeIntervalMs;
    this.timer = setTimeout(() => void this.probeOnce().finally(() => this.schedule()), delay);
    this.timer.unref();
  }

  private isLive(): boolean {
    return this.opts.live !== null && this.reachable && this.blocked === null;
  }

  private unavailableReason(): string {
    return this.opts.unavailableReason ?? `live ${this.opts.ledger} client unavailable`;
  }

  private markDown(reason: string, err: unknown): void {
    const wasLive = this.isLive();
    this.reachable = false;
    this.reason = reason;
    if (wasLive) {
      this.logger.warn({ ledger: this.opts.ledger, reason, err: describe(err) }, "ledger down, simulating");
      // Re-probe on the short down interval from now, not at the end of the long live one.
      if (this.timer) this.schedule();
    }
  }

  /** Whether the endpoint accepts a connection within LISTEN_TIMEOUT_MS (false when no such check is given). */
  private async listens(): Promise<boolean> {
    const check = this.opts.listening;
    if (!check) return false;
    const controller = new AbortController();
    try {
      await withTimeout(check(controller.signal), this.listenTimeoutMs, `${this.opts.endpoint} connect`);
      return true;
    } catch {
      controller.abort();
      return false;
    }
  }

  private probeOnce(timeoutMs = this.probeTimeoutMs): Promise<boolean> {
    // One probe at a time: a slow endpoint must not pile up probes.
    this.probing ??= this.doProbe(timeoutMs).finally(() => {
      this.probing = null;
    });
    return this.probing;
  }

  private async doProbe(timeoutMs: number): Promise<boolean> {
    const started = Date.now();
    const controller = new AbortController();
    try {
      const result = await withTimeout(this.opts.probe(controller.signal), timeoutMs, `${this.opts.endpoint} probe`);
      const wasLive = this.isLive();
      this.reachable = true;
      this.busySince = null;
      this.latestBlock = result.latestBlock;
      this.blocked = result.notLive ?? null;
      this.reason = !this.opts.live ? this.unavailableReason() : this.blocked;
      if (!wasLive && this.isLive())
        this.logger.info({ ledger: this.opts.ledger, latestBlock: result.latestBlock }, "ledger live");
      return true;
    } catch (err) {
      controller.abort();
      let reason = `${this.opts.endpoint} unreachable`;
      if (err instanceof LedgerTimeoutError && this.isLive() && (await this.listens())) {
        this.busySince ??= Date.now();
        if (Date.now() - this.busySince < this.busyGraceMs) {
          // Slow under load, not gone: requests keep going to it (load never makes a live ledger simulated).
          this.logger.info({ ledger: this.opts.ledger, timeoutMs }, "ledger busy: probe timed out, endpoint listening");
          return true;
        }
        // Connections accepted, nothing answered for the whole grace: a hung node, not a busy one.
        reason = `${this.opts.endpoint} accepts connections but has answered no probe for ${Math.round(this.busyGraceMs / 1000)} s`;
      }
      this.busySince = null;
      const firstProbe = this.lastProbeAt === null;
      this.markDown(reason, err);
      if (firstProbe)
        this.logger.warn(
          { ledger: this.opts.ledger, reason: this.reason, err: describe(err) },
          "ledger unreachable at start, simulating",
        );
      if (!this.opts.live) this.reason = this.unavailableReason();
      return false;
    } finally {
      this.lastProbeAt = new Date();
      this.lastProbeLatencyMs = Date.now() - started;
      const status = this.status();
      for (const listener of this.listeners) listener(status);
    }
  }
}

/** The promise's value, or null when `ms` passes first. */
function raceTimer<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), Math.max(0, ms));
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function isUnreachable(err: unknown): boolean {
  return err instanceof LedgerUnreachableError || err instanceof LedgerTimeoutError;
}

/** Message and name only: errors from SDKs can carry request bodies, which may hold signed payloads. */
function describe(err: unknown): { name: string; message: string } {
  return err instanceof Error
    ? { name: err.name, message: scrubText(err.message) }
    : { name: "unknown", message: scrubText(String(err)) };
}
