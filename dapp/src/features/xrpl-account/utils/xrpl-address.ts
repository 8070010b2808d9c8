// X-addresses in the page: read with xrpl.js's codec (loaded on first use, never in a page's first load) by the
// API's own rules (api/src/features/xrpl-account/xrpl-account.address.ts), so the page and the API say the same.
import { useEffect, useState } from "react";
import { loadXrpl } from "../../../lib/xrpl/xrpl-wallet";
import {
  readXrplAddress,
  type XrplAddressCodec,
} from "../../../../../api/src/features/xrpl-account/xrpl-account.address";

export {
  readXrplAddress,
  XRPL_ADDRESS_HINT,
  type XrplAddressCodec,
} from "../../../../../api/src/features/xrpl-account/xrpl-account.address";

/** Typed text that can only be an X-address (X… main net, T… test net): its reading needs the codec. */
export const looksLikeXAddress = (text: string) => /^[XT]/.test(text.trim());

/** xrpl.js's address codec once `needed` (say, when an X-address is typed); null until it has loaded. */
export function useXrplCodec(needed: boolean): XrplAddressCodec | null {
  const [codec, setCodec] = useState<XrplAddressCodec | null>(null);
  useEffect(() => {
    if (!needed || codec) return;
    let current = true;
    void loadXrpl().then((m) => {
      if (current)
        setCodec({
          isValidClassicAddress: m.isValidClassicAddress,
          isValidXAddress: m.isValidXAddress,
          xAddressToClassicAddress: m.xAddressToClassicAddress,
        });
    });
    return () => {
      current = false;
    };
  }, [needed, codec]);
  return codec;
}

const CLASSIC = /^r[1-9A-HJ-NP-Za-km-z]{24,34}$/;

/**
 * An address as typed: a classic address as it is, a test-net X-address as its classic address and tag
 * (xrpl.js's codec, loaded once an X-address is typed: `codec` null means not loaded yet).
 */
export function readDestination(
  text: string,
  codec: XrplAddressCodec | null,
): { ok: true; classic: string; tag: number | null; xAddress: boolean } | { ok: false; reason: string } {
  const value = text.trim();
  if (looksLikeXAddress(value)) {
    if (!codec) return { ok: false, reason: "Reading the X-address…" };
    const r = readXrplAddress(value, codec);
    return r.ok ? { ok: true, classic: r.classicAddress, tag: r.tag, xAddress: true } : r;
  }
  if (!CLASSIC.test(value))
    return {
      ok: false,
      reason: "An XRPL address starts with r and has 25-35 base58 characters, or is a test-net X-address (T…)",
    };
  return { ok: true, classic: value, tag: null, xAddress: false };
}
