// What the passive layer gives its rules to read besides the checks' answers: a sign-in the OpenAPI document
// describes (form-encoded or JSON, with a user and a password field), a page's sign-in form, and the pages the
// answers point to; and the layer's bookkeeping: one finding per rule and place, whatever the number of answers.
import { describe, expect, it } from "vitest";
import type { HttpExchange } from "../../../http/self-target";
import { learnSurface } from "./openapi-surface";
import { PassiveLayer, signInForms, signInOperations } from "./passive";

const doc = {
  openapi: "3.1.0",
  paths: {
    "/session/form": {
      post: {
        requestBody: {
          content: {
            "application/x-www-form-urlencoded": {
              schema: {
                type: "object",
                properties: { username: { type: "string", example: "bob" }, password: { type: "string" } },
              },
            },
          },
        },
        responses: {},
      },
    },
    "/session/json": {
      post: {
        requestBody: {
          content: {
            "application/json": {
              schema: { type: "object", properties: { email: { type: "string" }, password: { type: "string" } } },
            },
          },
        },
        responses: {},
      },
    },
    "/stellar/keys": {
      post: {
        requestBody: {
          content: {
            "application/json": {
              schema: { type: "object", properties: { account: { type: "string" }, networkPassphrase: {} } },
            },
          },
        },
        responses: {},
      },
    },
    "/orders/{id}": { get: { parameters: [{ in: "path", name: "id", schema: { type: "string" } }], responses: {} } },
  },
};

const exchange = (over: Partial<HttpExchange>): HttpExchange =>
  ({ status: 200, headers: {}, body: "", durationMs: 1, ...over }) as HttpExchange;

describe("passive layer", () => {
  it("finds the document's sign-ins, form-encoded and JSON, with their example values; not a key form", () => {
    const targets = signInOperations(learnSurface(doc).operations);
    expect(targets.map((t) => [t.path, t.type])).toEqual([
      ["/session/form", "form"],
      ["/session/json", "json"],
    ]);
    expect(targets[0]!.fields).toEqual([
      { name: "username", role: "user", value: "bob" },
      { name: "password", role: "password", value: null },
    ]);
  });

  it("finds a page's sign-in form (a password input), keeping hidden inputs; a search form is not one", () => {
    const html = `<form action="/search"><input name="q"></form>
      <form method="POST" action='/login'><input type="hidden" name="csrf" value="t0k">
      <input name="login"><input type=password name=pw><button>Go</button></form>`;
    expect(signInForms(html, "/")).toEqual([
      {
        path: "/login",
        type: "form",
        source: "the sign-in form on /",
        fields: [
          { name: "csrf", role: "other", value: "t0k" },
          { name: "login", role: "user", value: null },
          { name: "pw", role: "password", value: null },
        ],
      },
    ]);
  });

  it("keeps one finding per rule and place however many answers show it, and learns same-origin pages only", () => {
    const layer = new PassiveLayer(new Set(["passive-version-banner", "passive-html-csp"]), "http", "shop.test");
    layer.setOperations(learnSurface(doc).operations);
    const banner = exchange({ headers: { server: "nginx/1.25.3" } });
    for (const id of ["1", "2", "3"])
      layer.observe({ probe: "p", method: "GET", path: `/orders/${id}`, write: false }, banner, {
        method: "GET",
        path: `/orders/${id}`,
        headers: {},
        body: null,
      });
    const page = exchange({
      status: 302,
      headers: { "content-type": "text/html", location: "/account/home", server: "nginx/1.25.3" },
      body: '<a href="https://elsewhere.example/x">x</a><a href="/about">about</a><a href="/app.js">js</a><a href="/logout">out</a>',
    });
    layer.observe({ probe: "p", method: "GET", path: "/", write: false }, page, {
      method: "GET",
      path: "/",
      headers: {},
      body: null,
    });
    const { results, notApplicable } = layer.results();
    const banners = results.find((r) => r.id === "passive-version-banner")!;
    expect(banners).toMatchObject({ status: "FAIL", findings: 2, severity: "LOW", probesSent: 4 });
    expect(banners.evidence.map((e) => e.finding)).toEqual([
      "server names a version: nginx/1.25.3 (GET /orders/{id})",
      "server names a version: nginx/1.25.3 (GET /)",
    ]);
    expect(banners.evidence[0]!.request.url).toBe("http://shop.test/orders/1");
    expect(results.find((r) => r.id === "passive-html-csp")!.status).toBe("FAIL");
    expect(notApplicable).toEqual([]);
    expect(layer.pointedTo).toEqual(["/account/home", "/about"]);
  });
});
