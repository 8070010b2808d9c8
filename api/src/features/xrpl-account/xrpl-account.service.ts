// The xrpl-account feature's reads for the pages: the network with its fee, and a public lookup of any account
// by its classic address or X-address. The API holds no user key here.
import { isValidClassicAddress, isValidXAddress, xAddressToClassicAddress } from "xrpl";
import { fieldError } from "../../http/errors";
import type { LedgerSelector } from "../../ledgers/selector";
import { neverSeen, type XrplLedgerClient } from "../../ledgers/xrpl";
import { readXrplAddress } from "./xrpl-account.address";
import { defaultFee, readAccountDetails, readFee } from "./xrpl-account.ledger";
import {
  XRPL_EXPLORER_BASE,
  XRPL_LAST_LEDGER_OFFSET,
  XRPL_XQB_CURRENCY,
  type XrplLookupResponse,
  type XrplNetworkResponse,
} from "./xrpl-account.schemas";

export interface XrplAccountServiceDeps {
  xrpl: LedgerSelector<XrplLedgerClient>;
  /** Whether a faucet is known for the configured network. */
  faucet: boolean;
}

const codec = { isValidClassicAddress, isValidXAddress, xAddressToClassicAddress };

export function createXrplAccountService({ xrpl, faucet }: XrplAccountServiceDeps) {
  async function network(): Promise<XrplNetworkResponse> {
    const st = xrpl.status();
    const base = {
      network: "testnet" as const,
      endpoint: st.endpoint,
      serverAccount: st.account ?? "",
      xqb: { currency: XRPL_XQB_CURRENCY, issuer: st.account ?? "" },
      lastLedgerOffset: XRPL_LAST_LEDGER_OFFSET,
      faucet,
      explorerBaseUrl: XRPL_EXPLORER_BASE,
    };
    try {
      const r = await xrpl.run(async (c, ctx) => {
        const [ledger, fee] = await Promise.all([c.serverState(ctx), readFee(c, ctx)]);
        return { ledger, fee };
      });
      return { ...base, source: r.source, reason: r.reason, ledger: r.ledger, fee: r.fee };
    } catch (err) {
      if (!neverSeen(err)) throw err;
      return {
        ...base,
        source: "simulated",
        reason: `${xrpl.status().reason ?? "XRPL testnet unreachable"}; the ledger was never read`,
        ledger: null,
        fee: defaultFee,
      };
    }
  }

  /**
   * A public lookup of any account: a classic address, or a test-net X-address read as its classic address and
   * tag (a main-net one is a 400 naming `address`). Not reachable (simulated), nothing is known: no balance, not
   * even the last one seen, and the answer says so with the reason.
   */
  async function lookup(query: string): Promise<XrplLookupResponse> {
    const read = readXrplAddress(query, codec);
    if (!read.ok) throw fieldError("address", read.reason);
    const address = read.classicAddress;
    const r = await xrpl.run(async (c, ctx) => ({ account: await readAccountDetails(c, address, ctx) }));
    const base = {
      query,
      address,
      xAddress: read.xAddress ? { network: "test" as const, tag: read.tag } : null,
      network: "testnet" as const,
      source: r.source,
      reason: r.reason,
    };
    const unknown = { balanceXrp: null, sequence: null, ownerCount: null, reserveXrp: null, explorerUrl: null };
    const a = r.account;
    if (r.source !== "live" || a === undefined)
      return {
        ...base,
        ...unknown,
        reachable: false,
        exists: null,
        trustLines: null,
        summary: `Not reachable, balance unknown: the XRPL testnet did not answer (${r.reason ?? "XRPL testnet unreachable"})`,
      };
    if (a === null)
      return {
        ...base,
        ...unknown,
        reachable: true,
        exists: false,
        trustLines: [],
        summary:
          "Not on the XRPL testnet: this address is well formed but no account holds it yet (unfunded; the faucet or a payment above the reserve creates it)",
      };
    const lines = a.trustLines.length;
    return {
      ...base,
      reachable: true,
      exists: true,
      balanceXrp: a.balanceXrp,
      sequence: a.sequence,
      ownerCount: a.ownerCount,
      reserveXrp: a.reserves.totalXrp,
      trustLines: a.trustLines,
      summary: `${a.balanceXrp} XRP and ${lines} trust line${lines === 1 ? "" : "s"}, read from the validated ledger ${a.validatedLedger}`,
      explorerUrl: `${XRPL_EXPLORER_BASE}/accounts/${address}`,
    };
  }

  return { network, lookup };
}

export type XrplAccountService = ReturnType<typeof createXrplAccountService>;
