// What a panel left alone costs the service: its requests per minute or second, by room and screen.
import type { Browser, Page } from '@playwright/test';
import type { Funcs } from '../../contract/types.ts';
import { controlsOf } from '../../renderer/src/lib/plan/auto-controls.ts';
import type { Stack } from '../../test/e2e/support/processes.ts';
import type { Service } from '../../test/e2e/support/service.ts';
import type { ServiceCounts } from './live-stack.ts';
import { newPanelPage, screenOf } from './panel.ts';

/** State requests per minute per bound module, while nobody touches the panel. */
export async function benchIdle(
  page: Page,
  windows = 3,
  windowMs = 12_000,
): Promise<{ perModule: number[]; other: number[] }> {
  await page.waitForTimeout(6_000); // past the fast period that follows the last press
  const perModule: number[] = [];
  const other: number[] = [];
  for (let w = 0; w < windows; w++) {
    const modules = new Map<string, number>();
    let rest = 0;
    const onRequest = (request: { url(): string; postData(): string | null }) => {
      if (!request.url().includes('/bridge/')) return;
      if (request.url().endsWith('/bridge/systems/state')) {
        const body = JSON.parse(request.postData() ?? '{}') as { module?: string; index?: number };
        const key = `${body.module}/${body.index ?? 1}`;
        modules.set(key, (modules.get(key) ?? 0) + 1);
      } else rest += 1;
    };
    page.on('request', onRequest);
    await page.waitForTimeout(windowMs);
    page.off('request', onRequest);
    const total = [...modules.values()].reduce((a, b) => a + b, 0);
    perModule.push(((total / Math.max(1, modules.size)) * 60_000) / windowMs);
    other.push((rest * 60_000) / windowMs);
  }
  return { perModule, other };
}

/** A panel left alone on the welcome screen: every bridge call that reaches the service, per second. */
export async function benchIdleWelcome(
  browser: Browser,
  stack: Stack,
  service: Service,
  windows = 2,
  windowMs = 30_000,
) {
  const BOARDROOM = 'sys-harbour-boardroom';
  await service.exec(BOARDROOM, 'RoomLogic', 'power', [false]).catch(() => undefined);
  const page = await newPanelPage(browser);
  await page.goto(stack.host.launchUrl);
  if ((await screenOf(page)) === 'panel') await page.getByRole('button', { name: 'Change room' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill('boardroom');
  await page
    .getByRole('list', { name: 'Rooms' })
    .getByRole('button', { name: /^Harbour Boardroom/ })
    .click();
  await page.locator('[data-view="welcome"]').waitFor();
  await page.waitForTimeout(6_000); // past the fast period after the last touch
  const perSecond: number[] = [];
  const byVerb: Record<string, number> = {};
  for (let w = 0; w < windows; w++) {
    let count = 0;
    const onRequest = (request: { url(): string }) => {
      const verb = /\/bridge\/(\w+\/\w+)$/.exec(request.url())?.[1];
      // Verbs answered by the host alone (config, session status, the panel's heartbeat) cost the
      // service nothing.
      if (
        verb === undefined ||
        verb.startsWith('config/') ||
        verb.startsWith('session/') ||
        verb.startsWith('panel/')
      )
        return;
      count += 1;
      byVerb[verb] = (byVerb[verb] ?? 0) + 1;
    };
    page.on('request', onRequest);
    await page.waitForTimeout(windowMs);
    page.off('request', onRequest);
    perSecond.push((count * 1000) / windowMs);
  }
  await page.context().close();
  return { perSecond, byVerb };
}

/**
 * The auditorium left alone on each screen: state requests per minute and which modules they
 * reach. Before the task-first panel, every module with a control on the one long page was polled.
 */
export async function benchAuditoriumIdle(
  browser: Browser,
  stack: Stack,
  service: Service,
  windowMs = 12_000,
) {
  const AUDITORIUM = 'sys-tasman-auditorium';
  await service.exec(AUDITORIUM, 'RoomLogic', 'power', [false]).catch(() => undefined);
  const page = await newPanelPage(browser);
  await page.goto(stack.host.launchUrl);
  if ((await screenOf(page)) === 'panel') await page.getByRole('button', { name: 'Change room' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill('auditorium');
  await page
    .getByRole('list', { name: 'Rooms' })
    .getByRole('button', { name: /^Tasman Auditorium/ })
    .click();
  await page.locator('[data-ready="true"]').waitFor();
  const after: Record<string, number[]> = {};
  const modules: Record<string, string[]> = {};
  const measure = async (screen: string) => {
    await page.waitForTimeout(6_000); // past the fast period after the last touch
    after[screen] = [];
    const seen = new Set<string>();
    for (let w = 0; w < 2; w++) {
      let count = 0;
      const onRequest = (request: { url(): string; postData(): string | null }) => {
        if (!request.url().endsWith('/bridge/systems/state')) return;
        const body = JSON.parse(request.postData() ?? '{}') as { module?: string; index?: number };
        seen.add(`${body.module} ${body.index ?? 1}`);
        count += 1;
      };
      page.on('request', onRequest);
      await page.waitForTimeout(windowMs);
      page.off('request', onRequest);
      after[screen].push((count * 60_000) / windowMs);
    }
    modules[screen] = [...seen].sort();
  };
  await measure('welcome, room off');
  await page.getByRole('group', { name: 'Sources' }).getByRole('button').first().click();
  await page.locator('[data-view="in-use"]').waitFor();
  await measure('in use, Sources page');
  // The lecturer's microphones (the mixer's channel mutes): the curated page since stop 25.
  await page.getByRole('tab', { name: 'Mics' }).click();
  await measure('in use, Mics page');
  await page.context().close();
  // The previous one-page layout polled every module one of its controls showed the state of.
  const types = await service.request<Record<string, number>>('GET', `/systems/${AUDITORIUM}/types`);
  const instances = Object.entries(types).flatMap(([module, count]) =>
    Array.from({ length: count }, (_, i) => ({ module, index: i + 1, count })),
  );
  const infos = await Promise.all(
    instances.map(async (m) => ({
      ...m,
      funcs: await service.request<Funcs>(
        'GET',
        `/systems/${AUDITORIUM}/funcs?module=${m.module}&index=${m.index}`,
      ),
      state: await service.state(AUDITORIUM, m.module, m.index),
    })),
  );
  // Every module one of whose automatic controls showed a state was polled.
  const beforeModules = infos
    .filter((m) => controlsOf(m).some((c) => c.status !== undefined))
    .map((m) => `${m.module} ${m.index}`);
  return { after, modules, before: (beforeModules.length * 60_000) / 2_000, beforeModules };
}

/** What the simulator counted over a window (live-stack.ts). */
interface CountingService {
  reset(): Promise<void>;
  counts(): Promise<ServiceCounts>;
}

/**
 * A panel left alone, counted at the simulator, not in the page: every HTTP request (the state
 * reads, module lists, system, bookings, token refreshes: whatever the host sends for it) and every
 * control websocket frame both ways, pings and pongs included, per second over `windowMs`.
 */
export async function benchIdleAtService(
  page: Page,
  service: CountingService,
  windowMs: number,
  settleMs = 8_000,
): Promise<{ requestsPerS: number; framesPerS: number; counts: ServiceCounts }> {
  await page.waitForTimeout(settleMs); // past the fast period after the last touch, the binds answered
  await service.reset();
  await page.waitForTimeout(windowMs);
  const counts = await service.counts();
  return {
    requestsPerS: counts.requests / counts.seconds,
    framesPerS: (counts.socket.framesIn + counts.socket.framesOut) / counts.seconds,
    counts,
  };
}
