// The web build is the production one whoever starts it: a test run's NODE_ENV=test must not reach vite.
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { buildDapp, dappBuildIsCurrent } from "./dapp-build";

it("builds React's production bundle even from a test run (NODE_ENV=test)", async () => {
  expect(process.env.NODE_ENV).toBe("test");
  await buildDapp();
  expect(await dappBuildIsCurrent()).toBe(true);
  const dist = path.resolve(__dirname, "../../dapp/dist");
  const html = readFileSync(path.join(dist, "index.html"), "utf8");
  const entry = /src="\/assets\/(index-[^"]+\.js)"/.exec(html)![1]!;
  const code = readFileSync(path.join(dist, "assets", entry), "utf8");
  // React's development build carries these warnings; the production build has none of them.
  expect(code).not.toMatch(/Warning: Each child in a list should have a unique "key" prop|react-dom\.development/);
  expect(code.length).toBeLessThan(500_000);
}, 180_000);
