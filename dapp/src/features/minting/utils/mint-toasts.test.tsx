import { screen, within } from "@testing-library/react";
import { ethRecord, stellarRecord, xrpRecord } from "../../../testing/fixtures";
import { renderWithProviders } from "../../../testing/test-utils";
import { toastEthMinted, toastStellarMinted, toastXrpTested } from "./mint-toasts";

const shown = async () => {
  const toast = await within(screen.getByTestId("toast-area")).findByTestId("toast");
  return {
    toast,
    title: within(toast).getByTestId("toast-title").textContent,
    description: within(toast).getByTestId("toast-description").textContent,
  };
};

describe("mint toasts", () => {
  beforeEach(() => renderWithProviders(<div />));

  it("a live mint keeps the spec's success title and the success variant", async () => {
    toastXrpTested(xrpRecord());
    const { toast, title, description } = await shown();
    expect(title).toBe("XRP Testnet Volume Test Successful!");
    expect(description).toBe("Processed 1,000 XRP on XRP Ledger testnet");
    expect(toast).toHaveAttribute("data-variant", "success");
  });

  it("a simulated mint is titled Simulated, says why, and is never the success variant", async () => {
    toastStellarMinted(stellarRecord());
    const { toast, title, description } = await shown();
    expect(title).toBe("Stellar Testnet Minting Simulated");
    expect(description).toBe(
      "Signed offline, never submitted: Horizon unreachable: fetch failed.\nWould have: Minted 500 VIBE for 10 XLM on Stellar testnet",
    );
    expect(toast).toHaveAttribute("data-variant", "simulated");
    expect(toast).not.toHaveTextContent(/successful/i);
  });

  it("names the chain the ETH mint was on, live or simulated", async () => {
    toastEthMinted(
      ethRecord({
        source: "simulated",
        reason: "127.0.0.1:8545 unreachable",
        network: "sepolia",
        xqbAmount: null,
        xqbusdAmount: null,
      }),
    );
    const { title, description } = await shown();
    expect(title).toBe("Sepolia Testnet Minting Simulated");
    expect(description).toContain("amounts unknown");
  });
});
