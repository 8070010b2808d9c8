import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";

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
