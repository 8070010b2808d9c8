import { screen } from "@testing-library/react";
import { Route, Routes } from "react-router-dom";
import { renderWithProviders } from "../../testing/test-utils";
import { AppShell } from "./app-shell";

function Broken(): never {
  throw new Error("page bug");
}

describe("AppShell", () => {
  it("a page that throws says so under the app bar, and the next page works again", async () => {
    const { user } = renderWithProviders(
      <Routes>
        <Route element={<AppShell />}>
          <Route path="/" element={<p>home page</p>} />
          <Route path="/broken" element={<Broken />} />
        </Route>
      </Routes>,
      { route: "/broken" },
    );
    const error = await screen.findByTestId("page-error");
    expect(error).toHaveTextContent("This page could not be shown");
    expect(error).toHaveTextContent("an error on our side, not yours: page bug");
    expect(screen.getByRole("button", { name: "Reload" })).toBeInTheDocument();

    // The app bar is still there, and moving to another page clears the error (resetKeys: the path).
    await user.click(screen.getAllByRole("link")[0]!);
    expect(await screen.findByText("home page")).toBeInTheDocument();
    expect(screen.queryByTestId("page-error")).toBeNull();
  });

  it("the app bar's title is short on a phone and whole from 600 px, never cut with an ellipsis; its name is what it shows", () => {
    renderWithProviders(
      <Routes>
        <Route element={<AppShell />}>
          <Route path="/" element={<p>home page</p>} />
        </Route>
      </Routes>,
    );
    const link = screen.getByTestId("app-title");
    // No aria-label: the name comes from the visible text, so a phone's "XQB Testnet" is in it (label in name).
    expect(link).not.toHaveAttribute("aria-label");
    expect(link).toHaveAttribute("title", "XQB Multi-Chain Testnet");
    const short = screen.getByTestId("app-title-short");
    const full = screen.getByTestId("app-title-full");
    expect(short).toHaveTextContent(/^XQB Testnet$/);
    expect(full).toHaveTextContent(/^XQB Multi-Chain Testnet$/);
    // Short on xs, full from sm (MUI responsive display); neither is clipped with an ellipsis.
    expect(link.querySelector("span")).not.toHaveStyle({ textOverflow: "ellipsis" });
  });
});
