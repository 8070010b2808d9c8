// The contract property tests' last result on this machine, for the API's security audit and the mainnet
// readiness page: written when the property test finishes (pass or fail) to data/reports/
// contract-properties.json (gitignored: a result belongs to a run on a machine, never to a commit).
// CONTRACT_PROPERTIES_RECORD moves it (tests of the reader use a temporary file).
import { execFileSync } from "node:child_process";
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";

export const PROPERTIES_RECORD_DEFAULT = path.resolve(__dirname, "../../data/reports/contract-properties.json");

export interface PropertiesRecord {
  recordedAt: string;
  passed: boolean;
  /** Property runs checked (each a random sequence of actions with the invariants after every action). */
  tests: number;
  /** Runs that failed (fast-check stops at the first failure and shrinks it, so 0 or 1). */
  failed: number;
  commit?: string;
  durationMs: number;
}

function headCommit(): string | undefined {
  try {
    return execFileSync("git", ["rev-parse", "HEAD"], {
      cwd: __dirname,
      encoding: "utf8",
      timeout: 5_000,
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    return undefined;
  }
}

/** Writes the record atomically (a reader never sees half a file). Never throws: a record is not the test. */
export function writePropertiesRecord(
  r: Omit<PropertiesRecord, "recordedAt" | "commit">,
  file = process.env.CONTRACT_PROPERTIES_RECORD ?? PROPERTIES_RECORD_DEFAULT,
): void {
  try {
    const record: PropertiesRecord = { recordedAt: new Date().toISOString(), ...r, commit: headCommit() };
    mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, `${JSON.stringify(record, null, 2)}\n`);
    renameSync(tmp, file);
  } catch (err) {
    console.warn(`[property] could not write ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
}
