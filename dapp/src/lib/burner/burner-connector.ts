// A wagmi connector for a throwaway key kept in this tab's sessionStorage (burner-storage.ts), as scaffold-eth-2's
// burner wallet does, for a visitor without a wallet. Local chain only: it knows no other chain, refuses to switch
// to one, and is offered only when the API runs on the local chain (lib/wagmi.ts). The npm burner-connector 0.0.21
// pins wagmi 2 and RainbowKit, so this small one stands in. viem's account code loads on first use.
import {
  createWalletClient,
  custom,
  http,
  numberToHex,
  type Chain,
  type EIP1193RequestFn,
  type LocalAccount,
  type WalletClient,
} from "viem";
import { createConnector } from "wagmi";
import { LOCAL_CHAIN_ID } from "../local-chain";
import { BURNER_WARNING, burnerInUse, setBurnerConnected, storeBurnerKey, storedBurnerKey } from "./burner-storage";

export const BURNER_CONNECTOR_ID = "burner";
const RPC_TIMEOUT_MS = 10_000;

/** An EIP-1193 error (a code the dapp's wallet-errors and wagmi read). */
const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code });

async function burnerAccount(): Promise<LocalAccount> {
  const { generatePrivateKey, privateKeyToAccount } = await import("viem/accounts");
  let key = storedBurnerKey();
  if (!key) {
    key = generatePrivateKey();
    storeBurnerKey(key);
  }
  return privateKeyToAccount(key);
}

type SendParams = { to?: `0x${string}`; data?: `0x${string}`; value?: `0x${string}`; gas?: `0x${string}` };

/**
 * The burner's EIP-1193 provider: it signs with the key and answers the chain questions wallets answer; every read
 * goes to the local chain's URL. Exported for its test.
 */
export function burnerRequest(client: WalletClient & { account: LocalAccount; chain: Chain }): EIP1193RequestFn {
  const { account } = client;
  const rpc = http(client.chain.rpcUrls.default.http[0], { timeout: RPC_TIMEOUT_MS })({ chain: client.chain });
  const chainIdOf = (params: unknown) => Number((params as [{ chainId: string }])[0]?.chainId);
  const request = async ({ method, params }: { method: string; params?: unknown }): Promise<unknown> => {
    switch (method) {
      case "eth_chainId":
        return numberToHex(LOCAL_CHAIN_ID);
      case "eth_accounts":
      case "eth_requestAccounts":
        return [account.address];
      case "personal_sign":
        return account.signMessage({ message: { raw: (params as [`0x${string}`])[0] } });
      case "eth_signTypedData_v4":
        return account.signTypedData(JSON.parse((params as [string, string])[1]));
      case "eth_sendTransaction": {
        const tx = (params as [SendParams])[0];
        return client.sendTransaction({
          account,
          chain: client.chain,
          to: tx.to,
          data: tx.data,
          value: tx.value ? BigInt(tx.value) : undefined,
          gas: tx.gas ? BigInt(tx.gas) : undefined,
        });
      }
      case "wallet_addEthereumChain":
      case "wallet_switchEthereumChain":
        if (chainIdOf(params) === LOCAL_CHAIN_ID) return null;
        throw rpcError(4902, `The burner is for the local chain (${LOCAL_CHAIN_ID}) only: ${BURNER_WARNING}`);
      case "eth_sign":
      case "eth_signTransaction":
        throw rpcError(4200, `The burner does not offer ${method}`);
      default:
        return rpc.request({ method, params } as never);
    }
  };
  return request as EIP1193RequestFn;
}

export function burnerConnector() {
  let client: (WalletClient & { account: LocalAccount; chain: Chain }) | null = null;
  let request: EIP1193RequestFn | null = null;
  return createConnector<{ request: EIP1193RequestFn }>((config) => {
    const local = () => {
      const chain = config.chains.find((c) => c.id === LOCAL_CHAIN_ID);
      if (!chain?.rpcUrls.default.http[0]) throw rpcError(4901, "The local chain's URL is not known");
      return chain;
    };
    const walletClient = async () => {
      if (client) return client;
      const chain = local();
      const account = await burnerAccount();
      const direct = createWalletClient({
        account,
        chain,
        transport: http(chain.rpcUrls.default.http[0], { timeout: RPC_TIMEOUT_MS }),
      }) as WalletClient & { account: LocalAccount; chain: Chain };
      // wagmi's actions pass the account as an address (a JSON-RPC account): its personal_sign and
      // eth_sendTransaction must reach the burner's provider, which signs with the key, not the node.
      request = burnerRequest(direct);
      client = createWalletClient({
        account,
        chain,
        transport: custom({ request }),
      }) as WalletClient & { account: LocalAccount; chain: Chain };
      return client;
    };
    return {
      id: BURNER_CONNECTOR_ID,
      name: `Burner wallet (${BURNER_WARNING})`,
      type: "burner",
      async connect({ chainId, withCapabilities } = {}) {
        if (chainId !== undefined && chainId !== LOCAL_CHAIN_ID)
          throw rpcError(4901, `The burner is for the local chain only: ${BURNER_WARNING}`);
        const { account } = await walletClient();
        setBurnerConnected(true);
        return {
          accounts: (withCapabilities ? [{ address: account.address, capabilities: {} }] : [account.address]) as never,
          chainId: LOCAL_CHAIN_ID,
        };
      },
      async disconnect() {
        setBurnerConnected(false);
      },
      async getAccounts() {
        return [(await walletClient()).account.address];
      },
      async getChainId() {
        return LOCAL_CHAIN_ID;
      },
      async getProvider() {
        await walletClient();
        return { request: request! };
      },
      // wagmi's writes and signatures use this client: viem signs with the key and sends the raw transaction.
      async getClient() {
        return walletClient();
      },
      async isAuthorized() {
        return burnerInUse();
      },
      async switchChain({ chainId }) {
        if (chainId !== LOCAL_CHAIN_ID)
          throw rpcError(4902, `The burner is for the local chain only: ${BURNER_WARNING}`);
        return local();
      },
      onAccountsChanged() {},
      onChainChanged() {},
      onDisconnect() {
        setBurnerConnected(false);
        config.emitter.emit("disconnect");
      },
    };
  });
}
