import { expect, test } from '@playwright/test';

/*
 * The launch flags of test/e2e/support/chromium.ts, in the browser they are for: a new context
 * (every test's) opens without the address bar's WebUI pages, which would take a renderer of
 * their own beside the page under test. The flags themselves are checked without a browser in
 * test/e2e-support/chromium-flags.test.ts.
 */
test('a new context opens without the address bar’s WebUI pages beside the page under test', async ({
  browser,
}) => {
  const cdp = await browser.newBrowserCDPSession();
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto('data:text/html,<p>panel</p>');
    const { targetInfos } = await cdp.send('Target.getTargets');
    expect(targetInfos.map((t) => t.url).filter((url) => url.startsWith('chrome://'))).toEqual([]);
    expect(targetInfos.some((t) => t.url.startsWith('data:'))).toBe(true);
  } finally {
    await context.close();
  }
});
