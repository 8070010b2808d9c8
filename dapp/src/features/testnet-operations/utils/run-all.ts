// Run All Real Tests, loaded on its click: each test's input from what the tabs show, one test after the other, and
// the summary toast saying what ran, what failed and what was skipped and why.
import { notify } from "../../../components/toast";
import type { MultiCryptoCoin } from "../constants";
import { paymentProblem } from "./stellar-rules";
import type { Answers, Inputs } from "./test-catalogue";
import { needsWallet, NO_WALLET, RUN_ALL_ORDER, TEST_LABEL, type TestKind } from "./test-kinds";

export type StepState = "waiting" | "running" | "done" | "failed" | "skipped";
export type Step = { kind: TestKind; state: StepState; why: string | null };

export interface RunAllInputs {
  xlmAmount: string;
  memo: string;
  selectedCryptos: MultiCryptoCoin[];
}

/** Each step's input, or why it cannot be sent as it is. */
function planOf(
  kind: TestKind,
  inputs: RunAllInputs,
  address: string | null,
): { input: Inputs[TestKind] } | { why: string } {
  if (needsWallet(kind) && !address) return { why: NO_WALLET };
  switch (kind) {
    case "stellar": {
      const problem = paymentProblem(inputs.xlmAmount, inputs.memo);
      return problem
        ? { why: `the Stellar Test tab's input is refused: ${problem}` }
        : { input: { xlmAmount: inputs.xlmAmount, memo: inputs.memo } };
    }
    case "multiCrypto":
      return inputs.selectedCryptos.length
        ? { input: { selectedCryptos: inputs.selectedCryptos } }
        : { why: "the Multi-Crypto tab has no coin chosen" };
    case "vibeMint":
      return { input: { recipientAddress: address! } };
    default:
      return { input: undefined };
  }
}

export async function runAll({
  inputs,
  address,
  run,
  onSteps,
}: {
  inputs: RunAllInputs;
  address: string | null;
  run: (kind: TestKind, input: Inputs[TestKind]) => Promise<Answers[TestKind] | null>;
  /** Every change of the steps' states, from the plan to the last answer. */
  onSteps: (steps: Step[]) => void;
}): Promise<void> {
  const plans = RUN_ALL_ORDER.map((kind) => ({ kind, plan: planOf(kind, inputs, address) }));
  let steps: Step[] = plans.map(({ kind, plan }) =>
    "why" in plan ? { kind, state: "skipped", why: plan.why } : { kind, state: "waiting", why: null },
  );
  const mark = (kind: TestKind, state: StepState) => {
    steps = steps.map((s) => (s.kind === kind ? { ...s, state } : s));
    onSteps(steps);
  };
  onSteps(steps);
  let failed = 0;
  for (const { kind, plan } of plans) {
    if ("why" in plan) continue;
    mark(kind, "running");
    const answer = await run(kind, plan.input);
    if (answer === null) failed++;
    mark(kind, answer === null ? "failed" : "done");
  }
  const skipped = steps.filter((s) => s.state === "skipped");
  const ran = steps.length - skipped.length;
  notify({
    variant: failed ? "warning" : "success",
    title: "Run All Real Tests Complete",
    description: [
      `${ran - failed} of ${ran} tests answered${failed ? `, ${failed} failed` : ""}.`,
      skipped.length ? `Skipped: ${skipped.map((s) => `${TEST_LABEL[s.kind]} (${s.why})`).join("; ")}.` : "",
    ]
      .filter(Boolean)
      .join(" "),
  });
}
