// Hardhat's in-process chain behind a real JSON-RPC-over-HTTP endpoint on 127.0.0.1, as the stack's chain guard
// serves the node: the verification reads the chain through a URL (its own short-lived client), never through the
// app's transport, so its tests need one. Single calls and batches; every method name is recorded.
import http from "node:http";
import type { AddressInfo } from "node:net";

interface Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

interface RpcCall {
  id?: unknown;
  method: string;
  params?: unknown[];
}

export interface RpcOverHttp {
  /** http://127.0.0.1:<port> */
  url: string;
  /** Every method asked, in order. */
  readonly calls: string[];
  close(): Promise<void>;
}

export async function serveRpcOverHttp(provider: Provider): Promise<RpcOverHttp> {
  const calls: string[] = [];
  const answer = async ({ id, method, params }: RpcCall) => {
    calls.push(method);
    try {
      return { jsonrpc: "2.0", id, result: await provider.request({ method, params: params ?? [] }) };
    } catch (err) {
      const { code, message } = err as { code?: number; message?: string };
      return { jsonrpc: "2.0", id, error: { code: code ?? -32603, message: message ?? "internal error" } };
    }
  };
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      void (async () => {
        const parsed = JSON.parse(body) as RpcCall | RpcCall[];
        const reply = Array.isArray(parsed) ? await Promise.all(parsed.map(answer)) : await answer(parsed);
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify(reply));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
