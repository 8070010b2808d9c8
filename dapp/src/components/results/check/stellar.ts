// A Stellar transaction envelope (base64 XDR) checked in the browser without the Stellar SDK (hundreds of
// kilobytes): the transaction hash is sha256(sha256(network passphrase) || ENVELOPE_TYPE_TX || the
// transaction's XDR), and the transaction's XDR is the envelope minus its 4-byte type and the signature
// list at the end (each decorated signature is a 4-byte hint and a 64-byte ed25519 signature). The source
// account, fee and sequence are the transaction's first fields. Operations are left to Stellar Laboratory.
import { sha256 } from "viem";
import { base64ToBytes, bytesToHex, concatBytes, hexToBytes } from "./bytes";
import type { CheckFailure } from "./evm";

export const STELLAR_PASSPHRASES: Record<string, string> = {
  testnet: "Test SDF Network ; September 2015",
  public: "Public Global Stellar Network ; September 2015",
  mainnet: "Public Global Stellar Network ; September 2015",
};
const ENVELOPE_TYPE_TX = 2;
const KEY_TYPE_ED25519 = 0;
const KEY_TYPE_MUXED_ED25519 = 0x100;

export interface StellarEnvelopeCheck {
  ok: true;
  computedHash: string;
  hashMatches: boolean;
  sourceAccount: string;
  fee: number;
  sequence: string;
  signatures: number;
}

const u32 = (b: Uint8Array, at: number) => new DataView(b.buffer, b.byteOffset, b.byteLength).getUint32(at);

function crc16xmodem(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

function base32(bytes: Uint8Array): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += alphabet[(value << (5 - bits)) & 31];
  return out;
}

/** An ed25519 public key as a Stellar account id (G…): version byte 6 << 3, the key, a CRC16 little-endian. */
export function stellarAccountId(key: Uint8Array): string {
  const payload = concatBytes(new Uint8Array([6 << 3]), key);
  const crc = crc16xmodem(payload);
  return base32(concatBytes(payload, new Uint8Array([crc & 0xff, crc >> 8])));
}

/** Where the signature list starts, counted from the end: n signatures of 72 bytes after a 4-byte count. */
function signatureListStart(env: Uint8Array): { start: number; count: number } | null {
  for (let n = 1; n <= 20; n++) {
    const start = env.length - 4 - n * 72;
    if (start < 4) return null;
    if (u32(env, start) !== n) continue;
    let fits = true;
    for (let i = 0; i < n && fits; i++) fits = u32(env, start + 4 + i * 72 + 4) === 64;
    if (fits) return { start, count: n };
  }
  return null;
}

export function checkStellarEnvelope(
  envelopeXdr: string,
  shownHash: string,
  network: string,
): StellarEnvelopeCheck | CheckFailure {
  const passphrase = STELLAR_PASSPHRASES[network];
  if (!passphrase) return { ok: false, error: `unknown Stellar network "${network}"` };
  let env: Uint8Array;
  try {
    env = base64ToBytes(envelopeXdr);
  } catch {
    return { ok: false, error: "not base64" };
  }
  if (env.length < 4 + 36 + 4 + 8 + 4 || u32(env, 0) !== ENVELOPE_TYPE_TX) {
    return { ok: false, error: "not a v1 transaction envelope (ENVELOPE_TYPE_TX)" };
  }
  const sigs = signatureListStart(env);
  if (!sigs) return { ok: false, error: "no signature list found at the end of the envelope" };
  const tx = env.subarray(4, sigs.start);
  const keyType = u32(tx, 0);
  const keyAt = keyType === KEY_TYPE_ED25519 ? 4 : keyType === KEY_TYPE_MUXED_ED25519 ? 12 : -1;
  if (keyAt < 0) return { ok: false, error: `unknown source account type ${keyType}` };
  const sourceAccount = stellarAccountId(tx.subarray(keyAt, keyAt + 32));
  const fee = u32(tx, keyAt + 32);
  const view = new DataView(tx.buffer, tx.byteOffset, tx.byteLength);
  const sequence = view.getBigInt64(keyAt + 36).toString();
  const networkId = hexToBytes(sha256(new TextEncoder().encode(passphrase)));
  const type = new Uint8Array([0, 0, 0, ENVELOPE_TYPE_TX]);
  const computedHash = bytesToHex(hexToBytes(sha256(concatBytes(networkId, type, tx))));
  return {
    ok: true,
    computedHash,
    hashMatches: computedHash === shownHash.toLowerCase(),
    sourceAccount,
    fee,
    sequence,
    signatures: sigs.count,
  };
}

/** Stellar Lab's XDR viewer: paste the envelope there and pick the type TransactionEnvelope. */
export const STELLAR_LAB_XDR_VIEWER = "https://lab.stellar.org/xdr/view";
