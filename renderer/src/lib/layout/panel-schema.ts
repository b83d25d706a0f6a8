import { type Static, Type } from '@sinclair/typebox';
import { LAYOUT_PAGE_KINDS } from './page-kinds.ts';

/*
 * The format of a system's `settings.panel`: what an integrator writes to lay out a room's panel by
 * hand. This TypeBox schema is the source of truth; renderer/panel-layout.schema.json is generated
 * from it (a test keeps them in step) and renderer/PANEL_LAYOUT.md documents it.
 */

const Id = Type.String({ minLength: 1 });
const Args = Type.Array(Type.Unknown(), { description: 'Arguments passed to the method, in order.' });

const common = {
  label: Type.String({ minLength: 1, description: 'What the control says on the panel.' }),
  module: Type.String({ minLength: 1, description: 'Class name of the module, e.g. "Display".' }),
  index: Type.Optional(
    Type.Integer({ minimum: 1, default: 1, description: 'Which module of that class (1-based).' }),
  ),
  status: Type.Optional(
    Type.String({ minLength: 1, description: "The status key of the module's state this control shows." }),
  ),
  confirm: Type.Optional(
    Type.String({ minLength: 1, description: 'Ask this question (big yes / no) before sending.' }),
  ),
};

export const Command = Type.Object(
  { method: Id, args: Type.Optional(Args) },
  { additionalProperties: false, description: 'A method call on the control’s module.' },
);

export const ButtonControl = Type.Object(
  {
    type: Type.Literal('button'),
    ...common,
    method: Id,
    args: Type.Optional(Args),
    activeWhen: Type.Optional(
      Type.Unknown({ description: 'The button shows as selected while `status` equals this value.' }),
    ),
  },
  { additionalProperties: false },
);

export const ToggleControl = Type.Object(
  {
    type: Type.Literal('toggle'),
    ...common,
    on: Command,
    off: Command,
    onWhen: Type.Optional(
      Type.Unknown({ description: 'The toggle is on while `status` equals this value (default true).' }),
    ),
  },
  { additionalProperties: false },
);

export const SelectOption = Type.Object(
  {
    label: Type.String({ minLength: 1 }),
    args: Args,
    value: Type.Optional(
      Type.Unknown({ description: 'Selected while `status` equals this (default: the first arg).' }),
    ),
  },
  { additionalProperties: false },
);

export const SelectControl = Type.Object(
  {
    type: Type.Literal('select'),
    ...common,
    method: Id,
    options: Type.Array(SelectOption, { minItems: 1 }),
  },
  { additionalProperties: false },
);

export const LevelControl = Type.Object(
  {
    type: Type.Literal('level'),
    ...common,
    method: Id,
    args: Type.Optional(
      Type.Array(Type.Unknown(), {
        description: 'Fixed arguments sent before the level, e.g. [2] for area 2 of level(area, level).',
      }),
    ),
    min: Type.Number(),
    max: Type.Number(),
    step: Type.Optional(Type.Number({ exclusiveMinimum: 0, default: 1 })),
    style: Type.Optional(Type.Union([Type.Literal('slider'), Type.Literal('steps')], { default: 'slider' })),
    unit: Type.Optional(Type.String({ description: 'Shown after the value, e.g. "%" or "dB".' })),
  },
  { additionalProperties: false },
);

export const controlSchemas = {
  button: ButtonControl,
  toggle: ToggleControl,
  select: SelectControl,
  level: LevelControl,
} as const;

export const PanelControl = Type.Union([ButtonControl, ToggleControl, SelectControl, LevelControl]);

export const PanelSection = Type.Object(
  { title: Type.String(), controls: Type.Array(PanelControl) },
  { additionalProperties: false },
);

const Target = {
  module: common.module,
  index: common.index,
};

export const PanelSource = Type.Object(
  {
    label: common.label,
    icon: Type.Optional(
      Type.Union(
        (['laptop', 'pc', 'wireless', 'camera', 'video', 'usb', 'other'] as const).map((i) =>
          Type.Literal(i),
        ),
        { description: 'The picture on the tile (default: guessed from the label).' },
      ),
    ),
    ...Target,
    method: Id,
    args: Type.Optional(Args),
    status: Type.Optional(
      Type.String({ minLength: 1, description: 'The status key that names the source showing.' }),
    ),
    value: Type.Optional(
      Type.Unknown({ description: 'Lit while `status` equals this (default: the first arg).' }),
    ),
  },
  {
    additionalProperties: false,
    description: 'A source tile: touching it starts the room with this source.',
  },
);

export const PanelPower = Type.Object(
  {
    ...Target,
    status: Type.String({ minLength: 1, description: 'The status key that says the room is on.' }),
    onWhen: Type.Optional(
      Type.Unknown({ description: 'The room is on while `status` equals this (default true).' }),
    ),
    on: Type.Optional(Command),
    off: Command,
    reset: Type.Optional(Command),
  },
  {
    additionalProperties: false,
    description:
      'How the room is switched on (sent before a source’s own command when the room is off; omit when the source command starts the room) and off.',
  },
);

export const PanelVolume = Type.Object(
  {
    label: Type.Optional(Type.String({ minLength: 1 })),
    ...Target,
    method: Id,
    args: Type.Optional(Args),
    status: Type.String({ minLength: 1 }),
    min: Type.Number(),
    max: Type.Number(),
    step: Type.Optional(Type.Number({ exclusiveMinimum: 0, default: 1 })),
    unit: Type.Optional(Type.String()),
    taper: Type.Optional(
      Type.Union([Type.Literal('audio'), Type.Literal('linear')], {
        description: 'audio: 0 dB near three quarters of the travel (default for dB); linear otherwise.',
      }),
    ),
    limits: Type.Optional(
      Type.Object(
        {
          min: Type.Optional(Type.Number()),
          max: Type.Optional(Type.Number()),
          default: Type.Optional(Type.Number({ description: 'Level set when the panel starts the room.' })),
        },
        { additionalProperties: false, description: 'The installer’s limits for the fader.' },
      ),
    ),
    mute: Type.Optional(
      Type.Object(
        { method: Id, args: Type.Optional(Args), status: Type.String({ minLength: 1 }) },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false, description: 'The program volume, always in reach on the panel’s bar.' },
);

export const PanelPage = Type.Object(
  {
    title: Type.String({ minLength: 1 }),
    kind: Type.Optional(Type.Union(LAYOUT_PAGE_KINDS.map((k) => Type.Literal(k)))),
    sections: Type.Array(PanelSection, { minItems: 1 }),
  },
  { additionalProperties: false },
);

export const PanelLayout = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    version: Type.Optional(
      Type.Union([Type.Literal(1), Type.Literal(2)], {
        description: '2: home, power, volume and pages. 1 (or absent): sections only, still accepted.',
      }),
    ),
    title: Type.Optional(Type.String()),
    home: Type.Optional(
      Type.Object({ sources: Type.Array(PanelSource, { minItems: 1 }) }, { additionalProperties: false }),
    ),
    power: Type.Optional(PanelPower),
    volume: Type.Optional(PanelVolume),
    pages: Type.Optional(Type.Array(PanelPage, { minItems: 1 })),
    sections: Type.Optional(Type.Array(PanelSection, { minItems: 1 })),
    // Language: valid in a layout of any version, and alone (the layout stays automatic).
    locale: Type.Optional(
      Type.String({
        minLength: 2,
        description:
          'The language the room’s panel speaks, a BCP 47 tag such as "de", "en-GB" or "ar". A panel’s managed panel.locale wins over it; without either, the operating system’s language. A language Roomdeck does not ship falls back to the next choice.',
      }),
    ),
    languages: Type.Optional(
      Type.Array(Type.String({ minLength: 2 }), {
        description:
          'Languages the room offers on its welcome screen, e.g. ["de", "en", "ar"]: two or more show a language button; the panel returns to the room’s language when idle. A panel’s managed panel.languages wins over it.',
      }),
    ),
    advanced: Type.Optional(
      Type.Boolean({
        default: false,
        description:
          'true: an "Advanced" page on the panel with the controls the automatic plan keeps for the engineer (mixer faders, raw inputs and routes, device power, second volumes, lighting areas). A layout may consist of this alone: the rest is then planned automatically.',
      }),
    ),
  },
  {
    $id: 'https://roomdeck.invalid/schemas/panel-layout.schema.json',
    title: 'Roomdeck panel layout (system settings.panel)',
    additionalProperties: false,
  },
);

export type PanelLayout = Static<typeof PanelLayout>;
export type PanelControl = Static<typeof PanelControl>;
export type PanelSource = Static<typeof PanelSource>;
export type PanelPage = Static<typeof PanelPage>;
export type PanelPower = Static<typeof PanelPower>;
export type PanelVolume = Static<typeof PanelVolume>;
