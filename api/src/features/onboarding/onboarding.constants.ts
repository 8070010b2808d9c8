// The onboarding checklist's plain values (no zod), for the dapp's first paint too: the seven steps in order, who
// checks each, and the rules that make a step done. The page shows these rules as they are written here.

export const ONBOARDING_STEPS = [
  "wallet",
  "network",
  "connected",
  "signed_in",
  "funded",
  "first_mint",
  "first_stake",
] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export const STEP_LABELS: Record<OnboardingStep, string> = {
  wallet: "Wallet found",
  network: "Hardhat network added and selected",
  connected: "Connected",
  signed_in: "Signed in",
  funded: "Funded from the faucet",
  first_mint: "First mint",
  first_stake: "First stake",
};

/** "browser": a fact only the browser sees, recorded for the signed-in wallet as the browser reported it. "server": read by the API itself. */
export type StepCheckedBy = "browser" | "server";

export const STEP_CHECKED_BY: Record<OnboardingStep, StepCheckedBy> = {
  wallet: "browser",
  network: "browser",
  connected: "browser",
  signed_in: "server",
  funded: "server",
  first_mint: "server",
  first_stake: "server",
};

/** What makes each step done, in words (the API applies exactly these; the page shows them). */
export const STEP_RULES: Record<OnboardingStep, string> = {
  wallet:
    "The browser found a wallet: an EIP-6963 announcement (or an older wallet's window.ethereum), or the local-chain burner. Reported by the browser.",
  network:
    "The wallet's chain id, read from the wallet, is the chain this API runs on (added with wallet_addEthereumChain and selected with wallet_switchEthereumChain, EIP-3085). Reported by the browser.",
  connected:
    "The wallet gave this page its account (eth_requestAccounts). Reported by the browser; the address must be the signed-in one.",
  signed_in:
    "A Sign-In with Ethereum session of this wallet on this chain, checked by the API from the session cookie.",
  funded:
    "A faucet claim sent to this wallet (the faucet's own record), or else a non-zero ETH balance read from the chain now.",
  first_mint:
    "The first XQBMinter Minted event whose payer is this wallet: a mint the wallet signed and paid for itself (ETH in, XQB and XQBUSD out). A server-side mint to the wallet is not its first mint: the faucet's USDC mint, the API's own ETH mint for a recipient, VIBE rewards and genesis allocations are other accounts' transactions.",
  first_stake:
    "The first Deposit event on a staking pool (vibeETH, qETH, xqbETH) whose sender is this wallet, found in the event index: made on the staking page or straight to the pool contract, either counts.",
};

/** A wallet found by EIP-6963, by the older window.ethereum, or the local-chain burner. */
export const WALLET_DISCOVERY = ["eip6963", "window.ethereum", "burner"] as const;
export type WalletDiscovery = (typeof WALLET_DISCOVERY)[number];
