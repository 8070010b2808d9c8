// The bodies the xrpl-account routes parse: a seed anywhere in them (an unknown field too) is refused before the
// schema reads them (xrpl-account.secrets.ts). Typed by what a caller sends, the request's input, so the contract
// gives the dapp the fields to send; apart from the schemas because the check needs xrpl.js, which the dapp's
// pages never load (the contract links these by type only).
import { z } from "zod";
import { refuseSecrets } from "./xrpl-account.secrets";
import { xrplFundRequest, xrplSubmitRequest } from "./xrpl-account.schemas";

export const xrplSubmitBody = z.preprocess<unknown, typeof xrplSubmitRequest, z.input<typeof xrplSubmitRequest>>(
  refuseSecrets,
  xrplSubmitRequest,
);
export const xrplFundBody = z.preprocess<unknown, typeof xrplFundRequest, z.input<typeof xrplFundRequest>>(
  refuseSecrets,
  xrplFundRequest,
);
