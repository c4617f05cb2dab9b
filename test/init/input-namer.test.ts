// createInputNamer: one input per name where the steps' types agree, a step-named one where they do not.
import { describe, expect, it } from "vitest";
import { createInputNamer } from "../../src/planner/init/bindings.js";

describe("createInputNamer: the API's own request_id across the steps of a chain", () => {
  const namer = () => createInputNamer(() => undefined);
  it("is one api_request_id where the steps' types agree, a step-named input where not (never api_request_id_2)", () => {
    const shared = namer();
    expect(shared("request_id", { type: "string" }, "find")).toBe("api_request_id");
    expect(shared("request_id", { type: "string" }, "post")).toBe("api_request_id");
    const apart = namer();
    expect(apart("request_id", { type: "string" }, "find")).toBe("api_request_id");
    expect(apart("request_id", { type: "integer" }, "post")).toBe("post_request_id");
    expect(apart("name", { type: "string" }, "find")).toBe("name");
    expect(apart("name", { type: "integer" }, "post")).toBe("post_name");
  });
});
