/*
 * The controls the panel draws, whichever source they came from (a room's own settings.panel read
 * by custom.ts, or a module's funcs by plan/auto-controls.ts): defaults filled, ids assigned.
 */

export interface Command {
  method: string;
  args: unknown[];
}

interface Common {
  id: string;
  label: string;
  module: string;
  index: number;
  /** The status key whose value this control shows. */
  status?: string | undefined;
  /** Asked (big yes / no) before the command is sent. */
  confirm?: string | undefined;
}

export interface ButtonSpec extends Common {
  type: 'button';
  command: Command;
  /** Selected while the status value equals this. */
  activeWhen?: unknown;
}

export interface ToggleSpec extends Common {
  type: 'toggle';
  on: Command;
  off: Command;
  onWhen: unknown;
  /**
   * Drawn as the panel's state buttons are (the mutes): an icon struck through and red while on,
   * and words that say the state while on ("Picture blanked"), not the command.
   */
  look?: { icon: 'picture'; onLabel: string } | undefined;
}

export interface SelectOptionSpec {
  label: string;
  args: unknown[];
  value: unknown;
}

export interface SelectSpec extends Common {
  type: 'select';
  method: string;
  options: SelectOptionSpec[];
}

export interface LevelSpec extends Common {
  type: 'level';
  method: string;
  /** Sent before the level: level(area, value), fader(channel, value). */
  args: unknown[];
  min: number;
  max: number;
  step: number;
  style: 'slider' | 'steps';
  unit?: string | undefined;
  /** Read in percent whatever the device's unit (a microphone's dB level on the lecturer's page). */
  display?: 'percent' | undefined;
}

export type ControlSpec = ButtonSpec | ToggleSpec | SelectSpec | LevelSpec;

export interface SectionSpec {
  title: string;
  controls: ControlSpec[];
}

export interface LayoutProblem {
  /** JSON pointer into settings.panel, e.g. /sections/0/controls/2/max. */
  path: string;
  readonly reason: string;
}
