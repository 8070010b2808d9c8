import path from "node:path";
import { existsSync } from "node:fs";
import type { Server } from "node:http";
import express, { type Express } from "express";

const ROOT = path.resolve(__dirname, "../../..");
const NOT_API = /^(?!\/api(\/|$)).*/;

/** Serves the built dapp: static assets with long caching, and index.html for every client-side route. */
export function serveBuiltDapp(app: Express, distDir: string): void {
  const dist = path.resolve(ROOT, distDir);
  const index = path.join(dist, "index.html");
  if (!existsSync(index)) {
    app.get(NOT_API, (_req, res) => {
      res.status(503).type("text").send(`The web app is not built: run \`npm run build\` (looked in ${dist}).`);
    });
    return;
  }
  app.use("/assets", express.static(path.join(dist, "assets"), { immutable: true, maxAge: "1y", fallthrough: false }));
  app.use(express.static(dist, { index: false }));
  app.get(NOT_API, (_req, res) => {
    res.setHeader("Cache-Control", "no-cache");
    res.sendFile(index);
  });
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
