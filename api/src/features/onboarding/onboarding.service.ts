// The checklist: each step is done when its evidence was recorded for the wallet or is found now, the first step not
// done is "current", the later ones wait. Recording (POST check) is for the session's own address only: the browser's
// facts for steps 1-3 are checked against the session and this API's chain before they are kept, and steps 4-7 are
// recorded only from what the API itself read.
import { getAddress, type Address } from "viem";
import { fieldError } from "../../http/errors";
import type { Session } from "../../shared/session";
import { readServerEvidence, type EvidenceDeps } from "./onboarding.evidence";
import type { OnboardingStore, RecordedStep } from "./onboarding.repository";
import {
  ONBOARDING_STEPS,
  STEP_CHECKED_BY,
  STEP_LABELS,
  STEP_RULES,
  type OnboardingCheckRequest,
  type OnboardingProgressResponse,
  type OnboardingStep,
  type OnboardingStepState,
  type StepEvidence,
} from "./onboarding.schemas";

export interface OnboardingServiceDeps {
  chainId: number;
  store: OnboardingStore;
  evidence: EvidenceDeps;
  /** The local chain's current run (genesis hash), to tell a recorded event of an earlier run; null when unknown. */
  chainInstance: () => string | null;
  now?: () => Date;
}

const BROWSER_NOTE = "Reported by the browser of the signed-in wallet; the API cannot see the wallet itself.";

/** Steps 1-3 from the browser's report, each only when its fact holds for this session and this API's chain. */
function browserSteps(
  body: OnboardingCheckRequest,
  session: Session,
  chainId: number,
): { step: OnboardingStep; evidence: StepEvidence }[] {
  if (body.network && body.network.chainId !== chainId)
    throw fieldError(
      "network.chainId",
      `is ${body.network.chainId}: this API runs on chain ${chainId}; select that network in the wallet first`,
    );
  if (body.connected) {
    if (body.connected.address.toLowerCase() !== session.address.toLowerCase())
      throw fieldError(
        "connected.address",
        "is not the signed-in wallet: a wallet records only its own steps (sign in with this account first)",
      );
    if (body.connected.chainId !== chainId)
      throw fieldError("connected.chainId", `is ${body.connected.chainId}: this API runs on chain ${chainId}`);
  }
  const steps: { step: OnboardingStep; evidence: StepEvidence }[] = [];
  if (body.wallet)
    steps.push({
      step: "wallet",
      evidence: { kind: "browser", discovery: body.wallet.discovery, name: body.wallet.name, note: BROWSER_NOTE },
    });
  if (body.network)
    steps.push({ step: "network", evidence: { kind: "browser", chainId: body.network.chainId, note: BROWSER_NOTE } });
  if (body.connected)
    steps.push({
      step: "connected",
      evidence: {
        kind: "browser",
        address: getAddress(body.connected.address),
        chainId: body.connected.chainId,
        note: BROWSER_NOTE,
      },
    });
  return steps;
}

export function createOnboardingService(deps: OnboardingServiceDeps) {
  const now = deps.now ?? (() => new Date());

  function states(
    recorded: RecordedStep[],
    found: Partial<Record<OnboardingStep, StepEvidence>>,
  ): { steps: OnboardingStepState[]; current: OnboardingStep | null } {
    const instance = deps.chainInstance();
    let current: OnboardingStep | null = null;
    const steps = ONBOARDING_STEPS.map((id): OnboardingStepState => {
      const row = recorded.find((r) => r.step === id);
      const evidence = row?.evidence ?? found[id] ?? null;
      let status: OnboardingStepState["status"] = "done";
      if (!evidence) {
        status = current ? "waiting" : "current";
        current ??= id;
      }
      return {
        id,
        label: STEP_LABELS[id],
        checkedBy: STEP_CHECKED_BY[id],
        rule: STEP_RULES[id],
        status,
        recorded: Boolean(row),
        completedAt: row ? row.completedAt.toISOString() : null,
        evidence,
        onCurrentChain: evidence?.kind === "event" && instance ? evidence.chainInstance === instance : null,
      };
    });
    return { steps, current };
  }

  async function answer(
    address: Address,
    recordedNow: OnboardingStep[],
    evidence?: Awaited<ReturnType<typeof readServerEvidence>>,
  ): Promise<OnboardingProgressResponse> {
    const read = evidence ?? (await readServerEvidence(deps.evidence, address));
    const { steps, current } = states(await deps.store.steps(address), read.found);
    return {
      address,
      chainId: deps.chainId,
      steps,
      current,
      chain: read.chain,
      recordedNow,
      checkedAt: now().toISOString(),
    };
  }

  return {
    /** Anyone's progress by address: recorded steps, and steps 5-7 as read now (not recorded by a read). */
    progress: (address: string) => answer(getAddress(address), []),

    /** Records the session wallet's steps from the browser's report and the API's own reads. */
    async check(session: Session, body: OnboardingCheckRequest): Promise<OnboardingProgressResponse> {
      const wallet = getAddress(session.address);
      const fromBrowser = browserSteps(body, session, deps.chainId);
      const read = await readServerEvidence(deps.evidence, wallet);
      const signedIn: StepEvidence = {
        kind: "session",
        chainId: session.chainId,
        expiresAt: session.expiresAt.toISOString(),
        note: "A Sign-In with Ethereum session of this wallet, read by the API from this request's cookie.",
      };
      const fromServer = (["funded", "first_mint", "first_stake"] as const).flatMap((step) => {
        const evidence = read.found[step];
        return evidence ? [{ step, evidence }] : [];
      });
      const written = await deps.store.record(
        wallet,
        [...fromBrowser, { step: "signed_in", evidence: signedIn }, ...fromServer],
        now(),
      );
      return answer(
        wallet,
        ONBOARDING_STEPS.filter((s) => written.includes(s)),
        read,
      );
    },
  };
}
