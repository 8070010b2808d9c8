import { useState, type FormEvent } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useWalletAccount } from "../../../components/wallet/wallet-account";
import type { OperationsFilterInput } from "../api/get-operations";
import type { OperationsOption } from "../api/contract";
import { FEATURE_LABELS, LEDGER_LABELS } from "../constants";
import type { FilterName } from "./use-log-params";

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export type LogOptions = { features: OperationsOption[]; ledgers: OperationsOption[] };

/** A filter's choices: every value the log holds with its rows, and the one the URL names even if it holds none. */
function choices(options: OperationsOption[], current: string | undefined, label: (v: string) => string) {
  const list = options.map((o) => ({ value: o.value, text: `${label(o.value)} (${o.count})` }));
  if (current && !options.some((o) => o.value === current))
    list.unshift({ value: current, text: `${label(current)} (0)` });
  return list;
}

function FilterSelect({
  id,
  label,
  value,
  items,
  onChange,
}: {
  id: FilterName;
  label: string;
  value: string | undefined;
  items: { value: string; text: string }[];
  onChange: (value: string | null) => void;
}) {
  return (
    <TextField
      select
      id={`operations-${id}`}
      label={label}
      value={value ?? ""}
      onChange={(e) => onChange(e.target.value || null)}
      // "All" is a value the native select shows: the label sits above it, not over it.
      slotProps={{
        select: { native: true },
        inputLabel: { shrink: true },
        htmlInput: { "data-testid": `filter-${id}` },
      }}
      size="small"
      sx={{ minWidth: { xs: "100%", sm: 200 } }}
    >
      <option value="">All</option>
      {items.map((i) => (
        <option key={i.value} value={i.value}>
          {i.text}
        </option>
      ))}
    </TextField>
  );
}

/** The wallet filter: an address typed (checked as typed), or the connected wallet in one press. */
function WalletFilter({ value, onChange }: { value: string | undefined; onChange: (value: string | null) => void }) {
  const [text, setText] = useState(value ?? "");
  const { address } = useWalletAccount();
  const typed = text.trim();
  const problem = typed && !ADDRESS.test(typed) ? "must be a 0x-prefixed 20-byte hex address" : null;
  const apply = (e: FormEvent) => {
    e.preventDefault();
    if (!problem) onChange(typed || null);
  };
  const mine = address !== undefined && value?.toLowerCase() === address.toLowerCase();
  return (
    <Box
      component="form"
      onSubmit={apply}
      noValidate
      sx={{ display: "flex", flexWrap: "wrap", gap: 1, alignItems: "flex-start" }}
    >
      <TextField
        id="operations-wallet"
        label="Wallet"
        placeholder="0x…"
        value={text}
        onChange={(e) => setText(e.target.value)}
        error={problem !== null}
        helperText={problem ?? "Rows this address sent or was served"}
        size="small"
        slotProps={{ htmlInput: { "data-testid": "filter-wallet", spellCheck: false, autoComplete: "off" } }}
        sx={{ minWidth: { xs: "100%", sm: 330 }, flex: 1 }}
      />
      <Button type="submit" variant="outlined" disabled={problem !== null} data-testid="filter-wallet-apply">
        Apply
      </Button>
      {address ? (
        <Button
          variant={mine ? "contained" : "outlined"}
          aria-pressed={mine}
          onClick={() => {
            setText(mine ? "" : address);
            onChange(mine ? null : address);
          }}
          data-testid="filter-mine"
        >
          Mine
        </Button>
      ) : null}
    </Box>
  );
}

/** Ledger, feature, source and wallet: each in the URL, each narrowing the rows in the database. */
export function LogFilters({
  filters,
  options,
  onChange,
  onClear,
}: {
  filters: OperationsFilterInput;
  options: LogOptions | undefined;
  onChange: (name: FilterName, value: string | null) => void;
  onClear: (() => void) | null;
}) {
  return (
    <Stack component="section" aria-label="Filters" spacing={1.5} data-testid="operations-filters">
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1.5 }}>
        <FilterSelect
          id="ledger"
          label="Ledger"
          value={filters.ledger}
          items={choices(options?.ledgers ?? [], filters.ledger, (v) => LEDGER_LABELS[v] ?? v)}
          onChange={(v) => onChange("ledger", v)}
        />
        <FilterSelect
          id="feature"
          label="Feature"
          value={filters.feature}
          items={choices(options?.features ?? [], filters.feature, (v) => FEATURE_LABELS[v] ?? v)}
          onChange={(v) => onChange("feature", v)}
        />
        <FilterSelect
          id="source"
          label="Source"
          value={filters.source}
          items={[
            { value: "live", text: "Live (sent to a ledger)" },
            { value: "simulated", text: "Simulated (signed offline)" },
          ]}
          onChange={(v) => onChange("source", v)}
        />
      </Box>
      {/* Keyed by the URL's wallet: a back button or a cleared filter shows what the URL says. */}
      <WalletFilter key={filters.wallet ?? ""} value={filters.wallet} onChange={(v) => onChange("wallet", v)} />
      {onClear ? (
        <Box>
          <Button size="small" onClick={onClear} data-testid="filters-clear">
            Clear filters
          </Button>
        </Box>
      ) : null}
    </Stack>
  );
}
