// The values a tool spec may leave out (OpenAPI's parameter serialisation defaults, empty step lists), and both ways.
import type { ParameterLocation, ParameterStyle, ParamSpec, ReturnsSpec, StepSpec, ToolSpec } from "./types.js";

type Defaulted<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;

/** A parameter as written in a generated tool file: `style`, `explode`, `allowReserved` only where they differ. */
export type WrittenParamSpec = Defaulted<ParamSpec, "style" | "explode" | "allowReserved">;

type StepLists = "params" | "dependsOn" | "successCriteria" | "onSuccess" | "onFailure";

/** A step as written: the empty lists left out. */
export type WrittenStepSpec = Defaulted<Omit<StepSpec, "params">, Exclude<StepLists, "params">> & {
  readonly params?: readonly WrittenParamSpec[];
};

/** A tool spec as a generated tool file writes it; `withSpecDefaults` gives the full ToolSpec the runtime runs. */
export type WrittenToolSpec = Omit<ToolSpec, "steps" | "returns"> & {
  readonly steps: readonly WrittenStepSpec[];
  readonly returns: Defaulted<ReturnsSpec, "narrowingInputs">;
};

/** OpenAPI 3 §Parameter Object: `form` for query and cookie, `simple` for path and header. */
const DEFAULT_STYLE: Readonly<Record<ParameterLocation, ParameterStyle>> = {
  query: "form",
  cookie: "form",
  path: "simple",
  header: "simple",
};

const EMPTY: readonly never[] = Object.freeze([]);

function paramWithDefaults(param: WrittenParamSpec): ParamSpec {
  const style = param.style ?? DEFAULT_STYLE[param.in];
  return { ...param, style, explode: param.explode ?? style === "form", allowReserved: param.allowReserved ?? false };
}

function stepWithDefaults(step: WrittenStepSpec): StepSpec {
  return {
    ...step,
    params: (step.params ?? EMPTY).map(paramWithDefaults),
    dependsOn: step.dependsOn ?? EMPTY,
    successCriteria: step.successCriteria ?? EMPTY,
    onSuccess: step.onSuccess ?? EMPTY,
    onFailure: step.onFailure ?? EMPTY,
  };
}

/** The full spec of a written one: every value left out is its default. */
export function withSpecDefaults(spec: WrittenToolSpec): ToolSpec {
  return {
    ...spec,
    steps: spec.steps.map(stepWithDefaults),
    returns: { ...spec.returns, narrowingInputs: spec.returns.narrowingInputs ?? EMPTY },
  };
}

function omitted<T extends object>(value: T, isDefault: Partial<Record<keyof T, (v: unknown) => boolean>>): T {
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value))
    if (!(isDefault as Record<string, ((v: unknown) => boolean) | undefined>)[key]?.(v)) out[key] = v;
  return out as T;
}

const isEmpty = (v: unknown): boolean => Array.isArray(v) && v.length === 0;

/** The written form of a spec: what `withSpecDefaults` would fill in is left out (the generator writes this). */
export function withoutSpecDefaults(spec: ToolSpec): WrittenToolSpec {
  return {
    ...spec,
    steps: spec.steps.map((step) => {
      const params = step.params.map((p) =>
        omitted<WrittenParamSpec>(p, {
          style: (v) => v === DEFAULT_STYLE[p.in],
          explode: (v) => v === (p.style === "form"),
          allowReserved: (v) => v === false,
        }),
      );
      const lists = {
        params: isEmpty,
        dependsOn: isEmpty,
        successCriteria: isEmpty,
        onSuccess: isEmpty,
        onFailure: isEmpty,
      };
      return omitted<WrittenStepSpec>({ ...step, params }, lists);
    }),
    returns: omitted(spec.returns, { narrowingInputs: isEmpty }),
  };
}
