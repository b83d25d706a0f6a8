import { readFileSync } from 'node:fs';
import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import schemaFile from '../../renderer/panel-layout.schema.json' with { type: 'json' };
import { parseCustomLayout } from '../../renderer/src/lib/layout/custom.ts';
import { PanelLayout } from '../../renderer/src/lib/layout/panel-schema.ts';
import { LAYOUT_PAGE_KINDS } from '../../renderer/src/lib/layout/page-kinds.ts';
import { panelSchemaJson } from './support/panel-schema-json.ts';
import { defaultSimulatorOptions, Simulator } from '../../simulator/control/simulator.ts';
import { INNOVATION_LAB_PANEL } from './support/fixtures.ts';

describe('the published panel layout schema', () => {
  it('is in sync with the TypeBox schema (regenerate: npx tsx test/renderer/support/write-panel-schema.ts)', () => {
    expect(schemaFile).toEqual(JSON.parse(panelSchemaJson()));
  });

  it('and PANEL_LAYOUT.md list the page kinds a layout may name, as the plan declares them', () => {
    const doc = readFileSync(new URL('../../renderer/PANEL_LAYOUT.md', import.meta.url), 'utf8');
    const row = doc.split('\n').find((line) => /^\|\s*page\s*\|\s*`kind`/.test(line));
    const listed = [...(row?.split('|')[4]?.split('(')[0] ?? '').matchAll(/`([a-z]+)`/g)].map((m) => m[1]);
    expect(listed).toEqual([...LAYOUT_PAGE_KINDS]);
    const kind = schemaFile.properties.pages.items.properties.kind as { anyOf: { const: string }[] };
    expect(kind.anyOf.map((k) => k.const)).toEqual([...LAYOUT_PAGE_KINDS]);
  });

  it('accepts the layout from the issue', () => {
    expect(Value.Check(PanelLayout, INNOVATION_LAB_PANEL)).toBe(true);
  });

  it('accepts every custom layout of the simulator’s demo building, for the room’s own modules', () => {
    const sim = new Simulator(defaultSimulatorOptions);
    const withPanels = [...sim.repo.systems.values()].filter((system) => system.settings.panel !== undefined);
    expect(withPanels.map((system) => system.name)).toContain('Innovation Lab');
    for (const system of withPanels) {
      expect(Value.Check(PanelLayout, system.settings.panel), system.name).toBe(true);
      const result = parseCustomLayout(system.settings.panel, sim.devices.types(system));
      expect(result.ok ? [] : result.problems, system.name).toEqual([]);
    }
  });
});
