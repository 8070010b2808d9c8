/// <reference types="vite/client" />
import { lazy, type ComponentType, type ReactNode } from "react";
import { Route, Routes } from "react-router-dom";
import { AppShell } from "../components/layouts/app-shell";
import { builtPaths, routeModuleOf, type AppPath } from "../config/paths";

// Every page is its own chunk (src/app/routes/*.tsx, loaded on demand); the shell (app bar, toast area)
// is in the first load and the wallet control is a chunk of its own. Declarative routes (no loaders or
// actions are needed) keep the data-router code out of the first load.
const routeModules = import.meta.glob<{ default: ComponentType }>("./routes/*.tsx");
const loader = (module: string) => {
  const load = routeModules[`./routes/${module}.tsx`];
  if (!load)
    throw new Error(`src/app/routes/${module}.tsx does not exist (a built page of src/config/paths.ts needs it)`);
  return load;
};

const NotFoundRoute = lazy(loader("not-found"));

/**
 * A page's element: its lazy route module. A page's wallet-bound parts are lazy parts of their own
 * (components/lazy-part.tsx), so wagmi and viem are never in a page's first load.
 */
function pageElement(page: AppPath): ReactNode {
  const Page = lazy(loader(routeModuleOf(page)));
  return <Page />;
}

const elements: Record<string, ReactNode> = Object.fromEntries(
  builtPaths.map((page) => [page.path, pageElement(page)]),
);

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppShell />}>
        {builtPaths.map((p) => (
          <Route key={p.path} path={p.path} element={elements[p.path]} />
        ))}
        <Route path="*" element={<NotFoundRoute />} />
      </Route>
    </Routes>
  );
}
