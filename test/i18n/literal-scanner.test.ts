// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the fixtures are source code, template placeholders and all.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkLiterals, scanFile } from '../../scripts/i18n/find-literals.ts';
import { scanSvelte, scanTs } from '../../scripts/i18n/literals.ts';

/*
 * The user-facing-literal scanner itself, on small fixtures: what it must catch (words a person
 * reads) and what it must leave alone (code that happens to hold letters), so its verdict on the
 * real source can be trusted both ways.
 */

const svelteTexts = (source: string) => scanSvelte(source, 'Fixture.svelte').map((f) => f.text);
const tsTexts = (source: string) => scanTs(source, 'fixture.ts').map((f) => f.text);

describe('Svelte markup', () => {
  it('catches text a person reads, with its line', () => {
    const found = scanSvelte('<div>\n  <p>Hello there</p>\n</div>', 'Fixture.svelte');
    expect(found).toEqual([
      { file: 'Fixture.svelte', line: 2, column: 6, kind: 'text', text: 'Hello there' },
    ]);
  });

  it('catches word attributes: aria-label, title, placeholder, alt', () => {
    expect(svelteTexts('<button aria-label="Close">×</button>')).toEqual(['Close']);
    expect(
      svelteTexts('<input placeholder="Search rooms" title="Find" /><img alt="Room plan" src="/a.png" />'),
    ).toEqual(['Search rooms', 'Find', 'Room plan']);
  });

  it('catches words given to a component’s word props, not its other props', () => {
    expect(svelteTexts('<TextField label="Name" field="name" kind="email" hint="Leave it empty" />')).toEqual(
      ['Name', 'Leave it empty'],
    );
    expect(svelteTexts('<Confirm question="Switch the room off?" onanswer={x} />')).toEqual([
      'Switch the room off?',
    ]);
  });

  it('catches words in expressions shown as text and in word attributes', () => {
    expect(svelteTexts("<p>{on ? 'Room on' : 'Room off'}</p>")).toEqual(['Room on', 'Room off']);
    expect(svelteTexts("<span>{muted ? 'Muted' : level}</span>")).toEqual(['Muted']);
    expect(svelteTexts('<button aria-label={`Mute ${name}`}>×</button>')).toEqual(['Mute ${name}']);
  });

  it('catches words in the component’s script and its event handlers', () => {
    expect(svelteTexts('<script lang="ts">const a = () => toast(\'Room is on\');</script>')).toEqual([
      'Room is on',
    ]);
    expect(svelteTexts("<button onclick={() => say('The room is off')}>{t('panel.x')}</button>")).toEqual([
      'The room is off',
    ]);
  });

  it('leaves alone classes, keys passed to t(), imports, ids, data-* and technical identifiers in <code>', () => {
    expect(svelteTexts('<div class="big red" id="main-view" data-view="welcome"></div>')).toEqual([]);
    expect(
      svelteTexts(
        "<p>{t('panel.x')}</p><button aria-label={t('panel.close')}>{t('common.close', { name })}</button>",
      ),
    ).toEqual([]);
    expect(
      svelteTexts(
        "<script lang=\"ts\">import x from './y.ts';\nimport Big from './Big Thing.svelte';</script>",
      ),
    ).toEqual([]);
    expect(svelteTexts('<p><code>level(area, value)</code></p><p>{value} · {unit}</p>')).toEqual([]);
    expect(svelteTexts('<div class={on ? "tile on" : "tile off"} style="color: red"></div>')).toEqual([]);
    expect(svelteTexts('<style>.big { content: "Hello there"; }</style><p>–</p>')).toEqual([]);
  });
});

describe('TypeScript', () => {
  it('catches phrases in calls, returns, objects and templates', () => {
    expect(tsTexts("toast('Room is on');")).toEqual(['Room is on']);
    expect(tsTexts('export function words(n: number) { return `${n} people in the room`; }')).toEqual([
      '${n} people in the room',
    ]);
    expect(tsTexts("const x = { label: 'Volume', hint: 'Drag to change' };")).toEqual([
      'Volume',
      'Drag to change',
    ]);
    expect(tsTexts('const choice = (a: string, b: string) => `${a} or ${b}`;')).toEqual(['${a} or ${b}']);
  });

  it('catches one capitalised word where it is shown: a return, a word prop, a default', () => {
    expect(tsTexts("function f(on: boolean) { return on ? 'On' : 'Off'; }")).toEqual(['On', 'Off']);
    expect(tsTexts("let { yes = 'Yes' }: { yes?: string } = props;")).toEqual(['Yes']);
    expect(tsTexts('const f = (n: number) => `Input ${n}`;')).toEqual(['Input ${n}']);
  });

  it('leaves alone keys passed to t(), imports, property keys, logs, developer errors and comparisons', () => {
    expect(tsTexts("import x from './y.ts';\nexport { z } from './Some Thing.ts';")).toEqual([]);
    expect(tsTexts("t('panel.x'); t('panel.power.on', { name });")).toEqual([]);
    expect(tsTexts("const o = { 'Some key here': 1 }; o['Another key here'];")).toEqual([]);
    expect(tsTexts("console.warn('The room did not answer'); log.info('Sent the command');")).toEqual([]);
    expect(
      tsTexts(
        "throw new Error('i18n: no language loaded yet'); new TypeError('Bad thing here'); new PartialFailure(d, 'Not everything worked');",
      ),
    ).toEqual([]);
    expect(tsTexts("if (state === 'Not ready') {} switch (x) { case 'Warming up': break; }")).toEqual([]);
    expect(tsTexts("type Kind = 'Room on' | 'Room off';")).toEqual([]);
  });

  it('leaves alone CSS, classes, selectors, MIME types, URLs, regexes and lone words in code', () => {
    expect(tsTexts("const c = { class: 'tile big', style: 'margin: 0 auto' };")).toEqual([]);
    expect(tsTexts("document.querySelector('.panel button.big'); el.classList.add('is on');")).toEqual([]);
    expect(tsTexts("const a = 'tile tile-active'; const b = 'translate(0, 4px) rotate(3deg)';")).toEqual([]);
    expect(
      tsTexts("const m = 'application/json; charset=utf-8'; const u = 'https://example.org/a b';"),
    ).toEqual([]);
    expect(tsTexts("const r = /Room is (on|off)/; const s = new RegExp('Room is on');")).toEqual([]);
    expect(
      tsTexts("const mod = 'Display'; exec('Display', 'power', [true]); const p = `M${x} ${y}h1v1h-1z`;"),
    ).toEqual([]);
  });

  it('finds words in HTML strings: text between tags and word attributes, not the markup', () => {
    expect(
      tsTexts(
        'const page = `<!doctype html><html lang="en"><head><title>${t}</title><style>p{color:red}</style></head><body><p>The panel stopped</p><a href="/" title="Back home">→</a></body></html>`;',
      ),
    ).toEqual(['The panel stopped', 'Back home']);
  });
});

describe('ignores and the allowlist', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('an `i18n-ignore: reason` on the line or the line above silences it; one without a reason is itself a finding', () => {
    expect(scanFile('a.ts', "toast('Room is on'); // i18n-ignore: product name in a test page")).toEqual([]);
    expect(scanFile('a.ts', "// i18n-ignore: the service's own words\ntoast('Room is on');")).toEqual([]);
    expect(scanFile('A.svelte', '<!-- i18n-ignore: brand -->\n<p>Hello there</p>')).toEqual([]);
    expect(scanFile('a.ts', "toast('Room is on'); // i18n-ignore").map((f) => f.kind)).toEqual([
      'string',
      'i18n-ignore without a reason',
    ]);
  });

  it('over a tree: finds per file, honours the allowlist by file and text, reports stale entries', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'literals-'));
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(dir!, file)), { recursive: true });
      writeFileSync(path.join(dir!, file), text);
    };
    write('renderer/src/views/A.svelte', '<h1>Roomdeck</h1>\n<p>Hello there</p>\n');
    write('renderer/src/lib/b.ts', "export const f = () => toast('Room is on');\n");
    write('core/kiosk/c.ts', "export const g = () => t('app.kiosk.title');\n");
    write('host/pages.ts', "export const p = () => layout('Returning to Roomdeck…', '');\n");
    write(
      'host/app.ts',
      "reply.send({ message: 'Not found here' }); reply.type('text/html').send('<p>Gone away</p>');\n",
    );
    const allow = [
      { file: 'renderer/src/views/A.svelte', text: 'Roomdeck', reason: 'the product’s name' },
      { file: 'renderer/src/views/A.svelte', text: 'Goodbye', reason: 'stale' },
    ];
    const result = checkLiterals(dir, allow);
    expect(result.files).toBe(5);
    expect(result.findings.map((f) => `${f.file}:${f.line} ${f.text}`)).toEqual([
      'host/app.ts:1 Gone away',
      'host/pages.ts:1 Returning to Roomdeck…',
      'renderer/src/lib/b.ts:1 Room is on',
      'renderer/src/views/A.svelte:2 Hello there',
    ]);
    expect(result.unusedAllowances.map((e) => e.text)).toEqual(['Goodbye']);
  });
});
