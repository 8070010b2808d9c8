// Sign-In with Ethereum's endpoints and types, from the API's contract (api/src/features/auth/auth.contract.ts).
export { authContract } from "../../../../api/src/features/auth/auth.contract";
export type * from "../../../../api/src/features/auth/auth.schemas";
