import { LedgerTimeoutError, withTimeout } from "./deadline";
import {
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
  /** null when live is impossible (e.g. the contract is not deployed on this chain). */
  live: C | null;
  /** Reason reported while `live` is null. */
  unavailableReason?: string;
  simulated: C;
  probe: (signal: AbortSignal) => Promise<ProbeResult>;
  probeTimeoutMs?: number;
  reprobeIntervalMs?: number;
  /** A live operation still running after this is abandoned and the request is simulated. */
  liveOpTimeoutMs?: number;
  logger?: LedgerLogger;
  /** Releases what the live client holds open (the XRPL websocket); called by stop(). */
  dispose?: () => void | Promise<void>;
}

const silentLogger: LedgerLogger = { info() {}, warn() {} };

/**
 * Owns one live and one simulated client and decides which one serves a request. The decision is made
 * by probes (at start and every reprobeIntervalMs) and by live failures, never per request: once the
 * ledger is down, requests go straight to the simulated client until a probe succeeds again.
 */
export class LedgerSelector<C> {
  private readonly probeTimeoutMs: number;
  private readonly reprobeIntervalMs: number;
  private readonly liveOpTimeoutMs: number;
  private readonly logger: LedgerLogger;
  private reachable = false;
  private reason: string | null;
  private latestBlock: number | null = null;
  private lastProbeAt: Date | null = null;
  private lastProbeLatencyMs: number | null = null;
  private timer: NodeJS.Timeout | null = null;
  private probing: Promise<void> | null = null;

  constructor(private readonly opts: LedgerSelectorOptions<C>) {
    this.probeTimeoutMs = opts.probeTimeoutMs ?? 2500;
    this.reprobeIntervalMs = opts.reprobeIntervalMs ?? 60_000;
    this.liveOpTimeoutMs = opts.liveOpTimeoutMs ?? 2500;
    this.logger = opts.logger ?? silentLogger;
    this.reason = opts.live ? "not probed yet" : this.unavailableReason();
  }

  /** Runs the first probe, then re-probes in the background. Never throws. */
  async start(): Promise<void> {
    await this.probeOnce();
    if (this.timer) return;
    this.timer = setInterval(() => void this.probeOnce(), this.reprobeIntervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    void Promise.resolve(this.opts.dispose?.()).catch(() => undefined);
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

  /** The live client, for operations that mean nothing when simulated (reading a wallet's transaction). */
  requireLive(): C {
    if (!this.opts.live || !this.reachable) {
      throw new LedgerUnreachableError(this.opts.ledger, this.opts.endpoint, { cause: this.reason });
    }
    return this.opts.live;
  }

  async run<T extends object>(op: (client: C) => Promise<T>): Promise<Sourced<T>> {
    const live = this.opts.live;
    if (live && this.reachable) {
      try {
        const result = await withTimeout(op(live), this.liveOpTimeoutMs, `${this.opts.endpoint} request`);
        return { ...result, source: "live", reason: null };
      } catch (err) {
        if (!isUnreachable(err)) throw err;
        this.markDown(`${this.opts.endpoint} unreachable`, err);
      }
    }
    const result = await op(this.opts.simulated);
    return { ...result, source: "simulated", reason: this.status().reason };
  }

  private isLive(): boolean {
    return this.opts.live !== null && this.reachable;
  }

  private unavailableReason(): string {
    return this.opts.unavailableReason ?? `live ${this.opts.ledger} client unavailable`;
  }

  private markDown(reason: string, err: unknown): void {
    const wasLive = this.isLive();
    this.reachable = false;
    this.reason = reason;
    if (wasLive) this.logger.warn({ ledger: this.opts.ledger, reason, err: describe(err) }, "ledger down, simulating");
  }

  private probeOnce(): Promise<void> {
    // One probe at a time: a slow endpoint must not pile up probes.
    this.probing ??= this.doProbe().finally(() => {
      this.probing = null;
    });
    return this.probing;
  }

  private async doProbe(): Promise<void> {
    const started = Date.now();
    const controller = new AbortController();
    try {
      const result = await withTimeout(
        this.opts.probe(controller.signal),
        this.probeTimeoutMs,
        `${this.opts.endpoint} probe`,
      );
      const wasLive = this.isLive();
      this.reachable = true;
      this.latestBlock = result.latestBlock;
      this.reason = this.opts.live ? null : this.unavailableReason();
      if (!wasLive && this.isLive()) this.logger.info({ ledger: this.opts.ledger, latestBlock: result.latestBlock }, "ledger live");
    } catch (err) {
      controller.abort();
      const firstProbe = this.lastProbeAt === null;
      this.markDown(`${this.opts.endpoint} unreachable`, err);
      if (firstProbe) this.logger.warn({ ledger: this.opts.ledger, reason: this.reason, err: describe(err) }, "ledger unreachable at start, simulating");
      if (!this.opts.live) this.reason = this.unavailableReason();
    } finally {
      this.lastProbeAt = new Date();
      this.lastProbeLatencyMs = Date.now() - started;
    }
  }
}

function isUnreachable(err: unknown): boolean {
  return err instanceof LedgerUnreachableError || err instanceof LedgerTimeoutError;
}

/** Message and name only: errors from SDKs can carry request bodies, which may hold signed payloads. */
function describe(err: unknown): { name: string; message: string } {
  return err instanceof Error ? { name: err.name, message: err.message } : { name: "unknown", message: String(err) };
}
