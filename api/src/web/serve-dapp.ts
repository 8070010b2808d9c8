import path from "node:path";
import { existsSync } from "node:fs";
import type { Server, ServerResponse } from "node:http";
import type { ErrorRequestHandler, Express, RequestHandler } from "express";
import expressStaticGzip from "express-static-gzip";
import type { ServeStaticOptions } from "serve-static";
import { HttpError, sendError } from "../http/errors";

const ROOT = path.resolve(__dirname, "../../..");

/** Whether a path belongs to the API, after collapsing repeated slashes and dot segments (`//api//x` does). */
export function isApiPath(urlPath: string): boolean {
  return /^\/api(?:\/|$)/.test(path.posix.normalize(urlPath));
}

/** The path decoded, or null when its percent-encoding is broken. */
function decodePath(urlPath: string): string | null {
  try {
    return decodeURIComponent(urlPath);
  } catch {
    return null;
  }
}

const badPath = () =>
  new HttpError("INVALID_INPUT", "The URL path is not valid percent-encoding", {
    issues: [{ path: "", message: "malformed %-escape in the path" }],
  });

/** Headers the compressed-file lookup set for a file that was not sent after all: the error body is plain JSON. */
function clearFileHeaders(res: ServerResponse) {
  if (res.headersSent) return;
  res.removeHeader("Content-Encoding");
  res.removeHeader("Content-Type");
}

/**
 * Files under `root`, each sent as its .br or .gz copy (written at build time by scripts/lib/precompress.mts)
 * when the client accepts one, brotli first; the plain file otherwise. GET and HEAD only; a miss calls next().
 * The folder is listed once, here: a rebuild while the server runs is served, but uncompressed until a restart.
 */
function compressedFiles(root: string, options: ServeStaticOptions<ServerResponse>): RequestHandler {
  const serve = expressStaticGzip(root, {
    enableBrotli: true,
    orderPreference: ["br", "gzip"],
    index: false,
    serveStatic: {
      index: false,
      redirect: false,
      dotfiles: "ignore",
      // Ranges of a compressed copy are pointless for these files, and a bad Range would be a 416 error.
      acceptRanges: false,
      fallthrough: true,
      ...options,
    },
  }) as RequestHandler;
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (decodePath(req.path) === null) return next(badPath());
    serve(req, res, (err?: unknown) => {
      clearFileHeaders(res);
      next(err);
    });
  };
}

/**
 * A file was found but could not be sent as asked: a failed If-Match / If-Unmodified-Since (412). No code
 * of the error list fits, so it is answered bare; anything else goes on to the app's error handler.
 */
const staticErrors: ErrorRequestHandler = (err: { status?: unknown }, _req, res, next) => {
  if (err.status === 412 && !res.headersSent) {
    clearFileHeaders(res);
    res.status(412).end();
    return;
  }
  next(err);
};

/**
 * Serves the built dapp. Hashed files under /assets: cached for a year and never revalidated (a changed
 * file gets a new name). Anything else, and index.html for every client-side route (GET/HEAD outside
 * /api): `Cache-Control: no-cache`, so a new build is seen at the next load. Both compressed when the
 * client accepts it, with `Vary: Accept-Encoding`. A missing asset is a JSON 404, never index.html.
 */
export function serveBuiltDapp(app: Express, distDir: string): void {
  const dist = path.resolve(ROOT, distDir);
  const index = path.join(dist, "index.html");
  if (!existsSync(index)) {
    app.get(/.*/, (req, res, next) => {
      if (isApiPath(decodePath(req.path) ?? req.path)) return next();
      res.status(503).type("text").send(`The web app is not built: run \`npm run build\` (looked in ${dist}).`);
    });
    return;
  }

  const assets = compressedFiles(path.join(dist, "assets"), { immutable: true, maxAge: "1y" });
  const missingAsset: RequestHandler = (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    sendError(res, new HttpError("NOT_FOUND", `No such file: ${req.originalUrl.split("?")[0]}`));
  };
  app.use("/assets", assets, staticErrors, missingAsset);

  const files = compressedFiles(dist, {
    cacheControl: false,
    setHeaders: (res) => res.setHeader("Cache-Control", "no-cache"),
  });
  app.use(files, staticErrors);

  // The SPA fallback: index.html for any other GET/HEAD outside /api (react-router draws the page or its 404).
  const spaFallback: RequestHandler = (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const decoded = decodePath(req.path);
    if (decoded === null) return next(badPath());
    if (isApiPath(decoded)) return next();
    const url = req.url;
    req.url = "/index.html";
    files(req, res, (err?: unknown) => {
      req.url = url;
      next(err);
    });
  };
  app.use(spaFallback, staticErrors);
}

/**
 * Development: vite's dev server as Express middleware on the same port as the API, with hot reload over
 * the same HTTP server, so `npm run dev` keeps the one-origin layout of `npm start`.
 */
export async function createDevDapp(server: Server) {
  const { createServer } = await import("vite");
  const vite = await createServer({
    configFile: path.join(ROOT, "dapp/vite.config.mts"),
    server: { middlewareMode: true, hmr: { server } },
    appType: "spa",
  });
  return {
    mount(app: Express) {
      app.use(vite.middlewares);
    },
    close: () => vite.close(),
  };
}
