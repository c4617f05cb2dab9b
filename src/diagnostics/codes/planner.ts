// Diagnostic codes for binding goals to operations and checking their data flow.
import type { CatalogEntry } from "../types.js";

export const plannerCodes = {
  PLAN_CREDENTIAL_UNDECLARED: {
    severity: "warning",
    title:
      "the spec declares no security scheme (and no credential parameter was found), but its own text shows an `Authorization` header with a value (`Authorization: Bearer YOUR_API_KEY` in a curl example): the generated tools send no credential",
    hint: "declare the credential in a goals file's `securitySchemes` (docs/goals.md), or add the scheme to the spec",
  },
  PLAN_INVALID_INPUT_EXAMPLE: {
    severity: "warning",
    title: "an input example of the goals file does not fit the tool's input schema; it is left out",
    hint: "fix the value at the path named, or remove the example",
  },
  PLAN_SPEC_INPUT_EXAMPLE_DROPPED: {
    severity: "warning",
    title:
      "an input example built from the spec's examples and defaults does not fit the tool's input schema; it is left out",
    hint: "fix the spec's example or default named (it breaks its own schema), or give the goal `examples:` of its own",
  },
  PLAN_TOOL_OVER_TOKEN_CAP: {
    severity: "warning",
    title:
      "a tool's definition stays over the per-tool token cap even with its input schema cut to the top level and every input's description to its first sentence",
    hint: "split the goal, bind fewer inputs, or raise the cap with --tool-token-cap",
  },
  PLAN_CORE_OVER_BUDGET: {
    severity: "warning",
    title: "the core tools alone pass the context budget",
    hint: "mark fewer goals `core: true`, or raise the budget with --definition-budget",
  },
  PLAN_QUERY_ACTION_TWIN_LEFT_OUT: {
    severity: "info",
    title:
      "an AWS query action the spec lists twice (`GET_X` and `POST_X`) is one tool, named by the action and made from its GET form; the POST form is left out",
    hint: "the GET form sends every parameter in the query string as the query protocol reads them; to use a POST form instead, select it alone with --include-operation POST_X (or name it in a goals file)",
  },
  PLAN_OAUTH_ENDPOINT_LEFT_OUT: {
    severity: "info",
    title:
      "an operation at a token or authorization URL an OAuth2 flow declares, one answering an OAuth token (in its schema or, without one, its example), an OAuth token request (a `grant_type` in its body), one sending the API client's `client_id` and `client_secret`, an OAuth authorization request (`response_type` and `client_id` in its query), an OAuth 1.0a token request the caller signs (an `oauth_consumer_key` beside an `oauth_signature` in its body or query), or a user:password sign-in (http basic, or a user and password in a body, query or path sent signed out; not a sign-up) answering the token the API's other operations send, or a form requiring a user and a password on an operation signed in with http basic (a session opened with the credentials the server already sends, its password never sent), is the API's own sign-in: the server signs in from its configuration, so `--all-operations` and `init` make no tool of it",
    hint: "to serve one anyway, select it with --include-operation (or name it in a goals file); its token fields are redacted from results",
  },
  PLAN_SIGN_OUT_LEFT_OUT: {
    severity: "info",
    title:
      "an operation whose path ends in logout or signout, naming no other user in its path and sent with the API's credential, ends the session of the credential the server itself holds: a model calling it would make every later call fail, so `--all-operations` and `init` make no tool of it",
    hint: "to serve one anyway, select it with --include-operation (or name it in a goals file)",
  },
  PLAN_CORS_PREFLIGHT_LEFT_OUT: {
    severity: "info",
    title:
      "an OPTIONS operation that answers `Access-Control-Allow-*` headers is a browser's CORS preflight, not an action of the API: `--all-operations` and `init` make no tool of it",
    hint: "to serve one anyway, select it with --include-operation (or name it in a goals file)",
  },
  PLAN_UNKNOWN_OPERATION: {
    severity: "error",
    title: "a step names an operation the spec does not have",
    hint: 'use an operationId from the spec or "METHOD /path"; `aci-gen plan --spec S --all-operations` lists them',
  },
  PLAN_GOALS_FOR_OTHER_SPEC: {
    severity: "error",
    title: "none of the goals file's operations exist in this spec",
    hint: "pass the spec the goals file was written for with --spec, or fix the goals file's `spec:`",
  },
  PLAN_CONFIG_VARIABLE_TAKEN: {
    severity: "error",
    title: "a configured value ($config.NAME) would be read from a variable the package already reads",
    hint: "rename the configured value, e.g. $config.account_sid instead of $config.approval",
  },
  PLAN_CONFIG_DEFAULT_UNAVAILABLE: {
    severity: "error",
    title:
      "a configured value defaults to the basic-auth user, but the steps binding it use no single http basic scheme",
    hint: "remove `default: basic_auth_user` (the operator then sets the variable), or bind it only in steps that use one http basic scheme",
  },
  PLAN_CONFIG_UNUSED: {
    severity: "warning",
    title: "the goals file declares a configured value under `config:` that no step binds",
    hint: "bind it as $config.NAME where it goes, or remove it",
  },
  PLAN_SECURITY_SCHEME_EXISTS: {
    severity: "error",
    title: "the goals file declares a security scheme the spec already has",
    hint: "leave it out of `securitySchemes` and name it in `security`: the spec's own definition is used",
  },
  PLAN_UNKNOWN_SECURITY_SCHEME: {
    severity: "error",
    title: "`security` names a scheme that neither the spec nor the goals file declares",
    hint: "declare it under `securitySchemes` or use a scheme name of the spec",
  },
  PLAN_UNKNOWN_PARAMETER: {
    severity: "error",
    title: "a step binds a parameter the operation does not have",
    hint: "use a parameter name of the operation, as the spec spells it",
  },
  PLAN_AMBIGUOUS_PARAMETER: {
    severity: "error",
    title: "a parameter name exists in more than one location",
    hint: "say where it goes with `in: path|query|header|cookie`",
  },
  PLAN_UNBOUND_PARAMETER: {
    severity: "error",
    title: "a required parameter is not bound",
    hint: "bind it under the step's `params`, e.g. to an input ($inputs.NAME) or an earlier step's output",
  },
  PLAN_UNBOUND_BODY: {
    severity: "error",
    title: "the operation requires a request body or body property that the step does not give",
    hint: "add it under the step's `body`",
  },
  PLAN_UNKNOWN_BODY_PROPERTY: {
    severity: "error",
    title: "the body sets a property the request schema does not allow",
    hint: "use a property of the request schema, as the spec spells it",
  },
  PLAN_UNSUPPORTED_CONTENT_TYPE: {
    severity: "error",
    title: "a step's content type is not one the operation accepts",
    hint: "use one of the media types the operation's request body declares, or leave the content type out",
  },
  PLAN_BODY_MEDIA_MISMATCH: {
    severity: "error",
    title: "an object or array body would be sent as raw bytes or text",
    hint: "send a JSON media type the operation accepts, or pass the content as one string",
  },
  PLAN_PAGES_UNSUPPORTED: {
    severity: "error",
    title: "a step asks for pages it cannot read on",
    hint: "use `pages` on the last step of a goal that only reads and returns that step's list (no `returns`, no `pick`), over an operation that pages by cursor, offset, page number or a next link",
  },
  PLAN_EXACTLY_ONE_UNSUPPORTED: {
    severity: "error",
    title: "a step asks for exactly one item, but its outputs read no first item of a list it could check",
    hint: "use `exactly_one` on a step whose outputs read item 0 of one list in the response (`$response.body#/items/0/id`), without `pick` (which already needs exactly one match) and without a page size of 1",
  },
  PLAN_NO_BODY: {
    severity: "error",
    title: "a step gives a body to an operation that takes none",
    hint: "remove the step's body, or bind the values as parameters",
  },
  PLAN_EXPRESSION_SYNTAX: {
    severity: "error",
    title: "a runtime expression does not parse",
    hint: "write it as an Arazzo runtime expression, e.g. $inputs.name, $steps.ID.outputs.NAME or $response.body#/id",
  },
  PLAN_EXPRESSION_CONTEXT: {
    severity: "error",
    title: "a runtime expression is not available where it is used",
    hint: "request values may use $inputs and earlier steps' outputs; $response, $statusCode and $request only in outputs and criteria",
  },
  PLAN_UNKNOWN_STEP: {
    severity: "error",
    title: "an expression or action names a step that does not exist",
    hint: "use the id of a step of this goal",
  },
  PLAN_FORWARD_REFERENCE: {
    severity: "error",
    title: "a step reads the output of a step that runs after it",
    hint: "move the step that produces the value before the step that reads it",
  },
  PLAN_STEP_CYCLE: {
    severity: "error",
    title: "steps read each other's outputs in a cycle",
    hint: "break the cycle: one of the steps must get its value from an input or an earlier step",
  },
  PLAN_UNKNOWN_OUTPUT: {
    severity: "error",
    title: "an expression reads a step output that the step does not declare",
    hint: "declare it under that step's `outputs`, or read an output it has",
  },
  PLAN_POINTER_THROUGH_OPEN_VALUE: {
    severity: "warning",
    title:
      "a response pointer goes on through a value the spec leaves open (`additionalProperties: {}`, an untyped value, or a union with such a branch): the part under it is not checked",
    hint: "declare the members in the spec (or check the pointer against a real response); a typo under an open value is only found at run time",
  },
  PLAN_POINTER_NOT_IN_RESPONSE: {
    severity: "error",
    title: "a response pointer does not exist in the operation's success response schema",
    hint: "point at a property the success response has",
  },
  PLAN_RESPONSE_UNTYPED: {
    severity: "warning",
    title: "a response value is read from a response the spec gives no schema for",
    hint: "add a schema for the success response to the spec so the pointer can be checked; at run time a missing value stops the goal with NOT_FOUND",
  },
  PLAN_CONSTANT_INVALID: {
    severity: "error",
    title: "a constant the goal binds breaks the schema of where it goes",
    hint: "bind a value the parameter accepts (its format, enum, pattern and bounds), or make it an input",
  },
  PLAN_TYPE_MISMATCH: {
    severity: "error",
    title: "a value's type does not fit where it is bound",
    hint: "bind a value of the expected type, or read another field",
  },
  PLAN_INPUT_CONFLICT: {
    severity: "error",
    title: "one input is bound to places that expect different types",
    hint: "use two inputs, or declare the input's schema under `inputs`",
  },
  PLAN_UNUSED_INPUT: {
    severity: "warning",
    title: "an input is declared but no step uses it",
    hint: "bind it in a step with $inputs.NAME, or remove it",
  },
  PLAN_UNSUPPORTED_CRITERION: {
    severity: "error",
    title: "a success criterion or action condition cannot be evaluated",
    hint: "write it as a simple condition such as `$statusCode == 200` or `$response.body#/status == 'open'`",
  },
} as const satisfies Record<string, CatalogEntry>;
