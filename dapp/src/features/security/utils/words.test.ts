import { ApiRequestError } from "../../../lib/api-client";
import {
  SECURITY_CATEGORIES,
  SECURITY_DEFAULT_BUDGET,
  SECURITY_STATUSES,
  SECURITY_TEST_KINDS,
} from "../../../../../api/src/features/security/security.schemas";
import { CATEGORIES, RUN_BUDGET_MS, STATUSES, TEST_KINDS } from "./vocabulary";
import { countsText, failsFirst, failureText, scoreTone } from "./words";

describe("security page words", () => {
  it("colours a score by the spec's rule: green at 90 or above, yellow at 75 or above, red below", () => {
    expect([100, 90, 89, 75, 74, 0].map(scoreTone)).toEqual([
      "success",
      "success",
      "warning",
      "warning",
      "error",
      "error",
    ]);
  });

  it("puts FAILs first, the most severe first, then WARNINGs, then PASSes, keeping the suite's order within a group", () => {
    const r = (
      id: string,
      status: "PASS" | "FAIL" | "WARNING",
      severity: "CRITICAL" | "HIGH" | "MEDIUM" | "LOW" | "OK",
    ) => ({ id, status, severity });
    const sorted = failsFirst([
      r("a", "PASS", "OK"),
      r("b", "FAIL", "MEDIUM"),
      r("c", "WARNING", "LOW"),
      r("d", "FAIL", "CRITICAL"),
      r("e", "PASS", "OK"),
      r("f", "FAIL", "MEDIUM"),
    ]);
    expect(sorted.map((x) => x.id)).toEqual(["d", "b", "f", "c", "a", "e"]);
    expect(countsText(sorted)).toBe("2 passed · 3 failed · 1 warning");
  });

  it("reads a failure: the server's text, 409 and 429 plainly, 'Unknown error' when there is none", () => {
    expect(
      failureText(
        new ApiRequestError(
          400,
          "Bad Request",
          JSON.stringify({ code: "INVALID_INPUT", error: "This route takes no body" }),
        ),
      ),
    ).toBe("This route takes no body");
    expect(
      failureText(new ApiRequestError(409, "Conflict", JSON.stringify({ code: "CONFLICT", error: "running" }))),
    ).toMatch(/^A security run is already going/);
    expect(
      failureText(
        new ApiRequestError(
          429,
          "Too Many Requests",
          JSON.stringify({ code: "RATE_LIMITED", error: "Too many requests" }),
          "30",
        ),
      ),
    ).toBe("Too many runs: the API is limiting them (Too many requests). Try again in 30 s.");
    expect(failureText(new ApiRequestError(502, "", ""))).toBe("Unknown error (HTTP 502)");
    expect(failureText(undefined)).toBe("Unknown error");
  });
});

describe("the page's copies of the API's vocabulary (utils/vocabulary.ts)", () => {
  it("are the API's own values", () => {
    expect([...TEST_KINDS]).toEqual([...SECURITY_TEST_KINDS]);
    expect([...CATEGORIES]).toEqual([...SECURITY_CATEGORIES]);
    expect([...STATUSES].sort()).toEqual([...SECURITY_STATUSES].sort());
    expect(RUN_BUDGET_MS).toBe(SECURITY_DEFAULT_BUDGET.maxMs);
  });
});
