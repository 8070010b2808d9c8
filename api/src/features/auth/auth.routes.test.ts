// Sign-In with Ethereum end to end on the real app (PGlite in memory, no chain needed: signatures are
// checked offline). The server listens on one port so the Host header, and so the message's domain, is
// the same for every request: 127.0.0.1:<port>.
import { once } from "node:events";
import type { AddressInfo, Server } from "node:net";
import { sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { createSiweMessage, type CreateSiweMessageParameters } from "viem/siwe";
import { sessions } from "../../db/schema";
import { createSessionStore } from "../../shared/session";
import { startTestApp, type TestApp } from "../../testing/harness";
import { nonceResponse, sessionResponse } from "./auth.schemas";

// Hardhat dev accounts #1 and #2: public keys, fine for tests.
const alice = privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d");
const mallory = privateKeyToAccount("0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a");
const MINUTE = 60_000;

let t: TestApp;
let server: Server;
let host: string;
beforeAll(async () => {
  t = await startTestApp({ chain: "none" });
  server = t.app.listen(0, "127.0.0.1");
  await once(server, "listening");
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server?.close();
  await t?.close();
});

const api = () => request(server);

async function getNonce() {
  const res = await api().get("/api/auth/nonce").expect(200);
  return nonceResponse.parse(res.body);
}

function siweMessage(nonce: string, overrides: Partial<CreateSiweMessageParameters> = {}) {
  return createSiweMessage({
    domain: host,
    address: alice.address,
    statement: "Sign in to the XQB dApp. This request does not send a transaction or cost gas.",
    uri: `http://${host}`,
    version: "1",
    chainId: 31337,
    nonce,
    issuedAt: new Date(),
    ...overrides,
  });
}

/** A fresh nonce, a message with the overrides, signed by `signer` (alice by default). */
async function signed(overrides: Partial<CreateSiweMessageParameters> = {}, signer: PrivateKeyAccount = alice) {
  const { nonce } = await getNonce();
  const message = siweMessage(nonce, overrides);
  return { message, signature: await signer.signMessage({ message }) };
}

const verify = (body: unknown, cookie?: string) => {
  const req = api().post("/api/auth/verify");
  if (cookie) req.set("Cookie", cookie);
  return req.send(body as object);
};

/** The `xqb_session=…` pair of the response's Set-Cookie, and the whole header line. */
function sessionCookie(res: request.Response): { pair: string; line: string } | null {
  const lines = ([] as string[]).concat(res.headers["set-cookie"] ?? []);
  const line = lines.find((l) => l.startsWith("xqb_session="));
  return line ? { pair: line.split(";")[0]!, line } : null;
}

describe("Sign-In with Ethereum: the happy path", () => {
  it("nonce -> sign -> verify sets the cookie -> session answers the address -> logout -> session answers null", async () => {
    const issued = await api().get("/api/auth/nonce").expect(200);
    expect(issued.headers["cache-control"]).toBe("no-store");
    const { nonce, expiresAt } = nonceResponse.parse(issued.body);
    expect(nonce).toMatch(/^[A-Za-z0-9]{96}$/);
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(4 * MINUTE);
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(5 * MINUTE + 5000);

    const message = siweMessage(nonce);
    const res = await verify({ message, signature: await alice.signMessage({ message }) }).expect(200);
    const body = sessionResponse.parse(res.body);
    expect(body.address).toBe(alice.address);
    expect(body.chainId).toBe(31337);
    expect(Date.parse(body.expiresAt) - Date.now()).toBeGreaterThan(24 * 60 * MINUTE - MINUTE);

    const cookie = sessionCookie(res)!;
    expect(cookie.line).toMatch(/^xqb_session=[A-Za-z0-9_-]{43}; /);
    const attributes = cookie.line.split("; ").slice(1);
    expect(attributes).toEqual(expect.arrayContaining(["Max-Age=86400", "Path=/", "HttpOnly", "SameSite=Strict"]));
    expect(attributes).not.toContain("Secure"); // plain http
    // The table keeps a hash of the token, not the token.
    const rows = await t.deps.database.db.select().from(sessions);
    const token = cookie.pair.slice("xqb_session=".length);
    expect(rows.map((r) => r.id)).not.toContain(token);
    expect(rows.map((r) => r.address)).toContain(alice.address);

    const session = await api().get("/api/auth/session").set("Cookie", cookie.pair).expect(200);
    expect(session.body).toEqual(body);

    const out = await api().post("/api/auth/logout").set("Cookie", cookie.pair).expect(200);
    expect(out.body).toEqual({ signedOut: true });
    expect(sessionCookie(out)!.line).toMatch(/^xqb_session=; Max-Age=0; /);

    // Signed out is an answer, not an error: 200 with null, and the stale cookie is cleared.
    const after = await api().get("/api/auth/session").set("Cookie", cookie.pair).expect(200);
    expect(after.body).toBeNull();
    expect(sessionCookie(after)!.line).toMatch(/^xqb_session=; Max-Age=0;/);
  });

  it("signing in again replaces this browser's previous session", async () => {
    const first = sessionCookie(await verify(await signed()).expect(200))!;
    const second = sessionCookie(await verify(await signed(), first.pair).expect(200))!;
    expect((await api().get("/api/auth/session").set("Cookie", first.pair).expect(200)).body).toBeNull();
    expect((await api().get("/api/auth/session").set("Cookie", second.pair).expect(200)).body).toMatchObject({
      address: alice.address,
    });
  });

  it("logout without a session still answers signed out", async () => {
    expect((await api().post("/api/auth/logout").expect(200)).body).toEqual({ signedOut: true });
  });
});

describe("Sign-In with Ethereum: refusals (401 for a message not accepted, 400 for one not well formed)", () => {
  const unauthenticated = (res: request.Response, why: RegExp) => {
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: "UNAUTHENTICATED", error: expect.stringMatching(why) });
    expect(sessionCookie(res)).toBeNull();
  };
  const invalid = (res: request.Response, path: string, why: RegExp) => {
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("INVALID_INPUT");
    expect(res.body.issues).toEqual([{ path, message: expect.stringMatching(why) }]);
    expect(sessionCookie(res)).toBeNull();
  };

  it("a signature by another key", async () => {
    unauthenticated(
      await verify(await signed({}, mallory)),
      new RegExp(`Sign-in refused: the signature was not made by ${alice.address}`),
    );
  });

  it("a refused attempt does not use up the nonce; a reused nonce fails", async () => {
    const { nonce } = await getNonce();
    const message = siweMessage(nonce);
    unauthenticated(await verify({ message, signature: await mallory.signMessage({ message }) }), /signature/);
    const good = { message, signature: await alice.signMessage({ message }) };
    await verify(good).expect(200);
    unauthenticated(await verify(good), /the nonce was already used/);
  });

  it("the same message verified twice at once: exactly one session", async () => {
    const body = await signed();
    const statuses = (await Promise.all([verify(body), verify(body), verify(body)])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 401, 401]);
  });

  it("an unknown nonce and an expired nonce", async () => {
    const message = siweMessage("abcdefgh12345678");
    unauthenticated(
      await verify({ message, signature: await alice.signMessage({ message }) }),
      /nonce was not issued by this server/,
    );

    const { nonce } = await getNonce();
    await t.deps.database.db.execute(
      sql`update auth_nonces set expires_at = now() - interval '1 second' where nonce = ${nonce}`,
    );
    const late = siweMessage(nonce);
    unauthenticated(
      await verify({ message: late, signature: await alice.signMessage({ message: late }) }),
      /the nonce has expired/,
    );
  });

  it("a message past its expiration time, or before its not-before time", async () => {
    unauthenticated(
      await verify(await signed({ expirationTime: new Date(Date.now() - MINUTE) })),
      /the message expired at/,
    );
    unauthenticated(await verify(await signed({ notBefore: new Date(Date.now() + 10 * MINUTE) })), /not valid before/);
  });

  it("a message issued too long ago or in the future", async () => {
    unauthenticated(
      await verify(await signed({ issuedAt: new Date(Date.now() - 10 * MINUTE) })),
      /more than 5 minutes ago/,
    );
    unauthenticated(
      await verify(await signed({ issuedAt: new Date(Date.now() + 10 * MINUTE) })),
      /issued in the future/,
    );
  });

  it("another site's domain, or a URI off this site", async () => {
    unauthenticated(
      await verify(await signed({ domain: "evil.example", uri: "https://evil.example" })),
      /for the domain evil\.example, not this site \(127\.0\.0\.1:\d+\)/,
    );
    unauthenticated(
      await verify(await signed({ uri: "https://evil.example/login" })),
      /the URI https:\/\/evil\.example\/login is not on this site/,
    );
  });

  it("another chain id", async () => {
    unauthenticated(
      await verify(await signed({ chainId: 11155111 })),
      /chain id 11155111 \(Sepolia\) is not this server's chain \(31337 \(Hardhat local\)\)/,
    );
  });

  it("a version other than 1", async () => {
    const { nonce } = await getNonce();
    const message = siweMessage(nonce).replace("\nVersion: 1\n", "\nVersion: 2\n");
    unauthenticated(
      await verify({ message, signature: await alice.signMessage({ message }) }),
      /version "2" is not supported/,
    );
  });

  it("a malformed message names the field and says why", async () => {
    invalid(
      await verify({ message: "hello", signature: `0x${"11".repeat(65)}` }),
      "message",
      /is not an EIP-4361 message/,
    );

    const { nonce } = await getNonce();
    const base = siweMessage(nonce);
    const smuggled = base.replace("\nURI: ", "\nTransfer: everything\nURI: ");
    invalid(
      await verify({ message: smuggled, signature: await alice.signMessage({ message: smuggled }) }),
      "message",
      /not in the EIP-4361 form/,
    );
    const lower = base.replace(alice.address, alice.address.toLowerCase());
    invalid(
      await verify({ message: lower, signature: await alice.signMessage({ message: lower }) }),
      "message",
      /EIP-55 checksummed/,
    );
    const badDate = base.replace(/Issued At: .*/, "Issued At: yesterday");
    invalid(
      await verify({ message: badDate, signature: await alice.signMessage({ message: badDate }) }),
      "message",
      /Issued At is not an RFC 3339/,
    );

    invalid(await verify({ message: base, signature: "0x1234" }), "signature", /65-byte hex signature/);
    invalid(await verify({ message: "x".repeat(5000), signature: `0x${"11".repeat(65)}` }), "message", /at most 4096/);
    const extra = await verify({ message: base, signature: `0x${"11".repeat(65)}`, address: alice.address });
    expect(extra.status).toBe(400);
    expect(extra.body.issues).toEqual([{ path: "address", message: "is not an accepted field" }]);
    // None of these used up the nonce.
    await verify({ message: base, signature: await alice.signMessage({ message: base }) }).expect(200);
  });

  it("accepts timestamps in any RFC 3339 form (here without milliseconds)", async () => {
    const { nonce } = await getNonce();
    const message = siweMessage(nonce).replace(/Issued At: (.*)\.\d{3}Z/, "Issued At: $1Z");
    await verify({ message, signature: await alice.signMessage({ message }) }).expect(200);
  });
});

describe("GET /api/auth/session without a valid session", () => {
  it("no cookie: null, not an error, and no cookie set", async () => {
    const res = await api().get("/api/auth/session").expect(200);
    expect(res.body).toBeNull();
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(sessionCookie(res)).toBeNull();
  });

  it("a tampered cookie is not a session, and is cleared", async () => {
    const { pair } = sessionCookie(await verify(await signed()).expect(200))!;
    const last = pair.at(-1) === "A" ? "B" : "A";
    for (const forged of [`${pair.slice(0, -1)}${last}`, "xqb_session=not-a-token", `xqb_session=${"A".repeat(43)}`]) {
      const res = await api().get("/api/auth/session").set("Cookie", forged).expect(200);
      expect(res.body).toBeNull();
      expect(sessionCookie(res)!.line).toMatch(/^xqb_session=; Max-Age=0;/);
    }
    expect((await api().get("/api/auth/session").set("Cookie", pair).expect(200)).body).toMatchObject({
      address: alice.address,
    });
  });

  it("an expired session, and a session of another chain", async () => {
    const { pair } = sessionCookie(await verify(await signed()).expect(200))!;
    const token = pair.slice("xqb_session=".length);
    expect(await createSessionStore(t.deps.database.db, 11155111).find(token)).toBeNull();
    expect(await createSessionStore(t.deps.database.db, 31337).find(token)).toMatchObject({ address: alice.address });

    await t.deps.database.db.execute(sql`update sessions set expires_at = now() - interval '1 second'`);
    const expired = await api().get("/api/auth/session").set("Cookie", pair).expect(200);
    expect(expired.body).toBeNull();
    expect(sessionCookie(expired)!.line).toMatch(/^xqb_session=; Max-Age=0;/);
  });
});
