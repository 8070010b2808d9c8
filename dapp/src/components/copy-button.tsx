import { useEffect, useState } from "react";
import ButtonBase from "@mui/material/ButtonBase";
import { PathIcon } from "./path-icon";

/** Material's ContentCopy and Check paths. */
const CONTENT_COPY =
  "M16 1H4c-1.1 0-2 .9-2 2v14h2V3h12zm3 4H8c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h11c1.1 0 2-.9 2-2V7c0-1.1-.9-2-2-2m0 16H8V7h11z";
const CHECK = "M9 16.17 4.83 12l-1.42 1.41L9 19 21 7l-1.41-1.41z";

/**
 * Copies `value` (a hash, an address, a signed transaction) to the clipboard, and says so for two seconds.
 * The accessible name names what is copied, so a screen reader hears "Copy transaction hash".
 * Drawn as MUI's small IconButton is, on ButtonBase (already in the first load) with path icons: IconButton and
 * the icons-material SvgIcon were 2.5 KB gzip in the first load of every page that shows a hash.
 */
export function CopyButton({ value, what }: { value: string; what: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(t);
  }, [copied]);
  return (
    <ButtonBase
      data-testid="copy-button"
      aria-label={copied ? `${what} copied` : `Copy ${what}`}
      title={copied ? "Copied" : `Copy ${what}`}
      onClick={() => {
        void navigator.clipboard?.writeText(value).then(
          () => setCopied(true),
          () => setCopied(false),
        );
      }}
      centerRipple
      sx={{
        p: "5px",
        borderRadius: "50%",
        fontSize: "1.125rem",
        color: "action.active",
        flexShrink: 0,
        "&:hover": { bgcolor: "action.hover" },
        "&.Mui-focusVisible": { bgcolor: "action.focus" },
      }}
    >
      {copied ? (
        <PathIcon d={CHECK} fontSize="inherit" color="success.main" />
      ) : (
        <PathIcon d={CONTENT_COPY} fontSize="inherit" />
      )}
    </ButtonBase>
  );
}
