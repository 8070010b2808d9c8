export { BackLink } from "./back-link";
export { PageShell, type PageShellProps } from "./page-shell";
export { QueryState, type QueryStateProps } from "./query-state";
export { UrlTabs, type UrlTab } from "./url-tabs";
export { useTabParam } from "./use-tab-param";
