// What the API writes to its log while it signs things: the real app (createApp, the request log, the error
// handler) with its logger writing to a buffer at trace level, driven through a live mint, a simulated
// Stellar mint, a ledger rejection whose viem error carries the signed transaction in its request body, a
// 400 with secrets and markers in the body, a malformed body, and two 500s (an error whose cause chain holds
// an eth_sendRawTransaction request body and an RPC URL with a key in its path; a database failure whose
// message lists the record's values, signed transaction included). The log must hold none of the signed
// transactions (hex or XDR), no private key and no value of a body field, while still saying what failed.
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import request from "supertest";
import { custom, HttpRequestError, RpcRequestError, type EIP1193RequestFn } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HARDHAT_DEV_KEY_0 } from "../config";
import { createLogger } from "../logger";
import { createAttestor, type Attestor } from "../shared/attestation";
import { startTestApp, type TestApp } from "../testing/harness";

const ETH_BODY = { ethAmount: 0.01, stablecoinPair: "XQBUSD", network: "hardhat", quantumSecurity: false };
const STELLAR_BODY = {
  xlmAmount: 10,
  tokenType: "VIBE",
  network: "testnet",
  environmentalAction: "tree_planting",
  quantumSecurity: true,
};
const FAKE_STELLAR_SECRET = "SCZANGBA5YHTNYVVV4C3U252E2B6P6F5T3U6MM63WBSBZATAQI3EBTQ4";
const BODY_MARKER = "body-value-marker-7f3a9c";
const URL_KEY = "url-path-api-key-51c0e2";

let t: TestApp;
const lines: string[] = [];
/** Every transaction the API handed to the chain, as signed (hex). */
const sentRaw: string[] = [];
/** Signed transactions the API answered with (hex for EVM, base64 XDR for Stellar). */
const answered: string[] = [];
let rejectNextSend = false;
let failNextAttestation = false;

const logText = () => lines.join("");
const entries = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

beforeAll(async () => {
  const { default: hre } = await import("hardhat");
  const provider = hre.network.provider;
  // In front of the in-process chain: records what is sent, and rejects a send as a JSON-RPC node does over
  // HTTP (viem's RpcRequestError keeps the request body, the signed transaction, in its message and fields).
  const requestFn = (async (args: { method: string; params?: unknown }) => {
    if (args.method === "eth_sendRawTransaction") {
      const raw = (args.params as string[])[0]!;
      sentRaw.push(raw);
      if (rejectNextSend) {
        rejectNextSend = false;
        throw new RpcRequestError({
          body: { jsonrpc: "2.0", id: 1, method: args.method, params: args.params },
          error: { code: -32003, message: "transaction rejected by the test node" },
          url: `http://127.0.0.1:1/v3/${URL_KEY}`,
        });
      }
    }
    return provider.request(args as never);
  }) as EIP1193RequestFn;

  // An attestor that fails once on demand with an error whose cause is viem's HTTP error of a send.
  const real = createAttestor(null);
  const attestor: Attestor = Object.create(real, {
    attest: {
      value: (message: string) => {
        if (failNextAttestation) {
          failNextAttestation = false;
          throw new Error("attestation failed", {
            cause: new HttpRequestError({
              body: { jsonrpc: "2.0", id: 7, method: "eth_sendRawTransaction", params: [sentRaw.at(-1)] },
              url: `https://rpc.example/v3/${URL_KEY}`,
              status: 502,
              details: `upstream said: privateKey=${HARDHAT_DEV_KEY_0}`,
            }),
          });
        }
        return real.attest(message);
      },
    },
  });

  const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
  t = await startTestApp({
    chain: "hardhat",
    overrides: {
      logger: createLogger({ level: "trace", destination: sink }),
      evmTransport: custom({ request: requestFn }),
      attestor,
    },
  });
});

afterAll(async () => {
  await t?.close();
});

describe("the log carries no signed transactions, keys or body values", () => {
  it("a live mint and a simulated Stellar mint: their signed transactions are in the answers, not in the log", async () => {
    const live = await request(t.app).post("/api/xqbme/mint-xqb").send(ETH_BODY).expect(200);
    expect(live.body.source).toBe("live");
    answered.push(live.body.signedTransaction);
    const stellar = await request(t.app).post("/api/vibecoins/mint-stellar").send(STELLAR_BODY).expect(200);
    expect(stellar.body.source).toBe("simulated");
    expect(stellar.body.signedTransaction).toMatch(/^[A-Za-z0-9+/]+=*$/);
    answered.push(stellar.body.signedTransaction);
  });

  it("a ledger rejection is logged as what it is, without the request viem kept", async () => {
    rejectNextSend = true;
    const res = await request(t.app).post("/api/xqbme/mint-xqb").send(ETH_BODY).expect(502);
    expect(res.body.code).toBe("LEDGER_REJECTED");
    expect(entries().some((e) => e.msg === "ledger rejected the operation" && e.ledger === "ethereum")).toBe(true);
  });

  it("a 400 and a malformed body: no value of the body is logged", async () => {
    const res = await request(t.app)
      .post("/api/xqbme/mint-xqb")
      .send({ ...ETH_BODY, stellarSecret: FAKE_STELLAR_SECRET, privateKey: HARDHAT_DEV_KEY_0, note: BODY_MARKER })
      .expect(400);
    expect(res.body.code).toBe("INVALID_INPUT");
    await request(t.app)
      .post("/api/xqbme/mint-xqb")
      .set("content-type", "application/json")
      .send(`{"note": "${BODY_MARKER}", "secret": "${FAKE_STELLAR_SECRET}"`)
      .expect(400);
  });

  it("a 500 whose cause chain holds an eth_sendRawTransaction body: logged by type and message only", async () => {
    failNextAttestation = true;
    const res = await request(t.app)
      .post("/api/xqbme/mint-xqb")
      .send({ ...ETH_BODY, quantumSecurity: true })
      .expect(500);
    expect(res.body).toMatchObject({ code: "INTERNAL", requestId: expect.any(String) });
    const logged = entries().find(
      (e) => e.msg === "unhandled error" && (e.req as { id?: string } | undefined)?.id === res.body.requestId,
    );
    expect(logged?.err).toMatchObject({
      type: "Error",
      message: "attestation failed",
      causes: [{ type: "HttpRequestError", message: "HTTP request failed." }],
    });
    expect(String((logged!.err as { stack: string }).stack)).toMatch(/^Error: attestation failed\n\s+at /);
  });

  it("a 500 from the database, whose message lists the record's values: none of them logged", async () => {
    await t.deps.database.db.execute(sql`alter table mints rename to mints_away`);
    try {
      const res = await request(t.app).post("/api/xqbme/mint-xqb").send(ETH_BODY).expect(500);
      const logged = entries().find(
        (e) => e.msg === "unhandled error" && (e.req as { id?: string } | undefined)?.id === res.body.requestId,
      );
      expect((logged?.err as { message?: string } | undefined)?.message).toMatch(
        /^Failed query: insert into "mints"[\s\S]*params: \[not logged\]/,
      );
    } finally {
      await t.deps.database.db.execute(sql`alter table mints_away rename to mints`);
    }
  });

  it("over all of it: no signed transaction, key, URL path or body value in the log", () => {
    const text = logText();
    // Every request was logged (one line each), so the checks below looked at real output.
    expect(
      entries().filter((e) => e.msg === "request completed" || e.msg === "request errored").length,
    ).toBeGreaterThanOrEqual(7);
    expect(sentRaw.length).toBeGreaterThanOrEqual(4);
    for (const raw of [...sentRaw, ...answered]) {
      const body = raw.replace(/^0x/, "");
      // Any 32 characters of it: a cut-off message must not leave a piece either.
      for (let i = 0; i + 32 <= body.length; i += 32) expect(text).not.toContain(body.slice(i, i + 32));
    }
    expect(text.toLowerCase()).not.toContain(HARDHAT_DEV_KEY_0.slice(2));
    expect(text).not.toContain(FAKE_STELLAR_SECRET);
    expect(text).not.toContain(BODY_MARKER);
    expect(text).not.toContain(URL_KEY);
    expect(text).not.toContain("eth_sendRawTransaction");
  });
});
