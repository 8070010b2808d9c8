// Every field of every minting endpoint, each way it can be wrong: always a 400 naming the field, and
// nothing stored. Requests are refused before any ledger is touched, so the chain here is a closed port.
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { startTestApp, type TestApp } from "../../testing/harness";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ chain: "none" });
});
afterAll(() => t?.close());

/** A JSON value written into the body as raw text (for numbers JSON.stringify cannot produce). */
class Raw {
  constructor(readonly text: string) {}
}
const MISSING = Symbol("missing");
type Bad = unknown;

function bodyText(valid: Record<string, unknown>, field: string, value: Bad): string {
  const body: Record<string, unknown> = { ...valid };
  if (value === MISSING) delete body[field];
  else body[field] = value instanceof Raw ? "__RAW__" : value;
  const text = JSON.stringify(body);
  return value instanceof Raw ? text.replace('"__RAW__"', value.text) : text;
}

const HUGE = new Raw("1e400");
const common = (extra: Bad[]) => ["abc", -1, 0, HUGE, MISSING, null, extra].flat();
const amount = (aboveMax: number, belowMin: number, tooPrecise: string) => [
  "abc",
  -1,
  0,
  HUGE,
  aboveMax,
  1e300,
  belowMin,
  MISSING,
  null,
  true,
  "10",
  new Raw(tooPrecise),
];

interface Endpoint {
  path: string;
  valid: Record<string, unknown>;
  fields: Record<string, Bad[]>;
}

const ENDPOINTS: Endpoint[] = [
  {
    path: "/api/xqbme/mint-xqb",
    valid: { ethAmount: 0.01, stablecoinPair: "XQBUSD", network: "hardhat", quantumSecurity: true },
    fields: {
      ethAmount: amount(100.5, 0.00005, "0.00012345678901234567"),
      stablecoinPair: common(["XQB", "xqbusd"]),
      network: common(["mainnet", "HARDHAT"]),
      quantumSecurity: ["abc", -1, 0, HUGE, MISSING, null, "true", 1],
      recipient: ["abc", -1, 0, HUGE, null, "0x1234", "0x" + "g".repeat(40)],
    },
  },
  {
    path: "/api/xqbme/wallet-mint",
    valid: { transactionHash: "0x" + "ab".repeat(32), network: "hardhat", quantumSecurity: false },
    fields: {
      transactionHash: common(["0x1234", "ab".repeat(32), "0x" + "zz".repeat(32)]),
      network: common(["goerli"]),
      quantumSecurity: ["abc", -1, 0, HUGE, MISSING, null, "false"],
    },
  },
  {
    path: "/api/vibecoins/mint-stellar",
    valid: {
      xlmAmount: 10,
      tokenType: "VIBE",
      network: "testnet",
      environmentalAction: "tree_planting",
      quantumSecurity: true,
    },
    fields: {
      xlmAmount: amount(10_000.5, 0.00000001, "10.12345678"),
      tokenType: common(["vibe", "XLM"]),
      network: common(["mainnet", "public"]),
      environmentalAction: [-1, 0, HUGE, MISSING, null, "", "Tree Planting", "a".repeat(29), "1tree", "drop;table"],
      quantumSecurity: ["abc", -1, 0, HUGE, MISSING, null, "true"],
    },
  },
  {
    path: "/api/quantum-cross-chain/xrp-volume-test",
    valid: { xrpAmount: 1000, testType: "volume", network: "testnet", quantumSecurity: true, governmentNode: true },
    fields: {
      xrpAmount: amount(100_000.5, 0.0000001, "1.1234567"),
      testType: common(["stress"]),
      network: common(["mainnet"]),
      quantumSecurity: ["abc", -1, 0, HUGE, MISSING, null, "true"],
      governmentNode: ["abc", -1, 0, HUGE, MISSING, null, "true"],
    },
  },
];

const describeValue = (v: Bad) => (v === MISSING ? "missing" : v instanceof Raw ? `raw ${v.text}` : JSON.stringify(v));

async function storedCount(): Promise<number> {
  const res = await request(t.app).get("/api/minting/history?limit=100").expect(200);
  return res.body.mints.length;
}

describe("request validation", () => {
  for (const ep of ENDPOINTS) {
    describe(`POST ${ep.path}`, () => {
      for (const [field, values] of Object.entries(ep.fields)) {
        it(`refuses every bad ${field}`, async () => {
          const before = await storedCount();
          for (const value of values) {
            const res = await request(t.app)
              .post(ep.path)
              .set("content-type", "application/json")
              .send(bodyText(ep.valid, field, value));
            const what = `${field} = ${describeValue(value)}`;
            expect(res.status, what).toBe(400);
            expect(res.body.error, what).toBe("Invalid request");
            expect(
              res.body.issues.map((i: { path: string }) => i.path),
              what,
            ).toContain(field);
            for (const issue of res.body.issues) expect(issue.message, what).toMatch(/\S/);
          }
          expect(await storedCount()).toBe(before);
        });
      }

      it("refuses an extra field, naming it", async () => {
        const res = await request(t.app)
          .post(ep.path)
          .send({ ...ep.valid, bonus: 1 })
          .expect(400);
        expect(res.body.issues).toEqual([{ path: "bonus", message: "is not an accepted field" }]);
      });

      it("refuses a body that is not an object", async () => {
        for (const text of ["[]", '"x"', "42", "null"]) {
          const res = await request(t.app).post(ep.path).set("content-type", "application/json").send(text);
          expect(res.status, text).toBe(400);
          expect(res.body.issues[0].path, text).toBe("");
        }
      });
    });
  }

  it("explains too many decimals", async () => {
    const res = await request(t.app)
      .post("/api/vibecoins/mint-stellar")
      .send({
        xlmAmount: 1.12345678,
        tokenType: "VIBE",
        network: "testnet",
        environmentalAction: "tree_planting",
        quantumSecurity: true,
      })
      .expect(400);
    expect(res.body.issues).toEqual([
      { path: "xlmAmount", message: "must have at most 7 decimal places (XLM precision)" },
    ]);
  });

  it("says what is wrong with each bad amount, once", async () => {
    const send = (amountText: string) =>
      request(t.app)
        .post("/api/xqbme/mint-xqb")
        .set("content-type", "application/json")
        .send(`{"ethAmount":${amountText},"stablecoinPair":"XQBUSD","network":"hardhat","quantumSecurity":true}`)
        .expect(400);
    expect((await send("1e400")).body.issues).toEqual([
      {
        path: "ethAmount",
        message: "1e400 cannot be held exactly as a number of ETH: too many digits or out of range; send fewer digits",
      },
    ]);
    // JSON.parse would make these 100 and 1: refused, never rounded.
    for (const text of ["99.99999999999999999999999", "1.000000000000000001"]) {
      expect((await send(text)).body.issues).toEqual([
        {
          path: "ethAmount",
          message: `${text} cannot be held exactly as a number of ETH: too many digits or out of range; send fewer digits`,
        },
      ]);
    }
    expect((await send("-1")).body.issues).toEqual([{ path: "ethAmount", message: "must be greater than 0 ETH" }]);
    expect((await send("0")).body.issues).toEqual([{ path: "ethAmount", message: "must be greater than 0 ETH" }]);
    expect((await send('"abc"')).body.issues).toEqual([{ path: "ethAmount", message: "must be a number of ETH" }]);
    expect((await send("0.00001")).body.issues).toEqual([
      { path: "ethAmount", message: "must be at least 0.0001 ETH" },
    ]);
  });

  it("refuses bad history limits", async () => {
    for (const q of [
      "limit=abc",
      "limit=-1",
      "limit=0",
      "limit=1e400",
      "limit=101",
      "limit=1.5",
      "limit=",
      "limit=1&limit=2",
    ]) {
      const res = await request(t.app).get(`/api/minting/history?${q}`);
      expect(res.status, q).toBe(400);
      expect(
        res.body.issues.map((i: { path: string }) => i.path),
        q,
      ).toContain("limit");
    }
    const extra = await request(t.app).get("/api/minting/history?limit=5&sort=asc").expect(400);
    expect(extra.body.issues).toEqual([{ path: "sort", message: "is not an accepted field" }]);
  });
});

describe("transport errors", () => {
  it("answers 413 JSON for a 2 MB body and keeps serving", async () => {
    const big = JSON.stringify({ ethAmount: 0.01, pad: "x".repeat(2 * 1024 * 1024) });
    const res = await request(t.app).post("/api/xqbme/mint-xqb").set("content-type", "application/json").send(big);
    expect(res.status).toBe(413);
    expect(res.headers["content-type"]).toMatch(/application\/json/);
    expect(res.body).toEqual({
      code: "BODY_TOO_LARGE",
      error: "Request body too large",
      issues: [{ path: "", message: "limit is 102400 bytes" }],
    });
    await request(t.app).get("/api/unified/status").expect(200);
  });

  it("answers 400 for malformed JSON", async () => {
    const res = await request(t.app)
      .post("/api/xqbme/mint-xqb")
      .set("content-type", "application/json")
      .send('{"ethAmount": 0.01,');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("Malformed JSON");
  });

  it("answers 415 for a form-encoded body", async () => {
    const res = await request(t.app).post("/api/xqbme/mint-xqb").type("form").send("ethAmount=0.01");
    expect(res.status).toBe(415);
  });

  it("answers unknown /api paths with JSON 404", async () => {
    const res = await request(t.app).get("/api/x").expect(404);
    expect(res.body).toEqual({ code: "NOT_FOUND", error: "Not found: GET /api/x" });
    const post = await request(t.app).post("/api/xqbme/unknown").send({}).expect(404);
    expect(post.body).toEqual({ code: "NOT_FOUND", error: "Not found: POST /api/xqbme/unknown" });
    const wrongMethod = await request(t.app).get("/api/xqbme/mint-xqb").expect(405);
    expect(wrongMethod.headers.allow).toBe("POST");
  });

  it("echoes a safe x-request-id and replaces an unsafe one", async () => {
    const kept = await request(t.app).get("/api/x").set("x-request-id", "req-123");
    expect(kept.headers["x-request-id"]).toBe("req-123");
    const replaced = await request(t.app).get("/api/x").set("x-request-id", "bad id\twith spaces");
    expect(replaced.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("sets security headers", async () => {
    const res = await request(t.app).get("/api/unified/status").expect(200);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-powered-by"]).toBeUndefined();
  });

  it("answers a bug with 500, the request id and no stack", async () => {
    // A database handle that cannot query: the repository throws a TypeError, as a real bug would.
    const broken = createApp({ ...t.deps, database: { ...t.deps.database, db: {} as never } });
    const res = await request(broken).get("/api/minting/history").set("x-request-id", "trace-500");
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ code: "INTERNAL", error: "Internal server error", requestId: "trace-500" });
  });
});
