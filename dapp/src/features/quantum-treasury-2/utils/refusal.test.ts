import { ApiRequestError, ApiUnreachableError } from "../../../lib/api-client";
import { failureOf, refusalOf } from "./refusal";

const refused = (body: object) =>
  new ApiRequestError(400, "Bad Request", JSON.stringify({ code: "INVALID_INPUT", ...body }));
const SENTENCE = "100,000,000 XQBUSD at 150% needs $150,000,000 of collateral; the vault holds $30,000,000";

describe("refusalOf", () => {
  it("reads the API's sentence and a maxAmount at the top of the body", () => {
    expect(
      refusalOf(refused({ error: SENTENCE, issues: [{ path: "amount", message: SENTENCE }], maxAmount: "20000000" })),
    ).toEqual({
      message: SENTENCE,
      details: [],
      maxAmount: "20000000",
    });
  });

  it("reads maxAmount under details, or from the words when the body has no field for it", () => {
    expect(refusalOf(refused({ error: SENTENCE, details: { maxAmount: "1.5" } }))?.maxAmount).toBe("1.5");
    expect(
      refusalOf(
        refused({
          error: "Invalid request",
          issues: [{ path: "amount", message: `${SENTENCE}; the largest amount it can back is 20,000,000 XQBUSD` }],
        }),
      ),
    ).toMatchObject({
      maxAmount: "20000000",
      details: [expect.stringContaining("largest amount")],
    });
    expect(refusalOf(refused({ error: "amount must be greater than 0" }))?.maxAmount).toBeNull();
  });

  it("is null for failures that are not the input's: a dead API, a ledger down", () => {
    expect(refusalOf(new ApiUnreachableError("/api/x", "offline"))).toBeNull();
    expect(
      refusalOf(
        new ApiRequestError(503, "Service Unavailable", JSON.stringify({ code: "LEDGER_UNAVAILABLE", error: "down" })),
      ),
    ).toBeNull();
  });
});

describe("failureOf", () => {
  it("says a CONFLICT in the API's own sentence (the proposal already executed), not as the app's bug", () => {
    const conflict = new ApiRequestError(
      409,
      "Conflict",
      JSON.stringify({ code: "CONFLICT", error: "Safe proposal 0xab is executed (transaction 0xcd)" }),
    );
    expect(failureOf(conflict)).toEqual({
      title: "The Safe moved on",
      message:
        "Safe proposal 0xab is executed (transaction 0xcd). Read the treasury again and retry if it still applies.",
    });
    expect(failureOf(new ApiUnreachableError("/api/x", "timeout")).title).toBe("The API is not reachable");
  });
});
