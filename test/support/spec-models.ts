// Named spec files → their ingested models (each ingested once per test file) and operations found by `METHOD /path`.
import { ingest } from "../../src/ingest/index.js";
import type { ApiModel, Operation } from "../../src/model/api-model.js";

export interface SpecModels<K extends string> {
  model(key: K): Promise<ApiModel>;
  /** The operation `METHOD /path` of the spec, with its model; throws when the spec has none. */
  operation(key: K, signature: string): Promise<{ model: ApiModel; operation: Operation }>;
}

export function specModels<K extends string>(specs: Readonly<Record<K, string>>): SpecModels<K> {
  const models = new Map<K, Promise<ApiModel>>();
  const model = (key: K): Promise<ApiModel> => {
    const known = models.get(key) ?? ingest(specs[key]).then((r) => r.model as ApiModel);
    models.set(key, known);
    return known;
  };
  return {
    model,
    async operation(key, signature) {
      const m = await model(key);
      const found = m.operations.find((o) => `${o.method.toUpperCase()} ${o.path}` === signature);
      if (found === undefined) throw new Error(`${signature} is not in ${key}`);
      return { model: m, operation: found };
    },
  };
}
