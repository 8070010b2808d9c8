import { useState } from "react";
import { notify } from "../../../components/toast";
import { describeError } from "../../../lib/api-client";
import { downloadText } from "../../../lib/download";
import { fetchReport } from "../api/get-report";
import { REPORT_LABEL } from "../utils/readiness";

/** "Download report": the report computed now, saved as Markdown; '{label} Complete' or '{label} Failed' with the server's words. */
export function useDownloadReport() {
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      const r = await fetchReport();
      downloadText(r.filename, r.markdown);
      notify({ variant: "success", title: `${REPORT_LABEL} Complete`, description: r.filename });
    } catch (error) {
      notify({
        variant: "error",
        title: `${REPORT_LABEL} Failed`,
        description: describeError(error) || "Unknown error",
      });
    } finally {
      setDownloading(false);
    }
  };
  return { downloading, download: () => void download() };
}
