import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { QueryState } from "../../../components/page-shell";
import type { AgencyProfile } from "../api/contract";
import { useDnsProtection } from "../api/get-dns";
import { useGovernmentProfiles } from "../api/get-profiles";
import { AUTHORIZED_AGENCIES_SHOWN } from "../constants";
import { percentText } from "../utils/words";
import { AgencyKeyForm } from "./agency-key-form";
import { AuthorizeForm } from "./authorize-form";
import { DnsCard } from "./dns-card";
import { ClearanceBadge } from "./level-badge";
import { PercentBar } from "./percent-bar";

function ProfileCard({ profile, agencies }: { profile: AgencyProfile; agencies: readonly string[] }) {
  const shown = profile.authorizedAgencies.slice(0, AUTHORIZED_AGENCIES_SHOWN);
  const more = profile.authorizedAgencies.length - shown.length;
  const others = agencies.filter((a) => a !== profile.agency && !profile.authorizedAgencies.includes(a));
  return (
    <Box
      sx={{ border: 1, borderColor: "divider", borderRadius: 1, p: 2, minWidth: 0, display: "grid", gap: 1 }}
      data-testid="agency-profile"
      data-agency={profile.agency}
    >
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: "anywhere", minWidth: 0 }}>
          {profile.agency}
        </Typography>
        <ClearanceBadge level={profile.clearanceLevel} />
      </Box>
      <Box sx={{ display: "flex", justifyContent: "space-between", gap: 1 }}>
        <Typography variant="body2">Quantum threat level</Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="agency-threat">
          {percentText(profile.quantumThreatLevel)}
        </Typography>
      </Box>
      <PercentBar
        value={profile.quantumThreatLevel}
        label={`Quantum threat level of ${profile.agency}`}
        color={profile.quantumThreatLevel > 0 ? "error.main" : "success.main"}
      />
      <Typography variant="body2" data-testid="agency-layers">
        Active isolation layers: <strong>{profile.activeIsolationLayers}</strong> · readable files:{" "}
        {profile.readableFiles}
      </Typography>
      <Typography variant="body2" data-testid="agency-authorized" sx={{ overflowWrap: "anywhere" }}>
        Authorized agencies: {shown.length ? shown.join(", ") : "none"}
        {more > 0 ? ` + ${more} more` : ""}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ overflowWrap: "anywhere" }}>
        Keys:{" "}
        {profile.encapsulationKeys.map((k) => `${k.algorithm} ${k.sha256.slice(0, 12)}…`).join(", ") || "none yet"}
      </Typography>
      <Typography
        variant="caption"
        color="text.secondary"
        component="p"
        data-testid="agency-key-custody"
        data-custody={profile.keyCustody}
      >
        {profile.keyCustody === "agency"
          ? "Decapsulation keys held by the agency itself (the server has none): it decrypts in its own browser with its key file."
          : "Decapsulation keys generated and held (sealed) by this server: only an operator can open its files here."}
        {profile.createdBy ? ` Registered by ${profile.createdBy}.` : ""}
      </Typography>
      <AuthorizeForm agency={profile.agency} others={others} />
    </Box>
  );
}

/** Government (spec §2 tab 4): the agency profiles (recipients with their own keys), then the API's DNS protection. */
export function GovernmentTab() {
  const profiles = useGovernmentProfiles();
  const dns = useDnsProtection();
  return (
    <Stack spacing={3}>
      <AgencyKeyForm />
      <QueryState
        query={profiles}
        what="the agency profiles"
        height={240}
        testId="profiles"
        isEmpty={(p) => p.profiles.length === 0}
        empty={{ message: "No agency yet: an isolation created with an agency adds its profile." }}
      >
        {(p) => (
          <Box sx={{ display: "grid", gap: 2 }}>
            <Box
              sx={{
                display: "grid",
                gap: 2,
                gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "repeat(2, minmax(0, 1fr))" },
              }}
            >
              {p.profiles.map((profile) => (
                <ProfileCard key={profile.agency} profile={profile} agencies={p.profiles.map((x) => x.agency)} />
              ))}
            </Box>
            <Typography variant="caption" color="text.secondary" component="p" data-testid="clearance-rule">
              {p.clearanceRule}
            </Typography>
          </Box>
        )}
      </QueryState>
      <QueryState query={dns} what="the DNS protection" height={320} testId="dns">
        {(d) => <DnsCard dns={d} />}
      </QueryState>
    </Stack>
  );
}
