import { fireEvent, screen } from "@testing-library/react";
import { classicAddressToXAddress } from "xrpl";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../../testing/test-utils";
import { buildXrplPayment, textToHex, xrpToDropsText } from "../../../lib/xrpl/xrpl-build";
import { checkXrplSeed, signXrplTx } from "../../../lib/xrpl/xrpl-wallet";
import { checkPayment, PaymentForm } from "./payment-form";

const SELF = "rG31cLyErnqeVj2eomEjBZtq7PYaupGYzL";
const DEST = "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe";

describe("the XRP payment form", () => {
  it("says what is wrong with each field, in words", () => {
    expect(
      checkPayment({ destination: "0x12", amount: "1.1234567", tag: "4294967296", memo: "x".repeat(300) }, SELF),
    ).toEqual({
      destination: "An XRPL address starts with r and has 25-35 base58 characters, or is a test-net X-address (T…)",
      amount: "At most 6 decimals (1 drop = 0.000001 XRP)",
      tag: "A whole number from 0 to 4294967295",
      memo: "At most 256 bytes",
    });
    expect(checkPayment({ destination: SELF, amount: "0", tag: "", memo: "" }, SELF)).toMatchObject({
      destination: expect.stringContaining("temREDUNDANT"),
      amount: "Must be greater than 0 XRP",
    });
    expect(checkPayment({ destination: DEST, amount: "12.5", tag: "4294967295", memo: "hi" }, SELF)).toEqual({});
  });

  it("sends the typed payment (tag and memo included) and nothing while a field is wrong", () => {
    const onSend = vi.fn();
    renderWithProviders(<PaymentForm self={SELF} busy={false} onSend={onSend} />);
    fireEvent.change(screen.getByTestId("xrpl-destination-input"), { target: { value: DEST } });
    fireEvent.change(screen.getByTestId("xrpl-amount-input"), { target: { value: "abc" } });
    fireEvent.click(screen.getByTestId("xrpl-send-button"));
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByText("Enter an amount of XRP, e.g. 12.5")).toBeInTheDocument();
    fireEvent.change(screen.getByTestId("xrpl-amount-input"), { target: { value: "12.5" } });
    fireEvent.change(screen.getByTestId("xrpl-tag-input"), { target: { value: "7" } });
    fireEvent.change(screen.getByTestId("xrpl-memo-input"), { target: { value: "hello" } });
    fireEvent.click(screen.getByTestId("xrpl-send-button"));
    expect(onSend).toHaveBeenCalledWith({ destination: DEST, amountXrp: "12.5", destinationTag: 7, memo: "hello" });
  });
});

describe("X-addresses in the payment form", () => {
  const X_TEST = classicAddressToXAddress(DEST, 7, true);
  const X_MAIN = classicAddressToXAddress(DEST, 7, false);

  it("decodes a test-net X-address, shows its classic address and tag, and sends those", async () => {
    const onSend = vi.fn();
    renderWithProviders(<PaymentForm self={SELF} busy={false} onSend={onSend} />);
    fireEvent.change(screen.getByTestId("xrpl-destination-input"), { target: { value: X_TEST } });
    expect(await screen.findByTestId("xrpl-destination-decoded")).toHaveTextContent(
      `Test-net X-address: ${DEST}, destination tag 7`,
    );
    fireEvent.change(screen.getByTestId("xrpl-amount-input"), { target: { value: "2" } });
    fireEvent.click(screen.getByTestId("xrpl-send-button"));
    expect(onSend).toHaveBeenCalledWith({ destination: DEST, amountXrp: "2", destinationTag: 7 });
  });

  it("refuses a conflicting tag (naming the tag field) and a main-net X-address, sending nothing", async () => {
    const onSend = vi.fn();
    renderWithProviders(<PaymentForm self={SELF} busy={false} onSend={onSend} />);
    fireEvent.change(screen.getByTestId("xrpl-destination-input"), { target: { value: X_TEST } });
    await screen.findByTestId("xrpl-destination-decoded");
    fireEvent.change(screen.getByTestId("xrpl-amount-input"), { target: { value: "2" } });
    fireEvent.change(screen.getByTestId("xrpl-tag-input"), { target: { value: "8" } });
    fireEvent.click(screen.getByTestId("xrpl-send-button"));
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByTestId("xrpl-tag-input")).toHaveAttribute("aria-invalid", "true");
    // Said under the tag field and beside the waiting button.
    expect(screen.getAllByText("The X-address carries destination tag 7: leave this empty or enter 7")).toHaveLength(2);
    expect(screen.getByTestId("xrpl-send-button")).toBeDisabled();
    fireEvent.change(screen.getByTestId("xrpl-tag-input"), { target: { value: "7" } });
    fireEvent.change(screen.getByTestId("xrpl-destination-input"), { target: { value: X_MAIN } });
    expect((await screen.findAllByText(/This is a main-net X-address/)).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByTestId("xrpl-send-button"));
    expect(onSend).not.toHaveBeenCalled();
  });
});

describe("lib/xrpl in the browser", () => {
  it("builds a reliable payment: drops exactly, memo as hex, LastLedgerSequence set", () => {
    expect(xrpToDropsText("12.5")).toBe("12500000");
    expect(xrpToDropsText("0.000001")).toBe("1");
    expect(() => xrpToDropsText("1.0000001")).toThrow();
    expect(textToHex("évm")).toBe("C3A9766D");
    expect(
      buildXrplPayment({
        account: SELF,
        destination: DEST,
        amount: { xrp: "1" },
        destinationTag: 0,
        memo: { type: "text/plain", data: "hi" },
        sequence: 3,
        feeDrops: "10",
        lastLedgerSequence: 99,
      }),
    ).toEqual({
      TransactionType: "Payment",
      Account: SELF,
      Destination: DEST,
      Amount: "1000000",
      DestinationTag: 0,
      Memos: [{ Memo: { MemoType: textToHex("text/plain"), MemoData: "6869" } }],
      Sequence: 3,
      Fee: "10",
      LastLedgerSequence: 99,
    });
  });

  // Importing and signing run in Chromium (e2e/xrp-account.spec.ts): jsdom's Uint8Array is refused by the curve library.
  it("checks a seed's alphabet and checksum before anything else; signing needs a wallet in memory", async () => {
    expect(await checkXrplSeed("s0OIl")).toMatch(/base58/);
    expect(await checkXrplSeed("xyz")).toMatch(/starts with s/);
    expect(await checkXrplSeed("sEdTM1uX8pu2do5XvTnutH6HsouMaM3")).toMatch(/checksum/);
    expect(await checkXrplSeed("sEdTM1uX8pu2do5XvTnutH6HsouMaM2")).toBeNull();
    await expect(signXrplTx({})).rejects.toThrow(/No XRPL wallet/);
  });
});
