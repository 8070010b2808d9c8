// The CIDs the isolator stores under are the ones ipfs-unixfs-importer (the reference UnixFS importer, used here
// directly and not through @helia/unixfs) computes for the same bytes with the profile the store states: CIDv1,
// raw leaves, 1 MiB fixed-size chunks, balanced DAG of up to 1024 links. Sizes cover one raw leaf, a chunk
// boundary and a multi-chunk file; the bytes read back are the bytes written, from memory and from disk.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { openBlockStore } from "./q-isolator.blocks";

async function referenceCid(bytes: Uint8Array): Promise<string> {
  const [{ importer }, { fixedSize }, { balanced }, { MemoryBlockstore }] = await Promise.all([
    import("ipfs-unixfs-importer"),
    import("ipfs-unixfs-importer/chunker"),
    import("ipfs-unixfs-importer/layout"),
    import("blockstore-core"),
  ]);
  let last: { cid: { toString(): string } } | undefined;
  for await (const entry of importer([{ content: bytes }], new MemoryBlockstore(), {
    cidVersion: 1,
    rawLeaves: true,
    chunker: fixedSize({ chunkSize: 1_048_576 }),
    layout: balanced({ maxChildrenPerNode: 1024 }),
  }))
    last = entry;
  return last!.cid.toString();
}

describe("UnixFS block store", () => {
  for (const where of ["memory://", "disk"] as const) {
    it(`${where}: CIDs equal the reference importer's, and the bytes come back unchanged`, async () => {
      const store = openBlockStore(where === "disk" ? mkdtempSync(path.join(tmpdir(), "q-blocks-")) : where);
      for (const size of [1, 4096, 1_048_576, 1_048_577, 3 * 1_048_576 + 17]) {
        const bytes = new Uint8Array(randomBytes(size));
        const cid = await store.add(bytes);
        expect(cid, `${size} bytes`).toBe(await referenceCid(bytes));
        expect(cid.startsWith(size <= 1_048_576 ? "bafkrei" : "bafybei")).toBe(true);
        const back = await store.cat(cid);
        expect(Buffer.compare(Buffer.from(back!), Buffer.from(bytes))).toBe(0);
      }
      expect(await store.cat("bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy")).toBeNull();
    });
  }
});
