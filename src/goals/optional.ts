// Object spreading helper: copy only defined members, so optional fields are absent rather than `undefined`.

/** `{ a: 1, b: undefined }` → `{ a: 1 }`, typed with every member optional and never undefined. */
export function optional<T extends Record<string, unknown>>(fields: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}
