// The draft goals file `aci-gen init` proposes: plain data, rendered to YAML by src/report/goals-yaml.ts.
import type { ParameterLocation } from "../../model/api-model.js";

/** What a proposed goal does; decides its rank and the sentences drafted for its review. */
export type GoalKind = "chain" | "find" | "get" | "create" | "update" | "act" | "delete";

/** One parameter binding of a step; `value` is an expression (`$inputs.x`, `$steps.a.outputs.id`). */
export interface DraftParam {
  readonly name: string;
  readonly in: ParameterLocation;
  readonly value: string | number;
}

/** A body value: an expression or literal, or an object of them (`issuetype: { id: $steps.type.outputs.id }`). */
export type DraftValue = string | number | { readonly [key: string]: DraftValue };

/** A request body: the whole body as one input, or required properties one by one. */
export type DraftBody =
  | { readonly kind: "whole"; readonly value: string }
  | { readonly kind: "properties"; readonly entries: readonly (readonly [string, DraftValue])[] };

export interface DraftStep {
  readonly id: string;
  /** operationId, or `METHOD /path` when the spec gives none. */
  readonly operation: string;
  readonly params: readonly DraftParam[];
  readonly body?: DraftBody;
  /** Output name → `$response.body#/…`, read by later steps. */
  readonly outputs: Readonly<Record<string, string>>;
  /** Optional parameters and body properties left out, as `name (in)`, listed in a comment for the user. */
  readonly optional: readonly string[];
  /**
   * The user's search fills the read and a later step takes item 0 of what it lists: the read must find exactly one
   * (`exactly_one: true`), so several matches are named to the model instead of the first being changed.
   */
  readonly exactlyOne?: true;
  /** Keeps the one listed item whose `where` fields equal the values (`{ name: $inputs.project_name }`). */
  readonly pick?: { readonly from: string; readonly where: Readonly<Record<string, string>> };
  /**
   * Inputs bound to a field the spec does not describe: the goal gives them a description. `owner` is the resource a
   * path parameter identifies (`{id}` after `/blocks/` → block), which is not always the goal's entity.
   */
  readonly undescribed?: readonly {
    readonly input: string;
    readonly field: string;
    readonly type?: string;
    readonly owner?: string;
    /** The spec's own words for it where the planner does not read them (beside a `$ref`, in an `allOf`). */
    readonly description?: string;
    /** The inputs its description names as its one-of group: it holds only while the goal takes them all. */
    readonly group?: readonly string[];
  }[];
  /** Inputs bound to fields the operation needs that its schema leaves optional: the goal makes them required. */
  readonly needed?: readonly NeededInput[];
  /** What the step's operation acts on (`account`): in a chain, whose fields its body inputs are. */
  readonly entity?: string;
}

/** An input bound to a body field the operation needs though its schema does not require it: the goal requires it. */
export interface NeededInput {
  readonly input: string;
  readonly field: string;
  /** The field's own description, when it says more than its name. */
  readonly description?: string;
}

/** Input overrides the draft writes under `inputs:` (an optional query made required, say). */
export interface DraftInput {
  readonly name: string;
  readonly required?: true;
  /** The JSON type of an input the spec leaves open (a key of an open object, typed by the spec's example). */
  readonly type?: string;
  readonly description: string;
}

export interface DraftGoal {
  readonly name: string;
  readonly kind: GoalKind;
  /** The tag or first path segment the goal was proposed for. */
  readonly group: string;
  readonly description: string;
  readonly useWhen: string;
  readonly notFor: string;
  readonly inputs: readonly DraftInput[];
  readonly steps: readonly DraftStep[];
  /** `METHOD /path` of each step, for the comment above the goal. */
  readonly calls: readonly string[];
  readonly deprecated: boolean;
}

/** A goal that was proposed but cut by the cap, named in the draft's closing comment. */
export interface LeftOutGoal {
  readonly name: string;
  readonly calls: readonly string[];
}

/**
 * A configured value the draft binds: the account the basic-auth user signs in as (`$config.account_sid`), or the
 * tenant a header names (`$config.xero_tenant_id`).
 */
export interface DraftConfig {
  readonly name: string;
  readonly description: string;
  /** The parameters it fills, for the comment above it. */
  readonly parameters: readonly string[];
  /** Whether it fills only path parameters the http basic user names, so that user can stand for it when unset. */
  readonly basicUser: boolean;
}

export interface GoalsDraft {
  readonly toolset: string;
  /** The spec path relative to the goals file's folder; absent for an in-memory spec. */
  readonly spec?: string;
  readonly title: string;
  readonly version: string;
  /** Configured values the goals bind, each defaulting to the basic-auth user name. */
  readonly config: readonly DraftConfig[];
  readonly goals: readonly DraftGoal[];
  readonly leftOut: readonly LeftOutGoal[];
  /** The spec declares no security scheme: the draft says how to declare the credential the API may need. */
  readonly declaresNoCredentials: boolean;
}
