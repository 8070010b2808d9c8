/// <reference types="vite/client" />
import {
  allPaths,
  backOf,
  builtPagesBySection,
  builtPaths,
  findPath,
  firstLoadBudgetOf,
  paths,
  routeModuleOf,
  SECTIONS,
} from "./paths";

// The spec's route list (part 1, section 2 "Registered routes"), copied as data: code never reads the
// spec's folder. A route here without an entry in the page table fails this test.
const SPEC_ROUTES = [
  "/",
  "/unified-platform",
  "/quantum-treasury-2",
  "/enhanced-vibecoins-crowdfunding",
  "/congressional-presentation",
  "/multi-blockchain-minting",
  "/real-testnet-operations",
  "/professional-blockchain-development",
  "/stellar-key-input",
  "/real-cross-chain-testing",
  "/xrp-account-testing",
  "/real-testnet-xrp-execution",
  "/technical-integration-overview",
  "/testnet-xqb-faucet",
  "/testnet-cross-chain-demo",
  "/mainnet-readiness-dashboard",
  "/environmental-monitoring",
  "/authentic-testnet-dashboard",
  "/government-security-dashboard",
  "/complete-cryptocurrency-dashboard",
  "/q-blockchain-isolator-dashboard",
  "/real-eth-staking-test",
  "/liquid-staking-leverage",
  "/treasury-staking",
  "/testnet-perfection",
  "/authentic-user-onboarding",
  "/authentic-network-verification",
  "/comprehensive-testnet-operations",
  "/vibecoins-xqb-mint-burn",
];

// What exists on disk, through vite's glob (the same the router uses): route modules and feature folders.
const routeModules = Object.keys(import.meta.glob("../app/routes/*.tsx")).map((k) =>
  k.slice("../app/routes/".length, -".tsx".length),
);
const featureFolders = new Set(
  Object.keys(import.meta.glob("../features/*/**/*.{ts,tsx}")).map((k) => k.split("/")[2]!),
);
const SHARED_ROUTE_MODULES = ["not-found"];

describe("the page table", () => {
  it("has one entry for each of the spec's 29 routes, and none besides", () => {
    expect(SPEC_ROUTES).toHaveLength(29);
    const missing = SPEC_ROUTES.filter((r) => !findPath(r));
    expect(missing, `spec routes without an entry in src/config/paths.ts`).toEqual([]);
    expect(allPaths.map((p) => p.path).sort()).toEqual([...SPEC_ROUTES].sort());
    expect(new Set(allPaths.map((p) => p.path)).size).toBe(29);
  });

  it("builds every one of them: no page of the spec is a placeholder", () => {
    expect(allPaths.filter((p) => !p.built).map((p) => p.path)).toEqual([]);
  });

  it("gives every page a title and one of the six sections, and every section at least one page", () => {
    expect(SECTIONS).toEqual([
      "Platform",
      "Ethereum",
      "Stellar & XRPL",
      "Treasury",
      "Security & readiness",
      "Testnet operations",
    ]);
    for (const p of allPaths) {
      expect(p.title.trim(), p.path).not.toBe("");
      expect(SECTIONS, p.path).toContain(p.section);
    }
    for (const s of SECTIONS)
      expect(
        allPaths.some((p) => p.section === s),
        s,
      ).toBe(true);
    expect(new Set(allPaths.map((p) => p.title)).size).toBe(29);
  });

  it("finds a route module for every built page, and every route module belongs to a built page", () => {
    const expected = builtPaths.map(routeModuleOf);
    expect(
      expected.filter((m) => !routeModules.includes(m)),
      "built pages without src/app/routes/<slug>.tsx",
    ).toEqual([]);
    expect(
      routeModules.filter((m) => !expected.includes(m) && !SHARED_ROUTE_MODULES.includes(m)),
      "route modules no built page uses",
    ).toEqual([]);
    expect(routeModuleOf(findPath("/")!)).toBe("landing");
    expect(routeModuleOf(findPath("/treasury-staking")!)).toBe("treasury-staking");
  });

  it("names an existing feature folder for every built page, the landing page's included", () => {
    for (const p of builtPaths)
      expect(featureFolders, `${p.path}: dapp/src/features/${p.feature}`).toContain(p.feature);
    expect(paths.home.feature).toBe("landing");
    for (const p of allPaths) expect(p.feature, p.path).toMatch(/^[a-z0-9-]+$/);
  });

  it("gives every built page a first-load budget, 150 KB gzip unless its entry says otherwise", () => {
    for (const p of builtPaths) {
      const budget = firstLoadBudgetOf(p);
      expect(budget, p.path).toBeGreaterThan(0);
      if (p.budgetKB === undefined) expect(budget).toBe(150);
    }
  });

  it("sends every back link to a page of the table: the one the spec names once it is built, else Home", () => {
    for (const p of allPaths) if (p.back) expect(findPath(p.back), `${p.path} -> ${p.back}`).toBeDefined();
    expect(backOf("/")).toBeNull();
    expect(backOf("/treasury-staking")).toEqual({ to: "/", label: "Home" });
    expect(backOf("/treasury-staking/")).toEqual({ to: "/", label: "Home" });
    // The spec names /unified-platform, built: minting's back link leads there ("Back to Unified Platform Dashboard").
    expect(paths.unifiedPlatform.built).toBe(true);
    expect(backOf("/multi-blockchain-minting")).toEqual({
      to: "/unified-platform",
      label: "Unified Platform Dashboard",
    });
    expect(backOf("/real-cross-chain-testing")).toEqual({
      to: "/testnet-cross-chain-demo",
      label: "Testnet Cross-Chain Demo",
    });
    expect(backOf("/environmental-monitoring")).toEqual({ to: "/", label: "Home" });
    expect(backOf("/no-such-page")).toEqual({ to: "/", label: "Home" });
  });

  it("groups the built pages by section for the menu, in the sections' order, leaving out pages not built", () => {
    const groups = builtPagesBySection();
    expect(groups.map((g) => g.section)).toEqual(SECTIONS.filter((s) => builtPaths.some((p) => p.section === s)));
    const listed = groups.flatMap((g) => g.pages);
    expect(listed).toHaveLength(builtPaths.length);
    expect(listed.every((p) => p.built)).toBe(true);
    for (const g of groups) for (const p of g.pages) expect(p.section).toBe(g.section);
  });
});
