import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import schemaFile from '../../renderer/panel-layout.schema.json' with { type: 'json' };
import { PanelLayout } from '../../renderer/src/lib/layout/panel-schema.ts';
import { panelSchemaJson } from './support/panel-schema-json.ts';
import { INNOVATION_LAB_PANEL } from './support/fixtures.ts';

describe('the published panel layout schema', () => {
  it('is in sync with the TypeBox schema (regenerate: npx tsx test/renderer/support/write-panel-schema.ts)', () => {
    expect(schemaFile).toEqual(JSON.parse(panelSchemaJson()));
  });

  it('accepts the layout from the issue', () => {
    expect(Value.Check(PanelLayout, INNOVATION_LAB_PANEL)).toBe(true);
  });
});
