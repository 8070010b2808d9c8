// The web build is the production one whoever starts it: a test run's NODE_ENV=test must not reach vite.
// `npm test` builds dapp/dist once before the suites (scripts/test-all.ts, with NODE_ENV=test) and the browser
// tests serve that build: this test reads it when its stamp says it is current, and builds into a folder of its
// own otherwise (run alone, or with sources changed since).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { buildDapp, dappBuildIsCurrent } from "./dapp-build";

const SHARED = path.resolve(__dirname, "../../dapp/dist");
let own: string | null = null;
afterAll(() => {
  if (own) rmSync(own, { recursive: true, force: true });
});

it("builds React's production bundle even from a test run (NODE_ENV=test)", async () => {
  expect(process.env.NODE_ENV).toBe("test");
  let dist = SHARED;
  if (!(await dappBuildIsCurrent())) {
    // A folder of its own: other test files may be serving or building dapp/dist meanwhile.
    own = mkdtempSync(path.join(os.tmpdir(), "dapp-build-"));
    await buildDapp(own);
    dist = own;
  }
  const html = readFileSync(path.join(dist, "index.html"), "utf8");
  const entry = /src="\/assets\/(index-[^"]+\.js)"/.exec(html)![1]!;
  const code = readFileSync(path.join(dist, "assets", entry), "utf8");
  // React's development build carries these warnings; the production build has none of them.
  expect(code).not.toMatch(/Warning: Each child in a list should have a unique "key" prop|react-dom\.development/);
  expect(code.length).toBeLessThan(500_000);
}, 180_000);
