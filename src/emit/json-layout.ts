// Lays out the generated package's JSON files (package.json, tsconfig.json) as an engineer would write them.
import { PRINT_WIDTH } from "./print.js";

const INDENT = 2;

/**
 * JSON text in the layout of the generated package's JSON files: objects one member per line, an array of
 * scalars on one line when it fits (`"lib": ["ES2023", "DOM"]`), else one element per line.
 */
export function layoutJson(value: unknown, indent = 0, column = 0): string {
  const pad = " ".repeat(indent + INDENT);
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    const flat = `[${value.map((v) => JSON.stringify(v ?? null)).join(", ")}]`;
    if (value.every((v) => v === null || typeof v !== "object") && column + flat.length + 1 <= PRINT_WIDTH) return flat;
    return `[\n${value.map((v) => pad + layoutJson(v ?? null, indent + INDENT, pad.length)).join(",\n")}\n${" ".repeat(indent)}]`;
  }
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined && typeof v !== "function");
    if (entries.length === 0) return "{}";
    const members = entries.map(([k, v]) => {
      const key = `${pad}${JSON.stringify(k)}: `;
      return key + layoutJson(v, indent + INDENT, key.length);
    });
    return `{\n${members.join(",\n")}\n${" ".repeat(indent)}}`;
  }
  return JSON.stringify(value) ?? "null";
}
