// The npm tarball (`npm pack --dry-run`, no network): holds what the CLI and the API load at run time — the bin, the compiled code, the templates and the runtime every generated package vendors — and nothing of the tests, examples or benchmarks.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runtimeFiles } from "../../src/emit/runtime-files.js";

interface Packed {
  readonly files: readonly { readonly path: string }[];
}

/** Every file under templates/, as `templates/…` paths. */
const templates = (): string[] =>
  (readdirSync("templates", { recursive: true }) as string[])
    .map((name) => `templates/${name.replaceAll("\\", "/")}`)
    .filter((p) => statSync(p).isFile());

describe("the published package", () => {
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const [packed] = JSON.parse(
    execFileSync(npm, ["pack", "--dry-run", "--json", "--ignore-scripts"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }),
  ) as Packed[];
  const paths = new Set((packed as Packed).files.map((f) => f.path));
  const manifest = JSON.parse(readFileSync("package.json", "utf8")) as {
    bin: Record<string, string>;
    exports: Record<string, string | Record<string, string>>;
  };

  it("holds the bin, every export target, the CLI and the templates", () => {
    const exported = Object.values(manifest.exports).flatMap((target) =>
      typeof target === "string" ? [target] : Object.values(target),
    );
    const needed = [...Object.values(manifest.bin), ...exported, "dist/cli/main.js", ...templates()];
    expect(needed.map((p) => p.replace(/^\.\//, "")).filter((p) => !paths.has(p))).toEqual([]);
  });

  it("holds every runtime file a generated package vendors", () => {
    const vendored = Object.keys(runtimeFiles()).map((p) => `src/${p}`);
    expect(vendored.length).toBeGreaterThan(40);
    expect(vendored.filter((p) => !paths.has(p))).toEqual([]);
  });

  it("ships no tests, examples, benchmarks or CI scripts", () => {
    expect(
      [...paths].filter((p) => /^(test|examples|bench|\.ci|scripts)\//.test(p) || /\.test\.(ts|js)$/.test(p)),
    ).toEqual([]);
  });
});
