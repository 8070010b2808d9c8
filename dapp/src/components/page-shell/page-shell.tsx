import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { BackLink } from "./back-link";
import { UrlTabs, type UrlTab } from "./url-tabs";

export type PageShellProps<T extends string> = {
  title: string;
  subtitle?: ReactNode;
  /** Buttons or controls at the header's end (wrap below the title on a phone). */
  actions?: ReactNode;
  /** Page-level tabs in `?tab=`, shown under `children`. Pages that place tabs elsewhere use <UrlTabs>. */
  tabs?: { items: readonly UrlTab<T>[]; defaultTab: T; label: string };
  testId?: string;
  children?: ReactNode;
};

/**
 * Every page's frame: back link (the page table chooses it, see BackLink), title (the page's one h1),
 * subtitle, actions, content and optional tabs.
 * Nothing has a fixed width, so the page works at 390 px: long words wrap, tabs scroll.
 */
export function PageShell<T extends string>({ title, subtitle, actions, tabs, testId, children }: PageShellProps<T>) {
  return (
    <Stack spacing={3} data-testid={testId} sx={{ minWidth: 0 }}>
      <Box>
        <BackLink />
        <Stack
          direction={{ xs: "column", sm: "row" }}
          spacing={2}
          sx={{ justifyContent: "space-between", alignItems: { sm: "flex-start" } }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography
              variant="h4"
              component="h1"
              sx={{ overflowWrap: "anywhere", fontSize: { xs: "1.75rem", sm: "2.125rem" } }}
            >
              {title}
            </Typography>
            {subtitle ? (
              <Typography variant="body1" color="text.secondary" data-testid="page-subtitle">
                {subtitle}
              </Typography>
            ) : null}
          </Box>
          {actions ? <Box sx={{ flexShrink: 0 }}>{actions}</Box> : null}
        </Stack>
      </Box>
      {children}
      {tabs ? (
        <Box>
          <UrlTabs tabs={tabs.items} defaultTab={tabs.defaultTab} label={tabs.label} idPrefix="page" />
        </Box>
      ) : null}
    </Stack>
  );
}
