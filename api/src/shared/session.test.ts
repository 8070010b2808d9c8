// The session helpers other features use, without a server: cookie attributes and requireSession.
import type { Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { HttpError } from "../http/errors";
import {
  clearSessionCookie,
  requireSession,
  sessionTokenOf,
  setSessionCookie,
  type Session,
  type SessionStore,
} from "./session";

const TOKEN = "A".repeat(43);
const fakeReq = (headers: Record<string, string>, secure = false) => ({ headers, secure }) as unknown as Request;
function fakeRes() {
  const set: string[] = [];
  return {
    set,
    res: { append: (name: string, value: string) => name === "Set-Cookie" && set.push(value) } as unknown as Response,
  };
}
const alice: Session = {
  address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  chainId: 31337,
  expiresAt: new Date("2030-01-01T00:00:00Z"),
};
const store: SessionStore = {
  chainId: 31337,
  create: () => Promise.reject(new Error("not used")),
  find: async (token) => (token === TOKEN ? alice : null),
  delete: async () => false,
};

describe("session cookie", () => {
  it("is HttpOnly, SameSite=Strict, Path=/, with Max-Age; Secure only over https", () => {
    const plain = fakeRes();
    setSessionCookie(fakeReq({}), plain.res, TOKEN, 86_400);
    expect(plain.set).toEqual([`xqb_session=${TOKEN}; Max-Age=86400; Path=/; HttpOnly; SameSite=Strict`]);

    const https = fakeRes();
    setSessionCookie(fakeReq({}, true), https.res, TOKEN, 86_400);
    expect(https.set).toEqual([`xqb_session=${TOKEN}; Max-Age=86400; Path=/; HttpOnly; Secure; SameSite=Strict`]);

    const cleared = fakeRes();
    clearSessionCookie(fakeReq({}, true), cleared.res);
    expect(cleared.set[0]).toMatch(
      /^xqb_session=; Max-Age=0; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Strict$/,
    );
  });

  it("is read from among other cookies", () => {
    expect(sessionTokenOf(fakeReq({ cookie: `theme=dark; xqb_session=${TOKEN}; x=1` }))).toBe(TOKEN);
    expect(sessionTokenOf(fakeReq({ cookie: "theme=dark" }))).toBeNull();
    expect(sessionTokenOf(fakeReq({}))).toBeNull();
  });
});

describe("requireSession", () => {
  it("answers the session, or 401 UNAUTHENTICATED saying why", async () => {
    await expect(requireSession(fakeReq({ cookie: `xqb_session=${TOKEN}` }), store)).resolves.toEqual(alice);
    const none = await requireSession(fakeReq({}), store).catch((e: unknown) => e);
    expect(none).toBeInstanceOf(HttpError);
    expect(none).toMatchObject({ code: "UNAUTHENTICATED", status: 401, message: "Sign in with Ethereum first" });
    const stale = await requireSession(fakeReq({ cookie: `xqb_session=${"B".repeat(43)}` }), store).catch(
      (e: unknown) => e,
    );
    expect(stale).toMatchObject({
      code: "UNAUTHENTICATED",
      message: expect.stringMatching(/expired or was signed out/),
    });
  });
});
