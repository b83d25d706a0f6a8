import { describe, expect, it } from 'vitest';
import { errorScreen } from '../../../core/kiosk/error-screen.ts';
import type { Failure } from '../../../core/kiosk/failure.ts';
import { type PanelLocation, RecoverySupervisor } from '../../../core/kiosk/recovery.ts';
import type { Translator } from '../../../locales/index.ts';
import { loadTranslator } from '../../../locales/index.ts';
import { FakeClock } from '../../support/fake-clock.ts';

/*
 * A page that goes silent: Roomdeck measured the silence itself, so the error screen says how long
 * in the panel's language (Electron's own reasons, e.g. "crashed", stay as Electron gave them), while
 * the failure event keeps the log's English.
 */

const ROOM: PanelLocation = { systemId: 'sys-boardroom', page: null };

/** Runs a supervisor until its error screen, through `fail`, in the given language. */
async function silentUntilError(words: Translator | undefined, fail: (s: RecoverySupervisor) => void) {
  const clock = new FakeClock();
  const details: string[] = [];
  const screens: string[] = [];
  const supervisor = new RecoverySupervisor({
    clock,
    policy: { maxFailures: 1, unresponsiveMs: 10_000, heartbeatTimeoutMs: 30_000 },
    ...(words ? { words: () => words } : {}),
    onEvent: (e) => {
      if (e.what === 'failure' && e.failure) details.push(e.failure.detail);
    },
    target: {
      reload: () => undefined,
      recreate: () => undefined,
      showError: (screen) => screens.push(screen.detail),
    },
  });
  supervisor.heartbeat(ROOM);
  fail(supervisor);
  await clock.advance(30_000);
  supervisor.dispose();
  return { screens, details };
}

describe('the error screen’s words for a silent page', () => {
  it('are German: how long the heartbeat was missing', async () => {
    const { screens } = await silentUntilError(await loadTranslator('de'), () => undefined);
    expect(screens).toHaveLength(1);
    expect(screens[0]).toMatch(
      /^Letztes Problem: Die Panelseite antwortete nicht mehr \(seit 30 s kein Lebenszeichen\) um /,
    );
  });

  it('are Arabic: an unresponsive page, with the count in words', async () => {
    const { screens, details } = await silentUntilError(await loadTranslator('ar'), (s) => s.unresponsive());
    expect(screens).toHaveLength(1);
    // The log keeps its English, whatever the panel's language.
    expect(details).toEqual(['no answer for 10 s']);
    expect(screens[0]).toContain('لا استجابة منذ 10 ثوانٍ');
    expect(screens[0]).not.toContain('no answer');
  });

  it('stay English as before without a loaded language', async () => {
    const { screens } = await silentUntilError(undefined, (s) => s.unresponsive());
    expect(screens[0]).toContain('(no answer for 10 s)');
  });

  it('leave Electron’s reason as it gave it', async () => {
    const failures: Failure[] = [
      { kind: 'render-process-gone', detail: 'crashed', at: Date.UTC(2030, 0, 1) },
    ];
    const screen = errorScreen({ failures, retryInMs: 60_000, words: await loadTranslator('de') });
    expect(screen.detail).toContain('(crashed)');
  });
});
