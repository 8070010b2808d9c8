/** The server account's next nonce as last seen live; the simulated client signs with it so its tx is plausible. */
export interface EvmNonceState {
  next: number | null;
}
