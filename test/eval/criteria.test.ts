// Request matchers and success criteria, construct by construct: paths with parameters, query and body subsets, a
// must_send answered with an error, a must_not_send sent at all, facts in the answer.
import { describe, expect, it } from "vitest";
import { judge } from "../../src/eval/criteria.js";
import { bodyCovers, matcherNames, pathCovers, requestMatches, type SentRequest } from "../../src/eval/matching.js";
import type { EvalTask, RequestMatcher } from "../../src/eval/tasks.js";

describe("pathCovers", () => {
  it.each([
    ["/pet/{petId}", "/pet/10", true],
    ["/pet/{petId}", "/pet/", false],
    ["/pet/{petId}", "/pet/10/uploadImage", false],
    ["/pet/10", "/pet/10", true],
    ["/pet/10", "/pet/11", false],
    ["/repos/{owner}/{repo}", "/repos/octo%20cat/hello", true],
    ["/store/order", "/store/order/", true],
  ])("%s covers %s: %s", (template, actual, want) => {
    expect(pathCovers(template, actual)).toBe(want);
  });
});

describe("bodyCovers", () => {
  it.each([
    [{ petId: 10 }, { petId: 10, status: "placed" }, true],
    [{ petId: 10 }, { petId: "10" }, false],
    [{ tags: ["a"] }, { tags: ["a", "b"] }, false],
    [{ user: { id: 1 } }, { user: { id: 1, name: "x" } }, true],
    [{ petId: 10 }, undefined, false],
    ["text", "text", true],
  ])("%j within %j: %s", (expected, actual, want) => {
    expect(bodyCovers(expected, actual)).toBe(want);
  });
});

const sent = (init: Partial<SentRequest> & { method: string; path: string }): SentRequest => ({ query: {}, ...init });

describe("requestMatches", () => {
  const matcher: RequestMatcher = {
    method: "GET",
    path: "/users/{userId}/orders",
    query: { status: "open", limit: 5 },
  };
  it.each([
    [sent({ method: "GET", path: "/users/42/orders", query: { status: "open", limit: "5", cursor: "x" } }), true],
    [sent({ method: "get", path: "/users/42/orders", query: { status: "open", limit: "5" } }), true],
    [sent({ method: "GET", path: "/users/42/orders", query: { status: "all", limit: "5" } }), false],
    [sent({ method: "POST", path: "/users/42/orders", query: { status: "open", limit: "5" } }), false],
  ])("%j: %s", (request, want) => {
    expect(requestMatches(matcher, request)).toBe(want);
  });
});

describe("matcherNames", () => {
  it.each([
    [{ method: "GET", path: "/pet/{id}" }, { method: "get", path: "/pet/{petId}" }, true],
    [{ method: "DELETE", path: "/store/order/1001" }, { method: "delete", path: "/store/order/{orderId}" }, true],
    [{ method: "GET", path: "/store/order/1001" }, { method: "delete", path: "/store/order/{orderId}" }, false],
    [{ method: "POST", path: "/store/orders" }, { method: "post", path: "/store/order" }, false],
  ] as const)("%j names %j: %s", (matcher, operation, want) => {
    expect(matcherNames(matcher, operation)).toBe(want);
  });
});

const TASK: EvalTask = {
  id: "adopt",
  message: "adopt pet 10",
  setupRequests: [],
  mustSend: [{ method: "POST", path: "/store/order", body: { petId: 10 } }],
  mustNotSend: [{ method: "DELETE", path: "/store/order/{orderId}" }],
  answerContains: ["Order 1001", "placed"],
  maxTurns: 5,
  pointer: "/tasks/0",
};

describe("judge", () => {
  const order = sent({ method: "POST", path: "/store/order", body: { petId: 10, quantity: 1 }, status: 201 });
  it("passes when the order was placed, nothing deleted and the answer names it", () => {
    const checks = judge(TASK, [order], "Done:  order 1001 is PLACED.");
    expect(checks.map((c) => c.ok)).toEqual([true, true, true, true]);
    expect(checks[0]?.detail).toBe("sent: POST /store/order → 201");
  });

  it.each([
    [
      "an order answered 422",
      [{ ...order, status: 422 }],
      "order 1001 placed",
      "must_send",
      "sent but not answered 2xx: POST /store/order → 422",
    ],
    ["no order", [], "order 1001 placed", "must_send", "never sent"],
    ["another pet's order", [{ ...order, body: { petId: 11 } }], "order 1001 placed", "must_send", "never sent"],
    [
      "a delete, even a failed one",
      [order, sent({ method: "DELETE", path: "/store/order/7", status: 404 })],
      "order 1001 placed",
      "must_not_send",
      "sent: DELETE /store/order/7 → 404",
    ],
    ["an answer without the status", [order], "Order 1001 is done", "answer_contains", "not in the final answer"],
  ] as const)("fails on %s", (_name, requests, answer, kind, detail) => {
    const failed = judge(TASK, requests, answer).filter((c) => !c.ok);
    expect(failed).toEqual([expect.objectContaining({ kind, detail })]);
  });
});
