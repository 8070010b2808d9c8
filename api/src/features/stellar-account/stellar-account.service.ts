// The stellar-account feature's operations on the Stellar client (live or simulated, chosen by the
// selector): the network the page signs for, an account with its reserves, friendbot, and the relay of an
// envelope the user signed in the browser. The API holds no user key and signs nothing here.
import { Networks } from "@stellar/stellar-sdk";
import type { LedgerSelector } from "../../ledgers/selector";
import {
  decodeSignedEnvelope,
  EnvelopeError,
  explorerTxUrl,
  type StellarBalance,
  type StellarLedgerClient,
} from "../../ledgers/stellar";
import { fieldError } from "../../http/errors";
import { readAccount, readBaseFee } from "./stellar-account.ledger";
import type {
  StellarAccountResponse,
  StellarBalanceView,
  StellarFundResponse,
  StellarLookupResponse,
  StellarNetworkResponse,
  StellarSubmitResponse,
} from "./stellar-account.schemas";

export interface StellarAccountDeps {
  stellar: LedgerSelector<StellarLedgerClient>;
  /** The VIBE issuer's public key (the minting feature's account). */
  vibeIssuer: string;
}

/** A balance as Horizon writes it, in the schema's words (a trustline carries its limit). */
const balanceView = (b: StellarBalance): StellarBalanceView => ({
  assetType: b.asset_type,
  assetCode: b.asset_code ?? null,
  assetIssuer: b.asset_issuer ?? null,
  balance: b.balance ?? "0",
  limit: b.limit ?? null,
});

export function createStellarAccountService(deps: StellarAccountDeps) {
  const { stellar } = deps;

  async function network(): Promise<StellarNetworkResponse> {
    const r = await stellar.run(async (c, ctx) => {
      const [details, fee] = await Promise.all([readAccount(c, c.serverAccount, ctx), readBaseFee(c, ctx)]);
      return { passphrase: c.networkPassphrase, server: c.serverAccount, details: details ?? null, fee };
    });
    return {
      network: "testnet",
      networkPassphrase: r.passphrase,
      // Horizon's last ledger base fee (live), else the SDK's BASE_FEE: the protocol's minimum per operation.
      baseFeeStroops: r.fee.stroops,
      baseFeeSource: r.fee.source,
      baseFeeLedger: r.fee.ledger,
      baseReserveXlm: r.details?.baseReserveXlm ?? null,
      assets: {
        VIBE: {
          code: "VIBE",
          issuer: deps.vibeIssuer,
          description: "VibeCoin on Stellar, issued by the minting feature's VIBE issuer",
        },
        XQB: {
          code: "XQB",
          issuer: r.server,
          description: "XQB on Stellar, issued by the server account (the bridge delivers it)",
        },
      },
      serverAccount: r.server,
      horizonEndpoint: stellar.status().endpoint,
      friendbotAvailable: r.source === "live",
      source: r.source,
      reason: r.reason,
    };
  }

  async function account(publicKey: string): Promise<StellarAccountResponse> {
    const r = await stellar.run(async (c, ctx) => ({ details: await readAccount(c, publicKey, ctx) }));
    const d = r.details;
    const base = { publicKey, source: r.source, reason: r.reason };
    if (!d) {
      return {
        ...base,
        exists: d === null ? false : null,
        sequence: null,
        balances: [],
        subentryCount: null,
        numSponsoring: null,
        numSponsored: null,
        baseReserveXlm: null,
        minimumBalanceXlm: null,
        observed: d === null ? "horizon" : "none",
        explorerUrl: null,
      };
    }
    return {
      ...base,
      exists: true,
      sequence: d.sequence,
      balances: d.balances.map(balanceView),
      subentryCount: d.subentryCount,
      numSponsoring: d.numSponsoring,
      numSponsored: d.numSponsored,
      baseReserveXlm: d.baseReserveXlm,
      minimumBalanceXlm: d.minimumBalanceXlm,
      observed: d.observed,
      explorerUrl: r.source === "live" ? `https://stellar.expert/explorer/testnet/account/${publicKey}` : null,
    };
  }

  /**
   * A public lookup: what Horizon says of any account now. Not reachable (simulated), nothing is known: no
   * balance, not even the last one seen, and the answer says so with the reason.
   */
  async function lookup(address: string): Promise<StellarLookupResponse> {
    const r = await stellar.run(async (c, ctx) => ({ details: await readAccount(c, address, ctx) }));
    const base = { address, network: "testnet" as const, source: r.source, reason: r.reason };
    const d = r.details;
    if (r.source !== "live" || d === undefined) {
      return {
        ...base,
        reachable: false,
        exists: null,
        sequence: null,
        balances: null,
        subentryCount: null,
        minimumBalanceXlm: null,
        summary: `Not reachable, balance unknown: the Stellar testnet did not answer (${r.reason ?? "Horizon unreachable"})`,
        explorerUrl: null,
      };
    }
    const explorerUrl = `https://stellar.expert/explorer/testnet/account/${address}`;
    if (d === null) {
      return {
        ...base,
        reachable: true,
        exists: false,
        sequence: null,
        balances: [],
        subentryCount: null,
        minimumBalanceXlm: null,
        summary:
          "Not on the Stellar testnet: this key is well formed but no account holds it yet (unfunded; friendbot or a payment of at least 1 XLM creates it)",
        explorerUrl: null,
      };
    }
    const balances = d.balances.map(balanceView);
    const xlm = balances.find((b) => b.assetType === "native")?.balance ?? "0";
    const lines = balances.length - (balances.some((b) => b.assetType === "native") ? 1 : 0);
    return {
      ...base,
      reachable: true,
      exists: true,
      sequence: d.sequence,
      balances,
      subentryCount: d.subentryCount,
      minimumBalanceXlm: d.minimumBalanceXlm,
      summary: `${xlm} XLM and ${lines} trustline${lines === 1 ? "" : "s"}, read from Horizon now`,
      explorerUrl,
    };
  }

  async function fund(publicKey: string): Promise<StellarFundResponse> {
    const r = await stellar.run((c, ctx) => c.fund(publicKey, ctx));
    const message =
      r.source === "simulated"
        ? `Not funded: friendbot was not asked because Stellar is simulated (${r.reason ?? "Horizon unreachable"}); nothing was created on the ledger`
        : r.funded
          ? "Friendbot created and funded the account on the Stellar testnet"
          : "The account already exists on the Stellar testnet: friendbot funds new accounts only";
    return {
      publicKey,
      funded: r.funded,
      alreadyExisted: r.alreadyExisted,
      message,
      source: r.source,
      reason: r.reason,
    };
  }

  async function submit(envelopeXdr: string): Promise<StellarSubmitResponse> {
    let source: string;
    try {
      // Checked before any ledger is asked: only an envelope its source signed for the testnet is relayed.
      source = decodeSignedEnvelope(envelopeXdr, Networks.TESTNET).source;
    } catch (err) {
      if (err instanceof EnvelopeError) throw fieldError(err.field, err.message);
      throw err;
    }
    const r = await stellar.run((c, ctx) => c.submitSigned(envelopeXdr, ctx));
    return {
      transactionHash: r.transactionHash,
      sourceAccount: source,
      sequence: r.sequence,
      ledger: r.ledgerIndex,
      explorerUrl: r.source === "live" ? (r.explorerUrl ?? explorerTxUrl(r.transactionHash)) : null,
      assumptions: r.assumptions,
      source: r.source,
      reason: r.reason,
    };
  }

  return { network, account, lookup, fund, submit };
}

export type StellarAccountService = ReturnType<typeof createStellarAccountService>;
