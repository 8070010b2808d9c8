// SLOW (about 60-90 s): starts the real stack as `npm start` does (Hardhat node behind the chain guard, deploy,
// API), then kills the Hardhat node's whole process group with SIGKILL and checks that the stack treats it as
// a fault, not the end: the API keeps answering within 3 s all through the outage and the node comes back with
// the contracts redeployed at the committed addresses within 30 s. The second test is the API's side of it
// (mints simulated during the outage, live again within 30 s after): it depends on the API's handling of the
// guard's 503 "chain restarting" and on how soon it re-probes. Then the same for the API process itself.
// The testnets are pointed at closed local ports and PGlite at a folder of its own, as in e2e/global-setup.ts.
import path from "node:path";
import os from "node:os";
import { mkdtempSync, rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deployment } from "../../contracts/generated/31337";
import { freePortIn } from "./processes";
import { startStack, type RunningStack } from "./stack";

const dir = mkdtempSync(path.join(os.tmpdir(), "stack-supervision-"));
let stack: RunningStack;
const lines: string[] = [];
const MINTER = deployment.XQBMinter.address;
const MINT = { ethAmount: 0.01, stablecoinPair: "XQBUSD", network: "hardhat", quantumSecurity: false };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let duringOutage: { status: number; ms: number; source?: string; error?: string } | null = null;

async function chainCode(): Promise<string | null> {
  try {
    const res = await fetch(stack.chainUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_getCode", params: [MINTER, "latest"] }),
      signal: AbortSignal.timeout(2_000),
    });
    return ((await res.json()) as { result?: string }).result ?? null;
  } catch {
    return null;
  }
}

async function status(): Promise<{ status: number; ms: number; ethereum?: { mode: string; reason: string | null } }> {
  const t0 = performance.now();
  const res = await fetch(`${stack.appUrl}/api/unified/status`, { signal: AbortSignal.timeout(3_000) });
  const body = (await res.json()) as { ledgers: { ethereum: { mode: string; reason: string | null } } };
  return { status: res.status, ms: performance.now() - t0, ethereum: body.ledgers?.ethereum };
}

async function mint(): Promise<{ status: number; ms: number; source?: string; error?: string }> {
  const t0 = performance.now();
  const res = await fetch(`${stack.appUrl}/api/xqbme/mint-xqb`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(MINT),
    signal: AbortSignal.timeout(5_000),
  });
  const body = (await res.json()) as { source?: string; error?: string };
  return { status: res.status, ms: performance.now() - t0, source: body.source, error: body.error };
}

beforeAll(async () => {
  stack = await startStack({
    chainPort: await freePortIn(28640, 28659),
    appPort: await freePortIn(28660, 28679),
    logDir: path.join(dir, "logs"),
    log: (l) => lines.push(l),
    apiEnv: {
      STELLAR_HORIZON_URL: "http://127.0.0.1:9",
      STELLAR_FRIENDBOT_URL: "http://127.0.0.1:9",
      XRPL_WS_URL: "ws://127.0.0.1:9",
      PGLITE_DIR: path.join(dir, "pglite"),
      LOG_LEVEL: "warn",
    },
  });
}, 600_000);

afterAll(async () => {
  await stack?.stop();
  rmSync(dir, { recursive: true, force: true });
}, 30_000);

describe("[slow] the stack supervises its parts", () => {
  it("a SIGKILLed Hardhat node is restarted and redeployed while the API keeps answering", async () => {
    expect((await status()).status).toBe(200);
    expect((await mint()).source).toBe("live");
    expect(((await chainCode()) ?? "0x").length).toBeGreaterThan(2);

    const pid = stack.chainPid()!;
    expect(pid).toBeGreaterThan(0);
    const killedAt = performance.now();
    process.kill(-pid, "SIGKILL");

    // A user minting during the outage is answered within 3 s, never left hanging (whether the API answers it
    // simulated is the API's part: checked in the next test).
    await sleep(300);
    duringOutage = await mint();
    expect(duringOutage.ms).toBeLessThan(3_000);

    // Every status poll answers 200 within 3 s until the node is back with XQBMinter's code (the deploy re-ran).
    const polls: Awaited<ReturnType<typeof status>>[] = [];
    let backAfterMs: number | null = null;
    while (performance.now() - killedAt < 30_000) {
      const s = await status();
      polls.push(s);
      expect(s.status).toBe(200);
      expect(s.ms).toBeLessThan(3_000);
      const code = await chainCode();
      if (code && code.length > 2 && stack.chainPid() !== undefined && stack.chainPid() !== pid) {
        backAfterMs = performance.now() - killedAt;
        break;
      }
      await sleep(500);
    }
    console.log(
      `node back and redeployed ${backAfterMs === null ? "NOT within 30 s" : `after ${(backAfterMs / 1000).toFixed(1)} s`}; ` +
        `${polls.length} status polls, slowest ${Math.round(Math.max(...polls.map((p) => p.ms)))} ms; ethereum during the outage: ` +
        `${[...new Set(polls.map((p) => p.ethereum?.mode))].join(", ")}`,
    );
    expect(backAfterMs).not.toBeNull();
    expect(stack.restarts().chain).toBe(1);
    expect(lines.some((l) => /chain +the Hardhat node was killed by SIGKILL; restarting it/.test(l))).toBe(true);
    expect(
      lines.some((l) =>
        /chain +the Hardhat node is back after [\d.]+ s \(restart 1 in a row\); contracts redeployed/.test(l),
      ),
    ).toBe(true);
  }, 120_000);

  // The API's part of the outage: a mint while the guard answers "chain restarting" (HTTP 503 with a JSON-RPC
  // error) is simulated, not a 502 "rejected", and the API turns live again by itself soon after the node is back.
  it("the API answers mints simulated during the outage and live again within 30 s after (needs the API's outage handling)", async () => {
    console.log(
      `mint during the outage: HTTP ${duringOutage?.status}, ${duringOutage?.source ?? duringOutage?.error} in ${Math.round(duringOutage?.ms ?? 0)} ms`,
    );
    // Live again. This needs the API to notice the node is back (its re-probe; LEDGER_REPROBE_MS is 60 s by
    // default): with an API that re-probes within a few seconds it passes; otherwise it fails here.
    const liveFrom = performance.now();
    let last: Awaited<ReturnType<typeof mint>> | null = null;
    while (performance.now() - liveFrom < 30_000) {
      last = await mint();
      if (last.source === "live") break;
      await sleep(1_000);
    }
    console.log(
      `mint after the restart: ${last?.source === "live" ? `live after ${((performance.now() - liveFrom) / 1000).toFixed(1)} s` : `still ${last?.source ?? last?.error} after 30 s`}`,
    );
    expect(duringOutage?.status).toBe(200);
    expect(duringOutage?.source).toBe("simulated");
    expect(last?.source).toBe("live");
  }, 60_000);

  it("a dead API is restarted; the chain is untouched", async () => {
    const pid = stack.apiPid()!;
    const chainPid = stack.chainPid();
    const killedAt = performance.now();
    process.kill(-pid, "SIGKILL");
    let back: number | null = null;
    while (performance.now() - killedAt < 60_000) {
      try {
        if ((await status()).status === 200) {
          back = performance.now() - killedAt;
          break;
        }
      } catch {
        // down meanwhile
      }
      await sleep(300);
    }
    console.log(`API back after ${back === null ? "more than 60 s" : `${(back / 1000).toFixed(1)} s`}`);
    expect(back).not.toBeNull();
    while (stack.restarts().api === 0 && performance.now() - killedAt < 60_000) await sleep(50); // the supervisor's own ready check
    expect(stack.apiPid()).not.toBe(pid);
    expect(stack.chainPid()).toBe(chainPid);
    expect(stack.restarts().api).toBe(1);
  }, 90_000);
});
