import { fireEvent, screen } from "@testing-library/react";
import { classicAddressToXAddress } from "xrpl";
import { describe, expect, it } from "vitest";
import { json, stubFetch } from "../../../testing/fake-api";
import { renderWithProviders } from "../../../testing/test-utils";
import { xrplAccountContract } from "../api/contract";
import { LookupPanel } from "./lookup-panel";

const CLASSIC = "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe";

describe("the XRPL public lookup", () => {
  it("decodes a test-net X-address in the page (classic address and tag), asks the API, says when it is unreachable", async () => {
    const x = classicAddressToXAddress(CLASSIC, 12345, true);
    const { requests } = stubFetch({
      [`GET ${xrplAccountContract.lookup.path}`]: (req) =>
        json({
          query: req.url.searchParams.get("address"),
          address: CLASSIC,
          xAddress: { network: "test", tag: 12345 },
          network: "testnet",
          reachable: false,
          exists: null,
          balanceXrp: null,
          sequence: null,
          ownerCount: null,
          reserveXrp: null,
          trustLines: null,
          summary: "Not reachable, balance unknown: the XRPL testnet did not answer (s.altnet unreachable)",
          explorerUrl: null,
          source: "simulated",
          reason: "s.altnet unreachable",
        }),
    });
    renderWithProviders(<LookupPanel />);
    fireEvent.change(screen.getByTestId("xrpl-lookup-input"), { target: { value: x } });
    const decoded = await screen.findByTestId("xrpl-lookup-decoded");
    expect(decoded).toHaveTextContent("Test-net X-address");
    expect(decoded).toHaveTextContent(`Classic address ${CLASSIC} · destination tag 12345`);
    fireEvent.click(screen.getByTestId("xrpl-lookup-button"));
    expect(await screen.findByTestId("xrpl-lookup-summary")).toHaveTextContent(/^Not reachable, balance unknown/);
    expect(requests.map((r) => r.url.searchParams.get("address"))).toEqual([x]);
  });

  it("refuses a main-net X-address with the reason and names a pasted seed, asking nothing", async () => {
    const { requests } = stubFetch({});
    renderWithProviders(<LookupPanel />);
    fireEvent.change(screen.getByTestId("xrpl-lookup-input"), {
      target: { value: classicAddressToXAddress(CLASSIC, 1, false) },
    });
    expect(await screen.findByText(/^This is a main-net X-address/)).toBeInTheDocument();
    expect(screen.getByTestId("xrpl-lookup-button")).toBeDisabled();
    fireEvent.change(screen.getByTestId("xrpl-lookup-input"), { target: { value: "sEdTM1uX8pu2do5XvTnutH6HsouMaM2" } });
    expect(screen.getByText(/^This looks like a seed: it stays in this page and is not sent/)).toBeInTheDocument();
    expect(screen.getByTestId("xrpl-lookup-button")).toBeDisabled();
    expect(requests).toEqual([]);
  });
});
