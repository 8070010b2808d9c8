// The landing page against the API's recorded answer (parsed with its schema): the branding and skeletons at once,
// then the four cards each with how it was computed and the spec's figure as a labelled claim, the named networks
// with their real statuses, the six blocks with their figure and their pages from the page table, the link grid to
// every other page, the footer contact; one API call in all. Then a part not read, no contact, and the error state.
import { screen, waitFor, within } from "@testing-library/react";
import { allPaths, paths } from "../../../config/paths";
import { deferred, json, stubFetch, type FakeRoute } from "../../../testing/fake-api";
import { renderWithProviders } from "../../../testing/test-utils";
import { landingContract } from "../api/contract";
import type { LandingSummaryResponse } from "../api/contract";
import { pagesOfBlock } from "../blocks";
import { BLOCK_IDS, BLOCK_TITLES } from "../constants";
import { STACK } from "../testing/fixtures";
import { LandingPage } from "./landing-page";

const GET = `GET ${landingContract.summary.path}`;

function setup(route: FakeRoute = () => json(STACK)) {
  const api = stubFetch({ [GET]: route });
  return { ...api, ...renderWithProviders(<LandingPage />, { route: "/" }) };
}

const LAZY = { timeout: 5_000 };

describe("LandingPage", () => {
  it("paints the branding and keeps the sections' place with skeletons while the summary loads", async () => {
    const answer = deferred();
    setup(() => answer.promise);
    expect(screen.getByRole("heading", { level: 1, name: "XQBUSD Development Platform" })).toBeInTheDocument();
    expect(await screen.findByTestId("summary-loading", {}, LAZY)).toBeInTheDocument();
    // The links need no data: they are there before the summary.
    expect(await screen.findAllByTestId("route-link")).toHaveLength(28);
    answer.resolve(json(STACK));
    expect(await screen.findByTestId("summary", {}, LAZY)).toBeInTheDocument();
    expect(screen.queryByTestId("summary-loading")).not.toBeInTheDocument();
  });

  it("shows the four cards, each with how it was computed, the spec's figures only as labelled claims", async () => {
    const { requests } = setup();
    await screen.findByTestId("summary", {}, LAZY);
    const gov = within(screen.getByTestId("stat-government"));
    expect(screen.getByTestId("stat-government-reading")).toHaveTextContent(
      "10 of 10 series answering: 0 live, 10 snapshot",
    );
    expect(gov.getByTestId("stat-government-how")).toHaveTextContent(
      "0 read live from the publisher, 10 from the bundled official snapshot",
    );
    expect(screen.getByTestId("stat-government-plan")).toHaveTextContent(/Spec claim\s*98%/);
    expect(screen.getByTestId("stat-multi-chain-reading")).toHaveTextContent(STACK.stats.multiChain.value!);
    expect(screen.getByTestId("stat-multi-chain-plan")).toHaveTextContent(/Spec claim\s*25\+/);
    expect(screen.getByTestId("stat-quantum-reading")).toHaveTextContent("Active");
    expect(screen.getByTestId("stat-quantum-how")).toHaveTextContent("signs a fresh message");
    const rwa = within(screen.getByTestId("stat-rwa"));
    expect(screen.getByTestId("stat-rwa-reading")).toHaveTextContent(STACK.stats.rwa.value!);
    expect(rwa.getByTestId("source-badge")).toHaveAttribute("data-source", "live");
    expect(screen.getByTestId("stat-rwa-how")).toHaveTextContent(`at block ${STACK.stats.rwa.figures!.blockNumber}`);
    for (const id of ["government", "multi-chain", "quantum", "rwa"])
      expect(screen.getByTestId(`stat-${id}-state`)).toHaveAttribute("data-state", "fresh");
    // The spec's marketing numbers are labelled as copy.
    expect(screen.getByTestId("spec-claims")).toHaveTextContent("Product claims (the spec's copy, not readings)");
    expect(screen.getAllByTestId("banner").map((b) => b.textContent)).toEqual([
      expect.stringMatching(/^Marketing/),
      expect.stringMatching(/^Marketing/),
    ]);
    // One API call for the whole page.
    expect(requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([GET]);
  });

  it("lists the named networks with their status here, not 'operational' for all", async () => {
    setup();
    await screen.findByTestId("summary", {}, LAZY);
    const rows = screen.getAllByTestId("network");
    expect(rows).toHaveLength(STACK.networks.list.length);
    expect(
      screen.getByRole("heading", { level: 2, name: `Networks (${STACK.networks.list.length})` }),
    ).toBeInTheDocument();
    expect(rows.map((r) => r.getAttribute("data-status"))).toEqual(STACK.networks.list.map((n) => n.status));
    const local = rows.find((r) => r.textContent?.startsWith("The local Hardhat chain"))!;
    expect(within(local).getByTestId("network-status")).toHaveTextContent("Live");
    const sepolia = rows.find((r) => r.textContent?.startsWith("Ethereum Sepolia"))!;
    expect(within(sepolia).getByTestId("network-status")).toHaveTextContent("Not configured");
    expect(within(sepolia).getByText(/SEPOLIA_RPC_URL is not set/)).toBeInTheDocument();
    expect(new Set(rows.map((r) => r.getAttribute("data-status"))).size).toBeGreaterThan(1);
    // "operational" only in the spec's labelled claim, never as a network's status.
    expect(screen.getByTestId("network-list")).not.toHaveTextContent(/operational/i);
  });

  it("shows the six blocks with their figure and links to their pages from the page table", async () => {
    setup();
    await screen.findByTestId("summary", {}, LAZY);
    for (const id of BLOCK_IDS) {
      const block = within(screen.getByTestId(`block-${id}`));
      expect(block.getByRole("heading", { level: 3, name: BLOCK_TITLES[id] })).toBeInTheDocument();
      const links = block.queryAllByTestId("block-link");
      expect(links.map((l) => l.getAttribute("href"))).toEqual(pagesOfBlock(id).map((p) => p.path));
      expect(links.length, id).toBeGreaterThan(0);
    }
    expect(screen.getByTestId("block-government-apis-value")).toHaveTextContent("40,033,256,786,764.37 USD");
    expect(within(screen.getByTestId("block-government-apis")).getByTestId("source-badge")).toHaveAttribute(
      "data-source",
      "snapshot",
    );
    expect(screen.getByTestId("block-treasury-services-value")).toHaveTextContent("4.22 %");
    expect(screen.getByTestId("block-infrastructure-value")).toHaveTextContent("1 of 3");
    expect(screen.getByTestId("block-security-compliance-value")).toHaveTextContent("No value yet");
    expect(screen.getByTestId("block-quantum-cryptography")).toHaveTextContent("Q-Blockchain Isolation Dashboard");
  });

  it("links to every other page of the table, says 'not built' nowhere, and ends with the contact line", async () => {
    setup();
    await screen.findByTestId("summary", {}, LAZY);
    const index = screen.getByTestId("route-index");
    expect(
      within(index)
        .getAllByTestId("route-link")
        .map((l) => l.getAttribute("href")),
    ).toEqual(allPaths.filter((p) => p !== paths.home).map((p) => p.path));
    expect(document.body).not.toHaveTextContent(/not built/i);
    const contact = screen.getByTestId("contact-line");
    expect(contact).toHaveTextContent("Contact: Landing Test, landing@example.org");
    expect(within(contact).getByRole("link", { name: "landing@example.org" })).toHaveAttribute(
      "href",
      "mailto:landing@example.org",
    );
    // The footer comes after the page grid.
    expect(index.compareDocumentPosition(contact) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("says which part was not read and why; no contact line without one", async () => {
    const cold: LandingSummaryResponse = {
      ...STACK,
      contact: null,
      stats: {
        ...STACK.stats,
        rwa: {
          ...STACK.stats.rwa,
          state: "not-read",
          value: null,
          figures: null,
          readAt: null,
          reason: "no answer within 2000 ms (still reading)",
          how: "The TreasuryVault's collateral and ratio could not be read from the chain.",
        },
      },
    };
    setup(() => json(cold));
    await screen.findByTestId("summary", {}, LAZY);
    expect(screen.getByTestId("stat-rwa-reading")).toHaveTextContent("Not read");
    expect(screen.getByTestId("stat-rwa-state")).toHaveAttribute("data-state", "not-read");
    expect(screen.getByTestId("stat-rwa-state")).toHaveTextContent(
      "Not read: no answer within 2000 ms (still reading)",
    );
    expect(screen.queryByTestId("contact-line")).not.toBeInTheDocument();
  });

  it("reads an API that is down as such, keeps the links, and Retry loads the figures", async () => {
    let calls = 0;
    const { user } = setup(() =>
      ++calls === 1 ? json({ code: "INTERNAL", error: "Internal server error" }, 500) : json(STACK),
    );
    const error = await screen.findByTestId("summary-error", {}, LAZY);
    expect(error).toHaveTextContent("Could not load the platform's figures");
    expect(screen.getAllByTestId("route-link")).toHaveLength(28);
    await user.click(screen.getByTestId("summary-retry"));
    await waitFor(() => expect(screen.getByTestId("summary")).toBeInTheDocument());
    expect(screen.queryByTestId("summary-error")).not.toBeInTheDocument();
  });
});
