// What the suite probes, learnt from the target's OpenAPI 3 document as ZAP's API scan does: every operation,
// its path and query parameters and its JSON body's fields. So a new endpoint is covered without editing the
// suite. Bodies are walked one level into nested objects; what is not walked is listed in `skipped`.

type Json = Record<string, unknown>;

export interface SurfaceField {
  /** "query" / "path" parameter, or a body field ("body"); body names are dotted paths ("parameters.target"). */
  in: "query" | "path" | "body";
  name: string;
  schema: Json;
}

export interface SurfaceOperation {
  method: string;
  /** The OpenAPI path template ("/api/x/{id}"). */
  template: string;
  /** Changes state: x-write, or any method other than GET/HEAD. */
  write: boolean;
  /** Answers 401 (or declares a security requirement): needs a session. */
  walletBound: boolean;
  /** The target's own access rule (`x-access`: visitor, wallet, operator), when it declares one. */
  access: string | null;
  /** Declares a JSON request body. */
  hasBody: boolean;
  pathParams: SurfaceField[];
  query: SurfaceField[];
  bodyFields: SurfaceField[];
  /**
   * A request body the document declares in another type than JSON (a login form:
   * application/x-www-form-urlencoded), with its top-level fields; the field probes leave it out, the sign-in
   * attempt of the page discovery (engine/passive.ts) sends it.
   */
  otherBody?: { type: string; fields: SurfaceField[] } | null;
  summary: string;
}

export interface Surface {
  operations: SurfaceOperation[];
  /** What was not walked, and why. */
  skipped: string[];
  /** Body fields + query + path parameters. */
  fieldCount: number;
}

const METHODS = ["get", "post", "put", "patch", "delete"] as const;
const isObj = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

function resolve(doc: Json, schema: unknown, depth = 0): Json {
  if (!isObj(schema)) return {};
  const ref = schema.$ref;
  if (typeof ref === "string" && ref.startsWith("#/") && depth < 8) {
    let node: unknown = doc;
    for (const part of ref.slice(2).split("/"))
      node = isObj(node) ? node[part.replace(/~1/g, "/").replace(/~0/g, "~")] : undefined;
    return resolve(doc, node, depth + 1);
  }
  return schema;
}

/** The object alternatives of a schema: itself, or each branch of oneOf/anyOf/allOf that is an object. */
function objectBranches(doc: Json, schema: Json): Json[] {
  const branches = [...((schema.oneOf ?? schema.anyOf ?? schema.allOf ?? []) as unknown[])].map((b) => resolve(doc, b));
  const own = isObj(schema.properties) ? [schema] : [];
  return [...own, ...branches.filter((b) => isObj(b.properties))];
}

function bodyFields(doc: Json, op: string, schema: Json, skipped: string[]): SurfaceField[] {
  const fields = new Map<string, SurfaceField>();
  const branches = objectBranches(doc, schema);
  if (branches.length === 0) {
    skipped.push(`${op}: request body is not an object schema (probed as a whole body only)`);
    return [];
  }
  for (const branch of branches) {
    for (const [name, raw] of Object.entries(branch.properties as Json)) {
      const prop = resolve(doc, raw);
      if (!fields.has(name)) fields.set(name, { in: "body", name, schema: prop });
      // One level into nested objects: the parent is probed as a whole too.
      for (const nested of objectBranches(doc, prop)) {
        for (const [child, childRaw] of Object.entries(nested.properties as Json)) {
          const path = `${name}.${child}`;
          const childSchema = resolve(doc, childRaw);
          if (!fields.has(path)) fields.set(path, { in: "body", name: path, schema: childSchema });
          if (objectBranches(doc, childSchema).length > 0)
            skipped.push(`${op}: ${path}'s own fields (more than one level deep)`);
        }
      }
      const items = isObj(prop.items) ? resolve(doc, prop.items) : null;
      if (items && objectBranches(doc, items).length > 0)
        skipped.push(`${op}: the fields of ${name}'s array items (the array is probed as a whole)`);
    }
  }
  return [...fields.values()];
}

/** Reads the operations of an OpenAPI 3.x document. */
export function learnSurface(doc: unknown): Surface {
  if (!isObj(doc) || typeof doc.openapi !== "string" || !doc.openapi.startsWith("3.") || !isObj(doc.paths)) {
    throw new Error("the target's document is not OpenAPI 3 (no openapi: 3.x and paths)");
  }
  const operations: SurfaceOperation[] = [];
  const skipped: string[] = [];
  for (const [template, item] of Object.entries(doc.paths)) {
    if (!isObj(item)) continue;
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    for (const method of METHODS) {
      const raw = item[method];
      if (!isObj(raw)) continue;
      const name = `${method.toUpperCase()} ${template}`;
      const params = [...shared, ...(Array.isArray(raw.parameters) ? raw.parameters : [])].map((p) => resolve(doc, p));
      const field = (p: Json): SurfaceField => ({
        in: p.in as "query" | "path",
        name: String(p.name),
        schema: resolve(doc, p.schema),
      });
      const body = isObj(raw.requestBody) ? resolve(doc, raw.requestBody) : null;
      const content = body && isObj(body.content) ? body.content : null;
      const jsonType = content ? Object.keys(content).find((t) => /json/i.test(t)) : undefined;
      if (content && !jsonType) skipped.push(`${name}: request body is ${Object.keys(content).join(", ")}, not JSON`);
      const jsonSchema =
        jsonType && isObj(content![jsonType]) ? resolve(doc, (content![jsonType] as Json).schema) : null;
      const otherType = !jsonType && content ? Object.keys(content)[0] : undefined;
      const otherSchema =
        otherType && isObj(content![otherType]) ? resolve(doc, (content![otherType] as Json).schema) : null;
      const otherFields = otherSchema
        ? objectBranches(doc, otherSchema).flatMap((b) =>
            Object.entries(b.properties as Json).map(([n, p]) => ({
              in: "body" as const,
              name: n,
              schema: resolve(doc, p),
            })),
          )
        : [];
      const responses = isObj(raw.responses) ? raw.responses : {};
      const errorCodes = Array.isArray(raw["x-error-codes"]) ? (raw["x-error-codes"] as unknown[]) : [];
      operations.push({
        method: method.toUpperCase(),
        template,
        write: raw["x-write"] === true || method !== "get",
        walletBound:
          "401" in responses ||
          errorCodes.includes("UNAUTHENTICATED") ||
          (Array.isArray(raw.security) && raw.security.length > 0),
        access: typeof raw["x-access"] === "string" ? raw["x-access"] : null,
        hasBody: jsonSchema !== null,
        pathParams: params.filter((p) => p.in === "path").map(field),
        query: params.filter((p) => p.in === "query").map(field),
        bodyFields: jsonSchema ? bodyFields(doc, name, jsonSchema, skipped) : [],
        otherBody: otherType ? { type: otherType, fields: otherFields } : null,
        summary: typeof raw.summary === "string" ? raw.summary : "",
      });
    }
  }
  const fieldCount = operations.reduce((n, o) => n + o.pathParams.length + o.query.length + o.bodyFields.length, 0);
  return { operations, skipped, fieldCount };
}

/** A harmless value a parameter's schema accepts often enough to reach the route (never a real record id). */
export function sampleValue(schema: Json): string {
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return String(schema.enum[0]);
  if (schema.format === "uuid") return "00000000-0000-0000-0000-000000000000";
  const pattern = typeof schema.pattern === "string" ? schema.pattern : "";
  if (pattern.includes("0x") && pattern.includes("{64}")) return `0x${"0".repeat(64)}`;
  if (pattern.includes("0x") && pattern.includes("{40}")) return `0x${"0".repeat(40)}`;
  if (schema.type === "integer" || schema.type === "number") return "1";
  return "probe";
}

/** The operation's path with every path parameter filled: with `override` for one of them, samples for the rest. */
export function fillPath(op: SurfaceOperation, override?: { name: string; raw: string }): string {
  return op.template.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    if (override && override.name === name) return override.raw;
    const p = op.pathParams.find((x) => x.name === name);
    return encodeURIComponent(sampleValue(p?.schema ?? {}));
  });
}
