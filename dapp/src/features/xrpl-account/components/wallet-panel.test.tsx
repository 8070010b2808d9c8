import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../../testing/test-utils";
import { WalletPanel } from "./wallet-panel";

// jsdom's Uint8Array is refused by xrpl.js's curve library (signing runs in Chromium: e2e/xrp-account.spec.ts), so
// the wallet store is a stand-in here: generating gives a fixed address and seed.
const ADDRESS = "rG31cLyErnqeVj2eomEjBZtq7PYaupGYzL";
const SEED = "sEdTM1uX8pu2do5XvTnutH6HsouMaM2";
vi.mock("../../../lib/xrpl/xrpl-wallet", async () => {
  const { useSyncExternalStore } = await import("react");
  let state: { address: string | null; publicKey: string | null; kind: "generated" | null } = {
    address: null,
    publicKey: null,
    kind: null,
  };
  const listeners = new Set<() => void>();
  const set = (next: typeof state) => ((state = next), listeners.forEach((l) => l()));
  const forget = () => set({ address: null, publicKey: null, kind: null });
  return {
    useXrplWallet: () => ({
      ...useSyncExternalStore(
        (l) => (listeners.add(l), () => void listeners.delete(l)),
        () => state,
      ),
      forget,
    }),
    generateXrplWallet: async () => {
      set({ address: ADDRESS, publicKey: "ED00", kind: "generated" });
      return { address: ADDRESS, seed: SEED };
    },
    importXrplSeed: async () => ({ ok: false, reason: "not in this test" }),
  };
});

describe("the XRPL wallet panel", () => {
  it("shows a generated seed once, copyable, until 'I saved it, hide it' (the wallet stays)", async () => {
    renderWithProviders(<WalletPanel />);
    fireEvent.click(screen.getByTestId("xrpl-generate-button"));
    expect(await screen.findByTestId("xrpl-seed-shown-value")).toHaveTextContent(SEED);
    expect(screen.getByTestId("xrpl-seed-shown")).toHaveTextContent("Save this seed now: it is shown once");
    expect(screen.getByRole("button", { name: "Copy seed" })).toBeInTheDocument();
    fireEvent.click(screen.getByTestId("xrpl-seed-shown-done"));
    expect(screen.queryByTestId("xrpl-seed-shown")).toBeNull();
    expect(screen.queryByText(SEED)).toBeNull();
    expect(screen.getByTestId("xrpl-address")).toHaveTextContent(ADDRESS);
  });
});
