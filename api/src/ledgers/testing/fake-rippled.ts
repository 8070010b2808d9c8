import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import { decode, hashes } from "xrpl";

// A minimal rippled on 127.0.0.1 speaking JSON over a websocket, enough for xrpl.js 5.3's Client to connect
// (server_info), autofill a Payment (account_info, server_info for the fee, ledger), submit it and poll `tx`.
// Everything a test steers is a plain mutable field; every request received is recorded in `requests`.

// `ws` (a dependency of xrpl) ships no type declarations and @types/ws is not installed: the few members used
// here are typed locally.
interface WsSocket {
  readonly readyState: number;
  send(data: string): void;
  terminate(): void;
  on(event: "message", listener: (data: Buffer | ArrayBuffer | Buffer[]) => void): this;
  on(event: "close" | "error", listener: () => void): this;
}
interface WsServer {
  readonly clients: Set<WsSocket>;
  address(): AddressInfo | string | null;
  on(event: "connection", listener: (socket: WsSocket) => void): this;
  on(event: "listening", listener: () => void): this;
  on(event: "error", listener: (err: Error) => void): this;
  close(cb?: (err?: Error) => void): void;
}
const { WebSocketServer } = createRequire(import.meta.url)("ws") as {
  WebSocketServer: new (opts: { host: string; port: number }) => WsServer;
};

const OPEN = 1;

export interface FakeRequest {
  id?: number | string;
  command: string;
  [key: string]: unknown;
}

export interface FakeSubmission {
  txBlob: string;
  hash: string;
  tx: Record<string, unknown>;
  engineResult: string;
  /** The fake's validated ledger when the blob arrived. */
  validatedAtSubmit: number;
  /** `tx` lookups answered so far. */
  polls: number;
  /** The ledger that validated it, once a lookup reported it validated. */
  ledgerIndex: number | null;
}

export interface FakeRippledOptions {
  validatedLedger?: number;
  /** Sequence every account starts at. */
  sequence?: number;
  networkId?: number;
}

export interface FakeRippled {
  /** ws://127.0.0.1:<port> */
  readonly url: string;
  readonly port: number;
  /** Index of the last validated ledger; advances by one when a submitted transaction gets validated. */
  validatedLedger: number;
  /** Preliminary result of the next submits (tesSUCCESS, terQUEUED, tecUNFUNDED_PAYMENT, tefPAST_SEQ...). */
  engineResult: string;
  /** meta.TransactionResult reported once validated; defaults to the preliminary result. */
  finalResult: string | null;
  /** `tx` lookups answered with validated:false before the one that reports the transaction validated. */
  pollsBeforeValidated: number;
  /**
   * When true a blob whose Sequence is not the account's next gets tefPAST_SEQ (used) or terPRE_SEQ (ahead)
   * instead of `engineResult`, as rippled would: parallel senders that collide are caught.
   */
  strictSequences: boolean;
  /** The account's next Sequence as account_info reports it. */
  sequenceOf(account: string): number;
  /** Sets it, e.g. as if another sender's transaction had just been applied. */
  setSequence(account: string, next: number): void;
  /** Accounts answered with actNotFound by account_info (every other account exists). */
  readonly missingAccounts: Set<string>;
  /** Commands received and never answered (e.g. "submit": the node hangs mid-request). */
  readonly swallow: Set<string>;
  /** When true no command at all is answered. */
  silent: boolean;
  /** Every request received, in order, answered or not. */
  readonly requests: FakeRequest[];
  readonly submissions: FakeSubmission[];
  /** Called with each request before it is answered, e.g. to go silent when `submit` arrives. */
  onRequest: ((req: FakeRequest) => void) | null;
  /** Websocket connections accepted so far. */
  connections: number;
  commands(): string[];
  /** Resolves when no client is connected (after the clients disconnected), or after `ms`. */
  idle(ms?: number): Promise<boolean>;
  close(): Promise<void>;
}

class RpcError extends Error {
  constructor(readonly error: string, readonly code: number, message: string) {
    super(message);
  }
}

const LEDGER_HASH = (seq: number) => seq.toString(16).toUpperCase().padStart(64, "0");

export async function startFakeRippled(opts: FakeRippledOptions = {}): Promise<FakeRippled> {
  const wss = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  await new Promise<void>((resolve, reject) => {
    wss.on("listening", resolve);
    wss.on("error", reject);
  });
  const { port } = wss.address() as AddressInfo;
  const sequences = new Map<string, number>();
  const byHash = new Map<string, FakeSubmission>();

  const fake: FakeRippled = {
    url: `ws://127.0.0.1:${port}`,
    port,
    validatedLedger: opts.validatedLedger ?? 1000,
    engineResult: "tesSUCCESS",
    finalResult: null,
    pollsBeforeValidated: 0,
    strictSequences: false,
    sequenceOf: (account) => sequenceOf(account),
    setSequence: (account, next) => void sequences.set(account, next),
    missingAccounts: new Set(),
    swallow: new Set(),
    silent: false,
    requests: [],
    submissions: [],
    onRequest: null,
    connections: 0,
    commands: () => fake.requests.map((r) => r.command),
    async idle(ms = 2000) {
      const until = Date.now() + ms;
      while (wss.clients.size > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
      return wss.clients.size === 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of wss.clients) socket.terminate();
        wss.close(() => resolve());
      }),
  };

  const sequenceOf = (account: string) => sequences.get(account) ?? opts.sequence ?? 5;

  function serverInfo() {
    const seq = fake.validatedLedger;
    return {
      info: {
        build_version: "2.4.0",
        complete_ledgers: `${seq - 100}-${seq}`,
        hostid: "FAKE",
        load_factor: 1,
        network_id: opts.networkId ?? 1,
        peers: 10,
        server_state: "full",
        validated_ledger: { age: 1, base_fee_xrp: 0.00001, hash: LEDGER_HASH(seq), reserve_base_xrp: 1, reserve_inc_xrp: 0.2, seq },
        validation_quorum: 4,
      },
    };
  }

  function handle(req: FakeRequest): Record<string, unknown> {
    switch (req.command) {
      case "ping":
        return {};
      case "server_info":
        return serverInfo();
      case "server_state": {
        const seq = fake.validatedLedger;
        return { state: { build_version: "2.4.0", load_base: 256, load_factor: 256, network_id: opts.networkId ?? 1, server_state: "full", validated_ledger: { base_fee: 10, close_time: 0, hash: LEDGER_HASH(seq), reserve_base: 1_000_000, reserve_inc: 200_000, seq } } };
      }
      case "fee":
        return {
          current_ledger_size: "10",
          current_queue_size: "0",
          drops: { base_fee: "10", median_fee: "5000", minimum_fee: "10", open_ledger_fee: "10" },
          expected_ledger_size: "100",
          ledger_current_index: fake.validatedLedger + 1,
          levels: { median_level: "128000", minimum_level: "256", open_ledger_level: "256", reference_level: "256" },
          max_queue_size: "2000",
        };
      case "ledger_current":
        return { ledger_current_index: fake.validatedLedger + 1 };
      case "ledger": {
        if (req.ledger_index !== undefined && req.ledger_index !== "validated") throw new RpcError("invalidParams", 31, "only the validated ledger is known here");
        const seq = fake.validatedLedger;
        return {
          ledger: { closed: true, ledger_hash: LEDGER_HASH(seq), ledger_index: seq, parent_hash: LEDGER_HASH(seq - 1), close_time: 0, total_coins: "99999999999999999" },
          ledger_hash: LEDGER_HASH(seq),
          ledger_index: seq,
          validated: true,
        };
      }
      case "account_info": {
        const account = String(req.account);
        if (fake.missingAccounts.has(account)) throw new RpcError("actNotFound", 19, "Account not found.");
        const current = req.ledger_index === "current";
        return {
          account_data: { Account: account, Balance: "100000000000", Flags: 0, LedgerEntryType: "AccountRoot", OwnerCount: 0, Sequence: sequenceOf(account), index: LEDGER_HASH(0) },
          ...(current ? { ledger_current_index: fake.validatedLedger + 1 } : { ledger_index: fake.validatedLedger }),
          validated: !current,
        };
      }
      case "submit":
        return submit(String(req.tx_blob));
      case "tx":
        return lookup(String(req.transaction));
      default:
        throw new RpcError("unknownCmd", 32, "Unknown method.");
    }
  }

  function submit(txBlob: string): Record<string, unknown> {
    let tx: Record<string, unknown>;
    try {
      tx = decode(txBlob) as Record<string, unknown>;
    } catch {
      throw new RpcError("invalidTransaction", 6, "fails local checks: could not decode the blob");
    }
    const hash = hashes.hashSignedTx(txBlob);
    const expected = sequenceOf(String(tx.Account));
    const engineResult =
      fake.strictSequences && Number(tx.Sequence) < expected
        ? "tefPAST_SEQ"
        : fake.strictSequences && Number(tx.Sequence) > expected
          ? "terPRE_SEQ"
          : fake.engineResult;
    const included = engineResult === "tesSUCCESS" || engineResult === "terQUEUED" || engineResult.startsWith("tec");
    const sub: FakeSubmission = { txBlob, hash, tx, engineResult, validatedAtSubmit: fake.validatedLedger, polls: 0, ledgerIndex: null };
    fake.submissions.push(sub);
    if (included) {
      byHash.set(hash, sub);
      const account = String(tx.Account);
      sequences.set(account, Math.max(sequenceOf(account), Number(tx.Sequence) + 1));
    }
    return {
      accepted: included,
      applied: included,
      broadcast: included,
      kept: true,
      queued: engineResult === "terQUEUED",
      engine_result: engineResult,
      engine_result_code: engineResult === "tesSUCCESS" ? 0 : engineResult.startsWith("tec") ? 104 : -190,
      engine_result_message: `fake rippled: ${engineResult}`,
      tx_blob: txBlob,
      tx_json: { ...tx, hash },
      validated_ledger_index: fake.validatedLedger,
    };
  }

  function lookup(hash: string): Record<string, unknown> {
    const sub = byHash.get(hash);
    if (!sub) throw new RpcError("txnNotFound", 29, "Transaction not found.");
    sub.polls++;
    if (sub.ledgerIndex === null && sub.polls > fake.pollsBeforeValidated) sub.ledgerIndex = ++fake.validatedLedger;
    const { ledgerIndex } = sub;
    if (ledgerIndex === null) return { tx_json: sub.tx, hash, validated: false };
    return {
      tx_json: sub.tx,
      hash,
      ledger_index: ledgerIndex,
      ledger_hash: LEDGER_HASH(ledgerIndex),
      close_time_iso: "2026-01-01T00:00:00Z",
      meta: { AffectedNodes: [], TransactionIndex: 0, TransactionResult: fake.finalResult ?? sub.engineResult, delivered_amount: sub.tx.Amount },
      validated: true,
    };
  }

  wss.on("connection", (socket) => {
    fake.connections++;
    socket.on("error", () => undefined);
    socket.on("message", (data) => {
      let req: FakeRequest;
      try {
        req = JSON.parse(String(data)) as FakeRequest;
      } catch {
        if (socket.readyState === OPEN) socket.send(JSON.stringify({ type: "response", status: "error", error: "badSyntax" }));
        return;
      }
      fake.requests.push(req);
      fake.onRequest?.(req);
      if (fake.silent || fake.swallow.has(req.command)) return;
      let reply: Record<string, unknown>;
      try {
        reply = { id: req.id, type: "response", status: "success", api_version: req.api_version ?? 2, result: handle(req) };
      } catch (err) {
        const e = err instanceof RpcError ? err : new RpcError("internal", 73, err instanceof Error ? err.message : String(err));
        reply = { id: req.id, type: "response", status: "error", api_version: req.api_version ?? 2, error: e.error, error_code: e.code, error_message: e.message, request: req };
      }
      if (socket.readyState === OPEN) socket.send(JSON.stringify(reply));
    });
  });

  return fake;
}
