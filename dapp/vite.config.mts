import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import { precompressDir } from "../scripts/lib/precompress.mts";
import { muiWithoutCssVars } from "./build/mui-without-css-vars.mts";
import { reactRouterProduction } from "./build/react-router-production.mts";

const root = fileURLToPath(new URL(".", import.meta.url));

/**
 * After the build is on disk, writes .br and .gz beside every compressible file (scripts/lib/precompress.ts),
 * so `npm run build:dapp`, `npm run build` and `npm start`'s rebuild all leave the copies the server sends.
 */
function precompress(): Plugin {
  return {
    name: "xqb:precompress",
    apply: "build",
    async writeBundle(output) {
      if (!output.dir) return;
      const files = await precompressDir(output.dir);
      const raw = files.reduce((s, f) => s + f.bytes, 0);
      const br = files.reduce((s, f) => s + (f.br ?? f.bytes), 0);
      this.info(
        `precompressed ${files.length} files: ${(raw / 1024).toFixed(0)} KB -> ${(br / 1024).toFixed(0)} KB brotli`,
      );
    },
  };
}

// Routes are lazy (src/app/router.tsx), so page code and anything heavy a page imports (x-charts later)
// lands in its own chunk. No vendor groups: grouping by package pulls lazy-only code into the first load.
// One group only: everything the entry loads statically (React, the router, MUI's core, the shell) is one
// file instead of a dozen small ones, which gzips 5 KB smaller and is one request.
export default defineConfig({
  root,
  plugins: [muiWithoutCssVars(), reactRouterProduction(), react(), precompress()],
  build: {
    outDir: fileURLToPath(new URL("./dist", import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
    // No <link rel="modulepreload"> for a lazy route's imports: vite's helper appended one per import before
    // each import() (the minting page: 321 ms of appendChild at 4x CPU in a profile, Lighthouse TBT on `/` 334 ->
    // 228 ms, score 86 -> 93). The browser fetches a route chunk's imports when it reads them instead: one more
    // round trip, nothing on this page's LCP (3.4-3.6 s either way).
    modulePreload: false,
    // dist/.vite/manifest.json: which chunks each route loads (the bench sums the minting page's JS from it).
    // A dot folder, so the server never serves it.
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // Two CommonJS packages with no package.json `sideEffects` field, so the bundler keeps them once imported
        // even with none of their exports used: emotion imports hoist-non-react-statics (and it react-is) for its
        // withTheme, which nothing here calls. Both only define functions and constants. Undefined: the default.
        moduleSideEffects: (id: string) =>
          /node_modules\/(hoist-non-react-statics|react-is)\//.test(id) ? false : undefined,
      },
      output: {
        codeSplitting: {
          groups: [
            { name: "index", tags: ["$initial"] },
            // What nearly every page's first load shares (the page shell, the query/error road, useQuery), as
            // one chunk: apart, they were a handful of small files, each with its own request and import list.
            {
              name: "page-common",
              test: /dapp\/src\/(components\/(page-shell|notice|lazy-part|skeleton|load-error)|lib\/(api-client|api-errors|endpoint-client|network\/get-network))|@tanstack\/(query-core|react-query)\//,
              // Only these modules: their own imports (Stack, Button…) stay where they were, so the landing page,
              // which uses none of them, does not load this chunk for a Stack.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    host: "127.0.0.1",
    port: 5173,
    proxy: {
      "/api": { target: "http://127.0.0.1:3000", changeOrigin: false },
      "/ipfs": { target: "http://127.0.0.1:3000", changeOrigin: false },
    },
  },
  preview: {
    host: "127.0.0.1",
    port: 4173,
    proxy: {
      "/api": { target: "http://127.0.0.1:3000", changeOrigin: false },
      "/ipfs": { target: "http://127.0.0.1:3000", changeOrigin: false },
    },
  },
});
