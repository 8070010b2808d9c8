import { durationInWords, timeText } from "./time";

describe("durationInWords", () => {
  it("says a duration in words, to its two largest units", () => {
    expect(durationInWords(604_809)).toBe("7 days"); // Practice Mode's "604809 seconds"
    expect(durationInWords(90_061)).toBe("1 day 1 hour");
    expect(durationInWords(5_400)).toBe("1 hour 30 minutes");
    expect(durationInWords(600)).toBe("10 minutes");
    expect(durationInWords(61)).toBe("1 minute 1 second");
    expect(durationInWords(59.9)).toBe("59 seconds");
    expect(durationInWords(1)).toBe("1 second");
    expect(durationInWords(0)).toBe("0 seconds");
    expect(durationInWords(-5)).toBe("0 seconds");
  });
});

describe("timeText", () => {
  it("labels a block's timestamp as chain time, and reads unix seconds, ISO text and dates alike", () => {
    const iso = "2026-12-04T10:00:00.000Z";
    const local = new Date(iso).toLocaleString();
    expect(timeText(iso)).toBe(local);
    expect(timeText(Date.parse(iso) / 1000, "chain")).toBe(`${local} chain time`);
    expect(timeText(new Date(iso), "chain")).toBe(`${local} chain time`);
    expect(timeText("not a date")).toBe("not a date");
  });
});
