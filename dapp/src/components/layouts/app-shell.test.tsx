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
});
