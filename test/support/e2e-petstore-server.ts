// A small real petstore API for the end-to-end tests: node:http on 127.0.0.1, answers that conform to
// examples/specs/petstore.oas31.yaml (base path /v3), checks the credentials, records every request it receives,
// and has switches for the failure scenarios (a 429 once, an oversize list, a failing step after a committed one).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One request as the server received it. */
export interface RecordedRequest {
  readonly method: string;
  /** Path without the query, base path included (e.g. `/v3/pet/10`). */
  readonly path: string;
  readonly query: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: string;
}

/** Switches a test flips before a call. */
export interface ServerSwitches {
  /** Paths (without base) whose next GET answers 429 with `Retry-After: 1`, once each. */
  readonly rateLimitOnce: Set<string>;
  /** How many pets `GET /pet/findByStatus` returns (ignoring `limit`, so the result is oversize). */
  manyPets: number;
  /** When true, `GET /pet/{petId}` answers a pet without its required `name` (to prove Prism checks responses). */
  invalidPet: boolean;
  /** When true, the next `GET /store/order/{orderId}` answers 500 (a step failing after an order was placed), once. */
  failNextOrderLookup: boolean;
}

export interface E2ePetstoreServer {
  /** `http://127.0.0.1:<port>` (no base path). */
  readonly origin: string;
  readonly port: number;
  readonly requests: RecordedRequest[];
  readonly switches: ServerSwitches;
  /** Orders placed so far, by id. */
  readonly orders: Map<number, Order>;
  /** Requests to `method path` (path without base, e.g. `/store/order`). */
  count(method: string, path: string | RegExp): number;
  close(): Promise<void>;
}

interface Order {
  id: number;
  petId: number;
  customerId: number;
  quantity: number;
  shipDate: string | null;
  status: "placed" | "approved" | "delivered" | "cancelled";
  complete: boolean;
  notes: string | null;
}

export const BASE_PATH = "/v3";

const USERS = [
  {
    id: 42,
    username: "ada_l",
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@example.com",
    phone: "+44 20 7946 0958",
    website: "https://ada.example.com",
    userStatus: 1,
  },
  {
    id: 43,
    username: "grace_h",
    firstName: "Grace",
    lastName: "Hopper",
    email: "grace@example.com",
    phone: null,
    website: null,
    userStatus: 1,
  },
];

function pet(id: number, status: "available" | "pending" | "sold" = "available"): Record<string, unknown> {
  return {
    id,
    name: `pet-${id}`,
    category: { id: 1, name: "Dogs" },
    photoUrls: [`https://cdn.petstore.example.com/p/${id}.jpg`],
    tags: [{ id: 3, name: "friendly" }],
    status,
    birthDate: "2021-04-01",
    price: 120.5,
    microchipId: null,
    createdAt: "2024-01-15T09:30:00Z",
  };
}

/** Pets that exist: 10 and 11 available, 12 sold. Anything else is 404. */
const PETS = new Map<number, Record<string, unknown>>([
  [10, pet(10)],
  [11, pet(11)],
  [12, pet(12, "sold")],
]);

function send(res: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}): void {
  if (body === undefined) {
    res.writeHead(status, headers);
    res.end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json",
    "content-length": String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

const error = (code: string, message: string): Record<string, unknown> => ({ code, message });

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Starts the server on an OS-chosen loopback port. `apiKey` is checked on api_key operations, `bearer` on petstore_auth ones. */
export async function startE2ePetstoreServer(credentials: {
  apiKey: string;
  bearer: string;
}): Promise<E2ePetstoreServer> {
  const requests: RecordedRequest[] = [];
  const switches: ServerSwitches = {
    rateLimitOnce: new Set(),
    manyPets: 0,
    invalidPet: false,
    failNextOrderLookup: false,
  };
  // Ada (42) has one delivered and one open order before any test runs.
  const orders = new Map<number, Order>([
    [
      900,
      {
        id: 900,
        petId: 12,
        customerId: 42,
        quantity: 1,
        shipDate: "2024-02-01T12:00:00Z",
        status: "delivered",
        complete: true,
        notes: null,
      },
    ],
    [
      901,
      {
        id: 901,
        petId: 11,
        customerId: 42,
        quantity: 1,
        shipDate: null,
        status: "placed",
        complete: false,
        notes: "collect on Saturday",
      },
    ],
  ]);
  let nextOrderId = 1001;

  const apiKeyOk = (req: IncomingMessage): boolean => req.headers["api_key"] === credentials.apiKey;
  const bearerOk = (req: IncomingMessage): boolean => req.headers.authorization === `Bearer ${credentials.bearer}`;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const body = await readBody(req);
    requests.push({
      method: req.method ?? "",
      path: url.pathname,
      query: url.search,
      headers: { ...req.headers },
      body,
    });
    if (!url.pathname.startsWith(`${BASE_PATH}/`))
      return send(res, 404, error("not_found", `no route ${url.pathname}`));
    const path = url.pathname.slice(BASE_PATH.length);
    const method = req.method ?? "GET";

    if (method === "GET" && switches.rateLimitOnce.delete(path))
      return send(res, 429, error("rate_limited", "slow down"), { "retry-after": "1" });

    // GET /pet/findByStatus — petstore_auth (bearer) only.
    if (method === "GET" && path === "/pet/findByStatus") {
      if (!bearerOk(req)) return send(res, 401, error("unauthorized", "missing or wrong bearer token"));
      const statuses = url.searchParams.getAll("status");
      const limit = Number(url.searchParams.get("limit") ?? "20");
      if (switches.manyPets > 0)
        return send(
          res,
          200,
          Array.from({ length: switches.manyPets }, (_, i) => pet(100 + i)),
        );
      const matching = [...PETS.values()].filter((p) => statuses.includes(String(p.status))).slice(0, limit);
      return send(res, 200, matching);
    }

    // Everything else here is api_key (getPetById also accepts the bearer token).
    const petMatch = /^\/pet\/(\d+)$/.exec(path);
    if (method === "GET" && petMatch) {
      if (!apiKeyOk(req) && !bearerOk(req)) return send(res, 401, error("unauthorized", "missing or wrong api_key"));
      const found = PETS.get(Number(petMatch[1]));
      if (found !== undefined && switches.invalidPet) return send(res, 200, { ...found, name: undefined });
      // An API that echoes the caller's key in an error: the tools must redact it before the model sees it.
      if (found === undefined)
        return send(
          res,
          404,
          error("not_found", `no pet ${petMatch[1]} (request made with api_key ${String(req.headers["api_key"])})`),
        );
      return send(res, 200, found);
    }

    if (!apiKeyOk(req)) return send(res, 401, error("unauthorized", "missing or wrong api_key"));

    // GET /pet — one page of pets, newest first (`limit`, default 20).
    if (method === "GET" && path === "/pet") {
      const limit = Number(url.searchParams.get("limit") ?? "20");
      const all = [...PETS.values()].sort((a, b) => Number(b["id"]) - Number(a["id"]));
      return send(res, 200, { items: all.slice(0, limit), nextCursor: all.length > limit ? "eyJpZCI6MTAwMX0" : null });
    }

    if (method === "GET" && path === "/users/by-email") {
      const email = (url.searchParams.get("email") ?? "").toLowerCase();
      const user = USERS.find((u) => u.email === email);
      return user === undefined ? send(res, 404) : send(res, 200, user);
    }

    const ordersMatch = /^\/users\/(\d+)\/orders$/.exec(path);
    if (method === "GET" && ordersMatch) {
      const userId = Number(ordersMatch[1]);
      if (!USERS.some((u) => u.id === userId)) return send(res, 404);
      const status = url.searchParams.get("status") ?? "open";
      const limit = Number(url.searchParams.get("limit") ?? "20");
      const mine = [...orders.values()]
        .filter((o) => o.customerId === userId)
        .filter(
          (o) =>
            status === "all" ||
            (status === "open"
              ? o.status === "placed" || o.status === "approved"
              : o.status === "delivered" || o.status === "cancelled"),
        )
        .sort((a, b) => b.id - a.id);
      return send(res, 200, {
        items: mine.slice(0, limit),
        nextCursor: mine.length > limit ? "eyJpZCI6MTAwMX0" : null,
      });
    }

    if (method === "POST" && path === "/store/order") {
      let order: Partial<Order>;
      try {
        order = JSON.parse(body) as Partial<Order>;
      } catch {
        return send(res, 400, error("bad_request", "body is not JSON"));
      }
      if (typeof order.petId !== "number" || typeof order.customerId !== "number")
        return send(res, 400, error("bad_request", "petId and customerId are required"));
      const target = PETS.get(order.petId);
      if (target === undefined || !USERS.some((u) => u.id === order.customerId)) return send(res, 404);
      if (target.status !== "available") return send(res, 409);
      const placed: Order = {
        id: nextOrderId++,
        petId: order.petId,
        customerId: order.customerId,
        quantity: order.quantity ?? 1,
        shipDate: null,
        status: "placed",
        complete: false,
        notes: null,
      };
      orders.set(placed.id, placed);
      return send(res, 201, placed);
    }

    const orderMatch = /^\/store\/order\/(\d+)$/.exec(path);
    if (orderMatch && (method === "GET" || method === "DELETE")) {
      const order = orders.get(Number(orderMatch[1]));
      if (order === undefined) return send(res, 404);
      if (method === "GET" && switches.failNextOrderLookup) {
        switches.failNextOrderLookup = false;
        return send(res, 500, error("internal", "the order database is unavailable"));
      }
      if (method === "GET") return send(res, 200, order);
      if (order.status === "delivered") return send(res, 409);
      orders.delete(order.id);
      return send(res, 204);
    }

    return send(res, 404, error("not_found", `no route ${method} ${path}`));
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) =>
      send(res, 500, error("internal", e instanceof Error ? e.message : String(e))),
    );
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const withoutBase = (p: string): string => (p.startsWith(BASE_PATH) ? p.slice(BASE_PATH.length) : p);
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    switches,
    orders,
    count(method, path) {
      return requests.filter(
        (r) =>
          r.method === method.toUpperCase() &&
          (typeof path === "string" ? withoutBase(r.path) === path : path.test(withoutBase(r.path))),
      ).length;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
