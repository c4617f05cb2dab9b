// The steps' `$config.NAME` bindings + the goals file's `config:` → the toolset's configured values, checked.
import type { Diagnostic } from "../diagnostics/types.js";
import type { ConfigDeclaration, Located } from "../goals/types.js";
import type { JsonSchema, SecurityScheme } from "../model/api-model.js";
import type { SchemaLookup } from "../model/api-source.js";
import {
  AWS_VARIABLES,
  credentialVariable,
  ENV_SETTINGS,
  signingServiceVariable,
  toEnvWord,
} from "../runtime/auth/env.js";
import { oauth2Variables } from "../runtime/auth/oauth2-config.js";
import type { ConfigRule, ConfigSpec } from "../runtime/types.js";
import { httpBasicSchemes } from "./credentials.js";
import { report } from "./goals/context.js";
import { derefTop } from "./schemas.js";
import { jsonTypes } from "./type-fit.js";
import type { ConfigBinding, Origin, StepPlan, ToolDef, ValueExpr } from "./types.js";
import { parseExpression, parseTemplate, referencesOf } from "../runtime/expressions/index.js";

/** What the pass needs of the toolset: its variable prefix and every scheme the package reads a credential for. */
export interface ConfigToolset {
  readonly envPrefix: string;
  readonly securitySchemes: Readonly<Record<string, SecurityScheme>>;
}

interface Use extends ConfigBinding {
  readonly security: StepPlan["security"];
}

/** Every variable the package already reads: its settings and each scheme's credential (oauth2's in parts). */
function takenVariables(toolset: ConfigToolset): Map<string, string> {
  const taken = new Map<string, string>();
  for (const setting of Object.values(ENV_SETTINGS)) taken.set(`${toolset.envPrefix}_${setting}`, "a setting");
  for (const [name, scheme] of Object.entries(toolset.securitySchemes)) {
    const variables =
      scheme.type === "oauth2"
        ? Object.values(oauth2Variables(toolset.envPrefix, name))
        : scheme.type === "awsSigV4"
          ? [...Object.values(AWS_VARIABLES), signingServiceVariable(toolset.envPrefix)]
          : [credentialVariable(toolset.envPrefix, name)];
    for (const variable of variables) taken.set(variable, `the credential of the security scheme "${name}"`);
  }
  return taken;
}

const RULE_KEYWORDS = ["pattern", "minLength", "maxLength", "enum", "minimum", "maximum"] as const;

/** The constraints a configured value can be checked against at start-up, of one place it goes. */
function ruleOf(schema: JsonSchema, place: string, schemas: SchemaLookup): ConfigRule | undefined {
  const node = derefTop(schema, schemas);
  if (typeof node !== "object") return undefined;
  const found = RULE_KEYWORDS.filter((k) => node[k] !== undefined);
  if (found.length === 0) return undefined;
  return { place, ...Object.fromEntries(found.map((k) => [k, node[k]])) } as ConfigRule;
}

/** `integer` or `number` when every place takes that and no text; otherwise the value is sent as text. */
function valueType(uses: readonly Use[], schemas: SchemaLookup): ConfigSpec["type"] {
  const sets = uses.map((u) => jsonTypes(u.schema, schemas));
  if (sets.some((s) => s.has("string"))) return "string";
  if (sets.every((s) => s.has("integer") && !s.has("number"))) return "integer";
  return sets.every((s) => s.has("number") || s.has("integer")) ? "number" : "string";
}

/** Each distinct rule once (the same pattern on 100 operations is one check), named by its first place. */
function rulesOf(uses: readonly Use[], schemas: SchemaLookup): ConfigRule[] {
  const rules = new Map<string, ConfigRule>();
  for (const use of uses) {
    const rule = ruleOf(use.schema, use.place, schemas);
    if (rule === undefined) continue;
    const { place: _place, ...keywords } = rule;
    const key = JSON.stringify(keywords);
    if (!rules.has(key)) rules.set(key, rule);
  }
  return [...rules.values()];
}

const located = (origin: Origin): Located => ({
  pointer: origin.pointer,
  ...(origin.line === undefined
    ? {}
    : { position: { file: origin.file, line: origin.line, column: origin.column ?? 1 } }),
});

interface Pass {
  readonly toolset: ConfigToolset;
  readonly file: string;
  readonly schemas: SchemaLookup;
  readonly diagnostics: Diagnostic[];
}

/** `default: basic_auth_user`: the one http basic scheme of the binding steps, or a diagnostic. */
function basicDefault(pass: Pass, name: string, uses: readonly Use[], declared: ConfigDeclaration): string | undefined {
  const basic = httpBasicSchemes(
    uses.flatMap((u) => u.security),
    pass.toolset.securitySchemes,
  );
  if (basic.length === 1) return basic[0];
  report(pass, "PLAN_CONFIG_DEFAULT_UNAVAILABLE", declared, {
    message:
      basic.length === 0
        ? `config "${name}" defaults to the basic-auth user, but no step binding it uses an http basic security scheme`
        : `config "${name}" defaults to the basic-auth user, but the steps binding it use several http basic schemes (${basic.join(", ")}): which user name stands for it is not determined`,
  });
  return undefined;
}

function configSpec(pass: Pass, name: string, uses: readonly Use[], declared?: ConfigDeclaration): ConfigSpec {
  const first = uses[0] as Use;
  const description = declared?.description ?? first.description ?? `The value sent as ${first.place}.`;
  const basicUserOf = declared?.default === undefined ? undefined : basicDefault(pass, name, uses, declared);
  return {
    variable: `${pass.toolset.envPrefix}_${toEnvWord(name)}`,
    description,
    type: valueType(uses, pass.schemas),
    rules: rulesOf(uses, pass.schemas),
    ...(basicUserOf === undefined ? {} : { basicUserOf }),
  };
}

/** The configured values (`$config.NAME`) a bound value reads. */
function configNames(value: ValueExpr): readonly string[] {
  if (value.kind === "object") return value.entries.flatMap(([, v]) => configNames(v));
  if (value.kind === "array") return value.items.flatMap(configNames);
  if (value.kind !== "expr" && value.kind !== "template") return [];
  return textConfigNames(value.kind, value.text);
}

/**
 * Config names by expression or template text, parsed once each: a large API's tools bind the same few texts
 * (`$inputs.owner`) thousands of times (GitHub all operations: 4,700 bound values). Cleared when full.
 */
const namesOfText = new Map<string, readonly string[]>();
const NAMES_OF_TEXT_KEPT = 10_000;

/** The configured values an expression or template (`kind`) of this text reads. */
export function textConfigNames(kind: "expr" | "template", text: string): readonly string[] {
  const key = `${kind}\u0000${text}`;
  let names = namesOfText.get(key);
  if (names === undefined) {
    const parsed = kind === "expr" ? parseExpression(text) : parseTemplate(text);
    names = parsed.ok ? [...referencesOf("expr" in parsed ? parsed.expr : parsed.template).config] : [];
    if (namesOfText.size >= NAMES_OF_TEXT_KEPT) namesOfText.clear();
    namesOfText.set(key, names);
  }
  return names;
}

/** Each configured value a planned tool sends → the parameters (or `body`) it goes into, in step order. */
export function configPlaces(tool: Pick<ToolDef, "steps">): Map<string, Set<string>> {
  const places = new Map<string, Set<string>>();
  for (const step of tool.steps) {
    const values = [
      ...step.params.map((p) => [p.name, p.value] as const),
      ...(step.body ? [["body", step.body.value] as const] : []),
    ];
    for (const [place, value] of values)
      for (const name of configNames(value)) places.set(name, (places.get(name) ?? new Set()).add(place));
  }
  return places;
}

/**
 * Gathers every step's configured values into one ConfigSpec each (variable `PREFIX_<NAME>`, the rules of every
 * place it goes, the basic-auth default where declared) and drops the steps' bindings. Reports a variable the package
 * already reads (`PLAN_CONFIG_VARIABLE_TAKEN`), an undeterminable default and a declared value no goal binds.
 */
export function planConfig(
  tools: readonly ToolDef[],
  options: {
    toolset: ConfigToolset;
    declared?: Readonly<Record<string, ConfigDeclaration>>;
    file: string;
    schemas: SchemaLookup;
  },
): { readonly tools: ToolDef[]; readonly config?: Record<string, ConfigSpec>; readonly diagnostics: Diagnostic[] } {
  const pass: Pass = { toolset: options.toolset, file: options.file, schemas: options.schemas, diagnostics: [] };
  const uses = new Map<string, Use[]>();
  for (const step of tools.flatMap((t) => t.steps))
    for (const binding of step.config ?? [])
      uses.set(binding.name, [...(uses.get(binding.name) ?? []), { ...binding, security: step.security }]);
  const taken = takenVariables(options.toolset);
  const config: Record<string, ConfigSpec> = {};
  for (const [name, bound] of [...uses.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const spec = configSpec(pass, name, bound, options.declared?.[name]);
    const owner = taken.get(spec.variable);
    if (owner !== undefined) {
      report(pass, "PLAN_CONFIG_VARIABLE_TAKEN", located((bound[0] as Use).origin), {
        message: `$config.${name} would be read from ${spec.variable}, which the package already reads as ${owner}`,
      });
      continue;
    }
    taken.set(spec.variable, `$config.${name}`);
    config[name] = spec;
  }
  for (const [name, declared] of Object.entries(options.declared ?? {}))
    if (!uses.has(name))
      report(pass, "PLAN_CONFIG_UNUSED", declared, {
        message: `config "${name}" is declared, but no step binds $config.${name}`,
        hint: `bind it where it goes, e.g. params: { AccountSid: $config.${name} }, or remove it`,
      });
  const stripped = tools.map((t) =>
    t.steps.some((s) => s.config !== undefined)
      ? { ...t, steps: t.steps.map(({ config: _config, ...step }) => step) }
      : t,
  );
  return { tools: stripped, ...(uses.size === 0 ? {} : { config }), diagnostics: pass.diagnostics };
}
