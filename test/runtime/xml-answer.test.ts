// XML answers read into the JSON their declared shape describes; AWS's XML errors read into code and message; a DTD,
// an entity or a malformed document is never expanded nor mapped.
import { describe, expect, it } from "vitest";
import { awsErrorType } from "../../src/runtime/api-error.js";
import { httpStatusError } from "../../src/runtime/errors.js";
import { xmlAnswer, xmlError } from "../../src/runtime/http/xml.js";
import { isXmlMedia } from "../../src/runtime/http/xml-media.js";
import type { XmlShape } from "../../src/runtime/types.js";

const S: XmlShape = { type: "string" };
const query = (name: string, result: string): string =>
  `<?xml version="1.0"?><${name}Response xmlns="http://queue.amazonaws.com/doc/2012-11-05/"><${name}Result>${result}</${name}Result><ResponseMetadata><RequestId>725275ae</RequestId></ResponseMetadata></${name}Response>`;

const QUEUE_URLS: XmlShape = {
  type: "object",
  properties: {
    QueueUrls: { type: "array", items: S, member: "QueueUrl", flat: true, element: "QueueUrl" },
    NextToken: S,
  },
};
const WRAPPED: XmlShape = {
  type: "object",
  properties: {
    Topics: {
      type: "array",
      member: "member",
      items: { type: "object", properties: { TopicArn: S } },
    },
    Count: { type: "integer" },
    Ratio: { type: "number" },
    Enabled: { type: "boolean" },
    Md5: S,
  },
};
const MAPS: XmlShape = {
  type: "object",
  properties: {
    Attributes: { type: "map", values: S, flat: true, element: "Attribute" },
    Tags: { type: "map", values: S },
    Instances: {
      type: "array",
      member: "item",
      element: "instancesSet",
      items: {
        type: "object",
        properties: {
          InstanceId: S,
          State: { type: "object", properties: { Code: { type: "integer" } }, element: "instanceState" },
        },
      },
    },
  },
};

const cases: readonly [string, XmlShape, string, unknown][] = [
  [
    "a flattened list of two",
    QUEUE_URLS,
    query("ListQueues", "<QueueUrl>https://q/a</QueueUrl><QueueUrl>https://q/b</QueueUrl>"),
    { QueueUrls: ["https://q/a", "https://q/b"] },
  ],
  [
    "a flattened list of one is a list",
    QUEUE_URLS,
    query("ListQueues", "<QueueUrl>https://q/a</QueueUrl><NextToken>t1</NextToken>"),
    { QueueUrls: ["https://q/a"], NextToken: "t1" },
  ],
  ["an empty result: no list", QUEUE_URLS, query("ListQueues", ""), {}],
  [
    "a wrapped list of members, numbers and booleans where declared",
    WRAPPED,
    query(
      "ListTopics",
      "<Topics><member><TopicArn>arn:1</TopicArn></member><member><TopicArn>arn:2</TopicArn></member></Topics><Count>2</Count><Ratio>0.5</Ratio><Enabled>false</Enabled><Md5>0123456789</Md5>",
    ),
    { Topics: [{ TopicArn: "arn:1" }, { TopicArn: "arn:2" }], Count: 2, Ratio: 0.5, Enabled: false, Md5: "0123456789" },
  ],
  [
    "a wrapped list of one member",
    WRAPPED,
    query("ListTopics", "<Topics><member><TopicArn>arn:1</TopicArn></member></Topics>"),
    { Topics: [{ TopicArn: "arn:1" }] },
  ],
  [
    "a wrapped list whose items' element is not named: the one kind of child it holds",
    WRAPPED,
    query(
      "ListTopics",
      "<Topics><Topic><TopicArn>arn:1</TopicArn></Topic><Topic><TopicArn>arn:2</TopicArn></Topic></Topics>",
    ),
    { Topics: [{ TopicArn: "arn:1" }, { TopicArn: "arn:2" }] },
  ],
  ["an empty wrapped list", WRAPPED, query("ListTopics", "<Topics/>"), { Topics: [] }],
  ["a number the text is not stays text", WRAPPED, query("ListTopics", "<Count>many</Count>"), { Count: "many" }],
  [
    "flattened and entry maps, an EC2 answer without a Result element, renamed elements",
    MAPS,
    `<DescribeResponse><requestId>r</requestId><Attribute><Name>DelaySeconds</Name><Value>0</Value></Attribute><Attribute><Name>Policy</Name><Value>{"a":1}</Value></Attribute><Tags><entry><key>env</key><value>prod</value></entry></Tags><instancesSet><item><InstanceId>i-1</InstanceId><instanceState><Code>16</Code></instanceState></item></instancesSet></DescribeResponse>`,
    {
      Attributes: { DelaySeconds: "0", Policy: '{"a":1}' },
      Tags: { env: "prod" },
      Instances: [{ InstanceId: "i-1", State: { Code: 16 } }],
    },
  ],
  [
    "entities and character references decoded, CDATA kept",
    QUEUE_URLS,
    query("ListQueues", "<NextToken>a&amp;b&#38;c&#x41;<![CDATA[<d>]]></NextToken>"),
    { NextToken: "a&b&cA<d>" },
  ],
];

describe("xmlAnswer: an XML answer read by its declared shape", () => {
  it.each(cases)("%s", (_, shape, xml, expected) => {
    expect(xmlAnswer(xml, shape)).toEqual(expected);
  });

  it("a map key naming a prototype property is a plain key", () => {
    const shape: XmlShape = {
      type: "object",
      properties: { Attributes: { type: "map", values: S, flat: true, element: "Attribute" } },
    };
    const read = xmlAnswer("<R><Attribute><Name>__proto__</Name><Value>x</Value></Attribute></R>", shape) as {
      Attributes: object;
    };
    expect(Object.getPrototypeOf(read.Attributes)).toBe(Object.prototype);
    expect(Object.keys(read.Attributes)).toEqual(["__proto__"]);
  });

  it("an element named __proto__ makes the document unreadable (the parser refuses it): nothing is polluted", () => {
    const shape: XmlShape = { type: "object", properties: { Policy: { type: "any" } } };
    expect(xmlAnswer("<R><Policy><__proto__><polluted>yes</polluted></__proto__></Policy></R>", shape)).toBeUndefined();
    expect(({} as { polluted?: string }).polluted).toBeUndefined();
  });

  it.each([
    ["malformed", query("ListQueues", "<QueueUrl>https://q/a</NextToken>")],
    ["a document naming none of the declared elements", "<html><body><p>gateway</p></body></html>"],
    ["nested past the bound", `<R>${"<a>".repeat(80)}${"</a>".repeat(80)}</R>`],
    ["not one root element", "<A/><B/>"],
  ])("%s: not mapped (stays text)", (_, xml) => {
    expect(xmlAnswer(xml, QUEUE_URLS)).toBeUndefined();
  });

  it("a DTD or entity declaration is refused, never expanded or fetched", () => {
    const external = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><ListQueuesResponse><ListQueuesResult><NextToken>&x;</NextToken></ListQueuesResult></ListQueuesResponse>`;
    const bomb = `<!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><R><NextToken>&b;&b;&b;</NextToken></R>`;
    expect(xmlAnswer(external, QUEUE_URLS)).toBeUndefined();
    expect(xmlAnswer(bomb, QUEUE_URLS)).toBeUndefined();
    expect(xmlError(external)).toBeUndefined();
  });
});

describe("xmlError: AWS's XML error documents", () => {
  it.each([
    [
      "query APIs' ErrorResponse",
      `<?xml version="1.0"?><ErrorResponse xmlns="http://queue.amazonaws.com/doc/2012-11-05/"><Error><Type>Sender</Type><Code>AWS.SimpleQueueService.NonExistentQueue</Code><Message>The specified queue does not exist.</Message><Detail/></Error><RequestId>b0e2</RequestId></ErrorResponse>`,
      {
        Type: "Sender",
        Code: "AWS.SimpleQueueService.NonExistentQueue",
        Message: "The specified queue does not exist.",
        RequestId: "b0e2",
      },
    ],
    [
      "EC2's Response/Errors",
      "<Response><Errors><Error><Code>InvalidInstanceID.NotFound</Code><Message>The instance ID 'i-1' does not exist</Message></Error></Errors><RequestID>ea96</RequestID></Response>",
      { Code: "InvalidInstanceID.NotFound", Message: "The instance ID 'i-1' does not exist", RequestId: "ea96" },
    ],
    [
      "S3's Error",
      "<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message><RequestId>4442</RequestId></Error>",
      { Code: "NoSuchKey", Message: "The specified key does not exist.", RequestId: "4442" },
    ],
  ])("%s", (_, xml, expected) => {
    expect(xmlError(xml)).toEqual(expected);
  });

  it.each([["<html><body>Bad gateway</body></html>"], ["<Error/>"], ["not xml"]])(
    "%s: not an API error document",
    (xml) => {
      expect(xmlError(xml)).toBeUndefined();
    },
  );
});

describe("isXmlMedia", () => {
  it.each([
    ["text/xml", true],
    ["application/xml; charset=utf-8", true],
    ["application/atom+xml", true],
    ["application/json", false],
    ["text/html", false],
  ])("%s → %s", (type, expected) => {
    expect(isXmlMedia(type)).toBe(expected);
  });
});

describe("an API's XML error as the model gets it: its code word in api_error and the message, and the code it means", () => {
  const step = { operationId: "GET_ListQueues", responseDescriptions: {}, errorHints: {} };
  const aws = (code: string, message: string) =>
    xmlError(
      `<ErrorResponse><Error><Type>Sender</Type><Code>${code}</Code><Message>${message}</Message></Error><RequestId>r1</RequestId></ErrorResponse>`,
    );
  it.each([
    [400, "AWS.SimpleQueueService.NonExistentQueue", "The specified queue does not exist.", "NOT_FOUND"],
    [400, "Throttling", "Rate exceeded", "RATE_LIMITED"],
    [400, "EntityAlreadyExists", "User with name Bob already exists.", "CONFLICT"],
    [400, "InvalidParameterValue", "Value (x) for parameter MaxResults is invalid.", "INVALID_ARGUMENT"],
    [403, "InvalidClientTokenId", "The security token included in the request is invalid.", "FORBIDDEN"],
    [500, "InternalFailure", "The request processing has failed.", "UPSTREAM_ERROR"],
  ] as const)("%s %s → %s", (status, word, message, code) => {
    const body = aws(word, message);
    const error = httpStatusError({ step, status, body, apiError: word });
    expect(error).toMatchObject({ code, api_error: word });
    expect(error.message).toContain(`The API said: ${word}: ${message}`);
  });
});

describe("an AWS JSON protocol's error type as the model gets it: the code it means, not 'fix the arguments'", () => {
  const headers = (type?: string) => new Headers(type === undefined ? {} : { "x-amzn-ErrorType": type });
  it.each([
    [
      "the x-amzn-ErrorType header",
      headers("ThrottlingException:http://internal.amazon.com/coral/com.amazon.coral.availability/"),
      {},
      "ThrottlingException",
    ],
    [
      "the body's __type",
      headers(),
      { __type: "com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException", message: "x" },
      "ProvisionedThroughputExceededException",
    ],
    [
      "the header over the body",
      headers("ResourceNotFoundException"),
      { __type: "x#Other" },
      "ResourceNotFoundException",
    ],
    ["neither", headers(), { message: "Bad" }, undefined],
    ["a body that is text", headers(), "Bad Request", undefined],
    ["a header that is not a word", headers("no such thing here"), {}, undefined],
  ] as const)("%s", (_, given, body, want) => {
    expect(awsErrorType(given, body)).toBe(want);
  });

  const step = { operationId: "DynamoDB_20120810.GetItem", responseDescriptions: {}, errorHints: {} };
  it.each([
    ["ProvisionedThroughputExceededException", "RATE_LIMITED"],
    ["ResourceNotFoundException", "NOT_FOUND"],
    ["ValidationException", "INVALID_ARGUMENT"],
  ] as const)("a 400 with %s → %s", (word, code) => {
    const error = httpStatusError({ step, status: 400, body: { __type: word, message: "m" }, apiError: word });
    expect(error).toMatchObject({ code, api_error: word });
  });
});
