// The onboarding checklist's HTTP contract. GET /api/onboarding/progress?address= answers any wallet's seven steps
// (anyone may read: see README.md); POST /api/onboarding/check records the signed-in wallet's own steps: the
// browser's facts for steps 1-3 (as reported, and said so), steps 4-7 from what the API reads itself.
import { z } from "zod";

export * from "./onboarding.constants";
import { ONBOARDING_STEPS, WALLET_DISCOVERY } from "./onboarding.constants";

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x-prefixed 20-byte hex address");
const txHash = z.string().regex(/^0x[0-9a-fA-F]{64}$/);
const time = z.iso.datetime({ offset: true });
const decimal = z.string().regex(/^\d+$/);
const chainId = z
  .number()
  .int()
  .positive()
  .max(2 ** 53 - 1);

export const onboardingStep = z.enum(ONBOARDING_STEPS);

export const onboardingProgressQuery = z.strictObject({ address });

/** What the browser read, for steps only it can see. Each part is optional: the browser sends what it has. */
export const onboardingCheckRequest = z.strictObject({
  wallet: z
    .strictObject({
      discovery: z.enum(WALLET_DISCOVERY),
      /** The wallet's own name (its EIP-6963 info.name, or the connector's). */
      name: z.string().trim().min(1).max(80),
    })
    .optional(),
  network: z.strictObject({ chainId }).optional(),
  connected: z.strictObject({ address, chainId }).optional(),
});
export type OnboardingCheckRequest = z.infer<typeof onboardingCheckRequest>;

/** Why a step is done: what was read, by whom. Stored as is in onboarding_steps.evidence. */
export const stepEvidence = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("browser"),
    /** Step 1: how the wallet was found and its name. */
    discovery: z.enum(WALLET_DISCOVERY).optional(),
    name: z.string().optional(),
    /** Steps 2-3: the chain id the wallet reported. */
    chainId: chainId.optional(),
    /** Step 3: the account the wallet gave the page. */
    address: address.optional(),
    note: z.string(),
  }),
  z.object({
    kind: z.literal("session"),
    chainId,
    expiresAt: time,
    note: z.string(),
  }),
  z.object({
    kind: z.literal("faucet-claim"),
    asset: z.string(),
    amount: z.string(),
    transactionHash: txHash.nullable(),
    blockNumber: z.string().nullable(),
    claimedAt: time,
    note: z.string(),
  }),
  z.object({
    kind: z.literal("balance"),
    /** ETH balance in wei, read at `blockNumber`. */
    wei: decimal,
    blockNumber: decimal,
    note: z.string(),
  }),
  z.object({
    kind: z.literal("event"),
    contract: z.string(),
    eventName: z.string(),
    transactionHash: txHash,
    blockNumber: decimal,
    /** The block's chain time (unix seconds). */
    blockTimestamp: z.number().int(),
    /** The local chain's run (genesis hash) the event is on. */
    chainInstance: z.string(),
    args: z.record(z.string(), z.union([z.string(), z.boolean()])),
    note: z.string(),
  }),
]);
export type StepEvidence = z.infer<typeof stepEvidence>;

export const onboardingStepState = z.object({
  id: onboardingStep,
  label: z.string(),
  checkedBy: z.enum(["browser", "server"]),
  rule: z.string(),
  /** "done": recorded or found now; "current": the first step not done; "waiting": a later one. */
  status: z.enum(["done", "current", "waiting"]),
  /** Stored for this wallet (survives a reload); false for a step found now but not recorded yet (no session). */
  recorded: z.boolean(),
  /** When it was recorded (the first time); null when not recorded. */
  completedAt: time.nullable(),
  evidence: stepEvidence.nullable(),
  /** For a chain event recorded on an earlier run of the local chain: false. Null when not a chain event. */
  onCurrentChain: z.boolean().nullable(),
});
export type OnboardingStepState = z.infer<typeof onboardingStepState>;

export const onboardingProgressResponse = z.object({
  /** EIP-55. */
  address,
  chainId,
  steps: z.array(onboardingStepState),
  /** The first step not done; null when all seven are. */
  current: onboardingStep.nullable(),
  /** Steps 5-7 are read from the chain and the index: whether that read happened now, and why not. */
  chain: z.object({
    live: z.boolean(),
    reason: z.string().nullable(),
    /** The block the balance was read at; the index's head for events. */
    blockNumber: decimal.nullable(),
    indexedBlock: decimal.nullable(),
  }),
  /** Steps recorded by this request (POST check only; empty for a read). */
  recordedNow: z.array(onboardingStep),
  checkedAt: time,
});
export type OnboardingProgressResponse = z.infer<typeof onboardingProgressResponse>;
