import { describe, expect, it } from 'vitest';
import {
  checkSettings,
  typesOf,
  whereIs,
} from '../../../renderer/src/lib/technician/systems/settings-check.ts';

const types = typesOf(['Display', 'RoomLogic', 'Display']);
const button = { type: 'button', label: 'On', module: 'Display', method: 'power', args: [true] };

describe('a room’s settings as typed', () => {
  it('counts classes as the service’s types do', () => {
    expect(types).toEqual({ Display: 2, RoomLogic: 1 });
  });

  it('says when the text is not JSON, or not an object', () => {
    expect(checkSettings('{"a": ', types)).toMatchObject({ state: 'invalid-json' });
    expect(checkSettings('[1]', types)).toMatchObject({
      state: 'invalid-json',
      reason: expect.stringMatching(/JSON object/),
    });
  });

  it('is fine without a panel layout', () => {
    expect(checkSettings('{"help": "Call 555"}', types)).toEqual({ state: 'no-panel' });
  });

  it('checks settings.panel against the panel layout schema and points at the mistake', () => {
    const ok = checkSettings(
      JSON.stringify({ panel: { version: 1, sections: [{ title: 'Display', controls: [button] }] } }),
      types,
    );
    expect(ok.state).toBe('panel-ok');
    const bad = checkSettings(
      JSON.stringify({
        panel: {
          version: 1,
          sections: [{ title: 'Display', controls: [{ ...button, label: undefined, colour: 'red' }] }],
        },
      }),
      types,
    );
    expect(bad.state).toBe('panel-problems');
    if (bad.state !== 'panel-problems') return;
    expect(bad.problems.map((p) => p.path)).toContain('/sections/0/controls/0/colour');
    expect(whereIs('/sections/0/controls/0/colour')).toBe('panel › sections 1 › controls 1 › colour');
  });

  it('refuses a control on a module the room does not have', () => {
    const check = checkSettings(
      JSON.stringify({
        panel: { version: 1, sections: [{ title: 'Cam', controls: [{ ...button, module: 'Camera' }] }] },
      }),
      types,
    );
    expect(check.state).toBe('panel-problems');
  });
});
