/// <reference types="node" />
// Regenerates renderer/panel-layout.schema.json from the TypeBox source of truth:
//   npx tsx test/renderer/support/write-panel-schema.ts
import { writeFileSync } from 'node:fs';
import { panelSchemaJson } from './panel-schema-json.ts';

const target = new URL('../../../renderer/panel-layout.schema.json', import.meta.url);
writeFileSync(target, panelSchemaJson());
console.log(`wrote ${target.pathname}`);
