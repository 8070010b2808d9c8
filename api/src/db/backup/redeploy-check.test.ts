// The chain side of the drill. The redeploy itself is slow (the whole suite deployed by scripts/deploy.ts on a
// fresh in-process Hardhat chain in a child process, ~30 s on a busy 2-core machine), so it runs once, inside
// one whole drill (database and chain together, as POST /api/professional/disaster-recovery runs it).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { deployments } from "../../../../contracts/generated/deployments";
import { MEMORY, openDatabase } from "../client";
import { runDisasterRecoveryDrill } from "./drill";
import { checkRedeploy, compareAddresses, parseMapAddresses } from "./redeploy-check";

const committed = Object.entries(deployments[31337]).map(([name, d]) => [name, d.address] as const);

describe("the redeploy check's comparison", () => {
  it("reads a written map and flags every contract missing or moved", () => {
    const text = `export const deployment = {\n  A: { address: "0x5FbDB2315678afecb367f032d93F642f64180aa3", abi: abis.AAbi, deployedOnBlock: 1 },\n  B: { address: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512", abi: abis.BAbi, deployedOnBlock: 2, external: true },\n} as const;\n`;
    expect(parseMapAddresses(text)).toEqual({
      A: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
      B: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
    });
    const map = {
      A: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
      B: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
      C: "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0",
    };
    expect(compareAddresses(map, { A: map.A.toLowerCase(), B: map.C, D: map.B })).toEqual([
      { name: "A", mapAddress: map.A, redeployedAddress: map.A.toLowerCase(), match: true },
      { name: "B", mapAddress: map.B, redeployedAddress: map.C, match: false },
      { name: "C", mapAddress: map.C, redeployedAddress: null, match: false },
      { name: "D", mapAddress: "", redeployedAddress: map.B, match: false },
    ]);
  });

  it("does not run off the local chain, and says why", async () => {
    const r = await checkRedeploy({ chainId: 11155111 });
    expect(r).toMatchObject({ ran: false, contracts: [], durationMs: 0 });
    expect(r.detail).toContain("only the local chain (31337)");
  });
});

describe("a whole drill, the chain side included", () => {
  it("restores the database and redeploys every contract of the committed map at its address", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "xqb-dr-full-"));
    const database = await openDatabase({ databaseUrl: null, pgliteDir: MEMORY });
    try {
      const started = performance.now();
      const r = await runDisasterRecoveryDrill({
        database,
        config: { databaseUrl: null, pgliteDir: MEMORY },
        backupDir: dir,
        chainId: 31337,
        timeoutMs: 150_000,
      });
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`[dr] whole drill ${seconds} s, RTO ${r.rtoMs} ms, backup ${r.backup.bytes} bytes: ${r.detail}`);
      expect(r.chain.ran).toBe(true);
      expect(r.chain.detail).toMatch(
        /^all \d+ contracts redeployed on a fresh in-process Hardhat chain at the committed map's addresses in [\d.]+ s$/,
      );
      expect(r.chain.contracts.map((c) => [c.name, c.redeployedAddress])).toEqual(committed);
      expect(r.chain.contracts.every((c) => c.match)).toBe(true);
      expect(r.passed).toBe(true);
      expect(r.method).toBe("pglite-dump");
      expect(r.tables.length).toBeGreaterThan(0);
      expect(r.rtoMs).toBeGreaterThan(0);
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
