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
