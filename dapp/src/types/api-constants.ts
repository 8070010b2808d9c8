// The API's plain values (no zod) for code in a page's first load: importing them from types/api would
// bring every schema and zod (about 25 KB gzip) with them. The same values, re-exported there too.
export * from "../../../api/src/features/local-chain/local-chain.constants";
export * from "../../../api/src/features/real-staking/real-staking.constants";
export * from "../../../api/src/features/liquid-staking/liquid-staking.constants";
export * from "../../../api/src/features/quantum-treasury-2/quantum-treasury-2.constants";
export * from "../../../api/src/features/testnet/testnet.constants";
export * from "../../../api/src/features/treasury-staking/treasury-staking.constants";
export * from "../../../api/src/features/bridge/bridge.constants";
export * from "../../../api/src/features/vibecoins/vibecoins.constants";
export * from "../../../api/src/features/faucet/faucet.constants";
export * from "../../../api/src/features/stellar-account/stellar-account.constants";
export * from "../../../api/src/features/xrpl-account/xrpl-account.constants";
