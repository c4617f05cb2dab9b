// The call graph of src/ read from the source with vite's oxc parser → every set of functions that call one another (recursions).
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { parseSync } from "vite";

/** A function (or top-level constant) of src, as `dir/file.ts#name` (`outer.inner` for nested, `Class.method`). */
type UnitId = string;

type Node = { type: string; [key: string]: unknown };

interface Scope {
  readonly unit: UnitId | undefined;
  readonly fns: Map<string, UnitId>;
  readonly vars: Set<string>;
  readonly parent: Scope | undefined;
}

interface Module {
  readonly file: string;
  readonly top: Scope;
  /** local name → [module file, exported name] */
  readonly imports: Map<string, readonly [string, string]>;
  /** local namespace name → module file */
  readonly namespaces: Map<string, string>;
  /** exported name → local name, or [module file, name] re-exported */
  readonly exports: Map<string, string | readonly [string, string]>;
  readonly stars: string[];
  /** method name → unit ids of every class method of that name in this file */
  readonly methods: Map<string, UnitId[]>;
  /** references still to resolve: [from unit, scope, name, namespace?] */
  readonly refs: [UnitId, Scope, string, string | undefined][];
  /** functions stored under a property name (`{ compile: (s) => … }`, `{ compile: compileOnce }`): [name, scope, unit or identifier] */
  readonly properties: [string, Scope, { unit: UnitId } | { identifier: string }][];
}

const SKIP_KEYS = new Set([
  "typeAnnotation",
  "returnType",
  "typeParameters",
  "typeArguments",
  "decorators",
  "superTypeArguments",
]);
/**
 * Method names of the built-ins src calls (`m.get(…)`, `re.test(…)`, `JSON.parse(…)`): such a call is read as the
 * built-in's, not as a call of some `{ get: … }` of src.
 */
const BUILT_IN_METHODS = new Set([
  ...[Map, Set, WeakMap, WeakSet, Array, String, Promise, Function, Object].flatMap((c) =>
    Object.getOwnPropertyNames(c.prototype),
  ),
  ...[Object, Array, String, Number, Promise, JSON, Math].flatMap((c) => Object.getOwnPropertyNames(c)),
  "test",
  "exec",
]);
const isNode = (v: unknown): v is Node => typeof v === "object" && v !== null && typeof (v as Node).type === "string";
const isFunction = (n: unknown): n is Node =>
  isNode(n) && (n.type === "ArrowFunctionExpression" || n.type === "FunctionExpression");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : [],
  );
}

/** Names a binding pattern declares (`{ a, b: [c] }` → a, c). */
function bindingNames(pattern: unknown, out: string[] = []): string[] {
  if (!isNode(pattern)) return out;
  if (pattern.type === "Identifier") out.push(pattern.name as string);
  else if (pattern.type === "ObjectPattern")
    for (const p of pattern.properties as Node[]) bindingNames(p.type === "RestElement" ? p.argument : p.value, out);
  else if (pattern.type === "ArrayPattern") for (const e of pattern.elements as Node[]) bindingNames(e, out);
  else if (pattern.type === "RestElement") bindingNames(pattern.argument, out);
  else if (pattern.type === "AssignmentPattern") bindingNames(pattern.left, out);
  else if (pattern.type === "TSParameterProperty") bindingNames(pattern.parameter, out);
  return out;
}

/** Default values inside a binding pattern (they are expressions read in the scope). */
function patternExpressions(pattern: unknown, out: Node[] = []): Node[] {
  if (!isNode(pattern)) return out;
  if (pattern.type === "AssignmentPattern") {
    out.push(pattern.right as Node);
    patternExpressions(pattern.left, out);
  } else if (pattern.type === "ObjectPattern")
    for (const p of pattern.properties as Node[]) {
      if (p.type === "RestElement") continue;
      if (p.computed) out.push(p.key as Node);
      patternExpressions(p.value, out);
    }
  else if (pattern.type === "ArrayPattern") for (const e of pattern.elements as Node[]) patternExpressions(e, out);
  return out;
}

const specPath = (from: string, spec: string): string | undefined =>
  spec.startsWith(".") ? resolve(dirname(from), spec.replace(/\.js$/, ".ts")) : undefined;

function readModule(file: string, root: string): Module {
  const rel = relative(root, file);
  const { program, errors } = parseSync(file, readFileSync(file, "utf8"), { lang: "ts" });
  if (errors.length > 0) throw new Error(`${rel}: ${errors[0]!.message}`);
  const top: Scope = { unit: undefined, fns: new Map(), vars: new Set(), parent: undefined };
  const mod: Module = {
    file,
    top,
    imports: new Map(),
    namespaces: new Map(),
    exports: new Map(),
    stars: [],
    methods: new Map(),
    refs: [],
    properties: [],
  };
  const id = (scope: Scope, name: string): UnitId =>
    scope.unit === undefined ? `${rel}#${name}` : `${scope.unit}.${name}`;

  /** Declares the functions of a statement list in `scope` first (they are hoisted or called later). */
  const declare = (statements: readonly Node[], scope: Scope): void => {
    for (const raw of statements) {
      const s = raw.type === "ExportNamedDeclaration" && raw.declaration ? (raw.declaration as Node) : raw;
      if (s.type === "FunctionDeclaration" && s.id) {
        const name = (s.id as Node).name as string;
        scope.fns.set(name, id(scope, name));
      } else if (s.type === "ClassDeclaration" && s.id) {
        const name = (s.id as Node).name as string;
        scope.fns.set(name, id(scope, name));
      } else if (s.type === "VariableDeclaration")
        for (const d of s.declarations as Node[]) {
          const target = d.id as Node;
          // A top-level constant is a unit (a dispatch table of arrows calls through it); inside a function only
          // a function-valued one is.
          if (target.type === "Identifier" && (scope.unit === undefined || isFunction(d.init)))
            scope.fns.set(target.name as string, id(scope, target.name as string));
          else for (const n of bindingNames(target)) scope.vars.add(n);
        }
    }
  };

  const unitScope = (unit: UnitId, parent: Scope): Scope => ({ unit, fns: new Map(), vars: new Set(), parent });

  /** Walks a function's parameters and body in its own scope. */
  const walkFunction = (fn: Node, scope: Scope): void => {
    for (const p of fn.params as Node[]) {
      for (const n of bindingNames(p)) scope.vars.add(n);
      for (const e of patternExpressions(p)) walk(e, scope);
    }
    const body = fn.body as Node | null;
    if (body === null) return;
    if (body.type === "BlockStatement") declare(body.body as Node[], scope);
    walk(body, scope);
  };

  const ref = (scope: Scope, name: string, namespace?: string): void => {
    if (scope.unit !== undefined) mod.refs.push([scope.unit, scope, name, namespace]);
  };

  const walkClass = (cls: Node, name: string, scope: Scope): void => {
    const classUnit = id(scope, name);
    const classScope = unitScope(classUnit, scope);
    for (const m of (cls.body as Node).body as Node[]) {
      const key = m.key as Node;
      if (m.computed) walk(key, classScope);
      if (m.type === "MethodDefinition" && key.type === "Identifier") {
        const unit = `${classUnit}.${key.name as string}`;
        mod.methods.set(key.name as string, [...(mod.methods.get(key.name as string) ?? []), unit]);
        walkFunction(m.value as Node, unitScope(unit, scope));
        // Constructing the class runs its constructor.
        if (key.name === "constructor") mod.refs.push([classUnit, classScope, "constructor", "this"]);
      } else if (m.value) walk(m.value, classScope);
    }
    if (cls.superClass) walk(cls.superClass, classScope);
  };

  /** `a.b`: a namespace import's export, a method of a class of this file, or (called) a function stored as `b`. */
  const member = (node: Node, scope: Scope, called: boolean): void => {
    walk(node.object, scope);
    const object = node.object as Node;
    const property = node.property as Node;
    if (node.computed) walk(property, scope);
    else if (property.type === "Identifier" || property.type === "PrivateIdentifier") {
      const namespace =
        object.type === "Identifier" ? (object.name as string) : object.type === "ThisExpression" ? "this" : ".";
      ref(scope, property.name as string, called || namespace === "this" ? namespace : `${namespace}?`);
    }
  };

  const walk = (node: unknown, scope: Scope): void => {
    if (Array.isArray(node)) {
      for (const n of node) walk(n, scope);
      return;
    }
    if (!isNode(node)) return;
    switch (node.type) {
      case "ImportDeclaration": {
        const from = specPath(file, (node.source as Node).value as string);
        if (from === undefined || node.importKind === "type") return;
        for (const s of node.specifiers as Node[]) {
          const local = (s.local as Node).name as string;
          if (s.type === "ImportNamespaceSpecifier") mod.namespaces.set(local, from);
          else if (s.type === "ImportSpecifier" && s.importKind !== "type")
            mod.imports.set(local, [from, ((s.imported as Node).name ?? (s.imported as Node).value) as string]);
          else if (s.type === "ImportDefaultSpecifier") mod.imports.set(local, [from, "default"]);
        }
        return;
      }
      case "ExportAllDeclaration": {
        const from = specPath(file, (node.source as Node).value as string);
        if (from !== undefined && !node.exported) mod.stars.push(from);
        return;
      }
      case "ExportNamedDeclaration": {
        const from = node.source ? specPath(file, (node.source as Node).value as string) : undefined;
        for (const s of node.specifiers as Node[]) {
          const exported = ((s.exported as Node).name ?? (s.exported as Node).value) as string;
          const local = ((s.local as Node).name ?? (s.local as Node).value) as string;
          mod.exports.set(exported, from === undefined ? local : [from, local]);
        }
        const decl = node.declaration as Node | null;
        if (decl) {
          for (const n of decl.type === "VariableDeclaration"
            ? (decl.declarations as Node[]).flatMap((d) => bindingNames(d.id))
            : decl.id
              ? [(decl.id as Node).name as string]
              : [])
            mod.exports.set(n, n);
          walk(decl, scope);
        }
        return;
      }
      case "ExportDefaultDeclaration":
        walk(node.declaration, scope);
        return;
      case "FunctionDeclaration": {
        const name = node.id ? ((node.id as Node).name as string) : "default";
        walkFunction(node, unitScope(id(scope, name), scope));
        return;
      }
      case "ClassDeclaration":
      case "ClassExpression":
        walkClass(node, node.id ? ((node.id as Node).name as string) : "class", scope);
        return;
      case "VariableDeclarator": {
        const target = node.id as Node;
        for (const e of patternExpressions(target)) walk(e, scope);
        if (target.type === "Identifier" && scope.fns.has(target.name as string)) {
          const inner = unitScope(scope.fns.get(target.name as string)!, scope);
          if (isFunction(node.init)) walkFunction(node.init as Node, inner);
          else if (isNode(node.init) && node.init.type === "ClassExpression")
            walkClass(node.init, target.name as string, scope);
          else walk(node.init, inner);
        } else {
          // A declaration nested in a block of a function: its names shadow outer functions.
          for (const n of bindingNames(target)) scope.vars.add(n);
          walk(node.init, scope);
        }
        return;
      }
      case "ArrowFunctionExpression":
      case "FunctionExpression":
        // An anonymous callback runs as part of the unit that holds it.
        if (scope.unit === undefined) return;
        walkFunction(node, { unit: scope.unit, fns: new Map(), vars: new Set(), parent: scope });
        return;
      case "BlockStatement":
      case "StaticBlock":
        declare(node.body as Node[], scope);
        walk(node.body, scope);
        return;
      case "CatchClause":
        for (const n of bindingNames(node.param)) scope.vars.add(n);
        walk(node.body, scope);
        return;
      case "Identifier":
        ref(scope, node.name as string);
        return;
      case "CallExpression":
      case "NewExpression":
        walk(node.arguments, scope);
        if (isNode(node.callee) && node.callee.type === "MemberExpression") member(node.callee, scope, true);
        else walk(node.callee, scope);
        return;
      case "MemberExpression":
        member(node, scope, false);
        return;
      case "Property":
      case "PropertyDefinition":
      case "MethodDefinition": {
        const key = node.key as Node;
        const name = node.computed ? undefined : ((key.name ?? key.value) as string | undefined);
        if (name !== undefined && scope.unit !== undefined && isFunction(node.value)) {
          // A function stored under a name is called as `obj.name(…)`: its own unit, reached through the property.
          const unit = `${scope.unit}.${name}`;
          mod.properties.push([name, scope, { unit }]);
          mod.refs.push([scope.unit, scope, unit, "unit"]);
          walkFunction(node.value as Node, unitScope(unit, scope));
          return;
        }
        if (name !== undefined && isNode(node.value) && (node.value as Node).type === "Identifier")
          mod.properties.push([name, scope, { identifier: (node.value as Node).name as string }]);
        if (node.computed) walk(node.key, scope);
        else if (node.shorthand) walk(node.value, scope);
        if (!node.shorthand) walk(node.value, scope);
        return;
      }
      case "LabeledStatement":
        walk(node.body, scope);
        return;
      case "BreakStatement":
      case "ContinueStatement":
        return;
    }
    if (node.type.startsWith("TS")) {
      if (node.expression) walk(node.expression, scope);
      return;
    }
    for (const [key, value] of Object.entries(node)) if (!SKIP_KEYS.has(key)) walk(value, scope);
  };

  declare(program.body as unknown as Node[], top);
  walk(program.body, top);
  return mod;
}

/** The unit an exported name of a module stands for, following re-exports. */
function exported(
  modules: ReadonlyMap<string, Module>,
  file: string,
  name: string,
  seen = new Set<string>(),
): UnitId | undefined {
  const mod = modules.get(file);
  if (mod === undefined || seen.has(`${file}#${name}`)) return undefined;
  seen.add(`${file}#${name}`);
  const target = mod.exports.get(name);
  if (typeof target === "string") return resolveName(modules, mod, mod.top, target);
  if (target !== undefined) return exported(modules, target[0], target[1], seen);
  for (const star of mod.stars) {
    const found = exported(modules, star, name, seen);
    if (found !== undefined) return found;
  }
  return undefined;
}

function resolveName(
  modules: ReadonlyMap<string, Module>,
  mod: Module,
  scope: Scope,
  name: string,
): UnitId | undefined {
  for (let s: Scope | undefined = scope; s !== undefined; s = s.parent) {
    const fn = s.fns.get(name);
    if (fn !== undefined) return fn;
    if (s.vars.has(name)) return undefined;
  }
  const imported = mod.imports.get(name);
  return imported === undefined ? undefined : exported(modules, imported[0], imported[1]);
}

/** Every edge caller → callee (a reference to a function counts as a call: it is passed on or stored to be called). */
function callGraph(root: string): Map<UnitId, Set<UnitId>> {
  const modules = new Map(sourceFiles(root).map((f) => [f, readModule(f, root)] as const));
  // name → [defining module file, unit]
  const byProperty = new Map<string, [string, UnitId][]>();
  for (const mod of modules.values())
    for (const [name, scope, value] of mod.properties) {
      const unit = "unit" in value ? value.unit : resolveName(modules, mod, scope, value.identifier);
      if (unit !== undefined) byProperty.set(name, [...(byProperty.get(name) ?? []), [mod.file, unit]]);
    }
  const imported = new Map(
    [...modules.values()].map((m) => [
      m.file,
      new Set([...m.imports.values()].map(([f]) => f).concat([...m.namespaces.values(), ...m.stars])),
    ]),
  );
  /** Functions stored under `name` in `file` or a module it imports or that imports it. */
  const stored = (file: string, name: string): UnitId[] =>
    (byProperty.get(name) ?? [])
      .filter(([f]) => f === file || imported.get(file)?.has(f) || imported.get(f)?.has(file))
      .map(([, unit]) => unit);
  const graph = new Map<UnitId, Set<UnitId>>();
  for (const mod of modules.values())
    for (const [from, scope, name, namespace] of mod.refs) {
      const targets =
        namespace === undefined
          ? [resolveName(modules, mod, scope, name)]
          : namespace === "unit"
            ? [name]
            : mod.namespaces.has(namespace.replace(/\?$/, ""))
              ? [exported(modules, mod.namespaces.get(namespace.replace(/\?$/, ""))!, name)]
              : // `this.m()`, `printer.print()`, `env.compile()`: every method of that name in the file, and every
                // function stored under that property name anywhere.
                [
                  ...(mod.methods.get(name) ?? []),
                  ...(namespace === "this" || namespace.endsWith("?") || BUILT_IN_METHODS.has(name)
                    ? []
                    : stored(mod.file, name)),
                ];
      for (const to of targets) if (to !== undefined) graph.set(from, (graph.get(from) ?? new Set()).add(to));
    }
  return graph;
}

/** Strongly connected components with a cycle, each sorted, by Tarjan's algorithm with an explicit stack. */
function cycles(graph: ReadonlyMap<UnitId, ReadonlySet<UnitId>>): UnitId[][] {
  const index = new Map<UnitId, number>();
  const low = new Map<UnitId, number>();
  const onStack = new Set<UnitId>();
  const stack: UnitId[] = [];
  const found: UnitId[][] = [];
  let next = 0;
  for (const start of [...graph.keys()].sort()) {
    if (index.has(start)) continue;
    const frames: [UnitId, Iterator<UnitId>][] = [];
    const open = (v: UnitId): void => {
      index.set(v, next);
      low.set(v, next++);
      stack.push(v);
      onStack.add(v);
      frames.push([v, (graph.get(v) ?? new Set()).values()]);
    };
    open(start);
    while (frames.length > 0) {
      const [v, it] = frames[frames.length - 1]!;
      const step = it.next();
      if (!step.done) {
        const w = step.value;
        if (!index.has(w)) open(w);
        else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
        continue;
      }
      frames.pop();
      if (frames.length > 0) {
        const parent = frames[frames.length - 1]![0];
        low.set(parent, Math.min(low.get(parent)!, low.get(v)!));
      }
      if (low.get(v) !== index.get(v)) continue;
      const component: UnitId[] = [];
      for (let w = stack.pop()!; ; w = stack.pop()!) {
        onStack.delete(w);
        component.push(w);
        if (w === v) break;
      }
      if (component.length > 1 || graph.get(v)?.has(v)) found.push(component.sort());
    }
  }
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** Every unit reachable from the units `from` accepts (a breadth-first walk). */
function reachable(graph: ReadonlyMap<UnitId, ReadonlySet<UnitId>>, from: (unit: UnitId) => boolean): Set<UnitId> {
  const seen = new Set([...graph.keys()].filter(from));
  const queue = [...seen];
  for (let unit = queue.pop(); unit !== undefined; unit = queue.pop())
    for (const next of graph.get(unit) ?? []) if (!seen.has(next)) queue.push((seen.add(next), next));
  return seen;
}

/**
 * Every recursion the units `from` accepts can reach, in the source under `root`: each set of functions that call one
 * another (ids relative to root).
 */
export function recursions(root: string, from: (unit: UnitId) => boolean = () => true): UnitId[][] {
  const graph = callGraph(root);
  const live = reachable(graph, from);
  return cycles(graph).filter((component) => component.some((unit) => live.has(unit)));
}
