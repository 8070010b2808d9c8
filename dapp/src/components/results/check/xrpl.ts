// An XRPL signed blob checked in the browser: its hash is SHA-512Half of the prefix "TXN\0" and the blob
// (the first 32 bytes of SHA-512), upper-case hex. Web Crypto does the SHA-512, so nothing is added to
// the page. Decoding the fields is left to xrpl.js (`decode(blob)`).
import { bytesToHex, concatBytes, hexToBytes } from "./bytes";
import type { CheckFailure } from "./evm";

const TXN_PREFIX = new Uint8Array([0x54, 0x58, 0x4e, 0x00]);

export interface XrplBlobCheck {
  ok: true;
  computedHash: string;
  hashMatches: boolean;
  bytes: number;
}

export async function checkXrplBlob(blob: string, shownHash: string): Promise<XrplBlobCheck | CheckFailure> {
  let bytes: Uint8Array;
  try {
    bytes = hexToBytes(blob);
  } catch {
    return { ok: false, error: "not hex" };
  }
  if (!globalThis.crypto?.subtle) return { ok: false, error: "this browser has no Web Crypto (SHA-512)" };
  const digest = new Uint8Array(
    await crypto.subtle.digest("SHA-512", concatBytes(TXN_PREFIX, bytes) as Uint8Array<ArrayBuffer>),
  );
  const computedHash = bytesToHex(digest.subarray(0, 32)).toUpperCase();
  return { ok: true, computedHash, hashMatches: computedHash === shownHash.toUpperCase(), bytes: bytes.length };
}
