// @vitest-environment node
// Generated over every form in the code: an amount a user types is the shared AmountField, inside the shared
// AmountForm or beside the shared ActionButton, so every amount is checked as typed with the API's own rule
// and its button waits with the reason beside it (amount-form.test.tsx proves that once for all of them).
// A number field that is not an amount to act on is listed here with the reason, so a new one cannot slip in.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const SRC = path.resolve(__dirname, "../..");

/** Fields that take a number but send no amount: each with why it is not an AmountField. */
const NOT_AN_AMOUNT: Record<string, string> = {
  "features/quantum-treasury-2/components/collateral-tab.tsx":
    "the capacity calculator: collateral and ratio recompute figures, nothing is sent",
  "features/quantum-treasury-2/components/strategy-dialog.tsx": "a plan's allocation percentages, not a token amount",
  "features/q-isolator/components/threat-tab.tsx": "a count of simulated attempts (1-10), not an amount",
  "features/real-staking/components/practice-tab.tsx":
    "the dry run's amount: a read-only eth_call preview, empty allowed (the pool's minimum)",
};

const NUMBER_FIELD = /inputMode[=:]\s*["{]?\s*"?decimal|type="number"/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "testing" ? [] : sources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe("every amount field", () => {
  const files = sources(SRC).map((f) => path.relative(SRC, f).split(path.sep).join("/"));

  it("is the shared AmountField: no page has a number field of its own, but the listed non-amounts", () => {
    const own = files.filter(
      (f) =>
        f !== "components/form/amount-field.tsx" &&
        !(f in NOT_AN_AMOUNT) &&
        NUMBER_FIELD.test(readFileSync(path.join(SRC, f), "utf8")),
    );
    expect(own).toEqual([]);
  });

  it("lists only fields that still exist (a stale entry would hide a new one)", () => {
    for (const f of Object.keys(NOT_AN_AMOUNT))
      expect(NUMBER_FIELD.test(readFileSync(path.join(SRC, f), "utf8")), f).toBe(true);
  });

  it("has AmountField used only inside AmountForm or beside ActionButton", () => {
    const users = files.filter(
      (f) => !f.startsWith("components/form/") && /<AmountField\b/.test(readFileSync(path.join(SRC, f), "utf8")),
    );
    for (const f of users) expect(readFileSync(path.join(SRC, f), "utf8"), f).toMatch(/<ActionButton\b/);
  });
});
