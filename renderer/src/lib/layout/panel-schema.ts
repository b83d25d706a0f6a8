import { type Static, Type } from '@sinclair/typebox';

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

export const PanelLayout = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    title: Type.Optional(Type.String()),
    sections: Type.Array(PanelSection, { minItems: 1 }),
  },
  {
    $id: 'https://roomdeck.invalid/schemas/panel-layout.schema.json',
    title: 'Roomdeck panel layout (system settings.panel)',
    additionalProperties: false,
  },
);

export type PanelLayout = Static<typeof PanelLayout>;
export type PanelControl = Static<typeof PanelControl>;
