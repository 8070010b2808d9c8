import { screen } from "@testing-library/react";
import { renderWithProviders } from "../testing/test-utils";
import { lazyPart } from "./lazy-part";

function Thrower(): never {
  throw new Error("boom in render");
}

describe("lazyPart", () => {
  it("renders the part once its code has loaded", async () => {
    const Part = lazyPart(async () => ({ label }: { label: string }) => <p>{label}</p>);
    renderWithProviders(<Part label="loaded part" />);
    expect(screen.getByTestId("part-loading")).toBeInTheDocument();
    expect(await screen.findByText("loaded part")).toBeInTheDocument();
  });

  it("a part whose code cannot be fetched says so in its place, with Reload; the page around it stays", async () => {
    const Part = lazyPart<object>(
      () => Promise.reject(new TypeError("Failed to fetch dynamically imported module: /assets/x.js")),
      { name: "Create Test" },
    );
    renderWithProviders(
      <>
        <h1>The page</h1>
        <Part />
      </>,
    );
    const error = await screen.findByTestId("part-error");
    expect(error).toHaveTextContent("Create Test could not be shown");
    expect(error).toHaveTextContent("the app may have been updated since this page was opened");
    expect(screen.getByRole("button", { name: "Reload" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "The page" })).toBeInTheDocument();
  });

  it("a prefetch that failed is tried again when the part renders", async () => {
    let calls = 0;
    const Part = lazyPart<object>(async () => {
      calls += 1;
      if (calls === 1) throw new TypeError("Failed to fetch dynamically imported module: /assets/x.js");
      return () => <p>second try</p>;
    });
    await expect(Part.preload()).rejects.toThrow("Failed to fetch");
    renderWithProviders(<Part />);
    expect(await screen.findByText("second try")).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it("a part that throws while rendering is our error, not the user's", async () => {
    const Part = lazyPart<object>(async () => Thrower, { name: "The chart" });
    renderWithProviders(<Part />);
    const error = await screen.findByTestId("part-error");
    expect(error).toHaveTextContent("The chart could not be shown");
    expect(error).toHaveTextContent("an error on our side, not yours: boom in render");
  });
});
