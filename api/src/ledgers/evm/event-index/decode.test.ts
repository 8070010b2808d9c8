// Decoding a log into the map's contract name and JSON-safe arguments.
import { encodeAbiParameters, encodeEventTopics, getAddress, type Log } from "viem";
import { describe, expect, it } from "vitest";
import { abiOf, contractsOn } from "../contracts";
import { decodeLog, indexedContracts, jsonSafe, normalizeArg } from "./decode";

const contracts = indexedContracts(31337);
const byAddress = new Map(contracts.map((c) => [c.address.toLowerCase(), c]));
const OWNER = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";

function depositLog(address: string): Log {
  const abi = abiOf("qETH");
  return {
    address: address as `0x${string}`,
    topics: encodeEventTopics({ abi, eventName: "Deposit", args: { sender: OWNER, owner: OWNER } }) as [
      `0x${string}`,
      ...`0x${string}`[],
    ],
    data: encodeAbiParameters([{ type: "uint256" }, { type: "uint256" }], [10n ** 30n, 7n]),
    blockNumber: 42n,
    blockHash: `0x${"AB".repeat(32)}`,
    logIndex: 3,
    transactionHash: `0x${"CD".repeat(32)}`,
    transactionIndex: 0,
    removed: false,
  };
}

describe("decodeLog", () => {
  it("names the pool by its address (three pools, one ABI), integers as decimal text, addresses checksummed", () => {
    for (const pool of ["vibeETH", "qETH", "xqbETH"] as const) {
      const d = decodeLog(byAddress, depositLog(contractsOn(31337)![pool]!.address.toLowerCase()))!;
      expect(d).toMatchObject({ contract: pool, eventName: "Deposit", blockNumber: 42n, logIndex: 3 });
      expect(d.args).toEqual({
        sender: getAddress(OWNER),
        owner: getAddress(OWNER),
        assets: (10n ** 30n).toString(),
        shares: "7",
      });
      expect(d.transactionHash).toBe(`0x${"cd".repeat(32)}`);
      expect(d.blockHash).toBe(`0x${"ab".repeat(32)}`);
    }
  });

  it("leaves out logs of other addresses and events the ABI does not have", () => {
    expect(decodeLog(byAddress, depositLog("0x" + "12".repeat(20)))).toBeNull();
    const unknown = {
      ...depositLog(contractsOn(31337)!.qETH!.address),
      topics: [`0x${"ee".repeat(32)}`] as [`0x${string}`],
    };
    expect(decodeLog(byAddress, unknown)).toBeNull();
  });

  it("indexes every contract of the local map (no external entries there)", () => {
    expect(contracts.map((c) => c.name).sort()).toEqual(Object.keys(contractsOn(31337)!).sort());
    const external = indexedContracts(1, {
      USDC: { address: OWNER, abi: [], deployedOnBlock: 1, external: true },
    } as never);
    expect(external).toEqual([]);
  });
});

describe("jsonSafe", () => {
  it("keeps booleans, writes arrays and tuples as JSON text of the same rules", () => {
    expect(jsonSafe(true, { type: "bool" })).toBe(true);
    expect(jsonSafe([1n, 2n], { type: "uint256[]" })).toBe('["1","2"]');
    expect(
      jsonSafe(
        { a: OWNER, b: 5n },
        {
          type: "tuple",
          components: [
            { name: "a", type: "address" },
            { name: "b", type: "uint8" },
          ],
        },
      ),
    ).toBe(JSON.stringify({ a: getAddress(OWNER), b: "5" }));
    expect(jsonSafe("0xABCD", { type: "bytes" })).toBe("0xabcd");
  });

  it("a query's address in any letter case matches the stored checksummed form", () => {
    expect(normalizeArg(OWNER.toUpperCase().replace("0X", "0x"))).toBe(getAddress(OWNER));
    expect(normalizeArg("123")).toBe("123");
  });
});
