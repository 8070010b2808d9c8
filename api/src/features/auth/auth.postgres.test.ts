// Nonces are single use across API replicas sharing one PostgreSQL: two apps (two replicas) on one
// database race the same signed message; exactly one signs in. Runs when TEST_DATABASE_URL names a server
// it may create databases on (see db/postgres.test.ts), in a database of its own dropped afterwards.
import { once } from "node:events";
import type { AddressInfo, Server } from "node:net";
import { randomBytes } from "node:crypto";
import pg from "pg";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { startTestApp, type TestApp } from "../../testing/harness";
import { nonceResponse } from "./auth.schemas";

const serverUrl = process.env.TEST_DATABASE_URL;
const alice = privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d");

describe.skipIf(!serverUrl)("SIWE on PostgreSQL shared by two replicas", () => {
  const dbName = `xqb_auth_${randomBytes(4).toString("hex")}`;
  const replicas: { t: TestApp; server: Server }[] = [];
  const urlOf = (database: string | null) => {
    const url = new URL(serverUrl!);
    if (database) url.pathname = `/${database}`;
    return url.toString();
  };
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: urlOf(null) });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await admin(`CREATE DATABASE ${dbName}`);
    // One after the other: both run the migrations at start.
    for (let i = 0; i < 2; i++) {
      const t = await startTestApp({ chain: "none", env: { DATABASE_URL: urlOf(dbName) } });
      const server = t.app.listen(0, "127.0.0.1");
      await once(server, "listening");
      replicas.push({ t, server });
    }
  });

  afterAll(async () => {
    for (const { t, server } of replicas) {
      server.close();
      await t.close();
    }
    await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  });

  it("a nonce issued by one replica is consumed once, whichever replicas verify it", async () => {
    const [a, b] = replicas.map((r) => r.server);
    // Behind one load balancer both replicas see the same Host; here each has its own port, so the Host
    // header is set to the one the message names.
    const host = `127.0.0.1:${(a!.address() as AddressInfo).port}`;
    for (let round = 0; round < 5; round++) {
      const { nonce } = nonceResponse.parse(
        (await request(a!).get("/api/auth/nonce").set("Host", host).expect(200)).body,
      );
      const message = createSiweMessage({
        domain: host,
        address: alice.address,
        uri: `http://${host}`,
        version: "1",
        chainId: 31337,
        nonce,
      });
      const body = { message, signature: await alice.signMessage({ message }) };
      const results = await Promise.all(
        [a, b, a, b].map((server) => request(server!).post("/api/auth/verify").set("Host", host).send(body)),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 401, 401, 401]);
      for (const r of results.filter((r) => r.status === 401)) expect(r.body.error).toMatch(/nonce was already used/);
      // The session it created is honoured by both replicas.
      const cookie = ([] as string[])
        .concat(results.find((r) => r.status === 200)!.headers["set-cookie"] ?? [])[0]!
        .split(";")[0]!;
      for (const server of [a, b]) {
        const session = await request(server!).get("/api/auth/session").set("Cookie", cookie).expect(200);
        expect(session.body.address).toBe(alice.address);
      }
    }
  });
});
