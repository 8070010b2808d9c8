import { Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import Box from "@mui/material/Box";
import { useIdle } from "../../lib/use-idle";
import { PartLoading } from "../lazy-part";
import { TabStrip } from "./tab-strip";
import { useTabParam } from "./use-tab-param";

export type UrlTab<T extends string = string> = {
  id: T;
  label: string;
  content: ReactNode;
  /** A lazy tab's loader (`LazyPart.preload`): called once the page is idle, so opening the tab does not wait. */
  preload?: () => Promise<unknown>;
};

/**
 * Tabs whose selection is `?tab=` in the URL. The strip scrolls sideways on a narrow screen, so at 390 px
 * every tab is reachable and nothing is cut off. A panel mounts when it is first opened and then stays
 * mounted while hidden: a mint started on one tab still reports when the user switches, and the tabs not
 * yet opened cost the first load nothing (their code is fetched once the page is idle). Arrow keys, Home
 * and End move between tabs (tab-strip.tsx).
 */
export function UrlTabs<T extends string>({
  tabs,
  defaultTab,
  label,
  idPrefix,
}: {
  tabs: readonly UrlTab<T>[];
  defaultTab: T;
  label: string;
  idPrefix: string;
}) {
  const [tab, setTab] = useTabParam(
    tabs.map((t) => t.id),
    defaultTab,
  );
  const [opened, setOpened] = useState<ReadonlySet<T>>(() => new Set([tab]));
  if (!opened.has(tab)) setOpened(new Set([...opened, tab]));
  // Once the page is idle, each lazy tab's code is fetched, once (a failed prefetch is tried again on open).
  const idle = useIdle();
  const latestTabs = useRef(tabs);
  latestTabs.current = tabs;
  useEffect(() => {
    if (idle) for (const t of latestTabs.current) void t.preload?.().catch(() => {});
  }, [idle]);
  return (
    <>
      <TabStrip tabs={tabs} selected={tab} onSelect={setTab} label={label} idPrefix={idPrefix} />
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
          {opened.has(t.id) ? (
            <Suspense fallback={<PartLoading label={`Loading ${t.label}`} />}>{t.content}</Suspense>
          ) : null}
        </Box>
      ))}
    </>
  );
}
