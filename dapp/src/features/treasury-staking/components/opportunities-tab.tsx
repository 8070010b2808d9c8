import { useEffect, useRef } from "react";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { lazyPart } from "../../../components/lazy-part";
import { QueryState } from "../../../components/page-shell";
import { NOT_TAKEN_LABEL, SPREAD_HORIZON_TEXT, SPREAD_MODEL_DESCRIPTION, SPREAD_MODEL_NAME } from "../constants";
import type { TreasuryOpportunity } from "../api/contract";
import { useOpportunities } from "../api/get-opportunities";
import { CardGrid } from "./figure";
import { OpportunityCard } from "./opportunity-card";

// The form (its input, the disclosure, the stake call) is fetched when the visitor reaches for a card (pointer over
// the cards, a finger down, the focus on one), before the pick; a visitor who only reads does not download it.
const StakeForm = lazyPart(() => import("./stake-form").then((m) => m.StakeForm), { name: "The staking form" });

/**
 * Arbitrage Opportunities: selectable cards; the selected one opens the Create Staking Position form. The API
 * ranks the trades by expected return and says which its trade rule takes: those first, then, apart and marked
 * "Not taken by the rule: <why>", the rest (still selectable: a paper trade against the rule is the visitor's call).
 */
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
        const taken = data.opportunities.filter((o) => o.ruleVerdict.taken);
        const notTaken = data.opportunities.filter((o) => !o.ruleVerdict.taken);
        const cards = (list: TreasuryOpportunity[]) =>
          list.map((o) => (
            <OpportunityCard
              key={o.id}
              o={o}
              selected={o.id === selected}
              onSelect={(id) => onSelect(id === selected ? null : id)}
            />
          ));
        return (
          <Stack spacing={2}>
            <Typography variant="caption" color="text.secondary" component="p" data-testid="opportunities-model">
              Computed from the curve of the day above, not stored. Model: {SPREAD_MODEL_NAME}, over{" "}
              {SPREAD_HORIZON_TEXT}. {SPREAD_MODEL_DESCRIPTION}
            </Typography>
            <Typography variant="body2" component="p" data-testid="opportunities-rule">
              <strong>The rule:</strong> {data.tradeRule}
            </Typography>
            <Stack spacing={2} onPointerEnter={reachFor} onPointerDown={reachFor} onFocus={reachFor}>
              {taken.length ? (
                <CardGrid testId="opportunity-list">{cards(taken)}</CardGrid>
              ) : (
                <Typography variant="body2" data-testid="opportunities-none-taken">
                  No trade passes the rule on this curve day.
                </Typography>
              )}
              {notTaken.length ? (
                <>
                  <Typography variant="subtitle1" component="h2" data-testid="opportunities-not-taken-heading">
                    {NOT_TAKEN_LABEL} ({notTaken.length})
                  </Typography>
                  <CardGrid testId="opportunity-list-not-taken">{cards(notTaken)}</CardGrid>
                </>
              ) : null}
            </Stack>
            <div ref={formRef}>
              {chosen ? <StakeForm opportunity={chosen} onCancel={() => onSelect(null)} onCreated={onCreated} /> : null}
            </div>
          </Stack>
        );
      }}
    </QueryState>
  );
}
