// The three publishers on 127.0.0.1, answering the recorded documents in this folder (their documented formats) to
// the paths the live clients call, so the clients' parsing is tested without the internet. `mode` breaks them.
import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";

const doc = (name: string) => readFileSync(new URL(`./${name}`, import.meta.url), "utf8");

export interface FakePublishers {
  url: string;
  /** Every request's path and query, for asserting what was asked (and that a key went only where it belongs). */
  requests: string[];
  mode: "ok" | "http-500" | "not-json";
  close(): Promise<void>;
}

export async function startFakePublishers(): Promise<FakePublishers> {
  const state: FakePublishers = { url: "", requests: [], mode: "ok", close: async () => {} };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    state.requests.push(`${url.pathname}${url.search}`);
    if (state.mode === "http-500") {
      res.writeHead(500).end("upstream error");
      return;
    }
    const send = (body: string) =>
      res.writeHead(200, { "content-type": "application/json" }).end(state.mode === "not-json" ? "<html>" : body);
    const p = url.pathname;
    if (p === "/fred/series/observations") {
      const id = url.searchParams.get("series_id");
      if (id === "CPIAUCSL") return send(doc("fred-observations-cpiaucsl.json"));
      if (id === "GDP") return send(doc("fred-observations-gdp.json"));
      return send(JSON.stringify({ observations: [{ date: "2026-07-01", value: "4.1" }] }));
    }
    if (p === "/fiscal/v2/accounting/od/debt_to_penny") return send(doc("fiscal-debt-to-penny.json"));
    if (p === "/fiscal/v1/accounting/dts/operating_cash_balance")
      return send(doc("fiscal-operating-cash-balance.json"));
    if (p === "/eia/petroleum/pri/spt/data/") return send(doc("eia-rwtc-daily.json"));
    if (p === "/eia/natural-gas/pri/fut/data/") return send(doc("eia-rngwhhd-daily.json"));
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
