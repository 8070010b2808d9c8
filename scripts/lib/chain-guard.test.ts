// The chain guard in front of a real `hardhat node` (its unlocked dev accounts sign eth_sendTransaction):
// a foreign web page cannot make the node sign or administer the chain, reads and raw signed transactions
// still work from any origin (MetaMask), requests without an Origin and from the app's own pages keep full
// access, a wrong Host is refused (DNS rebinding), and a node that is down or hung is answered at once / 504.
import path from "node:path";
import http from "node:http";
import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { privateKeyToAccount } from "viem/accounts";
import { startChainGuard, isPrivileged, type ChainGuard } from "./chain-guard";
import { freePort, freePortIn } from "./processes";

const ROOT = path.resolve(__dirname, "../..");
const ACCOUNT_0 = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const ACCOUNT_1 = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
// Hardhat's public dev key #1 (what the README has a MetaMask user import)
const KEY_1 = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";
const APP_ORIGIN = "http://127.0.0.1:28699";
const EVIL = "http://evil.example";

let node: ChildProcess;
let guard: ChainGuard;
let nodePort: number;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

function post(
  body: unknown,
  headers: Record<string, string> = {},
  { method = "POST", port = guard.port } = {},
): Promise<Answer> {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method,
        path: "/",
        headers: { host: `127.0.0.1:${port}`, "content-type": "application/json", ...headers },
      },
      (res) => {
        let data = "";
        res.setEncoding("utf8");
        res.on("data", (d) => (data += d));
        res.on("end", () => {
          let parsed: unknown = data;
          try {
            parsed = data ? JSON.parse(data) : null;
          } catch {
            // keep the text
          }
          resolve({ status: res.statusCode!, headers: res.headers, body: parsed });
        });
      },
    );
    req.on("error", reject);
    req.end(method === "POST" ? text : undefined);
  });
}

const rpc = (method: string, params: unknown[] = [], id: number | string = 1) => ({
  jsonrpc: "2.0",
  id,
  method,
  params,
});
const sendTx = (from = ACCOUNT_0) => rpc("eth_sendTransaction", [{ from, to: ACCOUNT_1, value: "0x1" }]);
const direct = async (method: string, params: unknown[] = []) =>
  (await post(rpc(method, params), {}, { port: nodePort })).body.result;
const blockNumber = async () => Number(await direct("eth_blockNumber"));

beforeAll(async () => {
  nodePort = await freePort();
  node = spawn(
    path.join(ROOT, "node_modules/.bin/hardhat"),
    ["node", "--hostname", "127.0.0.1", "--port", String(nodePort)],
    {
      cwd: ROOT,
      env: { ...process.env, HARDHAT_NODE_INTERNAL: "1" }, // as the stack runs it
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let out = "";
  node.stdout!.on("data", (d) => (out += d));
  node.stderr!.on("data", (d) => (out += d));
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (out.includes("Started HTTP")) {
        clearInterval(timer);
        resolve();
      }
    }, 100);
    node.once("exit", (code) => {
      clearInterval(timer);
      reject(new Error(`hardhat node exited (${code}):\n${out}`));
    });
  });
  guard = await startChainGuard({
    port: await freePortIn(28600, 28698),
    appOrigins: [APP_ORIGIN, "http://localhost:28699"],
    upstream: { host: "127.0.0.1", port: nodePort },
  });
});

afterAll(async () => {
  await guard?.close();
  if (node?.pid && node.exitCode === null) process.kill(-node.pid, "SIGKILL");
});

describe("chain guard: a foreign web page", () => {
  it("cannot have the node sign eth_sendTransaction with a text/plain POST (no preflight); nothing is mined", async () => {
    const before = await blockNumber();
    const balance = await direct("eth_getBalance", [ACCOUNT_1, "latest"]);
    const res = await post(sendTx(), { origin: EVIL, "content-type": "text/plain;charset=UTF-8" });
    expect(res.status).toBe(415);
    expect(res.body.error.message).toMatch(/Content-Type .* refused/);
    expect(res.body.result).toBeUndefined();
    expect(await blockNumber()).toBe(before);
    expect(await direct("eth_getBalance", [ACCOUNT_1, "latest"])).toBe(balance);
  });

  it("cannot have the node sign eth_sendTransaction with application/json either; nothing is mined", async () => {
    const before = await blockNumber();
    const res = await post(sendTx(), { origin: EVIL });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ id: 1, error: { code: 4100 } });
    expect(res.body.error.message).toContain("eth_sendTransaction refused");
    expect(res.headers["access-control-allow-origin"]).toBe(EVIL);
    expect(await blockNumber()).toBe(before);
  });

  it("cannot call eth_sign, personal_*, hardhat_*, evm_*, debug_* (any letter case), nor form-POST anything", async () => {
    const before = await blockNumber();
    for (const [method, params] of [
      ["eth_sign", [ACCOUNT_0, "0xdeadbeef"]],
      ["eth_signTypedData_v4", [ACCOUNT_0, "{}"]],
      ["personal_sign", ["0xdeadbeef", ACCOUNT_0]],
      ["hardhat_setBalance", [ACCOUNT_1, "0x1"]],
      ["hardhat_impersonateAccount", [ACCOUNT_1]],
      ["evm_mine", []],
      ["evm_snapshot", []],
      ["debug_traceTransaction", ["0x00"]],
      ["ETH_SENDTRANSACTION", [{ from: ACCOUNT_0, to: ACCOUNT_1, value: "0x1" }]],
    ] as const) {
      const res = await post(rpc(method, [...params]), { origin: EVIL });
      expect(res.status, method).toBe(403);
      expect(res.body.error.code, method).toBe(4100);
    }
    const form = await post("a=1", { origin: EVIL, "content-type": "application/x-www-form-urlencoded" });
    expect(form.status).toBe(415);
    expect(await blockNumber()).toBe(before);
  });

  it("cannot slip a privileged method into a batch: the whole batch is refused, nothing forwarded", async () => {
    const before = await blockNumber();
    const res = await post([rpc("eth_blockNumber", [], 1), rpc("evm_mine", [], 2), { ...sendTx(), id: 3 }], {
      origin: EVIL,
    });
    expect(res.status).toBe(403);
    expect(res.body).toHaveLength(3);
    expect(res.body.map((r: { id: number }) => r.id)).toEqual([1, 2, 3]);
    expect(res.body[0].error.message).toMatch(/batch refused: it contains evm_mine, eth_sendTransaction/);
    expect(res.body[1].error.message).toMatch(/^evm_mine refused/);
    expect(res.body.every((r: { result?: unknown }) => r.result === undefined)).toBe(true);
    expect(await blockNumber()).toBe(before);
  });

  it("may read (with CORS for its origin, never *), and a preflight is answered here", async () => {
    const pre = await post(
      "",
      { origin: EVIL, "access-control-request-method": "POST", "access-control-request-headers": "content-type" },
      { method: "OPTIONS" },
    );
    expect(pre.status).toBe(204);
    expect(pre.headers["access-control-allow-origin"]).toBe(EVIL);
    expect(pre.headers["access-control-allow-headers"]).toBe("content-type");
    const res = await post([rpc("eth_chainId", [], 1), rpc("eth_getBalance", [ACCOUNT_1, "latest"], 2)], {
      origin: EVIL,
    });
    expect(res.status).toBe(200);
    expect(res.body[0].result).toBe("0x7a69");
    expect(BigInt(res.body[1].result)).toBeGreaterThan(0n);
    expect(res.headers["access-control-allow-origin"]).toBe(EVIL);
  });

  it("MetaMask (a chrome-extension origin) may send a transaction it signed itself (eth_sendRawTransaction)", async () => {
    const metamask = "chrome-extension://nkbihfbeogaeaoehlefnkodbefgpgknn";
    const account = privateKeyToAccount(KEY_1);
    const nonce = Number(
      (await post(rpc("eth_getTransactionCount", [account.address, "pending"]), { origin: metamask })).body.result,
    );
    const raw = await account.signTransaction({
      chainId: 31337,
      type: "eip1559",
      nonce,
      to: ACCOUNT_0,
      value: 1n,
      gas: 21_000n,
      maxFeePerGas: 10n ** 10n,
      maxPriorityFeePerGas: 1n,
    });
    const res = await post(rpc("eth_sendRawTransaction", [raw]), { origin: metamask });
    expect(res.status).toBe(200);
    expect(res.body.error).toBeUndefined();
    expect(res.body.result).toMatch(/^0x[0-9a-f]{64}$/);
    expect(res.headers["access-control-allow-origin"]).toBe(metamask);
    const receipt = await direct("eth_getTransactionReceipt", [res.body.result]);
    expect(receipt.status).toBe("0x1");
  });

  it("is refused by Host when it reaches the port through its own DNS name (rebinding), with or without Origin", async () => {
    for (const headers of [
      { host: "evil.example" },
      { host: `evil.example:${guard.port}`, origin: `http://evil.example:${guard.port}` },
      { host: `127.0.0.1:1` },
    ] as Record<string, string>[]) {
      const res = await post(rpc("eth_blockNumber"), headers);
      expect(res.status).toBe(403);
      expect(res.body.error.message).toMatch(/^Host .* refused/);
      expect(res.headers["access-control-allow-origin"]).toBeUndefined();
    }
    for (const host of [`localhost:${guard.port}`, `[::1]:${guard.port}`, `LOCALHOST:${guard.port}`]) {
      expect((await post(rpc("eth_chainId"), { host })).body.result, host).toBe("0x7a69");
    }
  });

  it("gets no WebSocket (pages' WebSockets are not subject to CORS); scripts without Origin do", async () => {
    const upgrade = (headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const req = http.request({
          host: "127.0.0.1",
          port: guard.port,
          headers: {
            host: `127.0.0.1:${guard.port}`,
            connection: "Upgrade",
            upgrade: "websocket",
            "sec-websocket-version": "13",
            "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==",
            ...headers,
          },
        });
        req.on("upgrade", (res, socket) => {
          socket.destroy();
          resolve(res.statusCode!);
        });
        req.on("response", (res) => {
          res.resume();
          resolve(res.statusCode!);
        });
        req.on("error", reject);
        req.end();
      });
    expect(await upgrade({ origin: EVIL })).toBe(403);
    expect(await upgrade({})).toBe(101);
  });
});

describe("chain guard: the stack and the app", () => {
  it("a request without Origin (the API, the deploy, curl) has the node sign, as before", async () => {
    const before = await blockNumber();
    const res = await post(sendTx());
    expect(res.status).toBe(200);
    expect(res.body.result).toMatch(/^0x[0-9a-f]{64}$/);
    expect(res.headers["access-control-allow-origin"]).toBeUndefined();
    expect(await blockNumber()).toBe(before + 1);
  });

  it("the app's own page keeps full access (the injected test wallet's eth_sendTransaction)", async () => {
    const before = await blockNumber();
    for (const origin of [APP_ORIGIN, "http://localhost:28699"]) {
      const res = await post(sendTx(ACCOUNT_1), { origin });
      expect(res.status).toBe(200);
      expect(res.body.result).toMatch(/^0x[0-9a-f]{64}$/);
      expect(res.headers["access-control-allow-origin"]).toBe(origin);
    }
    expect(await blockNumber()).toBe(before + 2);
    // but not with a text/plain body: no page POSTs without a preflight
    expect((await post(sendTx(ACCOUNT_1), { origin: APP_ORIGIN, "content-type": "text/plain" })).status).toBe(415);
    // another port on 127.0.0.1 is another origin
    expect((await post(sendTx(ACCOUNT_1), { origin: "http://127.0.0.1:28698" })).status).toBe(403);
  });

  it('answers at once with 503 "chain restarting" while the node is away, and forwards again after', async () => {
    const upstream = guard.upstream();
    guard.setUpstream(null, "chain restarting: the local Hardhat node is being restarted");
    const t0 = Date.now();
    const res = await post(rpc("eth_blockNumber"));
    expect(Date.now() - t0).toBeLessThan(500);
    expect(res.status).toBe(503);
    expect(res.body.error).toMatchObject({ code: -32000, message: expect.stringMatching(/^chain restarting/) });
    // a node that has just died (connection refused) is answered the same way
    guard.setUpstream({ host: "127.0.0.1", port: await freePort() });
    const refused = await post(rpc("eth_blockNumber"), { origin: EVIL });
    expect(refused.status).toBe(503);
    expect(refused.headers["access-control-allow-origin"]).toBe(EVIL);
    guard.setUpstream(upstream);
    expect((await post(rpc("eth_chainId"))).body.result).toBe("0x7a69");
  });

  it("never hangs on a hung node: 504 after the upstream timeout", async () => {
    const hung = http.createServer(() => {}); // accepts, never answers
    await new Promise<void>((r) => hung.listen(0, "127.0.0.1", r));
    const short = await startChainGuard({
      port: 0,
      appOrigins: [],
      upstream: { host: "127.0.0.1", port: (hung.address() as { port: number }).port },
      upstreamTimeoutMs: 400,
    });
    try {
      const t0 = Date.now();
      const res = await post(rpc("eth_blockNumber"), {}, { port: short.port });
      expect(res.status).toBe(504);
      expect(res.body.error.message).toMatch(/did not answer within/);
      expect(Date.now() - t0).toBeLessThan(2_000);
    } finally {
      await short.close();
      hung.closeAllConnections();
      hung.close();
    }
  });

  it("keeps an idle keep-alive connection open past 5 s (a client busy for a while must not meet a closed socket)", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const once = () =>
      new Promise<{ reused: boolean; status: number; keepAlive?: string }>((resolve, reject) => {
        const req = http.request(
          {
            host: "127.0.0.1",
            port: guard.port,
            method: "POST",
            agent,
            headers: { "content-type": "application/json" },
          },
          (res) => {
            res.resume();
            res.on("end", () =>
              resolve({
                reused: req.reusedSocket,
                status: res.statusCode!,
                keepAlive: res.headers["keep-alive"] as string | undefined,
              }),
            );
          },
        );
        req.on("error", reject);
        req.end(JSON.stringify(rpc("eth_chainId")));
      });
    const first = await once();
    expect(first.keepAlive).toBeUndefined(); // no "timeout=5" hint for clients to race against
    await new Promise((r) => setTimeout(r, 5_600));
    const second = await once();
    expect(second).toMatchObject({ reused: true, status: 200 });
    agent.destroy();
  }, 15_000);

  it("the node's own `Access-Control-Allow-Origin: *` never reaches a client", async () => {
    for (const headers of [{}, { origin: EVIL }, { origin: APP_ORIGIN }] as Record<string, string>[]) {
      const res = await post(rpc("eth_blockNumber"), headers);
      expect(res.headers["access-control-allow-origin"]).not.toBe("*");
    }
  });
});

describe("the node's internal port (HARDHAT_NODE_INTERNAL=1, as the stack runs it)", () => {
  it("refuses a web page that found the port (blind text/plain POST, JSON, WebSocket) and a foreign Host; the stack's own requests pass", async () => {
    const before = await blockNumber();
    for (const headers of [
      { origin: EVIL, "content-type": "text/plain" },
      { origin: EVIL },
      { origin: APP_ORIGIN }, // the app's pages go through the guard, never here
      { host: `evil.example:${nodePort}` },
    ] as Record<string, string>[]) {
      const res = await post(sendTx(), { host: `127.0.0.1:${nodePort}`, ...headers }, { port: nodePort });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.body.error.message).toMatch(/internal node/);
    }
    expect(await blockNumber()).toBe(before);
    const ws = await new Promise<number>((resolve, reject) => {
      const req = http.request({
        host: "127.0.0.1",
        port: nodePort,
        headers: {
          origin: EVIL,
          connection: "Upgrade",
          upgrade: "websocket",
          "sec-websocket-version": "13",
          "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==",
        },
      });
      req.on("upgrade", (res, socket) => (socket.destroy(), resolve(res.statusCode!)));
      req.on("response", (res) => (res.resume(), resolve(res.statusCode!)));
      req.on("error", reject);
      req.end();
    });
    expect(ws).toBe(403);
    expect((await post(sendTx(), {}, { port: nodePort })).body.result).toMatch(/^0x[0-9a-f]{64}$/);
  });
});

describe("isPrivileged", () => {
  it("covers the signing and admin namespaces and nothing a wallet needs", () => {
    for (const m of [
      "eth_sendTransaction",
      "eth_sign",
      "eth_signTransaction",
      "eth_signTypedData",
      "eth_signTypedData_v3",
      "eth_signTypedData_v4",
      "personal_sign",
      "personal_unlockAccount",
      "hardhat_reset",
      "evm_increaseTime",
      "debug_traceCall",
      "anvil_setCode",
      "Eth_SendTransaction",
    ]) {
      expect(isPrivileged(m), m).toBe(true);
    }
    for (const m of [
      "eth_sendRawTransaction",
      "eth_call",
      "eth_estimateGas",
      "eth_getBalance",
      "eth_chainId",
      "net_version",
      "eth_accounts",
      "eth_getLogs",
      "eth_feeHistory",
      42,
      undefined,
    ]) {
      expect(isPrivileged(m), String(m)).toBe(false);
    }
  });
});
