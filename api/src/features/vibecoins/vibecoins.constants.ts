// The vibecoins feature's vocabulary as plain values (no zod): the tokens, the reward rule, the page's
// messages. The schemas build on it and re-export it; the dapp's first load imports it directly
// (its dapp feature's constants.ts).

/** The EVM tokens a wallet burns here, by their deploy-map names; both are ERC20Burnable. */
export const VIBECOINS_BURN_TOKENS = { VIBE: "VibeCoin", XQB: "XQBToken" } as const;
export type VibecoinsToken = keyof typeof VIBECOINS_BURN_TOKENS;
export const VIBECOINS_TOKENS = ["VIBE", "XQB"] as const satisfies readonly VibecoinsToken[];

/** Both EVM tokens have 18 decimals; VIBE on Stellar has 7 (Stellar's fixed precision). */
export const VIBECOINS_EVM_DECIMALS = 18;
export const VIBECOINS_STELLAR_DECIMALS = 7;
/** The Stellar asset code of VIBE (issued by the minting feature's issuer account). */
export const VIBECOINS_STELLAR_CODE = "VIBE";

/**
 * The reward the server minter (VibeCoin's MINTER_ROLE, the API signer) mints to a signed-in wallet, and
 * how often a wallet may have it. Stated here, shown on the page, checked by the tests.
 */
export const VIBECOINS_REWARD = { token: "VIBE", amount: "100", intervalSeconds: 3600 } as const;

/** How many history entries one answer carries at most. */
export const VIBECOINS_HISTORY_LIMIT = 50;

/** The page's messages (toasts and notices). */
export const VIBECOINS_MESSAGES = {
  rewardMinted: (amount: string) => ({ title: "Reward minted", description: `${amount} VIBE minted to your wallet` }),
  rewardTooEarly: { title: "Reward not yet available", description: "One VIBE reward per wallet per hour" },
  burnRecorded: (amount: string, token: string) => ({
    title: "Burn confirmed",
    description: `${amount} ${token} burnt; supply read back from the chain`,
  }),
  stellarBurnSubmitted: (amount: string) => ({
    title: "VIBE paid back to the issuer",
    description: `${amount} VIBE burnt on Stellar`,
  }),
  signInFirst: "Sign in with Ethereum to earn a reward: the server mints to the wallet that signed in.",
  noStellarKey: "No Stellar key in this browser. Add one on the Stellar key page first.",
} as const;

/**
 * Why a typed burn amount is refused, or null when it is a positive amount with at most `decimals`
 * decimal places. Plain code (no zod), so the page's forms check it without loading every schema; the
 * API's schemas refine with the same function, so the rule is one.
 */
export function vibecoinsAmountProblem(text: string, decimals: number): string | null {
  if (!/^\d+(\.\d+)?$/.test(text)) return "must be a positive number";
  if ((text.split(".")[1] ?? "").length > decimals) return `must have at most ${decimals} decimal places`;
  if (!/[1-9]/.test(text)) return "must be greater than 0";
  return null;
}
