// The congressional presentation against the API's recorded answer (parsed with its schema): the eight slides in the
// spec's order with wrapping Previous/Next, dots, keys and the slide number in the URL; the stat cards computed, or the
// spec's defaults labelled when the data is missing; the dashboard's six cards with the national debt's date and
// source (or the labelled $36.2T fallback); the demo's four tabs linking into the real pages.
import { act, fireEvent, screen, within } from "@testing-library/react";
import { useLocation } from "react-router-dom";
import { json, stubFetch } from "../../../testing/fake-api";
import { renderWithProviders } from "../../../testing/test-utils";
import { paths } from "../../../config/paths";
import { congressionalContract as contract } from "../api/contract";
import { SLIDES } from "../slides";
import { MISSING, OFFLINE } from "../testing/fixtures";
import { CongressionalPage } from "./congressional-page";

const PAGE = "/congressional-presentation";
const GET = `GET ${contract.figures.path}`;

function Where() {
  const { search } = useLocation();
  return <output data-testid="where">{search}</output>;
}

function setup(route = PAGE, answer: unknown = OFFLINE) {
  const api = stubFetch({ [GET]: () => json(answer) });
  return {
    ...api,
    ...renderWithProviders(
      <>
        <CongressionalPage />
        <Where />
      </>,
      { route },
    ),
  };
}

const shown = () => screen.getAllByTestId("slide").find((s) => !s.hidden)!;
const slideParam = () => new URLSearchParams(screen.getByTestId("where").textContent!).get("slide");

describe("CongressionalPage: slides", () => {
  it("has the eight slides in the spec's order and the three views", () => {
    setup();
    expect(screen.getByRole("heading", { level: 1, name: "Congressional Review" })).toBeInTheDocument();
    expect(screen.getAllByTestId("slide").map((s) => s.dataset.slide)).toEqual([
      "executive-summary",
      "genius-act",
      "quantum-security",
      "phone-protection",
      "consciousness-development",
      "revenue-potential",
      "federal-efficiency",
      "deployment-readiness",
    ]);
    expect(screen.getAllByTestId("slide").filter((s) => !s.hidden)).toHaveLength(1);
    expect(
      ["Slide presentation", "Live dashboard", "Interactive demo"].map((n) => screen.getByRole("button", { name: n })),
    ).toHaveLength(3);
    // jsdom has no Fullscreen API: the toggle says so rather than doing nothing.
    expect(screen.getByTestId("fullscreen-toggle")).toBeDisabled();
  });

  it("Previous and Next wrap, the dots jump, and the URL carries the slide number", async () => {
    const { user } = setup(`${PAGE}?slide=8`);
    expect(shown().dataset.slide).toBe("deployment-readiness");
    await user.click(screen.getByTestId("slide-next"));
    expect(shown().dataset.slide).toBe("executive-summary");
    expect(slideParam()).toBe("1");
    await user.click(screen.getByTestId("slide-previous"));
    expect(shown().dataset.slide).toBe("deployment-readiness");
    expect(slideParam()).toBe("8");
    await user.click(screen.getByRole("button", { name: "Slide 3: Quantum security" }));
    expect(shown().dataset.slide).toBe("quantum-security");
    expect(screen.getByRole("button", { name: "Slide 3: Quantum security" })).toHaveAttribute("aria-current", "step");
    expect(slideParam()).toBe("3");
  });

  it("right arrow and space go forward, left arrow back, wrapping both ways", () => {
    setup();
    fireEvent.keyDown(document.body, { key: "ArrowLeft" });
    expect(shown().dataset.slide).toBe("deployment-readiness");
    fireEvent.keyDown(document.body, { key: "ArrowRight" });
    expect(shown().dataset.slide).toBe("executive-summary");
    fireEvent.keyDown(document.body, { key: " " });
    expect(shown().dataset.slide).toBe("genius-act");
    expect(slideParam()).toBe("2");
  });

  it("each press counts once, even when presses land before the deck has drawn the last one", () => {
    setup(`${PAGE}?slide=8`);
    // One act for three presses: React draws once at the end, so a listener holding the drawn slide would move one.
    act(() => {
      fireEvent.keyDown(document.body, { key: "ArrowRight" });
      fireEvent.keyDown(document.body, { key: "ArrowRight" });
      fireEvent.keyDown(document.body, { key: "ArrowLeft" });
      fireEvent.keyDown(document.body, { key: "ArrowRight" });
      fireEvent.keyDown(document.body, { key: " " });
    });
    expect(shown().dataset.slide).toBe("quantum-security");
    expect(slideParam()).toBe("3");
  });

  it("slides 2 to 6 carry the stat cards, computed from the API's answer; claims are labelled as claims", async () => {
    setup(`${PAGE}?slide=2`);
    const stats = await within(shown()).findByTestId("slide-stats");
    const cards = within(stats).getAllByTestId("stat-card");
    expect(
      cards.map((c) => [c.dataset.stat, c.dataset.basis, within(c).getByTestId("stat-value").textContent]),
    ).toEqual([
      ["compliance-score", "computed", `${OFFLINE.complianceScore.value}%`],
      ["activities", "computed", String(OFFLINE.activities.value)],
      ["federal-endpoints", "computed", String(OFFLINE.federalEndpoints.value)],
    ]);
    expect(cards[0]).toHaveTextContent(
      `${OFFLINE.complianceScore.rulesMet} of ${OFFLINE.complianceScore.rulesTotal} GENIUS Act rules met`,
    );
    const withStats = screen.getAllByTestId("slide").filter((s) => within(s).queryByTestId("slide-stats"));
    expect(withStats.map((s) => SLIDES.findIndex((x) => x.id === s.dataset.slide) + 1)).toEqual([2, 3, 4, 5, 6]);
    const revenue = screen.getAllByTestId("slide").find((s) => s.dataset.slide === "revenue-potential")!;
    expect(within(revenue).getByTestId("slide-claims")).toHaveTextContent("Product claim Fees 0.009% versus 2.9%");
  });

  it("the spec's defaults 90, 12 and 5 appear only when the data is missing, labelled Spec default with the reason", async () => {
    setup(`${PAGE}?slide=2`, MISSING);
    const cards = within(await within(shown()).findByTestId("slide-stats")).getAllByTestId("stat-card");
    expect(cards.map((c) => [c.dataset.basis, within(c).getByTestId("stat-value").textContent])).toEqual([
      ["spec-default", "90%"],
      ["spec-default", "12"],
      ["spec-default", "5"],
    ]);
    for (const c of cards) expect(within(c).getByTestId("figure-basis")).toHaveTextContent("Spec default");
    expect(cards[1]).toHaveTextContent("Missing because: database down.");
  });
});

describe("CongressionalPage: dashboard and demo", () => {
  it("the six cards; Treasury backing shows the national debt with its date and source", async () => {
    setup(`${PAGE}?view=dashboard`);
    const cards = await screen.findAllByTestId("dashboard-card");
    expect(cards.map((c) => within(c).getByRole("heading", { level: 2 }).textContent)).toEqual([
      "GENIUS Act status",
      "Treasury backing",
      "Quantum security",
      "Government network",
      "Phone security",
      "Consciousness development",
    ]);
    expect(screen.getByRole("progressbar", { name: "GENIUS Act rules met" })).toHaveAttribute(
      "aria-valuenow",
      String(OFFLINE.complianceScore.value),
    );
    const treasury = cards[1]!;
    const trillions = (OFFLINE.nationalDebt.valueUsd / 1e12).toLocaleString("en-US", { maximumFractionDigits: 2 });
    expect(within(treasury).getByTestId("national-debt")).toHaveTextContent(`$${trillions}T`);
    expect(treasury).toHaveTextContent(`As of ${OFFLINE.nationalDebt.asOf}`);
    expect(treasury).toHaveTextContent("U.S. Treasury Fiscal Data (debt_to_penny.tot_pub_debt_out_amt)");
    expect(within(treasury).getByTestId("source-badge")).toHaveAttribute("data-source", "snapshot");
    expect(within(treasury).queryByText("Spec fallback")).toBeNull();
    for (const c of cards.slice(4)) expect(c).toHaveTextContent("Not part of this product");
  });

  it("without a debt figure, the $36.2T fallback, labelled as the spec's fallback", async () => {
    setup(`${PAGE}?view=dashboard`, MISSING);
    const treasury = (await screen.findAllByTestId("dashboard-card"))[1]!;
    expect(within(treasury).getByTestId("national-debt")).toHaveTextContent("$36.2T");
    expect(within(treasury).getByTestId("figure-basis")).toHaveTextContent("Spec fallback");
  });

  it("the demo's four tabs lead into the real pages", async () => {
    const { user } = setup(`${PAGE}?view=demo`);
    expect((await screen.findAllByRole("tab")).map((t) => t.textContent)).toEqual([
      "Overview",
      "Security",
      "Phone app",
      "Compliance",
    ]);
    await user.click(screen.getByRole("tab", { name: "Compliance" }));
    const panel = screen.getAllByTestId("demo-panel").find((p) => p.dataset.demo === "compliance")!;
    const hrefs = within(panel)
      .getAllByTestId("demo-link")
      .map((a) => a.getAttribute("href"));
    expect(hrefs).toContain(paths.professionalDevelopment.path);
    const builtPaths = Object.values(paths)
      .filter((p) => p.built)
      .map((p) => p.path);
    for (const h of hrefs) expect(builtPaths).toContain(h);
  });
});
