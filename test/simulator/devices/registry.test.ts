import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { describeFuncs } from '../../../simulator/devices/funcs.ts';
import { drivers, getDriver } from '../../../simulator/devices/registry.ts';
import { ROLE } from '../../../simulator/store/model.ts';

const KEYS = [
  'display',
  'projector',
  'switcher',
  'lighting',
  'blinds',
  'camera',
  'mixer',
  'recorder',
  'codec',
  'room-logic',
  'bookings',
  'room-pc',
  'generic-display',
  'generic-logic',
];

describe('driver registry', () => {
  it('holds every simulated driver under its key', () => {
    expect([...drivers.keys()]).toEqual(KEYS);
    for (const key of KEYS) expect(getDriver(key)?.key).toBe(key);
  });

  it('answers undefined for an unknown key, inherited names included', () => {
    expect(getDriver('toaster')).toBeUndefined();
    expect(getDriver('constructor')).toBeUndefined();
  });

  it('gives device drivers a port, and the logic and service drivers none (a service has a uri)', () => {
    for (const d of drivers.values()) {
      if (d.role === ROLE.logic || d.role === ROLE.service) expect(d.defaultPort).toBeNull();
      else expect(d.defaultPort).toBeGreaterThan(0);
    }
    expect(getDriver('room-logic')?.role).toBe(ROLE.logic);
  });

  it('has initial states that are plain JSON with snake_case keys', () => {
    for (const d of drivers.values()) {
      const state = d.initialState({});
      expect(JSON.parse(JSON.stringify(state))).toEqual(state);
      for (const key of Object.keys(state)) expect(key).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
    }
  });

  it('lists every parameter of every method in its call order', () => {
    for (const d of drivers.values()) {
      for (const spec of Object.values(d.funcs)) {
        expect(Object.keys(spec.params)).toEqual(spec.order);
      }
    }
  });
});

describe('describeFuncs', () => {
  it('describes methods in the wire format, with JSON Schema parameters', () => {
    const described = describeFuncs(getDriver('display')!);
    expect(JSON.parse(JSON.stringify(described))).toMatchObject({
      power: { arity: 1, params: { state: { type: 'boolean' } }, order: ['state'] },
      volume: {
        arity: 1,
        params: { level: { type: 'integer', minimum: 0, maximum: 100 } },
        order: ['level'],
      },
    });
  });

  it('counts only required parameters in the arity', () => {
    const described = describeFuncs({
      ...getDriver('display')!,
      funcs: {
        both: {
          params: { a: Type.Integer(), b: Type.Integer({ default: 3 }) },
          order: ['a', 'b'],
        },
        listed: { params: { a: Type.Integer() }, order: ['a'], optional: ['a'] },
      },
    });
    expect(described.both?.arity).toBe(1);
    expect(described.listed?.arity).toBe(0);
  });

  it('gives zero arity to methods without parameters', () => {
    expect(describeFuncs(getDriver('blinds')!)).toEqual({
      up: { arity: 0, params: {}, order: [] },
      down: { arity: 0, params: {}, order: [] },
      stop: { arity: 0, params: {}, order: [] },
    });
  });

  it('returns copies, so the wire answer cannot change a driver', () => {
    const driver = getDriver('mixer')!;
    const described = describeFuncs(driver);
    described.fader?.order.push('extra');
    expect(driver.funcs.fader?.order).toEqual(['channel', 'level']);
  });

  it('publishes schemas that accept their own defaults', () => {
    for (const d of drivers.values()) {
      for (const { params } of Object.values(describeFuncs(d))) {
        for (const schema of Object.values(params)) {
          if (schema.default !== undefined) expect(Value.Check(schema, schema.default)).toBe(true);
        }
      }
    }
  });
});
