// Runs every hostile-spec case in test/fixtures/hostile through the CLI: refused cases write nothing; generated ones stay inside --out, typecheck, and run no spec text as code.
import { execFileSync } from "node:child_process";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { SyntaxKind } from "typescript/unstable/ast";
import { createScanner } from "typescript/unstable/ast/scanner";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { catalogEntries } from "../support/catalog-text.js";

const ROOT = join(import.meta.dirname, "../..");
const CORPUS = join(ROOT, "test/fixtures/hostile");
const TMP = join(ROOT, ".tmp");
const made: string[] = [];
/** A fresh folder under `.tmp`, removed when the file's tests are done. */
const tempParent = (): string => {
  const dir = mkdtempSync(join(TMP, "hostile-"));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

type Check =
  | { kind: "noRawText"; texts: string[] }
  | { kind: "diagnostic"; code: string; severity: string; pointer?: string; line?: number }
  | { kind: "files"; present: string[] }
  | { kind: "risk"; tool: string; risk: string }
  | { kind: "noPrototypeKey" }
  | { kind: "maxMilliseconds"; ms: number };

type Expected =
  | { outcome: "generate"; checks: Check[]; knownTypeErrors?: string[] }
  | { outcome: "refuse"; diagnostics: { code: string }[] };

interface Case {
  readonly name: string;
  readonly spec: string;
  readonly goals?: string;
  readonly expected: Expected;
}

const cases: Case[] = readdirSync(CORPUS, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => {
    const folder = join(CORPUS, e.name);
    const spec = ["openapi.json", "openapi.yaml"].map((f) => join(folder, f)).find(existsSync) as string;
    const goals = join(folder, "goals.yaml");
    return {
      name: e.name,
      spec,
      ...(existsSync(goals) ? { goals } : {}),
      expected: JSON.parse(readFileSync(join(folder, "expected.json"), "utf8")) as Expected,
    };
  })
  .sort((a, b) => a.name.localeCompare(b.name));

/** Files the spec decides and the generator writes itself (not the vendored runtime and adapters). */
const GENERATED_TS = /^src\/(tools\/[^/]+|schemas|toolset|index)\.ts$/;
const ALLOWED_IMPORTS =
  /^(zod|\.\.?\/runtime\/index\.js|\.\.?\/formats\.js|\.\.\/schemas\.js|\.\/toolset\.js|\.\/tools\/[a-z0-9_]+\.js)$/;
/** Identifiers an injected payload would create; none of them is used by the generated files above. */
const FORBIDDEN_IDENTIFIERS = new Set([
  "process",
  "require",
  "exit",
  "writeFileSync",
  "eval",
  "Function",
  "globalThis",
]);

/** Passwords the hostile specs put in server URLs; no output may echo them. */
const CREDENTIALS = ["hunter2", ":pw@"];

async function runCli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await main(["node", "aci-gen", ...args], { out: (t) => void (out += t), err: (t) => void (err += t) });
  return { code, out, err };
}

function listTree(dir: string): { files: string[]; links: string[] } {
  const files: string[] = [];
  const links: string[] = [];
  const walk = (at: string): void => {
    for (const entry of readdirSync(at)) {
      const path = join(at, entry);
      const stat = lstatSync(path);
      if (stat.isSymbolicLink()) links.push(path);
      else if (stat.isDirectory()) walk(path);
      else files.push(path);
    }
  };
  walk(dir);
  return { files, links };
}

/**
 * The part of its module that defines `tool`: the module the catalog names (all operations: one per tag or resource),
 * from the tool's name to the next tool's.
 */
function toolSource(files: Readonly<Record<string, string>>, tool: string): string {
  const entries = catalogEntries<{ name: string; module: string }>(files["src/catalog.ts"] ?? "");
  const module = entries.find((e) => e.name === tool)?.module;
  const text = files[`src/tools/${module}.ts`] ?? "";
  const start = text.indexOf(`name: ${JSON.stringify(tool)},`);
  const next = text.indexOf("defineTool(", start);
  return start < 0 ? "" : text.slice(start, next < 0 ? undefined : next);
}

function generateArgs(c: Case, out: string): string[] {
  return [
    "generate",
    "--spec",
    c.spec,
    ...(c.goals ? ["--goals", c.goals] : ["--all-operations"]),
    "--out",
    out,
    "--json",
  ];
}

/**
 * Identifiers, imports and template literals in one generated file that are not the generator's own, found by
 * TypeScript's own scanner (TypeScript 7 ships no JS parser API): text inside string literals and comments is
 * never a token of its own, so a payload that escaped its literal shows up here.
 */
function injectedCode(text: string): string[] {
  const scanner = createScanner(true);
  scanner.setText(text);
  const tokens: { kind: SyntaxKind; text: string; value: string }[] = [];
  for (let kind = scanner.scan(); kind !== SyntaxKind.EndOfFile; kind = scanner.scan())
    tokens.push({ kind, text: scanner.getTokenText(), value: scanner.getTokenValue() });
  const found: string[] = [];
  tokens.forEach((token, i) => {
    const previous = tokens[i - 1]?.kind;
    const propertyKey =
      tokens[i + 1]?.kind === SyntaxKind.ColonToken &&
      (previous === SyntaxKind.OpenBraceToken || previous === SyntaxKind.CommaToken);
    if (token.kind === SyntaxKind.Identifier && FORBIDDEN_IDENTIFIERS.has(token.text) && !propertyKey)
      found.push(`identifier ${token.text}`);
    if (token.kind === SyntaxKind.TemplateHead || token.kind === SyntaxKind.NoSubstitutionTemplateLiteral)
      found.push(`template literal ${token.text}`);
    if (previous === SyntaxKind.ImportKeyword && token.kind === SyntaxKind.OpenParenToken) found.push("dynamic import");
    if (
      token.kind === SyntaxKind.StringLiteral &&
      (previous === SyntaxKind.FromKeyword || previous === SyntaxKind.ImportKeyword) &&
      !ALLOWED_IMPORTS.test(token.value)
    )
      found.push(`import ${token.value}`);
  });
  return found;
}

/** What `tsc` said of one package of a batch: type errors outside the vendored runtime, the runtime's own, and where its JS went. */
interface Compiled {
  readonly own: string[];
  readonly runtime: string[];
  readonly outDir: string;
}

/**
 * Compiles the generated packages in `outs` (folders under `batch`, one per case) to JS in one `tsc` run, each under
 * `build/` at its own relative place; returns each package's errors by folder.
 */
function compileAll(batch: string, outs: readonly string[]): Map<string, Compiled> {
  const build = join(batch, "build");
  const config = join(batch, "tsconfig.json");
  writeFileSync(
    config,
    JSON.stringify({
      compilerOptions: {
        target: "ES2022",
        module: "NodeNext",
        moduleResolution: "NodeNext",
        lib: ["ES2023", "DOM"],
        types: ["node"],
        strict: true,
        skipLibCheck: true,
        outDir: build,
        rootDir: batch,
      },
      files: outs.flatMap((out) => listTree(join(out, "src")).files.filter((f) => GENERATED_TS.test(relative(out, f)))),
    }),
  );
  let output = "";
  try {
    execFileSync(process.execPath, [join(ROOT, "node_modules/typescript/bin/tsc"), "-p", config], {
      encoding: "utf8",
      stdio: "pipe",
      cwd: batch,
    });
  } catch (error) {
    output = String((error as { stdout?: string }).stdout ?? error);
  }
  const errors = output.split("\n").filter((l) => /error TS\d+/.test(l));
  const places = outs.map((out) => `${relative(batch, out)}/src/`);
  const stray = errors.filter((l) => !places.some((place) => l.startsWith(place)));
  if (stray.length > 0) throw new Error(`tsc errors in no generated package:\n${stray.join("\n")}`);
  return new Map(
    outs.map((out) => {
      const place = `${relative(batch, out)}/src/`;
      const own = errors.filter((l) => l.startsWith(place));
      const outDir = join(build, relative(batch, out), "src");
      mkdirSync(outDir, { recursive: true });
      writeFileSync(join(outDir, "package.json"), '{ "type": "module" }\n');
      return [
        out,
        {
          own: own.filter((l) => !l.startsWith(`${place}runtime/`)),
          runtime: own.filter((l) => l.startsWith(`${place}runtime/`)),
          outDir,
        },
      ];
    }),
  );
}

/** An object-literal member written `__proto__: v` or `"__proto__": v`, which sets the prototype instead of an own property. */
function hasProtoMember(text: string): boolean {
  const scanner = createScanner(true);
  scanner.setText(text);
  const tokens: { kind: SyntaxKind; value: string }[] = [];
  for (let kind = scanner.scan(); kind !== SyntaxKind.EndOfFile; kind = scanner.scan())
    tokens.push({ kind, value: scanner.getTokenValue() || scanner.getTokenText() });
  return tokens.some(
    (t, i) =>
      t.value === "__proto__" &&
      tokens[i + 1]?.kind === SyntaxKind.ColonToken &&
      [SyntaxKind.OpenBraceToken, SyntaxKind.CommaToken].includes(tokens[i - 1]?.kind as SyntaxKind),
  );
}

describe("hostile specs", () => {
  mkdirSync(TMP, { recursive: true });

  it("covers every class of the issue", () => {
    expect(cases.length).toBeGreaterThanOrEqual(20);
    expect(cases.some((c) => c.expected.outcome === "generate")).toBe(true);
  });

  it.each(cases.filter((c) => c.expected.outcome === "refuse"))(
    "$name is refused with its exact codes and nothing written",
    async (c) => {
      const parent = tempParent();
      const out = join(parent, "out");
      const result = await runCli(generateArgs(c, out));
      expect(result.code).toBe(2);
      const diagnostics = (JSON.parse(result.out) as { diagnostics: { code: string; severity: string }[] }).diagnostics;
      const errors = diagnostics.filter((d) => d.severity === "error").map((d) => d.code);
      expect([...new Set(errors)]).toEqual(
        (c.expected as { diagnostics: { code: string }[] }).diagnostics.map((d) => d.code),
      );
      expect(listTree(parent).files).toEqual([]);
      expect(existsSync(join(process.cwd(), "HOSTILE_MARKER"))).toBe(false);
      for (const secret of CREDENTIALS) expect(result.out + result.err).not.toContain(secret);
    },
  );

  describe("generated", () => {
    /** Each case generated into its own folder of one batch, then all of them compiled by one `tsc` run. */
    const runs = new Map<
      string,
      { parent: string; out: string; result: { code: number; out: string; err: string }; elapsed: number }
    >();
    let compiled = new Map<string, Compiled>();

    beforeAll(async () => {
      const batch = tempParent();
      for (const c of cases.filter((k) => k.expected.outcome === "generate")) {
        const parent = join(batch, c.name);
        const out = join(parent, "out");
        mkdirSync(parent);
        const started = performance.now();
        const result = await runCli(generateArgs(c, out));
        runs.set(c.name, { parent, out, result, elapsed: performance.now() - started });
      }
      const outs = [...runs.values()].filter((r) => r.result.code === 0).map((r) => r.out);
      compiled = compileAll(batch, outs);
    });

    it.each(cases.filter((c) => c.expected.outcome === "generate"))(
      "$name generates contained, typed code that runs no spec text",
      async (c) => {
        const { parent, out, result, elapsed } = runs.get(c.name) as NonNullable<ReturnType<typeof runs.get>>;
        expect(result.err).toBe("");
        expect(result.code).toBe(0);
        const report = JSON.parse(result.out) as {
          diagnostics: { code: string; severity: string; pointer?: string; line?: number }[];
        };

        const tree = listTree(parent);
        expect(tree.links).toEqual([]);
        expect(tree.files.filter((f) => !f.startsWith(`${out}/`))).toEqual([]);
        const files = Object.fromEntries(tree.files.map((f) => [relative(out, f), readFileSync(f, "utf8")]));

        for (const [path, text] of Object.entries(files).filter(([p]) => GENERATED_TS.test(p)))
          expect(injectedCode(text), path).toEqual([]);

        const built = compiled.get(out) as Compiled;
        const known = (c.expected as { knownTypeErrors?: string[] }).knownTypeErrors ?? [];
        expect(built.own.filter((line) => !known.some((code) => line.includes(`error ${code}:`)))).toEqual([]);
        if (built.runtime.length > 0)
          console.warn(
            `${c.name}: type errors in the vendored runtime (not this case's):\n${built.runtime.join("\n")}`,
          );
        const marker = join(built.outDir, "HOSTILE_MARKER");
        const cwd = process.cwd();
        process.chdir(built.outDir);
        try {
          await import(pathToFileURL(join(built.outDir, "schemas.js")).href);
          for (const tool of readdirSync(join(built.outDir, "tools")).filter((f) => f.endsWith(".js")))
            await import(pathToFileURL(join(built.outDir, "tools", tool)).href);
        } finally {
          process.chdir(cwd);
        }
        expect(existsSync(marker)).toBe(false);
        expect(existsSync(join(cwd, "HOSTILE_MARKER"))).toBe(false);

        for (const check of (c.expected as { checks: Check[] }).checks) {
          if (check.kind === "noRawText") {
            for (const [path, text] of Object.entries(files).filter(
              ([p]) => !p.startsWith("src/runtime/") && /\.(ts|md)$/.test(p),
            ))
              for (const t of check.texts)
                expect(text.includes(t), `${path} holds raw U+${t.codePointAt(0)?.toString(16)}`).toBe(false);
          }
          if (check.kind === "diagnostic") {
            expect(report.diagnostics).toContainEqual(
              expect.objectContaining({
                code: check.code,
                severity: check.severity,
                ...(check.pointer ? { pointer: check.pointer } : {}),
                ...(check.line ? { line: check.line } : {}),
              }),
            );
          }
          if (check.kind === "files") for (const path of check.present) expect(Object.keys(files)).toContain(path);
          if (check.kind === "risk") expect(toolSource(files, check.tool)).toMatch(`risk: "${check.risk}"`);
          if (check.kind === "noPrototypeKey")
            for (const [path, text] of Object.entries(files).filter(([p]) => GENERATED_TS.test(p)))
              expect(hasProtoMember(text), path).toBe(false);
          if (check.kind === "maxMilliseconds") expect(elapsed).toBeLessThan(check.ms);
        }
      },
    );
  });
});
