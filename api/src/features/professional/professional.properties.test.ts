// The contract property record's reader: absent, invalid, passing and failing records, each said in words.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { writePropertiesRecord } from "../../../../contracts/invariants/record";
import { PROPERTIES_NEVER_RECORDED } from "./professional.constants";
import { readContractProperties } from "./professional.properties";

const dir = mkdtempSync(path.join(tmpdir(), "contract-properties-"));

describe("contract property record", () => {
  it("absent: never recorded on this machine", async () => {
    expect(await readContractProperties(path.join(dir, "none.json"))).toEqual({
      record: null,
      detail: PROPERTIES_NEVER_RECORDED,
    });
  });

  it("not a record: says so, no record", async () => {
    const file = path.join(dir, "bad.json");
    writeFileSync(file, JSON.stringify({ passed: "yes" }));
    const r = await readContractProperties(file);
    expect(r.record).toBeNull();
    expect(r.detail).toMatch(/is not a valid record/);
  });

  it("written by the property test's recorder, passing and failing", async () => {
    const file = path.join(dir, "nested", "contract-properties.json");
    writePropertiesRecord({ passed: true, tests: 200, failed: 0, durationMs: 1234 }, file);
    const ok = await readContractProperties(file);
    expect(ok.record).toMatchObject({
      passed: true,
      tests: 200,
      failed: 0,
      durationMs: 1234,
      commit: expect.stringMatching(/^[0-9a-f]{40}$/),
    });
    expect(ok.detail).toMatch(/^passed: 200 property runs, none failed \(recorded /);
    writePropertiesRecord({ passed: false, tests: 17, failed: 1, durationMs: 99 }, file);
    const bad = await readContractProperties(file);
    expect(bad.record).toMatchObject({ passed: false, tests: 17, failed: 1 });
    expect(bad.detail).toMatch(/^failed: 1 of 17 property runs failed/);
  });
});
