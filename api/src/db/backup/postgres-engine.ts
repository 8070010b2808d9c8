// PostgreSQL (DATABASE_URL): the backup is `pg_dump --format=custom`; the restore is `pg_restore` into a
// fresh database `xqb_dr_<time>` on the same server, dropped afterwards. The source figures are exact: they
// are read inside a REPEATABLE READ transaction that exports its snapshot, and pg_dump dumps that very
// snapshot (`--snapshot`), so writes the API makes meanwhile are in neither. The connection settings reach
// pg_dump/pg_restore through PG* environment variables only: the password is never in argv or a log.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import pg from "pg";
import { backupPath, readVerified, sealBackup } from "./backup-files";
import { beforeDeadline, type BackupEngine } from "./engine";
import { allFigures, type SqlRunner } from "./figures";

const CONNECT_TIMEOUT_MS = 5000;

/** Debian's client binaries (the `postgresql-client` package), else whatever PATH finds. */
const bin = (name: "pg_dump" | "pg_restore") => (existsSync(`/usr/bin/${name}`) ? `/usr/bin/${name}` : name);

/** The PG* variables libpq reads, from a postgres:// URL. */
export function libpqEnv(url: string, database?: string): NodeJS.ProcessEnv {
  const u = new URL(url);
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    PGCONNECT_TIMEOUT: String(CONNECT_TIMEOUT_MS / 1000),
    PGDATABASE: database ?? decodeURIComponent(u.pathname.replace(/^\//, "")),
  };
  const host = u.searchParams.get("host") ?? decodeURIComponent(u.hostname).replace(/^\[(.*)\]$/, "$1");
  if (host) env.PGHOST = host;
  if (u.port) env.PGPORT = u.port;
  if (u.username) env.PGUSER = decodeURIComponent(u.username);
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  const sslmode = u.searchParams.get("sslmode");
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

function clientFor(url: string): pg.Client {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  client.on("error", () => {}); // a dropped connection shows up on the next query
  return client;
}

const runnerOfClient =
  (client: pg.Client): SqlRunner =>
  async (text) =>
    (await client.query(text)).rows as Record<string, unknown>[];

/** Runs a client binary bounded by the deadline; rejects with its last stderr lines. */
function runBinary(file: string, args: string[], env: NodeJS.ProcessEnv, deadline: number): Promise<void> {
  const timeout = Math.max(1, deadline - Date.now());
  return new Promise((resolve, reject) => {
    execFile(file, args, { env, timeout, killSignal: "SIGKILL", maxBuffer: 1024 * 1024 }, (err, _stdout, stderr) => {
      if (!err) return resolve();
      const why = (err as { killed?: boolean }).killed
        ? `stopped after ${Math.round(timeout / 1000)} s`
        : String(stderr).trim().split("\n").slice(-3).join(" | ") || err.message;
      reject(new Error(`${file.split("/").pop()}: ${why}`));
    });
  });
}

export function postgresEngine(url: string): BackupEngine {
  if (!url) throw new Error("no DATABASE_URL for pg_dump");
  return {
    method: "pg_dump",
    async backup(dir, at, deadline) {
      const file = await backupPath(dir, at, "pgdump");
      const client = clientFor(url);
      try {
        await beforeDeadline(client.connect(), deadline, "connecting to the database");
        const ms = Math.max(1000, deadline - Date.now());
        await client.query(`set statement_timeout = ${ms}`);
        await client.query("begin isolation level repeatable read read only");
        const [{ id }] = (await client.query<{ id: string }>("select pg_export_snapshot() as id")).rows as [
          { id: string },
        ];
        const source = await beforeDeadline(allFigures(runnerOfClient(client)), deadline, "reading the source figures");
        await runBinary(
          bin("pg_dump"),
          ["--format=custom", `--snapshot=${id}`, `--file=${file}`],
          libpqEnv(url),
          deadline,
        );
        await client.query("commit");
        return {
          backup: await sealBackup(file),
          source,
          note: "figures read in the snapshot pg_dump dumped (--snapshot)",
        };
      } catch (err) {
        await rm(file, { force: true });
        throw err;
      } finally {
        await client.end().catch(() => {});
      }
    },
    async restore(backup, deadline) {
      await readVerified(backup); // pg_restore reads the file; first prove it is the one sealed
      const name = `xqb_dr_${Date.now()}_${process.pid}`;
      const admin = clientFor(url);
      await beforeDeadline(admin.connect(), deadline, "connecting to the database");
      const drop = async () => {
        try {
          await admin.query(`drop database if exists ${name} with (force)`);
        } catch {
          // the drill reports the figures; a leftover database is named xqb_dr_* for a manual drop
        } finally {
          await admin.end().catch(() => {});
        }
      };
      let copy: pg.Client | null = null;
      try {
        await admin.query(`create database ${name}`);
        await runBinary(
          bin("pg_restore"),
          ["--exit-on-error", "--no-owner", "--no-privileges", `--dbname=${name}`, backup.file],
          libpqEnv(url, name),
          deadline,
        );
        copy = clientFor(withDatabase(url, name));
        await beforeDeadline(copy.connect(), deadline, "connecting to the restored database");
        const opened = copy;
        return {
          where: `a fresh database ${name} (pg_restore)`,
          run: runnerOfClient(opened),
          dispose: async () => {
            await opened.end().catch(() => {});
            await drop();
          },
        };
      } catch (err) {
        await copy?.end().catch(() => {});
        await drop();
        throw err;
      }
    },
  };
}
