// The Safe road (feature-agnostic): see safe-road.ts.
export { SafeRoad, SafeCallRevertedError, SafeSignatureError, signatureLabel } from "./safe-road";
export type {
  SafeCall,
  SafeExecution,
  SafeOwnerSignature,
  SafeProposal,
  SafeRefusal,
  SafeRoadOptions,
  SafeSignatureMethod,
  SafeSignedBy,
  SafeState,
  DecodedCall,
  DecodedRevert,
} from "./safe-road";
export { SafeProposalStore, type StoredSafeProposal, type StoredStatus } from "./safe-proposals";
export { describeCall, decodeRevert } from "./decode";
export { encodeMultiSend, packMultiSend, unpackMultiSend } from "./multisend";
