import { sha256 } from "@noble/hashes/sha2.js";

// Destination addresses are checked in the page, checksum included: the escrow only checks their shape
// (length, prefix, alphabet), and a typo that passes it would be locked, then refunded after the deadline.

export type BridgeLedger = "stellar" | "xrpl";

export type AddressCheck = { ok: true } | { ok: false; reason: string };

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
/** Stellar StrKey version byte of an account id (G…): 6 << 3. */
const STELLAR_ACCOUNT_VERSION = 6 << 3;

/** CRC16-XModem (poly 0x1021, init 0), the StrKey checksum. */
function crc16xmodem(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

function base32Decode(text: string): Uint8Array | null {
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const ch of text) {
    const v = BASE32.indexOf(ch);
    if (v < 0) return null;
    buffer = (buffer << 5) | v;
    bits += 5;
    if (bits >= 8) {
      out.push((buffer >> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Uint8Array.from(out);
}

/** A Stellar account id: G…, 56 base32 characters, version byte and CRC16 checksum right. */
export function checkStellarAddress(address: string): AddressCheck {
  if (!address.startsWith("G"))
    return {
      ok: false,
      reason: address.startsWith("S")
        ? "This is a secret key: never paste it here. Enter the public key (G…)."
        : "A Stellar account id starts with G",
    };
  if (address.length !== 56)
    return { ok: false, reason: `A Stellar account id has 56 characters (this one has ${address.length})` };
  const bytes = base32Decode(address);
  if (!bytes || bytes.length !== 35) return { ok: false, reason: "A Stellar account id uses only A-Z and 2-7" };
  if (bytes[0] !== STELLAR_ACCOUNT_VERSION)
    return { ok: false, reason: "Not a Stellar account id (wrong version byte)" };
  const payload = bytes.subarray(0, 33);
  const crc = bytes[33]! | (bytes[34]! << 8);
  if (crc16xmodem(payload) !== crc) return { ok: false, reason: "The checksum does not match: a character is wrong" };
  return { ok: true };
}

const RIPPLE_ALPHABET = "rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz";

function base58Decode(text: string): Uint8Array | null {
  let n = 0n;
  for (const ch of text) {
    const v = RIPPLE_ALPHABET.indexOf(ch);
    if (v < 0) return null;
    n = n * 58n + BigInt(v);
  }
  const bytes: number[] = [];
  while (n > 0n) {
    bytes.unshift(Number(n & 0xffn));
    n >>= 8n;
  }
  // Each leading "r" (the alphabet's zero) is a leading zero byte.
  for (const ch of text) {
    if (ch !== "r") break;
    bytes.unshift(0);
  }
  return Uint8Array.from(bytes);
}

/** An XRPL classic address: r…, 25-35 base58 characters, 0x00 type prefix, double-SHA-256 checksum right. */
export function checkXrplAddress(address: string): AddressCheck {
  if (address.startsWith("s"))
    return { ok: false, reason: "This is a secret seed: never paste it here. Enter the address (r…)." };
  if (address.startsWith("X"))
    return {
      ok: false,
      reason: "X-addresses are not supported: enter the classic address (r…) and put a tag in the memo",
    };
  if (!address.startsWith("r")) return { ok: false, reason: "An XRPL address starts with r" };
  if (address.length < 25 || address.length > 35)
    return { ok: false, reason: `An XRPL address has 25 to 35 characters (this one has ${address.length})` };
  const bytes = base58Decode(address);
  if (!bytes) return { ok: false, reason: "An XRPL address uses base58 characters only (no 0, O, I or l)" };
  if (bytes.length !== 25 || bytes[0] !== 0) return { ok: false, reason: "Not an XRPL account address" };
  const check = sha256(sha256(bytes.subarray(0, 21))).subarray(0, 4);
  if (!check.every((b, i) => b === bytes[21 + i]))
    return { ok: false, reason: "The checksum does not match: a character is wrong" };
  return { ok: true };
}

export function checkDestination(ledger: BridgeLedger, address: string): AddressCheck {
  const trimmed = address.trim();
  if (!trimmed)
    return { ok: false, reason: `Enter the ${ledger === "stellar" ? "Stellar account id (G…)" : "XRPL address (r…)"}` };
  return ledger === "stellar" ? checkStellarAddress(trimmed) : checkXrplAddress(trimmed);
}
