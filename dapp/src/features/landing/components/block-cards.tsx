import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router-dom";
import { SourceBadge } from "../../../components/source-badge";
import type { LandingBlock, LandingFigure } from "../api/contract";
import { pagesOfBlock } from "../blocks";
import { BLOCK_IDS, BLOCK_TITLES, type BlockId } from "../constants";
import { BLOCK_GRID, BLOCK_MIN_HEIGHT, SECTION_HEADINGS } from "./layout";
import { PartNote } from "./part-note";

const SOURCE_WORDS: Record<LandingFigure["source"], string> = {
  live: "Live",
  snapshot: "Snapshot",
  simulated: "Simulated",
  records: "Our records",
};

/** "36214588912345.67" -> "36,214,588,912,345.67"; anything else as it is. */
function numberText(value: string): string {
  return /^-?\d+(\.\d+)?$/.test(value) ? Number(value).toLocaleString("en-US", { maximumFractionDigits: 2 }) : value;
}

function Figure({ figure, id }: { figure: LandingFigure; id: BlockId }) {
  return (
    <Box data-testid={`block-${id}-figure`}>
      <Typography variant="body2" color="text.secondary">
        {figure.label}
      </Typography>
      <Typography variant="h6" component="p" sx={{ overflowWrap: "anywhere" }} data-testid={`block-${id}-value`}>
        {figure.value === null ? "No value yet" : numberText(figure.value)}
        {figure.value !== null && figure.unit ? ` ${figure.unit}` : null}
      </Typography>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, alignItems: "center", my: 0.5 }}>
        {figure.source === "records" ? (
          <Typography variant="caption" sx={{ fontWeight: 600 }}>
            {SOURCE_WORDS.records}
          </Typography>
        ) : (
          <SourceBadge source={figure.source} reason={figure.source === "live" ? null : figure.note} />
        )}
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
          {figure.sourceName}
          {figure.asOf ? `, as of ${figure.asOf}` : null}
        </Typography>
      </Box>
      {figure.note ? (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ overflowWrap: "anywhere" }}>
          {figure.note}
        </Typography>
      ) : null}
    </Box>
  );
}

function BlockCard({ id, block }: { id: BlockId; block: LandingBlock | undefined }) {
  const pages = pagesOfBlock(id);
  return (
    <Card variant="outlined" component="section" aria-labelledby={`block-${id}-title`} data-testid={`block-${id}`}>
      <CardContent sx={{ display: "flex", flexDirection: "column", gap: 1, minHeight: BLOCK_MIN_HEIGHT }}>
        <Typography id={`block-${id}-title`} variant="h6" component="h3">
          {BLOCK_TITLES[id]}
        </Typography>
        {block?.figure ? (
          <Figure figure={block.figure} id={id} />
        ) : (
          <Typography variant="body2" data-testid={`block-${id}-value`}>
            Not read
          </Typography>
        )}
        {block && block.state !== "fresh" ? (
          <PartNote state={block.state} readAt={block.readAt} reason={block.reason} testId={`block-${id}-state`} />
        ) : null}
        <Box component="ul" aria-label={`${BLOCK_TITLES[id]} pages`} sx={{ m: 0, pl: 2.5, mt: "auto" }}>
          {pages.map((p) => (
            <li key={p.path}>
              <Link component={RouterLink} to={p.path} data-testid="block-link">
                {p.title}
              </Link>
            </li>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}

/** The spec's six blocks: one live figure each, and the pages of the table that belong to it. */
export function BlockCards({ blocks }: { blocks: readonly LandingBlock[] }) {
  return (
    <Box component="section" aria-labelledby="landing-blocks-heading">
      <Typography id="landing-blocks-heading" variant="h5" component="h2" sx={{ mb: 1.5 }}>
        {SECTION_HEADINGS.blocks}
      </Typography>
      <Box data-testid="block-cards" sx={{ display: "grid", gap: 2, gridTemplateColumns: BLOCK_GRID }}>
        {BLOCK_IDS.map((id) => (
          <BlockCard key={id} id={id} block={blocks.find((b) => b.id === id)} />
        ))}
      </Box>
    </Box>
  );
}
