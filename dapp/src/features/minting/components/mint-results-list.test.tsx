import { screen, waitFor, within } from "@testing-library/react";
import { json, stubFetch } from "../../../testing/fake-api";
import { ethRecord, stellarRecord, xrpRecord } from "../../../testing/fixtures";
import { renderWithProviders } from "../../../testing/test-utils";
import type { MintHistoryEntry } from "../api/contract";
import { MintResultsList } from "./mint-results-list";

const entry = (
  r: ReturnType<typeof ethRecord> | ReturnType<typeof stellarRecord> | ReturnType<typeof xrpRecord>,
): MintHistoryEntry => ({ ...r, onCurrentChain: null });

describe("MintResultsList paging", () => {
  it("loads older mints with the API's cursor until there are none", async () => {
    const api = stubFetch({
      "GET /api/minting/history": (req) =>
        req.url.searchParams.get("cursor") === "page-2"
          ? json({ mints: [entry(xrpRecord({ id: "oldest" }))], nextCursor: null })
          : json({
              mints: [entry(ethRecord({ id: "newest" })), entry(stellarRecord({ id: "middle" }))],
              nextCursor: "page-2",
            }),
    });
    const { user } = renderWithProviders(<MintResultsList />);
    await waitFor(() => expect(screen.getAllByTestId("mint-result")).toHaveLength(2));
    await user.click(screen.getByTestId("mint-results-load-more"));
    await waitFor(() => expect(screen.getAllByTestId("mint-result")).toHaveLength(3));
    expect(screen.getAllByTestId("mint-result").map((el) => el.getAttribute("data-kind"))).toEqual([
      "eth-mint",
      "stellar-mint",
      "xrp-volume",
    ]);
    expect(screen.queryByTestId("mint-results-load-more")).toBeNull();
    const older = api.requests.find((r) => r.url.searchParams.has("cursor"))!;
    expect(older.url.searchParams.get("limit")).toBe("20");
  });

  it("keeps a record a new mint pushed off the first page once older pages are shown (no gap)", async () => {
    let first = [entry(ethRecord({ id: "A" })), entry(stellarRecord({ id: "B" }))];
    stubFetch({
      "GET /api/minting/history": (req) =>
        req.url.searchParams.get("cursor") === "after-B"
          ? json({ mints: [entry(xrpRecord({ id: "C" }))], nextCursor: null })
          : json({ mints: first, nextCursor: "after-B" }),
    });
    const { user, queryClient } = renderWithProviders(<MintResultsList />);
    await user.click(await screen.findByTestId("mint-results-load-more"));
    await waitFor(() => expect(screen.getAllByTestId("mint-result")).toHaveLength(3));
    // a new mint N: the server's first page is now N, A (B moved to the second page)
    first = [entry(xrpRecord({ id: "N", transactionHash: "N".repeat(64) })), first[0]!];
    await queryClient.invalidateQueries();
    await waitFor(() => expect(screen.getAllByTestId("mint-result")).toHaveLength(4));
    expect(screen.getAllByTestId("mint-result-hash").map((el) => el.getAttribute("title"))).toEqual([
      "N".repeat(64),
      ethRecord().transactionHash,
      stellarRecord().transactionHash,
      xrpRecord().transactionHash,
    ]);
  });

  it("says when an older page could not be loaded and keeps what it has", async () => {
    stubFetch({
      "GET /api/minting/history": (req) =>
        req.url.searchParams.has("cursor")
          ? new Response("", { status: 503, statusText: "Service Unavailable" })
          : json({ mints: [entry(ethRecord({ id: "newest" }))], nextCursor: "page-2" }),
    });
    const { user } = renderWithProviders(<MintResultsList />);
    await user.click(await screen.findByTestId("mint-results-load-more"));
    expect(await screen.findByTestId("mint-results-load-more-error")).toHaveTextContent(
      "Could not load older results: 503: Service Unavailable",
    );
    expect(screen.getAllByTestId("mint-result")).toHaveLength(1);
    expect(within(screen.getByTestId("mint-results")).getByTestId("mint-results-load-more")).toBeEnabled();
  });
});
