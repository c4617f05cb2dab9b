// Vitest global setup: every test process's temporary folders (os.tmpdir(), $TMPDIR for child processes) under one folder of this run, removed at its end.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), "aci-test-run-"));
  const before = process.env["TMPDIR"];
  process.env["TMPDIR"] = root;
  return () => {
    if (before === undefined) delete process.env["TMPDIR"];
    else process.env["TMPDIR"] = before;
    rmSync(root, { recursive: true, force: true });
  };
}
