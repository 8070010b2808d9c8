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

  it("indexes the 28 other routes on the landing page by section, marking the built ones", async () => {
    renderWithProviders(<AppRoutes />, { route: "/" });
    const links = await screen.findAllByTestId("route-link");
    expect(links).toHaveLength(28);
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual([...SECTIONS]);
    expect(
      within(screen.getByRole("region", { name: "Stellar & XRPL" })).getByRole("link", {
        name: /Stellar Key Input.*Built/,
      }),
    ).toHaveAttribute("href", "/stellar-key-input");
    expect(screen.getByRole("link", { name: /Multi-Blockchain Minting.*Built/ })).toHaveAttribute(
      "href",
      "/multi-blockchain-minting",
    );
    expect(screen.getByTestId("connect-wallet-button")).toHaveTextContent("Connect Wallet");
  });

  it("shows the shared placeholder on a page that is not built", async () => {
    renderWithProviders(<AppRoutes />, { route: paths.environmentalMonitoring.path });
    expect(await screen.findByTestId("not-built-yet")).toHaveTextContent(
      "This page is not built yet — it arrives in a later issue",
    );
    expect(screen.getByRole("heading", { name: "Environmental Monitoring" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
    expect(screen.getByRole("link", { name: /Multi-Blockchain Minting/ })).toHaveAttribute(
      "href",
      "/multi-blockchain-minting",
    );
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
