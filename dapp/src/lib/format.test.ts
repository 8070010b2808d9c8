import { formatEther as viemFormatEther, formatUnits as viemFormatUnits } from "viem";
import { formatEth, formatEther, formatToken, formatUnits } from "./format";

describe("formatUnits without viem", () => {
  const values = [
    0n,
    1n,
    9n,
    10n,
    999_999n,
    1_000_000n,
    1_500_000_000_000_000_000n,
    10n ** 18n,
    123_456_789_012_345_678_901_234_567n,
    -1n,
    -1_500_000n,
    2n ** 255n,
  ];
  it.each([0, 1, 6, 8, 18])("gives viem's text for %i decimals", (decimals) => {
    for (const v of values) expect(formatUnits(v, decimals)).toBe(viemFormatUnits(v, decimals));
  });

  it("formatEther is 18 decimals, as viem's", () => {
    for (const v of values) expect(formatEther(v)).toBe(viemFormatEther(v));
    expect(formatEther(1_500_000_000_000_000_000n)).toBe("1.5");
  });

  it("the app's truncating formats read through it", () => {
    expect(formatEth(1_234_567_890_000_000_000n)).toBe("1.2345");
    expect(formatToken(1_999_999n, 6, 2)).toBe("1.99");
    expect(formatEth(0n)).toBe("0.0000");
  });
});
