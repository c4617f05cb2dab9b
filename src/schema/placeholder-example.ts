// An example value or a description → whether it is only a placeholder (`{{PAGE_ID}}`, `<string>`, `"null"`, `XXXXXXXXX`), no value or words.

/**
 * A whole string that only names what goes there, as Postman collections and templates write it: `{{PAGE_ID}}`,
 * `{{name}}_{{ip}}`, `<string>`, `<consent-artefact-id>`, `${SOURCE_NAMESPACE}`, and a path template's one name in
 * braces (`{subscription-id}`, `{vmss-name}`: Azure's examples). Shown as an example it is copied as a
 * value ("E.g. {{PAGE_ID}}"); an example that only contains one (`Bearer {{token}}`, `/pages/<id>`) is kept.
 */
const PLACEHOLDER =
  /^\s*(?:(?:\{\{[^{}]+\}\}|\$\{[^{}]+\})[^{}$<>\s]*)+\s*$|^\s*<[A-Za-z][\w .-]*>\s*$|^\s*\{[A-Za-z][\w.-]*\}\s*$/;

/**
 * A run of X's standing for a value or a text not written yet (`XXXXXXXXX`, `XXXX-XXXX`, CircleCI's path parameter
 * descriptions); a masked value that keeps some characters (`4111XXXXXXXX1111`) is not one.
 */
const X_RUN = /^\s*[Xx]{3,}(?:[-_ .:/][Xx]{3,})*[.\s]*$/;

/**
 * A word naming no value as a string (`"null"`, `"undefined"`, `"nil"`): Brex's `example: "null"` on optional strings,
 * shown as "E.g. null". A value when the schema's `enum` or `const` lists it. Type names (`"string"`) are not read so:
 * a `type` or `kind` field holds them as values.
 */
const NOTHING = /^\s*(?:null|undefined|nil)\s*$/i;

/** Whether the example is a placeholder string rather than a value; `allowed` (an enum, a const) says it is one. */
export function isPlaceholderExample(value: unknown, allowed: readonly unknown[] = []): boolean {
  if (typeof value !== "string" || allowed.includes(value)) return false;
  return PLACEHOLDER.test(value) || X_RUN.test(value) || NOTHING.test(value);
}

/** The examples that are values, placeholders left out. */
export function valueExamples(examples: readonly unknown[], allowed: readonly unknown[] = []): unknown[] {
  const placeholder = (e: unknown): boolean => isPlaceholderExample(e, allowed);
  return examples.some(placeholder) ? examples.filter((e) => !placeholder(e)) : [...examples];
}

/** Whether a description says nothing: only a run of X's standing for the text to write. */
export function isPlaceholderText(text: unknown): boolean {
  return typeof text === "string" && X_RUN.test(text);
}
