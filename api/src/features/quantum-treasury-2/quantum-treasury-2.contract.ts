// The quantum-treasury-2 feature's endpoints (http/endpoint.ts), declared once for the API
// (quantum-treasury-2.routes.ts mounts them) and the dapp (features/quantum-treasury-2/api/ calls them). Schemas by type only.
import type { Access } from "../../http/access";
import { endpoint } from "../../http/endpoint";
import type {
  qtAddSignatureRequest,
  qtAddSignatureResponse,
  qtCapacityQuery,
  qtCapacityResponse,
  qtExecuteRequest,
  qtExecuteResponse,
  qtImplementationPlanResponse,
  qtMetricsResponse,
  qtProposalListQuery,
  qtProposalListResponse,
  qtProposalParams,
  qtSafeProposal,
  qtStrategyExecuteResponse,
  qtStrategyPreviewResponse,
  qtStrategyRequest,
  qtTokenomicsResponse,
} from "./quantum-treasury-2.schemas";

const writeErrors = ["INVALID_INPUT", "CONFLICT", "LEDGER_REJECTED", "LEDGER_UNAVAILABLE", "LEDGER_BUSY"] as const;
/** A proposal is a signed-in wallet's; co-signing with the dev keys is an operator's (proposerOf in the routes). */
const proposeErrors = [...writeErrors, "UNAUTHENTICATED", "FORBIDDEN"] as const;

/**
 * Who may ask the server to co-sign with the dev owners' keys (`coSign: "dev-keys"` on execute and
 * strategy/execute, both "wallet" endpoints): an operator. The routes refuse anyone else (proposerOf); the page
 * gates its co-sign option on the same rule.
 */
export const coSignAccess: Access = "operator";

export const quantumTreasury2Contract = {
  metrics: endpoint<{ response: typeof qtMetricsResponse }>()({
    method: "get",
    path: "/api/quantum-treasury-2/metrics",
    access: "visitor",
    feature: "quantum-treasury-2",
    summary: "The treasury summary read from the chain (vault, XQB, XQBUSD, feed, Safe) beside the spec's plan",
    errors: ["LEDGER_UNAVAILABLE", "LEDGER_BUSY"],
  }),
  tokenomics: endpoint<{ response: typeof qtTokenomicsResponse }>()({
    method: "get",
    path: "/api/quantum-treasury-2/tokenomics",
    access: "visitor",
    feature: "quantum-treasury-2",
    summary:
      "The spec's XQB allocation beside the genesis holders' balances, the release schedule and circulating supply",
    errors: ["LEDGER_UNAVAILABLE", "LEDGER_BUSY"],
  }),
  capacity: endpoint<{ query: typeof qtCapacityQuery; response: typeof qtCapacityResponse }>()({
    method: "get",
    path: "/api/quantum-treasury-2/capacity",
    access: "visitor",
    feature: "quantum-treasury-2",
    summary:
      "The capacity calculator: capacity = collateral / (ratio / 100), excess, utilisation, checked against the vault's capacityAt",
    errors: ["INVALID_INPUT", "LEDGER_UNAVAILABLE"],
  }),
  execute: endpoint<{ body: typeof qtExecuteRequest; response: typeof qtExecuteResponse }>()({
    method: "post",
    path: "/api/quantum-treasury-2/execute",
    access: "wallet",
    feature: "quantum-treasury-2",
    summary:
      'Proposes deploy_capital, mint_xqb or enable_xqbusd as a Safe transaction that waits for the owners\' wallet signatures; an operator may add coSign: "dev-keys" (local chain) to have the server sign as the dev owners and execute at once',
    errors: proposeErrors,
    write: true,
  }),
  strategyPreview: endpoint<{ body: typeof qtStrategyRequest; response: typeof qtStrategyPreviewResponse }>()({
    method: "post",
    path: "/api/quantum-treasury-2/strategy/preview",
    access: "visitor",
    feature: "quantum-treasury-2",
    summary:
      "The launch strategy's one Safe batch (deposit USDC, mint XQB, mint XQBUSD at 150%): every call listed, nothing sent",
    errors: ["INVALID_INPUT", "LEDGER_UNAVAILABLE", "LEDGER_BUSY"],
  }),
  strategyExecute: endpoint<{ body: typeof qtStrategyRequest; response: typeof qtStrategyExecuteResponse }>()({
    method: "post",
    path: "/api/quantum-treasury-2/strategy/execute",
    access: "wallet",
    feature: "quantum-treasury-2",
    summary:
      'Proposes the launch strategy as one Safe MultiSend batch that waits for the owners\' wallet signatures (mock USDC to the Safe just before it executes, local chain); an operator may add coSign: "dev-keys"',
    errors: proposeErrors,
    write: true,
  }),
  proposals: endpoint<{ query: typeof qtProposalListQuery; response: typeof qtProposalListResponse }>()({
    method: "get",
    path: "/api/quantum-treasury-2/proposals",
    access: "visitor",
    feature: "quantum-treasury-2",
    summary: "Stored Safe proposals (pending ones wait for owners' signatures), newest first",
    errors: ["INVALID_INPUT", "LEDGER_UNAVAILABLE"],
  }),
  proposal: endpoint<{ params: typeof qtProposalParams; response: typeof qtSafeProposal }>()({
    method: "get",
    path: "/api/quantum-treasury-2/proposals/:safeTxHash",
    access: "visitor",
    feature: "quantum-treasury-2",
    summary: "One stored Safe proposal with its EIP-712 payload and signatures",
    errors: ["INVALID_INPUT", "NOT_FOUND", "LEDGER_UNAVAILABLE"],
  }),
  addSignature: endpoint<{
    params: typeof qtProposalParams;
    body: typeof qtAddSignatureRequest;
    response: typeof qtAddSignatureResponse;
  }>()({
    method: "post",
    path: "/api/quantum-treasury-2/proposals/:safeTxHash/signatures",
    access: "visitor",
    feature: "quantum-treasury-2",
    summary:
      "Adds an owner's own wallet signature (EIP-712 or personal_sign of the safeTxHash) to a pending proposal: the signature is the authority (a non-owner's is refused, nothing stored); executes it at the threshold",
    errors: [...writeErrors, "NOT_FOUND"],
    write: true,
  }),
  implementationPlan: endpoint<{ response: typeof qtImplementationPlanResponse }>()({
    method: "get",
    path: "/api/quantum-treasury-2/implementation-plan",
    access: "visitor",
    feature: "quantum-treasury-2",
    summary:
      "A Markdown implementation plan generated from the chain's current state (addresses, balances, ratios, owners)",
    errors: ["LEDGER_UNAVAILABLE", "LEDGER_BUSY"],
  }),
};
