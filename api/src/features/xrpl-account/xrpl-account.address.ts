// An XRPL address as a person types it: a classic address (r…) or an X-address (the classic address and a
// destination tag in one, X… on main net, T… on test net). Shared by the API (the lookup route) and the dapp
// (the lookup and the payment form), each passing xrpl.js's codec functions, so neither loads xrpl.js for the
// other: the API imports it, the page loads it on first use.

/** The xrpl.js functions this needs (xrpl exports them from ripple-address-codec). */
export interface XrplAddressCodec {
  isValidClassicAddress(address: string): boolean;
  isValidXAddress(xAddress: string): boolean;
  xAddressToClassicAddress(xAddress: string): { classicAddress: string; tag: number | false; test: boolean };
}

export type XrplAddressReading =
  | {
      ok: true;
      /** The classic address (r…) the ledger knows. */
      classicAddress: string;
      /** The destination tag an X-address carries; null for a classic address or an X-address without one. */
      tag: number | null;
      /** The X-address as typed; null when a classic address was typed. */
      xAddress: string | null;
    }
  | { ok: false; reason: string };

/** What an X-address looks like before its checksum is checked: X or T and 46 base58 characters. */
const X_ADDRESS_SHAPE = /^[XT][1-9A-HJ-NP-Za-km-z]{46}$/;

export const XRPL_ADDRESS_HINT = "a classic XRPL address (r…) or a test-net X-address (T…)";

/**
 * Reads a typed address: a classic one as it is, a test-net X-address as its classic address and tag. A
 * main-net X-address is refused (this app reads and pays on the XRPL testnet), and so is a bad checksum.
 */
export function readXrplAddress(text: string, codec: XrplAddressCodec): XrplAddressReading {
  const value = text.trim();
  if (value === "") return { ok: false, reason: `Enter ${XRPL_ADDRESS_HINT}` };
  if (codec.isValidClassicAddress(value)) return { ok: true, classicAddress: value, tag: null, xAddress: null };
  if (codec.isValidXAddress(value)) {
    const { classicAddress, tag, test } = codec.xAddressToClassicAddress(value);
    if (!test)
      return {
        ok: false,
        reason: `This is a main-net X-address (${classicAddress}${tag === false ? "" : `, tag ${tag}`}): this app works on the XRPL testnet, where it means nothing. Use the account's test-net X-address (T…) or its classic address`,
      };
    return { ok: true, classicAddress, tag: tag === false ? null : tag, xAddress: value };
  }
  if (X_ADDRESS_SHAPE.test(value))
    return { ok: false, reason: "This is not a valid X-address (its checksum does not match): check for a typo" };
  if (/^r[1-9A-HJ-NP-Za-km-z]{24,34}$/.test(value))
    return { ok: false, reason: "This is not a valid XRPL address (its checksum does not match): check for a typo" };
  return { ok: false, reason: `Enter ${XRPL_ADDRESS_HINT}: r followed by 24-34 base58 characters, or T and 46` };
}
