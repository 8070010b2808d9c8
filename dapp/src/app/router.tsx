import { lazy } from "react";
import { Route, Routes } from "react-router-dom";
import { AppShell } from "../components/layouts/app-shell";
import { allPaths, paths } from "../config/paths";

// Every page is its own chunk; the shell (app bar, wallet button, toast area) is in the first load.
// Declarative routes (no loaders or actions are needed) keep the data-router code out of the first load.
const LandingRoute = lazy(() => import("./routes/landing"));
const MintingRoute = lazy(() => import("./routes/minting"));
const NotBuiltYetRoute = lazy(() => import("./routes/not-built-yet"));
const NotFoundRoute = lazy(() => import("./routes/not-found"));

const builtPages: Record<string, React.ReactNode> = {
  [paths.home.path]: <LandingRoute />,
  [paths.multiBlockchainMinting.path]: <MintingRoute />,
};

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppShell />}>
        {allPaths.map((p) => (
          <Route key={p.path} path={p.path} element={builtPages[p.path] ?? <NotBuiltYetRoute />} />
        ))}
        <Route path="*" element={<NotFoundRoute />} />
      </Route>
    </Routes>
  );
}
