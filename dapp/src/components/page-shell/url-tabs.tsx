import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import { useTabParam } from "./use-tab-param";

export type UrlTab<T extends string = string> = { id: T; label: string; content: ReactNode };

/**
 * Tabs whose selection is `?tab=` in the URL. Scrollable (with arrows on narrow screens), so at 390 px
 * every tab is reachable and nothing is cut off. Panels stay mounted while hidden: a mint started on
 * one tab still reports when the user switches. Arrow keys move between tabs (MUI's roving tabindex).
 */
export function UrlTabs<T extends string>({ tabs, defaultTab, label, idPrefix }: { tabs: readonly UrlTab<T>[]; defaultTab: T; label: string; idPrefix: string }) {
  const [tab, setTab] = useTabParam(
    tabs.map((t) => t.id),
    defaultTab,
  );
  return (
    <>
      <Tabs value={tab} onChange={(_, value: T) => setTab(value)} aria-label={label} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile>
        {tabs.map((t) => (
          <Tab key={t.id} value={t.id} label={t.label} id={`${idPrefix}-tab-${t.id}`} aria-controls={`${idPrefix}-tabpanel-${t.id}`} data-testid={`tab-${t.id}`} />
        ))}
      </Tabs>
      {tabs.map((t) => (
        <Box
          key={t.id}
          role="tabpanel"
          id={`${idPrefix}-tabpanel-${t.id}`}
          aria-labelledby={`${idPrefix}-tab-${t.id}`}
          hidden={tab !== t.id}
          data-testid={`tabpanel-${t.id}`}
          sx={{ pt: 3 }}
        >
          {t.content}
        </Box>
      ))}
    </>
  );
}
