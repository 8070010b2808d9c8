import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Notice } from "../../../components/notice";
import { Pill } from "../../../components/pill";
import { SourceBadge } from "../../../components/source-badge";
import type { ComplianceAuditResult, ComplianceRule } from "../api/contract";
import { unitsToDecimal } from "../../../lib/units";
import { figure } from "../utils/format";
import { AssessmentPanel, Facts, SectionTitle } from "./assessment-panel";

/** "GENIUS Act §4: 1 of 5 rules met. Met: …. Not met: …." — said plainly, per group of rules. */
export function groupVerdicts(rules: readonly ComplianceRule[]) {
  const groups = [...new Set(rules.map((r) => r.group))];
  return groups.map((group) => {
    const inGroup = rules.filter((r) => r.group === group);
    return { group, met: inGroup.filter((r) => r.met), notMet: inGroup.filter((r) => !r.met), total: inGroup.length };
  });
}

function Verdicts({ rules }: { rules: readonly ComplianceRule[] }) {
  return (
    <Stack spacing={1} data-testid="compliance-verdicts">
      {groupVerdicts(rules).map((g) => (
        <Notice
          key={g.group}
          severity={g.notMet.length === 0 ? "success" : "warning"}
          role="status"
          data-testid="compliance-verdict"
          data-group={g.group}
        >
          <strong>
            {g.group}: {g.met.length} of {g.total} rules met.
          </strong>
          {g.met.length ? <Box data-testid="verdict-met">Met: {g.met.map((r) => r.rule).join("; ")}.</Box> : null}
          {g.notMet.length ? (
            <Box data-testid="verdict-not-met">Not met: {g.notMet.map((r) => r.rule).join("; ")}.</Box>
          ) : null}
        </Notice>
      ))}
    </Stack>
  );
}

function Reserves({ r }: { r: ComplianceAuditResult["detail"]["reserves"] }) {
  return (
    <Box data-testid="reserves-reading">
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
        <SectionTitle>Reserves, read from the chain</SectionTitle>
        <SourceBadge source={r.source} reason={r.reason ?? undefined} />
      </Stack>
      <Facts
        testId="reserves"
        items={[
          ["Reserve ratio", r.reserveRatioPercent === null ? "no supply" : `${figure(r.reserveRatioPercent, 2)}%`],
          ["Collateral value", `$${r.collateralValueUsd}`],
          [
            "ETH held",
            `${unitsToDecimal(r.ethCollateralWei, 18)} ETH ($${r.ethValueUsd}, ${figure(r.ethSharePercent, 2)}%)`,
          ],
          [
            "USDC held",
            `${unitsToDecimal(r.usdcCollateral, 6, 2)} USDC ($${r.usdcValueUsd}, ${figure(r.usdcSharePercent, 2)}%)`,
          ],
          ["XQBUSD supply", unitsToDecimal(r.xqbusdSupply, 18, 4)],
          ["ETH/USD", `$${unitsToDecimal(r.ethUsdPrice, r.feedDecimals, 2)}`],
          ["Minimum ratio", r.minCollateralRatioPercent === null ? "—" : `${r.minCollateralRatioPercent}%`],
          ["Liquidation ratio", r.liquidationRatioPercent === null ? "—" : `${r.liquidationRatioPercent}%`],
          [
            "Chain",
            `${r.chainId}${r.blockNumber ? ` · block ${r.blockNumber}` : ""}${r.vault ? ` · vault ${r.vault}` : ""}`,
          ],
        ]}
      />
    </Box>
  );
}

/** The rule table: rule, source cited, what was measured, met or not (a list of cards: it reads at 390 px). */
function RuleTable({ rules }: { rules: readonly ComplianceRule[] }) {
  return (
    <Box data-testid="compliance-rules">
      <SectionTitle>Rules</SectionTitle>
      <Box component="ul" sx={{ listStyle: "none", m: 0, p: 0 }}>
        {rules.map((r) => (
          <Box
            component="li"
            key={r.id}
            data-testid="compliance-rule"
            data-rule={r.id}
            data-met={r.met}
            sx={{ py: 1, borderTop: 1, borderColor: "divider", minWidth: 0 }}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 0.5 }}>
              <Pill
                size="small"
                label={r.met ? "Met" : "Not met"}
                color={r.met ? "success" : "error"}
                data-testid="rule-met"
              />
              <Typography variant="caption" color="text.secondary">
                {r.group}
              </Typography>
            </Stack>
            <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: "anywhere", mt: 0.5 }}>
              {r.rule}
            </Typography>
            <Facts
              items={[
                [
                  "Measured",
                  <span key="m" data-testid="rule-measured">
                    {r.measured}
                  </span>,
                ],
                [
                  "Source",
                  <span key="s" data-testid="rule-source">
                    {r.source}
                  </span>,
                ],
              ]}
            />
            {r.detail ? (
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
                {r.detail}
              </Typography>
            ) : null}
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** Compliance audit: a stated list of rules, each computed from the chain and the data, with its source. */
export function ComplianceAuditTab() {
  return (
    <AssessmentPanel
      kind="compliance-audit"
      what="Reads the vault's collateral, the feed price and the XQBUSD supply from the chain and checks each rule: the GENIUS Act's reserve requirements as we read them, and the contract's own rules."
      detail={(r) => (
        <Stack spacing={2.5}>
          <Typography variant="body2" color="text.secondary" data-testid="compliance-disclaimer">
            {r.detail.disclaimer}
          </Typography>
          <Verdicts rules={r.detail.rules} />
          <Reserves r={r.detail.reserves} />
          <RuleTable rules={r.detail.rules} />
        </Stack>
      )}
    />
  );
}
