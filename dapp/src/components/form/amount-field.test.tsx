import { useState } from "react";
import { fireEvent, screen } from "@testing-library/react";
import { parseEther } from "viem";
import { renderWithProviders } from "../../testing/test-utils";
import { ethMintRequest, MINT_LIMITS, xrpVolumeRequest } from "../../../../api/src/features/minting/minting.schemas";
import { AmountField, type AmountFieldProps } from ".";

function Field(props: Partial<AmountFieldProps>) {
  const [value, setValue] = useState("");
  return (
    <AmountField
      id="eth"
      label="ETH amount"
      unit="ETH"
      value={value}
      onChange={setValue}
      schema={ethMintRequest.shape.ethAmount}
      limits={MINT_LIMITS.eth}
      step={0.001}
      inputTestId="eth-input"
      {...props}
    />
  );
}

const type = (value: string) => fireEvent.change(screen.getByTestId("eth-input"), { target: { value } });
const helper = () => screen.getByTestId("eth-input-helper");

describe("AmountField", () => {
  it("shows the limits before any click", () => {
    renderWithProviders(<Field />);
    expect(helper()).toHaveTextContent("Min 0.0001 ETH · max 100 ETH");
    expect(screen.getByTestId("eth-input")).toHaveAttribute("step", "0.001");
    expect(screen.getByTestId("eth-input")).toHaveAttribute("min", "0");
  });

  it("gives the server's own message as the user types: too small, too large, negative", () => {
    renderWithProviders(<Field />);
    type("0.00001");
    expect(helper()).toHaveTextContent("Must be at least 0.0001 ETH");
    expect(screen.getByTestId("eth-input")).toHaveAttribute("aria-invalid", "true");
    type("50000");
    expect(helper()).toHaveTextContent("Must be at most 100 ETH");
    type("-1");
    expect(helper()).toHaveTextContent("Must be greater than 0 ETH");
    type("0.5");
    expect(helper()).toHaveTextContent("Min 0.0001 ETH · max 100 ETH");
    expect(screen.getByTestId("eth-input")).toHaveAttribute("aria-invalid", "false");
  });

  it("refuses more decimals than the unit holds, on the text, before a double rounds it", () => {
    renderWithProviders(<Field schema={xrpVolumeRequest.shape.xrpAmount} limits={MINT_LIMITS.xrp} unit="XRP" />);
    type("1.1234567");
    expect(helper()).toHaveTextContent("Must have at most 6 decimal places (XRP precision)");
  });

  it("offers Max from the balance, keeping the gas reserve and the limit", async () => {
    const { user } = renderWithProviders(
      <Field balance={{ raw: parseEther("1.5"), decimals: 18 }} reserve={parseEther("0.01")} />,
    );
    expect(helper()).toHaveTextContent("balance 1.5000 ETH (Max keeps 0.01 ETH for gas)");
    await user.click(screen.getByRole("button", { name: "Use the maximum ETH amount" }));
    expect(screen.getByTestId("eth-input")).toHaveValue(1.49);
  });

  it("caps Max at the API's maximum", async () => {
    const { user } = renderWithProviders(
      <Field balance={{ raw: parseEther("10000"), decimals: 18 }} reserve={parseEther("0.01")} />,
    );
    await user.click(screen.getByTestId("eth-input-max"));
    expect(screen.getByTestId("eth-input")).toHaveValue(100);
  });
});
