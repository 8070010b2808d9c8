import { fireEvent, render, screen } from "@testing-library/react";
import { TabStrip } from "./tab-strip";

const TABS = [
  { id: "one", label: "Security Audit" },
  { id: "two", label: "Load Testing" },
  { id: "three", label: "Compliance Audit" },
  { id: "four", label: "Penetration Test" },
  { id: "five", label: "Disaster Recovery" },
] as const;
type Id = (typeof TABS)[number]["id"];

const TAB_WIDTH = 120;

/** jsdom lays nothing out: the row is `rowWidth` wide and each tab TAB_WIDTH, side by side. */
function layOut(rowWidth: number) {
  const spies = [
    vi.spyOn(HTMLElement.prototype, "scrollWidth", "get").mockImplementation(function (this: HTMLElement) {
      return this.getAttribute("role") === "tablist" ? TABS.length * TAB_WIDTH : 0;
    }),
    vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockImplementation(function (this: HTMLElement) {
      return this.getAttribute("role") === "tablist" ? rowWidth : 0;
    }),
    vi.spyOn(HTMLElement.prototype, "offsetWidth", "get").mockImplementation(function (this: HTMLElement) {
      return this.getAttribute("role") === "tab" ? TAB_WIDTH : 0;
    }),
    vi.spyOn(HTMLElement.prototype, "offsetLeft", "get").mockImplementation(function (this: HTMLElement) {
      return this.getAttribute("role") === "tab"
        ? TABS.findIndex((t) => `tab-${t.id}` === this.dataset.testid) * TAB_WIDTH
        : 0;
    }),
  ];
  onTestFinished(() => spies.forEach((s) => s.mockRestore()));
}

function Strip({ selected = "one" }: { selected?: Id }) {
  return <TabStrip tabs={TABS} selected={selected} onSelect={() => {}} label="Assessments" idPrefix="t" />;
}

describe("TabStrip on a narrow screen", () => {
  it("says nothing is hidden when every tab fits", () => {
    layOut(TABS.length * TAB_WIDTH);
    render(<Strip />);
    const strip = screen.getByTestId("tab-strip");
    expect(strip).toHaveAttribute("data-overflow-start", "false");
    expect(strip).toHaveAttribute("data-overflow-end", "false");
    expect(screen.queryByTestId("tab-strip-more-end")).toBeNull();
    expect(screen.queryByTestId("tab-strip-more-start")).toBeNull();
  });

  it("marks the side with hidden tabs, with an arrow there, and follows the row as it scrolls", () => {
    layOut(300);
    render(<Strip />);
    const strip = screen.getByTestId("tab-strip");
    expect(strip).toHaveAttribute("data-overflow-start", "false");
    expect(strip).toHaveAttribute("data-overflow-end", "true");
    const more = screen.getByTestId("tab-strip-more-end");
    // The arrow is a cue for the eye and the pointer: out of the Tab order and the accessibility tree
    // (Left/Right move the focus along the tabs, and the focused tab scrolls into view).
    expect(more).toHaveAttribute("aria-hidden", "true");
    expect(more).toHaveAttribute("tabindex", "-1");
    expect(screen.getAllByRole("tab")).toHaveLength(TABS.length);

    const row = screen.getByRole("tablist", { name: "Assessments" });
    row.scrollLeft = TABS.length * TAB_WIDTH - 300;
    fireEvent.scroll(row);
    expect(strip).toHaveAttribute("data-overflow-start", "true");
    expect(strip).toHaveAttribute("data-overflow-end", "false");
    expect(screen.getByTestId("tab-strip-more-start")).toBeInTheDocument();
  });

  it("pressing an edge's arrow scrolls the row that way", () => {
    layOut(300);
    render(<Strip />);
    const row = screen.getByRole("tablist");
    row.scrollBy = undefined as unknown as HTMLElement["scrollBy"];
    fireEvent.click(screen.getByTestId("tab-strip-more-end"));
    expect(row.scrollLeft).toBeGreaterThan(0);
  });

  it("scrolls the selected tab into view on load (a link to the last tab on a phone)", () => {
    layOut(300);
    render(<Strip selected="five" />);
    const row = screen.getByRole("tablist");
    expect(row.scrollLeft).toBeGreaterThanOrEqual(TABS.length * TAB_WIDTH - 300);
    expect(screen.getByTestId("tab-strip")).toHaveAttribute("data-overflow-start", "true");
  });

  it("keeps the roving focus: Right from the last tab wraps to the first and scrolls back", () => {
    layOut(300);
    render(<Strip selected="five" />);
    const last = screen.getByRole("tab", { name: "Disaster Recovery" });
    last.focus();
    fireEvent.keyDown(last, { key: "ArrowRight" });
    expect(screen.getByRole("tab", { name: "Security Audit" })).toHaveFocus();
    expect(screen.getByRole("tablist").scrollLeft).toBe(0);
  });
});
