import { useMutationState } from "@tanstack/react-query";
import type { SecurityTestKind, SecurityTestResponse } from "../api/contract";
import { runKey } from "../api/keys";
import { TEST_KINDS } from "../utils/vocabulary";

const isKind = (k: unknown): k is SecurityTestKind => TEST_KINDS.includes(k as SecurityTestKind);

/** The latest answer of each individual test run in this visit, in the order the buttons are (not stored by the API). */
export function useIndividualResults(): { kind: SecurityTestKind; response: SecurityTestResponse }[] {
  const done = useMutationState({
    filters: { mutationKey: runKey, status: "success" },
    select: (m) => ({ kind: m.options.mutationKey?.[2], response: m.state.data as SecurityTestResponse }),
  });
  const latest = new Map<SecurityTestKind, SecurityTestResponse>();
  for (const d of done) if (isKind(d.kind)) latest.set(d.kind, d.response);
  return TEST_KINDS.filter((k) => latest.has(k)).map((k) => ({ kind: k, response: latest.get(k)! }));
}
