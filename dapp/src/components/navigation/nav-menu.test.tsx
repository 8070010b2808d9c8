import { screen, waitFor, within } from "@testing-library/react";
import { Route, Routes, useLocation } from "react-router-dom";
import { allPaths, builtPaths, SECTIONS } from "../../config/paths";
import { renderWithProviders } from "../../testing/test-utils";
import { NavMenuButton } from "./nav-menu-button";

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function Bar() {
  return (
    <>
      <NavMenuButton />
      <button type="button">after the menu</button>
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>
  );
}

async function openMenu(user: ReturnType<typeof renderWithProviders>["user"]) {
  await user.click(screen.getByRole("button", { name: "Menu" }));
  return screen.findByRole("dialog", { name: "Pages" }, { timeout: 5_000 }); // the drawer's chunk loads on demand
}

describe("the navigation menu", () => {
  it("lists every built page under its section, and no page that is not built", async () => {
    const { user } = renderWithProviders(<Bar />, { route: "/treasury-staking" });
    const button = screen.getByRole("button", { name: "Menu" });
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(button).toHaveAttribute("aria-haspopup", "dialog");
    const drawer = await openMenu(user);
    expect(button).toHaveAttribute("aria-expanded", "true");
    expect(button).toHaveAttribute("aria-controls", "nav-drawer");

    const nav = within(drawer).getByRole("navigation", { name: "Pages" });
    const lists = within(nav).getAllByRole("list");
    expect(
      lists.map((l) => l.getAttribute("aria-labelledby")).map((id) => document.getElementById(id!)!.textContent),
    ).toEqual([...SECTIONS]);
    for (const page of builtPaths) {
      const list = within(nav).getByRole("list", { name: page.section });
      expect(within(list).getByRole("link", { name: page.title })).toHaveAttribute("href", page.path);
    }
    expect(within(nav).getAllByRole("link")).toHaveLength(builtPaths.length);
    for (const page of allPaths.filter((p) => !p.built))
      expect(within(nav).queryByRole("link", { name: page.title })).toBeNull();
  });

  it("marks the current page with aria-current and starts the focus there", async () => {
    const { user } = renderWithProviders(<Bar />, { route: "/treasury-staking" });
    const drawer = await openMenu(user);
    const here = within(drawer).getByRole("link", { name: "Treasury Staking" });
    expect(here).toHaveAttribute("aria-current", "page");
    expect(
      within(drawer)
        .getAllByRole("link")
        .filter((l) => l.hasAttribute("aria-current")),
    ).toEqual([here]);
    await waitFor(() => expect(here).toHaveFocus());
  });

  it("on a page outside the menu, marks none and starts on the first link", async () => {
    const { user } = renderWithProviders(<Bar />, { route: "/no-such-page" });
    const drawer = await openMenu(user);
    const links = within(drawer).getAllByRole("link");
    expect(links.filter((l) => l.hasAttribute("aria-current"))).toEqual([]);
    await waitFor(() => expect(links[0]).toHaveFocus());
    expect(links[0]).toHaveAccessibleName(builtPaths[0]!.title);
  });

  it("works from the keyboard: Enter opens, arrows, Home and End move, Enter goes there, focus returns", async () => {
    const { user } = renderWithProviders(<Bar />, { route: "/" });
    await user.tab();
    const button = screen.getByRole("button", { name: "Menu" });
    expect(button).toHaveFocus();
    await user.keyboard("{Enter}");
    const drawer = await screen.findByRole("dialog", { name: "Pages" }, { timeout: 5_000 });
    const links = within(drawer).getAllByRole("link");
    await waitFor(() => expect(links[0]).toHaveFocus()); // the landing page, the current one
    expect(links[0]).toHaveAttribute("aria-current", "page");
    await user.keyboard("{ArrowDown}");
    expect(links[1]).toHaveFocus();
    await user.keyboard("{ArrowUp}{ArrowUp}"); // wraps to the last
    expect(links[links.length - 1]).toHaveFocus();
    await user.keyboard("{Home}");
    expect(links[0]).toHaveFocus();
    await user.keyboard("{End}");
    expect(links[links.length - 1]).toHaveFocus();

    const target = within(drawer).getByRole("link", { name: "Testnet XQB Faucet" });
    target.focus();
    await user.keyboard("{Enter}");
    expect(screen.getByTestId("where")).toHaveTextContent("/testnet-xqb-faucet");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(button).toHaveFocus());
    expect(button).toHaveAttribute("aria-expanded", "false");
  });

  it("closes on Escape and on Close, giving the focus back to the menu button", async () => {
    const { user } = renderWithProviders(<Bar />, { route: "/stellar-key-input" });
    const button = screen.getByRole("button", { name: "Menu" });
    await openMenu(user);
    await waitFor(() => expect(screen.getByRole("link", { name: "Stellar Key Input" })).toHaveFocus());
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(button).toHaveFocus());
    expect(screen.getByTestId("where")).toHaveTextContent("/stellar-key-input");

    const drawer = await openMenu(user);
    await user.click(within(drawer).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(button).toHaveFocus());
  });
});
