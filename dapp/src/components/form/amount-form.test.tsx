import { useState } from "react";
import { fireEvent, screen } from "@testing-library/react";
import { renderWithProviders } from "../../testing/test-utils";
import { ethMintRequest, MINT_LIMITS } from "../../../../api/src/features/minting/minting.schemas";
import { AmountForm, textRule, type AmountFormProps } from ".";
import type { Gate } from "../session/use-access";

function Form(props: Partial<AmountFormProps>) {
  const [value, setValue] = useState("");
  return (
    <AmountForm
      id="eth"
      label="ETH amount"
      unit="ETH"
      step={0.001}
      value={value}
      onChange={setValue}
      onSubmit={() => {}}
      schema={ethMintRequest.shape.ethAmount}
      limits={MINT_LIMITS.eth}
      busy={false}
      pending={false}
      buttonLabel="Mint"
      pendingLabel="Minting…"
      inputTestId="eth-input"
      buttonTestId="mint"
      {...props}
    />
  );
}

const type = (value: string) => fireEvent.change(screen.getByTestId("eth-input"), { target: { value } });
const button = () => screen.getByTestId("mint");
const reason = () => screen.queryByTestId("mint-reason");

describe("AmountForm: one amount field and one action button", () => {
  it("waits with the reason beside the button while the amount is empty or refused, and names the reason to assistive technology", () => {
    const onSubmit = vi.fn();
    renderWithProviders(<Form onSubmit={onSubmit} />);
    expect(button()).toBeDisabled();
    expect(reason()).toHaveTextContent("Enter an amount of ETH");
    for (const [typed, why] of [
      ["0", "Must be greater than 0 ETH"],
      ["0.00001", "Must be at least 0.0001 ETH"],
      ["1000", "Must be at most 100 ETH"],
    ] as const) {
      type(typed);
      expect(button()).toBeDisabled();
      expect(reason()).toHaveTextContent(why);
      expect(button().getAttribute("aria-describedby")).toContain(reason()!.id);
    }
    fireEvent.submit(button().closest("form")!); // Enter in the field: nothing is sent for a refused amount
    expect(onSubmit).not.toHaveBeenCalled();
    type("0.5");
    expect(button()).toBeEnabled();
    expect(reason()).toBeNull();
    fireEvent.submit(button().closest("form")!);
    expect(onSubmit).toHaveBeenCalledWith(0.5);
  });

  it("takes a zod-free rule of the API's (textRule) and thousands separators where the spec allows them", () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <Form
        onSubmit={onSubmit}
        limits={undefined}
        schemaInput="grouped-text"
        schema={textRule((t) =>
          Number(t.replace(/,/g, "")) >= 65_000 ? null : "Minimum investment required: $65,000",
        )}
        emptyReason="Invalid Input - Please select an opportunity and enter an amount"
      />,
    );
    expect(reason()).toHaveTextContent("Invalid Input - Please select an opportunity and enter an amount");
    type("1,000");
    expect(reason()).toHaveTextContent("Minimum investment required: $65,000");
    type("100,000");
    expect(button()).toBeEnabled();
    fireEvent.submit(button().closest("form")!);
    expect(onSubmit).toHaveBeenCalledWith(100_000);
  });

  it("waits for the access rule and for another action, whatever the amount", () => {
    const gate: Gate = { allowed: false, note: "Sign in with your wallet to do this", loading: false };
    const { rerender } = renderWithProviders(<Form gate={gate} />);
    type("0.5");
    expect(button()).toBeDisabled();
    expect(screen.getByTestId("access-note")).toHaveTextContent("Sign in with your wallet to do this");
    expect(button().getAttribute("aria-describedby")).toContain(screen.getByTestId("access-note").id);
    rerender(<Form busy />);
    type("0.5");
    expect(button()).toBeDisabled();
    rerender(<Form blockedReason="The next reward from 10:00" />);
    type("0.5");
    expect(reason()).toHaveTextContent("The next reward from 10:00");
    expect(button()).toBeDisabled();
  });
});
