// What no route answered: 405 with Allow when the path exists under another method, else 404. Both in
// the one JSON shape, for /api and for any other path a method other than GET/HEAD reaches (the web app
// only serves GET), so no request ever meets Express's HTML error page.
import type { RequestHandler } from "express";
import { match } from "path-to-regexp";
import { HttpError, sendError } from "./errors";
import type { RouteDef } from "./route";

export function notFoundHandler(routes: readonly RouteDef[], extraGetPaths: readonly string[] = []): RequestHandler {
  const table = [
    ...routes.map((r) => ({ test: match(r.path), method: r.method.toUpperCase() })),
    ...extraGetPaths.map((p) => ({ test: match(p), method: "GET" })),
  ];
  return (req, res) => {
    // originalUrl: under app.use("/api", ...) req.path has lost its prefix.
    const path = req.originalUrl.split("?")[0] ?? "/";
    const allow = [...new Set(table.filter((r) => r.test(path)).map((r) => r.method))];
    if (allow.length > 0) {
      const methods = allow.includes("GET") ? [...allow, "HEAD"] : allow;
      sendError(
        res,
        new HttpError("METHOD_NOT_ALLOWED", `${req.method} is not allowed on ${path}`, { allow: methods }),
      );
      return;
    }
    sendError(res, new HttpError("NOT_FOUND", `Not found: ${req.method} ${path}`));
  };
}
