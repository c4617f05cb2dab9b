// The streams a CLI run writes to, so tests can run commands in-process and read what they printed.

export interface CliIo {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
}

export const processIo: CliIo = {
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
};

/** Exit codes: 0 success, 1 findings, 2 bad input or usage. */
export const EXIT = { ok: 0, findings: 1, badInput: 2 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];
