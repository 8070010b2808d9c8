import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { DataTable, type DataColumn } from "../../../components/data-table";
import type { SupportedAssetsResponse } from "../api/contract";
import { COIN_LEVELS, LEVEL_LABEL, LEVEL_MEANING } from "../utils/levels";
import { LevelBadge } from "./level-badge";

type Asset = SupportedAssetsResponse["assets"][string];

const columns: DataColumn<Asset>[] = [
  { id: "asset", header: "Asset", primary: true, cell: (a) => `${a.symbol} · ${a.name}` },
  {
    id: "level",
    header: "Level here",
    cell: (a) => (
      <Stack spacing={0.5} sx={{ alignItems: "flex-start" }}>
        <LevelBadge level={a.level} testId="asset-level" />
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
          {a.levelReason}
        </Typography>
      </Stack>
    ),
    tableSx: { minWidth: 260 },
  },
  { id: "network", header: "Testnet", cell: (a) => (a.hasTestnet ? a.network : "none") },
  { id: "faucet", header: "Faucet", cell: (a) => (a.hasFaucet ? "yes" : "no") },
];

/** GET supported-assets: every coin keyed by symbol, at its level here and why. */
export function SupportedAssetsTable({ answer }: { answer: SupportedAssetsResponse }) {
  return (
    <Stack spacing={1.5} data-testid="assets-result">
      <Typography variant="body2" data-testid="assets-levels">
        {answer.totalAssets} assets:{" "}
        {COIN_LEVELS.map((l) => `${answer.levels[l]} ${LEVEL_LABEL[l].toLowerCase()}`).join(", ")}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ m: 0 }}>
        {COIN_LEVELS.map((l) => `${LEVEL_LABEL[l]}: ${LEVEL_MEANING[l]}`).join(". ")}.
      </Typography>
      <DataTable
        columns={columns}
        rows={Object.values(answer.assets)}
        rowKey={(a) => a.symbol}
        rowProps={(a) => ({ "data-testid": "asset-row", "data-symbol": a.symbol })}
        label="Supported assets"
        testId="asset-rows"
      />
    </Stack>
  );
}
