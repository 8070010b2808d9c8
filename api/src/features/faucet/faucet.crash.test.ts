// kill -9 of the API during a faucet claim, for real: a Hardhat node child process with the suite deployed, and
// the API as a child process (`tsx api/src/main.ts`) on a PGlite folder of its own in a temp dir. The test-only
// hook FAUCET_TEST_CRASH_AFTER=recorded,sent makes the process's first claim stop for good after its record and
// the second after its send, each saying so on stderr; the test then SIGKILLs the API's whole process group
// with both in flight and starts it again on the same folder.
//   "recorded": signed, hash and nonce stored, never sent -> after the restart the slot is free and the wallet
//               claims again, sent once.
//   "sent":     mined, not marked completed -> after the restart the claim is completed (its hash and block),
//               a second claim is refused, and the wallet holds exactly one claim's tokens.
import path from "node:path";
import os from "node:os";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createPublicClient, erc20Abi, http, parseEther, parseUnits, type Address } from "viem";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deployment } from "../../../../contracts/generated/31337";
import {
  exited,
  freePort,
  startKeepingOutput,
  stopGroup,
  tailOf,
  type KeptProcess,
} from "../../../../scripts/lib/processes";

const ROOT = path.resolve(__dirname, "../../../..");
const BIN = (name: string) => path.join(ROOT, "node_modules/.bin", name);
const XQB = deployment.XQBToken.address as Address;
const USDC = deployment.MockUSDC.address as Address;
const ONE_XQB = parseEther("1000");
const ONE_USDC = parseUnits("1000", 6);

type Proc = KeptProcess;

describe("[slow] kill -9 of the API during a faucet claim", () => {
  let dir = "";
  let chainUrl = "";
  let apiPort = 0;
  const procs: Proc[] = [];

  const start = (name: string, command: string, args: string[], env: NodeJS.ProcessEnv): Proc =>
    startKeepingOutput(name, command, args, { cwd: ROOT, env: { ...process.env, ...env } }, procs);
  const tail = tailOf;
  const alive = (p: Proc) => p.managed.child.exitCode === null && p.managed.child.signalCode === null;

  /** Polls `ready` until true; fails at once when the process exits, or after `ms`. */
  const waitUntil = async (p: Proc, what: string, ready: () => Promise<boolean>, ms = 60_000) => {
    const until = Date.now() + ms;
    for (;;) {
      if (!alive(p))
        throw new Error(`${what} exited (${p.managed.child.exitCode ?? p.managed.child.signalCode}):\n${tail(p)}`);
      if (await ready().catch(() => false)) return;
      if (Date.now() > until) throw new Error(`${what} not ready after ${ms} ms:\n${tail(p)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  const base = () => `http://127.0.0.1:${apiPort}`;
  // Short, unretried calls: a poll that hangs on one slow answer would use up the whole wait.
  const chain = () => createPublicClient({ transport: http(chainUrl, { timeout: 5_000, retryCount: 0 }) });
  const balanceOf = (token: Address, who: Address) =>
    chain().readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [who] });

  /** The API on the temp folder's database; `crashAfter` arms the test hook. Resolves once the chain is live. */
  const startApi = async (crashAfter?: string): Promise<Proc> => {
    const api = start("api", BIN("tsx"), ["api/src/main.ts"], {
      PORT: String(apiPort),
      HOST: "127.0.0.1",
      PGLITE_DIR: path.join(dir, "pglite"),
      Q_ISOLATOR_DIR: "memory://",
      LOCAL_RPC_URL: chainUrl,
      STELLAR_HORIZON_URL: "http://127.0.0.1:9",
      STELLAR_FRIENDBOT_URL: "http://127.0.0.1:9",
      XRPL_WS_URL: "ws://127.0.0.1:9",
      TREASURY_YIELD_URL: "http://127.0.0.1:9",
      DAPP_DIST: path.join(dir, "dist"),
      LOG_LEVEL: "warn",
      FAUCET_TEST_CRASH_AFTER: crashAfter ?? "",
    });
    const began = performance.now();
    await waitUntil(api, "the API", async () => {
      const res = await fetch(`${base()}/api/unified/status`, { signal: AbortSignal.timeout(2_000) });
      const body = (await res.json()) as { ledgers?: { ethereum?: { mode?: string } } };
      return res.ok && body.ledgers?.ethereum?.mode === "live";
    });
    console.log(`API start: ${Math.round(performance.now() - began)} ms`);
    return api;
  };

  /** kill -9 of the API's whole process group (tsx and the node it runs). */
  const killHard = async (api: Proc) => {
    await stopGroup(api.managed, 0);
    procs.splice(procs.indexOf(api), 1);
  };

  /** Real Sign-In with Ethereum against the running API: the session cookie (it lives in the database, so it outlives the process). */
  const signIn = async (account: PrivateKeyAccount): Promise<string> => {
    const { nonce } = (await (await fetch(`${base()}/api/auth/nonce`)).json()) as { nonce: string };
    const host = `127.0.0.1:${apiPort}`;
    const message = createSiweMessage({
      domain: host,
      address: account.address,
      uri: `http://${host}`,
      version: "1",
      chainId: 31337,
      nonce,
      issuedAt: new Date(),
    });
    const res = await fetch(`${base()}/api/auth/verify`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ message, signature: await account.signMessage({ message }) }),
    });
    expect(res.status).toBe(200);
    return res.headers
      .getSetCookie()
      .find((c) => c.startsWith("xqb_session="))!
      .split(";")[0]!;
  };

  const claim = (cookie: string, asset: "XQB" | "USDC") =>
    fetch(`${base()}/api/faucet/claim`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({ asset }),
    });
  const statusOf = async (cookie: string, asset: "XQB" | "USDC") => {
    const body = (await (await fetch(`${base()}/api/faucet/status`, { headers: { cookie } })).json()) as {
      assets: {
        asset: string;
        lastClaim: { transactionHash: string | null; blockNumber: string | null; status: string } | null;
      }[];
    };
    return body.assets.find((a) => a.asset === asset)!;
  };

  /** Fires a claim and waits for the hook's line on stderr: the process is stopped there for good. */
  const claimUntilHeld = async (api: Proc, cookie: string, asset: "XQB" | "USDC", stage: string): Promise<string> => {
    void claim(cookie, asset).catch(() => null); // answered never: the process dies holding it
    let hash = "";
    await waitUntil(
      api,
      `the hook "${stage}"`,
      async () => {
        const line = api.output
          .join("")
          .match(new RegExp(`faucet test hook: holding after "${stage}" (0x[0-9a-f]{64})`));
        hash = line?.[1] ?? "";
        return hash !== "";
      },
      20_000,
    );
    return hash;
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "faucet-crash-"));
    mkdirSync(path.join(dir, "dist")); // no web app: only /api
    mkdirSync(path.join(dir, "maps"));
    const chainPort = await freePort();
    chainUrl = `http://127.0.0.1:${chainPort}`;
    apiPort = await freePort();
    const node = start(
      "hardhat node",
      BIN("hardhat"),
      ["node", "--hostname", "127.0.0.1", "--port", String(chainPort)],
      {},
    );
    let mark = performance.now();
    await waitUntil(node, "the Hardhat node", async () => (await chain().getChainId()) === 31337);
    console.log(`node: ${Math.round(performance.now() - mark)} ms`);
    mark = performance.now();
    // The suite at the committed map's addresses (a fresh node gives the same ones); the map goes to the temp folder.
    const deploy = start("deploy", BIN("tsx"), ["scripts/deploy.ts"], {
      HARDHAT_NETWORK: "localhost",
      LOCAL_RPC_URL: chainUrl,
      DEPLOY_MAP_DIR: path.join(dir, "maps"),
    });
    const code = await exited(deploy.managed.child);
    if (code !== 0) throw new Error(`the deploy failed (exit ${code}):\n${tail(deploy)}`);
    procs.splice(procs.indexOf(deploy), 1);
    console.log(`deploy: ${Math.round(performance.now() - mark)} ms`);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([...procs].map((p) => stopGroup(p.managed, 2_000)));
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  it("killed with one claim recorded but not sent and another sent but not marked: after the restart the first can be made again (sent once), the second is completed and not doubled", async () => {
    const t0 = performance.now();
    const alice = privateKeyToAccount(generatePrivateKey());
    const bob = privateKeyToAccount(generatePrivateKey());

    // Alice's USDC claim stops after its record (signed by the API signer, hash and nonce stored, never sent);
    // Bob's XQB claim (the faucet account's own signer road) stops after the send, mined, not marked. kill -9.
    let api = await startApi("recorded,sent");
    const aliceCookie = await signIn(alice);
    const bobCookie = await signIn(bob);
    const unsent = await claimUntilHeld(api, aliceCookie, "USDC", "recorded");
    const bobSent = await claimUntilHeld(api, bobCookie, "XQB", "sent");
    expect(await balanceOf(USDC, bob.address)).toBe(0n);
    expect(await balanceOf(XQB, bob.address)).toBe(ONE_XQB); // mined before the kill
    await killHard(api);
    expect(await balanceOf(USDC, alice.address)).toBe(0n);
    await expect(chain().getTransaction({ hash: unsent as `0x${string}` })).rejects.toThrow();

    // Restarted on the same database, without the hook.
    api = await startApi();
    // Bob: the start's settling pass completes his claim from its receipt; a second claim is refused.
    let bobStatus = await statusOf(bobCookie, "XQB");
    for (let i = 0; i < 100 && bobStatus.lastClaim?.status !== "sent"; i++) {
      await new Promise((r) => setTimeout(r, 100));
      bobStatus = await statusOf(bobCookie, "XQB");
    }
    expect(bobStatus.lastClaim).toMatchObject({
      status: "sent",
      transactionHash: bobSent,
      blockNumber: expect.stringMatching(/^\d+$/),
    });
    const refused = await claim(bobCookie, "XQB");
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { code: string }).code).toBe("RATE_LIMITED");
    expect(await balanceOf(XQB, bob.address)).toBe(ONE_XQB);

    // Alice: her claim never reached the node, so its slot is free again; she claims once more and it is sent once.
    expect((await statusOf(aliceCookie, "USDC")).lastClaim).toBeNull();
    const again = await claim(aliceCookie, "USDC");
    expect(again.status).toBe(200);
    expect(((await again.json()) as { transactionHash: string }).transactionHash).not.toBe(unsent);
    expect(await balanceOf(USDC, alice.address)).toBe(ONE_USDC);
    expect((await claim(aliceCookie, "USDC")).status).toBe(429);
    expect(await balanceOf(USDC, alice.address)).toBe(ONE_USDC);
    expect(alive(api)).toBe(true);
    console.log(
      `faucet kill -9 test: one crash with two claims in flight, two API starts, ${Math.round(performance.now() - t0)} ms`,
    );
  }, 90_000);
});
