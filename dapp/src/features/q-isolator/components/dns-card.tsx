import CancelIcon from "@mui/icons-material/Cancel";
import { timeText } from "../../../lib/time";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { Pill } from "../../../components/pill";
import type { DnsProtectionResponse } from "../api/contract";

/**
 * DNS Protection (spec §2 tab 4): the API's own Host allow-list. Protected domains are the hosts it answers for,
 * threats blocked the foreign-Host requests it refused, and the self-test asks it now with allowed and foreign
 * hosts: a green check only where the outcome was the expected one.
 */
export function DnsCard({ dns }: { dns: DnsProtectionResponse }) {
  const shield = dns.quantumDnsShield;
  return (
    <Box
      sx={{ border: 1, borderColor: "divider", borderRadius: 1, p: 2, minWidth: 0, display: "grid", gap: 1.5 }}
      data-testid="dns-card"
    >
      <Typography variant="h6" component="h2">
        DNS Protection
      </Typography>
      <Box
        sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "minmax(0, 1fr)", sm: "repeat(3, minmax(0, 1fr))" } }}
      >
        <Box>
          <Typography variant="body2" color="text.secondary">
            Protected domains
          </Typography>
          <Typography variant="h5" component="p" sx={{ fontWeight: 600 }} data-testid="dns-domains">
            {dns.protectedDomains}
          </Typography>
          <Typography
            variant="caption"
            color="text.secondary"
            component="p"
            sx={{ overflowWrap: "anywhere" }}
            data-testid="dns-domain-list"
          >
            {dns.domains.join(", ")}
          </Typography>
        </Box>
        <Box>
          <Typography variant="body2" color="text.secondary">
            Threats blocked
          </Typography>
          <Typography variant="h5" component="p" sx={{ fontWeight: 600 }} data-testid="dns-threats">
            {shield.threats_blocked.toLocaleString()}
          </Typography>
        </Box>
        <Box>
          <Typography variant="body2" color="text.secondary">
            Uptime
          </Typography>
          <Typography variant="h5" component="p" sx={{ fontWeight: 600 }} data-testid="dns-uptime">
            {shield.uptime}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p">
            since {timeText(shield.since)}
          </Typography>
        </Box>
      </Box>
      <Typography variant="caption" color="text.secondary" component="p" data-testid="dns-rule">
        {dns.rule}
      </Typography>
      <Typography variant="subtitle2" component="h3">
        Self-test ({new Date(dns.testedAt).toLocaleTimeString()})
      </Typography>
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: "none", display: "grid", gap: 1 }}>
        {dns.tests.map((t) => (
          <Box
            component="li"
            key={t.domain}
            data-testid="dns-test"
            data-passed={t.passed}
            sx={{
              display: "flex",
              alignItems: "center",
              gap: 1,
              flexWrap: "wrap",
              borderBottom: 1,
              borderColor: "divider",
              pb: 1,
            }}
          >
            {t.passed ? (
              <CheckCircleIcon fontSize="small" sx={{ color: "success.dark" }} titleAccess="passed" />
            ) : (
              <CancelIcon fontSize="small" sx={{ color: "error.main" }} titleAccess="failed" />
            )}
            <Typography variant="body2" sx={{ fontFamily: "monospace", overflowWrap: "anywhere", minWidth: 0 }}>
              {t.domain}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ flex: "1 1 12rem" }}>
              {t.protection} (expected {t.expected})
            </Typography>
            <Pill
              size="small"
              color={t.threatLevel === "HIGH" ? "error" : "success"}
              label={`${t.threatLevel} Risk`}
              data-testid="dns-risk"
            />
          </Box>
        ))}
      </Box>
    </Box>
  );
}
