// The app-bar wallet control with wagmi's mock connector and a fake API: the connect menu, the account
// menu's labels, and the wrong-network banner (rendered where the app shell puts it, here inline).
import { act, screen, waitFor, within } from "@testing-library/react";
import { mock } from "wagmi";
import { connect } from "wagmi/actions";
import { sepolia } from "wagmi/chains";
import { forgetNetwork } from "../../lib/network/get-network";
import { testWagmiConfig } from "../../testing/wagmi";
import { json, stubFetch, type FakeRequest } from "../../testing/fake-api";
import { renderWithProviders } from "../../testing/test-utils";
import type { NetworkResponse } from "../../../../api/src/features/network/network.schemas";
import { AddressView } from "../address-view";
import { WalletButton } from "./wallet-button";
import { WrongNetworkBanner } from "./wrong-network-banner";

const DEV_1 = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const SERVER = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const SAFE = "0xA6098a83E485676f53213D37D455eD1FcF75A4E4";

const network: NetworkResponse = {
  chainId: 31337,
  network: "hardhat",
  rpcUrl: "http://127.0.0.1:8901",
  explorerBaseUrl: null,
  labels: [
    { address: SERVER, label: "Server signer", kind: "server-signer" },
    { address: SAFE, label: "Treasury Safe (2-of-3)", kind: "safe" },
    { address: SERVER, label: "Hardhat dev account #0, local use only", kind: "dev-account" },
    { address: DEV_1, label: "Hardhat dev account #1, local use only", kind: "dev-account" },
  ],
};

/** The wallet's reads (balance) go to the node; only what the control asks. */
const node = (req: FakeRequest) => {
  const { id, method } = req.body as { id: number; method: string };
  if (method === "eth_getBalance") return json({ jsonrpc: "2.0", id, result: "0xde0b6b3a7640000" });
  if (method === "eth_chainId") return json({ jsonrpc: "2.0", id, result: "0x7a69" });
  return json({ jsonrpc: "2.0", id, error: { code: -32601, message: `fake node: ${method}` } });
};

beforeEach(() => forgetNetwork());

describe("connect menu", () => {
  it("with no wallet, says so and links to MetaMask's install page", async () => {
    stubFetch({ "GET /api/network": () => json(network) });
    const { user } = renderWithProviders(<WalletButton />);
    await user.click(screen.getByTestId("connect-wallet-button"));
    expect(await screen.findByTestId("no-wallet-message")).toHaveTextContent("No Wallet Found");
    expect(screen.getByTestId("install-wallet-link")).toHaveAttribute("href", "https://metamask.io/download/");
    expect(screen.queryByText("Provider not found.")).not.toBeInTheDocument();
  });

  it("lists every wallet found and connects the one chosen", async () => {
    stubFetch({ "GET /api/network": () => json(network), "POST http://127.0.0.1:8545/": node });
    const wagmiConfig = testWagmiConfig({
      connectors: [mock({ accounts: [DEV_1] }), mock({ accounts: [SERVER] })],
      discover: false,
    });
    const { user } = renderWithProviders(<WalletButton />, { wagmiConfig });
    await user.click(screen.getByTestId("connect-wallet-button"));
    const options = await screen.findAllByTestId("wallet-option");
    expect(options).toHaveLength(2);
    await user.click(options[0]!);
    expect(await screen.findByTestId("wallet-address")).toHaveTextContent("0x7099…79C8");
    // The spec's toast (part 2 §8), on every page: "Wallet Connected!" with the short address.
    const toasts = within(screen.getByTestId("toast-area"));
    expect(await toasts.findByText("Wallet Connected!")).toBeInTheDocument();
    expect(toasts.getByTestId("toast-description")).toHaveTextContent("0x7099…79C8");
  });

  it("says Connection Failed, with the wallet's reason, when the connection is declined", async () => {
    stubFetch({ "GET /api/network": () => json(network) });
    const wagmiConfig = testWagmiConfig({
      connectors: [mock({ accounts: [DEV_1], features: { connectError: true } })],
      discover: false,
    });
    const { user } = renderWithProviders(<WalletButton />, { wagmiConfig });
    await user.click(screen.getByTestId("connect-wallet-button"));
    const toasts = within(screen.getByTestId("toast-area"));
    expect(await toasts.findByText("Connection Failed")).toBeInTheDocument();
    expect(screen.queryByTestId("wallet-address")).toBeNull();
  });
});

describe("account menu", () => {
  it("opens on the address (no disconnect at once) and shows the address's label from GET /api/network", async () => {
    stubFetch({ "GET /api/network": () => json(network), "POST http://127.0.0.1:8545/": node });
    const wagmiConfig = testWagmiConfig({
      connectors: [mock({ accounts: [DEV_1], features: { reconnect: true } })],
      discover: false,
    });
    await connect(wagmiConfig, { connector: wagmiConfig.connectors[0]! });
    const { user } = renderWithProviders(<WalletButton />, { wagmiConfig });

    await user.click(await screen.findByTestId("wallet-address"));
    const menu = await screen.findByTestId("account-menu");
    expect(screen.getByTestId("wallet-address")).toBeInTheDocument();
    expect(await within(menu).findByTestId("address-label")).toHaveTextContent(
      "Hardhat dev account #1, local use only",
    );
    expect(within(menu).getByTestId("add-hardhat-network")).toBeInTheDocument();
    expect(within(menu).queryByTestId("account-explorer-link")).not.toBeInTheDocument();
    expect(within(menu).getByRole("menuitem", { name: "Disconnect" })).toBeInTheDocument();
  });
});

describe("AddressView", () => {
  it("gives every label the API knows for the address, whatever its letter case", async () => {
    stubFetch({ "GET /api/network": () => json(network) });
    renderWithProviders(<AddressView address={SERVER.toLowerCase()} />);
    await waitFor(() =>
      expect(screen.getAllByTestId("address-label").map((c) => c.textContent)).toEqual([
        "Server signer",
        "Hardhat dev account #0, local use only",
      ]),
    );
    expect(screen.getByTitle(SERVER.toLowerCase())).toHaveTextContent("0xf39f…2266");
    expect(screen.getByRole("button", { name: "Copy address" })).toBeInTheDocument();
  });

  it("names the Safe, and nothing for an unknown address", async () => {
    stubFetch({ "GET /api/network": () => json(network) });
    renderWithProviders(
      <>
        <AddressView address={SAFE} />
        <AddressView address={`0x${"12".repeat(20)}`} />
      </>,
    );
    expect(await screen.findByTestId("address-label")).toHaveTextContent("Treasury Safe (2-of-3)");
    expect(screen.getAllByTestId("address-label")).toHaveLength(1);
  });
});

describe("wrong-network banner", () => {
  it("shows while the wallet is on another chain than the API's, and Switch moves it", async () => {
    stubFetch({ "GET /api/network": () => json(network), "POST http://127.0.0.1:8545/": node });
    const wagmiConfig = testWagmiConfig({
      connectors: [mock({ accounts: [DEV_1], features: { reconnect: true } })],
      discover: false,
    });
    await connect(wagmiConfig, { connector: wagmiConfig.connectors[0]!, chainId: sepolia.id });
    const { user } = renderWithProviders(<WrongNetworkBanner />, { wagmiConfig });

    const banner = await screen.findByTestId("wrong-network-banner");
    expect(banner).toHaveTextContent("Your wallet is on Sepolia; this app works on Hardhat (chain id 31337).");
    await user.click(within(banner).getByRole("button", { name: "Switch to Hardhat" }));
    await waitFor(() => expect(screen.queryByTestId("wrong-network-banner")).not.toBeInTheDocument());
    expect(wagmiConfig.state.chainId).toBe(31337);
  });

  it("says nothing while the wallet is on the API's chain", async () => {
    const { requests } = stubFetch({ "GET /api/network": () => json(network) });
    const wagmiConfig = testWagmiConfig({
      connectors: [mock({ accounts: [DEV_1], features: { reconnect: true } })],
      discover: false,
    });
    await act(() => connect(wagmiConfig, { connector: wagmiConfig.connectors[0]! }));
    renderWithProviders(<WrongNetworkBanner />, { wagmiConfig });
    await waitFor(() => expect(requests.some((r) => r.url.pathname === "/api/network")).toBe(true));
    expect(screen.queryByTestId("wrong-network-banner")).not.toBeInTheDocument();
  });
});
