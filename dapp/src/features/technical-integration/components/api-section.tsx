import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { Pill, type PillColor } from "../../../components/pill";
import type { ApiEndpoint, TechnicalOverviewResponse } from "../api/contract";
import { Section } from "./section";

const ACCESS_COLOR: Record<ApiEndpoint["access"], PillColor> = {
  visitor: "default",
  wallet: "info",
  operator: "warning",
};

function AccessPill({ access }: { access: ApiEndpoint["access"] }) {
  return <Pill size="small" variant="outlined" color={ACCESS_COLOR[access]} label={access} data-testid="access-pill" />;
}

/** The API as its OpenAPI document says, one collapsible group per feature. */
export function ApiSection({ o }: { o: TechnicalOverviewResponse }) {
  const { api } = o;
  return (
    <Section
      id="api"
      title="The API by feature"
      source={
        <>
          {api.total} endpoints from {api.source}: {api.byAccess.visitor} for visitors, {api.byAccess.wallet} for a
          signed-in wallet, {api.byAccess.operator} for operators.
        </>
      }
    >
      <Box sx={{ display: "flex", flexDirection: "column", gap: 0.75 }}>
        {api.features.map((f) => {
          const counts = (["visitor", "wallet", "operator"] as const)
            .map((a) => [a, f.endpoints.filter((e) => e.access === a).length] as const)
            .filter(([, n]) => n > 0);
          return (
            <Box
              component="details"
              key={f.feature}
              data-testid="api-feature"
              data-feature={f.feature}
              sx={{ border: 1, borderColor: "divider", borderRadius: 1, px: 1.5, py: 0.75 }}
            >
              <Box
                component="summary"
                sx={{ cursor: "pointer", display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1 }}
              >
                <Typography component="span" variant="subtitle2">
                  {f.feature}
                </Typography>
                <Typography component="span" variant="body2" color="text.secondary">
                  {f.endpoints.length} endpoint{f.endpoints.length === 1 ? "" : "s"}
                </Typography>
                {counts.map(([a, n]) => (
                  <Pill key={a} size="small" variant="outlined" color={ACCESS_COLOR[a]} label={`${n} ${a}`} />
                ))}
              </Box>
              <Box component="ul" sx={{ m: 0, mt: 1, p: 0, listStyle: "none" }}>
                {f.endpoints.map((e) => (
                  <Box
                    component="li"
                    key={`${e.method} ${e.path}`}
                    data-testid="api-endpoint"
                    data-method={e.method}
                    data-path={e.path}
                    data-access={e.access}
                    sx={{ py: 0.75, borderTop: 1, borderColor: "divider" }}
                  >
                    <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1 }}>
                      <Box component="code" sx={{ fontWeight: 700, fontSize: "0.8rem" }}>
                        {e.method.toUpperCase()}
                      </Box>
                      <Box component="code" sx={{ fontSize: "0.8rem", overflowWrap: "anywhere", minWidth: 0 }}>
                        {e.path}
                      </Box>
                      <AccessPill access={e.access} />
                      {e.write ? <Pill size="small" variant="outlined" label="writes" /> : null}
                    </Box>
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
                      {e.summary}
                    </Typography>
                  </Box>
                ))}
              </Box>
            </Box>
          );
        })}
      </Box>
    </Section>
  );
}
