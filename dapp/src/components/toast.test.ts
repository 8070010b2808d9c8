import { getContrastRatio } from "@mui/material/styles";
import { theme } from "../config/theme";
import { toastColors } from "./toast";

describe("toast colours", () => {
  const colors = toastColors(theme);

  it.each(Object.keys(colors) as (keyof typeof colors)[])("%s text is at least 4.5:1 on its fill", (variant) => {
    expect(getContrastRatio(colors[variant].color, colors[variant].background)).toBeGreaterThanOrEqual(4.5);
  });

  it("a simulated toast is never the success green", () => {
    expect(colors.simulated.background).not.toBe(colors.success.background);
    expect(colors.simulated.background).not.toBe(theme.palette.success.main);
  });
});
