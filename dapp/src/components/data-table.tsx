import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import { useTheme, type SxProps, type Theme } from "@mui/material/styles";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import useMediaQuery from "@mui/material/useMediaQuery";

/** `data-*` attributes (a test id, a row's state for the e2e tests) and a tooltip, on a row or a cell in both layouts. */
export type DataAttributes = { [key: `data-${string}`]: string | number | boolean | undefined; title?: string };

export type DataColumn<R> = {
  id: string;
  /** The column's header in the table, and the label before each value on a card (none: the value spans the card). */
  header: ReactNode;
  cell: (row: R, index: number) => ReactNode;
  /** The row's name (the bond's maturity, the attack): the row header in the table, the first line of its card. */
  primary?: boolean;
  align?: "left" | "right";
  /** Attributes of each of this column's cells: `data-testid`, a tooltip. */
  cellProps?: (row: R, index: number) => DataAttributes;
  /** The value's look (monospace, colour, weight) in both layouts. */
  sx?: SxProps<Theme>;
  /** Table only: the cell's extra styles there (min width, nowrap). */
  tableSx?: SxProps<Theme>;
};

export type DataTableProps<R> = {
  columns: readonly DataColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R, index: number) => string;
  /** Attributes of each row (`<tr>` in the table, `<li>` on a phone): `data-testid`, data the tests read. */
  rowProps?: (row: R, index: number) => DataAttributes;
  /** The table's (or the card list's) `data-testid`. */
  testId?: string;
  /** The accessible name of the table, or of the card list. */
  label?: string;
  /** A totals row after the others, by column id: a last row in the table, a last card on a phone. */
  footer?: Partial<Record<string, ReactNode>>;
  size?: "small" | "medium";
  /** The table's own styles (cell padding, nowrap). */
  sx?: SxProps<Theme>;
};

const list = (sx: SxProps<Theme> | undefined): readonly SxProps<Theme>[] =>
  sx === undefined ? [] : Array.isArray(sx) ? (sx as SxProps<Theme>[]) : [sx];
const merge = (...parts: (SxProps<Theme> | undefined)[]) => parts.flatMap((p) => list(p)) as SxProps<Theme>;

/**
 * Rows of data that stay whole on a phone. From 600 px (MUI `sm`) a table; below it a list of cards, one per
 * row, each showing every column as "Header: value" (the primary column first): on a 390 px screen a table of
 * five or seven columns either hides columns with no cue or sits in a box narrower than itself, and neither
 * shows what the row says. Rows and cells carry the same `data-*` attributes in both layouts, so tests and
 * e2e selectors find them either way. The layout follows `matchMedia`, so only one of the two is in the DOM.
 */
export function DataTable<R>({
  columns,
  rows,
  rowKey,
  rowProps,
  testId,
  label,
  footer,
  size = "small",
  sx,
}: DataTableProps<R>) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down("sm"), { noSsr: true });
  if (narrow) {
    const ordered = [...columns.filter((c) => c.primary), ...columns.filter((c) => !c.primary)];
    const card = (
      key: string,
      attrs: DataAttributes | undefined,
      pairs: { column: DataColumn<R>; value: ReactNode; attrs?: DataAttributes }[],
    ) => (
      <Box
        component="li"
        key={key}
        {...attrs}
        sx={{ border: 1, borderColor: "divider", borderRadius: 1, px: 1.5, py: 1, minWidth: 0 }}
      >
        <Box
          component="dl"
          sx={{
            m: 0,
            display: "grid",
            gridTemplateColumns: "minmax(0, max-content) minmax(0, 1fr)",
            columnGap: 1.5,
            rowGap: 0.5,
            typography: "body2",
          }}
        >
          {pairs.map(({ column, value, attrs: cellAttrs }) => {
            // A column without a header (a row's action button) takes the card's whole width.
            const unnamed = column.header === undefined || column.header === null || column.header === "";
            return (
              <Box key={column.id} sx={{ display: "contents" }}>
                {unnamed ? null : (
                  <Box component="dt" sx={{ color: "text.secondary", overflowWrap: "anywhere" }}>
                    {column.header}
                  </Box>
                )}
                <Box
                  component="dd"
                  {...cellAttrs}
                  sx={merge(
                    { m: 0, minWidth: 0, overflowWrap: "anywhere" },
                    unnamed ? { gridColumn: "1 / -1" } : undefined,
                    column.primary ? { fontWeight: 600 } : undefined,
                    column.sx,
                  )}
                >
                  {value}
                </Box>
              </Box>
            );
          })}
        </Box>
      </Box>
    );
    return (
      <Box
        component="ul"
        // Safari drops a list's semantics with its bullets: say it is one.
        role="list"
        aria-label={label}
        data-testid={testId}
        data-layout="cards"
        sx={{ listStyle: "none", m: 0, p: 0, display: "grid", gap: 1 }}
      >
        {rows.map((row, index) =>
          card(
            rowKey(row, index),
            rowProps?.(row, index),
            ordered.map((column) => ({
              column,
              value: column.cell(row, index),
              attrs: column.cellProps?.(row, index),
            })),
          ),
        )}
        {footer
          ? card(
              "footer",
              { "data-testid": testId ? `${testId}-footer` : undefined },
              ordered.filter((c) => c.id in footer).map((column) => ({ column, value: footer[column.id] })),
            )
          : null}
      </Box>
    );
  }
  return (
    // From 600 px a wide table may still be wider than its box: it scrolls there, and the box takes the focus so
    // the keyboard can scroll it too (a named region).
    <Box
      sx={{ overflowX: "auto", maxWidth: "100%" }}
      {...(label ? { role: "region", "aria-label": label, tabIndex: 0 } : {})}
    >
      <Table size={size} aria-label={label} data-testid={testId} data-layout="table" sx={sx}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.id} align={c.align} sx={c.tableSx}>
                {c.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => (
            <TableRow key={rowKey(row, index)} {...rowProps?.(row, index)}>
              {columns.map((c) => (
                <TableCell
                  key={c.id}
                  align={c.align}
                  {...(c.primary ? { component: "th", scope: "row" } : {})}
                  {...c.cellProps?.(row, index)}
                  sx={merge(c.primary ? { fontWeight: 600 } : undefined, c.sx, c.tableSx)}
                >
                  {c.cell(row, index)}
                </TableCell>
              ))}
            </TableRow>
          ))}
          {footer ? (
            <TableRow data-testid={testId ? `${testId}-footer` : undefined}>
              {columns.map((c) => (
                <TableCell key={c.id} align={c.align} sx={merge({ fontWeight: 700 }, c.tableSx)}>
                  {footer[c.id]}
                </TableCell>
              ))}
            </TableRow>
          ) : null}
        </TableBody>
      </Table>
    </Box>
  );
}
