import { PanelLayout } from '../../../renderer/src/lib/layout/panel-schema.ts';

/** The published JSON Schema: TypeBox's schema as plain JSON (its symbols drop out), draft 2020-12. */
export function panelSchemaJson(): string {
  const schema = { $schema: 'https://json-schema.org/draft/2020-12/schema', ...PanelLayout };
  return `${JSON.stringify(schema, null, 2)}\n`;
}
