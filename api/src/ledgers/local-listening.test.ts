import { describe, expect, it } from "vitest";
import { localListening } from "./local-listening";
import { startBlackHole } from "./testing/black-hole";
import net from "node:net";

describe("localListening", () => {
  it("resolves for a local port that accepts connections, even one that never answers", async () => {
    const hole = await startBlackHole();
    try {
      const check = localListening(`http://127.0.0.1:${hole.port}`);
      expect(check).toBeDefined();
      await expect(check!(new AbortController().signal)).resolves.toBeUndefined();
    } finally {
      await hole.close();
    }
  });

  it("rejects for a closed local port", async () => {
    // A port just closed: nothing listens there now.
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as net.AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const check = localListening(`http://127.0.0.1:${port}`);
    await expect(check!(new AbortController().signal)).rejects.toThrow();
  });

  it("offers no check for a remote RPC or a URL it cannot read", () => {
    expect(localListening("https://sepolia.example.org/v3/key")).toBeUndefined();
    expect(localListening("not a url")).toBeUndefined();
  });
});
