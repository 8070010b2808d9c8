import { createContext, useContext, useState, useSyncExternalStore, type ReactNode } from "react";
import { MULTI_CRYPTO_DEFAULT, STELLAR_DEFAULTS } from "../constants";
import type { RunAllInputs } from "../utils/run-all";
import { createRunsStore, type RunsSnapshot, type RunsStore } from "../utils/runs-store";
import type { Answers, Inputs } from "../utils/test-catalogue";
import { TEST_LABEL, type TestKind } from "../utils/test-kinds";

/** The forms' inputs live with the page, not the tabs: Run All Real Tests sends what the tabs show. */
export type TestInputs = RunAllInputs;

interface RunsContextValue {
  store: RunsStore;
  inputs: TestInputs;
  setInputs: (change: Partial<TestInputs>) => void;
}

const RunsContext = createContext<RunsContextValue | null>(null);

export function RunsProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createRunsStore);
  const [inputs, setAll] = useState<TestInputs>({
    xlmAmount: String(STELLAR_DEFAULTS.realTestnetAmount),
    memo: STELLAR_DEFAULTS.memo,
    selectedCryptos: [...MULTI_CRYPTO_DEFAULT],
  });
  const setInputs = (change: Partial<TestInputs>) => setAll((now) => ({ ...now, ...change }));
  return <RunsContext.Provider value={{ store, inputs, setInputs }}>{children}</RunsContext.Provider>;
}

function useRunsContext(): RunsContextValue {
  const value = useContext(RunsContext);
  if (!value) throw new Error("testnet-operations: a part of the real-testnet page is outside RunsProvider");
  return value;
}

export const useTestInputs = () => {
  const { inputs, setInputs } = useRunsContext();
  return [inputs, setInputs] as const;
};

export function useRuns(): RunsSnapshot {
  const { store } = useRunsContext();
  return useSyncExternalStore(store.subscribe, store.get);
}

/**
 * Runs one test: shown running at once, its code (the calls, the toasts) fetched with the page's first run, then
 * recorded in the results and toasted. Answers null when it failed.
 */
export function useRunTest() {
  const { store } = useRunsContext();
  return async function run<K extends TestKind>(kind: K, input: Inputs[K]): Promise<Answers[K] | null> {
    store.started(kind);
    let runTest;
    try {
      ({ runTest } = await import("../utils/run-test"));
    } catch (error) {
      const text = `its code could not be fetched (${error instanceof Error ? error.message : String(error)}); reload the page`;
      store.finished<K>({
        kind,
        label: TEST_LABEL[kind],
        startedAt: new Date().toISOString(),
        elapsedMs: 0,
        answer: null,
        error: text,
      });
      return null;
    }
    return runTest(store, kind, input);
  };
}
