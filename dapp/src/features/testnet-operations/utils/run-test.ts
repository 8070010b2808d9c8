// One test run, loaded with the page's first run: the call, the result recorded, the toast ('{label} Success' /
// 'Complete' / 'Failed', spec §8).
import { notify } from "../../../components/toast";
import { failureText } from "./failure-text";
import type { RunsStore } from "./runs-store";
import { TESTS, type Answers, type Inputs } from "./test-catalogue";
import { TEST_LABEL, type TestKind } from "./test-kinds";

/**
 * Runs one test the store already marks running, and records it (label, start, duration, answer or error); answers
 * null when it failed.
 */
export async function runTest<K extends TestKind>(
  store: RunsStore,
  kind: K,
  input: Inputs[K],
): Promise<Answers[K] | null> {
  const label = TEST_LABEL[kind];
  const startedAt = new Date().toISOString();
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const answer = await TESTS[kind].call(input);
    store.finished<K>({ kind, label, startedAt, elapsedMs: elapsed(), answer, error: null });
    notify(TESTS[kind].toast(answer));
    return answer;
  } catch (error) {
    const text = failureText(error);
    store.finished<K>({ kind, label, startedAt, elapsedMs: elapsed(), answer: null, error: text });
    notify({ variant: "error", title: `${label} Failed`, description: text });
    return null;
  }
}
