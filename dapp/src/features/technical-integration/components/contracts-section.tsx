import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { DataTable, type DataColumn } from "../../../components/data-table";
import { Notice } from "../../../components/notice";
import { Pill } from "../../../components/pill";
import { shortenHex } from "../../../lib/format";
import type { DeployedContract, TechnicalOverviewResponse } from "../api/contract";
import { HexValue } from "./hex-value";
import { Section } from "./section";

const small = { variant: "caption", color: "text.secondary", component: "div" } as const;

function Admins({ c }: { c: DeployedContract }) {
  if (c.admins === null) return <Typography {...small}>not read</Typography>;
  if (c.admins.length === 0) return <Typography {...small}>none (no roles, no owner)</Typography>;
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: "none" }}>
      {c.admins.map((h) => (
        <Box
          component="li"
          key={`${h.role}|${h.holder}`}
          data-testid="admin-holder"
          data-role={h.role}
          data-kind={h.kind}
        >
          <Box component="span" sx={{ fontFamily: "monospace", fontSize: "0.75rem" }}>
            {h.role}
          </Box>
          :{" "}
          <Box component="span" title={h.holder}>
            {h.holderName} ({shortenHex(h.holder, 6, 4)})
          </Box>
        </Box>
      ))}
    </Box>
  );
}

const COLUMNS: readonly DataColumn<DeployedContract>[] = [
  {
    id: "name",
    header: "Contract",
    primary: true,
    cell: (c) => (
      <>
        {c.name}
        {c.external ? <Pill size="small" variant="outlined" label="external" sx={{ ml: 1 }} /> : null}
      </>
    ),
    cellProps: () => ({ "data-testid": "contract-name" }),
  },
  {
    id: "address",
    header: "Address",
    cell: (c) => <HexValue value={c.address} what={`${c.name} address`} testId="contract-address" />,
  },
  {
    id: "block",
    header: "Deploy block",
    cell: (c) => (
      <>
        <Box component="span" data-testid="contract-block">
          #{c.deployedOnBlock}
        </Box>
        {c.deployTransaction.value ? (
          <Typography {...small}>
            <HexValue
              value={c.deployTransaction.value.hash}
              what={`${c.name} deploy transaction`}
              testId="contract-tx"
            />
            {c.deployTransaction.value.how === "factory" ? " (by a factory)" : ""}
          </Typography>
        ) : (
          <Typography {...small}>transaction not found: {c.deployTransaction.reason}</Typography>
        )}
      </>
    ),
  },
  {
    id: "code",
    header: "Code hash",
    cell: (c) =>
      c.code.hash ? (
        <>
          <HexValue value={c.code.hash} what={`${c.name} code hash`} testId="contract-code-hash" />
          <Typography {...small}>
            {c.code.bytes?.toLocaleString("en-US")} bytes{c.code.compiler ? `, ${c.code.compiler}` : ""}
          </Typography>
        </>
      ) : (
        <Typography variant="body2" color="warning.main" data-testid="contract-no-code">
          {c.code.present === false ? "no code: " : "not read: "}
          {c.code.reason}
        </Typography>
      ),
  },
  { id: "admins", header: "Admin holders", cell: (c) => <Admins c={c} /> },
];

export function ContractsSection({ o }: { o: TechnicalOverviewResponse }) {
  const withCode = o.contracts.filter((c) => c.code.present).length;
  return (
    <Section
      id="contracts"
      title="Contracts"
      source={
        <>
          {o.contracts.length} contracts of {o.chain.deployMap} on chain {o.chain.chainId} ({o.chain.network});{" "}
          {withCode} have code now. {o.rules.codeHash} {o.rules.admins}
        </>
      }
    >
      {o.contractsNote ? <Notice severity="info">{o.contractsNote}</Notice> : null}
      {o.admins.note ? (
        <Notice severity="warning" data-testid="admins-note">
          Admin holders: {o.admins.note}
        </Notice>
      ) : null}
      <DataTable
        columns={COLUMNS}
        rows={o.contracts}
        rowKey={(c) => c.name}
        rowProps={(c) => ({ "data-testid": "contract-row", "data-name": c.name, "data-address": c.address })}
        testId="contracts-table"
        label="Contracts of the deploy map"
      />
    </Section>
  );
}
