import Divider from "@mui/material/Divider";
import Stack from "@mui/material/Stack";
import { QueryState } from "../../../components/page-shell";
import { useIsolatorStatus } from "../api/get-status";
import { CreateIsolationForm } from "./create-isolation-form";
import { UploadForm } from "./upload-form";

/** Isolations (spec §2 tab 2): create one, then put files into it. Lazy: the forms bring zod (the API's own rules) with them. */
export function IsolationsTab() {
  const status = useIsolatorStatus();
  return (
    <Stack spacing={3} divider={<Divider flexItem />}>
      <CreateIsolationForm />
      <QueryState query={status} what="the isolations to upload into" height={200} testId="upload-isolations">
        {(s) => <UploadForm isolations={s.isolationInstances} />}
      </QueryState>
    </Stack>
  );
}
