// Sign-In with Ethereum (EIP-4361): issues nonces and turns a signed message into a session.
//
// Refusals, consistently:
//   400 INVALID_INPUT (issue on "message" or "signature"): the body is not a well-formed EIP-4361 message
//       and signature, so there is nothing to judge.
//   401 UNAUTHENTICATED: a well-formed message this server does not accept (wrong signer, nonce, time,
//       domain, URI, chain or version). The error text says which check failed.
// Only EOA signatures are verified (offline ecrecover through viem's verifyMessage); smart-contract
// wallets (ERC-1271 / ERC-6492) would need a chain call and are refused as a wrong signature.
import { getAddress, verifyMessage, type Address, type Hex } from "viem";
import { createSiweMessage, parseSiweMessage, type SiweMessage } from "viem/siwe";
import { HttpError, fieldError } from "../../http/errors";
import type { Session, SessionStore } from "../../shared/session-store";
import type { NonceRepository } from "./auth.repository";
import { NONCE_TTL_SECONDS, SESSION_TTL_SECONDS, type NonceResponse } from "./auth.schemas";

/** How far a wallet's clock may run ahead of the server's for "Issued At". */
export const CLOCK_SKEW_SECONDS = 60;

export interface VerifyInput {
  message: string;
  signature: Hex;
  /** The request's Host header: the only domain a message may name (the allowed-host check runs before). */
  host: string | undefined;
  /** The request arrived over https: then the message's URI must be https too. */
  secure: boolean;
}

export interface AuthService {
  issueNonce(): Promise<NonceResponse>;
  /** Checks the signed message and consumes its nonce; answers a new session and its cookie token. */
  verify(input: VerifyInput): Promise<{ token: string; session: Session }>;
}

export interface AuthServiceDeps {
  nonces: NonceRepository;
  sessions: SessionStore;
  /** The server's clock for the message's time fields; tests move it. */
  now?: () => Date;
}

const refuse = (why: string) => new HttpError("UNAUTHENTICATED", `Sign-in refused: ${why}`);
const malformed = (why: string) => fieldError("message", why);

const CHAIN_NAMES: Record<number, string> = { 31337: "Hardhat local", 11155111: "Sepolia" };
const chainLabel = (id: number) => (CHAIN_NAMES[id] ? `${id} (${CHAIN_NAMES[id]})` : String(id));

type Fields = SiweMessage & { issuedAt: Date };

/**
 * Parses the message and insists it is exactly the EIP-4361 text of its own fields (timestamps may use
 * any RFC 3339 form). viem's parser matches fields by pattern and skips text it does not know, so
 * without this a signed message could carry lines the server never read.
 */
function readMessage(text: string): Fields {
  const m = parseSiweMessage(text);
  if (!m.domain || !m.address) {
    throw malformed(
      'is not an EIP-4361 message: it must start with "<domain> wants you to sign in with your Ethereum account:" and the address on the next line',
    );
  }
  if (!m.uri || !m.version || m.chainId === undefined || !m.nonce || !m.issuedAt) {
    throw malformed(
      "is not an EIP-4361 message: it must have the lines URI, Version, Chain ID, Nonce and Issued At, in that order",
    );
  }
  for (const [label, date] of [
    ["Issued At", m.issuedAt],
    ["Expiration Time", m.expirationTime],
    ["Not Before", m.notBefore],
  ] as const) {
    if (date && Number.isNaN(date.getTime())) throw malformed(`${label} is not an RFC 3339 date-time`);
  }
  if (!Number.isSafeInteger(m.chainId)) throw malformed("Chain ID is not a valid EIP-155 chain id");
  if (m.address !== getAddress(m.address))
    throw malformed(`the address must be EIP-55 checksummed: ${getAddress(m.address)}`);
  // Unsupported but well formed: judged with the other checks (401), before createSiweMessage rejects it.
  if (m.version !== "1") throw refuse(`version "${m.version}" is not supported (EIP-4361 messages are version "1")`);

  let canonical: string;
  try {
    canonical = createSiweMessage({ ...(m as Fields), address: m.address as Address, version: "1" });
  } catch (err) {
    const detail = (err as { metaMessages?: string[] }).metaMessages?.[0]?.replace(/^- /, "");
    throw malformed(`is not a valid EIP-4361 message${detail ? `: ${detail}` : ""}`);
  }
  const sameTimes = text.replace(
    /^(Issued At|Expiration Time|Not Before): (.+)$/gm,
    (line, label: string, value: string) => {
      const date = new Date(value);
      return Number.isNaN(date.getTime()) ? line : `${label}: ${date.toISOString()}`;
    },
  );
  if (canonical !== sameTimes) {
    throw malformed("is not in the EIP-4361 form: it has text outside its fields, or its lines are out of order");
  }
  return m as Fields;
}

/** The checks that need no signature and no database: this server, this chain, now. */
function checkAudience(m: Fields, input: VerifyInput, chainId: number, now: Date): void {
  const host = input.host?.toLowerCase();
  if (!host) throw refuse("the request has no Host header to compare the message's domain with");
  if (m.domain.toLowerCase() !== host)
    throw refuse(`the message is for the domain ${m.domain}, not this site (${host})`);

  let uri: URL | null;
  try {
    uri = new URL(m.uri);
  } catch {
    uri = null;
  }
  const uriScheme = uri?.protocol.replace(/:$/, "");
  if (!uri || (uriScheme !== "http" && uriScheme !== "https") || uri.host.toLowerCase() !== host) {
    throw refuse(`the URI ${m.uri} is not on this site (${input.secure ? "https" : "http"}://${host})`);
  }
  // Behind a TLS-terminating proxy the server may see http while the page is https: only refuse the
  // downgrade, never the upgrade.
  if (input.secure && uriScheme !== "https") throw refuse(`the URI ${m.uri} must be https, as this request is`);
  if (m.scheme && m.scheme.toLowerCase() !== uriScheme)
    throw refuse(`the scheme ${m.scheme} does not match the URI's (${uriScheme})`);

  if (m.chainId !== chainId) {
    throw refuse(
      `chain id ${chainLabel(m.chainId!)} is not this server's chain (${chainLabel(chainId)}); switch the wallet's network and sign in again`,
    );
  }

  const t = now.getTime();
  if (m.expirationTime && t >= m.expirationTime.getTime())
    throw refuse(`the message expired at ${m.expirationTime.toISOString()}`);
  if (m.notBefore && t < m.notBefore.getTime())
    throw refuse(`the message is not valid before ${m.notBefore.toISOString()}`);
  const issued = m.issuedAt.getTime();
  if (issued > t + CLOCK_SKEW_SECONDS * 1000) {
    throw refuse(`the message was issued in the future (${m.issuedAt.toISOString()}); check this device's clock`);
  }
  if (t - issued > (NONCE_TTL_SECONDS + CLOCK_SKEW_SECONDS) * 1000) {
    throw refuse(
      `the message was issued at ${m.issuedAt.toISOString()}, more than ${NONCE_TTL_SECONDS / 60} minutes ago; sign in again`,
    );
  }
}

const NONCE_REFUSALS = {
  unknown: "the nonce was not issued by this server; request a new one",
  used: "the nonce was already used; request a new one",
  expired: "the nonce has expired; request a new one",
} as const;

export function createAuthService({ nonces, sessions, now = () => new Date() }: AuthServiceDeps): AuthService {
  return {
    async issueNonce() {
      const { nonce, expiresAt } = await nonces.issue(NONCE_TTL_SECONDS);
      return { nonce, expiresAt: expiresAt.toISOString() };
    },

    async verify(input) {
      const m = readMessage(input.message);
      checkAudience(m, input, sessions.chainId, now());

      const address = getAddress(m.address!);
      const signed = await verifyMessage({ address, message: input.message, signature: input.signature }).catch(
        () => false,
      );
      if (!signed) throw refuse(`the signature was not made by ${address}`);

      // Last, and atomically: only a message that passed every other check uses up its nonce.
      const consumed = await nonces.consume(m.nonce!);
      if (!consumed.ok) throw refuse(NONCE_REFUSALS[consumed.reason]);

      return sessions.create(address, SESSION_TTL_SECONDS);
    },
  };
}
