import { getContrastRatio } from "@mui/material/styles";
import { screen, waitFor } from "@testing-library/react";
import { theme } from "../config/theme";
import { renderWithProviders } from "../testing/test-utils";
import { SourceBadge, sourceBadgeColors } from "./source-badge";

/** The colour a reader sees: `fill` (possibly translucent) laid over `under`. */
function over(fill: string, under: string): string {
  const rgba = /rgba?\((\d+), ?(\d+), ?(\d+)(?:, ?([\d.]+))?\)/.exec(fill);
  if (!rgba) return fill; // opaque hex
  const [r, g, b, a = "1"] = rgba.slice(1) as [string, string, string, string?];
  const base = /#(..)(..)(..)/
    .exec(under)!
    .slice(1)
    .map((h) => parseInt(h, 16));
  const mix = [r, g, b].map((c, i) => Math.round(Number(a) * Number(c) + (1 - Number(a)) * base[i]!));
  return `rgb(${mix.join(", ")})`;
}

describe("SourceBadge", () => {
  const colors = sourceBadgeColors(theme);
  // The badge sits on cards (paper) and on the page's background.
  const backgrounds = [theme.palette.background.paper, theme.palette.background.default];

  it.each(["live", "simulated", "snapshot"] as const)(
    "%s text is at least 4.5:1 (WCAG AA) on paper and on the page",
    (source) => {
      for (const bg of backgrounds) {
        const ratio = getContrastRatio(colors[source].ink, over(colors[source].fill, bg === "#fff" ? "#ffffff" : bg));
        expect(ratio).toBeGreaterThanOrEqual(4.5);
      }
    },
  );

  it("the old outlined warning chip (MUI's orange on white) was the 3.1:1 the user measured; the theme's warning passes AA", () => {
    expect(getContrastRatio("#ed6c02", "#ffffff")).toBeCloseTo(3.1, 1);
    expect(getContrastRatio(theme.palette.warning.main, "#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(getContrastRatio(theme.palette.warning.main, theme.palette.background.default)).toBeGreaterThanOrEqual(4.5);
  });

  it("puts the reason in the chip's text for screen readers and lets the keyboard reach it", async () => {
    const { user } = renderWithProviders(<SourceBadge source="simulated" reason="Horizon unreachable: fetch failed" />);
    const badge = screen.getByTestId("source-badge");
    expect(badge).toHaveTextContent("Simulated: Horizon unreachable: fetch failed");
    expect(badge).not.toHaveAttribute("aria-label"); // the name is the text, not a replacement for it
    await user.tab();
    expect(badge).toHaveFocus(); // (a real browser opens the tooltip on keyboard focus; jsdom has no :focus-visible)
    // The tooltip's code is lazy: a pointer that came before it arrived has to come again.
    await waitFor(async () => {
      const current = screen.getByTestId("source-badge");
      await user.unhover(current);
      await user.hover(current);
      expect(await screen.findByRole("tooltip", {}, { timeout: 500 })).toHaveTextContent(
        "Horizon unreachable: fetch failed",
      );
    });
  });

  it("a snapshot badge says Snapshot and carries its reason for screen readers", () => {
    renderWithProviders(<SourceBadge source="snapshot" reason="treasury.gov unreachable; bundled file" />);
    const badge = screen.getByTestId("source-badge");
    expect(badge).toHaveAttribute("data-source", "snapshot");
    expect(badge).toHaveTextContent("Snapshot: treasury.gov unreachable; bundled file");
  });

  it("a live badge says Live and takes no focus", () => {
    renderWithProviders(<SourceBadge source="live" />);
    const badge = screen.getByTestId("source-badge");
    expect(badge).toHaveTextContent(/^Live$/);
    expect(badge).not.toHaveAttribute("tabindex");
  });
});
