import { Suspense, useState, type ReactNode } from "react";
import Box from "@mui/material/Box";
import { PartLoading } from "../lazy-part";
import { TabStrip } from "./tab-strip";
import { useTabParam } from "./use-tab-param";

export type UrlTab<T extends string = string> = {
  id: T;
  label: string;
  content: ReactNode;
  /** A lazy tab's loader (`LazyPart.preload`): called when the visitor is about to open the tab (pointer, touch, focus). */
  preload?: () => Promise<unknown>;
};

/**
 * Tabs whose selection is `?tab=` in the URL. The strip scrolls sideways on a narrow screen, so at 390 px
 * every tab is reachable and nothing is cut off. A panel mounts when it is first opened and then stays
 * mounted while hidden: a mint started on one tab still reports when the user switches, and the tabs not
 * yet opened cost nothing until the visitor reaches for one: its code is fetched when the pointer is over it,
 * a finger is down on it or the keyboard's focus is on it, so the click seldom waits, and a visitor who reads
 * one tab downloads one tab (fetching every tab once idle put up to 120 KB gzip more on a phone's connection).
 * Arrow keys, Home and End move between tabs (tab-strip.tsx).
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
  // A failed prefetch is tried again when the tab opens (LazyPart).
  const intent = (id: T) =>
    void tabs
      .find((t) => t.id === id)
      ?.preload?.()
      .catch(() => {});
  return (
    <>
      <TabStrip tabs={tabs} selected={tab} onSelect={setTab} onIntent={intent} label={label} idPrefix={idPrefix} />
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
