/*
 * Strings the user-facing-literal check finds that rightly stay as they are, each with its reason.
 * An entry matches a finding by file and exact text (not by line, which moves); an entry that
 * matches nothing fails the check, so the list cannot rot. Prefer `// i18n-ignore: reason` on the
 * line itself when the reason is local; use this list for what a reader of the line would not see.
 */
export interface AllowEntry {
  file: string;
  text: string;
  reason: string;
}

/**
 * The panel layout schema's `title` and `description` texts: documentation for installers' JSON
 * editors (renderer/panel-layout.schema.json is generated from them, kept in step by a test; English
 * like the schema's field names), never shown on a panel or in the technician tools.
 */
const PANEL_SCHEMA_DOCS =
  'panel layout JSON Schema documentation for installers’ editors, never shown in the app';
const panelSchemaDocs = (texts: readonly string[]): AllowEntry[] =>
  texts.map((text) => ({ file: 'renderer/src/lib/layout/panel-schema.ts', text, reason: PANEL_SCHEMA_DOCS }));

export const LITERAL_ALLOWLIST: readonly AllowEntry[] = [
  ...panelSchemaDocs([
    'Arguments passed to the method, in order.',
    'What the control says on the panel.',
    'Class name of the module, e.g. "Display".',
    'Which module of that class (1-based).',
    "The status key of the module's state this control shows.",
    'Ask this question (big yes / no) before sending.',
    'A method call on the control’s module.',
    'Fixed arguments sent before the level, e.g. [2] for area 2 of level(area, level).',
    'Shown after the value, e.g. "%" or "dB".',
    'The picture on the tile (default: guessed from the label).',
    'The status key that names the source showing.',
    'A source tile: touching it starts the room with this source.',
    'The status key that says the room is on.',
    'Level set when the panel starts the room.',
    'The installer’s limits for the fader.',
    'The program volume, always in reach on the panel’s bar.',
    '2: home, power, volume and pages. 1 (or absent): sections only, still accepted.',
    'true: an "Advanced" page on the panel with the controls the automatic plan keeps for the engineer (mixer faders, raw inputs and routes, device power, second volumes, lighting areas). A layout may consist of this alone: the rest is then planned automatically.',
    'Roomdeck panel layout (system settings.panel)',
  ]),
];
