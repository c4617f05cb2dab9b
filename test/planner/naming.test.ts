// Table tests: operationIds, paths and titles → snake_case tool names, kebab toolset names, stable de-duplication.
import { describe, expect, it } from "vitest";
import {
  createNameAllocator,
  toIdentifierName,
  toKebabCase,
  toSnakeCase,
  toUpperSnake,
} from "../../src/util/naming.js";

describe("toSnakeCase", () => {
  const table: [string, string][] = [
    ["getPetById", "get_pet_by_id"],
    ["repos/get-content", "repos_get_content"],
    ["HTTPServerList", "http_server_list"],
    ["listV2Items", "list_v2_items"],
    ["  spaced  words ", "spaced_words"],
    ["café-crème", "cafe_creme"],
    ["__proto__", "proto"],
    ["a..b//c", "a_b_c"],
    ["ALLCAPS", "allcaps"],
    // A plural acronym is one word: never `list_ap_is`, `floating_i_ps_list`, `get_checkin_ur_ls`.
    ["listAPIs", "list_apis"],
    ["floatingIPs_list", "floating_ips_list"],
    ["getCheckinURLs", "get_checkin_urls"],
    ["VirtualMachineScaleSetVMs_Start", "virtual_machine_scale_set_vms_start"],
    ["IDsOfUsers", "ids_of_users"],
    ["TVShows", "tv_shows"],
    ["DNSSettings", "dns_settings"],
  ];
  it.each(table)("%s → %s", (given, want) => expect(toSnakeCase(given)).toBe(want));
});

describe("toIdentifierName", () => {
  const table: [string, string, string][] = [
    ["123abc", "call", "call_123abc"],
    ["", "call", "call"],
    ["$$$", "param", "param"],
    ["x".repeat(80), "call", "x".repeat(64)],
  ];
  it.each(table)("%s (fallback %s) → %s", (given, fallback, want) => {
    const name = toIdentifierName(given, fallback);
    expect(name).toBe(want);
    expect(name).toMatch(/^[a-z][a-z0-9_]*$/);
  });
});

describe("createNameAllocator", () => {
  it("suffixes clashes in call order and keeps names within the limit", () => {
    const allocate = createNameAllocator(10);
    expect(["get_pet", "get_pet", "get_pet", "abcdefghijkl", "abcdefghij"].map(allocate)).toEqual([
      "get_pet",
      "get_pet_2",
      "get_pet_3",
      "abcdefghij",
      "abcdefgh_2",
    ]);
  });
});

describe("toolset names", () => {
  const table: [string, string, string][] = [
    ["Swagger Petstore - OpenAPI 3.0", "swagger-petstore-openapi-3-0", "SWAGGER_PETSTORE_OPENAPI_3_0"],
    [
      "GitHub's official OpenAPI spec + Octokit extension",
      "github-official-openapi-spec-octokit-extension",
      "GITHUB_OFFICIAL_OPENAPI_SPEC_OCTOKIT_EXTENSION",
    ],
    ["GitHub v3 REST API", "github-v3-rest-api", "GITHUB_V3_REST_API"],
    ["BnplAPI", "bnpl-api", "BNPL_API"],
    ["petStore", "pet-store", "PET_STORE"],
    ["42", "api-42", "API_42"],
    ["", "api", "API"],
  ];
  it.each(table)("%s → %s / %s", (given, kebab, upper) => {
    expect(toKebabCase(given)).toBe(kebab);
    expect(toUpperSnake(toKebabCase(given))).toBe(upper);
  });
});
