import Box from "@mui/material/Box";
import { timeText } from "../../../lib/time";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { lazyPart } from "../../../components/lazy-part";
import { PathIcon } from "../../../components/path-icon";
import { QueryState } from "../../../components/page-shell";
import type { IsolationInstance, QIsolatorStatusResponse } from "../api/contract";
import { useIsolatorStatus } from "../api/get-status";
import { CHECK_LABELS } from "../constants";
import { percentText } from "../utils/words";
import { LevelBadge } from "./level-badge";
import { PercentBar } from "./percent-bar";

// The copy button (MUI's IconButton with it, 2 KB gzip) comes after the first paint: the ids are readable at once.
const CopyButton = lazyPart(() => import("../../../components/copy-button").then((m) => m.CopyButton), {
  name: "Copy",
  fallback: <Box sx={{ width: 30, height: 30 }} />,
});

// Material's CheckCircle and Error as paths: MUI's icon components bring SvgIcon and createSvgIcon (1.5 KB gzip)
// into the page's first load for two glyphs.
const CHECK_CIRCLE =
  "M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m-2 15-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8z";
const ERROR_CIRCLE = "M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m1 15h-2v-2h2zm0-4h-2V7h2z";

const cardSx = { border: 1, borderColor: "divider", borderRadius: 1, p: 2, minWidth: 0 } as const;

function InstanceStatus({ instance }: { instance: IsolationInstance }) {
  if (instance.status === "ACTIVE") {
    return (
      <Box
        data-testid="instance-status"
        data-status="ACTIVE"
        sx={{ display: "flex", alignItems: "center", gap: 0.5, color: "success.dark" }}
      >
        <PathIcon d={CHECK_CIRCLE} fontSize="small" /> ACTIVE
      </Box>
    );
  }
  return (
    <Box data-testid="instance-status" data-status={instance.status}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 0.5, color: "error.main" }}>
        <PathIcon d={ERROR_CIRCLE} fontSize="small" /> {instance.status}
      </Box>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="integrity-failures">
        {instance.integrityFailures.map((f) => (
          <Typography component="li" variant="body2" key={`${f.fileId}-${f.check}`} sx={{ overflowWrap: "anywhere" }}>
            {f.name} failed the check “{CHECK_LABELS[f.check] ?? f.check}”: {f.detail}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

function InstanceCard({ instance }: { instance: IsolationInstance }) {
  return (
    <Box sx={cardSx} data-testid="isolation-instance" data-id={instance.id}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 0.5, flexWrap: "wrap" }}>
        <Typography
          component="h3"
          variant="subtitle2"
          sx={{ fontFamily: "monospace", overflowWrap: "anywhere" }}
          data-testid="instance-id"
        >
          {instance.id}
        </Typography>
        <CopyButton value={instance.id} what="isolation id" />
      </Box>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
        <LevelBadge level={instance.securityLevel} />
        <Typography variant="body2" color="text.secondary" data-testid="instance-algorithms">
          {instance.kem} + {instance.sig} · NIST category {instance.nistCategory}
          {instance.agency ? ` · ${instance.agency}` : ""}
        </Typography>
      </Box>
      <Box sx={{ mt: 1.5, display: "flex", justifyContent: "space-between", gap: 1 }}>
        <Typography variant="body2">Quantum resistance</Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="instance-resistance">
          {percentText(instance.quantumResistance)}
        </Typography>
      </Box>
      <PercentBar
        value={instance.quantumResistance}
        label={`Quantum resistance of ${instance.id}`}
        color={instance.quantumResistance >= 100 ? "success.main" : "warning.main"}
      />
      <Box
        sx={{
          mt: 1.5,
          display: "flex",
          justifyContent: "space-between",
          alignItems: "flex-start",
          gap: 1,
          flexWrap: "wrap",
        }}
      >
        <InstanceStatus instance={instance} />
        <Typography variant="body2" color="text.secondary" data-testid="instance-files">
          {instance.files} {instance.files === 1 ? "file" : "files"} · {instance.verifiedFiles} verified
          {instance.pendingFiles ? ` · ${instance.pendingFiles} awaiting verification` : ""}
          {instance.classicalOnlyFiles ? ` · ${instance.classicalOnlyFiles} classical-only` : ""}
        </Typography>
      </Box>
      {instance.createdBy ? (
        <Typography
          variant="caption"
          color="text.secondary"
          component="p"
          sx={{ mt: 1, overflowWrap: "anywhere" }}
          data-testid="instance-created-by"
        >
          Created by {instance.createdBy}
        </Typography>
      ) : null}
    </Box>
  );
}

function IntegrationCard({ crypto }: { crypto: NonNullable<QIsolatorStatusResponse["vibeCoinsCrypto"]> }) {
  return (
    <Box sx={cardSx} data-testid="integration-card">
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        VibeCoins crypto-domain integration
      </Typography>
      <Box sx={{ display: "flex", flexWrap: "wrap", columnGap: 3, rowGap: 0.5, alignItems: "center" }}>
        <Typography variant="body2">
          Domain: <strong>{crypto.domain}</strong>
        </Typography>
        <Typography variant="body2">
          Protected files: <strong>{crypto.fileCount}</strong>
        </Typography>
        <Typography variant="body2" component="div" sx={{ display: "flex", alignItems: "center", gap: 0.5 }}>
          Security level: {crypto.isolationLevel ? <LevelBadge level={crypto.isolationLevel} /> : "none yet"}
        </Typography>
      </Box>
    </Box>
  );
}

/**
 * Overview (spec §2, tab 1): every isolation with its level, parameter sets, quantum resistance (the share of its
 * files that are post-quantum and verify now) and status, the integrity failures named; the crypto-domain card
 * only when the API is configured with one.
 */
export function OverviewTab({ onCreate }: { onCreate: () => void }) {
  const status = useIsolatorStatus();
  return (
    <QueryState
      query={status}
      what="the isolations"
      height={240}
      testId="overview"
      isEmpty={(s) => s.isolationInstances.length === 0 && !s.vibeCoinsCrypto}
      empty={{
        message: "No isolation yet. Create one to protect files with ML-KEM and ML-DSA.",
        action: (
          <Button variant="contained" onClick={onCreate} data-testid="go-create">
            Create an isolation
          </Button>
        ),
      }}
    >
      {(s) => (
        <Box sx={{ display: "grid", gap: 2 }}>
          {s.vibeCoinsCrypto ? <IntegrationCard crypto={s.vibeCoinsCrypto} /> : null}
          {s.isolationInstances.length === 0 ? (
            <Box sx={{ textAlign: "center", p: 2 }} data-testid="overview-empty">
              <Typography variant="body2" color="text.secondary">
                No isolation yet.
              </Typography>
              <Button variant="contained" onClick={onCreate} data-testid="go-create" sx={{ mt: 1 }}>
                Create an isolation
              </Button>
            </Box>
          ) : (
            <Box
              sx={{
                display: "grid",
                gap: 2,
                gridTemplateColumns: {
                  xs: "minmax(0, 1fr)",
                  sm: "repeat(2, minmax(0, 1fr))",
                  lg: "repeat(3, minmax(0, 1fr))",
                },
              }}
            >
              {s.isolationInstances.map((i) => (
                <InstanceCard key={i.id} instance={i} />
              ))}
            </Box>
          )}
          <Typography variant="caption" color="text.secondary" component="p" data-testid="resistance-rule">
            Quantum resistance: {s.rules.quantumResistance}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p" data-testid="verification-rule">
            {s.verification.rule}
            {s.verification.oldestVerifiedAt
              ? ` Oldest verification behind these figures: ${timeText(s.verification.oldestVerifiedAt)}.`
              : ""}
            {s.verification.pendingFiles > 0
              ? ` ${s.verification.pendingFiles} ${s.verification.pendingFiles === 1 ? "file awaits" : "files await"} its first verification.`
              : ""}
          </Typography>
        </Box>
      )}
    </QueryState>
  );
}
