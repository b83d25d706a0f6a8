import { describe, expect, it } from 'vitest';
import { equipmentOf } from '../../../renderer/src/lib/panel/equipment-words.ts';
import { failureSentence } from '../../../renderer/src/lib/words/failure-words.ts';
import { callFor, roomHelpOf } from '../../../renderer/src/lib/words/help-contact.ts';
import { generatedHelp } from '../../../renderer/src/lib/panel/help-text.ts';

const driverError = (said: string) => ({
  code: 'ROOMDECK_DRIVER_ERROR',
  message: `The device said: ${said}.`,
  details: { said },
});

describe('the help number', () => {
  it('is the room’s own (settings.help.phone or .contact), else the configured contact, else none', () => {
    expect(roomHelpOf({ help: { text: 'Hi', phone: 'ext. 4321' } }, 'AV desk')).toEqual({
      text: 'Hi',
      phone: 'ext. 4321',
    });
    expect(roomHelpOf({ help: { contact: ' Sam, 555 ' } }, 'AV desk').phone).toBe('Sam, 555');
    expect(roomHelpOf({ help: 'Call **4357**.' }, 'AV desk')).toEqual({
      text: 'Call **4357**.',
      phone: 'AV desk',
    });
    expect(roomHelpOf({ help: '  ' }, null)).toEqual({ text: null, phone: null });
    expect(roomHelpOf(undefined, ' ')).toEqual({ text: null, phone: null });
    expect(callFor(null)).toBe('call AV support');
  });
});

describe('a failure in one sentence', () => {
  const phone = 'ext. 4321';

  it('names the device the room logic named, says what to do and who to call, never the address', () => {
    const text = failureSentence(
      driverError(
        'Laptop was chosen, but Display 1 did not respond. Check it is switched on, or call AV support.',
      ),
      { phone },
    );
    expect(text).toBe(
      'Display 1 is not responding: check that it is switched on and plugged in, then try again, or call ext. 4321.',
    );
  });

  it('falls back on the device the command was for, and never repeats an address', () => {
    const text = failureSentence(driverError('Display at 10.20.3.31 is not responding (offline)'), {
      device: 'The display',
      phone: null,
    });
    expect(text).toBe(
      'The display is not responding: check that it is switched on and plugged in, then try again, or call AV support.',
    );
    expect(
      failureSentence(driverError('Blinds at 10.0.0.9 reported an error'), { device: 'The blinds', phone }),
    ).toBe('The blinds could not do that: try again, or call ext. 4321.');
  });

  it('says a calendar’s refusal as the booking message it is', () => {
    expect(
      failureSentence(driverError('The room is booked from 14:00 (Design sync); book 25 minutes or less.'), {
        booking: true,
        phone,
      }),
    ).toBe('The room is booked from 14:00 (Design sync); book 25 minutes or less.');
  });

  it('tells a person to check a device only when it is within their reach (a display, not a ceiling projector)', () => {
    const silent = driverError('The room started, but Projector 1 did not respond. Call AV support.');
    const withinReach = (device: string) => device.startsWith('Display');
    expect(failureSentence(silent, { phone, withinReach })).toBe(
      'Projector 1 is not responding: call ext. 4321.',
    );
    expect(
      failureSentence(driverError('The room started, but Display 1 did not respond.'), {
        phone,
        withinReach,
      }),
    ).toBe(
      'Display 1 is not responding: check that it is switched on and plugged in, then try again, or call ext. 4321.',
    );
    const both = {
      code: 'ROOMDECK_ROOM_PARTIAL',
      message: 'x',
      details: {
        devices: [
          { name: 'Display 1', problem: 'noAnswer' },
          { name: 'Projector 1', problem: 'noAnswer' },
        ],
      },
    };
    expect(failureSentence(both, { phone, withinReach })).toBe(
      'Display 1 and Projector 1 are not responding: call ext. 4321.',
    );
  });

  it('words a partial failure, a timeout, a stopped module and a refused value', () => {
    const partial = {
      code: 'ROOMDECK_ROOM_PARTIAL',
      message: 'Not everything worked: Projector 1 is still warming up or cooling down.',
    };
    expect(failureSentence(partial, { phone })).toMatch(
      /^Projector 1 is still warming up or cooling down: wait/,
    );
    expect(
      failureSentence({ code: 'ROOMDECK_EXEC_TIMEOUT', message: 'x' }, { device: 'The mixer', phone }),
    ).toMatch(/^The mixer is not responding: it may still do it/);
    expect(failureSentence({ code: 'ROOMDECK_MODULE_STOPPED', message: 'x' }, { phone })).toBe(
      'The room is switched off in the room system: call ext. 4321.',
    );
    expect(
      failureSentence({ code: 'ROOMDECK_INVALID_ARGUMENTS', message: 'x' }, { device: 'Display 2', phone }),
    ).toBe('Display 2 did not accept that setting: try another, or call ext. 4321.');
  });

  it('leaves failures that are not the room’s (signed out, link lost) to their own words', () => {
    expect(failureSentence({ code: 'ROOMDECK_SESSION_ENDED', message: 'x' }, { phone })).toBeNull();
    expect(failureSentence({ code: 'ROOMDECK_OFFLINE', message: 'x' }, { phone })).toBeNull();
  });
});

describe('equipment in people’s words', () => {
  it('counts what people touch, screens first, never the room’s machinery', () => {
    expect(
      equipmentOf({
        RoomLogic: 1,
        Bookings: 1,
        Switcher: 1,
        Camera: 2,
        Display: 1,
        'Presenter PC': 1,
        Mixer: 1,
      }),
    ).toEqual(['1 display', '2 cameras', '1 sound system', '1 presenter PC']);
    expect(equipmentOf({ Microphone: 3 })).toEqual(['3 microphones']);
    expect(equipmentOf({ RoomLogic: 1 })).toEqual([]);
  });
});

describe('help generated from the room’s devices', () => {
  it('mentions only what the room has', () => {
    const huddle = generatedHelp({ Display: 1, RoomLogic: 1 }, ['Laptop', 'Wireless']);
    expect(huddle).toContain('Touch **Laptop** or **Wireless**');
    expect(huddle).not.toMatch(/projector|camera|Room PC|lights|blinds/i);
    const theatre = generatedHelp({ Projector: 1, Mixer: 1, Lighting: 1, Camera: 2 }, ['Lectern PC']);
    expect(theatre).toMatch(/projector takes about half a minute/);
    expect(theatre).toContain('Lights and cameras have their own pages');
    expect(theatre).not.toMatch(/blinds/i);
  });
});
