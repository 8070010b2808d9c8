// react-router 7's package.json `exports` names only its development build (dist/development), whose
// `ENABLE_DEV_WARNINGS = true` keeps every dev-only warning and its message text alive in a production bundle.
// The package also ships dist/production, identical but for that flag being false, so the bundler drops the
// warnings as dead code. `vite build` resolves react-router (and react-router/dom) to it; the dev server and
// vitest keep the development build and its warnings.
import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";

const require = createRequire(import.meta.url);

export function reactRouterProduction(): Plugin {
  let dist = "";
  return {
    name: "xqb:react-router-production",
    apply: "build",
    enforce: "pre",
    configResolved(config) {
      const pkg = require.resolve("react-router/package.json", { paths: [config.root] });
      dist = path.join(path.dirname(pkg), "dist", "production");
    },
    resolveId(source) {
      if (source === "react-router") return path.join(dist, "index.mjs");
      if (source === "react-router/dom") return path.join(dist, "dom-export.mjs");
      return null;
    },
  };
}
