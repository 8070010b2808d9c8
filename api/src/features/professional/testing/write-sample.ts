// Writes a response as a sample for the page engineer (testing/samples/<name>.json) when the tests run with
// PROFESSIONAL_WRITE_SAMPLES=1; otherwise does nothing. The samples are real answers of the test app.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

export function writeSample(name: string, body: unknown): void {
  if (process.env.PROFESSIONAL_WRITE_SAMPLES !== "1") return;
  const dir = path.join(__dirname, "samples");
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${name}.json`), `${JSON.stringify(body, null, 2)}\n`);
}
