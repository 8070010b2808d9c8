import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, REDACTED } from "./logger";

describe("logger", () => {
  it("redacts key, secret and seed-like fields at any depth", () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    const log = createLogger({ level: "info", destination: sink });
    log.info(
      {
        config: { evm: { privateKey: "0xdeadbeef", network: "hardhat" }, stellar: { secret: "SABC" }, xrpl: { seed: "sEd" } },
        apiKey: "k",
        list: [{ mnemonic: "one two" }],
        tokenType: "VIBE",
        publicKeyId: "abc",
      },
      "hello",
    );
    const out = JSON.parse(lines[0]!);
    expect(out.config.evm).toEqual({ privateKey: REDACTED, network: "hardhat" });
    expect(out.config.stellar.secret).toBe(REDACTED);
    expect(out.config.xrpl.seed).toBe(REDACTED);
    expect(out.apiKey).toBe(REDACTED);
    expect(out.list[0].mnemonic).toBe(REDACTED);
    expect(out.tokenType).toBe("VIBE");
    expect(out.publicKeyId).toBe("abc");
    expect(lines[0]).not.toMatch(/deadbeef|SABC|one two/);
  });

  it("keeps errors serialized with their stack", () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    createLogger({ destination: sink }).error({ err: new Error("boom") }, "failed");
    expect(JSON.parse(lines[0]!).err.stack).toContain("boom");
  });
});
