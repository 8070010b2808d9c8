import { ApiRequestError } from "../../../lib/api-client";
import { describeQueryError } from "../../../lib/api-errors";

/** A treasury operation the API refused because of its input (the vault cannot back it, the cap, a bad amount). */
export type Refusal = {
  /** The API's sentence, with its numbers ("100,000,000 XQBUSD at 150% needs $150,000,000 of collateral; the vault holds $X"). */
  message: string;
  /** The field issues beyond the sentence. */
  details: string[];
  /** The largest amount the vault can back, as decimal text, when the API gave one. */
  maxAmount: string | null;
};

/**
 * The refusal in an INVALID_INPUT answer, or null for any other failure (those are not the user's to fix).
 * `maxAmount` is read from the raw body (the shared error reader keeps only the common fields): at the top
 * level, under `details`, or failing both from the sentence ("... the largest amount it can back is 12,345.6").
 */
export function refusalOf(error: unknown): Refusal | null {
  if (!(error instanceof ApiRequestError) || error.code !== "INVALID_INPUT" || !error.body) return null;
  const raw = parse(error.bodyText);
  const issues = error.body.issues ?? [];
  // The dev-key co-signing refused (no keys on this chain) is not the vault's refusal: said as a failure.
  if (issues.length > 0 && issues.every((i) => i.path === "coSign")) return null;
  const details = issues.map((i) => i.message).filter((m) => m !== error.body!.error);
  const candidates = [raw?.maxAmount, (raw?.details as Record<string, unknown> | undefined)?.maxAmount];
  let maxAmount: string | null = null;
  for (const c of candidates) {
    if (typeof c === "string" && /^\d+(\.\d+)?$/.test(c)) maxAmount = c;
    else if (typeof c === "number" && Number.isFinite(c) && c >= 0) maxAmount = String(c);
    if (maxAmount !== null) break;
  }
  if (maxAmount === null) {
    const m = [error.body.error, ...details].join(" ").match(/(?:largest|maximum|max)[^0-9$]*\$?([\d,]+(?:\.\d+)?)/i);
    if (m) maxAmount = m[1]!.replace(/,/g, "");
  }
  return { message: error.body.error, details, maxAmount };
}

function parse(text: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === "object" ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * A failure in words for this page: a CONFLICT (the Safe proposal was already executed, or another Safe
 * transaction took its nonce) in the API's own sentence, which says what happened; anything else as the
 * shared reader puts it.
 */
export function failureOf(error: unknown): { title: string; message: string } {
  if (error instanceof ApiRequestError && error.code === "CONFLICT" && error.body) {
    return {
      title: "The Safe moved on",
      message: `${error.body.error}. Read the treasury again and retry if it still applies.`,
    };
  }
  const view = describeQueryError(error);
  return { title: view.title, message: view.message };
}
