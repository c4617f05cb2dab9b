// Vitest global setup: every test process's temporary folders (os.tmpdir(), $TMPDIR for child processes) under one folder of this run, removed at its end.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Set while a run's folder exists: each project runs the global setup again, and a folder inside a folder would
 * lengthen every path below it (Chromium's socket path has to stay under 108 bytes). */
const MARK = "ACI_TEST_TMP_ROOT";

export default function setup(): () => void {
  if (process.env[MARK] !== undefined) return () => {};
  const root = mkdtempSync(join(tmpdir(), "aci-t-"));
  const before = process.env["TMPDIR"];
  process.env["TMPDIR"] = root;
  process.env[MARK] = root;
  return () => {
    if (before === undefined) delete process.env["TMPDIR"];
    else process.env["TMPDIR"] = before;
    delete process.env[MARK];
    rmSync(root, { recursive: true, force: true });
  };
}
