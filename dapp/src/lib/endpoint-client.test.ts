import { bridgeContract } from "../../../api/src/features/bridge/bridge.contract";
import { qIsolatorContract } from "../../../api/src/features/q-isolator/q-isolator.contract";
import { testnetContract } from "../../../api/src/features/testnet/testnet.contract";
import { json, stubFetch } from "../testing/fake-api";
import { getFile, postForm } from "./api-files";
import { callEndpoint } from "./endpoint-client";

describe("callEndpoint", () => {
  it("fills the path's params (encoded) and appends the query, leaving out what is undefined", async () => {
    const { requests } = stubFetch({
      "GET /api/bridge/transfers/stellar-ab%2Fc": () => json({ id: "x" }),
      "GET /api/bridge/transfers": () => json({ transfers: [] }),
    });
    await callEndpoint(bridgeContract.transfer, { params: { lockId: "stellar-ab/c" } });
    await callEndpoint(bridgeContract.transfers, { query: { address: undefined } });
    await callEndpoint(bridgeContract.transfers, { query: { address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" } });
    expect(requests.map((r) => `${r.method} ${r.url.pathname}${r.url.search}`)).toEqual([
      "GET /api/bridge/transfers/stellar-ab%2Fc",
      "GET /api/bridge/transfers",
      "GET /api/bridge/transfers?address=0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
    ]);
  });

  it("sends a POST's body as JSON, and no body at all to a POST that declares none (it refuses even {})", async () => {
    const { spy } = stubFetch({
      "POST /api/bridge/batch": () => json({ id: "b" }, 202),
      "POST /api/testnet/perfect": () => json({ readinessScore: 1 }),
    });
    await callEndpoint(bridgeContract.runBatch, { body: { count: 2, destinations: ["xrpl"], roundTrip: false } });
    await callEndpoint(testnetContract.perfect, {}, { timeoutMs: 1_000 });
    const [, withBody] = spy.mock.calls[0]!;
    const [, without] = spy.mock.calls[1]!;
    expect(withBody).toMatchObject({ method: "POST", body: '{"count":2,"destinations":["xrpl"],"roundTrip":false}' });
    expect(withBody?.headers).toMatchObject({ "Content-Type": "application/json" });
    expect(without).toMatchObject({ method: "POST", body: undefined });
    expect(without?.headers).not.toHaveProperty("Content-Type");
  });
});

describe("postForm and getFile", () => {
  it("post a form to an upload endpoint's path and fetch a download endpoint's bytes with its params and query", async () => {
    const { requests } = stubFetch({
      "POST /api/q-isolator/files": () => json({ ok: true }, 201),
      "GET /api/q-isolator/files/bafkcid": () =>
        new Response(new Uint8Array([1, 2]), {
          status: 200,
          headers: { "Content-Disposition": 'attachment; filename="a.txt"' },
        }),
      "GET /ipfs/bafkcid": () => new Response(new Uint8Array([3]), { status: 200 }),
    });
    await expect(postForm(qIsolatorContract.upload, new FormData())).resolves.toEqual({ ok: true });
    const file = await getFile(qIsolatorContract.download, {
      params: { cid: "bafkcid" },
      query: { recipient: "agency:FBI" },
    });
    expect(file.filename).toBe("a.txt");
    expect((await getFile(qIsolatorContract.envelope, { params: { cid: "bafkcid" } })).blob.size).toBe(1);
    expect(requests.map((r) => `${r.method} ${r.url.pathname}${r.url.search}`)).toEqual([
      "POST /api/q-isolator/files",
      "GET /api/q-isolator/files/bafkcid?recipient=agency%3AFBI",
      "GET /ipfs/bafkcid",
    ]);
  });
});
