/** How the pages name each ledger (a module of its own: the books' first load needs only this). */
export const LEDGER_NAMES = { stellar: "Stellar", xrpl: "XRPL", evm: "Local chain" } as const;
