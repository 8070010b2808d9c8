// Every built route's first load (the entry, its modulepreloads and the route module's static imports,
// gzip -9) within its budget in the page table (dapp/src/config/paths.ts, 150 KB by default), read from
// the production build's manifest. The build is the shared one (dapp/dist, scripts/lib/dapp-build.ts):
// made here only when its inputs changed since it was stamped, so this costs a manifest read otherwise.
import path from "node:path";
import { beforeAll, expect, it } from "vitest";
import { builtPaths, DEFAULT_FIRST_LOAD_BUDGET_KB } from "../../dapp/src/config/paths";
import { firstLoadPerRoute } from "./bench-first-load";
import { buildDapp, dappBuildIsCurrent } from "./dapp-build";

const DIST = path.resolve(__dirname, "../../dapp/dist");
let report: ReturnType<typeof firstLoadPerRoute>;

beforeAll(async () => {
  if (!(await dappBuildIsCurrent())) await buildDapp();
  report = firstLoadPerRoute(DIST);
}, 300_000);

it("measures every built page of the page table", () => {
  expect(report.routes.map((r) => r.route)).toEqual(builtPaths.map((p) => p.path));
  for (const r of report.routes) expect(r.gzipKB).toBeGreaterThan(report.entry.gzipKB - 0.05);
});

it.each(builtPaths.map((p) => p.path))("%s: first-load JS within its budget", (route) => {
  const r = report.routes.find((x) => x.route === route)!;
  // A page may ask for less than the goal, never more.
  expect(r.budgetKB, `${route}: its budget is over the ${DEFAULT_FIRST_LOAD_BUDGET_KB} KB goal`).toBeLessThanOrEqual(
    DEFAULT_FIRST_LOAD_BUDGET_KB,
  );
  // The heaviest files, so a failure says where the bytes are.
  const heaviest = r.files
    .slice(0, 6)
    .map((f) => `${f.file} ${f.gzipKB} KB`)
    .join(", ");
  expect(
    r.gzipKB,
    `${route}: ${r.gzipKB} KB gzip over its ${r.budgetKB} KB budget; heaviest: ${heaviest}`,
  ).toBeLessThanOrEqual(r.budgetKB);
});
