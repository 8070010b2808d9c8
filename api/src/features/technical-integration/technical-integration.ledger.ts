// The live reads of the overview, each on a short-lived client of its own and bounded by one AbortSignal.timeout:
// the EVM node over JSON-RPC (web3_clientVersion, the genesis block, eth_getCode at every map address, the deploy
// blocks' transactions), Horizon's root and rippled's server_info. Each read settles to a value or a reason in
// words; no error text is passed on as it came (an RPC URL may carry an API key).
import { setMaxListeners } from "node:events";
import { createPublicClient, getAddress, http, keccak256, type Address, type Hash, type Hex } from "viem";
import { Client } from "xrpl";
import { beforeAbort, failureText } from "../../shared/read-failure";

export type Settled<T> = { value: T; reason: null } | { value: null; reason: string };

async function settle<T>(promise: Promise<T>, timeoutMs: number): Promise<Settled<T>> {
  try {
    return { value: await promise, reason: null };
  } catch (err) {
    return { value: null, reason: failureText(err, timeoutMs) };
  }
}

const msSince = (start: number) => Math.round((performance.now() - start) * 10) / 10;

/**
 * The compiler named by the bytecode's CBOR metadata (Solidity appends `{"ipfs": …, "solc": 0x00 08 1c}` and its
 * length in the last two bytes): "solc 0.8.28"; null when the code carries no such entry.
 */
export function compilerOf(code: Hex): string | null {
  const hex = code.slice(2).toLowerCase();
  if (hex.length < 4) return null;
  const length = parseInt(hex.slice(-4), 16);
  const cbor = hex.slice(-(4 + length * 2), -4);
  if (cbor.length !== length * 2) return null;
  // text(4) "solc" then bytes(3): the release's major, minor, patch.
  const at = cbor.indexOf("64736f6c6343");
  if (at < 0 || at % 2 !== 0) return null;
  const v = cbor.slice(at + 12, at + 18);
  if (v.length !== 6) return null;
  return `solc ${parseInt(v.slice(0, 2), 16)}.${parseInt(v.slice(2, 4), 16)}.${parseInt(v.slice(4, 6), 16)}`;
}

export interface CodeReading {
  present: boolean | null;
  hash: Hash | null;
  bytes: number | null;
  compiler: string | null;
  reason: string | null;
}

export interface EvmOverviewReading {
  clientVersion: Settled<string>;
  latencyMs: number | null;
  genesis: Settled<string>;
  /** By address (checksummed). */
  code: Map<Address, CodeReading>;
}

/** One short-lived client: the node's version, its genesis and the code at every address, all within `timeoutMs`. */
export async function readEvm(
  rpcUrl: string,
  addresses: readonly Address[],
  timeoutMs: number,
): Promise<EvmOverviewReading> {
  const signal = AbortSignal.timeout(timeoutMs);
  // One listener per parallel read on this one signal.
  setMaxListeners(addresses.length + 8, signal);
  const client = createPublicClient({
    transport: http(rpcUrl, { retryCount: 0, timeout: timeoutMs, batch: true, fetchOptions: { signal } }),
  });
  const started = performance.now();
  let latencyMs: number | null = null;
  const [clientVersion, genesis, codes] = await Promise.all([
    settle(
      beforeAbort(
        client.request({ method: "web3_clientVersion" }).then((v) => {
          latencyMs = msSince(started);
          return String(v);
        }),
        signal,
      ),
      timeoutMs,
    ),
    settle(
      beforeAbort(
        client.getBlock({ blockNumber: 0n }).then((b) => b.hash!.toLowerCase()),
        signal,
      ),
      timeoutMs,
    ),
    Promise.all(
      addresses.map(async (a) => {
        const read = await settle(beforeAbort(client.getCode({ address: a }), signal), timeoutMs);
        const code = read.value ?? "0x";
        const present = read.reason === null ? code !== "0x" : null;
        return [
          getAddress(a),
          {
            present,
            hash: present ? keccak256(code) : null,
            bytes: read.reason === null ? (code.length - 2) / 2 : null,
            compiler: present ? compilerOf(code) : null,
            reason: read.reason ?? (present ? null : "no code at this address on this chain run"),
          },
        ] as const;
      }),
    ),
  ]);
  return { clientVersion, latencyMs, genesis, code: new Map(codes) };
}

export interface DeployTransaction {
  hash: Hash;
  how: "created" | "factory";
}

/**
 * The transaction that put each contract at its address, from its deploy block: the one whose receipt's
 * contractAddress is the address, else the call whose logs the address emitted (a factory: the Safe's proxy).
 */
export async function readDeployTransactions(
  rpcUrl: string,
  contracts: readonly { address: Address; deployedOnBlock: number }[],
  timeoutMs: number,
): Promise<Map<Address, Settled<DeployTransaction>>> {
  const signal = AbortSignal.timeout(timeoutMs);
  setMaxListeners(contracts.length * 4 + 8, signal);
  const client = createPublicClient({
    transport: http(rpcUrl, { retryCount: 0, timeout: timeoutMs, batch: true, fetchOptions: { signal } }),
  });
  const blocks = [...new Set(contracts.map((c) => c.deployedOnBlock))];
  const receiptsByBlock = new Map(
    await Promise.all(
      blocks.map(async (n) => {
        const read = await settle(
          beforeAbort(
            client
              .getBlock({ blockNumber: BigInt(n) })
              .then((b) => Promise.all(b.transactions.map((hash) => client.getTransactionReceipt({ hash })))),
            signal,
          ),
          timeoutMs,
        );
        return [n, read] as const;
      }),
    ),
  );
  return new Map(
    contracts.map((c): [Address, Settled<DeployTransaction>] => {
      const address = getAddress(c.address);
      const read = receiptsByBlock.get(c.deployedOnBlock)!;
      if (read.value === null) return [address, { value: null, reason: read.reason }];
      const created = read.value.find((r) => r.contractAddress && getAddress(r.contractAddress) === address);
      if (created) return [address, { value: { hash: created.transactionHash, how: "created" }, reason: null }];
      const factory = read.value.find((r) => r.logs.some((l) => getAddress(l.address) === address));
      if (factory) return [address, { value: { hash: factory.transactionHash, how: "factory" }, reason: null }];
      return [
        address,
        { value: null, reason: `no transaction of block ${c.deployedOnBlock} created it or emitted a log from it` },
      ];
    }),
  );
}

export interface VersionReading {
  version: Settled<string>;
  latencyMs: number | null;
}

/** GET {horizon}/: Horizon's own version and the Stellar Core version behind it. */
export async function readHorizonVersion(horizonUrl: string, timeoutMs: number): Promise<VersionReading> {
  const signal = AbortSignal.timeout(timeoutMs);
  const started = performance.now();
  let latencyMs: number | null = null;
  const version = await settle(
    (async () => {
      const res = await fetch(`${horizonUrl.replace(/\/$/, "")}/`, { signal, headers: { accept: "application/json" } });
      latencyMs = msSince(started);
      if (!res.ok) throw Object.assign(new Error("status"), { status: res.status });
      const body = (await res.json()) as { horizon_version?: unknown; core_version?: unknown };
      if (typeof body.horizon_version !== "string") throw new Error("not a Horizon root: no horizon_version");
      return typeof body.core_version === "string"
        ? `horizon ${body.horizon_version}; core ${body.core_version}`
        : `horizon ${body.horizon_version}`;
    })(),
    timeoutMs,
  );
  return { version, latencyMs: version.reason === null ? latencyMs : null };
}

/** One short-lived websocket: connect, server_info's build_version, disconnect whatever happened. */
export async function readRippledVersion(wsUrl: string, timeoutMs: number): Promise<VersionReading> {
  const signal = AbortSignal.timeout(timeoutMs);
  const client = new Client(wsUrl, { connectionTimeout: timeoutMs, timeout: timeoutMs });
  // Errors reach the reads below; an unheard 'error' event must not end the process.
  client.on("error", () => undefined);
  const started = performance.now();
  let latencyMs: number | null = null;
  const version = await settle(
    (async () => {
      await beforeAbort(client.connect(), signal);
      const info = await beforeAbort(client.request({ command: "server_info" }), signal);
      latencyMs = msSince(started);
      const build = (info.result.info as { build_version?: unknown }).build_version;
      if (typeof build !== "string") throw new Error("server_info has no build_version");
      return `rippled ${build}`;
    })(),
    timeoutMs,
  );
  void client.disconnect().catch(() => undefined);
  return { version, latencyMs: version.reason === null ? latencyMs : null };
}
