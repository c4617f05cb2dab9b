// Debian's chromium for browser tests (puppeteer-core, no browser download): skipped on a developer machine without it, a
// failure under CI (which installs it in .ci/run), so CI can never skip the browser tests silently.
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import puppeteer, { type Browser } from "puppeteer-core";

/** The browser binary: CHROMIUM_PATH, else Debian's. */
export const CHROMIUM = process.env.CHROMIUM_PATH?.trim() || "/usr/bin/chromium";

/** Skip only without chromium and without CI. */
export const CHROMIUM_SKIP = !existsSync(CHROMIUM) && !process.env.CI;

/** Flags that work in a container without a GPU, a sandbox or network. */
const FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** A headless chromium with a new empty profile; fails with the way to install it when missing. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `${CHROMIUM} is missing and CI is set: install it with \`apt-get install -y chromium\` (.ci/run does)`,
    );
  return puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    userDataDir: mkdtempSync(join(tmpdir(), "aci-chromium-")),
  });
}
