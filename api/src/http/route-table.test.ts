import { describe, expect, it } from "vitest";
import { routeTable } from "./route-table";

const table = routeTable([
  { method: "get", path: "/api/items/:id", entry: "item" },
  { method: "get", path: "/api/items/latest", entry: "latest (declared after :id, so never reached)" },
  { method: "get", path: "/api/things/latest", entry: "things latest" },
  { method: "get", path: "/api/things/:id", entry: "thing" },
  { method: "post", path: "/api/things", entry: "create thing" },
]);

describe("routeTable: Express's matching rules without its router", () => {
  it("finds a static path whatever its case, with one optional trailing slash", () => {
    expect(table.find("GET", "/api/things/latest")?.entry).toBe("things latest");
    expect(table.find("GET", "/API/Things/Latest/")?.entry).toBe("things latest");
    expect(table.find("GET", "/api/things/latest//")).toBeNull();
  });

  it("gives the route declared first when two match, and decodes parameters", () => {
    expect(table.find("GET", "/api/items/latest")).toEqual({ entry: "item", params: { id: "latest" } });
    expect(table.find("GET", "/api/things/a%20b")).toEqual({ entry: "thing", params: { id: "a b" } });
  });

  it("matches the method: a HEAD is answered by the GET route, nothing else falls back", () => {
    expect(table.find("HEAD", "/api/things/7")?.entry).toBe("thing");
    expect(table.find("POST", "/api/things")?.entry).toBe("create thing");
    expect(table.find("PUT", "/api/things")).toBeNull();
    expect(table.find("GET", "/api/nothing")).toBeNull();
  });

  it("refuses a parameter that is not valid percent-encoding with a URIError marked 400, as the router did", () => {
    let thrown: unknown;
    try {
      table.find("GET", "/api/things/%ff");
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(URIError);
    expect((thrown as { status?: number }).status).toBe(400);
  });
});
