import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { decode, deriveAddress, hashes, verifySignature, Wallet } from "xrpl";

// A small rippled on 127.0.0.1 speaking JSON over a websocket, enough for xrpl.js 5.3's Client, and a mini
// ledger behind it: XRP balances, sequences, fees, reserves (server_info), trust lines and issued currencies
// with issuer semantics (the issuer pays = issues, a payment to the issuer = redeems), signature checks,
// account_lines, account_tx, gateway_balances, tx with memos. The testnet faucet's HTTP shape (POST
// /accounts {destination}) answers on the same port. Everything a test steers is a plain mutable field;
// every request received is recorded in `requests`.

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
// Resolved from the repository root, not import.meta: Playwright's global setup loads this file as CommonJS.
const { WebSocketServer } = createRequire(join(process.cwd(), "package.json"))("ws") as {
  WebSocketServer: new (opts: { server: Server }) => WsServer;
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
  /**
   * "any" (default): every account not in `missingAccounts` exists with 100,000 XRP, as the client tests
   * assume. "funded": only accounts the faucet (or a payment) created exist, as on a fresh testnet.
   */
  accounts?: "any" | "funded";
  port?: number;
}

export interface FakeTrustLine {
  holder: string;
  issuer: string;
  currency: string;
  /** The holder's balance (what the issuer owes it), decimal text. */
  balance: string;
  limit: string;
}

export interface FakeRippled {
  /** ws://127.0.0.1:<port> */
  readonly url: string;
  /** http://127.0.0.1:<port>: the faucet (POST /accounts), e.g. XRPL_FAUCET_HOST. */
  readonly httpUrl: string;
  readonly port: number;
  /** Reserves and fee as server_info reports them (drops). */
  reserveBaseDrops: number;
  reserveIncDrops: number;
  baseFeeDrops: number;
  /** XRP the faucet gives per request. */
  faucetXrp: number;
  /** When true the faucet answers 503. */
  faucetDown: boolean;
  /** XRP balance in drops (null: no such account). */
  balanceOf(account: string): bigint | null;
  linesOf(account: string): FakeTrustLine[];
  /** Creates (or tops up) an account, as the faucet does. */
  fundAccount(account: string, xrp: number): void;
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
  constructor(
    readonly error: string,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const LEDGER_HASH = (seq: number) => seq.toString(16).toUpperCase().padStart(64, "0");

// Issued-currency values: 15 significant digits, as the ledger keeps them.
const add = (a: string, b: string) => String(Number((Number(a) + Number(b)).toPrecision(15)));
const negate = (a: string) => (a.startsWith("-") ? a.slice(1) : a === "0" ? "0" : `-${a}`);

export async function startFakeRippled(opts: FakeRippledOptions = {}): Promise<FakeRippled> {
  const http = createServer((req, res) => void faucetRequest(req, res));
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(opts.port ?? 0, "127.0.0.1", () => resolve());
  });
  const wss = new WebSocketServer({ server: http });
  const { port } = http.address() as AddressInfo;
  const sequences = new Map<string, number>();
  const byHash = new Map<string, FakeSubmission>();
  const auto = (opts.accounts ?? "any") === "any";
  const balances = new Map<string, bigint>();
  const ownerCounts = new Map<string, number>();
  const lines = new Map<string, FakeTrustLine>();
  /** Everything applied, in order: what account_tx answers from. */
  const applied: FakeSubmission[] = [];
  const faucetWallet = Wallet.generate();

  const fake: FakeRippled = {
    url: `ws://127.0.0.1:${port}`,
    httpUrl: `http://127.0.0.1:${port}`,
    port,
    reserveBaseDrops: 1_000_000,
    reserveIncDrops: 200_000,
    baseFeeDrops: 10,
    faucetXrp: 100,
    faucetDown: false,
    balanceOf: (account) => balanceOf(account),
    linesOf: (account) => [...lines.values()].filter((l) => l.holder === account || l.issuer === account),
    fundAccount: (account, xrp) => fundAccount(account, xrp),
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
        wss.close(() => {
          http.closeAllConnections();
          http.close(() => resolve());
        });
      }),
  };

  const sequenceOf = (account: string) => sequences.get(account) ?? opts.sequence ?? 5;
  const exists = (account: string) => !fake.missingAccounts.has(account) && (balances.has(account) || auto);
  const balanceOf = (account: string): bigint | null =>
    exists(account) ? (balances.get(account) ?? 100_000_000_000n) : null;
  const ownerCountOf = (account: string) => ownerCounts.get(account) ?? 0;
  const reserveOf = (account: string, extraOwned = 0) =>
    BigInt(fake.reserveBaseDrops) + BigInt(fake.reserveIncDrops) * BigInt(ownerCountOf(account) + extraOwned);
  const lineKey = (holder: string, issuer: string, currency: string) => `${holder}|${issuer}|${currency}`;

  function fundAccount(account: string, xrp: number) {
    const before = balanceOf(account);
    balances.set(account, (before ?? 0n) + BigInt(Math.round(xrp * 1e6)));
    fake.missingAccounts.delete(account);
    // The faucet's payment shows in the account's history, as on testnet.
    const tx = {
      TransactionType: "Payment",
      Account: faucetWallet.address,
      Destination: account,
      Amount: String(Math.round(xrp * 1e6)),
      Fee: "10",
      Sequence: applied.length + 1,
    };
    const sub: FakeSubmission = {
      txBlob: "",
      hash: randomBytes(32).toString("hex").toUpperCase(),
      tx,
      engineResult: "tesSUCCESS",
      validatedAtSubmit: fake.validatedLedger,
      polls: 0,
      ledgerIndex: ++fake.validatedLedger,
    };
    byHash.set(sub.hash, sub);
    applied.push(sub);
  }

  async function faucetRequest(req: IncomingMessage, res: ServerResponse) {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.method !== "POST" || req.url !== "/accounts") return send(404, { error: "not found" });
    let text = "";
    for await (const chunk of req) text += String(chunk);
    if (fake.faucetDown) return send(503, { error: "faucet down" });
    let destination: string | undefined;
    try {
      destination = (JSON.parse(text || "{}") as { destination?: string }).destination;
    } catch {
      return send(400, { error: "invalid JSON" });
    }
    const account = destination ?? Wallet.generate().address;
    if (!/^r[1-9A-HJ-NP-Za-km-z]{24,34}$/.test(account)) return send(400, { error: "invalid destination" });
    fundAccount(account, fake.faucetXrp);
    send(200, {
      account: { xAddress: account, classicAddress: account, address: account },
      amount: fake.faucetXrp,
      transactionHash: applied.at(-1)!.hash,
    });
  }

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
        validated_ledger: {
          age: 1,
          base_fee_xrp: fake.baseFeeDrops / 1e6,
          hash: LEDGER_HASH(seq),
          reserve_base_xrp: fake.reserveBaseDrops / 1e6,
          reserve_inc_xrp: fake.reserveIncDrops / 1e6,
          seq,
        },
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
        return {
          state: {
            build_version: "2.4.0",
            load_base: 256,
            load_factor: 256,
            network_id: opts.networkId ?? 1,
            server_state: "full",
            validated_ledger: {
              base_fee: fake.baseFeeDrops,
              close_time: 0,
              hash: LEDGER_HASH(seq),
              reserve_base: fake.reserveBaseDrops,
              reserve_inc: fake.reserveIncDrops,
              seq,
            },
          },
        };
      }
      case "fee":
        return {
          current_ledger_size: "10",
          current_queue_size: "0",
          drops: {
            base_fee: String(fake.baseFeeDrops),
            median_fee: "5000",
            minimum_fee: String(fake.baseFeeDrops),
            open_ledger_fee: String(fake.baseFeeDrops),
          },
          expected_ledger_size: "100",
          ledger_current_index: fake.validatedLedger + 1,
          levels: { median_level: "128000", minimum_level: "256", open_ledger_level: "256", reference_level: "256" },
          max_queue_size: "2000",
        };
      case "ledger_current":
        return { ledger_current_index: fake.validatedLedger + 1 };
      case "ledger": {
        if (req.ledger_index !== undefined && req.ledger_index !== "validated")
          throw new RpcError("invalidParams", 31, "only the validated ledger is known here");
        const seq = fake.validatedLedger;
        return {
          ledger: {
            closed: true,
            ledger_hash: LEDGER_HASH(seq),
            ledger_index: seq,
            parent_hash: LEDGER_HASH(seq - 1),
            // Now, in seconds since the XRPL epoch (2000-01-01): the validated ledger just closed.
            close_time: Math.floor(Date.now() / 1000) - 946_684_800,
            total_coins: "99999999999999999",
          },
          ledger_hash: LEDGER_HASH(seq),
          ledger_index: seq,
          validated: true,
        };
      }
      case "account_info": {
        const account = String(req.account);
        const balance = balanceOf(account);
        if (balance === null) throw new RpcError("actNotFound", 19, "Account not found.");
        const current = req.ledger_index === "current";
        settle();
        return {
          account_data: {
            Account: account,
            Balance: balance.toString(),
            Flags: 0,
            LedgerEntryType: "AccountRoot",
            OwnerCount: ownerCountOf(account),
            Sequence: sequenceOf(account),
            index: LEDGER_HASH(0),
          },
          ...(current ? { ledger_current_index: fake.validatedLedger + 1 } : { ledger_index: fake.validatedLedger }),
          validated: !current,
        };
      }
      case "submit":
        return submit(String(req.tx_blob));
      case "tx":
        return lookup(String(req.transaction));
      case "account_lines":
        return accountLines(req);
      case "account_tx":
        return accountTx(req);
      case "gateway_balances":
        return gatewayBalances(String(req.account));
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
    let signatureValid: boolean;
    try {
      signatureValid = verifySignature(txBlob);
    } catch {
      signatureValid = false;
    }
    if (!signatureValid) throw new RpcError("invalidTransaction", 6, "fails local checks: Invalid signature.");
    const account = String(tx.Account);
    const expected = sequenceOf(account);
    const seen = byHash.get(hash);
    const engineResult = seen
      ? "tefALREADY"
      : balanceOf(account) === null
        ? "terNO_ACCOUNT"
        : deriveAddress(String(tx.SigningPubKey)) !== account
          ? "tefBAD_AUTH"
          : typeof tx.LastLedgerSequence === "number" && tx.LastLedgerSequence <= fake.validatedLedger
            ? "tefMAX_LEDGER"
            : fake.strictSequences && Number(tx.Sequence) < expected
              ? "tefPAST_SEQ"
              : fake.strictSequences && Number(tx.Sequence) > expected
                ? "terPRE_SEQ"
                : fake.engineResult !== "tesSUCCESS"
                  ? fake.engineResult
                  : apply(tx);
    const included = engineResult === "tesSUCCESS" || engineResult === "terQUEUED" || engineResult.startsWith("tec");
    const sub: FakeSubmission = {
      txBlob,
      hash,
      tx,
      engineResult,
      validatedAtSubmit: fake.validatedLedger,
      polls: 0,
      ledgerIndex: null,
    };
    fake.submissions.push(sub);
    if (included) {
      byHash.set(hash, sub);
      applied.push(sub);
      sequences.set(account, Math.max(sequenceOf(account), Number(tx.Sequence) + 1));
      // The fee is burnt whatever the result (tec included); the funds moved already when tesSUCCESS.
      const bal = balances.get(account) ?? balanceOf(account);
      if (bal !== null) balances.set(account, bal - BigInt(String(tx.Fee ?? "0")));
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
    if (sub.ledgerIndex === null) return { tx_json: sub.tx, hash, validated: false };
    return entry(sub as FakeSubmission & { ledgerIndex: number });
  }

  function entry(sub: FakeSubmission & { ledgerIndex: number }): Record<string, unknown> {
    const result = fake.finalResult ?? sub.engineResult;
    return {
      tx_json: sub.tx,
      hash: sub.hash,
      ledger_index: sub.ledgerIndex,
      ledger_hash: LEDGER_HASH(sub.ledgerIndex),
      close_time_iso: new Date(Date.UTC(2026, 0, 1) + sub.ledgerIndex * 4000).toISOString().replace(".000Z", "Z"),
      meta: {
        AffectedNodes: [],
        TransactionIndex: 0,
        TransactionResult: result,
        ...(result === "tesSUCCESS" && sub.tx.Amount !== undefined ? { delivered_amount: sub.tx.Amount } : {}),
      },
      validated: true,
    };
  }

  /** Reads see applied transactions validated (unless a test holds them back with pollsBeforeValidated). */
  function settle() {
    for (const sub of applied)
      if (sub.ledgerIndex === null && sub.polls >= fake.pollsBeforeValidated) sub.ledgerIndex = ++fake.validatedLedger;
  }

  const involves = (sub: FakeSubmission, account: string) => {
    const t = sub.tx as { Account?: string; Destination?: string; LimitAmount?: { issuer?: string } };
    return t.Account === account || t.Destination === account || t.LimitAmount?.issuer === account;
  };

  function accountTx(req: FakeRequest): Record<string, unknown> {
    const account = String(req.account);
    if (balanceOf(account) === null) throw new RpcError("actNotFound", 19, "Account not found.");
    settle();
    const min = typeof req.ledger_index_min === "number" && req.ledger_index_min >= 0 ? req.ledger_index_min : 0;
    const max =
      typeof req.ledger_index_max === "number" && req.ledger_index_max >= 0
        ? req.ledger_index_max
        : fake.validatedLedger;
    let list = applied.filter(
      (s): s is FakeSubmission & { ledgerIndex: number } =>
        s.ledgerIndex !== null && s.ledgerIndex >= min && s.ledgerIndex <= max && involves(s, account),
    );
    list.sort((a, b) => a.ledgerIndex - b.ledgerIndex);
    if (req.forward !== true) list = list.reverse();
    const start = typeof req.marker === "object" && req.marker ? Number((req.marker as { seq?: number }).seq ?? 0) : 0;
    const limit = typeof req.limit === "number" && req.limit > 0 ? Math.min(req.limit, 400) : 200;
    const page = list.slice(start, start + limit);
    const more = start + limit < list.length;
    return {
      account,
      ledger_index_min: min,
      ledger_index_max: max,
      limit,
      transactions: page.map(entry),
      validated: true,
      ...(more ? { marker: { ledger: page.at(-1)!.ledgerIndex, seq: start + limit } } : {}),
    };
  }

  function accountLines(req: FakeRequest): Record<string, unknown> {
    const account = String(req.account);
    if (balanceOf(account) === null) throw new RpcError("actNotFound", 19, "Account not found.");
    settle();
    const all = [...lines.values()]
      .filter((l) => l.holder === account || l.issuer === account)
      .map((l) =>
        l.holder === account
          ? {
              account: l.issuer,
              balance: l.balance,
              currency: l.currency,
              limit: l.limit,
              limit_peer: "0",
              quality_in: 0,
              quality_out: 0,
            }
          : {
              account: l.holder,
              balance: negate(l.balance),
              currency: l.currency,
              limit: "0",
              limit_peer: l.limit,
              quality_in: 0,
              quality_out: 0,
            },
      );
    const start = typeof req.marker === "string" ? Number(req.marker) : 0;
    const limit = typeof req.limit === "number" && req.limit > 0 ? Math.min(req.limit, 400) : 200;
    const more = start + limit < all.length;
    return {
      account,
      lines: all.slice(start, start + limit),
      ledger_index: fake.validatedLedger,
      validated: true,
      ...(more ? { marker: String(start + limit) } : {}),
    };
  }

  function gatewayBalances(account: string): Record<string, unknown> {
    if (balanceOf(account) === null) throw new RpcError("actNotFound", 19, "Account not found.");
    settle();
    const obligations: Record<string, string> = {};
    for (const l of lines.values()) {
      if (l.issuer !== account || Number(l.balance) <= 0) continue;
      obligations[l.currency] = add(obligations[l.currency] ?? "0", l.balance);
    }
    return { account, obligations, ledger_index: fake.validatedLedger, validated: true };
  }

  /** Applies a transaction to the ledger's state; the engine result it earns. */
  function apply(tx: Record<string, unknown>): string {
    const account = String(tx.Account);
    const fee = BigInt(String(tx.Fee ?? "0"));
    const balance = balanceOf(account)!;
    if (balance < fee) return "terINSUF_FEE_B";
    if (tx.TransactionType === "Payment") {
      const destination = String(tx.Destination);
      if (destination === account) return "temREDUNDANT";
      const amount = tx.Amount ?? tx.DeliverMax;
      if (typeof amount === "string") {
        const drops = BigInt(amount);
        if (drops <= 0n) return "temBAD_AMOUNT";
        if (balance - fee - drops < reserveOf(account)) return "tecUNFUNDED_PAYMENT";
        const before = balanceOf(destination);
        if (before === null && drops < BigInt(fake.reserveBaseDrops)) return "tecNO_DST_INSUF_XRP";
        balances.set(account, balance - drops);
        balances.set(destination, (before ?? 0n) + drops);
        fake.missingAccounts.delete(destination);
        return "tesSUCCESS";
      }
      const iou = amount as { currency: string; issuer: string; value: string };
      if (!(Number(iou.value) > 0)) return "temBAD_AMOUNT";
      if (balanceOf(destination) === null) return "tecNO_DST";
      // From the sender's line (unless it is the issuer) to the receiver's (unless it is the issuer).
      const from = account === iou.issuer ? null : lines.get(lineKey(account, iou.issuer, iou.currency));
      const to = destination === iou.issuer ? null : lines.get(lineKey(destination, iou.issuer, iou.currency));
      if (account !== iou.issuer && (!from || Number(from.balance) < Number(iou.value)))
        return from ? "tecPATH_PARTIAL" : "tecPATH_DRY";
      if (destination !== iou.issuer) {
        if (!to) return account === iou.issuer ? "tecNO_LINE" : "tecPATH_DRY";
        if (Number(add(to.balance, iou.value)) > Number(to.limit)) return "tecPATH_PARTIAL";
      }
      if (from) from.balance = add(from.balance, negate(iou.value));
      if (to) to.balance = add(to.balance, iou.value);
      return "tesSUCCESS";
    }
    if (tx.TransactionType === "TrustSet") {
      const limit = tx.LimitAmount as { currency: string; issuer: string; value: string };
      if (limit.issuer === account) return "temDST_IS_SRC";
      if (Number(limit.value) < 0) return "temBAD_LIMIT";
      const key = lineKey(account, limit.issuer, limit.currency);
      const line = lines.get(key);
      if (!line) {
        if (Number(limit.value) === 0) return "tesSUCCESS";
        if (balance - fee < reserveOf(account, 1)) return "tecINSUF_RESERVE_LINE";
        lines.set(key, {
          holder: account,
          issuer: limit.issuer,
          currency: limit.currency,
          balance: "0",
          limit: limit.value,
        });
        ownerCounts.set(account, ownerCountOf(account) + 1);
      } else if (Number(limit.value) === 0 && Number(line.balance) === 0) {
        lines.delete(key);
        ownerCounts.set(account, ownerCountOf(account) - 1);
      } else {
        line.limit = limit.value;
      }
      return "tesSUCCESS";
    }
    return "tesSUCCESS"; // other types: accepted, no state kept
  }

  wss.on("connection", (socket) => {
    fake.connections++;
    socket.on("error", () => undefined);
    socket.on("message", (data) => {
      let req: FakeRequest;
      try {
        req = JSON.parse(String(data)) as FakeRequest;
      } catch {
        if (socket.readyState === OPEN)
          socket.send(JSON.stringify({ type: "response", status: "error", error: "badSyntax" }));
        return;
      }
      fake.requests.push(req);
      fake.onRequest?.(req);
      if (fake.silent || fake.swallow.has(req.command)) return;
      let reply: Record<string, unknown>;
      try {
        reply = {
          id: req.id,
          type: "response",
          status: "success",
          api_version: req.api_version ?? 2,
          result: handle(req),
        };
      } catch (err) {
        const e =
          err instanceof RpcError
            ? err
            : new RpcError("internal", 73, err instanceof Error ? err.message : String(err));
        reply = {
          id: req.id,
          type: "response",
          status: "error",
          api_version: req.api_version ?? 2,
          error: e.error,
          error_code: e.code,
          error_message: e.message,
          request: req,
        };
      }
      if (socket.readyState === OPEN) socket.send(JSON.stringify(reply));
    });
  });

  return fake;
}
