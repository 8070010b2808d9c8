import Box from "@mui/material/Box";
import { DataTable, type DataColumn } from "../../../components/data-table";
import { Fact, Facts } from "../../../components/facts";
import type { DependencyVersion, TechnicalOverviewResponse } from "../api/contract";
import { Section } from "./section";

const MONO = { fontFamily: "monospace", fontSize: "0.8rem" } as const;

const COLUMNS: readonly DataColumn<DependencyVersion>[] = [
  { id: "name", header: "Package", primary: true, cell: (d) => d.name, sx: MONO },
  {
    id: "version",
    header: "Installed",
    cell: (d) => d.version ?? "not installed",
    sx: MONO,
    cellProps: () => ({ "data-testid": "dependency-version" }),
  },
  { id: "declared", header: "Declared", cell: (d) => d.declared ?? "(indirect)", sx: MONO },
  { id: "part", header: "Used for", cell: (d) => d.part },
];

export function DependenciesSection({ o }: { o: TechnicalOverviewResponse }) {
  const { solidity } = o.versions;
  return (
    <Section id="dependencies" title="Dependencies" source={o.rules.versions}>
      <Box sx={{ mb: 2 }}>
        <Facts testId="runtime-versions">
          <Fact term="Solidity" mono testId="solidity-version">
            {solidity.version
              ? `solc ${solidity.version}${solidity.optimizer ? `, optimizer ${solidity.optimizer.enabled ? `on (${solidity.optimizer.runs} runs)` : "off"}` : ""}${solidity.evmVersion ? `, EVM ${solidity.evmVersion}` : ""}, ${solidity.files} files`
              : `not known: ${solidity.reason}`}
          </Fact>
          <Fact term="Node.js" mono testId="node-version">
            {o.versions.node}
          </Fact>
        </Facts>
      </Box>
      <DataTable
        columns={COLUMNS}
        rows={o.versions.dependencies}
        rowKey={(d) => d.name}
        rowProps={(d) => ({ "data-testid": "dependency-row", "data-name": d.name })}
        testId="dependencies-table"
        label="Dependency versions"
      />
    </Section>
  );
}
