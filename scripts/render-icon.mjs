// Renders images/icon.svg to images/icon.png, the icon the Marketplace and Open VSX show: 128×128
// CSS pixels at device scale 2, so a 256×256 PNG that stays sharp on a high-density screen (the
// Marketplace asks for at least 128×128). Headless Chromium through playwright-core, both already
// dev tools here. Run after editing the SVG.
import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const svg = readFileSync(`${root}images/icon.svg`, 'utf8');
const browser = await chromium.launch({ executablePath: process.env.MCP_CATALOG_CHROMIUM ?? '/usr/bin/chromium' });
const page = await browser.newPage({ viewport: { width: 128, height: 128 }, deviceScaleFactor: 2 });
await page.setContent(
  `<html><body style="margin:0;background:transparent">${svg.replace('width="256" height="256"', 'width="128" height="128"')}</body></html>`,
);
await page.screenshot({ path: `${root}images/icon.png`, omitBackground: true, clip: { x: 0, y: 0, width: 128, height: 128 } });
await browser.close();
