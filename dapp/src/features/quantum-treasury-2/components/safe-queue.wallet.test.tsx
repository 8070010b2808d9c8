// An owner signs a queued Safe transaction with the connected (mock) wallet: the EIP-712 request the wallet
// receives is the SafeTx the API sent (the signature recovers to the owner over the very fields the Safe hashes),
// the signature goes to POST .../signatures, and the flow shows it labelled as the owner's wallet's. A wallet
// that is not an owner is told why it cannot sign and offered no button.
import { SAFE_TX_TYPES } from "../../../../../api/src/ledgers/evm/safe/safe-tx";
import { screen, waitFor, within } from "@testing-library/react";
import { getAddress, isAddressEqual, recoverTypedDataAddress, zeroAddress, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { mock } from "wagmi";
import { connect } from "wagmi/actions";
import { forgetNetwork } from "../../../lib/network/get-network";
import { testWagmiConfig } from "../../../testing/wagmi";
import { json, OPEN_ACCESS, stubFetch, type FakeRequest } from "../../../testing/fake-api";
import { renderWithProviders } from "../../../testing/test-utils";
import { metrics, proposal, SAFE, signatureAdded } from "./fixtures";
import { SafeQueue } from "./safe-queue";

// Hardhat dev accounts #1 (a Safe owner) and #4 (not one): public keys.
const owner1 = privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d");
const outsider = privateKeyToAccount("0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a");
const network = {
  chainId: 31337,
  network: "hardhat",
  rpcUrl: "http://127.0.0.1:8545",
  explorerBaseUrl: null,
  labels: [],
};
const HASH = `0x${"0".repeat(60)}5afe`;

/** The node as the mock wallet needs it: eth_signTypedData_v4 signed with the account's key, as the wallet would. */
function node(requests: { method: string; params: unknown[] }[]) {
  return async (req: FakeRequest) => {
    const { id, method, params } = req.body as { id: number; method: string; params: unknown[] };
    requests.push({ method, params });
    if (method === "eth_signTypedData_v4") {
      const [address, data] = params as [Address, string];
      const key = [owner1, outsider].find((k) => isAddressEqual(k.address, address))!;
      return json({ jsonrpc: "2.0", id, result: await key.signTypedData(JSON.parse(data) as never) });
    }
    if (method === "eth_chainId") return json({ jsonrpc: "2.0", id, result: "0x7a69" });
    return json({ jsonrpc: "2.0", id, result: "0x10" });
  };
}

async function walletOf(address: Address) {
  const wagmiConfig = testWagmiConfig({
    connectors: [mock({ accounts: [address], features: { reconnect: true } })],
    discover: false,
  });
  await connect(wagmiConfig, { connector: wagmiConfig.connectors[0]! });
  return wagmiConfig;
}

function setup(wagmiConfig: Awaited<ReturnType<typeof walletOf>>) {
  forgetNetwork();
  const rpc: { method: string; params: unknown[] }[] = [];
  let signed = 0;
  const api = stubFetch({
    "GET /api/network": () => json(network),
    "GET /api/auth/access": () => json(OPEN_ACCESS),
    "GET /api/quantum-treasury-2/metrics": () => json(metrics()),
    "GET /api/quantum-treasury-2/proposals": () => json({ proposals: [proposal(signed)] }),
    [`POST /api/quantum-treasury-2/proposals/${HASH}/signatures`]: () => json(signatureAdded(++signed)),
    "POST http://127.0.0.1:8545/": node(rpc),
  });
  return { ...api, rpc, ...renderWithProviders(<SafeQueue />, { wagmiConfig }) };
}

describe("SafeQueue with a wallet", () => {
  it("an owner's wallet signs the SafeTx (EIP-712) and the signature is posted and shown as the owner's own", async () => {
    const { user, requests, rpc } = setup(await walletOf(owner1.address));
    const item = await screen.findByTestId("qt-proposal");
    const sign = await within(item).findByTestId("safe-sign-button", {}, { timeout: 5_000 });
    expect(sign).toHaveTextContent("Sign as owner");
    await user.click(sign);
    await waitFor(() =>
      expect(requests.some((r) => r.method === "POST" && r.url.pathname.endsWith("/signatures"))).toBe(true),
    );
    const posted = requests.find((r) => r.method === "POST" && r.url.pathname.endsWith("/signatures"))!.body as {
      signature: Hex;
    };
    // The wallet was asked to sign exactly the Safe's SafeTx, and the signature recovers to the owner over it.
    const asked = JSON.parse((rpc.find((r) => r.method === "eth_signTypedData_v4")!.params as [string, string])[1]) as {
      primaryType: string;
      domain: unknown;
      message: Record<string, unknown>;
    };
    expect(asked.primaryType).toBe("SafeTx");
    expect(asked.domain).toEqual({ chainId: 31337, verifyingContract: SAFE.toLowerCase() });
    expect(asked.message).toMatchObject({
      to: SAFE.toLowerCase(),
      value: "0",
      nonce: "3",
      operation: "0",
      gasToken: zeroAddress,
    });
    const types = SAFE_TX_TYPES;
    const message = {
      to: SAFE,
      value: 0n,
      data: "0x40c10f19",
      operation: 0,
      safeTxGas: 0n,
      baseGas: 0n,
      gasPrice: 0n,
      gasToken: zeroAddress,
      refundReceiver: zeroAddress,
      nonce: 3n,
    } as const;
    const signer = await recoverTypedDataAddress({
      domain: { chainId: 31337, verifyingContract: SAFE },
      types,
      primaryType: "SafeTx",
      message,
      signature: posted.signature,
    });
    expect(getAddress(signer)).toBe(owner1.address);
    // The flow shows the signature as it came back: 1 of 2, the owner's own wallet's.
    await waitFor(() =>
      expect(within(screen.getByTestId("qt-proposal")).getByTestId("safe-confirmations")).toHaveTextContent(
        "Confirmations 1/2",
      ),
    );
    expect(within(screen.getByTestId("qt-proposal")).getByTestId("safe-signature-by")).toHaveTextContent(
      "Signed by the owner's own wallet",
    );
  });

  it("a wallet that is not an owner is told so and offered no button", async () => {
    setup(await walletOf(outsider.address));
    const item = await screen.findByTestId("qt-proposal");
    const note = await within(item).findByTestId("safe-owner-sign", {}, { timeout: 5_000 });
    expect(note).toHaveAttribute("data-state", "not-owner");
    expect(note).toHaveTextContent(
      `The connected wallet ${outsider.address} is not an owner of this Safe, so it cannot sign this transaction.`,
    );
    expect(within(item).queryByTestId("safe-sign-button")).toBeNull();
  });
});
