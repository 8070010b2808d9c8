// A JSON number whose text a double cannot hold exactly (99.99999999999999999999999, 1e400,
// 1.000000000000000001). The body parser hands these to the schemas as this object, never as the rounded
// double JSON.parse would make of them, so an amount is refused rather than silently changed.
export class UnsafeNumber {
  constructor(readonly text: string) {}
  toJSON(): string {
    return this.text;
  }
}

/** The message every number field gives for one: it names the text the client sent. */
export const unsafeNumberMessage = (n: UnsafeNumber, unit?: string) =>
  `${n.text} cannot be held exactly as a number${unit ? ` of ${unit}` : ""}: too many digits or out of range; send fewer digits`;
