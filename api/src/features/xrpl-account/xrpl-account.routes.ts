// HTTP surface of the xrpl-account feature: the XRPL network as the ledger reports it, a user's account,
// faucet funding, and the relay of a blob the user signed in the browser (the API never signs for a wallet).
import { isValidClassicAddress } from "xrpl";
import { fieldError } from "../../http/errors";
import { implement, type FeatureRouter, type RouteDef } from "../../http/route";
import { BlobRefusal, inspectSignedBlob, neverSeen, type XrplAccountDetails } from "../../ledgers/xrpl";
import { dropsToXrpText, memosOf, xrpNumberToDrops } from "../../ledgers/xrpl/codec";
import { xrplFundBody, xrplSubmitBody } from "./xrpl-account.bodies";
import { xrplAccountContract as c } from "./xrpl-account.contract";
import { holdsSecret, secretRefusal } from "./xrpl-account.secrets";
import { createXrplAccountService, type XrplAccountServiceDeps } from "./xrpl-account.service";
import {
  xrplAccountResponse,
  xrplAddressParams,
  xrplFundResponse,
  xrplLookupQuery,
  xrplLookupResponse,
  xrplNetworkResponse,
  xrplSubmitResponse,
  type XrplAccountDetailsBody,
} from "./xrpl-account.schemas";

export type XrplAccountDeps = XrplAccountServiceDeps;

export function createXrplAccountRouter(deps: XrplAccountDeps): FeatureRouter {
  return { feature: "xrpl-account", routes: xrplAccountRoutes(deps), exports: {} };
}

function checkAddress(address: string, field: string): string {
  if (!isValidClassicAddress(address))
    throw fieldError(field, "is not a valid XRPL address (its checksum does not match)");
  return address;
}

function withSpendable(a: XrplAccountDetails): XrplAccountDetailsBody {
  const spare = xrpNumberToDrops(a.balanceXrp) - xrpNumberToDrops(a.reserves.totalXrp);
  return { ...a, spendableXrp: dropsToXrpText(spare > 0n ? spare : 0n) };
}

function xrplAccountRoutes(deps: XrplAccountDeps): RouteDef[] {
  const { xrpl } = deps;
  const service = createXrplAccountService(deps);
  const readAccount = async (address: string) => {
    try {
      const r = await xrpl.run(async (c) => ({ account: await c.accountDetails(address) }));
      return {
        address,
        source: r.source,
        reason: r.reason,
        exists: r.account !== null,
        account: r.account ? withSpendable(r.account) : null,
      };
    } catch (err) {
      if (!neverSeen(err)) throw err;
      const st = xrpl.status();
      return {
        address,
        source: "simulated" as const,
        reason: `${st.reason ?? "XRPL testnet unreachable"}; this account was never read live`,
        exists: null,
        account: null,
      };
    }
  };

  return [
    implement(c.network, { response: xrplNetworkResponse, handler: () => service.network() }),
    implement(c.lookup, {
      query: xrplLookupQuery,
      response: xrplLookupResponse,
      handler: ({ query }) => service.lookup(query.address),
    }),
    implement(c.account, {
      params: xrplAddressParams,
      response: xrplAccountResponse,
      handler: async ({ params }) => readAccount(checkAddress(params.address, "address")),
    }),
    implement(c.fund, {
      body: xrplFundBody,
      response: xrplFundResponse,
      handler: async ({ body }) => {
        const address = checkAddress(body.address, "address");
        const r = await xrpl.run((c, ctx) => c.fund(address, ctx));
        const after = r.source === "live" ? await readAccount(address) : null;
        return {
          address,
          source: r.source,
          reason:
            r.source === "simulated" ? `${r.reason ?? "XRPL testnet unreachable"}: the faucet was not asked` : r.reason,
          funded: r.funded,
          alreadyExisted: r.alreadyExisted,
          account: after?.account ?? null,
        };
      },
    }),
    implement(c.submit, {
      body: xrplSubmitBody,
      response: xrplSubmitResponse,
      handler: async ({ body }) => {
        let inspected;
        try {
          inspected = inspectSignedBlob(body.txBlob);
        } catch (err) {
          if (err instanceof BlobRefusal) throw fieldError(err.field, err.reason);
          throw err;
        }
        // A seed hidden in a memo would be published on the ledger: refused like one in the body.
        memosOf(inspected.tx).forEach((m, i) => {
          if ((m.data && holdsSecret(m.data)) || (m.type && holdsSecret(m.type)))
            throw secretRefusal(`txBlob.Memos.${i}`);
        });
        const r = await xrpl.run((c, ctx) => c.submitSigned(body.txBlob, ctx));
        return {
          source: r.source,
          reason: r.reason,
          network: r.network,
          status: r.status,
          transactionHash: r.transactionHash,
          transactionType: r.transactionType,
          account: r.account,
          engineResult: r.engineResult,
          engineResultText: r.engineResultText,
          succeeded: r.status === "validated" && r.engineResult === "tesSUCCESS",
          feeDrops: r.feeDrops,
          feeXrp: dropsToXrpText(r.feeDrops),
          sequence: r.sequence,
          lastLedgerSequence: r.lastLedgerSequence,
          ledgerIndex: r.ledgerIndex,
          validatedLedger: r.validatedLedger,
          explorerUrl: r.explorerUrl,
          assumptions: r.assumptions,
        };
      },
    }),
  ];
}
