// The HTTP contract lives with the API (zod only); the dapp parses every response with the same schemas.
export * from "../../../api/src/features/minting/minting.schemas";
export * from "../../../api/src/features/unified/unified.schemas";
export * from "../../../api/src/features/auth/auth.schemas";
export * from "../../../api/src/features/local-chain/local-chain.schemas";
export * from "../../../api/src/features/real-staking/real-staking.schemas";
export * from "../../../api/src/features/liquid-staking/liquid-staking.schemas";
export * from "../../../api/src/features/network/network.schemas";
