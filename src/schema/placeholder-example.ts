// An example value → whether it is only a template's placeholder (`{{PAGE_ID}}`, `<string>`, `${NAME}`), no value.

/**
 * A whole string that only names what goes there, as Postman collections and templates write it: `{{PAGE_ID}}`,
 * `{{name}}_{{ip}}`, `<string>`, `<consent-artefact-id>`, `${SOURCE_NAMESPACE}`. Shown as an example it is copied as a
 * value ("E.g. {{PAGE_ID}}"); an example that only contains one (`Bearer {{token}}`, `/pages/<id>`) is kept.
 */
const PLACEHOLDER = /^\s*(?:(?:\{\{[^{}]+\}\}|\$\{[^{}]+\})[^{}$<>\s]*)+\s*$|^\s*<[A-Za-z][\w .-]*>\s*$/;

/** Whether the example is a placeholder string rather than a value (see `PLACEHOLDER`). */
export function isPlaceholderExample(value: unknown): boolean {
  return typeof value === "string" && PLACEHOLDER.test(value);
}

/** The examples that are values, placeholders left out. */
export function valueExamples(examples: readonly unknown[]): unknown[] {
  return examples.some(isPlaceholderExample) ? examples.filter((e) => !isPlaceholderExample(e)) : [...examples];
}
