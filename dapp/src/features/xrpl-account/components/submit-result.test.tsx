import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../../testing/test-utils";
import type { XrplSubmitResponse } from "../api/contract";
import { SubmitResult } from "./submit-result";

const BLOB = "12000022800000002400000001".padEnd(240, "A");
const validated: XrplSubmitResponse = {
  source: "live",
  reason: null,
  network: "testnet",
  status: "validated",
  transactionHash: "B".repeat(64),
  transactionType: "Payment",
  account: "rG31cLyErnqeVj2eomEjBZtq7PYaupGYzL",
  engineResult: "tesSUCCESS",
  engineResultText: "the transaction was applied",
  succeeded: true,
  feeDrops: "10",
  feeXrp: "0.00001",
  sequence: 5,
  lastLedgerSequence: 1010,
  ledgerIndex: 1003,
  validatedLedger: 1003,
  explorerUrl: `https://testnet.xrpl.org/transactions/${"B".repeat(64)}`,
  assumptions: [],
};

describe("an XRPL transaction result", () => {
  it("a live, validated one offers its signed blob and its transaction JSON to copy", () => {
    renderWithProviders(
      <ul>
        <SubmitResult r={{ ...validated, txBlob: BLOB, txJson: '{"TransactionType":"Payment"}' }} label="1 XRP" />
      </ul>,
    );
    const result = screen.getByTestId("xrpl-payment-result");
    expect(within(result).getByTestId("xrpl-result-blob")).toHaveTextContent("(120 bytes)");
    expect(within(result).getByRole("button", { name: "Copy signed transaction blob" })).toBeInTheDocument();
    expect(within(result).getByTestId("xrpl-result-json")).toHaveTextContent("Transaction JSON (Payment, signed)");
    expect(within(result).getByRole("button", { name: "Copy signed transaction JSON" })).toBeInTheDocument();
    expect(within(result).getByRole("button", { name: "Copy transaction hash" })).toBeInTheDocument();
  });
});
