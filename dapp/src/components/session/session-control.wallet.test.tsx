// Sign-In with Ethereum from the app bar with a (mock) wallet and a fake API: the message the dapp
// builds and posts is a valid EIP-4361 message signed by the connected account, the bar shows the
// session only for the account it belongs to, and a rejected signature says so.
import { act, screen, waitFor, within } from "@testing-library/react";
import { isAddressEqual, verifyMessage, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { parseSiweMessage, validateSiweMessage } from "viem/siwe";
import { mock } from "wagmi";
import { connect } from "wagmi/actions";
import { WalletButton as ConnectButton } from "../wallet/wallet-button";
import { testWagmiConfig } from "../../testing/wagmi";
import { json, stubFetch, type FakeRequest } from "../../testing/fake-api";
import { renderWithProviders } from "../../testing/test-utils";
import type { SessionResponse } from "../../../../api/src/features/auth/auth.schemas";
import { authContract } from "./contract";
import { SIGN_IN_STATEMENT } from "./use-sign-in";

// Hardhat dev accounts #1 and #2 (public keys): the mock wallet's two accounts.
const alice = privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d");
const bob = privateKeyToAccount("0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a");
const NONCE = "n0nce0123456789abcdefXYZ";

/** The local node as far as the wallet needs it: the mock connector sends personal_sign here as eth_sign. */
function fakeNode() {
  const keys = [alice, bob];
  return async (req: FakeRequest) => {
    const { id, method, params } = req.body as { id: number; method: string; params: unknown[] };
    if (method === "eth_sign") {
      const [address, data] = params as [Address, Hex];
      const key = keys.find((k) => isAddressEqual(k.address, address));
      if (!key) return json({ jsonrpc: "2.0", id, error: { code: -32000, message: `unknown account ${address}` } });
      return json({ jsonrpc: "2.0", id, result: await key.signMessage({ message: { raw: data } }) });
    }
    if (method === "eth_chainId") return json({ jsonrpc: "2.0", id, result: "0x7a69" });
    if (method === "eth_getBalance") return json({ jsonrpc: "2.0", id, result: "0xde0b6b3a7640000" });
    if (method === "eth_blockNumber") return json({ jsonrpc: "2.0", id, result: "0x10" });
    return json({ jsonrpc: "2.0", id, error: { code: -32601, message: `fake node: ${method} not handled` } });
  };
}

/** The API's four auth routes with one browser's session, checking the signature as the server does. */
function fakeAuthApi(initial: SessionResponse | null = null) {
  let session = initial;
  const posted: { message: string; signature: Hex }[] = [];
  const routes = {
    // The API's answer without a session: 200 with null (not a 401, which the browser logs as an error).
    "GET /api/auth/session": () => json(session),
    "GET /api/auth/nonce": () => json({ nonce: NONCE, expiresAt: new Date(Date.now() + 5 * 60_000).toISOString() }),
    "POST /api/auth/verify": async (req: FakeRequest) => {
      const body = req.body as { message: string; signature: Hex };
      posted.push(body);
      const fields = parseSiweMessage(body.message);
      if (!(await verifyMessage({ address: fields.address!, message: body.message, signature: body.signature }))) {
        return json(
          { code: "UNAUTHENTICATED", error: "Sign-in refused: the signature was not made by the address" },
          401,
        );
      }
      session = {
        address: fields.address!,
        chainId: fields.chainId!,
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      };
      return json(session);
    },
    "POST /api/auth/logout": () => {
      session = null;
      return json({ signedOut: true });
    },
    "POST http://127.0.0.1:8545/": fakeNode(),
  };
  return { routes, posted, current: () => session };
}

async function connectedWallet(features: Parameters<typeof mock>[0]["features"] = {}) {
  const wagmiConfig = testWagmiConfig({
    connectors: [mock({ accounts: [alice.address, bob.address], features: { reconnect: true, ...features } })],
    discover: false,
  });
  await connect(wagmiConfig, { connector: wagmiConfig.connectors[0]! });
  return wagmiConfig;
}

/**
 * The button is disabled until the session read has answered and the chain is known; a loaded machine can
 * render it before that, and a click on a disabled MUI button meets pointer-events: none.
 */
async function clickSignIn(user: { click(element: Element): Promise<void> }) {
  const button = await screen.findByTestId("sign-in-button");
  await waitFor(() => expect(button).toBeEnabled());
  await user.click(button);
}

describe("Sign in with Ethereum in the app bar", () => {
  it("signs a valid EIP-4361 message for the connected address, then shows signed in for that address only", async () => {
    const api = fakeAuthApi();
    const { requests } = stubFetch(api.routes);
    const wagmiConfig = await connectedWallet();
    const { user } = renderWithProviders(<ConnectButton />, { wagmiConfig });

    await clickSignIn(user);
    const status = await screen.findByTestId("session-status");
    expect(status).toHaveTextContent("Signed in");
    expect(status).toHaveAttribute("data-address", alice.address);

    expect(api.posted).toHaveLength(1);
    const { message, signature } = api.posted[0]!;
    const fields = parseSiweMessage(message);
    expect(
      validateSiweMessage({ message: fields, address: alice.address, domain: window.location.host, nonce: NONCE }),
    ).toBe(true);
    expect(fields).toMatchObject({
      address: alice.address,
      domain: window.location.host,
      uri: window.location.origin,
      chainId: 31337,
      version: "1",
      nonce: NONCE,
      statement: SIGN_IN_STATEMENT,
    });
    expect(Math.abs(fields.issuedAt!.getTime() - Date.now())).toBeLessThan(60_000);
    expect(fields.expirationTime!.getTime()).toBeGreaterThan(Date.now());
    expect(await verifyMessage({ address: alice.address, message, signature })).toBe(true);
    // The nonce was fetched before the message was signed; verify came after.
    const order = requests.map((r) => `${r.method} ${r.url.pathname}`).filter((r) => r.includes("/api/auth/"));
    expect(order.indexOf("GET /api/auth/nonce")).toBeLessThan(order.indexOf("POST /api/auth/verify"));

    // Another account in the wallet: the bar must not show alice's session for it.
    act(() => wagmiConfig.connectors[0]!.onAccountsChanged([bob.address]));
    await waitFor(() => expect(screen.getByTestId("wallet-address")).toHaveTextContent("0x3C44…93BC"));
    expect(screen.queryByTestId("session-status")).not.toBeInTheDocument();
    expect(screen.getByTestId("sign-in-button")).toBeEnabled();

    // Back to alice: her session is still there.
    act(() => wagmiConfig.connectors[0]!.onAccountsChanged([alice.address, bob.address]));
    expect(await screen.findByTestId("session-status")).toHaveAttribute("data-address", alice.address);

    await user.click(screen.getByTestId("sign-out-button"));
    expect(await screen.findByTestId("sign-in-button")).toBeInTheDocument();
    expect(screen.queryByTestId("session-status")).not.toBeInTheDocument();
    expect(api.current()).toBeNull();
  });

  it("reads an existing session, and disconnecting the wallet signs out", async () => {
    const api = fakeAuthApi({
      address: alice.address,
      chainId: 31337,
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const { requests } = stubFetch(api.routes);
    const wagmiConfig = await connectedWallet();
    const { user } = renderWithProviders(<ConnectButton />, { wagmiConfig });

    expect(await screen.findByTestId("session-status")).toHaveAttribute("data-address", alice.address);
    // The address opens the account menu; Disconnect there leaves (and signs out).
    await user.click(screen.getByTestId("wallet-address"));
    await user.click(await screen.findByTestId("disconnect-button"));
    expect(await screen.findByTestId("connect-wallet-button")).toBeInTheDocument();
    await waitFor(() => expect(api.current()).toBeNull());
    expect(requests.some((r) => r.method === "POST" && r.url.pathname === authContract.logout.path)).toBe(true);
  });

  it("a signature rejected in the wallet shows that it was rejected", async () => {
    const api = fakeAuthApi();
    stubFetch(api.routes);
    const wagmiConfig = await connectedWallet({ signMessageError: true });
    const { user } = renderWithProviders(<ConnectButton />, { wagmiConfig });

    await clickSignIn(user);
    const toast = await screen.findByTestId("toast");
    expect(toast).toHaveAttribute("data-variant", "error");
    expect(within(toast).getByTestId("toast-title")).toHaveTextContent("Sign-in rejected");
    expect(within(toast).getByTestId("toast-description")).toHaveTextContent(/rejected in the wallet/);
    expect(api.posted).toHaveLength(0);
    expect(screen.getByTestId("sign-in-button")).toBeEnabled();
    expect(screen.queryByTestId("session-status")).not.toBeInTheDocument();
  });

  it("an API refusal shows the server's reason", async () => {
    const api = fakeAuthApi();
    stubFetch({
      ...api.routes,
      "POST /api/auth/verify": () =>
        json(
          {
            code: "UNAUTHENTICATED",
            error: "Sign-in refused: chain id 1 is not this server's chain (31337 (Hardhat local))",
          },
          401,
        ),
    });
    const wagmiConfig = await connectedWallet();
    const { user } = renderWithProviders(<ConnectButton />, { wagmiConfig });

    await clickSignIn(user);
    const toast = await screen.findByTestId("toast");
    expect(within(toast).getByTestId("toast-title")).toHaveTextContent("Sign-in failed");
    expect(within(toast).getByTestId("toast-description")).toHaveTextContent(
      "Sign-in refused: chain id 1 is not this server's chain",
    );
    expect(screen.queryByTestId("session-status")).not.toBeInTheDocument();
  });
});
