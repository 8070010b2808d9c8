import { screen, waitFor } from "@testing-library/react";
import { useQuery } from "@tanstack/react-query";
import { useLocation } from "react-router-dom";
import { ApiRequestError, ApiUnreachableError } from "../../lib/api-client";
import { renderWithProviders } from "../../testing/test-utils";
import { PageShell, QueryState } from ".";

function Where() {
  const { search } = useLocation();
  return <output data-testid="search">{search}</output>;
}

const tabs = {
  label: "Demo tabs",
  defaultTab: "one" as const,
  items: [
    { id: "one" as const, label: "First", content: <p>first panel</p> },
    { id: "two" as const, label: "Second", content: <p>second panel</p> },
  ],
};

function Page() {
  return (
    <>
      <PageShell title="Demo" subtitle="A subtitle" tabs={tabs} />
      <Where />
    </>
  );
}

describe("PageShell", () => {
  it("shows the title as the page's h1, the subtitle and the back link the page table gives the route", () => {
    renderWithProviders(<Page />, { route: "/real-cross-chain-testing" });
    expect(screen.getByRole("heading", { level: 1, name: "Demo" })).toBeInTheDocument();
    expect(screen.getByTestId("page-subtitle")).toHaveTextContent("A subtitle");
    expect(screen.getByTestId("back-link")).toHaveAttribute("href", "/testnet-cross-chain-demo");
    expect(screen.getByTestId("back-link")).toHaveTextContent("Back to Testnet Cross-Chain Demo");
  });

  it("goes back Home from a page the spec gives no other back link, and from a path without a page", () => {
    const { unmount } = renderWithProviders(<Page />, { route: "/treasury-staking" });
    expect(screen.getByTestId("back-link")).toHaveAttribute("href", "/");
    expect(screen.getByTestId("back-link")).toHaveTextContent(/^Back to Home$/);
    unmount();
    renderWithProviders(<Page />, { route: "/no-such-page" });
    expect(screen.getByTestId("back-link")).toHaveAttribute("href", "/");
  });

  it("keeps the selected tab in ?tab=, and reads it back from the URL", async () => {
    const { user } = renderWithProviders(<Page />, { route: "/demo?tab=two" });
    expect(screen.getByRole("tab", { name: "Second" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tabpanel")).toHaveTextContent("second panel");
    await user.click(screen.getByRole("tab", { name: "First" }));
    expect(screen.getByTestId("search")).toHaveTextContent(/^$/); // the default tab needs no parameter
    await user.click(screen.getByRole("tab", { name: "Second" }));
    expect(screen.getByTestId("search")).toHaveTextContent("?tab=two");
    expect(screen.getByRole("tabpanel")).toHaveTextContent("second panel");
  });

  it("is one Tab stop: arrows, Home and End move the focus (wrapping), Enter selects", async () => {
    const { user } = renderWithProviders(<Page />, { route: "/demo" });
    const first = screen.getByRole("tab", { name: "First" });
    const second = screen.getByRole("tab", { name: "Second" });
    expect(first).toHaveAttribute("tabindex", "0");
    expect(second).toHaveAttribute("tabindex", "-1");
    await user.tab(); // the back link
    await user.tab();
    expect(first).toHaveFocus();
    await user.keyboard("{ArrowRight}");
    expect(second).toHaveFocus();
    expect(first).toHaveAttribute("aria-selected", "true"); // focus alone selects nothing
    await user.keyboard("{ArrowRight}");
    expect(first).toHaveFocus(); // wraps
    await user.keyboard("{End}");
    expect(second).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(second).toHaveAttribute("aria-selected", "true");
    expect(screen.getByTestId("search")).toHaveTextContent("?tab=two");
    await user.keyboard("{Home}");
    expect(first).toHaveFocus();
    expect(first).toHaveAttribute("aria-controls", "page-tabpanel-one");
  });

  it("fetches a tab's code when the visitor reaches for it (pointer or focus), not before", async () => {
    const preload = vi.fn(() => Promise.resolve());
    const lazyTabs = { ...tabs, items: tabs.items.map((t) => (t.id === "two" ? { ...t, preload } : t)) };
    const { user } = renderWithProviders(<PageShell title="Demo" tabs={lazyTabs} />, { route: "/demo" });
    await new Promise((r) => setTimeout(r, 50));
    expect(preload).not.toHaveBeenCalled();
    await user.hover(screen.getByRole("tab", { name: "Second" }));
    expect(preload).toHaveBeenCalledTimes(1);
    screen.getByRole("tab", { name: "First" }).focus();
    await user.keyboard("{ArrowRight}");
    expect(preload).toHaveBeenCalledTimes(2); // the part loads once however often it is asked (LazyPart)
  });

  it("falls back to the default tab for an unknown ?tab=", () => {
    renderWithProviders(<Page />, { route: "/demo?tab=nope" });
    expect(screen.getByRole("tab", { name: "First" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tabpanel")).toHaveTextContent("first panel");
  });
});

function Loader({ load }: { load: () => Promise<string[]> }) {
  const query = useQuery({ queryKey: ["demo"], queryFn: load });
  return (
    <QueryState
      query={query}
      what="the demo list"
      height={240}
      testId="demo"
      isEmpty={(d) => d.length === 0}
      empty={{ message: "Nothing minted yet.", action: <button>Mint one</button> }}
    >
      {(data) => (
        <ul data-testid="demo-list">
          {data.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

describe("QueryState", () => {
  it("reserves the height while loading, then shows the data", async () => {
    let resolve!: (v: string[]) => void;
    renderWithProviders(<Loader load={() => new Promise((r) => (resolve = r))} />);
    const loading = screen.getByTestId("demo-loading");
    expect(loading).toHaveAttribute("role", "status");
    expect(loading).toHaveStyle({ minHeight: "240px" });
    resolve(["a", "b"]);
    expect(await screen.findByTestId("demo-list")).toHaveTextContent("ab");
  });

  it("shows the empty state with its action", async () => {
    renderWithProviders(<Loader load={async () => []} />);
    const empty = await screen.findByTestId("demo-empty");
    expect(empty).toHaveTextContent("Nothing minted yet.");
    expect(screen.getByRole("button", { name: "Mint one" })).toBeInTheDocument();
  });

  it("reads an API that is down as such (not the user's fault), and Retry loads again", async () => {
    let calls = 0;
    const load = async () => {
      calls++;
      if (calls === 1) throw new ApiUnreachableError("/api/demo", "offline");
      return ["back"];
    };
    const { user } = renderWithProviders(<Loader load={load} />);
    const error = await screen.findByTestId("demo-error");
    expect(error).toHaveAttribute("data-kind", "api-unreachable");
    expect(error).toHaveTextContent("Could not load the demo list");
    expect(error).toHaveTextContent("The API is not reachable");
    await user.click(screen.getByTestId("demo-retry"));
    expect(await screen.findByTestId("demo-list")).toHaveTextContent("back");
  });

  it("tells a rate limit apart from a ledger that is down", async () => {
    const limited = new ApiRequestError(
      429,
      "Too Many Requests",
      JSON.stringify({ code: "RATE_LIMITED", error: "Too many", retryAfterSeconds: 5 }),
    );
    renderWithProviders(<Loader load={() => Promise.reject(limited)} />);
    await waitFor(() =>
      expect(screen.getByTestId("demo-error")).toHaveTextContent("Too many requests, try again in 5 s"),
    );
  });
});
