/** Query and mutation keys of the network verification page. */
export const verificationKey = ["network-verification"] as const;
export const runAgainKey = [...verificationKey, "run-again"] as const;
