// StrKey checks without the Stellar SDK (the page checks as the user types, and a page's first load must
// not carry the SDK): base32, a version byte and a CRC16-XModem checksum, as SEP-23 defines them. Shared by
// the API (the schemas, the secret-in-body refusal) and the dapp (dapp/src/lib/stellar/strkey.ts).

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const VERSION = { G: 6 << 3, S: 18 << 3 } as const;

function base32Decode(text: string): Uint8Array | null {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of text) {
    const i = ALPHABET.indexOf(ch);
    if (i < 0) return null;
    value = (value << 5) | i;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Uint8Array.from(out);
}

function crc16xmodem(bytes: Uint8Array): number {
  let crc = 0;
  for (const b of bytes) {
    crc ^= b << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

export type StrKeyCheck = { ok: true } | { ok: false; reason: string };

/** Why `key` is not a valid StrKey of the kind `prefix` (G: public key, S: secret seed), in words. */
export function checkStrKey(key: string, prefix: "G" | "S"): StrKeyCheck {
  const what = prefix === "S" ? "A Stellar secret key" : "A Stellar public key";
  const k = key.trim();
  if (k.length === 0) return { ok: false, reason: `${what} is required` };
  if (k[0] !== prefix) {
    if (prefix === "S" && k[0] === "G")
      return { ok: false, reason: "This is a public key (G…). Paste the secret key, which starts with S" };
    return { ok: false, reason: `${what} starts with ${prefix}` };
  }
  if (/[^A-Z2-7]/.test(k))
    return {
      ok: false,
      reason: `${what} uses only the letters A-Z and the digits 2-7 (found "${k.match(/[^A-Z2-7]/)![0]}")`,
    };
  if (k.length !== 56) return { ok: false, reason: `${what} is 56 characters long (this one has ${k.length})` };
  const raw = base32Decode(k);
  if (!raw || raw.length !== 35 || raw[0] !== VERSION[prefix])
    return { ok: false, reason: `${what} has the wrong version byte: it is not a ${prefix}… key` };
  const checksum = raw[33]! | (raw[34]! << 8);
  if (crc16xmodem(raw.subarray(0, 33)) !== checksum)
    return { ok: false, reason: `${what} has a wrong checksum: a character is mistyped or missing` };
  return { ok: true };
}

export const isStellarSecret = (key: string) => checkStrKey(key, "S").ok;
export const isStellarPublicKey = (key: string) => checkStrKey(key, "G").ok;

/** Anything that looks like a secret seed: S + 55 StrKey characters (checked with its checksum by findStellarSecret). */
const SEED_LIKE = /S[A-Z2-7]{55}/g;

/**
 * Where a valid Stellar secret seed sits in a JSON value (any key or string, at any depth), as a dotted path
 * ("" for the value itself); null when there is none. Only the location is returned, never the key.
 */
export function findStellarSecret(value: unknown, path: string[] = [], depth = 0): string | null {
  if (depth > 20) return null;
  const inText = (text: string) => (text.match(SEED_LIKE) ?? []).some((m) => isStellarSecret(m));
  if (typeof value === "string") return inText(value) ? path.join(".") : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findStellarSecret(value[i], [...path, String(i)], depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (inText(k)) return [...path, "(key)"].join(".");
      const found = findStellarSecret(v, [...path, k], depth + 1);
      if (found !== null) return found;
    }
  }
  return null;
}
