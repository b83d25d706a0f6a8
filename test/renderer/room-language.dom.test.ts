import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../renderer/src/lib/time/clock.ts';
import { useLanguage } from '../../renderer/src/lib/i18n/i18n.svelte.ts';
import { Room } from '../../renderer/src/lib/room/room.svelte.ts';
import { detail, fakeApi, mod } from './support/room-api.ts';

const POLL = { fastMs: 250, fastForMs: 5_000, idleMs: 2_000 };

let room: Room | undefined;
afterEach(async () => {
  room?.dispose();
  await useLanguage('en');
});

describe('a room’s automatic pages follow the page’s language', () => {
  it('names its pages and controls again when the language changes, and back', async () => {
    const { api } = fakeApi(detail(undefined, [mod('m1', 'Display'), mod('m2', 'Lighting')]), {
      Display: 1,
      Lighting: 1,
    });
    room = new Room({ api, systemId: 'sys-1', poll: POLL, clock: systemClock });
    await room.load();
    const titles = () => room?.plan?.pages.map((p) => p.title);
    expect(titles()).toEqual(['Sources', 'Lights']);
    await useLanguage('de');
    expect(titles()).toEqual(['Quellen', 'Licht']);
    // Read twice, the same plan: built once per language, not on every read.
    expect(room.plan).toBe(room.plan);
    await useLanguage('ar');
    expect(titles()).toEqual(['المصادر', 'الإضاءة']);
    await useLanguage('en');
    expect(titles()).toEqual(['Sources', 'Lights']);
    // Data stays as the service gave it: the displays' inputs are its names.
    expect(room.plan?.home.map((t) => t.label)).toEqual(['HDMI 1', 'HDMI 2', 'USB-C']);
  });
});
