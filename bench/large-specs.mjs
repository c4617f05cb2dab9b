// Generators (shared by bench/shapes.mjs and test/emit/large-shapes.test.ts) of the deep and large spec shapes real generators emit, as plain OpenAPI 3.0 documents, sized by the caller.

const base = (paths, schemas = {}) => ({
  openapi: "3.0.3",
  info: { title: "Large", version: "1" },
  servers: [{ url: "https://api.example.com" }],
  paths,
  components: { schemas },
});

const getWith = (schema) => ({
  "/thing": {
    post: {
      operationId: "createThing",
      requestBody: { required: true, content: { "application/json": { schema } } },
      responses: { 200: { description: "ok", content: { "application/json": { schema } } } },
    },
  },
});

/** `S0 = allOf [S1, {own property}]`, … `S{depth}`: a chain of named schemas each extending the next. */
export function allOfChain(depth) {
  const schemas = {};
  for (let i = 0; i < depth; i++)
    schemas[`S${i}`] = {
      allOf: [
        { $ref: `#/components/schemas/S${i + 1}` },
        { type: "object", properties: { [`p${i}`]: { type: "string" } } },
      ],
    };
  schemas[`S${depth}`] = { type: "object", properties: { leaf: { type: "integer" } } };
  return base(getWith({ $ref: "#/components/schemas/S0" }), schemas);
}

/** One inline schema nested `depth` levels deep through `allOf`, with no `$ref`. */
export function inlineAllOf(depth) {
  let schema = { type: "object", properties: { leaf: { type: "string" } } };
  for (let i = 0; i < depth; i++) schema = { allOf: [schema] };
  return base(getWith(schema));
}

/** `count` GET operations, each on its own path with one query parameter. */
export function manyOperations(count) {
  const paths = {};
  for (let i = 0; i < count; i++) {
    paths[`/things${i}/{id}`] = {
      get: {
        operationId: `getThing${i}`,
        summary: `Get thing ${i}`,
        parameters: [
          { name: "id", in: "path", required: true, schema: { type: "string" } },
          { name: "q", in: "query", schema: { type: "string" } },
        ],
        responses: {
          200: {
            description: "ok",
            content: { "application/json": { schema: { type: "object", properties: { id: { type: "string" } } } } },
          },
        },
      },
    };
  }
  return base(paths);
}

/** A string whose `enum` has `count` values of `length` characters each, regex-looking ones included, plus a `pattern` of the same alternatives. */
export function largeEnum(count, length) {
  const values = Array.from({ length: count }, (_, i) =>
    `^(a+|[b-z]{2,}|\\d*)${String(i).padStart(6, "0")}`.padEnd(length, "x"),
  );
  const pattern = `^(${values
    .slice(0, Math.min(count, 2000))
    .map((v) => v.replace(/[^a-z0-9]/gu, ""))
    .join("|")})$`;
  return base(
    getWith({
      type: "object",
      properties: { kind: { type: "string", enum: values }, code: { type: "string", pattern } },
    }),
  );
}

// Adversarial nesting: every way a schema can hold another, nested inline (no `$ref`) or through a chain of named
// schemas, plus deep example values and long parameter lists. Each shape must end in a package or one located
// diagnostic, never a stack overflow.

/** How a schema holds its child, for each keyword that nests schemas. */
export const NESTINGS = {
  properties: (child) => ({ type: "object", properties: { a: child } }),
  items: (child) => ({ type: "array", items: child }),
  additionalProperties: (child) => ({ type: "object", additionalProperties: child }),
  oneOf: (child) => ({ oneOf: [child, { type: "string" }] }),
  anyOf: (child) => ({ anyOf: [child, { type: "integer" }] }),
  allOf: (child) => ({ allOf: [child, { type: "object", properties: { p: { type: "string" } } }] }),
  not: (child) => ({ type: "object", properties: { a: { type: "string" } }, not: child }),
  patternProperties: (child) => ({ type: "object", patternProperties: { "^a": child } }),
  alias: (child) => child,
};

const leaf = { type: "object", properties: { leaf: { type: "string" } } };

/** A one-operation spec whose request and response body is `schema`. */
export const bodySpec = (schema) => base(getWith(schema));

/** One inline schema nested `depth` times through `kind`, in a request body (`alias` is not a nesting). */
export function inlineNesting(kind, depth) {
  let schema = leaf;
  for (let i = 0; i < depth; i++) schema = NESTINGS[kind](schema);
  return base(getWith(schema));
}

/** `S0` holds `S1` through `kind`, … `S{length}`: a chain of named schemas, each link a `$ref` (`alias`: `S{i} = {$ref: S{i+1}}`). */
export function refChain(kind, length) {
  const schemas = {};
  for (let i = 0; i < length; i++) schemas[`S${i}`] = NESTINGS[kind]({ $ref: `#/components/schemas/S${i + 1}` });
  schemas[`S${length}`] = leaf;
  return base(getWith({ $ref: "#/components/schemas/S0" }), schemas);
}

/**
 * `S0` holds `S1` … `S{length}` through properties, each a `$ref` to a place outside the named schemas (an
 * extension, `#/x-defs/S{i}`): every link is hoisted to a synthetic named schema.
 */
export function hoistedRefChain(length) {
  const defs = {};
  for (let i = 0; i < length; i++) defs[`S${i}`] = NESTINGS.properties({ $ref: `#/x-defs/S${i + 1}` });
  defs[`S${length}`] = leaf;
  return { ...base(getWith({ $ref: "#/x-defs/S0" })), "x-defs": defs };
}

/** Lists of lists whose items lead back to the first through `$ref`s (`L0 = [L1]`, …, `L{length-1} = [L0]`), as a response. */
export function itemsCycle(length) {
  const schemas = {};
  for (let i = 0; i < length; i++)
    schemas[`L${i}`] = { type: "array", items: { $ref: `#/components/schemas/L${(i + 1) % length}` } };
  return base(getWith({ $ref: "#/components/schemas/L0" }), schemas);
}

/** A string input whose `pattern` is `depth` groups inside one another around `body` (`((…(a)…))`). */
export function nestedPattern(depth, body = "a", close = ")") {
  return bodySpec({
    type: "object",
    properties: { code: { type: "string", pattern: "(".repeat(depth) + body + close.repeat(depth) } },
  });
}

/** A chain of `length` named schemas, each holding the next `inline` levels down through nested properties. */
export function refChainOfDeepInline(length, inline) {
  const schemas = {};
  for (let i = 0; i < length; i++) {
    let schema = { $ref: `#/components/schemas/S${i + 1}` };
    for (let j = 0; j < inline; j++) schema = NESTINGS.properties(schema);
    schemas[`S${i}`] = schema;
  }
  schemas[`S${length}`] = leaf;
  return base(getWith({ $ref: "#/components/schemas/S0" }), schemas);
}

/** Chains of `length` component `$ref`s for the other component kinds (parameters, request bodies, responses, headers, examples). */
export function componentRefChains(length) {
  const chain = (kind, last) => {
    const out = {};
    for (let i = 0; i < length; i++) out[`C${i}`] = { $ref: `#/components/${kind}/C${i + 1}` };
    out[`C${length}`] = last;
    return out;
  };
  const ref = (kind) => ({ $ref: `#/components/${kind}/C0` });
  return {
    openapi: "3.0.3",
    info: { title: "Ref chains", version: "1" },
    servers: [{ url: "https://api.example.com" }],
    paths: {
      "/thing": {
        post: {
          operationId: "createThing",
          parameters: [ref("parameters")],
          requestBody: ref("requestBodies"),
          responses: { 200: ref("responses") },
        },
      },
    },
    components: {
      parameters: chain("parameters", { name: "q", in: "query", schema: { type: "string" } }),
      requestBodies: chain("requestBodies", {
        required: true,
        content: {
          "application/json": {
            schema: { type: "object", properties: { name: { type: "string" } } },
            examples: { one: ref("examples") },
          },
        },
      }),
      responses: chain("responses", {
        description: "ok",
        headers: { "X-Rate": ref("headers") },
        content: { "application/json": { schema: { type: "object", properties: { id: { type: "string" } } } } },
      }),
      headers: chain("headers", { schema: { type: "integer" } }),
      examples: chain("examples", { value: { name: "x" } }),
    },
  };
}

/** A value nested `depth` levels (objects and arrays alternating) used as the example and default of a body field, of the body and of the media type. */
export function deepExamples(depth) {
  let value = "leaf";
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? { a: value } : [value];
  const schema = {
    type: "object",
    properties: { anything: { type: "object", example: value, default: value } },
    example: { anything: value },
  };
  const doc = base(getWith(schema));
  doc.paths["/thing"].post.requestBody.content["application/json"].example = { anything: value };
  return doc;
}

/** One operation with `count` query parameters. */
export function longParameterList(count) {
  const parameters = Array.from({ length: count }, (_, i) => ({
    name: `p${i}`,
    in: "query",
    required: i % 7 === 0,
    schema: { type: "string" },
  }));
  const doc = base(getWith({ type: "object", properties: { x: { type: "string" } } }));
  doc.paths["/thing"].post.parameters = parameters;
  return doc;
}

/** Swagger 2.0: an inline body nested `depth` levels through properties, and a `definitions` chain `length` long through items. */
export function swagger2Deep(depth, length) {
  let inline = leaf;
  for (let i = 0; i < depth; i++) inline = NESTINGS.properties(inline);
  const definitions = {};
  for (let i = 0; i < length; i++) definitions[`D${i}`] = { type: "array", items: { $ref: `#/definitions/D${i + 1}` } };
  definitions[`D${length}`] = leaf;
  const op = (id, schema) => ({
    operationId: id,
    parameters: [{ name: "body", in: "body", required: true, schema }],
    responses: { 200: { description: "ok", schema } },
  });
  return {
    swagger: "2.0",
    info: { title: "Deep", version: "1" },
    host: "api.example.com",
    schemes: ["https"],
    paths: {
      "/inline": { post: op("postInline", inline) },
      "/chain": { post: op("postChain", { $ref: "#/definitions/D0" }) },
    },
    definitions,
  };
}
