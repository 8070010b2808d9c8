import { screen, within } from "@testing-library/react";
import { allPaths, paths, SECTIONS } from "../config/paths";
import { json, stubFetch } from "../testing/fake-api";
import { renderWithProviders } from "../testing/test-utils";
import { AppRoutes } from "./router";

describe("routes", () => {
  it("registers the 29 routes of the spec", () => {
    expect(allPaths).toHaveLength(29);
    expect(new Set(allPaths.map((p) => p.path)).size).toBe(29);
  });

  it("links the landing page to the 28 other routes by section, from the page table", async () => {
    stubFetch({ "GET /api/landing/summary": () => json({}, 503) });
    renderWithProviders(<AppRoutes />, { route: "/" });
    expect(await screen.findByRole("heading", { level: 1, name: "XQBUSD Development Platform" })).toBeInTheDocument();
    const index = await screen.findByTestId("route-index", {}, { timeout: 5_000 });
    const links = within(index).getAllByTestId("route-link");
    expect(links).toHaveLength(28);
    expect(links.map((l) => l.getAttribute("href")).sort()).toEqual(
      allPaths
        .filter((p) => p !== paths.home)
        .map((p) => p.path)
        .sort(),
    );
    expect(
      within(index)
        .getAllByRole("heading", { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([...SECTIONS]);
    expect(
      within(within(index).getByRole("region", { name: "Stellar & XRPL" })).getByRole("link", {
        name: /Stellar Key Input/,
      }),
    ).toHaveAttribute("href", "/stellar-key-input");
    // The landing says "not built" nowhere, not even for pages that are not.
    expect(document.body).not.toHaveTextContent(/not built/i);
    expect(screen.getByTestId("connect-wallet-button")).toHaveTextContent("Connect Wallet");
  });

  it("says a path outside the page table is not found, with the back link Home", async () => {
    renderWithProviders(<AppRoutes />, { route: "/no-such-page" });
    expect(await screen.findByTestId("not-found")).toHaveTextContent("Page not found");
    expect(screen.getByTestId("back-link")).toHaveAttribute("href", "/");
  });

  it("renders the minting page on its route", async () => {
    stubFetch({
      "GET /api/unified/status": () => json({}, 503),
      "GET /api/minting/history": () => json({ mints: [] }),
    });
    renderWithProviders(<AppRoutes />, { route: paths.multiBlockchainMinting.path });
    // The page chunk and the wallet scope load lazily: allow for a cold module import.
    expect(await screen.findByTestId("minting-page", {}, { timeout: 5_000 })).toBeInTheDocument();
  });
});
