import { expect, type Locator, type Page, type Request } from '@playwright/test';
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
  const room = rooms.getByRole('button', { name: new RegExp(`^${name}`) });
  const opened = page.getByRole('heading', { level: 1, name });
  // The list moves when the search's answer lands (the room takes the first place), so a click aimed
  // a moment before lands beside the room, as a finger would; like a person, touch it again then.
  // Setting up, not a claim about speed: choosing a room is a round of calls to the host and the
  // service, which a machine running the suite beside a load can take longer than 5 s to finish.
  await expect(async () => {
    if (await picker.isVisible()) await room.click({ timeout: 5_000 });
    await expect(opened).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 45_000 });
  await expect(page.locator('[data-ready="true"]')).toBeVisible({ timeout: 15_000 });
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

/** The page's requests still waiting for an answer, counted from Playwright's events. */
const inFlight = new WeakMap<Page, Set<Request>>();

function requestsOf(page: Page): Set<Request> {
  let open = inFlight.get(page);
  if (open === undefined) {
    const requests = new Set<Request>();
    // The live channel's event stream stays open for the page's life: it is never "in flight".
    page.on('request', (request) => {
      if (request.resourceType() !== 'eventsource') requests.add(request);
    });
    page.on('requestfinished', (request) => requests.delete(request));
    page.on('requestfailed', (request) => requests.delete(request));
    inFlight.set(page, requests);
    open = requests;
  }
  return open;
}

/**
 * Runs the page's clock (installed with `page.clock.install()`) forward `ms`, in steps of `stepMs`,
 * each taken only once the page's requests have their answers. The page's deadlines for the bridge
 * run on that clock too: one jump of a minute fires the deadline of a request still on its way, and
 * the page then reports, truly, a link that did not answer in time.
 */
export async function fastForwardSettled(page: Page, ms: number, stepMs = 2_000): Promise<void> {
  const open = requestsOf(page);
  for (let run = 0; run < ms; run += stepMs) {
    await expect.poll(() => open.size, { timeout: 15_000, message: "the page's requests answered" }).toBe(0);
    await page.clock.fastForward(Math.min(stepMs, ms - run));
  }
}

/**
 * Runs the page's clock to just before a timer due `dueMs` from now, then on in small steps until
 * `shown` passes (`fastForwardUntilVisible` for a thing that appears). One jump past the timer,
 * retried when a loaded machine draws the result late, would jump again and run through what the
 * shown thing then waits for (an unanswered question's minute); a step overshoots by seconds at most.
 */
export async function fastForwardUntil(
  page: Page,
  dueMs: number,
  shown: () => Promise<void>,
  stepMs = 2_000,
): Promise<void> {
  await fastForwardSettled(page, Math.max(0, dueMs - stepMs), stepMs);
  await expect(async () => {
    await fastForwardSettled(page, stepMs, stepMs);
    await shown();
  }).toPass({ timeout: 30_000 });
}

/** `fastForwardUntil` a timer due `dueMs` from now shows `target`. */
export function fastForwardUntilVisible(page: Page, target: Locator, dueMs: number): Promise<void> {
  return fastForwardUntil(page, dueMs, () => expect(target).toBeVisible({ timeout: 500 }));
}

/**
 * A touch on the panel before the press a test means, as a person at the wall gives one: a dimmed
 * panel wakes (that first touch does nothing else), an awake one starts its idle time again. So the
 * screen saver cannot come up between the test looking and pressing: "is it showing? then tap it"
 * lost that race on a loaded machine, and the press went to the saver.
 */
export async function touchToWake(page: Page): Promise<void> {
  await page.locator('.panel').first().dispatchEvent('pointerdown');
  await expect(page.locator('[data-screensaver]')).toHaveCount(0);
}
