import { getContrastRatio } from "@mui/material/styles";
import { theme } from "../config/theme";
import { NARROW_TOAST_ANCHOR, notify, TOAST_ANCHOR, toastColors, toastHostReady } from "./toast";

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

describe("notify's placement and duplicates", () => {
  type Options = { anchorOrigin?: unknown; key?: unknown; preventDuplicate?: unknown; style?: object };
  const shown: { anchor: unknown; key: unknown; preventDuplicate: unknown; style?: object }[] = [];
  const capture = (_message: unknown, options: Options) =>
    shown.push({
      anchor: options.anchorOrigin,
      key: options.key,
      preventDuplicate: options.preventDuplicate,
      style: options.style,
    });
  afterEach(() => {
    toastHostReady(null);
    shown.length = 0;
  });

  it("top-centre below the app bar from 600 px; from the bottom on a phone, clear of the title and the wallet controls", () => {
    toastHostReady(capture);
    notify({ variant: "success", title: "Done" });
    vi.stubGlobal("matchMedia", (q: string) => ({ matches: q.includes("max-width: 599.95px") }) as MediaQueryList);
    notify({ variant: "success", title: "Done on a phone" });
    expect(shown.map((s) => s.anchor)).toEqual([TOAST_ANCHOR, NARROW_TOAST_ANCHOR]);
  });

  it("at most 480 px wide with a hash broken across lines: centred on 1280 px it stays clear of the page title", () => {
    toastHostReady(capture);
    notify({ variant: "success", title: "1 ETH sent", description: `Transaction 0x${"ab".repeat(32)} in block 92` });
    expect(shown[0]?.style).toMatchObject({ maxWidth: 480, overflowWrap: "anywhere" });
  });

  it("the same outcome twice is one toast: same key, duplicates prevented; another outcome is its own", () => {
    toastHostReady(capture);
    notify({ variant: "error", title: "Invalid Input", description: "Please enter a valid amount" });
    notify({ variant: "error", title: "Invalid Input", description: "Please enter a valid amount" });
    notify({ variant: "error", title: "Invalid Input", description: "Amount must be a number" });
    expect(shown.every((s) => s.preventDuplicate === true)).toBe(true);
    expect(new Set(shown.map((s) => s.key)).size).toBe(2);
  });
});
