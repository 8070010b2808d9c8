import { screen, waitFor } from "@testing-library/react";
import { useQuery } from "@tanstack/react-query";
import { json, OPEN_ACCESS, stubFetch } from "../testing/fake-api";
import { renderWithProviders } from "../testing/test-utils";
import { realStakingContract } from "../../../api/src/features/real-staking/real-staking.contract";
import { LocalChainTime } from "./local-chain-time";

const NOW = 1_767_225_600; // 2026-01-01T00:00:00Z
const available = (offset: number, block: string) => ({
  available: true,
  reason: null,
  chainTime: NOW + offset,
  wallClock: NOW,
  offsetSeconds: offset,
  blockNumber: block,
});

/** A page reading something time changes (the pools' yields): it must read again after a jump. The answer is a read count. */
const READ_PATH = realStakingContract.protocols.path;
function Reader() {
  const q = useQuery({
    queryKey: ["rewards"],
    queryFn: () => fetch(READ_PATH).then((r) => r.json() as Promise<{ n: number }>),
  });
  return <output data-testid="rewards">{q.data?.n}</output>;
}

describe("LocalChainTime", () => {
  it("advances the local chain by 7 days, says so, and makes the page read again", async () => {
    let offset = 0;
    let rewardsReads = 0;
    const { requests } = stubFetch({
      "GET /api/local-chain/time": () => json(available(offset, offset ? "43" : "42")),
      "POST /api/local-chain/advance-time": (req) => {
        offset += (req.body as { days: number }).days * 86_400;
        return json({ advancedSeconds: 7 * 86_400, chainTime: NOW + offset, blockNumber: "43" });
      },
      [`GET ${READ_PATH}`]: () => json({ n: ++rewardsReads }),
    });
    const { user } = renderWithProviders(
      <>
        <LocalChainTime />
        <Reader />
      </>,
    );
    expect(await screen.findByText("Advance the local chain by")).toBeInTheDocument();
    expect(screen.getByRole("group")).toHaveTextContent("1 day7 days30 days");
    await waitFor(() =>
      expect(screen.getByTestId("local-chain-time-now")).toHaveTextContent("(in step with the clock) · block 42"),
    );
    await waitFor(() => expect(screen.getByTestId("rewards")).toHaveTextContent("1"));

    await user.click(screen.getByRole("button", { name: "Advance the local chain by 7 days" }));
    expect(await screen.findByTestId("local-chain-time-done")).toHaveTextContent("Advanced 7 days");
    expect(requests.find((r) => r.method === "POST")?.body).toEqual({ days: 7 });
    await waitFor(() =>
      expect(screen.getByTestId("local-chain-time-now")).toHaveTextContent("(+7.00 days from the clock) · block 43"),
    );
    await waitFor(() => expect(screen.getByTestId("rewards")).toHaveTextContent("2"));
  });

  it("is not shown off the local chain", async () => {
    const { requests } = stubFetch({
      "GET /api/local-chain/time": () =>
        json({
          available: false,
          reason: "only on the local Hardhat chain (31337)",
          chainTime: null,
          wallClock: NOW,
          offsetSeconds: null,
          blockNumber: null,
        }),
    });
    renderWithProviders(<LocalChainTime />);
    // Until the answer it holds its place, buttons off, so that on the local chain nothing moves when it comes.
    expect(screen.getByTestId("local-chain-time")).toHaveAttribute("aria-busy", "true");
    expect(screen.getByTestId("advance-7")).toBeDisabled();
    await waitFor(() => expect(requests).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId("local-chain-time")).toBeNull());
  });

  it("is not shown when the API has no such route", async () => {
    const { requests } = stubFetch({});
    renderWithProviders(<LocalChainTime />);
    await waitFor(() => expect(requests).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId("local-chain-time")).toBeNull());
  });
});

describe("LocalChainTime's access rule", () => {
  const access = (over: object) => ({
    ...OPEN_ACCESS,
    mode: "listed",
    openReason: null,
    operator: false,
    operatorBy: null,
    operatorCount: 1,
    ...over,
  });

  it("says why moving time is open on a loopback-only server", async () => {
    stubFetch({ "GET /api/local-chain/time": () => json(available(0, "42")) });
    renderWithProviders(<LocalChainTime />);
    expect(await screen.findByTestId("access-note")).toHaveTextContent(
      "open: this server listens on this machine only",
    );
    await waitFor(() => expect(screen.getByTestId("advance-7")).toBeEnabled());
  });

  it("asks a visitor to sign in as an operator, and refuses a wallet that is not one", async () => {
    stubFetch({
      "GET /api/local-chain/time": () => json(available(0, "42")),
      "GET /api/auth/access": () => json(access({})),
    });
    const first = renderWithProviders(<LocalChainTime />);
    expect(await screen.findByTestId("access-note")).toHaveTextContent("Sign in as an operator to run this");
    expect(screen.getByTestId("advance-7")).toBeDisabled();
    first.unmount();

    const visitor = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
    stubFetch({
      "GET /api/local-chain/time": () => json(available(0, "42")),
      "GET /api/auth/access": () => json(access({ address: visitor })),
    });
    renderWithProviders(<LocalChainTime />);
    expect(await screen.findByTestId("access-note")).toHaveTextContent(
      `Only an operator may run this: ${visitor} is not one`,
    );
    expect(screen.getByTestId("advance-7")).toBeDisabled();
  });

  it("lets a signed-in operator move time", async () => {
    const operator = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
    stubFetch({
      "GET /api/local-chain/time": () => json(available(0, "42")),
      "GET /api/auth/access": () => json(access({ address: operator, operator: true, operatorBy: "listed" })),
    });
    renderWithProviders(<LocalChainTime />);
    expect(await screen.findByTestId("access-note")).toHaveTextContent(`Signed in as operator ${operator}`);
    await waitFor(() => expect(screen.getByTestId("advance-7")).toBeEnabled());
  });
});
