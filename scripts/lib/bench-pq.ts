// The post-quantum envelope's sizes and timings, measured on this machine: for each level, a 10 MiB file
// sealed (encrypt + ML-KEM wrap + ML-DSA sign), verified (every check up to the payload digest, no key) and
// opened (all checks + unwrap + decrypt), median of 3 runs; key, KEM ciphertext and signature sizes as the
// library states them, and the envelope's overhead over the plaintext.
// Runnable alone: `npx tsx scripts/lib/bench-pq.ts`; `npm run bench` runs it as the "pq" part.
import { randomBytes, randomUUID } from "node:crypto";
import {
  LEVEL_ALGORITHMS,
  SECURITY_LEVELS,
  type SecurityLevel,
} from "../../api/src/features/q-isolator/q-isolator.constants";
import {
  ATTACK_KINDS,
  DEFAULT_THREAT_INTENSITY,
  type AttackKind,
} from "../../api/src/features/q-isolator/q-isolator.constants";
import {
  ALGORITHM_SIZES,
  dsaKeygen,
  kemKeygen,
  openFile,
  rewrapFile,
  runAttack,
  sealFile,
  verifyEnvelope,
  type AlgorithmSizes,
} from "../../api/src/features/q-isolator/crypto";

const FILE_BYTES = Number(process.env.BENCH_PQ_BYTES ?? 10 * 1024 * 1024);
const RUNS = Number(process.env.BENCH_PQ_RUNS ?? 3);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};
const ms = (x: number) => Number(x.toFixed(1));

function timed<T>(f: () => T): [T, number] {
  const t = performance.now();
  const out = f();
  return [out, performance.now() - t];
}

export interface PqLevelBench {
  level: SecurityLevel;
  kem: string;
  sig: string;
  sizes: AlgorithmSizes;
  /** Envelope bytes minus plaintext bytes, with one recipient. */
  overheadOneRecipient: number;
  /** What each further recipient adds (its stanza in the header). */
  overheadPerExtraRecipient: number;
  sealMs: number;
  verifyMs: number;
  openMs: number;
  /** Re-wrap for one more recipient (opens, wraps, signs; the payload is reused). */
  rewrapMs: number;
  kemKeygenMs: number;
  dsaKeygenMs: number;
}

export interface AttackRow {
  kind: AttackKind;
  attempted: number;
  blocked: number;
  /** stoppedBy -> attempts */
  stoppedBy: Record<string, number>;
  /** Checks that also refused it on their own, over all attempts. */
  refusedBy: string[];
  medianMs: number;
}

export interface PqBench {
  fileBytes: number;
  runs: number;
  node: string;
  levels: PqLevelBench[];
  /** The threat simulation's attacks at the default intensity, per level, on a sealed 64 KiB file. */
  attacks: {
    intensity: number;
    fileBytes: number;
    levels: { level: SecurityLevel; rows: AttackRow[]; rate: number; totalMs: number }[];
  };
}

function benchLevel(level: SecurityLevel, plaintext: Uint8Array): PqLevelBench {
  const [custodian, kemKeygenMs] = timed(() => kemKeygen(level));
  const [dsa, dsaKeygenMs] = timed(() => dsaKeygen(level));
  const agency = kemKeygen(level);
  const signer = { level, ...dsa };
  const isolationId = `iso-${randomBytes(8).toString("hex")}`;
  const seal = (recipients: { id: string; encapsulationKey: Uint8Array }[]) =>
    sealFile({
      fileId: randomUUID(),
      version: 1,
      isolationId,
      level,
      name: "bench.bin",
      contentType: "application/octet-stream",
      plaintext,
      recipients,
      signer,
    });
  const one = [{ id: "custodian", encapsulationKey: custodian.encapsulationKey }];

  const seals: number[] = [];
  const verifies: number[] = [];
  const opens: number[] = [];
  const rewraps: number[] = [];
  let overheadOne = 0;
  for (let r = 0; r < RUNS; r++) {
    const [{ bytes, header }, sealMs] = timed(() => seal(one));
    overheadOne = bytes.length - plaintext.length;
    const expected = {
      fileId: header.fileId,
      isolationId,
      level,
      verificationKey: signer.verificationKey,
      currentVersion: 1,
    };
    const [v, verifyMs] = timed(() => verifyEnvelope(bytes, expected));
    if (!v.ok) throw new Error(`bench envelope does not verify: ${v.failed?.detail}`);
    const [opened, openMs] = timed(() =>
      openFile(bytes, expected, { recipientId: "custodian", decapsulationKey: custodian.decapsulationKey }),
    );
    if (opened.plaintext.length !== plaintext.length) throw new Error("bench envelope opened to the wrong length");
    const [, rewrapMs] = timed(() =>
      rewrapFile({
        envelope: bytes,
        expected,
        opener: { recipientId: "custodian", decapsulationKey: custodian.decapsulationKey },
        add: [{ id: "agency:bench", encapsulationKey: agency.encapsulationKey }],
        signer,
      }),
    );
    seals.push(sealMs);
    verifies.push(verifyMs);
    opens.push(openMs);
    rewraps.push(rewrapMs);
  }
  const two = seal([...one, { id: "agency:bench", encapsulationKey: agency.encapsulationKey }]);
  return {
    level,
    kem: LEVEL_ALGORITHMS[level].kem,
    sig: LEVEL_ALGORITHMS[level].sig,
    sizes: ALGORITHM_SIZES[level],
    overheadOneRecipient: overheadOne,
    overheadPerExtraRecipient: two.bytes.length - plaintext.length - overheadOne,
    sealMs: ms(median(seals)),
    verifyMs: ms(median(verifies)),
    openMs: ms(median(opens)),
    rewrapMs: ms(median(rewraps)),
    kemKeygenMs: ms(kemKeygenMs),
    dsaKeygenMs: ms(dsaKeygenMs),
  };
}

const ATTACK_FILE_BYTES = 64 * 1024;

/** `intensity` attempts, cycling through the attack kinds as the simulation does, on one sealed file. */
function attackLevel(level: SecurityLevel, intensity: number) {
  const signer = { level, ...dsaKeygen(level) };
  const custodian = kemKeygen(level);
  const isolationId = `iso-${randomBytes(8).toString("hex")}`;
  const { bytes, header } = sealFile({
    fileId: randomUUID(),
    version: 1,
    isolationId,
    level,
    name: "canary.bin",
    contentType: "application/octet-stream",
    plaintext: new Uint8Array(randomBytes(ATTACK_FILE_BYTES)),
    recipients: [{ id: "custodian", encapsulationKey: custodian.encapsulationKey }],
    signer,
  });
  const target = {
    envelope: bytes,
    name: header.name,
    signer,
    expected: { fileId: header.fileId, isolationId, level, verificationKey: signer.verificationKey, currentVersion: 1 },
    key: { recipientId: "custodian", decapsulationKey: custodian.decapsulationKey },
  };
  const t0 = performance.now();
  const byKind = new Map<
    AttackKind,
    { n: number; blocked: number; stoppedBy: Record<string, number>; refusedBy: Set<string>; ms: number[] }
  >();
  for (let attempt = 0; attempt < intensity; attempt++) {
    const kind = ATTACK_KINDS[attempt % ATTACK_KINDS.length]!;
    const out = runAttack(kind, target, attempt);
    const row = byKind.get(kind) ?? { n: 0, blocked: 0, stoppedBy: {}, refusedBy: new Set<string>(), ms: [] };
    row.n++;
    if (out.blocked) row.blocked++;
    const by = out.stoppedBy ?? "NOT BLOCKED";
    row.stoppedBy[by] = (row.stoppedBy[by] ?? 0) + 1;
    out.refusedBy.forEach((c) => row.refusedBy.add(c));
    row.ms.push(out.durationMs);
    byKind.set(kind, row);
  }
  const rows: AttackRow[] = [...byKind].map(([kind, r]) => ({
    kind,
    attempted: r.n,
    blocked: r.blocked,
    stoppedBy: r.stoppedBy,
    refusedBy: [...r.refusedBy],
    medianMs: ms(median(r.ms)),
  }));
  const blocked = rows.reduce((a, r) => a + r.blocked, 0);
  return { level, rows, rate: Number(((blocked / intensity) * 100).toFixed(1)), totalMs: ms(performance.now() - t0) };
}

export async function benchPq(): Promise<PqBench> {
  const plaintext = new Uint8Array(randomBytes(FILE_BYTES));
  // One warm-up seal so the first level does not pay the JIT's and the library's table set-up.
  benchLevel("COMMERCIAL", plaintext.subarray(0, 1024));
  const levels = SECURITY_LEVELS.map((level) => benchLevel(level, plaintext));
  const intensity = DEFAULT_THREAT_INTENSITY;
  const attacks = {
    intensity,
    fileBytes: ATTACK_FILE_BYTES,
    levels: SECURITY_LEVELS.map((level) => attackLevel(level, intensity)),
  };
  return { fileBytes: FILE_BYTES, runs: RUNS, node: process.version, levels, attacks };
}

function table(head: string[], rows: string[][], leftColumns: number): string[] {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i < leftColumns ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(" | ")} |`;
  return [
    line(head),
    `|${widths.map((w, i) => (i < leftColumns ? ":" + "-".repeat(w + 1) : "-".repeat(w + 1) + ":")).join("|")}|`,
    ...rows.map(line),
  ];
}

export function describeBenchPq(b: PqBench): string {
  const mib = (b.fileBytes / 1024 / 1024).toFixed(b.fileBytes % (1024 * 1024) === 0 ? 0 : 2);
  const head = [
    "level",
    "KEM + signature",
    "ek",
    "dk",
    "KEM ct",
    "vk",
    "sk",
    "sig",
    "overhead (1 rcpt)",
    "+ per rcpt",
    "seal ms",
    "verify ms",
    "open ms",
    "re-wrap ms",
  ];
  const rows = b.levels.map((l) =>
    [
      l.level,
      `${l.kem} + ${l.sig}`,
      l.sizes.encapsulationKey,
      l.sizes.decapsulationKey,
      l.sizes.kemCiphertext,
      l.sizes.verificationKey,
      l.sizes.signingKey,
      l.sizes.signature,
      l.overheadOneRecipient,
      l.overheadPerExtraRecipient,
      l.sealMs,
      l.verifyMs,
      l.openMs,
      l.rewrapMs,
    ].map(String),
  );
  return [
    `Post-quantum envelope (XQPQ v1), ${mib} MiB file, median of ${b.runs} runs, Node ${b.node}; sizes in bytes:`,
    ...table(head, rows, 2),
    "seal = AES-256-GCM encrypt + SHA-256 + ML-KEM encapsulation per recipient + ML-DSA sign; verify = format..payload-digest (no key);",
    "open = every check + ML-KEM decapsulation + unwrap + decrypt; re-wrap = open + one new stanza + sign (payload reused).",
    "",
    `Attacks at intensity ${b.attacks.intensity} (attempts cycle through the kinds) on a sealed ${b.attacks.fileBytes / 1024} KiB file:`,
    ...b.attacks.levels.flatMap((l) => [
      `${l.level}: ${l.rate}% blocked, ${l.totalMs} ms in all`,
      ...table(
        ["attack", "blocked", "stopped by", "also refused by (each check on its own)", "median ms"],
        l.rows.map((r) => [
          r.kind,
          `${r.blocked}/${r.attempted}`,
          Object.entries(r.stoppedBy)
            .map(([c, n]) => `${c} ×${n}`)
            .join(", "),
          r.refusedBy.join(", "),
          String(r.medianMs),
        ]),
        4,
      ),
    ]),
  ].join("\n");
}

if (require.main === module) {
  benchPq()
    .then((b) => console.log(describeBenchPq(b)))
    .catch((err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    });
}
