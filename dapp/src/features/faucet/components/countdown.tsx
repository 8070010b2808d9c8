import { useEffect, useState } from "react";
import Typography from "@mui/material/Typography";
import { formatCountdown } from "../utils/format";

/** The time left until `until` (ISO), ticking every second; `onDone` once it is reached. */
export function Countdown({ until, onDone, testId }: { until: string; onDone?: () => void; testId: string }) {
  const target = Date.parse(until);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (now >= target) {
      onDone?.();
      return;
    }
    const timer = setTimeout(() => setNow(Date.now()), 1000);
    return () => clearTimeout(timer);
  }, [now, target, onDone]);
  return (
    <Typography component="span" variant="body2" data-testid={testId} sx={{ fontVariantNumeric: "tabular-nums" }}>
      {formatCountdown(target, now)}
    </Typography>
  );
}
