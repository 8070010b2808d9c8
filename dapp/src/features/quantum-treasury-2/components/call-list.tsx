import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { AddressView } from "../../../components/address-view";
import type { QtDecodedCall } from "../api/contract";

/**
 * The calls of a Safe transaction, decoded: contract and function, each argument by name, the ETH sent.
 * What Safe{Wallet} shows under "Actions" before an owner signs.
 */
export function CallList({ calls, testId = "qt-call" }: { calls: readonly QtDecodedCall[]; testId?: string }) {
  return (
    <Box component="ol" sx={{ m: 0, pl: 2.5, display: "grid", gap: 1 }} data-testid={`${testId}s`}>
      {calls.map((c, i) => (
        <Box component="li" key={i} data-testid={testId} data-function={c.function ?? ""} sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontFamily: "monospace", overflowWrap: "anywhere", fontWeight: 600 }}>
            {c.contract ?? "Contract"}.{c.function ?? `call(${c.data.slice(0, 10)}…)`}
          </Typography>
          <AddressView address={c.to} />
          {Object.keys(c.args).length > 0 ? (
            <Box
              component="dl"
              sx={{ m: 0, display: "grid", gridTemplateColumns: "auto minmax(0, 1fr)", columnGap: 1 }}
            >
              {Object.entries(c.args).map(([name, value]) => (
                <Box key={name} sx={{ display: "contents" }}>
                  <Typography component="dt" variant="caption" color="text.secondary">
                    {name}
                  </Typography>
                  <Typography
                    component="dd"
                    variant="caption"
                    sx={{ m: 0, fontFamily: "monospace", overflowWrap: "anywhere" }}
                  >
                    {value}
                  </Typography>
                </Box>
              ))}
            </Box>
          ) : null}
          {c.value !== "0" ? (
            <Typography variant="caption" color="text.secondary">
              Value {c.value} wei
            </Typography>
          ) : null}
        </Box>
      ))}
    </Box>
  );
}

/** A Safe transaction's calls under their heading: "The call", or the batch's N calls (MultiSendCallOnly). */
export function SafeTxCalls({ calls }: { calls: readonly QtDecodedCall[] }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {calls.length === 1 ? "The call" : `The ${calls.length} calls of the batch (MultiSendCallOnly)`}:
      </Typography>
      <CallList calls={calls} />
    </Box>
  );
}
