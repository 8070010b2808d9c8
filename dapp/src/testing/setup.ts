import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";
// What the app's provider imports once the page is idle (app/provider.tsx), loaded here up front: a test can end
// while that import is still on its way, and vitest then fails the whole run for a module loaded after the file's
// environment was torn down (seen in CI: the chain-changes listener after wallet-panel.test.tsx).
import "../lib/chain-changes/listener";
import "../app/toasts";

// A file may run in Node instead (`// @vitest-environment node`: xrpl.js signing, whose curves refuse jsdom's
// typed arrays); the DOM parts below are then skipped.
const dom = typeof window !== "undefined";

// jsdom lacks a few browser APIs MUI touches.
if (dom && !window.matchMedia) {
  Object.defineProperty(window, "matchMedia", {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}
if (!("ResizeObserver" in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
if (dom) window.scrollTo = () => {};

// Tabs, forms and wallet parts are lazy chunks (components/lazy-part.tsx); a test's first import of one is
// compiled on the spot, which can take longer than Testing Library's default second.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  vi.unstubAllGlobals();
  if (!dom) return;
  cleanup();
  window.localStorage.clear();
});
