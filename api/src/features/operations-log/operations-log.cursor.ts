// A position in the log, opaque to the client: the direction to read in and the row it reads from. The row's time is
// PostgreSQL's own text (microseconds; a JS Date would keep only milliseconds, and two rows a microsecond apart would
// fall on the same side of the cursor).

export type Direction = "older" | "newer";

export interface Position {
  at: string;
  id: string;
}

export interface Cursor extends Position {
  direction: Direction;
}

const PG_TIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)$/;
const ROW_ID = /^[a-z_]+:[^\s|]{1,240}$/;

export const encodeCursor = (direction: Direction, p: Position): string =>
  Buffer.from(`${direction}|${p.at}|${p.id}`).toString("base64url");

/** The cursor, or null when the text is not one this API gave out. */
export function decodeCursor(text: string): Cursor | null {
  const [direction = "", at = "", id = "", ...rest] = Buffer.from(text, "base64url").toString("utf8").split("|");
  if (rest.length > 0 || (direction !== "older" && direction !== "newer")) return null;
  return PG_TIME.test(at) && ROW_ID.test(id) ? { direction, at, id } : null;
}
