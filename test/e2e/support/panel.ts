import { expect, type Locator, type Page } from '@playwright/test';
import { PAGE_KEY_HEADER, PAGE_KEY_STORAGE } from '../../../contract/page-key.ts';
import { launchUrlOf } from './processes.ts';

/** Steps through the app as a person does, asserting only what assistive technology sees too. */

/** Opens the host's app as a person does: from the address it printed (with its launch token). */
export async function openHost(page: Page, hostUrl: string): Promise<void> {
  await page.goto(launchUrlOf(hostUrl));
}

/**
 * A bridge call made from inside the page as its own script makes it: same origin, the browser's
 * cookie, and this tab's page key from sessionStorage (the host wants both). `path` is relative to
 * the origin, e.g. `bridge/session/signOut` or `technician/bridge/technician/state`.
 */
export function callBridge<T = unknown>(
  page: Page,
  path: string,
  body: unknown = {},
): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ([to, json, header, storage]) => {
      const response = await fetch(`/${to}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [header]: sessionStorage.getItem(storage) ?? '' },
        body: json,
      });
      return { status: response.status, body: (await response.json()) as T };
    },
    [path, JSON.stringify(body), PAGE_KEY_HEADER, PAGE_KEY_STORAGE] as const,
  );
}

export async function signIn(page: Page, hostUrl: string, username = 'panel@demo.local'): Promise<void> {
  await openHost(page, hostUrl);
  if ((await screenOf(page)) !== 'sign-in') return;
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // The simulator's own login page, not ours.
  await expect(page).toHaveURL(/\/auth\/oauth\/authorize/);
  await signInAtService(page, username);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toHaveCount(0);
  expect(await screenOf(page)).not.toBe('sign-in');
}

/**
 * At the service's sign-in page: the password form, or, when this browser is still signed in to the
 * service, its "Continue as …?" page (approved when it names `username`, else "Use another account").
 */
export async function signInAtService(page: Page, username: string, password = 'demo'): Promise<void> {
  const form = page.getByLabel('Password');
  const proceed = page.getByRole('button', { name: 'Continue', exact: true });
  await expect(form.or(proceed)).toBeVisible();
  if (await proceed.isVisible()) {
    if ((await page.locator('main').textContent())?.includes(username)) {
      await proceed.click();
      return;
    }
    await page.getByRole('button', { name: 'Use another account' }).click();
  }
  await page.getByLabel('Username').fill(username);
  await form.fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Which screen the app settled on (the host keeps its session across pages, so it varies). */
async function screenOf(page: Page): Promise<string | null> {
  const app = page.locator('main[data-screen]');
  await expect(app).not.toHaveAttribute('data-screen', 'starting');
  return app.getAttribute('data-screen');
}

/** Opens a room from wherever the app is (a panel remembers its last room). */
export async function openRoom(page: Page, hostUrl: string, name: string, query = name): Promise<void> {
  await signIn(page, hostUrl);
  const picker = page.getByRole('heading', { name: 'Choose a room' });
  // From a room's panel, or from the notice of a remembered room the service no longer has (another
  // test may have removed the room this shared host last showed).
  if ((await screenOf(page)) === 'panel')
    await page
      .getByRole('button', { name: /^(Change room|Choose another room)$/ })
      .first()
      .click();
  await expect(picker).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(query);
  const rooms = page.getByRole('list', { name: 'Rooms' });
  await rooms.getByRole('button', { name: new RegExp(`^${name}`) }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.locator('[data-ready="true"]')).toBeVisible();
}

export const section = (page: Page, title: string): Locator => page.getByRole('region', { name: title });

/** Records every value an attribute takes, so fast transitions (pending for 5 ms) are not missed. */
export async function recordAttribute(locator: Locator, attribute: string): Promise<() => Promise<string[]>> {
  const id = `rec${Math.random().toString(36).slice(2)}`;
  await locator.evaluate(
    (element, [attr, key]) => {
      const seen: string[] = [element.getAttribute(attr) ?? ''];
      (window as unknown as Record<string, string[]>)[key] = seen;
      new MutationObserver(() => {
        const value = element.getAttribute(attr) ?? '';
        if (seen[seen.length - 1] !== value) seen.push(value);
      }).observe(element, { attributes: true, attributeFilter: [attr] });
    },
    [attribute, id] as const,
  );
  return () =>
    locator.page().evaluate((key) => (window as unknown as Record<string, string[]>)[key] ?? [], id);
}

/**
 * Runs the page's clock (installed with `page.clock.install()`) to just before a timer due `dueMs`
 * from now, then on in small steps until `target` shows. One jump past the timer, retried when a
 * loaded machine draws the result late, would jump again and run through what the shown thing
 * then waits for (an unanswered question's minute); a step overshoots by seconds at most.
 */
export async function fastForwardUntilVisible(
  page: Page,
  target: Locator,
  dueMs: number,
  stepMs = 5_000,
): Promise<void> {
  await page.clock.fastForward(Math.max(0, dueMs - 2 * stepMs));
  await expect(async () => {
    await page.clock.fastForward(stepMs);
    await expect(target).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 30_000 });
}
