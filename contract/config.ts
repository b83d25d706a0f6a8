import { Type } from '@sinclair/typebox';
import { verb } from './verb.ts';
import { ResourceId } from './resource-id.ts';

export const PollSettings = Type.Object({
  /** Interval right after a press, while the room is settling. */
  fastMs: Type.Integer({ minimum: 100 }),
  /** How long after a press the fast interval lasts. */
  fastForMs: Type.Integer({ minimum: 0 }),
  /** Interval when nobody is touching the panel. */
  idleMs: Type.Integer({ minimum: 250 }),
  /**
   * A panel whose room is off and that nobody touched for this long is idle: it polls only the
   * room's own state (the liveness probe) and everything else rarely. Touched or room on: active.
   */
  idleAfterMs: Type.Optional(Type.Integer({ minimum: 0 })),
  /** Idle: how often the room's own state is asked for; it doubles as the link's liveness probe. */
  probeMs: Type.Optional(Type.Integer({ minimum: 250, maximum: 3_000 })),
  /** Idle: how often every other watched state (the calendar, the module list) is refreshed. */
  rarelyMs: Type.Optional(Type.Integer({ minimum: 1_000 })),
});

/** When an untouched panel dims, and when a room left on asks whether it is still in use. */
export const PanelTimers = Type.Object({
  /** Seconds untouched, room off, before the dim welcome (screensaver) state. */
  screensaverAfterS: Type.Integer({ minimum: 5 }),
  /** Seconds untouched, room on and no meeting booked, before "Still using the room?". */
  stillUsingAfterS: Type.Integer({ minimum: 10 }),
  /** Seconds the question waits for an answer before the room is switched off. */
  stillUsingAnswerS: Type.Integer({ minimum: 5 }),
});

/** 12/24-hour: `locale` as the language writes times, or the installer's choice for every language. */
export const ClockRule = Type.Union([Type.Literal('locale'), Type.Literal('12h'), Type.Literal('24h')]);

/**
 * Which language the panel speaks. The panel decides, in this order: `locale` (managed
 * configuration, `panel.locale`), the room's own `settings.panel.locale`, then `system`.
 */
export const LanguageConfig = Type.Object({
  /** The managed language (`panel.locale`, a BCP 47 tag such as "de" or "ar"); null: not managed. */
  locale: Type.Union([Type.String(), Type.Null()]),
  /**
   * Languages the room offers on its welcome screen (`panel.languages`), the room's own first;
   * fewer than two: no language button.
   */
  languages: Type.Array(Type.String()),
  /** One hour-cycle rule for every time the panel and the tools show (`panel.clock`). */
  clock: ClockRule,
  /** The operating system's preferred languages, best first (what the panel falls back to). */
  system: Type.Array(Type.String()),
});

export const AppConfig = Type.Object({
  /** Origin of the control service. */
  serverUrl: Type.String(),
  /** True when Roomdeck started its own simulator because no service was configured. */
  embeddedSimulator: Type.Boolean(),
  /** The room this panel is bound to: configured by the installer, or chosen and remembered. */
  systemId: Type.Union([Type.String(), Type.Null()]),
  /** True when the installer fixed the room: the panel offers no way to change it. */
  systemLocked: Type.Boolean(),
  kiosk: Type.Boolean(),
  poll: PollSettings,
  panel: PanelTimers,
  language: LanguageConfig,
});

export const config = {
  get: verb('panel', Type.Object({}, { additionalProperties: false }), AppConfig),
  /** Remembers the room chosen on this panel (null forgets it). Refused when the room is locked. */
  chooseSystem: verb(
    'panel',
    Type.Object({ systemId: Type.Union([ResourceId, Type.Null()]) }, { additionalProperties: false }),
    AppConfig,
  ),
} as const;
