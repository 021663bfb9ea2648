/** Headless Debian Chromium through playwright-core, with the flags TESTING.md settled on. */
import { chromium, type Browser } from 'playwright-core';
import { chromiumPath, childEnvironment, type Scratch } from './environment';

const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export const VIEWPORT = { width: 1440, height: 900 };

/**
 * Launches Chromium with a fresh profile inside the scratch folder. Playwright starts the browser
 * in its own process group and kills that group on close and on exit.
 */
export async function launchChromium(scratch: Scratch): Promise<Browser> {
  // Playwright creates its temporary profile under os.tmpdir(): point that at scratch for the launch.
  const previousTmp = process.env.TMPDIR;
  process.env.TMPDIR = scratch.tmp;
  try {
    return await chromium.launch({
      executablePath: chromiumPath,
      headless: true,
      args: CHROMIUM_FLAGS,
      env: childEnvironment(scratch),
      timeout: 60_000,
    });
  } finally {
    if (previousTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previousTmp;
  }
}
