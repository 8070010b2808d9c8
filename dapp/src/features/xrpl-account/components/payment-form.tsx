import { useState } from "react";
import Box from "@mui/material/Box";
import TextField from "@mui/material/TextField";
import { ActionButton, AmountField, textRule } from "../../../components/form";
import { XRPL_DESTINATION_TAG_MAX, XRPL_MEMO_MAX_BYTES } from "../constants";
import { looksLikeXAddress, readDestination, useXrplCodec, type XrplAddressCodec } from "../utils/xrpl-address";

export interface PaymentInput {
  destination: string;
  amountXrp: string;
  destinationTag?: number;
  memo?: string;
}

/** What is wrong with an amount of XRP typed as text, or null: a plain positive decimal of at most 6 places (drops). */
export function xrpAmountProblem(text: string): string | null {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!m) return "Enter an amount of XRP, e.g. 12.5";
  if ((m[2] ?? "").length > 6) return "At most 6 decimals (1 drop = 0.000001 XRP)";
  if (Number(text) <= 0) return "Must be greater than 0 XRP";
  return null;
}

const AMOUNT_RULE = textRule(xrpAmountProblem);

/** Why each field is wrong, in words; empty when the payment can be built. Checked as typed, before any click. */
export function checkPayment(
  v: { destination: string; amount: string; tag: string; memo: string },
  self: string | null,
  codec: XrplAddressCodec | null = null,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const dest = readDestination(v.destination, codec);
  if (!dest.ok) errors.destination = dest.reason;
  else if (dest.classic === self)
    errors.destination = "That is your own address (temREDUNDANT: a payment to oneself does nothing)";
  const amount = xrpAmountProblem(v.amount);
  if (amount) errors.amount = amount;
  if (v.tag.trim() !== "") {
    if (!/^\d+$/.test(v.tag.trim()) || Number(v.tag) > XRPL_DESTINATION_TAG_MAX)
      errors.tag = `A whole number from 0 to ${XRPL_DESTINATION_TAG_MAX}`;
    else if (dest.ok && dest.tag !== null && Number(v.tag) !== dest.tag)
      errors.tag = `The X-address carries destination tag ${dest.tag}: leave this empty or enter ${dest.tag}`;
  }
  if (new TextEncoder().encode(v.memo).length > XRPL_MEMO_MAX_BYTES)
    errors.memo = `At most ${XRPL_MEMO_MAX_BYTES} bytes`;
  return errors;
}

/**
 * Destination (r… or a test-net X-address, sent as its classic address and tag), amount in XRP, destination tag
 * (0..2^32-1) and a text memo.
 */
export function PaymentForm({
  self,
  busy,
  onSend,
}: {
  self: string | null;
  busy: boolean;
  onSend: (p: PaymentInput) => void;
}) {
  const [v, setV] = useState({ destination: "", amount: "", tag: "", memo: "" });
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const codec = useXrplCodec(looksLikeXAddress(v.destination));
  const errors = checkPayment(v, self, codec);
  const dest = readDestination(v.destination, codec);
  const show = (k: keyof typeof v) => (touched[k] || v[k] !== "") && errors[k] !== undefined;
  const field = (k: keyof typeof v) => ({
    value: v[k],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setV({ ...v, [k]: e.target.value }),
    onBlur: () => setTouched({ ...touched, [k]: true }),
    error: show(k),
  });
  const submit = () => {
    setTouched({ destination: true, amount: true, tag: true, memo: true });
    if (Object.keys(errors).length > 0) return;
    if (!dest.ok) return;
    const tag = v.tag.trim() !== "" ? Number(v.tag) : dest.tag;
    onSend({
      destination: dest.classic,
      amountXrp: v.amount.trim(),
      ...(tag !== null ? { destinationTag: tag } : {}),
      ...(v.memo !== "" ? { memo: v.memo } : {}),
    });
  };
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => (e.preventDefault(), submit())}
      data-testid="xrpl-payment-form"
      sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}
    >
      <TextField
        label="Destination (r… or X-address)"
        {...field("destination")}
        helperText={
          show("destination") ? (
            errors.destination
          ) : dest.ok && dest.xAddress ? (
            <span data-testid="xrpl-destination-decoded">
              Test-net X-address: {dest.classic},{" "}
              {dest.tag === null ? "no destination tag" : `destination tag ${dest.tag}`}
            </span>
          ) : (
            "The account receiving the XRP"
          )
        }
        slotProps={{ htmlInput: { "data-testid": "xrpl-destination-input", spellCheck: false } }}
        sx={{ gridColumn: { sm: "1 / -1" } }}
      />
      <AmountField
        id="xrpl-amount"
        label="Amount (XRP)"
        unit="XRP"
        step={0.000001}
        value={v.amount}
        onChange={(amount) => setV({ ...v, amount })}
        schema={AMOUNT_RULE}
        schemaInput="text"
        inputTestId="xrpl-amount-input"
        hint="Up to 6 decimals"
      />
      <TextField
        label="Destination tag (optional)"
        {...field("tag")}
        helperText={show("tag") ? errors.tag : `0 to ${XRPL_DESTINATION_TAG_MAX}`}
        slotProps={{ htmlInput: { "data-testid": "xrpl-tag-input", inputMode: "numeric" } }}
      />
      <TextField
        label="Memo (optional)"
        {...field("memo")}
        helperText={show("memo") ? errors.memo : "Public on the ledger"}
        slotProps={{ htmlInput: { "data-testid": "xrpl-memo-input" } }}
        sx={{ gridColumn: { sm: "1 / -1" } }}
      />
      <Box sx={{ gridColumn: { sm: "1 / -1" } }}>
        <ActionButton
          label="Sign and send"
          pendingLabel="Signing and waiting for validation…"
          pending={busy}
          busy={false}
          reason={
            !self
              ? "Generate or enter a wallet first"
              : ((["destination", "amount", "tag", "memo"] as const).map((k) => errors[k]).find(Boolean) ?? null)
          }
          testId="xrpl-send-button"
        />
      </Box>
    </Box>
  );
}
