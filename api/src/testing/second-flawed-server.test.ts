// The second planted-flaw server: with every flaw on, each is where SECOND_SERVER_FLAWS says; with none on, each place
// answers correctly; GET /v2/health is clean either way.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  SECOND_SERVER_FLAWS,
  SECOND_SERVER_LOGIN,
  SECOND_SERVER_ORDER_ID,
  startSecondFlawedServer,
  type SecondServer,
} from "./second-flawed-server";

async function signIn(base: string): Promise<{ res: Response; sid: string }> {
  const res = await fetch(`${base}/account/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(SECOND_SERVER_LOGIN).toString(),
    redirect: "manual",
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("sid=")) ?? "";
  return { res, sid: cookie.split(";")[0] ?? "" };
}

const postOrder = (base: string, body: unknown) =>
  fetch(`${base}/v2/orders`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe.each([
  { label: "all flaws", flaws: "all" as const, planted: true },
  { label: "no flaws", flaws: [] as const, planted: false },
])("second flawed server, $label", ({ flaws, planted }) => {
  let server: SecondServer;
  let base: string;
  beforeAll(async () => {
    server = await startSecondFlawedServer(flaws);
    base = server.baseUrl;
  });
  afterAll(() => server.close());

  it("serves its OpenAPI document with the JSON endpoints and a body schema for the POST", async () => {
    const res = await fetch(`${base}${server.openapiPath}`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\.0\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/v2/health", "/v2/products", "/v2/orders", "/v2/orders/{id}", "/v2/files/{name}"]),
    );
    expect(JSON.stringify(doc.paths["/v2/orders"]?.post)).toContain("requestBody");
  });

  it("session-cookie-flags: sign-in answers 302 to /account/home with the sid cookie", async () => {
    const { res, sid } = await signIn(base);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/account/home");
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("sid=")) ?? "";
    expect(sid).toMatch(/^sid=.{20,}/);
    if (planted) {
      expect(cookie).not.toMatch(/httponly/i);
      expect(cookie).not.toMatch(/samesite/i);
    } else {
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; SameSite=Lax/);
    }
    const wrong = await fetch(`${base}/account/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "user=alice&pass=nope",
      redirect: "manual",
    });
    expect(wrong.status).toBe(302);
    expect(wrong.headers.getSetCookie().some((c) => c.startsWith("sid="))).toBe(false);
  });

  it("tracking-cookie-flags and html-no-csp-no-nosniff: on both HTML pages", async () => {
    const { sid } = await signIn(base);
    for (const [path, headers] of [
      ["/", {}],
      ["/account/home", { cookie: sid }],
    ] as const) {
      const res = await fetch(`${base}${path}`, { headers, redirect: "manual" });
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type"), path).toMatch(/text\/html/);
      const pref = res.headers.getSetCookie().find((c) => c.startsWith("pref=")) ?? "";
      expect(pref, path).not.toBe("");
      if (planted) {
        expect(pref, path).not.toMatch(/httponly|samesite/i);
        expect(res.headers.get("content-security-policy"), path).toBeNull();
        expect(res.headers.get("x-content-type-options"), path).toBeNull();
      } else {
        expect(pref, path).toMatch(/; HttpOnly; SameSite=Lax/);
        expect(res.headers.get("content-security-policy"), path).toBe("default-src 'self'");
        expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
      }
    }
    const anonymous = await fetch(`${base}/account/home`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
  });

  it("private-cacheable: the signed-in order's Cache-Control", async () => {
    expect((await fetch(`${base}/v2/orders/${SECOND_SERVER_ORDER_ID}`)).status).toBe(401);
    const { sid } = await signIn(base);
    const res = await fetch(`${base}/v2/orders/${SECOND_SERVER_ORDER_ID}`, { headers: { cookie: sid } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: SECOND_SERVER_ORDER_ID });
    expect(res.headers.get("cache-control")).toBe(planted ? "public, max-age=3600" : "no-store");
  });

  it("stack-trace-in-body: an order with a quantity that is not a number", async () => {
    const res = await postOrder(base, { product: "p-1", quantity: "two" });
    const text = await res.text();
    if (planted) {
      expect(res.status).toBe(500);
      const body = JSON.parse(text) as { stack: string };
      expect(body.stack).toMatch(/^TypeError: .*\n {4}at Object\.<anonymous> \(\/srv\/shop\/app\/orders\.js:41:13\)/);
    } else {
      expect(res.status).toBe(400);
      expect(JSON.parse(text)).toEqual({ error: "quantity must be a number" });
      expect(text).not.toMatch(/\bat |\.js:\d+/);
    }
    const ok = await postOrder(base, { product: "p-1", quantity: 2 });
    expect(ok.status).toBe(201);
  });

  it("sql-error-in-body: a sort with a quote", async () => {
    const res = await fetch(`${base}/v2/products?sort=${encodeURIComponent("name'")}`);
    const text = await res.text();
    if (planted) {
      expect(res.status).toBe(500);
      expect(text).toContain(`ERROR:  syntax error at or near "'"`);
      expect(text).toContain("SELECT * FROM products ORDER BY name'");
    } else {
      expect(res.status).toBe(400);
      expect(text).not.toMatch(/SELECT|syntax error/i);
    }
    const sorted = await fetch(`${base}/v2/products?sort=price`);
    expect(sorted.status).toBe(200);
    expect(((await sorted.json()) as { price: number }[]).map((p) => p.price)).toEqual([7, 18, 42]);
  });

  it("file-path-in-body: a missing file", async () => {
    const res = await fetch(`${base}/v2/files/missing.pdf`);
    expect(res.status).toBe(404);
    const body = (await res.json()) as { error: string };
    if (planted) expect(body.error).toBe("ENOENT: no such file or directory, open '/var/www/shop/uploads/missing.pdf'");
    else expect(body).toEqual({ error: "not found" });
    expect((await fetch(`${base}/v2/files/catalog.txt`)).status).toBe(200);
  });

  it("version-banner: on every response but /v2/health", async () => {
    for (const path of ["/", "/v2/products", "/v2/files/missing.pdf", "/nowhere", server.openapiPath]) {
      const res = await fetch(`${base}${path}`, { redirect: "manual" });
      await res.arrayBuffer();
      expect(res.headers.get("server"), path).toBe(planted ? "Apache/2.4.49 (Unix)" : null);
      expect(res.headers.get("x-powered-by"), path).toBe(planted ? "PHP/7.4.3" : null);
    }
  });

  it("GET /v2/health is clean", async () => {
    const res = await fetch(`${base}/v2/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
    expect(res.headers.get("server")).toBeNull();
    expect(res.headers.get("x-powered-by")).toBeNull();
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.getSetCookie()).toEqual([]);
  });
});

describe("second flawed server, one flaw at a time", () => {
  it("turning one flaw off removes only that flaw", async () => {
    const ids = Object.keys(SECOND_SERVER_FLAWS) as (keyof typeof SECOND_SERVER_FLAWS)[];
    const server = await startSecondFlawedServer(ids.filter((id) => id !== "version-banner"));
    try {
      const res = await fetch(`${server.baseUrl}/v2/files/missing.pdf`);
      expect(res.headers.get("server")).toBeNull();
      expect(((await res.json()) as { error: string }).error).toMatch(/^ENOENT/);
    } finally {
      await server.close();
    }
  });

  it("refuses an unknown flaw id", async () => {
    await expect(startSecondFlawedServer(["no-such-flaw" as never])).rejects.toThrow(/unknown flaw/);
  });
});
