// The HTTP contract of Sign-In with Ethereum (EIP-4361): zod only, so the dapp can share it (its types).
import { z } from "zod";

/** A nonce is usable this long after it is issued; a message issued earlier than that is refused too. */
export const NONCE_TTL_SECONDS = 5 * 60;
/** How long a session (and its cookie) lasts. */
export const SESSION_TTL_SECONDS = 24 * 60 * 60;
/** An EIP-4361 message is a few hundred characters; this leaves room for a statement and resources. */
export const SIWE_MESSAGE_MAX_LENGTH = 4096;

const isoDateTime = z.iso.datetime({ offset: true });
const checksummedAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x-prefixed 20-byte hex address");

export const nonceResponse = z.object({
  /** EIP-4361 nonce (alphanumeric); single use. */
  nonce: z.string().regex(/^[A-Za-z0-9]{8,}$/),
  expiresAt: isoDateTime,
});
export type NonceResponse = z.infer<typeof nonceResponse>;

export const verifyRequest = z.strictObject({
  /** The exact EIP-4361 text the wallet signed. */
  message: z
    .string({ error: (iss) => (iss.input === undefined ? "is required" : "must be the EIP-4361 message text") })
    .min(1, "must not be empty")
    .max(SIWE_MESSAGE_MAX_LENGTH, `must be at most ${SIWE_MESSAGE_MAX_LENGTH} characters`),
  /** personal_sign signature: r, s and v, 65 bytes. */
  signature: z
    .string({ error: (iss) => (iss.input === undefined ? "is required" : "must be a hex string") })
    .regex(/^0x[0-9a-fA-F]{130}$/, "must be a 0x-prefixed 65-byte hex signature"),
});
export type VerifyRequestBody = z.infer<typeof verifyRequest>;

/** The signed-in wallet: what verify answers and GET /api/auth/session reads back. */
export const sessionResponse = z.object({
  address: checksummedAddress,
  chainId: z.number().int().positive(),
  expiresAt: isoDateTime,
});
export type SessionResponse = z.infer<typeof sessionResponse>;

/**
 * GET /api/auth/session: the signed-in wallet, or null when this browser has no valid session. Not a 401:
 * asking whether one is signed in is a normal question (every page with a wallet asks it), and an error
 * status would log a console error in the browser for each.
 */
export const sessionOrNullResponse = sessionResponse.nullable();
export type SessionOrNullResponse = z.infer<typeof sessionOrNullResponse>;

/**
 * GET /api/auth/access: who this caller is to the access rules (api/src/http/access.ts), so a page can say in
 * place why an action is open, needs a sign-in, or is an operator's.
 */
export const accessResponse = z.object({
  /** "listed": operators are the wallets in OPERATOR_ADDRESSES; "open-loopback": nobody is named and the server answers this machine only. */
  mode: z.enum(["listed", "open-loopback"]),
  /** Set in open-loopback mode: the sentence shown beside every operator action. */
  openReason: z.string().nullable(),
  /** The signed-in wallet, or null. */
  address: checksummedAddress.nullable(),
  /** May this caller run operator actions. */
  operator: z.boolean(),
  /** Why: a listed operator's session, the open mode, or neither. */
  operatorBy: z.enum(["listed", "open"]).nullable(),
  /** How many operators are named (their addresses are not published). */
  operatorCount: z.number().int().nonnegative(),
});
export type AccessResponse = z.infer<typeof accessResponse>;

export const signOutResponse = z.object({ signedOut: z.literal(true) });
export type SignOutResponse = z.infer<typeof signOutResponse>;
