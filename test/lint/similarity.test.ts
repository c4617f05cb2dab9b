// Similarity tables: tool-name pairs and description pairs that must (and must not) be flagged, plus the pieces of the measure.
import { describe, expect, it } from "vitest";
import {
  DESCRIPTION_THRESHOLD,
  descriptionSimilarity,
  NAME_THRESHOLD,
  nameShape,
  nameSimilarity,
  singular,
} from "../../src/lint/similarity.js";

describe("tool names", () => {
  it.each([
    ["search_orders", "find_order"],
    ["find_order", "lookup_order"],
    ["search_orders", "lookup_order"],
    ["get_orders", "list_order"],
    ["fetchCustomer", "retrieve_customers"],
    ["get_pet", "get_pet_details"],
    ["find_pets_by_status", "find_pets_by_tags"],
    ["update_pet", "update_pet_with_form"],
    ["delete_user", "remove_user"],
    ["look_up_invoice", "query_invoices"],
  ])("%s ~ %s", (a, b) => {
    expect(nameSimilarity(a, b)).toBeGreaterThanOrEqual(NAME_THRESHOLD);
  });

  it.each([
    ["get_pet_details", "get_order_status"],
    ["find_available_pets", "get_pet_details"],
    ["find_customer_open_orders", "get_order_status"],
    ["create_order", "get_order"],
    ["cancel_order", "delete_order"],
    ["login_user", "logout_user"],
    ["adopt_pet", "get_pet_details"],
    ["get_pet_by_id", "list_pets_for_owner"],
    ["list_invoices", "list_customers"],
  ])("%s ≁ %s", (a, b) => {
    expect(nameSimilarity(a, b)).toBeLessThan(NAME_THRESHOLD);
  });

  it.each([
    ["search_orders", { verb: "read", nouns: ["order"], qualifiers: [] }],
    ["find_pets_by_status", { verb: "read", nouns: ["pet"], qualifiers: ["status"] }],
    ["lookUpCustomerAddresses", { verb: "read", nouns: ["customer", "address"], qualifiers: [] }],
    ["adopt_pet", { verb: "adopt", nouns: ["pet"], qualifiers: [] }],
  ])("shape of %s", (name, want) => {
    const shape = nameShape(name);
    expect({ verb: shape.verb, nouns: [...shape.nouns], qualifiers: [...shape.qualifiers] }).toEqual(want);
  });

  it.each([
    ["orders", "order"],
    ["categories", "category"],
    ["statuses", "status"],
    ["status", "status"],
    ["addresses", "address"],
    ["boxes", "box"],
    ["pets", "pet"],
  ])("singular(%s) = %s", (word, want) => {
    expect(singular(word)).toBe(want);
  });
});

describe("descriptions", () => {
  it.each([
    ["Find a customer's orders by email address.", "Look up the orders a customer placed, given their email address."],
    ["Delete a pet from the store.", "Remove a pet from the store."],
    ["List the invoices of an account, newest first.", "Get an account's invoices, the newest first."],
  ])("%s ~ %s", (a, b) => {
    expect(descriptionSimilarity(a, b)).toBeGreaterThanOrEqual(DESCRIPTION_THRESHOLD);
  });

  it.each([
    ["Get one pet's details by its id.", "Get the status of one order by its id."],
    ["List pets that are available for adoption.", "Get one pet's details by its id."],
    ["Cancel an order that has not been delivered yet.", "Get the status of one order by its id."],
    ["Delete a pet.", "Delete a user."],
    [
      "Reserve an available pet for a customer by placing an adoption order.",
      "List pets that are available for adoption.",
    ],
    ["Pet.", "Pet."],
  ])("%s ≁ %s", (a, b) => {
    expect(descriptionSimilarity(a, b)).toBeLessThan(DESCRIPTION_THRESHOLD);
  });
});
