// How fast a press shows: pressed feedback, and the device's confirmation against the bare round trip.
import type { Page } from '@playwright/test';
import { PAGE_KEY_HEADER, PAGE_KEY_STORAGE } from '../../contract/page-key.ts';
import { displayPower, HUDDLE } from './panel.ts';

/** pointerdown (its event timestamp) → data-pressed="true" set, and → the next frame after it. */
export async function benchPressed(page: Page, presses = 60): Promise<{ attr: number[]; frame: number[] }> {
  const button = displayPower(page);
  await button.evaluate((el) => {
    const w = window as unknown as { pressLog: { down: number; attr: number; frame: number }[] };
    w.pressLog = [];
    let down = 0;
    el.addEventListener('pointerdown', (e) => (down = e.timeStamp), { capture: true });
    new MutationObserver(() => {
      if (el.getAttribute('data-pressed') !== 'true') return;
      const attr = performance.now();
      requestAnimationFrame(() => w.pressLog.push({ down, attr, frame: performance.now() }));
    }).observe(el, { attributes: true, attributeFilter: ['data-pressed'] });
  });
  const box = await button.boundingBox();
  if (!box) throw new Error('the power button is not on screen');
  for (let i = 0; i < presses; i++) {
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    // Slide off before letting go: pressed feedback without sending a command each time.
    await page.mouse.move(box.x + box.width + 200, box.y + box.height + 200);
    await page.mouse.up();
    await page.waitForTimeout(20);
  }
  const log = await page.evaluate(
    () => (window as unknown as { pressLog: { down: number; attr: number; frame: number }[] }).pressLog,
  );
  return { attr: log.map((l) => l.attr - l.down), frame: log.map((l) => l.frame - l.down) };
}

/** Click → data-state="confirmed", against the bare exec round trip through the same bridge. */
export async function benchConfirmed(
  page: Page,
  rounds = 15,
): Promise<{ confirmed: number[]; exec: number[] }> {
  const confirmed: number[] = [];
  const exec: number[] = [];
  const button = displayPower(page);
  for (let i = 0; i < rounds; i++) {
    await page.waitForFunction(
      () =>
        document.querySelector('[aria-label="Display"] [data-control] button')?.getAttribute('data-state') !==
        'pending',
    );
    const ms = await button.evaluate(
      (el) =>
        new Promise<number>((resolve) => {
          const start = performance.now();
          const observer = new MutationObserver(() => {
            if (el.getAttribute('data-state') === 'confirmed') {
              observer.disconnect();
              resolve(performance.now() - start);
            }
          });
          observer.observe(el, { attributes: true, attributeFilter: ['data-state'] });
          (el as HTMLButtonElement).click();
        }),
    );
    confirmed.push(ms);
    // The same command the button just sent (power to its current value): a no-op for the device.
    const on = (await button.getAttribute('aria-pressed')) === 'true';
    exec.push(
      await page.evaluate(
        async ([systemId, state, header, storage]) => {
          // As the page's own bridge sends it: the cookie and this tab's page key.
          const headers = {
            'content-type': 'application/json',
            [header]: sessionStorage.getItem(storage) ?? '',
          };
          const start = performance.now();
          const response = await fetch('/bridge/systems/exec', {
            method: 'POST',
            headers,
            body: JSON.stringify({ id: systemId, module: 'Display', method: 'power', args: [state] }),
          });
          if (!response.ok) throw new Error(`the bridge answered ${response.status}`);
          return performance.now() - start;
        },
        [HUDDLE, on, PAGE_KEY_HEADER, PAGE_KEY_STORAGE] as const,
      ),
    );
  }
  return { confirmed, exec };
}
