// The local-chain burner: a fresh key in this tab's sessionStorage, its provider's answers (chain, accounts, a
// signature that verifies, no other chain), connect and disconnect through wagmi, and the app bar seeing it as a
// wallet after a reload (wallet-presence).
import { createWalletClient, http, verifyMessage, type Chain, type LocalAccount, type WalletClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { connect, disconnect } from "wagmi/actions";
import { resetWalletPresence, walletPresent } from "../../components/wallet/wallet-presence";
import { testWagmiConfig, TEST_RPC_URL } from "../../testing/wagmi";
import { localChain } from "../local-chain";
import { burnerConnector, burnerRequest } from "./burner-connector";
import { BURNER_KEY_ITEM, burnerInUse, storedBurnerKey } from "./burner-storage";

const KEY = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";

beforeEach(() => {
  sessionStorage.clear();
  resetWalletPresence();
});

describe("burner provider", () => {
  const account = privateKeyToAccount(KEY);
  const client = createWalletClient({ account, chain: localChain(TEST_RPC_URL), transport: http(TEST_RPC_URL) });
  const request = burnerRequest(client as WalletClient & { account: LocalAccount; chain: Chain });

  it("answers the local chain and its one account, and signs what the account signs", async () => {
    expect(await request({ method: "eth_chainId" })).toBe("0x7a69");
    expect(await request({ method: "eth_accounts" })).toEqual([account.address]);
    const signature = (await request({
      method: "personal_sign",
      params: ["0x68656c6c6f", account.address],
    })) as `0x${string}`;
    expect(await verifyMessage({ address: account.address, message: "hello", signature })).toBe(true);
  });

  it("knows no other chain: switching or adding one is refused with 4902, the local chain is accepted", async () => {
    await expect(request({ method: "wallet_switchEthereumChain", params: [{ chainId: "0x1" }] })).rejects.toMatchObject(
      { code: 4902, message: expect.stringContaining("local chain only, never use elsewhere") },
    );
    expect(await request({ method: "wallet_switchEthereumChain", params: [{ chainId: "0x7a69" }] })).toBeNull();
    await expect(request({ method: "eth_sign", params: [account.address, "0x00"] })).rejects.toMatchObject({
      code: 4200,
    });
  });
});

describe("burner connector", () => {
  it("takes a fresh key in sessionStorage on connect; a reload sees it as a wallet; disconnect keeps the key", async () => {
    const config = testWagmiConfig({ connectors: [], discover: false });
    expect(burnerInUse()).toBe(false);
    expect(walletPresent()).toBe(false);
    const { accounts, chainId } = await connect(config, { connector: burnerConnector() });
    const key = storedBurnerKey();
    expect(key).toMatch(/^0x[0-9a-f]{64}$/);
    expect(sessionStorage.getItem(BURNER_KEY_ITEM)).toBe(key);
    expect(accounts).toEqual([privateKeyToAccount(key!).address]);
    expect(chainId).toBe(31337);
    expect(burnerInUse()).toBe(true);
    resetWalletPresence(); // as a reload
    expect(walletPresent()).toBe(true);

    await disconnect(config);
    expect(burnerInUse()).toBe(false);
    expect(storedBurnerKey()).toBe(key);
    // Taken again in the same tab: the same key.
    const again = await connect(config, { connector: burnerConnector() });
    expect(again.accounts).toEqual(accounts);
  });
});
