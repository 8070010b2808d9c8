// A mini Horizon on 127.0.0.1 with a ledger behind it, for tests of the Stellar client and the features on
// it: accounts with XLM and trustlines, sequences, real signature checks (every source of the transaction
// must have signed it for the test network), createAccount / payment / changeTrust with issuer semantics (an
// issuer pays by issuing and is paid by burning), reserves (2 + subentries) x base reserve, fees, friendbot,
// and the endpoints the client reads (accounts, ledgers, fee_stats, transactions_async, transactions,
// payments, assets). One transaction closes one ledger. Steering: `down` (connections dropped), `hang`
// (never answers) and `forceResult` (the next submission fails with that result code).
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Socket } from "node:net";
import {
  FeeBumpTransaction,
  Keypair,
  Networks,
  StrKey,
  TransactionBuilder,
  xdr,
  type Transaction,
} from "@stellar/stellar-sdk";

const STROOPS = 10_000_000n;

export interface FakeTrustline {
  code: string;
  issuer: string;
  balance: bigint;
  limit: bigint;
}

export interface FakeAccount {
  id: string;
  sequence: bigint;
  /** XLM in stroops. */
  native: bigint;
  trustlines: Map<string, FakeTrustline>;
}

export interface FakeTxRecord {
  hash: string;
  ledger: number;
  successful: boolean;
  source: string;
  envelopeXdr: string;
  resultXdr: string;
  memoType: string;
  memo: string | null;
  /** "tx_failed: op_no_trust" style, as the fake decided; "tx_success" when applied. */
  codes: string;
}

interface FakeOpRecord {
  id: string;
  type: "create_account" | "payment";
  txHash: string;
  from: string;
  to: string;
  assetCode: string | null;
  assetIssuer: string | null;
  amount: bigint;
}

export interface FakeHorizonOptions {
  baseReserveStroops?: bigint;
  baseFeeStroops?: bigint;
  /** XLM friendbot gives a new account. */
  friendbotXlm?: bigint;
  /** The first ledger's sequence; accounts created in ledger L start at sequence L << 32 as on Stellar. */
  ledger?: number;
}

export interface FakeHorizon {
  /** http://127.0.0.1:<port> */
  readonly url: string;
  /** The friendbot endpoint (GET ?addr=). */
  readonly friendbotUrl: string;
  readonly accounts: Map<string, FakeAccount>;
  readonly transactions: Map<string, FakeTxRecord>;
  /** Every request received: method, path with query, body. */
  readonly requests: { method: string; path: string; body: string }[];
  /** Drops every connection without an answer (a refused / reset network). */
  down: boolean;
  /** Accepts connections and never answers. */
  hang: boolean;
  /** The next submission fails with this code ("op_underfunded", "tx_bad_seq"...), then steering clears. */
  forceResult: string | null;
  /**
   * What the root (GET /) names as network_passphrase: Networks.TESTNET unless a test plays another network.
   * Signatures are still checked for the test network.
   */
  rootPassphrase: string;
  baseReserveStroops: bigint;
  baseFeeStroops: bigint;
  ledger: number;
  /** Creates (or tops up) an account directly, as genesis would: XLM in whole units. */
  createAccount(id: string, xlm: bigint | number): FakeAccount;
  /** An account's balance of an asset as decimal text (null: no trustline / no account). */
  balanceOf(id: string, asset: "native" | { code: string; issuer: string }): string | null;
  close(): Promise<void>;
}

const assetKey = (code: string, issuer: string) => `${code}:${issuer}`;

/** Stroops as Horizon writes amounts: 7 fixed decimals. */
export function amountText(stroops: bigint): string {
  const neg = stroops < 0n;
  const a = neg ? -stroops : stroops;
  return `${neg ? "-" : ""}${a / STROOPS}.${(a % STROOPS).toString().padStart(7, "0")}`;
}

function parseAmount(text: string): bigint {
  const [w, f = ""] = text.split(".");
  return BigInt(w!) * STROOPS + BigInt(f.padEnd(7, "0").slice(0, 7) || "0");
}

class OpFailure extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

/** The XDR arm for an operation's result: payment + "op_underfunded" -> PaymentResult.paymentUnderfunded. */
function opResultXdr(type: string, code: string): xdr.OperationResult {
  const words = code === "op_success" ? "success" : code.replace(/^op_/, "");
  let arm = type + words.replace(/(^|_)([a-z])/g, (_m, _u, c: string) => c.toUpperCase());
  if (arm === "createAccountAlreadyExists") arm = "createAccountAlreadyExist";
  const resultType = (xdr as unknown as Record<string, Record<string, () => unknown>>)[
    `${type[0]!.toUpperCase()}${type.slice(1)}Result`
  ];
  const trArm = (xdr.OperationResultTr as unknown as Record<string, (v: unknown) => xdr.OperationResultTr>)[type];
  if (!resultType?.[arm] || !trArm) return xdr.OperationResult.opNotSupported();
  return xdr.OperationResult.opInner(trArm(resultType[arm]!()));
}

function txResultXdr(fee: bigint, result: xdr.TransactionResultResult): string {
  return new xdr.TransactionResult({
    feeCharged: fee as unknown as xdr.Int64,
    result,
    ext: xdr.TransactionResultExt.v0(),
  }).toXDR("base64");
}

function sigParts(s: unknown): { hint: Buffer; signature: Buffer } {
  const raw = s as { hint: unknown; signature: unknown };
  const bytes = (v: unknown) => Buffer.from(v instanceof Uint8Array ? v : (v as { value: Uint8Array }).value);
  return { hint: bytes(raw.hint), signature: bytes(raw.signature) };
}

export async function startFakeHorizon(options: FakeHorizonOptions = {}): Promise<FakeHorizon> {
  const accounts = new Map<string, FakeAccount>();
  const transactions = new Map<string, FakeTxRecord>();
  const ops: FakeOpRecord[] = [];
  const requests: FakeHorizon["requests"] = [];
  const hung = new Set<Socket>();
  let opCounter = 0;
  const friendbot = Keypair.random().publicKey();

  const fake: FakeHorizon = {
    url: "",
    friendbotUrl: "",
    accounts,
    transactions,
    requests,
    down: false,
    hang: false,
    forceResult: null,
    rootPassphrase: Networks.TESTNET,
    baseReserveStroops: options.baseReserveStroops ?? 5_000_000n,
    baseFeeStroops: options.baseFeeStroops ?? 100n,
    ledger: options.ledger ?? 1000,
    createAccount(id, xlm) {
      const existing = accounts.get(id);
      if (existing) {
        existing.native += BigInt(xlm) * STROOPS;
        return existing;
      }
      const account: FakeAccount = {
        id,
        sequence: BigInt(fake.ledger) << 32n,
        native: BigInt(xlm) * STROOPS,
        trustlines: new Map(),
      };
      accounts.set(id, account);
      return account;
    },
    balanceOf(id, asset) {
      const a = accounts.get(id);
      if (!a) return null;
      if (asset === "native") return amountText(a.native);
      const line = a.trustlines.get(assetKey(asset.code, asset.issuer));
      return line ? amountText(line.balance) : null;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of hung) s.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  accounts.set(friendbot, {
    id: friendbot,
    sequence: BigInt(fake.ledger) << 32n,
    native: 100_000_000n * STROOPS,
    trustlines: new Map(),
  });

  const minimumBalance = (a: FakeAccount) => (2n + BigInt(a.trustlines.size)) * fake.baseReserveStroops;

  function accountJson(a: FakeAccount) {
    const balances = [...a.trustlines.values()].map((t) => ({
      balance: amountText(t.balance),
      limit: amountText(t.limit),
      asset_type: t.code.length <= 4 ? "credit_alphanum4" : "credit_alphanum12",
      asset_code: t.code,
      asset_issuer: t.issuer,
    }));
    return {
      id: a.id,
      account_id: a.id,
      sequence: a.sequence.toString(),
      subentry_count: a.trustlines.size,
      num_sponsoring: 0,
      num_sponsored: 0,
      balances: [...balances, { balance: amountText(a.native), asset_type: "native" }],
    };
  }

  /** Applies one operation to `state` (a copy: a failed transaction leaves the ledger as it was). */
  function applyOp(
    state: Map<string, FakeAccount>,
    op: Record<string, unknown>,
    txSource: string,
    txHash: string,
    pending: FakeOpRecord[],
  ): void {
    const source = state.get((op.source as string | undefined) ?? txSource);
    if (!source) throw new OpFailure("op_no_source_account");
    switch (op.type) {
      case "createAccount": {
        const dest = String(op.destination);
        const amount = parseAmount(String(op.startingBalance));
        if (state.has(dest)) throw new OpFailure("op_already_exists");
        if (amount < 2n * fake.baseReserveStroops) throw new OpFailure("op_low_reserve");
        if (source.native - amount < minimumBalance(source)) throw new OpFailure("op_underfunded");
        source.native -= amount;
        state.set(dest, { id: dest, sequence: BigInt(fake.ledger + 1) << 32n, native: amount, trustlines: new Map() });
        pending.push({
          id: "",
          type: "create_account",
          txHash,
          from: source.id,
          to: dest,
          assetCode: null,
          assetIssuer: null,
          amount,
        });
        return;
      }
      case "payment": {
        const dest = state.get(String(op.destination));
        const amount = parseAmount(String(op.amount));
        const asset = op.asset as { code: string; issuer?: string; isNative(): boolean };
        if (!dest) throw new OpFailure("op_no_destination");
        if (asset.isNative()) {
          if (source.native - amount < minimumBalance(source)) throw new OpFailure("op_underfunded");
          source.native -= amount;
          dest.native += amount;
        } else {
          const issuer = asset.issuer!;
          const key = assetKey(asset.code, issuer);
          if (!state.has(issuer)) throw new OpFailure("op_no_issuer");
          if (source.id !== issuer) {
            const line = source.trustlines.get(key);
            if (!line) throw new OpFailure("op_src_no_trust");
            if (line.balance < amount) throw new OpFailure("op_underfunded");
            line.balance -= amount;
          }
          if (dest.id !== issuer) {
            const line = dest.trustlines.get(key);
            if (!line) throw new OpFailure("op_no_trust");
            if (line.balance + amount > line.limit) throw new OpFailure("op_line_full");
            line.balance += amount;
          }
        }
        const native = asset.isNative();
        pending.push({
          id: "",
          type: "payment",
          txHash,
          from: source.id,
          to: dest.id,
          assetCode: native ? null : asset.code,
          assetIssuer: native ? null : asset.issuer!,
          amount,
        });
        return;
      }
      case "changeTrust": {
        const line = op.line as { code: string; issuer?: string; isNative(): boolean };
        if (line.isNative() || !line.issuer) throw new OpFailure("op_malformed");
        if (line.issuer === source.id) throw new OpFailure("op_self_not_allowed");
        if (!state.has(line.issuer)) throw new OpFailure("op_no_issuer");
        const key = assetKey(line.code, line.issuer);
        const limit = parseAmount(String(op.limit));
        const existing = source.trustlines.get(key);
        if (limit === 0n) {
          if (!existing) throw new OpFailure("op_trust_line_missing");
          if (existing.balance > 0n) throw new OpFailure("op_invalid_limit");
          source.trustlines.delete(key);
          return;
        }
        if (existing) {
          if (limit < existing.balance) throw new OpFailure("op_invalid_limit");
          existing.limit = limit;
          return;
        }
        if (source.native < minimumBalance(source) + fake.baseReserveStroops) throw new OpFailure("op_low_reserve");
        source.trustlines.set(key, { code: line.code, issuer: line.issuer, balance: 0n, limit });
        return;
      }
      default:
        throw new OpFailure("op_not_supported");
    }
  }

  function clone(): Map<string, FakeAccount> {
    const copy = new Map<string, FakeAccount>();
    for (const [id, a] of accounts) {
      copy.set(id, { ...a, trustlines: new Map([...a.trustlines].map(([k, t]) => [k, { ...t }])) });
    }
    return copy;
  }

  function memoOf(tx: Transaction): { memoType: string; memo: string | null } {
    const m = tx.memo;
    if (m.type === "none") return { memoType: "none", memo: null };
    if (m.type === "text")
      return { memoType: "text", memo: Buffer.from(m.value as Uint8Array | string).toString("utf8") };
    if (m.type === "id") return { memoType: "id", memo: String(m.value) };
    return { memoType: m.type, memo: Buffer.from(m.value as Uint8Array).toString("base64") };
  }

  /** Checks and applies an envelope: an ERROR answer (not on the ledger) or a ledger record (applied or failed). */
  function submit(envelope: string): { status: number; body: object } {
    let decoded: Transaction | FeeBumpTransaction;
    try {
      decoded = TransactionBuilder.fromXDR(envelope, Networks.TESTNET);
    } catch {
      return { status: 400, body: { type: "transaction_malformed", title: "Transaction Malformed", status: 400 } };
    }
    if (decoded instanceof FeeBumpTransaction)
      return { status: 400, body: { title: "fee bumps are not supported by the fake", status: 400 } };
    const tx = decoded;
    const hash = Buffer.from(tx.hash()).toString("hex");
    if (transactions.has(hash)) return { status: 200, body: { tx_status: "DUPLICATE", hash } };
    const fee = BigInt(tx.fee);
    const refuse = (result: xdr.TransactionResultResult) => ({
      status: 400,
      body: { tx_status: "ERROR", hash, error_result_xdr: txResultXdr(0n, result) },
    });
    const forced = fake.forceResult;
    if (forced?.startsWith("tx_")) {
      fake.forceResult = null;
      const arm = forced.replace(/_([a-z])/g, (_m, c: string) =>
        c.toUpperCase(),
      ) as keyof typeof xdr.TransactionResultResult;
      const factory = xdr.TransactionResultResult[arm] as unknown as (() => xdr.TransactionResultResult) | undefined;
      return refuse(factory ? factory() : xdr.TransactionResultResult.txInternalError());
    }
    const source = accounts.get(tx.source);
    if (!source) return refuse(xdr.TransactionResultResult.txNoAccount());
    if (BigInt(tx.sequence) !== source.sequence + 1n) return refuse(xdr.TransactionResultResult.txBadSeq());
    const maxTime = Number(tx.timeBounds?.maxTime ?? 0);
    if (maxTime > 0 && maxTime < Date.now() / 1000) return refuse(xdr.TransactionResultResult.txTooLate());
    if (fee < fake.baseFeeStroops * BigInt(tx.operations.length))
      return refuse(xdr.TransactionResultResult.txInsufficientFee());
    // Every source (the transaction's and each operation's) must have signed this network's hash.
    const payload = Buffer.from(tx.hash());
    const signers = new Set([
      tx.source,
      ...tx.operations.map((op) => op.source).filter((s): s is string => typeof s === "string"),
    ]);
    for (const id of signers) {
      if (!StrKey.isValidEd25519PublicKey(id)) return refuse(xdr.TransactionResultResult.txBadAuth());
      const kp = Keypair.fromPublicKey(id);
      const ok = tx.signatures.some((s) => {
        const { hint, signature } = sigParts(s);
        return hint.equals(kp.signatureHint()) && kp.verify(payload, signature);
      });
      if (!ok) return refuse(xdr.TransactionResultResult.txBadAuth());
    }
    if (source.native - fee < minimumBalance(source))
      return refuse(xdr.TransactionResultResult.txInsufficientBalance());

    // Accepted: the fee and the sequence are taken whatever the operations do.
    source.native -= fee;
    source.sequence = BigInt(tx.sequence);
    const ledger = ++fake.ledger;
    const state = clone();
    const pending: FakeOpRecord[] = [];
    const results: xdr.OperationResult[] = [];
    let failed: string | null = null;
    tx.operations.forEach((op, i) => {
      if (failed) return void results.push(opResultXdr(op.type, "op_success"));
      try {
        if (i === 0 && forced) {
          fake.forceResult = null;
          throw new OpFailure(forced);
        }
        applyOp(state, op as unknown as Record<string, unknown>, tx.source, hash, pending);
        results.push(opResultXdr(op.type, "op_success"));
      } catch (err) {
        if (!(err instanceof OpFailure)) throw err;
        failed = err.code;
        results.push(opResultXdr(op.type, err.code));
      }
    });
    if (!failed) {
      accounts.clear();
      for (const [id, a] of state) accounts.set(id, a);
      for (const op of pending) ops.push({ ...op, id: String(BigInt(ledger) * 4096n + BigInt(++opCounter)) });
    }
    const result = failed
      ? xdr.TransactionResultResult.txFailed(results)
      : xdr.TransactionResultResult.txSuccess(results);
    transactions.set(hash, {
      hash,
      ledger,
      successful: !failed,
      source: tx.source,
      envelopeXdr: envelope,
      resultXdr: txResultXdr(fee, result),
      ...memoOf(tx),
      codes: failed ? `tx_failed: ${failed}` : "tx_success",
    });
    return { status: 201, body: { tx_status: "PENDING", hash } };
  }

  function txJson(t: FakeTxRecord) {
    return {
      id: t.hash,
      hash: t.hash,
      ledger: t.ledger,
      successful: t.successful,
      source_account: t.source,
      envelope_xdr: t.envelopeXdr,
      result_xdr: t.resultXdr,
      memo_type: t.memoType,
      ...(t.memo !== null ? { memo: t.memo } : {}),
    };
  }

  function paymentsOf(account: string, q: URLSearchParams) {
    const cursor = BigInt(q.get("cursor") || "0");
    const limit = Math.min(Number(q.get("limit") || "10"), 200);
    const desc = q.get("order") === "desc";
    let list = ops.filter((o) => o.from === account || o.to === account);
    list = desc
      ? list.reverse().filter((o) => cursor === 0n || BigInt(o.id) < cursor)
      : list.filter((o) => BigInt(o.id) > cursor);
    return list.slice(0, limit).map((o) => {
      const t = transactions.get(o.txHash)!;
      const base = {
        id: o.id,
        paging_token: o.id,
        transaction_hash: o.txHash,
        transaction_successful: true,
        source_account: o.from,
        type: o.type,
      };
      const joined = q.get("join") === "transactions" ? { transaction: txJson(t) } : {};
      if (o.type === "create_account")
        return { ...base, funder: o.from, account: o.to, starting_balance: amountText(o.amount), ...joined };
      const asset =
        o.assetCode === null
          ? { asset_type: "native" }
          : {
              asset_type: o.assetCode.length <= 4 ? "credit_alphanum4" : "credit_alphanum12",
              asset_code: o.assetCode,
              asset_issuer: o.assetIssuer,
            };
      return { ...base, from: o.from, to: o.to, amount: amountText(o.amount), ...asset, ...joined };
    });
  }

  function assetJson(code: string, issuer: string) {
    let amount = 0n;
    let holders = 0;
    for (const a of accounts.values()) {
      const line = a.trustlines.get(assetKey(code, issuer));
      if (!line) continue;
      holders++;
      amount += line.balance;
    }
    if (holders === 0) return null;
    return {
      asset_type: code.length <= 4 ? "credit_alphanum4" : "credit_alphanum12",
      asset_code: code,
      asset_issuer: issuer,
      accounts: { authorized: holders, authorized_to_maintain_liabilities: 0, unauthorized: 0 },
      balances: {
        authorized: amountText(amount),
        authorized_to_maintain_liabilities: "0.0000000",
        unauthorized: "0.0000000",
      },
      claimable_balances_amount: "0.0000000",
      liquidity_pools_amount: "0.0000000",
      contracts_amount: "0.0000000",
    };
  }

  function route(method: string, url: URL, body: string): { status: number; body: object } {
    const path = url.pathname;
    const notFound = {
      status: 404,
      body: { type: "https://stellar.org/horizon-errors/not_found", title: "Resource Missing", status: 404 },
    };
    if (path === "/" || path === "") {
      return {
        status: 200,
        body: {
          history_latest_ledger: fake.ledger,
          // One transaction closes one ledger here, so the latest one closed about now.
          history_latest_ledger_closed_at: new Date().toISOString().replace(/\.\d{3}Z$/, "Z"),
          core_latest_ledger: fake.ledger,
          network_passphrase: fake.rootPassphrase,
        },
      };
    }
    if (path === "/friendbot") {
      const addr = url.searchParams.get("addr") ?? "";
      if (!StrKey.isValidEd25519PublicKey(addr))
        return { status: 400, body: { title: "Bad Request", detail: "addr is not a valid account id", status: 400 } };
      if (accounts.has(addr)) {
        return {
          status: 400,
          body: {
            title: "Transaction Failed",
            status: 400,
            detail: "createAccountAlreadyExist",
            extras: { result_codes: { transaction: "tx_failed", operations: ["op_already_exists"] } },
          },
        };
      }
      const amount = (options.friendbotXlm ?? 10_000n) * STROOPS;
      const ledger = ++fake.ledger;
      accounts.set(addr, { id: addr, sequence: BigInt(ledger) << 32n, native: amount, trustlines: new Map() });
      const hash = Buffer.from(Keypair.random().rawPublicKey()).toString("hex");
      transactions.set(hash, {
        hash,
        ledger,
        successful: true,
        source: friendbot,
        envelopeXdr: "",
        resultXdr: "",
        memoType: "none",
        memo: null,
        codes: "tx_success",
      });
      ops.push({
        id: String(BigInt(ledger) * 4096n + BigInt(++opCounter)),
        type: "create_account",
        txHash: hash,
        from: friendbot,
        to: addr,
        assetCode: null,
        assetIssuer: null,
        amount,
      });
      return { status: 200, body: { hash, ledger, successful: true } };
    }
    if (path === "/fee_stats")
      return {
        status: 200,
        body: { last_ledger: String(fake.ledger), last_ledger_base_fee: fake.baseFeeStroops.toString() },
      };
    if (path === "/ledgers") {
      return {
        status: 200,
        body: {
          _embedded: {
            records: [
              {
                sequence: fake.ledger,
                base_fee_in_stroops: Number(fake.baseFeeStroops),
                base_reserve_in_stroops: Number(fake.baseReserveStroops),
              },
            ],
          },
        },
      };
    }
    if ((path === "/transactions_async" || path === "/transactions") && method === "POST") {
      const tx = new URLSearchParams(body).get("tx");
      if (!tx) return { status: 400, body: { title: "Bad Request", detail: "tx is required", status: 400 } };
      return submit(tx);
    }
    const txMatch = path.match(/^\/transactions\/([0-9a-f]{64})$/);
    if (txMatch) {
      const t = transactions.get(txMatch[1]!);
      return t ? { status: 200, body: txJson(t) } : notFound;
    }
    const payments = path.match(/^\/accounts\/(G[A-Z2-7]{55})\/payments$/);
    if (payments) {
      if (!accounts.has(payments[1]!)) return notFound;
      return { status: 200, body: { _embedded: { records: paymentsOf(payments[1]!, url.searchParams) } } };
    }
    const account = path.match(/^\/accounts\/([A-Z2-7]+)$/);
    if (account) {
      const a = accounts.get(account[1]!);
      return a ? { status: 200, body: accountJson(a) } : notFound;
    }
    if (path === "/assets") {
      const record = assetJson(url.searchParams.get("asset_code") ?? "", url.searchParams.get("asset_issuer") ?? "");
      return { status: 200, body: { _embedded: { records: record ? [record] : [] } } };
    }
    return notFound;
  }

  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      requests.push({ method: req.method ?? "GET", path: req.url ?? "/", body });
      if (fake.down) return void req.socket.destroy();
      if (fake.hang) return void hung.add(req.socket);
      const url = new URL(req.url ?? "/", "http://fake");
      let answer: { status: number; body: object };
      try {
        answer = route(req.method ?? "GET", url, body);
      } catch (err) {
        answer = { status: 500, body: { title: "fake horizon error", detail: String(err) } };
      }
      res.writeHead(answer.status, { "content-type": "application/json" }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  Object.assign(fake, { url: `http://127.0.0.1:${port}`, friendbotUrl: `http://127.0.0.1:${port}/friendbot` });
  return fake;
}
