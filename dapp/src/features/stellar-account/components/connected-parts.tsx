import Stack from "@mui/material/Stack";
import { lazyPart } from "../../../components/lazy-part";
import { AccountPanel } from "./account-panel";
import { KeyConnected } from "./key-connected";

// The forms and the transaction builders load after the account shows.
const ActionsPanel = lazyPart(() => import("./actions-panel").then((m) => m.ActionsPanel), { name: "Account actions" });

/** Everything that needs a key: loaded once a key is in use, never in the page's first load. */
export function ConnectedParts({ publicKey }: { publicKey: string }) {
  return (
    <Stack spacing={2}>
      <KeyConnected publicKey={publicKey} />
      <AccountPanel publicKey={publicKey} />
      <ActionsPanel publicKey={publicKey} />
    </Stack>
  );
}
