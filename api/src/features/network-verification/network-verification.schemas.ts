// The network-verification feature's shapes: what the API accepts and answers (the dapp imports these types).
import { z } from "zod";
import { CHECK_IDS, NETWORK_IDS, OUTCOMES } from "./network-verification.constants";

const isoTime = z.string().datetime({ offset: true });

export const verificationQuery = z.strictObject({
  /** "true": a new run, unless the last one is younger than 3 s (then that one, with its age). */
  refresh: z.enum(["true", "false"]).optional(),
});

export const outcome = z.enum(OUTCOMES);

/** One constant that identifies the network: what it must be, where that comes from, and what the node said now. */
export const identityCheck = z.object({
  id: z.enum(CHECK_IDS),
  name: z.string(),
  expected: z.string(),
  /** Where the expected value comes from, in words. */
  source: z.string(),
  sourceUrl: z.string().nullable(),
  /** The value read live in this run; null when nothing was read. */
  actual: z.string().nullable(),
  /** The request that read it. */
  readWith: z.string(),
  outcome,
  /** Why it failed, was not reached or not configured; null when it passed. */
  note: z.string().nullable(),
  checkedAt: isoTime,
});
export type IdentityCheck = z.infer<typeof identityCheck>;

/** One address of the deploy map and whether the node holds code there. */
export const contractCode = z.object({
  name: z.string(),
  address: z.string(),
  /** null: not read (an external contract, or no answer). */
  hasCode: z.boolean().nullable(),
  /** Someone else's contract the map names (Sepolia's USDC, the Chainlink feed): not checked. */
  external: z.boolean(),
});
export type ContractCode = z.infer<typeof contractCode>;

export const latestBlock = z.object({
  kind: z.enum(["block", "ledger"]),
  /** Block number or ledger sequence, as decimal text. */
  number: z.string(),
  /** Its close time (the block's timestamp, the ledger's close time); null when the node did not say. */
  closedAt: isoTime.nullable(),
  /** Our clock when the answer arrived minus closedAt, whole seconds (negative: the chain runs ahead). */
  ageSeconds: z.number().int().nullable(),
  checkedAt: isoTime,
});
export type LatestBlock = z.infer<typeof latestBlock>;

export const clockSkew = z.object({
  /** The latest block's close time minus our clock, whole seconds. */
  seconds: z.number().int(),
  /** "block time vs our clock" and what that includes, in words. */
  basis: z.string(),
});

/** A transaction built for the network, signed with a throwaway key and verified by the library itself. */
export const signedTransactionCheck = z.object({
  outcome: z.enum(["pass", "fail"]),
  /** What binds it to the network (its chain id, passphrase or network id), in words. */
  builtFor: z.string(),
  library: z.object({ name: z.string(), version: z.string().nullable() }),
  /** The throwaway key's address, made for this check alone. */
  signer: z.string(),
  transactionHash: z.string(),
  verifiedWith: z.string(),
  /** Always false: it is never sent anywhere. */
  submitted: z.literal(false),
  note: z.string(),
  elapsedMs: z.number(),
  checkedAt: isoTime,
});
export type SignedTransactionCheck = z.infer<typeof signedTransactionCheck>;

export const networkVerification = z.object({
  id: z.enum(NETWORK_IDS),
  name: z.string(),
  /** host:port probed (never a path or key); null when none is configured. */
  endpoint: z.string().nullable(),
  outcome,
  /** The outcome in one sentence. */
  summary: z.string(),
  checks: z.array(identityCheck),
  /** The deploy map's addresses and their code; null where the chain has no map of ours. */
  contracts: z.array(contractCode).nullable(),
  latest: latestBlock.nullable(),
  clockSkew: clockSkew.nullable(),
  /** The identifying read's wall time (connection included); null when it got no answer. */
  latencyMs: z.number().nullable(),
  signedTransaction: signedTransactionCheck,
  checkedAt: isoTime,
});
export type NetworkVerification = z.infer<typeof networkVerification>;

export const verificationResponse = z.object({
  /** When this run started. */
  checkedAt: isoTime,
  /** Wall time of the whole run (the probes in parallel). */
  durationMs: z.number(),
  /** Seconds since checkedAt, when this answer was sent. */
  ageSeconds: z.number(),
  /** "new-run": checked for this request; "joined-run": a run already under way; "last-run": the kept one. */
  servedFrom: z.enum(["new-run", "joined-run", "last-run"]),
  /** Why this run answers, in words (its age, a refresh that came too soon). */
  servedNote: z.string(),
  rules: z.object({
    outcome: z.string(),
    timeout: z.string(),
    cache: z.string(),
    latency: z.string(),
    clockSkew: z.string(),
  }),
  networks: z.array(networkVerification),
});
export type VerificationResponse = z.infer<typeof verificationResponse>;
