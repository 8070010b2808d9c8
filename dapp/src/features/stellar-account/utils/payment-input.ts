// The payment form's checks, as the user types (no zod: the page stays light): a destination with its
// StrKey checksum, an amount with at most 7 decimals, a text memo of at most 28 BYTES counted as UTF-8.
import { checkStrKey } from "../../../lib/stellar/strkey";
import { STELLAR_AMOUNT_DECIMALS, STELLAR_MEMO_TEXT_MAX_BYTES } from "../constants";

/** Bytes of `text` as UTF-8: what Stellar counts for a text memo (an emoji is 4). */
export const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

export function destinationError(value: string): string | null {
  if (!value) return "Enter the destination account (G…)";
  const check = checkStrKey(value, "G");
  return check.ok ? null : check.reason;
}

const AMOUNT = new RegExp(`^\\d+(\\.\\d{1,${STELLAR_AMOUNT_DECIMALS}})?$`);

export function amountError(value: string): string | null {
  if (!value) return "Enter an amount";
  if (!AMOUNT.test(value))
    return /\.\d{8,}$/.test(value)
      ? `At most ${STELLAR_AMOUNT_DECIMALS} decimals (Stellar's precision)`
      : "A positive number, like 12.5";
  if (/^0+(\.0+)?$/.test(value)) return "The amount must be more than 0";
  if (value.split(".")[0]!.replace(/^0+/, "").length > 12) return "Too large for a Stellar amount";
  return null;
}

export function memoError(value: string): string | null {
  const bytes = utf8Bytes(value);
  return bytes > STELLAR_MEMO_TEXT_MAX_BYTES
    ? `The memo is ${bytes} bytes; a text memo holds ${STELLAR_MEMO_TEXT_MAX_BYTES} bytes (UTF-8)`
    : null;
}
