import type { Page } from "@playwright/test";
import { CHAIN_URL } from "./stack-urls";

/**
 * Installs an EIP-1193 `window.ethereum` in the page that forwards every request to the Hardhat node,
 * whose dev accounts are unlocked, so the node signs `eth_sendTransaction`. It stands in for MetaMask.
 * The chain guard lets it: the page's origin is the app's own (a foreign page could only read).
 * The function is serialized into the page: it must not close over anything.
 */
export async function installInjectedWallet(
  page: Page,
  { rpcUrl = CHAIN_URL, accountIndex = 1, chainId = 31337, rejectTransactions = false } = {},
) {
  await page.addInitScript(
    ({ rpcUrl, accountIndex, chainId: initialChainId, rejectTransactions }) => {
      // While true, the "user" rejects every transaction (EIP-1193 4001), as MetaMask's Reject button does.
      // Tests flip it at run time with setWalletRejects(page, …).
      (window as unknown as { __walletRejects: boolean }).__walletRejects = rejectTransactions;
      // The chain the wallet is on (another than the app's tests the wrong-network banner); switching
      // changes it and says so (chainChanged), as MetaMask does. wallet_* requests are kept for the tests.
      let chainId = initialChainId;
      const walletRequests: { method: string; params: unknown }[] = [];
      (window as unknown as { __walletRequests: unknown }).__walletRequests = walletRequests;
      const listeners: Record<string, Array<(arg: unknown) => void>> = {};
      let id = 0;
      const call = async (method: string, params: unknown[] = []) => {
        const res = await fetch(rpcUrl, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params }),
        });
        const body = await res.json();
        if (body.error)
          throw Object.assign(new Error(body.error.message), { code: body.error.code, data: body.error.data });
        return body.result;
      };
      const connected = () => localStorage.getItem("e2e-wallet-connected") === "1";
      // One dev account, not the server's (#0), so wallet-signed and server-signed mints differ.
      const account = async () => [((await call("eth_accounts")) as string[])[accountIndex]];
      const provider = {
        isMetaMask: false,
        async request({ method, params }: { method: string; params?: unknown[] }) {
          switch (method) {
            case "eth_requestAccounts": {
              localStorage.setItem("e2e-wallet-connected", "1");
              const accounts = await account();
              (listeners.accountsChanged ?? []).forEach((l) => l(accounts));
              return accounts;
            }
            case "eth_accounts":
              return connected() ? account() : [];
            case "eth_chainId":
              return `0x${chainId.toString(16)}`;
            case "net_version":
              return String(chainId);
            case "wallet_switchEthereumChain": {
              walletRequests.push({ method, params });
              const next = Number.parseInt((params?.[0] as { chainId: string }).chainId, 16);
              if (next !== chainId) {
                chainId = next;
                (listeners.chainChanged ?? []).forEach((l) => l(`0x${next.toString(16)}`));
              }
              return null;
            }
            case "wallet_addEthereumChain":
              walletRequests.push({ method, params });
              return null;
            case "wallet_requestPermissions":
              localStorage.setItem("e2e-wallet-connected", "1");
              return [{ parentCapability: "eth_accounts" }];
            case "eth_sendTransaction":
              if ((window as unknown as { __walletRejects: boolean }).__walletRejects) {
                throw Object.assign(new Error("User rejected the request."), { code: 4001 });
              }
              return call(method, params ?? []);
            case "wallet_revokePermissions":
              localStorage.removeItem("e2e-wallet-connected");
              return null;
            default:
              return call(method, params ?? []);
          }
        },
        on(event: string, fn: (arg: unknown) => void) {
          (listeners[event] ??= []).push(fn);
          return provider;
        },
        removeListener(event: string, fn: (arg: unknown) => void) {
          listeners[event] = (listeners[event] ?? []).filter((l) => l !== fn);
          return provider;
        },
      };
      (window as unknown as { ethereum: unknown }).ethereum = provider;
      const announce = () =>
        window.dispatchEvent(
          new CustomEvent("eip6963:announceProvider", {
            detail: Object.freeze({
              info: {
                uuid: "7a690000-0000-4000-8000-000000000000",
                name: "Hardhat test wallet",
                icon: "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg'/>",
                rdns: "org.hardhat.e2e",
              },
              provider,
            }),
          }),
        );
      window.addEventListener("eip6963:requestProvider", announce);
      announce();
    },
    { rpcUrl, accountIndex, chainId, rejectTransactions },
  );
}

/** Makes the injected wallet reject (true) or sign (false) the transactions that follow. */
export async function setWalletRejects(page: Page, rejects: boolean) {
  await page.evaluate((r) => {
    (window as unknown as { __walletRejects: boolean }).__walletRejects = r;
  }, rejects);
}
