// Injection and reflected-XSS probes, generated from the surface: every payload of a class in every body
// field, query and path parameter of every operation. A probe body carries the hostile field ALONE (every
// other required field absent), so no real write can succeed; a write that still answers 2xx is a finding.
// Probes are ordered round-robin over operations, so a bound (time, requests, the target's write rate limit)
// cuts evenly rather than leaving the last endpoints unprobed.
import type { HttpExchange } from "../../../http/self-target";
import type { SecurityCheckId } from "../security.constants";
import { CheckRecorder } from "./check-recorder";
import { fillPath, type SurfaceField, type SurfaceOperation } from "./openapi-surface";
import {
  dbErrorText,
  FILE_CONTENT,
  isJsonType,
  NOSQL_PAYLOADS,
  OVERSIZED_PAYLOADS,
  POLLUTED_IN_ANSWER,
  PROTO_BODIES,
  PROTO_QUERIES,
  SQL_PAYLOADS,
  TRAVERSAL_PAYLOADS,
  XSS_PAYLOAD_OBJECTS,
  XSS_PAYLOADS,
  type Payload,
} from "./payloads";
import { inPool, type Prober, type ProbeSpec } from "./prober";

type Judge = (op: SurfaceOperation, ex: HttpExchange, payloadLabel: string) => string | null;

interface Planned {
  check: SecurityCheckId;
  op: SurfaceOperation;
  spec: ProbeSpec;
  label: string;
  judge: Judge;
  /** "METHOD /template field" for the coverage count; absent for whole-body probes. */
  field?: string;
}

const is2xx = (s: number) => s >= 200 && s < 300;

/**
 * Any 5xx but 503, database or stack text, or a write that answered 2xx. A 503 says a dependency (a ledger)
 * is unavailable: the input passed validation and the answer is about availability, not about the input.
 */
export const injectionFinding: Judge = (op, ex) => {
  if (ex.status >= 500 && ex.status !== 503) return `answered ${ex.status} (server error)`;
  const db = dbErrorText(ex.body);
  if (db) return `database or stack text in the answer: "${db}"`;
  if (op.write && is2xx(ex.status)) return `a write answered ${ex.status} to a body holding only the hostile value`;
  return null;
};

const traversalFinding: Judge = (op, ex, label) =>
  FILE_CONTENT.test(ex.body) ? "file content (/etc/passwd or win.ini) in the answer" : injectionFinding(op, ex, label);
const protoFinding: Judge = (op, ex, label) =>
  POLLUTED_IN_ANSWER.test(ex.body)
    ? 'the answer shows the injected "polluted" property'
    : injectionFinding(op, ex, label);

const xssFinding: Judge = (_op, ex, label) => {
  const payload = XSS_PAYLOADS.find((p) => label.includes(p));
  if (!payload || !ex.body.includes(payload)) return null;
  const type = String(ex.headers["content-type"] ?? "");
  if (isJsonType(type)) return null;
  return `the payload is echoed unescaped in a ${type || "typeless"} body`;
};

/** A JSON body holding only `value` (raw JSON text) at the dotted `path`. */
export function bodyWith(path: string, rawValue: string): string {
  const parts = path.split(".");
  let text = rawValue;
  for (let i = parts.length - 1; i >= 0; i--) text = `{${JSON.stringify(parts[i])}:${text}}`;
  return text;
}

function fieldSpec(
  op: SurfaceOperation,
  field: SurfaceField,
  payload: Payload,
  baseHeaders: Record<string, string>,
): ProbeSpec {
  const probe = `${payload.label} in ${field.in} ${field.name === "" ? "body" : field.name}`;
  if (field.in === "body") {
    return {
      probe,
      method: op.method,
      path: fillPath(op),
      headers: { ...baseHeaders, "content-type": "application/json" },
      body: bodyWith(field.name, payload.json),
      write: op.write,
    };
  }
  if (field.in === "query")
    return {
      probe,
      method: op.method,
      path: `${fillPath(op)}?${payload.query(field.name)}`,
      headers: baseHeaders,
      write: op.write,
    };
  return {
    probe,
    method: op.method,
    path: fillPath(op, { name: field.name, raw: payload.path }),
    headers: baseHeaders,
    write: op.write,
  };
}

/** Writes without a body schema get a JSON body only when they declare one; GET probes carry none. */
function plan(
  checks: Set<SecurityCheckId>,
  operations: SurfaceOperation[],
  baseHeaders: Record<string, string>,
): Planned[] {
  const classes: { check: SecurityCheckId; payloads: Payload[]; judge: Judge }[] = [
    { check: "inj-sql", payloads: SQL_PAYLOADS, judge: injectionFinding },
    { check: "inj-nosql", payloads: NOSQL_PAYLOADS, judge: injectionFinding },
    { check: "inj-path-traversal", payloads: TRAVERSAL_PAYLOADS, judge: traversalFinding },
    { check: "inj-oversized-input", payloads: OVERSIZED_PAYLOADS, judge: injectionFinding },
    { check: "xss-reflected", payloads: XSS_PAYLOAD_OBJECTS, judge: xssFinding },
  ];
  const perOp: Planned[][] = operations.map((op) => {
    const list: Planned[] = [];
    const fields = [...op.bodyFields, ...op.query, ...op.pathParams];
    for (const c of classes) {
      if (!checks.has(c.check)) continue;
      for (const field of fields)
        for (const p of c.payloads)
          list.push({
            check: c.check,
            op,
            spec: fieldSpec(op, field, p, baseHeaders),
            label: p.label,
            judge: c.judge,
            field: `${op.method} ${op.template} ${field.in}:${field.name}`,
          });
    }
    if (checks.has("inj-prototype-pollution")) {
      if (op.hasBody) {
        for (const b of PROTO_BODIES) {
          list.push({
            check: "inj-prototype-pollution",
            op,
            label: b.label,
            judge: protoFinding,
            spec: {
              probe: `body ${b.label}`,
              method: op.method,
              path: fillPath(op),
              headers: { ...baseHeaders, "content-type": "application/json" },
              body: b.json,
              write: op.write,
            },
          });
        }
      }
      if (op.query.length > 0) {
        for (const pq of PROTO_QUERIES) {
          list.push({
            check: "inj-prototype-pollution",
            op,
            label: pq.label,
            judge: protoFinding,
            spec: {
              probe: `query ${pq.label}`,
              method: op.method,
              path: `${fillPath(op)}?${pq.query}`,
              headers: baseHeaders,
              write: op.write,
            },
          });
        }
      }
    }
    return list;
  });
  // Round-robin: the first probe of every operation, then the second of every operation, …
  const ordered: Planned[] = [];
  for (let i = 0; perOp.some((l) => i < l.length); i++) for (const l of perOp) if (i < l.length) ordered.push(l[i]!);
  return ordered;
}

export interface FieldProbeResult {
  recorders: Map<SecurityCheckId, CheckRecorder>;
  operationsProbed: Set<string>;
  fieldsProbed: Set<string>;
}

export async function runFieldProbes(
  prober: Prober,
  checks: Set<SecurityCheckId>,
  operations: SurfaceOperation[],
  baseHeaders: Record<string, string>,
  concurrency = 4,
): Promise<FieldProbeResult> {
  const recorders = new Map<SecurityCheckId, CheckRecorder>();
  for (const id of checks) recorders.set(id, new CheckRecorder(id));
  const operationsProbed = new Set<string>();
  const fieldsProbed = new Set<string>();
  const planned = plan(checks, operations, baseHeaders);
  await inPool(planned, concurrency, async (p) => {
    const outcome = await prober.probe(p.spec);
    const rec = recorders.get(p.check)!;
    if (!outcome.sent || !outcome.exchange) {
      // No answer at all (a reset, a hang) is a finding, unless the run's own deadline cut the wait short.
      rec.record(
        outcome,
        outcome.sent && outcome.error && prober.remainingMs() > 0 ? `no answer: ${outcome.error}` : null,
      );
      return;
    }
    operationsProbed.add(`${p.op.method} ${p.op.template}`);
    if (p.field) fieldsProbed.add(p.field);
    rec.record(outcome, outcome.rateLimited ? null : p.judge(p.op, outcome.exchange, p.label));
  });
  return { recorders, operationsProbed, fieldsProbed };
}
