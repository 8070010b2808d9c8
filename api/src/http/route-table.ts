// Which declared route answers a request: the routes are known at start, so the lookup is a map for the paths
// without parameters and a short ordered list for the rest. It replaces Express's router, which walked up to
// 160 route layers per request and allocated as it went (a fifth of a polled read's cost was the router and
// its garbage). Express's matching rules are kept: case-insensitive, one optional trailing slash, parameters
// percent-decoded (bad encoding is a URIError with status 400, as the router gave), GET routes answer HEAD,
// and when two routes match, the one declared first wins.
import { match, type MatchFunction } from "path-to-regexp";

export interface Found<T> {
  entry: T;
  params: Record<string, string>;
}

interface ParamRoute<T> {
  order: number;
  entry: T;
  test: MatchFunction<Record<string, string>>;
}

interface MethodTable<T> {
  statics: Map<string, { order: number; entry: T }>;
  params: ParamRoute<T>[];
}

const isStatic = (path: string) => !/[:*{}()?+\\]/.test(path);

/** "/API/Unified/Status/" and "/api/unified/status" are one key, as Express matches them. */
function staticKey(path: string): string {
  const lower = path.toLowerCase();
  return lower.length > 1 && lower.endsWith("/") ? lower.slice(0, -1) : lower;
}

const NO_PARAMS: Record<string, string> = Object.freeze({}) as Record<string, string>;

function decodeParam(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch (err) {
    if (err instanceof URIError) Object.assign(err, { status: 400, statusCode: 400 });
    throw err;
  }
}

export function routeTable<T>(routes: readonly { method: string; path: string; entry: T }[]) {
  const methods = new Map<string, MethodTable<T>>();
  const tableOf = (method: string) => {
    let t = methods.get(method);
    if (!t) methods.set(method, (t = { statics: new Map(), params: [] }));
    return t;
  };
  routes.forEach(({ method, path, entry }, order) => {
    const t = tableOf(method.toUpperCase());
    if (isStatic(path)) {
      const key = staticKey(path);
      if (!t.statics.has(key)) t.statics.set(key, { order, entry });
    } else {
      t.params.push({ order, entry, test: match(path, { decode: decodeParam, sensitive: false, trailing: true }) });
    }
  });

  function lookup(t: MethodTable<T> | undefined, path: string): Found<T> | null {
    if (!t) return null;
    const exact = t.statics.get(staticKey(path));
    const before = exact ? exact.order : Infinity;
    for (const r of t.params) {
      if (r.order > before) break;
      const m = r.test(path);
      if (m) return { entry: r.entry, params: { ...m.params } };
    }
    return exact ? { entry: exact.entry, params: NO_PARAMS } : null;
  }

  return {
    /** The route for this method and path (a HEAD falls back to GET), or null. */
    find(method: string, path: string): Found<T> | null {
      const found = lookup(methods.get(method), path);
      return found ?? (method === "HEAD" ? lookup(methods.get("GET"), path) : null);
    },
  };
}
