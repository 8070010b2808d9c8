// The one way the pages write times and durations. Two clocks meet on these pages: the wall clock (when the
// API did something) and the chain's clock (a block's timestamp). On the local chain they part: a time jump
// moves the chain days ahead of the wall clock, so a chain time is always labelled as one. Light: most pages
// load this with their first view.

/** A moment: ISO text, a Date, or unix seconds (a block timestamp). */
export type Moment = string | number | Date;

const toDate = (at: Moment): Date => (at instanceof Date ? at : new Date(typeof at === "number" ? at * 1000 : at));

/**
 * The local date and time of a moment; `clock: "chain"` adds "chain time" for a block's timestamp, which on the
 * local chain can run ahead of the wall clock. Text that is not a date comes back as given.
 */
export function timeText(at: Moment, clock: "wall" | "chain" = "wall"): string {
  const date = toDate(at);
  if (Number.isNaN(date.getTime())) return String(at);
  const text = date.toLocaleString();
  return clock === "chain" ? `${text} chain time` : text;
}

/** One rule for durations, the API's sentences and the pages alike (zod-free, no imports). */
export { durationInWords } from "../../../api/src/shared/duration-in-words";
