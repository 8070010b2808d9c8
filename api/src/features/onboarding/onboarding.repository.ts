// A wallet's recorded onboarding steps (onboarding_steps: one row per chain, wallet and step). A step is recorded
// once, with the evidence read when it was first done; recording it again keeps the first time and evidence.
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { onboardingSteps } from "../../db/schema";
import { onboardingStep, stepEvidence, type OnboardingStep, type StepEvidence } from "./onboarding.schemas";

export interface RecordedStep {
  step: OnboardingStep;
  evidence: StepEvidence;
  completedAt: Date;
}

export interface OnboardingStore {
  steps(address: string): Promise<RecordedStep[]>;
  /** Records the steps not recorded yet; answers the ones this call wrote. */
  record(
    address: string,
    steps: { step: OnboardingStep; evidence: StepEvidence }[],
    at: Date,
  ): Promise<OnboardingStep[]>;
}

export function createOnboardingStore(db: Db, chainId: number): OnboardingStore {
  return {
    async steps(address) {
      const rows = await db
        .select()
        .from(onboardingSteps)
        .where(and(eq(onboardingSteps.chainId, chainId), eq(onboardingSteps.address, address.toLowerCase())));
      // A row whose step or evidence this version cannot read is not shown as done.
      return rows.flatMap((r) => {
        const step = onboardingStep.safeParse(r.step);
        const evidence = stepEvidence.safeParse(r.evidence);
        return step.success && evidence.success
          ? [{ step: step.data, evidence: evidence.data, completedAt: r.completedAt }]
          : [];
      });
    },

    async record(address, steps, at) {
      if (steps.length === 0) return [];
      const written = await db
        .insert(onboardingSteps)
        .values(
          steps.map((s) => ({
            chainId,
            address: address.toLowerCase(),
            step: s.step,
            evidence: stepEvidence.parse(s.evidence),
            completedAt: at,
          })),
        )
        .onConflictDoNothing()
        .returning({ step: onboardingSteps.step });
      return written.map((w) => w.step as OnboardingStep);
    },
  };
}
