import { callEndpoint } from "../../../lib/endpoint-client";
import {
  quantumTreasury2Contract as qt,
  type QtAddSignatureResponse,
  type QtExecuteRequest,
  type QtExecuteResponse,
  type QtImplementationPlanResponse,
  type QtStrategyExecuteResponse,
  type QtStrategyPreviewResponse,
  type QtStrategyRequest,
} from "./contract";

// A Safe transaction on the local chain is three transactions and two signatures: give it longer than a read.
const WRITE_TIMEOUT_MS = 60_000;

/**
 * POST quantum-treasury-2/execute (a signed-in wallet): one of the spec's three operations proposed as a
 * Safe transaction; the answer is the pending proposal the owners sign with their wallets. With
 * `coSign: "dev-keys"` (an operator, local chain) the server signs as the dev owners and executes at once, and
 * the answer carries each signature, labelled as the server's, and the supplies before and after.
 */
export const executeOperation = (body: QtExecuteRequest): Promise<QtExecuteResponse> =>
  callEndpoint(qt.execute, { body }, { timeoutMs: WRITE_TIMEOUT_MS });

/** POST .../strategy/preview: every call of the one MultiSend batch, before anything is sent. */
export const previewStrategy = (body: QtStrategyRequest): Promise<QtStrategyPreviewResponse> =>
  callEndpoint(qt.strategyPreview, { body });

/** POST .../strategy/execute: the three operations as one Safe batch (MultiSendCallOnly by DelegateCall). */
export const executeStrategy = (body: QtStrategyRequest): Promise<QtStrategyExecuteResponse> =>
  callEndpoint(qt.strategyExecute, { body }, { timeoutMs: WRITE_TIMEOUT_MS });

/** GET .../implementation-plan: a Markdown plan generated from the chain's current state. */
export const getImplementationPlan = (): Promise<QtImplementationPlanResponse> => callEndpoint(qt.implementationPlan);

/**
 * POST .../proposals/{safeTxHash}/signatures: an owner's signature made elsewhere (their wallet signing the
 * proposal's EIP-712 data). The API checks it recovers to an owner, stores it, and executes the Safe
 * transaction once the threshold is met.
 */
export const addSignature = (safeTxHash: string, signature: string): Promise<QtAddSignatureResponse> =>
  callEndpoint(qt.addSignature, { params: { safeTxHash }, body: { signature } }, { timeoutMs: WRITE_TIMEOUT_MS });
