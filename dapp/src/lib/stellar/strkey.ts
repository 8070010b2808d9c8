// StrKey checks without the SDK, shared with the API (the same code refuses a secret in a request body).
export {
  checkStrKey,
  isStellarPublicKey,
  isStellarSecret,
  type StrKeyCheck,
} from "../../../../api/src/features/stellar-account/stellar-account.strkey";
