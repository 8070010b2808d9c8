// A body that carries an XRPL secret is refused before anything reads it further: the seed stays in the
// browser. Refused: any string that decodes as a family seed (s…, base58 with its checksum), anywhere in the
// body (keys included), a bare private key (64 hex digits, optionally 00/ED-prefixed), and a memo of the
// blob that holds a seed. The answer names where it was found, never the value; nothing is logged.
import { decodeSeed } from "xrpl";
import { HttpError } from "../../http/errors";
import { XRPL_SECRET_REFUSAL } from "./xrpl-account.constants";

const SEED_CANDIDATE = /s[1-9A-HJ-NP-Za-km-z]{20,40}/g;
const PRIVATE_KEY = /^(00|ED)?[0-9A-F]{64}$/i;

export function isXrplSeed(text: string): boolean {
  try {
    decodeSeed(text);
    return true;
  } catch {
    return false;
  }
}

/** Whether a text holds a seed (as a whole or a word of it) or is a bare private key. */
export function holdsSecret(text: string): boolean {
  if (PRIVATE_KEY.test(text.trim())) return true;
  for (const m of text.matchAll(SEED_CANDIDATE)) if (isXrplSeed(m[0])) return true;
  return false;
}

/** The path of the first secret in a JSON value, or null. */
export function findSecret(value: unknown, path: string[] = [], depth = 0): string | null {
  if (depth > 20) return null;
  if (typeof value === "string") return holdsSecret(value) ? path.join(".") : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findSecret(value[i], [...path, String(i)], depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (holdsSecret(k)) return [...path, "(a key)"].join(".");
      const found = findSecret(v, [...path, k], depth + 1);
      if (found !== null) return found;
    }
  }
  return null;
}

export function secretRefusal(path: string): HttpError {
  return new HttpError("INVALID_INPUT", XRPL_SECRET_REFUSAL, {
    issues: [{ path, message: "holds an XRPL secret (seed or private key): it must stay in your browser" }],
  });
}

/** Throws the refusal when the body holds a secret; used before the body's schema so no field is spared. */
export function refuseSecrets<T>(body: T): T {
  const at = findSecret(body);
  if (at !== null) throw secretRefusal(at || "(body)");
  return body;
}
