// The built dapp as the server sends it: precompressed copies chosen by Accept-Encoding, the cache headers,
// and every wrong request answered in the one JSON error shape. A fake dist folder in a temp dir, its .br/.gz
// written by the build's own function; a bare Express app with the same mounts as api/src/app.ts.
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressDir } from "../../../scripts/lib/precompress.mts";
import { apiError } from "../http/error-body";
import { errorHandler } from "../http/error-handler";
import { notFoundHandler } from "../http/not-found";
import { isApiPath, serveBuiltDapp } from "./serve-dapp";

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>XQB Multi-Chain Testnet</title>
    <script type="module" crossorigin src="/assets/app-abc123.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/tiny-def456.js">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
// About 40 KB of module-like text: compressible, like a real chunk.
const APP_JS = Array.from(
  { length: 600 },
  (_, i) => `export const value${i} = { id: ${i}, name: "item-${i}", double: ${i * 2} };\n`,
).join("");
const TINY_JS = `export const tiny = 1;\n`;

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A raw request (fetch would inflate the body and hide Content-Encoding). */
function request(
  base: string,
  urlPath: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${urlPath}`,
      { method: options.method ?? "GET", headers: options.headers ?? {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end();
  });
}

function listen(app: express.Express): Promise<{ base: string; close: () => Promise<void> }> {
  return new Promise((resolve) => {
    const server = app.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({ base: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

/** The mounts of api/src/app.ts around the web app, with no API routes. */
function appServing(dist: string) {
  const app = express();
  const notFound = notFoundHandler([]);
  app.use("/api", notFound);
  serveBuiltDapp(app, dist);
  app.use(notFound);
  app.use(errorHandler);
  return app;
}

const json = (reply: Reply) => apiError.parse(JSON.parse(reply.body.toString("utf8")));
const IMMUTABLE = "public, max-age=31536000, immutable";

let tmp: string;
let base: string;
let close: () => Promise<void>;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), "serve-dapp-"));
  const dist = path.join(tmp, "dist");
  await mkdir(path.join(dist, "assets"), { recursive: true });
  await writeFile(path.join(dist, "index.html"), INDEX);
  await writeFile(path.join(dist, "assets/app-abc123.js"), APP_JS);
  await writeFile(path.join(dist, "assets/tiny-def456.js"), TINY_JS);
  await precompressDir(dist);
  ({ base, close } = await listen(appServing(dist)));
});

afterAll(async () => {
  await close?.();
  await rm(tmp, { recursive: true, force: true });
});

describe("precompressDir", () => {
  it("writes .br and .gz beside compressible files of 1 KB or more and beside index.html, not beside tiny files", async () => {
    const dist = path.join(tmp, "again");
    await mkdir(path.join(dist, "assets"), { recursive: true });
    await writeFile(path.join(dist, "index.html"), INDEX);
    await writeFile(path.join(dist, "assets/app-abc123.js"), APP_JS);
    await writeFile(path.join(dist, "assets/tiny-def456.js"), TINY_JS);
    await writeFile(path.join(dist, "assets/logo.png"), Buffer.alloc(4096));
    await mkdir(path.join(dist, ".vite"));
    await writeFile(path.join(dist, ".vite/manifest.json"), JSON.stringify({ big: "x".repeat(4096) }));

    const report = await precompressDir(dist);
    expect(report.map((f) => f.file).sort()).toEqual(["assets/app-abc123.js", "index.html"]);
    const app = report.find((f) => f.file === "assets/app-abc123.js")!;
    expect(app.bytes).toBe(Buffer.byteLength(APP_JS));
    expect(app.br).toBeLessThan(app.gz!);
    expect(app.gz).toBeLessThan(app.bytes / 5);
    expect(brotliDecompressSync(await readFile(path.join(dist, "assets/app-abc123.js.br"))).toString()).toBe(APP_JS);
    expect(gunzipSync(await readFile(path.join(dist, "assets/app-abc123.js.gz"))).toString()).toBe(APP_JS);
    for (const absent of [
      "assets/tiny-def456.js.br",
      "assets/tiny-def456.js.gz",
      "assets/logo.png.br",
      ".vite/manifest.json.br",
    ]) {
      await expect(stat(path.join(dist, absent)), absent).rejects.toThrow();
    }
  });
});

describe("hashed assets", () => {
  it("sends the brotli copy to a client that accepts br and gzip, cached for a year", async () => {
    const r = await request(base, "/assets/app-abc123.js", { headers: { "accept-encoding": "br, gzip" } });
    expect(r.status).toBe(200);
    expect(r.headers["content-encoding"]).toBe("br");
    expect(r.headers["cache-control"]).toBe(IMMUTABLE);
    expect(r.headers.vary).toMatch(/accept-encoding/i);
    expect(r.headers["content-type"]).toMatch(/javascript/);
    expect(r.body.length).toBeLessThan(Buffer.byteLength(APP_JS) / 5);
    expect(brotliDecompressSync(r.body).toString()).toBe(APP_JS);
  });

  it("prefers brotli whatever order the client lists them in, and respects q=0", async () => {
    expect(
      (await request(base, "/assets/app-abc123.js", { headers: { "accept-encoding": "gzip, deflate, br" } })).headers[
        "content-encoding"
      ],
    ).toBe("br");
    const noBr = await request(base, "/assets/app-abc123.js", { headers: { "accept-encoding": "br;q=0, gzip" } });
    expect(noBr.headers["content-encoding"]).toBe("gzip");
  });

  it("sends the gzip copy to a gzip-only client", async () => {
    const r = await request(base, "/assets/app-abc123.js", { headers: { "accept-encoding": "gzip" } });
    expect(r.status).toBe(200);
    expect(r.headers["content-encoding"]).toBe("gzip");
    expect(r.headers["cache-control"]).toBe(IMMUTABLE);
    expect(r.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(r.body).toString()).toBe(APP_JS);
  });

  it("sends the plain file to a client that sends no Accept-Encoding", async () => {
    const r = await request(base, "/assets/app-abc123.js");
    expect(r.status).toBe(200);
    expect(r.headers["content-encoding"]).toBeUndefined();
    expect(r.headers["cache-control"]).toBe(IMMUTABLE);
    expect(r.body.toString()).toBe(APP_JS);
  });

  it("sends a file too small to compress as it is, still immutable", async () => {
    const r = await request(base, "/assets/tiny-def456.js", { headers: { "accept-encoding": "br, gzip" } });
    expect(r.status).toBe(200);
    expect(r.headers["content-encoding"]).toBeUndefined();
    expect(r.headers["cache-control"]).toBe(IMMUTABLE);
    expect(r.body.toString()).toBe(TINY_JS);
  });

  it("answers a revalidation of the same copy with 304, ignores Range, and a failed If-Match with a bare 412 (never a 500)", async () => {
    const first = await request(base, "/assets/app-abc123.js", { headers: { "accept-encoding": "br" } });
    const again = await request(base, "/assets/app-abc123.js", {
      headers: { "accept-encoding": "br", "if-none-match": first.headers.etag! },
    });
    expect(again.status).toBe(304);
    const ranged = await request(base, "/assets/app-abc123.js", { headers: { range: "bytes=999999999-" } });
    expect(ranged.status).toBe(200);
    expect(ranged.body.toString()).toBe(APP_JS);
    const failed = await request(base, "/assets/app-abc123.js", {
      headers: { "accept-encoding": "br", "if-match": '"nope"' },
    });
    expect(failed.status).toBe(412);
    expect(failed.headers["content-encoding"]).toBeUndefined();
  });

  it("answers a missing asset with a JSON 404, not index.html, whatever the client accepts", async () => {
    for (const accept of [undefined, "br, gzip"]) {
      const r = await request(base, "/assets/missing.js", { headers: accept ? { "accept-encoding": accept } : {} });
      expect(r.status).toBe(404);
      expect(r.headers["content-type"]).toMatch(/^application\/json/);
      expect(r.headers["content-encoding"]).toBeUndefined();
      expect(json(r)).toEqual({ code: "NOT_FOUND", error: "No such file: /assets/missing.js" });
    }
    expect(json(await request(base, "/assets/deeper/missing.css")).code).toBe("NOT_FOUND");
    expect(json(await request(base, "/assets")).code).toBe("NOT_FOUND");
  });

  it("answers HEAD on a missing asset with a 404 and no body, and HEAD on a present one with its headers", async () => {
    const missing = await request(base, "/assets/missing.js", { method: "HEAD" });
    expect(missing.status).toBe(404);
    expect(missing.body.length).toBe(0);
    const present = await request(base, "/assets/app-abc123.js", {
      method: "HEAD",
      headers: { "accept-encoding": "br" },
    });
    expect(present.status).toBe(200);
    expect(present.headers["content-encoding"]).toBe("br");
    expect(present.body.length).toBe(0);
  });

  it("answers other methods on an asset in the JSON shape", async () => {
    const r = await request(base, "/assets/app-abc123.js", { method: "POST", headers: { "accept-encoding": "br" } });
    expect(r.status).toBe(404);
    expect(r.headers["content-encoding"]).toBeUndefined();
    expect(json(r).code).toBe("NOT_FOUND");
  });
});

describe("index.html and client routes", () => {
  it("serves index.html for a client route, compressed and revalidated at every load", async () => {
    const r = await request(base, "/multi-blockchain-minting", { headers: { "accept-encoding": "br, gzip" } });
    expect(r.status).toBe(200);
    expect(r.headers["content-type"]).toMatch(/^text\/html/);
    expect(r.headers["content-encoding"]).toBe("br");
    expect(r.headers["cache-control"]).toBe("no-cache");
    expect(r.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(r.body).toString()).toBe(INDEX);
  });

  it("serves it plain to a client without Accept-Encoding, gzip to a gzip client, for / and for HEAD", async () => {
    const plain = await request(base, "/multi-blockchain-minting?tab=eth");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["cache-control"]).toBe("no-cache");
    expect(plain.body.toString()).toBe(INDEX);
    const root = await request(base, "/", { headers: { "accept-encoding": "gzip" } });
    expect(root.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(root.body).toString()).toBe(INDEX);
    const head = await request(base, "/some/client/route", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers["cache-control"]).toBe("no-cache");
    expect(head.body.length).toBe(0);
  });

  it("serves /index.html itself with no-cache too", async () => {
    const r = await request(base, "/index.html", { headers: { "accept-encoding": "br" } });
    expect(r.status).toBe(200);
    expect(r.headers["cache-control"]).toBe("no-cache");
    expect(brotliDecompressSync(r.body).toString()).toBe(INDEX);
  });

  it("leaves other methods to the app's JSON 404/405", async () => {
    for (const method of ["PUT", "POST", "DELETE"]) {
      const r = await request(base, "/", { method, headers: { "accept-encoding": "br" } });
      expect([404, 405]).toContain(r.status);
      expect(r.headers["content-encoding"]).toBeUndefined();
      expect(json(r).code).toMatch(/^(NOT_FOUND|METHOD_NOT_ALLOWED)$/);
    }
  });

  it("never answers an /api path with index.html, however it is spelled", async () => {
    for (const p of ["/api/nothing", "//api//x", "/api", "/./api/x", "/%61pi/x", "/x/../api/y"]) {
      const r = await request(base, p, { headers: { "accept-encoding": "br" } });
      expect(r.status, p).toBe(404);
      expect(r.headers["content-type"], p).toMatch(/^application\/json/);
      expect(json(r).code, p).toBe("NOT_FOUND");
    }
  });

  it("answers a path with broken percent-encoding with a JSON 400", async () => {
    for (const p of ["/%E0%A4%A", "/assets/%zz.js"]) {
      const r = await request(base, p);
      expect(r.status, p).toBe(400);
      expect(json(r).code, p).toBe("INVALID_INPUT");
    }
  });
});

describe("isApiPath", () => {
  it("sees through repeated slashes and dot segments", () => {
    expect(["/api", "/api/", "/api/x", "//api//x", "/./api", "/a/../api/b"].every(isApiPath)).toBe(true);
    expect(["/", "/apis", "/apix/y", "/multi-blockchain-minting", "/x/api"].some(isApiPath)).toBe(false);
  });
});

describe("when the web app is not built", () => {
  it("answers client routes with a plain 503 that says what to run, and /api paths with the JSON 404", async () => {
    const empty = path.join(tmp, "empty");
    await mkdir(empty, { recursive: true });
    const server = await listen(appServing(empty));
    try {
      const page = await request(server.base, "/multi-blockchain-minting");
      expect(page.status).toBe(503);
      expect(page.headers["content-type"]).toMatch(/^text\/plain/);
      expect(page.body.toString()).toMatch(/npm run build/);
      const api = await request(server.base, "//api//x");
      expect(api.status).toBe(404);
      expect(json(api).code).toBe("NOT_FOUND");
    } finally {
      await server.close();
    }
  });
});
