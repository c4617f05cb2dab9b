// Turns an operation's (and its path item's) parameter lists into model Parameters plus, for Swagger 2, a request body.
import type { Parameter, RequestBody } from "../model/api-model.js";
import { join } from "../util/pointer.js";
import { deref, type IngestContext, type Located, type RawOperation } from "./context.js";
import { mergeParameters, parameterToModel, swagger2ParameterToModel } from "./parameters.js";
import { swagger2BodyToRequestBody, swagger2FormDataToRequestBody, swagger2MediaTypes } from "./request-body.js";

/** Dereferenced parameter objects of one `parameters` list, malformed entries diagnosed and dropped. */
function parameterList(ctx: IngestContext, value: unknown, pointer: string): Located[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    ctx.reporter.report("SPEC_INVALID_STRUCTURE", pointer, { message: "`parameters` must be an array" });
    return [];
  }
  const list: Located[] = [];
  value.forEach((raw, i) => {
    const parameter = deref(ctx, raw, join(pointer, i));
    if (parameter) list.push(parameter);
  });
  return list;
}

/**
 * Merged parameters (operation wins on name + in). In Swagger 2, `body` and `formData` parameters are not
 * parameters but the request body, in the operation's `consumes` media types.
 */
export function operationParameters(
  ctx: IngestContext,
  raw: RawOperation,
): { parameters: Parameter[]; requestBody?: RequestBody } {
  const pathLevel = parameterList(ctx, raw.pathItem.node["parameters"], join(raw.pathItem.pointer, "parameters"));
  const own = parameterList(ctx, raw.operation.node["parameters"], join(raw.operation.pointer, "parameters"));
  if (ctx.dialect !== "swagger-2.0") {
    const toModel = (list: Located[]): Parameter[] => list.flatMap((p) => parameterToModel(ctx, p) ?? []);
    return { parameters: mergeParameters(toModel(pathLevel), toModel(own)) };
  }
  const all = mergeLocated(pathLevel, own);
  const bodies = all.filter((p) => p.node["in"] === "body");
  const fields = all.filter((p) => p.node["in"] === "formData");
  const parameters = all
    .filter((p) => p.node["in"] !== "body" && p.node["in"] !== "formData")
    .flatMap((p) => swagger2ParameterToModel(ctx, p) ?? []);
  if (bodies.length > 1 || (bodies.length > 0 && fields.length > 0)) {
    ctx.reporter.report("SPEC_INVALID_STRUCTURE", (bodies[1] ?? fields[0] ?? raw.operation).pointer, {
      message: "an operation may have one `in: body` parameter and no `formData` parameters beside it",
    });
  }
  const consumes = swagger2MediaTypes(raw.operation.node, ctx.document, "consumes");
  const [body] = bodies;
  if (body) return { parameters, requestBody: swagger2BodyToRequestBody(ctx, { body, consumes }) };
  if (fields.length > 0) return { parameters, requestBody: swagger2FormDataToRequestBody(ctx, { fields, consumes }) };
  return { parameters };
}

function mergeLocated(pathLevel: readonly Located[], own: readonly Located[]): Located[] {
  const merged = [...pathLevel];
  for (const parameter of own) {
    const at = merged.findIndex(
      (p) => p.node["name"] === parameter.node["name"] && p.node["in"] === parameter.node["in"],
    );
    if (at === -1) merged.push(parameter);
    else merged[at] = parameter;
  }
  return merged;
}

/** Every `{name}` in the path template needs a path parameter (error); a path parameter the template lacks is a warning. */
export function checkPathTemplate(
  ctx: IngestContext,
  input: { path: string; parameters: readonly Parameter[]; pointer: string },
): void {
  const inTemplate = new Set([...input.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string));
  const declared = new Set(input.parameters.filter((p) => p.in === "path").map((p) => p.name));
  for (const name of inTemplate) {
    if (declared.has(name)) continue;
    ctx.reporter.report("SPEC_INVALID_STRUCTURE", input.pointer, {
      message: `path "${input.path}" has {${name}} but the operation declares no path parameter "${name}"`,
      hint: `add a parameter \`{ name: ${name}, in: path, required: true }\` to the operation or its path item`,
    });
  }
  for (const parameter of input.parameters) {
    if (parameter.in !== "path" || inTemplate.has(parameter.name)) continue;
    ctx.reporter.report("SPEC_INVALID_STRUCTURE", parameter.pointer, {
      severity: "warning",
      message: `path parameter "${parameter.name}" does not appear in the path "${input.path}"`,
      hint: "remove the parameter, or add it to the path template",
    });
  }
}
