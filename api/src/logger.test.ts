import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { HttpRequestError } from "viem";
import { createLogger, REDACTED, scrubText } from "./logger";

describe("logger", () => {
  it("redacts key, secret and seed-like fields at any depth", () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    const log = createLogger({ level: "info", destination: sink });
    log.info(
      {
        config: {
          evm: { privateKey: "0xdeadbeef", network: "hardhat" },
          stellar: { secret: "SABC" },
          xrpl: { seed: "sEd" },
        },
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

  it("scrubs what an error message may repeat: request bodies, URL paths and credentials, long hex and base64, seeds", () => {
    const raw = `0x02f8${"ab".repeat(120)}`;
    const text = scrubText(
      [
        `HTTP request failed.`,
        `URL: https://user:pw@rpc.example/v3/KEY123?x=1`,
        `Request body: {"method":"eth_sendRawTransaction","params":["${raw}"]}`,
        `inline ${raw} and ${"c".repeat(64)} and AAAAAgAAAABexSIg06FtXzmFBQQtHZsrnyWxUzmthkBEhs/ktoeVYgAAAGQAAAAAAAAAAQ==`,
        `stellar SCZANGBA5YHTNYVVV4C3U252E2B6P6F5T3U6MM63WBSBZATAQI3EBTQ4 xrpl sEdTM1uX8pu2do5XvTnutH6HsouMaM2`,
        `{"stellarSecret":"abc def","apiKey":'k1'} password=hunter2 address 0x5FbDB2315678afecb367f032d93F642f64180aa3`,
      ].join("\n"),
      10_000,
    );
    expect(text).toContain("URL: https://rpc.example\n");
    expect(text).toContain("Request body: [not logged]");
    expect(text).toContain("[hex, 122 bytes]");
    expect(text).toContain("[hex, 32 bytes]");
    expect(text).toMatch(/\[base64, \d+ chars\]/);
    expect(text).not.toMatch(/KEY123|user:pw|abab|SCZANGBA|sEdTM1|abc def|k1|hunter2/);
    expect(text).toContain("0x5FbDB2315678afecb367f032d93F642f64180aa3"); // addresses stay
    expect(scrubText("word ".repeat(120))).toMatch(/^(word ){100}… \(600 chars\)$/);
  });

  it("logs an error as type, scrubbed message, frames and its causes' types: no fields, no request body", () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    const raw = `0x02f8${"cd".repeat(100)}`;
    const cause = new HttpRequestError({
      body: { method: "eth_sendRawTransaction", params: [raw] },
      url: "https://rpc.example/v3/KEY123",
    });
    createLogger({ destination: sink }).error({ err: new Error("send failed", { cause }) }, "failed");
    const err = JSON.parse(lines[0]!).err;
    expect(err).toEqual({
      type: "Error",
      message: "send failed",
      stack: expect.stringMatching(/^Error: send failed\n\s+at /),
      causes: [{ type: "HttpRequestError", message: "HTTP request failed." }],
    });
    expect(lines[0]).not.toMatch(/cdcd|KEY123|eth_sendRawTransaction/);
  });
});
