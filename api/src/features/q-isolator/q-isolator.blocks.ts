// The content-addressed store of envelopes: UnixFS blocks in a filesystem blockstore (`<dir>/blocks`), written
// and read with @helia/unixfs and no network at all. A file's identity is the CIDv1 of its envelope, computed
// with @helia/unixfs's defaults (raw leaves, 1 MiB fixed-size chunks, balanced DAG of up to 1024 links per node:
// the IPIP-499 "unixfs-v1-2025" profile), so any IPFS node adding the same bytes with that profile gets the same
// CID. Only ciphertext ever reaches this store.
//
// The helia packages are ES modules only: they are loaded with import() on first use (this API is CommonJS).
import path from "node:path";
import type { UnixFS } from "@helia/unixfs";

export interface BlockStore {
  /** Stores the bytes as UnixFS blocks; returns the root CID (base32 CIDv1). */
  add(bytes: Uint8Array): Promise<string>;
  /** The bytes under a CID, or null when its blocks are not here. A block changed on disk gives changed bytes: the envelope's checks catch it. */
  cat(cid: string, options?: { maxBytes?: number }): Promise<Uint8Array | null>;
}

/** A UnixFS store over a filesystem blockstore at `<dir>/blocks`, or in memory for "memory://". */
export function openBlockStore(dir: string): BlockStore {
  let ready: Promise<{ fs: UnixFS; parse: (cid: string) => import("multiformats").CID }> | null = null;
  const open = () =>
    (ready ??= (async () => {
      const [{ unixfs }, { CID }] = await Promise.all([import("@helia/unixfs"), import("multiformats")]);
      let blockstore;
      if (dir === "memory://") {
        const { MemoryBlockstore } = await import("blockstore-core");
        blockstore = new MemoryBlockstore();
      } else {
        const { FsBlockstore } = await import("blockstore-fs");
        const fsStore = new FsBlockstore(path.join(dir, "blocks"));
        await fsStore.open();
        blockstore = fsStore;
      }
      return { fs: unixfs({ blockstore }), parse: (cid: string) => CID.parse(cid) };
    })());

  return {
    async add(bytes) {
      const { fs } = await open();
      return (await fs.addBytes(bytes)).toString();
    },
    async cat(cid, options = {}) {
      const { fs, parse } = await open();
      const root = parse(cid);
      const chunks: Uint8Array[] = [];
      let total = 0;
      try {
        // offline: a block that is not here is an error now, never a wait for the network
        for await (const chunk of fs.cat(root, { offline: true } as never)) {
          total += chunk.length;
          if (options.maxBytes !== undefined && total > options.maxBytes)
            throw new Error(`more than ${options.maxBytes} bytes under ${cid}`);
          chunks.push(chunk);
        }
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
      return concat(chunks, total);
    },
  };
}

const isMissing = (err: unknown) =>
  err instanceof Error && (err.name === "NotFoundError" || /not found|does not exist|ENOENT/i.test(err.message));

function concat(chunks: Uint8Array[], total: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
