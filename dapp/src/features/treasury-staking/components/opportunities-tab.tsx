import { useEffect, useRef } from "react";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { lazyPart } from "../../../components/lazy-part";
import { QueryState } from "../../../components/page-shell";
import { SPREAD_HORIZON_TEXT, SPREAD_MODEL_DESCRIPTION, SPREAD_MODEL_NAME } from "../constants";
import { useOpportunities } from "../api/get-opportunities";
import { CardGrid } from "./figure";
import { OpportunityCard } from "./opportunity-card";

// The form (its input, the disclosure, the stake call) is fetched when the visitor reaches for a card (pointer over
// the cards, a finger down, the focus on one), before the pick; a visitor who only reads does not download it.
const StakeForm = lazyPart(() => import("./stake-form").then((m) => m.StakeForm), { name: "The staking form" });

/** Arbitrage Opportunities: selectable cards; the selected one opens the Create Staking Position form. */
export function OpportunitiesTab({
  selected,
  onSelect,
  onCreated,
}: {
  selected: string | null;
  onSelect: (id: string | null) => void;
  onCreated: () => void;
}) {
  const opportunities = useOpportunities();
  const reachFor = () => void StakeForm.preload().catch(() => {});
  const formRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (selected) formRef.current?.scrollIntoView?.({ block: "nearest" });
  }, [selected]);
  return (
    <QueryState
      query={opportunities}
      what="the opportunities"
      height={420}
      testId="opportunities"
      isEmpty={(d) => d.opportunities.length === 0}
    >
      {(data) => {
        const chosen = data.opportunities.find((o) => o.id === selected) ?? null;
        return (
          <Stack spacing={2}>
            <Typography variant="caption" color="text.secondary" component="p" data-testid="opportunities-model">
              Computed from the curve of the day above, not stored. Model: {SPREAD_MODEL_NAME}, over{" "}
              {SPREAD_HORIZON_TEXT}. {SPREAD_MODEL_DESCRIPTION}
            </Typography>
            <div onPointerEnter={reachFor} onPointerDown={reachFor} onFocus={reachFor}>
              <CardGrid testId="opportunity-list">
                {data.opportunities.map((o) => (
                  <OpportunityCard
                    key={o.id}
                    o={o}
                    selected={o.id === selected}
                    onSelect={(id) => onSelect(id === selected ? null : id)}
                  />
                ))}
              </CardGrid>
            </div>
            <div ref={formRef}>
              {chosen ? <StakeForm opportunity={chosen} onCancel={() => onSelect(null)} onCreated={onCreated} /> : null}
            </div>
          </Stack>
        );
      }}
    </QueryState>
  );
}
