import { render, screen, within } from "@testing-library/react";
import { narrowScreen } from "../testing/narrow-screen";
import { DataTable, type DataColumn } from "./data-table";

type Bond = { maturity: string; yield: string; duration: string; dv01: string; volume: string };
const ROWS: Bond[] = [
  { maturity: "2 Yr", yield: "3.51%", duration: "1.912", dv01: "$191", volume: "not in the data" },
  { maturity: "10 Yr", yield: "4.12%", duration: "8.104", dv01: "$810", volume: "not in the data" },
];
const COLUMNS: DataColumn<Bond>[] = [
  { id: "maturity", header: "Maturity", primary: true, cell: (b) => b.maturity },
  {
    id: "yield",
    header: "Current yield",
    align: "right",
    cell: (b) => b.yield,
    cellProps: () => ({ "data-testid": "yield" }),
  },
  { id: "duration", header: "Duration", align: "right", cell: (b) => b.duration },
  { id: "dv01", header: "DV01 / $1m", align: "right", cell: (b) => b.dv01 },
  { id: "volume", header: "Daily volume", align: "right", cell: (b) => b.volume },
];

function Bonds() {
  return (
    <DataTable
      columns={COLUMNS}
      rows={ROWS}
      rowKey={(b) => b.maturity}
      rowProps={(b) => ({ "data-testid": "bond-row", "data-maturity": b.maturity })}
      testId="bonds"
      label="Bonds"
      footer={{ maturity: "Total", dv01: "$1,001" }}
    />
  );
}

describe("DataTable", () => {
  it("is a table from 600 px: every header, the primary column as each row's header", () => {
    render(<Bonds />);
    const table = screen.getByRole("table", { name: "Bonds" });
    expect(table).toHaveAttribute("data-testid", "bonds");
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Maturity", "Current yield", "Duration", "DV01 / $1m", "Daily volume"]);
    expect(
      within(table)
        .getAllByRole("rowheader")
        .map((h) => h.textContent),
    ).toEqual(["2 Yr", "10 Yr"]);
    expect(screen.getAllByTestId("bond-row")[1]).toHaveAttribute("data-maturity", "10 Yr");
    expect(screen.getAllByTestId("yield").map((c) => c.textContent)).toEqual(["3.51%", "4.12%"]);
    expect(screen.getByTestId("bonds-footer")).toHaveTextContent("Total$1,001");
  });

  it("is a list of cards below 600 px, each showing every column as 'Header: value', nothing hidden", () => {
    narrowScreen();
    render(<Bonds />);
    expect(screen.queryByRole("table")).toBeNull();
    const list = screen.getByRole("list", { name: "Bonds" });
    expect(list).toHaveAttribute("data-testid", "bonds");
    const cards = within(list).getAllByTestId("bond-row");
    expect(cards).toHaveLength(2);
    expect(cards[1]).toHaveAttribute("data-maturity", "10 Yr");
    // Each card is a description list: every header beside its value, the primary column first.
    const terms = within(cards[1]!)
      .getAllByRole("term")
      .map((t) => t.textContent);
    const values = within(cards[1]!)
      .getAllByRole("definition")
      .map((d) => d.textContent);
    expect(terms).toEqual(["Maturity", "Current yield", "Duration", "DV01 / $1m", "Daily volume"]);
    expect(values).toEqual(["10 Yr", "4.12%", "8.104", "$810", "not in the data"]);
    // Cells keep their attributes, so the same test ids find them in either layout.
    expect(screen.getAllByTestId("yield").map((c) => c.textContent)).toEqual(["3.51%", "4.12%"]);
    const footer = screen.getByTestId("bonds-footer");
    expect(
      within(footer)
        .getAllByRole("term")
        .map((t) => t.textContent),
    ).toEqual(["Maturity", "DV01 / $1m"]);
  });
});
