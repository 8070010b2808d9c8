import type { EnvelopeCheck } from "../q-isolator.constants";

/** An envelope the product will not open, and the check that said no (in ENVELOPE_CHECKS order). */
export class EnvelopeRefused extends Error {
  readonly check: EnvelopeCheck;
  readonly detail: string;
  constructor(check: EnvelopeCheck, detail: string) {
    super(`${check}: ${detail}`);
    this.name = "EnvelopeRefused";
    this.check = check;
    this.detail = detail;
  }
}

/** A seal or re-wrap asked to give one recipient id two stanzas. */
export class DuplicateRecipient extends Error {
  readonly recipientId: string;
  constructor(recipientId: string) {
    super(`recipient ${recipientId} already holds a stanza in this envelope`);
    this.name = "DuplicateRecipient";
    this.recipientId = recipientId;
  }
}
