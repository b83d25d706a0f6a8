import { expect, test } from '@playwright/test';
import {
  expectDialogFits,
  expectNoOverlap,
  expectNothingCut,
  expectOneScreen,
  expectReadable,
} from './support/fit.ts';
import { seriousByElement, seriousFindings } from './support/axe.ts';

/*
 * The fit checks themselves, on small pages in real Chromium: each fails on the fault it is for
 * (a German word too long for its button, a right-to-left row spilling out at the left, a help
 * sheet that scrolls, 16 px text, a button over a sentence, a time broken across lines) and passes the same page laid out well. So a green run of
 * i18n-fit.spec.ts means the panel fits, not that the checks looked away. The same for the accessibility
 * check every screen's test runs (support/axe.ts). No stack: fast.
 */

const page_ = (body: string, dir = 'ltr') =>
  `<!doctype html><html lang="de" dir="${dir}"><head><style>
    html, body { margin: 0; height: 100%; overflow: hidden; font: 20px/1.3 sans-serif; }
    .panel { height: 100%; display: flex; flex-direction: column; gap: 8px; }
    button { font: inherit; }
  </style></head><body>${body}</body></html>`;

test.use({ viewport: { width: 1024, height: 600 } });

test('a word too long for its button is cut; the same word allowed to wrap fits', async ({ page }) => {
  const word = 'Raumsteuerungseinstellungsübersicht';
  await page.setContent(
    page_(
      `<div class="panel"><button style="width: 160px; overflow: hidden; white-space: nowrap">${word}</button></div>`,
    ),
  );
  await expect(expectNothingCut(page, 'fixture')).rejects.toThrow(/text cut off/);
  await page.setContent(
    page_(
      `<div class="panel"><button style="width: 160px; overflow: hidden; overflow-wrap: anywhere; hyphens: auto">${word}</button></div>`,
    ),
  );
  await expectNothingCut(page, 'fixture');
});

test('an ellipsis is a cut; a short label with the same style is not', async ({ page }) => {
  const style = 'width: 120px; overflow: hidden; white-space: nowrap; text-overflow: ellipsis';
  await page.setContent(
    page_(`<div class="panel"><span style="display:block; ${style}">Besprechung beenden</span></div>`),
  );
  await expect(expectNothingCut(page, 'fixture')).rejects.toThrow(/text cut off/);
  await page.setContent(page_(`<div class="panel"><span style="display:block; ${style}">Ende</span></div>`));
  await expectNothingCut(page, 'fixture');
});

test('a right-to-left row spilling out at the left is outside the screen; one that wraps fits', async ({
  page,
}) => {
  const tiles = Array.from(
    { length: 8 },
    (_, i) => `<button style="flex: none; width: 180px">مصدر ${i + 1}</button>`,
  ).join('');
  await page.setContent(page_(`<div class="panel"><div style="display: flex">${tiles}</div></div>`, 'rtl'));
  await expect(expectOneScreen(page, 'fixture')).rejects.toThrow(/outside the screen/);
  await page.setContent(
    page_(`<div class="panel"><div style="display: flex; flex-wrap: wrap">${tiles}</div></div>`, 'rtl'),
  );
  await expectOneScreen(page, 'fixture');
});

test('a page taller than the screen scrolls; the same page in a fixed height does not', async ({ page }) => {
  await page.setContent(
    page_('<div class="panel"><div style="flex: none; height: 900px">x</div></div>').replace(
      'overflow: hidden;',
      '',
    ),
  );
  await expect(expectOneScreen(page, 'fixture')).rejects.toThrow(/page height/);
  await page.setContent(page_('<div class="panel"><div style="flex: none; height: 400px">x</div></div>'));
  await expectOneScreen(page, 'fixture');
});

test('a help sheet that scrolls inside fails; one whose text fits passes', async ({ page }) => {
  const sheet = (lines: number) =>
    page_(
      `<div class="panel"><div role="dialog" data-help style="position: fixed; inset: 20px; display: flex; flex-direction: column">
        <div class="help-columns" style="flex: 1; overflow: auto">${'<p>Hilfe für diesen Raum</p>'.repeat(lines)}</div>
        <button>Hilfe schließen</button></div></div>`,
    );
  await page.setContent(sheet(30));
  await expect(expectDialogFits(page, 'fixture', '[data-help]')).rejects.toThrow(/scrolls inside/);
  await page.setContent(sheet(3));
  await expectDialogFits(page, 'fixture', '[data-help]');
});

test('text under 18 px is named; 18 px passes', async ({ page }) => {
  await page.setContent(page_('<div class="panel"><p style="font-size: 16px">Raum ein</p></div>'));
  await expect(expectReadable(page, 'fixture')).rejects.toThrow(/under 18 px/);
  await page.setContent(page_('<div class="panel"><p style="font-size: 18px">Raum ein</p></div>'));
  await expectReadable(page, 'fixture');
});

test('a button over a sentence is an overlap; the same two side by side are not', async ({ page }) => {
  // The in-use strip as it went wrong: the end time under Extend, in a row too narrow for both.
  const strip = (row: string) =>
    page_(`<div class="panel"><div style="${row}">
      <p style="margin: 0; white-space: nowrap">Besprechung bis 7:53</p>
      <button style="width: 200px">Verlängern</button></div></div>`);
  await page.setContent(
    strip('position: relative; width: 300px; display: grid; grid-template-columns: 60px 1fr'),
  );
  await expect(expectNoOverlap(page, 'fixture')).rejects.toThrow(/on top of each other/);
  await page.setContent(strip('display: flex; gap: 12px; flex-wrap: wrap'));
  await expectNoOverlap(page, 'fixture');
});

test('two sentences drawn on one spot are an overlap; a button with its own text is one thing', async ({
  page,
}) => {
  await page.setContent(
    page_(`<div class="panel"><div style="position: relative; height: 60px">
      <p style="position: absolute; inset-inline-start: 0; margin: 0">Raum ein</p>
      <p style="position: absolute; inset-inline-start: 20px; margin: 0">Hilfe</p></div></div>`),
  );
  await expect(expectNoOverlap(page, 'fixture')).rejects.toThrow(/on top of each other/);
  await page.setContent(
    page_('<div class="panel"><button><span>Raum</span> <b>aus</b></button><p>Bis 8:30 — Vorstand</p></div>'),
  );
  await expectNoOverlap(page, 'fixture');
});

test('a time of day broken across lines is named; the same time kept whole passes', async ({ page }) => {
  const clock = (style: string) =>
    page_(
      `<div class="panel"><p style="width: 60px; font-size: 32px"><time style="${style}">8:13 AM</time></p></div>`,
    );
  await page.setContent(clock(''));
  await expect(expectNoOverlap(page, 'fixture')).rejects.toThrow(/broken across lines/);
  await page.setContent(clock('white-space: nowrap').replace('width: 60px', 'width: 200px'));
  await expectNoOverlap(page, 'fixture');
});

test('axe names a nameless button and unreadable text, narrows to a part, and passes them mended', async ({
  page,
}) => {
  const room = (button: string, grey: string) =>
    `<!doctype html><html lang="en"><head><title>Room</title></head><body><main><h1>Room</h1>
     <div id="bar">${button}</div><p style="color: ${grey}; background: #fff">Touch a source to start.</p>
     </main></body></html>`;
  await page.setContent(room('<button></button>', '#bbb'));
  expect(await seriousFindings(page, 'fixture')).toEqual([
    'fixture: button-name button',
    'fixture: color-contrast p',
  ]);
  // A selector keeps the analysis to that part: the text outside it is not judged.
  expect(await seriousFindings(page, 'bar', '#bar')).toEqual(['bar: button-name button']);
  expect(await seriousByElement(page, 'each')).toEqual([
    'each: button-name (critical) on button',
    'each: color-contrast (serious) on p',
  ]);
  await page.setContent(room('<button>Start</button>', '#222'));
  expect(await seriousFindings(page, 'fixture')).toEqual([]);
});
