import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, expectError, fakeClock, SYS, startApi } from './support.ts';

/*
 * Rooms as people use them through the API: what one room does never reaches another (a shared
 * lighting gateway serves each room its own areas), a room command that did not do what it says
 * fails naming the device, and a room's calendar books, clashes and ends meetings.
 */

type State = Record<string, unknown>;
const clock = fakeClock();
let api: Api;
beforeAll(async () => {
  api = await startApi({ roles: ['admin'], now: clock.now });
});
afterAll(() => api.close());

const exec = (system: string, module: string, method: string, args: unknown[] = []) =>
  api.req<unknown>('POST', `/api/control/systems/${system}/exec`, { json: { module, method, args } });
const state = async (system: string, module: string) =>
  (await api.req<State>('GET', `/api/control/systems/${system}/state?module=${module}`)).body;
const areas = (s: State) =>
  Object.keys(s)
    .filter((k) => k.startsWith('area_'))
    .sort();

describe('a lighting gateway shared by several rooms', () => {
  it('shows each room only its own areas and scenes', async () => {
    expect(areas(await state(SYS.boardroom, 'Lighting'))).toEqual(['area_1', 'area_2']);
    expect(areas(await state(SYS.lab, 'Lighting'))).toEqual(['area_3']);
    expect(areas(await state(SYS.lounge, 'Lighting'))).toEqual(['area_4']);
  });

  it('starting the Boardroom leaves the Innovation Lab’s and the Lounge’s lights as they were', async () => {
    expect((await exec(SYS.lab, 'Lighting', 'level', [3, 35])).status).toBe(200);
    expect((await exec(SYS.lounge, 'Lighting', 'level', [4, 60])).status).toBe(200);
    expect((await exec(SYS.boardroom, 'RoomLogic', 'power', [true])).status).toBe(200);
    const board = await state(SYS.boardroom, 'Lighting');
    expect(board).toMatchObject({ scene_name: 'Presentation' });
    expect(await state(SYS.lab, 'Lighting')).toMatchObject({ area_3: 35 });
    expect(await state(SYS.lounge, 'Lighting')).toMatchObject({ area_4: 60 });
  });

  it('switching the Auditorium off leaves the Kauri Training Room’s lights on', async () => {
    expect((await exec(SYS.training, 'Lighting', 'scene', [4])).status).toBe(200);
    expect((await exec(SYS.auditorium, 'RoomLogic', 'power', [false])).status).toBe(200);
    expect(await state(SYS.training, 'Lighting')).toMatchObject({
      area_1: 100,
      area_2: 100,
      scene_name: 'Full',
    });
    expect(await state(SYS.auditorium, 'Lighting')).toMatchObject({ area_3: 0, area_4: 0 });
  });

  it('refuses a room’s command for another room’s area, saying whose it is', async () => {
    const res = await exec(SYS.boardroom, 'Lighting', 'level', [3, 80]);
    expectError(res, 502, 'driver_error');
    expect(res.text).toContain('belongs to another room');
  });
});

describe('a room command that does not do what it says', () => {
  it('fails naming the device in room words, not its address', async () => {
    await api.req('PUT', '/api/control/modules/mod-huddle-display', {
      json: { settings: { offline: true } },
    });
    try {
      const res = await exec(SYS.huddle, 'RoomLogic', 'select_source', ['Laptop']);
      expectError(res, 502, 'driver_error');
      expect(res.text).toContain('Display 1 did not respond');
      expect(res.text).not.toContain('10.20.3.31');
      expect(await state(SYS.huddle, 'RoomLogic')).toMatchObject({
        last_error: expect.stringContaining('Display 1'),
      });
    } finally {
      await api.req('PUT', '/api/control/modules/mod-huddle-display', { json: { settings: {} } });
    }
  });

  it('reports warming while a projector warms up, and applies the installer’s start volume', async () => {
    // Started by an earlier test: let the projector finish warming before switching it off.
    clock.advance(60_000);
    expect((await exec(SYS.boardroom, 'RoomLogic', 'power', [false])).status).toBe(200);
    clock.advance(60_000);
    expect((await exec(SYS.boardroom, 'RoomLogic', 'power', [true])).status).toBe(200);
    expect(await state(SYS.boardroom, 'RoomLogic')).toMatchObject({ power: true, warming: true });
    expect(await state(SYS.boardroom, 'Mixer')).toMatchObject({ master: -20 });
    clock.advance(60_000);
    expect(await state(SYS.boardroom, 'RoomLogic')).toMatchObject({ warming: false, warming_until: null });
  });
});

describe('the room’s calendar', () => {
  it('holds a realistic day: some rooms busy now (one privately), others free until their next meeting', async () => {
    const board = await state(SYS.boardroom, 'Bookings');
    expect(board).toMatchObject({
      connected: true,
      calendar: 'harbour.boardroom@demo.local',
      status: 'busy',
    });
    expect((board.current as State).title).toBe('Board meeting');
    expect(((await state(SYS.training, 'Bookings')).current as State).private).toBe(true);
    const huddle = await state(SYS.huddle, 'Bookings');
    expect(huddle).toMatchObject({ status: 'free', current: null });
    expect(huddle.free_until).toBe((huddle.next as State).start);
    expect(
      (await api.req('GET', `/api/control/systems/${SYS.auditorium}/count?module=Bookings`)).body,
    ).toEqual({ count: 0 });
  });

  it('is a service module reached through its uri', async () => {
    const module = (await api.req<State>('GET', '/api/control/modules/mod-huddle-bookings')).body;
    expect(module).toMatchObject({ role: 2, uri: expect.stringMatching(/^https:\/\//) });
  });

  it('books now, refuses a clash with a readable message, extends and ends the meeting', async () => {
    const before = await state(SYS.huddle, 'Bookings');
    const next = before.next as State;
    const minutesFree = Math.floor(((next.start as number) - Math.floor(clock.now() / 1000)) / 60);
    const clash = await exec(SYS.huddle, 'Bookings', 'book_now', [minutesFree + 15]);
    expectError(clash, 502, 'driver_error');
    expect(clash.text).toMatch(/booked from \d\d:\d\d \(Design sync\); book \d+ minutes or less/);

    expect((await exec(SYS.huddle, 'Bookings', 'book_now', [15])).status).toBe(200);
    const booked = await state(SYS.huddle, 'Bookings');
    expect(booked).toMatchObject({
      status: 'busy',
      current: { booked_here: true, title: 'Booked at the room' },
    });
    expectError(await exec(SYS.huddle, 'Bookings', 'book_now', [15]), 502, 'driver_error');

    expect((await exec(SYS.huddle, 'Bookings', 'extend', [5])).status).toBe(200);
    expect(((await state(SYS.huddle, 'Bookings')).current as State).end).toBe(
      ((booked.current as State).end as number) + 300,
    );

    clock.advance(120_000);
    expect((await exec(SYS.huddle, 'Bookings', 'end_meeting')).status).toBe(200);
    const after = await state(SYS.huddle, 'Bookings');
    expect(after).toMatchObject({ status: 'free', current: null });
    // The meeting stays in the day's calendar, ending when it was ended.
    expect((after.today as State[]).find((m) => m.booked_here === true)?.end).toBe(
      Math.floor(clock.now() / 1000),
    );
    expectError(await exec(SYS.huddle, 'Bookings', 'end_meeting'), 502, 'driver_error');
  });

  it('refuses an extension past the next meeting, saying by how much it can be extended', async () => {
    const now = () => Math.floor(clock.now() / 1000);
    const next = (await state(SYS.lab, 'Bookings')).next as State;
    // A meeting for now that ends 20 minutes before the next one.
    const minutes = Math.floor(((next.start as number) - now()) / 60) - 20;
    expect((await exec(SYS.lab, 'Bookings', 'book_now', [minutes])).status).toBe(200);
    const refused = await exec(SYS.lab, 'Bookings', 'extend', [30]);
    expectError(refused, 502, 'driver_error');
    expect(refused.text).toMatch(/booked from \d\d:\d\d \(Prototype demo\); extend by 20 minutes or less/);
    expect((await exec(SYS.lab, 'Bookings', 'extend', [20])).status).toBe(200);
    expect(((await state(SYS.lab, 'Bookings')).current as State).end).toBe(next.start);
    expect((await exec(SYS.lab, 'Bookings', 'end_meeting')).status).toBe(200);
  });

  it('releases a meeting booked for now from a desk that nobody checked in to, after the no-show time', async () => {
    await api.req('PUT', '/api/control/modules/mod-huddle-bookings', {
      json: { settings: { calendar: 'huddle.3.2@demo.local', no_show_minutes: 5 } },
    });
    const next = (await state(SYS.huddle, 'Bookings')).next as State;
    const now = Math.floor(clock.now() / 1000);
    if ((next.start as number) - now < 20 * 60) throw new Error('no room to book');
    expect((await exec(SYS.huddle, 'Bookings', 'book', [now, 15, 'Desk booking'])).status).toBe(200);
    const booked = (await state(SYS.huddle, 'Bookings')).current as State;
    expect(booked.release_at).toBe((booked.start as number) + 300);

    clock.advance(299_000);
    expect(await state(SYS.huddle, 'Bookings')).toMatchObject({ status: 'busy' });
    clock.advance(1_000);
    const after = await state(SYS.huddle, 'Bookings');
    expect(after).toMatchObject({ status: 'free', current: null });
    expect((after.today as State[]).some((m) => m.id === booked.id)).toBe(false);
    expect(after.released).toContainEqual(
      expect.objectContaining({ id: booked.id, released_at: (booked.start as number) + 300 }),
    );
  });

  it('never releases a meeting booked at the panel: the person who booked it is in the room', async () => {
    await api.req('PUT', '/api/control/modules/mod-huddle-bookings', {
      json: { settings: { calendar: 'huddle.3.2@demo.local', no_show_minutes: 5 } },
    });
    // Twenty-three seconds past the minute: the booking still ends on a whole minute.
    clock.advance(23_000);
    const now = Math.floor(clock.now() / 1000);
    expect((await exec(SYS.huddle, 'Bookings', 'book_now', [15])).status).toBe(200);
    const booked = (await state(SYS.huddle, 'Bookings')).current as State;
    expect(booked).toMatchObject({ booked_here: true, checked_in: true, release_at: null, start: now });
    expect(booked.end).toBe(Math.floor((now + 15 * 60) / 60) * 60);
    clock.advance(6 * 60_000);
    expect(await state(SYS.huddle, 'Bookings')).toMatchObject({ status: 'busy', current: { id: booked.id } });
    // A mistaken booking is cancelled: the room is free again, and the meeting gone from the day.
    expect((await exec(SYS.huddle, 'Bookings', 'cancel', [booked.id as string])).status).toBe(200);
    const after = await state(SYS.huddle, 'Bookings');
    expect(after).toMatchObject({ status: 'free', current: null });
    expect((after.today as State[]).some((m) => m.id === booked.id)).toBe(false);
    clock.advance(37_000);
  });

  it('keeps a meeting someone checked in to, and books for others from a desk calendar', async () => {
    const start = Math.floor(clock.now() / 1000);
    expect((await exec(SYS.huddle, 'Bookings', 'book', [start, 15, 'Walk-in'])).status).toBe(200);
    expect(((await state(SYS.huddle, 'Bookings')).current as State).release_at).toBe(start + 300);
    expect((await exec(SYS.huddle, 'Bookings', 'check_in')).status).toBe(200);
    expect(((await state(SYS.huddle, 'Bookings')).current as State).release_at).toBeNull();
    clock.advance(600_000);
    expect(await state(SYS.huddle, 'Bookings')).toMatchObject({ status: 'busy' });
    expect((await exec(SYS.huddle, 'Bookings', 'end_meeting')).status).toBe(200);
    expectError(await exec(SYS.huddle, 'Bookings', 'check_in'), 502, 'driver_error');

    // Someone books the next half hour from their desk; it clashes with nothing, then is cancelled.
    const now = Math.floor(clock.now() / 1000);
    const desk = await exec(SYS.huddle, 'Bookings', 'book', [now + 60, 15, 'Desk booking']);
    expect(desk.status).toBe(200);
    const id = (desk.body as State).id as string;
    expect((await state(SYS.huddle, 'Bookings')).next).toMatchObject({ id, title: 'Desk booking' });
    const clash = await exec(SYS.huddle, 'Bookings', 'book_now', [30]);
    expect(clash.text).toMatch(/booked from \d\d:\d\d \(Desk booking\)\./);
    expect((await exec(SYS.huddle, 'Bookings', 'cancel', [id])).status).toBe(200);
    expect((await state(SYS.huddle, 'Bookings')).next).not.toMatchObject({ id });
    await api.req('PUT', '/api/control/modules/mod-huddle-bookings', {
      json: { settings: { calendar: 'huddle.3.2@demo.local' } },
    });
  });
});
