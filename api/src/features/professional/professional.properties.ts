// Reads the contract property tests' last record (written by contracts/invariants/suite.property.test.ts
// through contracts/invariants/record.ts when it finishes). Absent: "never recorded on this machine"; an
// unreadable file says so too. Never a committed result: the file lives under the gitignored /data/.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { PROPERTIES_NEVER_RECORDED } from "./professional.constants";
import type { ContractProperties } from "./professional.schemas";
import { REPO_ROOT } from "./professional.tools";

export const PROPERTIES_RECORD_FILE = path.join(REPO_ROOT, "data", "reports", "contract-properties.json");

const onDisk = z.object({
  recordedAt: z.string().datetime({ offset: true }),
  passed: z.boolean(),
  tests: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  commit: z.string().optional(),
  durationMs: z.number().optional(),
});

export interface PropertiesReading {
  record: ContractProperties | null;
  /** What the record says, or why there is none. */
  detail: string;
}

export async function readContractProperties(file = PROPERTIES_RECORD_FILE): Promise<PropertiesReading> {
  const source = path.relative(REPO_ROOT, file) || file;
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return { record: null, detail: PROPERTIES_NEVER_RECORDED };
    return { record: null, detail: `${source} could not be read: ${(err as Error).message}` };
  }
  let parsed: z.infer<typeof onDisk>;
  try {
    parsed = onDisk.parse(JSON.parse(text));
  } catch {
    return { record: null, detail: `${source} is not a valid record (run npm run test:contracts to write it again)` };
  }
  const record: ContractProperties = { ...parsed, source };
  const when = `recorded ${record.recordedAt}${record.commit ? ` at commit ${record.commit.slice(0, 10)}` : ""}`;
  return {
    record,
    detail: record.passed
      ? `passed: ${record.tests} property runs, none failed (${when})`
      : `failed: ${record.failed} of ${record.tests} property runs failed (${when})`,
  };
}
