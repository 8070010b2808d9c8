// The overview's live reads against servers that accept connections and never answer (a hung node, offline): each
// gives null with the reason once its bound is up, not later; a closed port says so at once. The bytecode's
// compiler comes from its CBOR metadata.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBlackHole } from "../../ledgers/testing/black-hole";
import { compilerOf, readEvm, readHorizonVersion, readRippledVersion } from "./technical-integration.ledger";

const BOUND_MS = 800;
let hole: Awaited<ReturnType<typeof startBlackHole>>;
beforeAll(async () => {
  hole = await startBlackHole();
});
afterAll(() => hole?.close());

async function timed<T>(read: Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await read;
  return [value, performance.now() - started];
}

describe("live reads that get no answer", () => {
  it("Horizon, rippled and the EVM node each give null with the reason within the bound", async () => {
    const [horizon, hMs] = await timed(readHorizonVersion(`http://127.0.0.1:${hole.port}`, BOUND_MS));
    const [rippled, rMs] = await timed(readRippledVersion(`ws://127.0.0.1:${hole.port}`, BOUND_MS));
    const [evm, eMs] = await timed(
      readEvm(`http://127.0.0.1:${hole.port}`, ["0x5FbDB2315678afecb367f032d93F642f64180aa3"], BOUND_MS),
    );
    const reason = `no answer within ${BOUND_MS / 1000} s`;
    expect(horizon).toEqual({ version: { value: null, reason }, latencyMs: null });
    expect(rippled).toEqual({ version: { value: null, reason }, latencyMs: null });
    expect(evm.clientVersion).toEqual({ value: null, reason });
    expect(evm.genesis).toEqual({ value: null, reason });
    expect([...evm.code.values()][0]).toMatchObject({ present: null, hash: null, reason });
    for (const ms of [hMs, rMs, eMs]) {
      // It waited for the bound (not refused at once): timers on a busy machine may end a little early or late.
      expect(ms).toBeGreaterThanOrEqual(BOUND_MS * 0.75);
      expect(ms).toBeLessThan(BOUND_MS + 400);
    }
  });

  it("a closed port is refused at once, in words", async () => {
    const [rippled, ms] = await timed(readRippledVersion("ws://127.0.0.1:1", BOUND_MS));
    expect(rippled.version).toEqual({ value: null, reason: "connection refused" });
    expect(ms).toBeLessThan(BOUND_MS);
    const horizon = await readHorizonVersion("http://127.0.0.1:1", BOUND_MS);
    expect(horizon.version.reason).toBe("not asked: fetch refuses this port (a blocked port)");
  });
});

describe("compilerOf", () => {
  it("reads solc's version from the metadata at the end of the bytecode", () => {
    // a2 64 "ipfs" 58 22 <34 bytes> 64 "solc" 43 00 08 1c, then the length 0x0033.
    const cbor = `a264697066735822${"11".repeat(34)}64736f6c634300081c0033`;
    expect(compilerOf(`0x6080${cbor}`)).toBe("solc 0.8.28");
    expect(compilerOf("0x6080")).toBeNull();
    expect(compilerOf("0x")).toBeNull();
  });
});
