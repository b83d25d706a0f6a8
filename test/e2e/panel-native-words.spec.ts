import { expect, ownStack, test } from './support/stack.ts';
import {
  closeHelp,
  helpButton,
  helpSheet,
  openRoomAnyLanguage,
  signInAnyLanguage,
} from './support/any-language.ts';
import { expectAccessible, shoot } from './support/fit.ts';
import { openRoom } from './support/panel.ts';
import { SIZES } from './support/sizes.ts';

/*
 * Words that feel native: what the panel can name itself it names in the room's language. A
 * room's feature tokens ("dsp", "radio-mics"), a device's kind ("Projector 1") and the pages'
 * headings come from the catalogue; the room picker shows no configuration tokens. The room speaks
 * German or Arabic through its own settings (settings.panel.locale). Screenshots in
 * test-results/screens/words/.
 *
 * Its own stack: the tests take the auditorium's projector offline and change rooms' languages.
 */

const AUDITORIUM = { id: 'sys-tasman-auditorium', name: 'Tasman Auditorium' };
const PROJECTOR = 'mod-auditorium-projector';
const FOLDER = 'words';
// A configuration token: lower-case words joined by hyphens ("ceiling-mics", "lecture-capture").
const TOKEN = /\b[a-z]+(?:-[a-z]+)+\b/;

const { stack, service } = ownStack();
test.afterAll(async () => {
  await service?.moduleSettings(PROJECTOR, {}).catch(() => undefined);
});
test.use({ hasTouch: true });
test.describe.configure({ timeout: 240_000 });

/** The room speaks `locale` and offers `languages` (null: its settings say nothing of language). */
async function roomLanguage(systemId: string, locale: string | null, languages?: string[]): Promise<void> {
  const system = await service.request<{ version: number; settings: Record<string, unknown> }>(
    'GET',
    `/systems/${systemId}`,
  );
  const {
    locale: _old,
    languages: _offered,
    ...panel
  } = (system.settings.panel ?? {}) as Record<string, unknown>;
  await service.request('PUT', `/systems/${systemId}`, {
    version: system.version,
    settings: {
      ...system.settings,
      panel: locale === null ? panel : { ...panel, locale, ...(languages ? { languages } : {}) },
    },
  });
}

const WORDS = [
  {
    code: 'de',
    features: ['Projektor', 'Audioprozessor', 'Kamera', 'Vorlesungsaufzeichnung', 'Funkmikrofone'],
    projector: 'Projektor',
  },
  {
    code: 'ar',
    features: ['جهاز عرض', 'معالج صوت', 'كاميرا', 'تسجيل المحاضرات', 'ميكروفونات لاسلكية'],
    projector: 'جهاز العرض',
  },
] as const;

for (const language of WORDS) {
  test(`in ${language.code}: the room's features, its projector's name and its page headings are the language's words`, async ({
    page,
  }) => {
    await roomLanguage(AUDITORIUM.id, language.code);
    await service.moduleSettings(PROJECTOR, { offline: true });
    await signInAnyLanguage(page, stack.host.url);
    await openRoomAnyLanguage(page, AUDITORIUM.id, AUDITORIUM.name);
    await expect(page.locator('html')).toHaveAttribute('lang', language.code);
    const panel = page.locator('.panel');

    // The devices' line names the silent projector by its kind, in the language.
    if ((await panel.getAttribute('data-view')) === 'welcome') {
      await page.locator('.panel .source-tile').first().tap();
      await expect(panel).toHaveAttribute('data-view', 'in-use', { timeout: 15_000 });
    }
    const line = page.locator('.panel .connection[data-connection="degraded"]');
    await expect(line).toContainText(language.projector, { timeout: 15_000 });
    await expect(line).not.toContainText('Projector');

    // Every heading on every page: none is a module's English class name.
    const tabs = page.getByRole('tab');
    for (let i = 0; i < (await tabs.count()); i++) {
      await tabs.nth(i).tap();
      const headings = await page.locator('.panel h2, .panel h3, .panel [role="tab"]').allTextContents();
      for (const heading of headings)
        expect(heading.trim(), 'a heading in the language').not.toMatch(
          /^(Projector|Display|Camera|Mixer)\b/,
        );
    }

    // The help sheet lists the room's features as words of the language, no token among them.
    await helpButton(page).tap();
    const about = helpSheet(page).locator('.about-facts');
    await expect(about).toBeVisible();
    const facts = (await about.textContent()) ?? '';
    for (const word of language.features) expect(facts).toContain(word);
    expect(facts).not.toMatch(TOKEN);
    expect(facts).not.toMatch(/\bdsp\b/);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await shoot(page, `${language.code}-${size.width}x${size.height}-help`, FOLDER);
    }
    if (language.code === 'ar') await expectAccessible(page, 'Arabic help with features');
    await closeHelp(page).tap();

    await service.moduleSettings(PROJECTOR, {});
    await roomLanguage(AUDITORIUM.id, null);
  });
}

test('the room picker shows a room’s features as words, never its configuration’s tokens', async ({
  page,
}) => {
  await openRoom(page, stack.host.url, 'Harbour Boardroom');
  await page.getByRole('button', { name: 'Change room' }).first().click();
  const rooms = page.getByRole('list', { name: 'Rooms' });
  await expect(rooms.getByRole('button').first()).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill('Harbour Boardroom');
  const boardroom = rooms.getByRole('button', { name: /^Harbour Boardroom/ });
  await expect(boardroom).toContainText('ceiling microphones');
  await expect(boardroom).toContainText('video calls');
  await page.getByRole('searchbox', { name: 'Search' }).fill('');
  await expect(rooms.getByRole('button').first()).toBeVisible();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const text of await rooms.locator('.room-facts').allTextContents())
      expect(text, 'a room’s facts in words').not.toMatch(TOKEN);
    await shoot(page, `en-${size.width}x${size.height}-picker`, FOLDER);
  }
});

test('an error said in German is said again in Arabic when the room’s language changes', async ({ page }) => {
  const huddle = { id: 'sys-huddle-3-2', name: 'Huddle 3.2' };
  await roomLanguage(huddle.id, 'de', ['de', 'ar']);
  await service.exec(huddle.id, 'RoomLogic', 'power', [false]).catch(() => undefined);
  await service.moduleSettings('mod-huddle-display', { offline: true });
  try {
    await signInAnyLanguage(page, stack.host.url);
    await openRoomAnyLanguage(page, huddle.id, huddle.name);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await page.locator('.panel .source-tile').first().tap();
    // Said once, in the banner under the tiles.
    const problem = page.locator('.panel .source-story[data-story="failed"]');
    await expect(problem).toBeVisible({ timeout: 30_000 });
    await expect(problem).not.toContainText(/\p{Script=Arabic}/u);
    const german = (await problem.textContent()) ?? '';

    // The room's language changes (its settings, as a technician changes them): the page follows.
    await roomLanguage(huddle.id, 'ar', ['de', 'ar']);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar', { timeout: 60_000 });
    // The same failure, said again in Arabic: not the German sentence left over.
    await expect(problem).toContainText(/\p{Script=Arabic}/u);
    await expect(problem).not.toContainText(german.replace(/\s*OK\s*$/, '').slice(0, 20));
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await shoot(page, `ar-${size.width}x${size.height}-problem-after-switch`, FOLDER);
    }
  } finally {
    await service.moduleSettings('mod-huddle-display', {});
    await roomLanguage(huddle.id, null);
  }
});
