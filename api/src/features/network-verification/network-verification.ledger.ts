// The live reads, one short-lived connection per probe and one AbortSignal.timeout per network: an EVM node over
// JSON-RPC (eth_chainId, block 0, the latest block, code at the deploy map's addresses), Horizon's root, and
// rippled's server_info with its validated ledger. Each read settles to a value or a reason in words; no error
// text is passed on as it came (a Sepolia RPC URL may carry an API key).
import { setMaxListeners } from "node:events";
import { createPublicClient, http, type Address } from "viem";
import { Client } from "xrpl";
import { beforeAbort, failureText } from "../../shared/read-failure";

export type Settled<T> = { ok: true; value: T } | { ok: false; why: string };

async function settle<T>(promise: Promise<T>, timeoutMs: number): Promise<Settled<T>> {
  try {
    return { ok: true, value: await promise };
  } catch (err) {
    return { ok: false, why: failureText(err, timeoutMs) };
  }
}

const msSince = (start: number) => Math.round((performance.now() - start) * 10) / 10;

export interface ProbeOptions {
  timeoutMs: number;
  /** Our clock (unix ms) when an answer arrived. */
  now: () => number;
}

export interface EvmReading {
  /** eth_chainId's round trip; null without an answer. */
  latencyMs: number | null;
  chainId: Settled<number>;
  genesisHash: Settled<string>;
  latest: Settled<{ number: bigint; timestamp: number }>;
  /** Per address asked: has code (a non-empty eth_getCode). */
  codes: Settled<boolean>[];
  answeredAt: number;
}

/**
 * eth_chainId first (its round trip is the latency), then block 0, the latest block and the code at every address
 * in one JSON-RPC batch. No chain id, no more reads: they would meet the same silence.
 */
export async function readEvm(rpcUrl: string, addresses: readonly Address[], o: ProbeOptions): Promise<EvmReading> {
  const signal = AbortSignal.timeout(o.timeoutMs);
  // One listener per read and per fetch on the one signal: a deploy map of 20 is no leak.
  setMaxListeners(2 * addresses.length + 16, signal);
  const client = createPublicClient({
    transport: http(rpcUrl, { retryCount: 0, timeout: o.timeoutMs, batch: true, fetchOptions: { signal } }),
  });
  const started = performance.now();
  const chainId = await settle(beforeAbort(client.getChainId(), signal), o.timeoutMs);
  const latencyMs = chainId.ok ? msSince(started) : null;
  if (!chainId.ok) {
    const unread = { ok: false as const, why: `not read: eth_chainId got ${chainId.why}` };
    return {
      latencyMs,
      chainId,
      genesisHash: unread,
      latest: unread,
      codes: addresses.map(() => unread),
      answeredAt: o.now(),
    };
  }
  const [genesis, latest, ...codes] = await Promise.all([
    settle(
      beforeAbort(
        client.getBlock({ blockNumber: 0n }).then((b) => b.hash!.toLowerCase()),
        signal,
      ),
      o.timeoutMs,
    ),
    settle(
      beforeAbort(
        client.getBlock({ blockTag: "latest" }).then((b) => ({ number: b.number, timestamp: Number(b.timestamp) })),
        signal,
      ),
      o.timeoutMs,
    ),
    ...addresses.map((address) =>
      settle(
        beforeAbort(
          client.getCode({ address }).then((code) => Boolean(code && code !== "0x")),
          signal,
        ),
        o.timeoutMs,
      ),
    ),
  ]);
  return {
    latencyMs,
    chainId,
    genesisHash: genesis as Settled<string>,
    latest: latest as Settled<{ number: bigint; timestamp: number }>,
    codes: codes as Settled<boolean>[],
    answeredAt: o.now(),
  };
}

export interface HorizonRoot {
  /** null when the answer has none (not a Horizon server). */
  passphrase: string | null;
  latestLedger: number | null;
  latestLedgerClosedAt: string | null;
}

export interface HorizonReading {
  latencyMs: number | null;
  root: Settled<HorizonRoot>;
  answeredAt: number;
}

/** GET {horizon}/: the network passphrase and the latest ledger Horizon has ingested, with its close time. */
export async function readHorizonRoot(horizonUrl: string, o: ProbeOptions): Promise<HorizonReading> {
  const signal = AbortSignal.timeout(o.timeoutMs);
  const started = performance.now();
  const root = await settle(
    (async (): Promise<HorizonRoot> => {
      const res = await fetch(`${horizonUrl.replace(/\/$/, "")}/`, { signal, headers: { accept: "application/json" } });
      const text = await res.text();
      // Overloaded or down behind a proxy: nothing was read from Horizon itself.
      if (res.status >= 500 || res.status === 429) throw Object.assign(new Error("status"), { status: res.status });
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        // not JSON: not a Horizon root; the check says so
      }
      const ledger = body.history_latest_ledger ?? body.core_latest_ledger;
      return {
        passphrase: typeof body.network_passphrase === "string" ? body.network_passphrase : null,
        latestLedger: typeof ledger === "number" ? ledger : null,
        latestLedgerClosedAt:
          typeof body.history_latest_ledger_closed_at === "string" ? body.history_latest_ledger_closed_at : null,
      };
    })(),
    o.timeoutMs,
  );
  return { latencyMs: root.ok ? msSince(started) : null, root, answeredAt: o.now() };
}

export interface RippledInfo {
  /** null when server_info has no network_id (a rippled older than 1.11, or not rippled). */
  networkId: number | null;
  validatedLedger: number | null;
  /** Unix seconds; null when the ledger command did not say. */
  closeTime: number | null;
}

export interface RippledReading {
  latencyMs: number | null;
  info: Settled<RippledInfo>;
  answeredAt: number;
}

/** Seconds between the Unix epoch and the XRPL's (2000-01-01). */
const RIPPLE_EPOCH = 946_684_800;

/**
 * One short-lived websocket: connect and server_info (their time is the latency), then the validated ledger's
 * close time. Torn down whatever happens, so a hung node keeps nothing open.
 */
export async function readRippled(wsUrl: string, o: ProbeOptions): Promise<RippledReading> {
  const signal = AbortSignal.timeout(o.timeoutMs);
  const client = new Client(wsUrl, { connectionTimeout: o.timeoutMs, timeout: o.timeoutMs });
  // Errors reach the reads below; an unheard 'error' event must not end the process.
  client.on("error", () => undefined);
  const started = performance.now();
  let latencyMs: number | null = null;
  const info = await settle(
    (async (): Promise<RippledInfo> => {
      await beforeAbort(client.connect(), signal);
      const serverInfo = await beforeAbort(client.request({ command: "server_info" }), signal);
      latencyMs = msSince(started);
      const i = serverInfo.result.info as { network_id?: unknown; validated_ledger?: { seq?: unknown } };
      const ledger = await beforeAbort(client.request({ command: "ledger", ledger_index: "validated" }), signal).catch(
        () => null,
      );
      const closeTime = ledger?.result.ledger.close_time;
      return {
        networkId: typeof i.network_id === "number" ? i.network_id : null,
        validatedLedger:
          typeof ledger?.result.ledger_index === "number"
            ? ledger.result.ledger_index
            : typeof i.validated_ledger?.seq === "number"
              ? i.validated_ledger.seq
              : null,
        closeTime: typeof closeTime === "number" && closeTime > 0 ? closeTime + RIPPLE_EPOCH : null,
      };
    })(),
    o.timeoutMs,
  );
  const answeredAt = o.now();
  void client.disconnect().catch(() => undefined);
  return { latencyMs: info.ok ? latencyMs : null, info, answeredAt };
}
