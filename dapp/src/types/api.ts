// The HTTP contract lives with the API (zod only). The dapp takes its types from it (responses are not
// parsed again in the browser: the API parses each one with its schema before sending, lib/api-client.ts)
// and its forms validate with the same schemas. Plain values a page's first load needs (pool names,
// ratios, the spec's messages) come from each feature's `features/<feature>/constants.ts`
// (a re-export of the API's `<feature>.constants.ts`), which loads no zod and no other feature's values.
export * from "../../../api/src/features/minting/minting.schemas";
export * from "../../../api/src/features/unified/unified.schemas";
export * from "../../../api/src/features/auth/auth.schemas";
export * from "../../../api/src/features/local-chain/local-chain.schemas";
export * from "../../../api/src/features/real-staking/real-staking.schemas";
export * from "../../../api/src/features/liquid-staking/liquid-staking.schemas";
export * from "../../../api/src/features/network/network.schemas";
export * from "../../../api/src/features/quantum-treasury-2/quantum-treasury-2.schemas";
export * from "../../../api/src/features/testnet/testnet.schemas";
export * from "../../../api/src/features/treasury-staking/treasury-staking.schemas";
export * from "../../../api/src/features/bridge/bridge.schemas";
export * from "../../../api/src/features/vibecoins/vibecoins.schemas";
export * from "../../../api/src/features/faucet/faucet.schemas";
export * from "../../../api/src/features/stellar-account/stellar-account.schemas";
export * from "../../../api/src/features/xrpl-account/xrpl-account.schemas";
export * from "../../../api/src/features/professional/professional.schemas";
export * from "../../../api/src/features/security/security.schemas";
export * from "../../../api/src/features/mainnet-readiness/mainnet-readiness.schemas";
export * from "../../../api/src/features/q-isolator/q-isolator.schemas";
