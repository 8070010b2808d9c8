import { vi } from "vitest";

/**
 * A phone (under MUI's `sm`, 600 px) for the rest of the test: `matchMedia` answers MUI's `down("sm")` query,
 * (max-width:599.95px), and the toast's own; every other query (`up("sm")`, `md`...) does not match. The stub
 * goes after the test (setup.ts: `vi.unstubAllGlobals`).
 */
export function narrowScreen() {
  vi.stubGlobal(
    "matchMedia",
    (query: string) =>
      ({
        matches: /max-width:\s*599\.95px/.test(query),
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as unknown as MediaQueryList,
  );
}
