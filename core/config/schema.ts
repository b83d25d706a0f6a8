import { type Static, Type } from '@sinclair/typebox';
import { ClockRule, PanelTimers, PollSettings } from '../../contract/config.ts';

/** `service.live`: the control websocket on or off. */
export const LiveSetting = Type.Union([Type.Literal('on'), Type.Literal('off')]);

/**
 * Which language the panel speaks (`panel.*`, managed configuration). Checked and made canonical
 * by language.ts; the renderer decides between them and the room's own (renderer/src/lib/i18n).
 */
export const PanelLanguage = Type.Object({
  /** The language the panel speaks whatever the room or the OS says: a BCP 47 tag ("de", "en-GB"). */
  locale: Type.Optional(Type.String({ minLength: 2 })),
  /** The languages a room offers on its welcome screen; two or more: a language button. */
  languages: Type.Optional(Type.Array(Type.String({ minLength: 2 }))),
  /** One 12/24-hour rule for every time shown: as the language writes them, or the installer's. */
  clock: Type.Optional(ClockRule),
});

/**
 * Roomdeck's configuration after flags, environment and the config file are merged and checked.
 * Installers set it per panel (managed configuration); a technician's laptop usually sets nothing.
 */
export const ResolvedConfig = Type.Object({
  /** Origin of the control service; https required unless loopback. */
  serverUrl: Type.String(),
  /** True when no service was configured and Roomdeck started its own simulator. */
  embeddedSimulator: Type.Boolean(),
  clientId: Type.String({ minLength: 1 }),
  /** Only for the password grant on trusted, managed installs. */
  clientSecret: Type.Optional(Type.String()),
  scope: Type.String(),
  /**
   * The service's end-session (logout) page, if it has one: opened after an explicit sign-out so
   * the browser's login session ends too (OpenID Connect RP-initiated logout). https, or loopback.
   */
  endSessionUrl: Type.Optional(Type.String()),
  /** Service account for fleets (password grant); never the default. */
  serviceAccount: Type.Optional(
    Type.Object({
      username: Type.String(),
      password: Type.String(),
      authority: Type.Optional(Type.String()),
    }),
  ),
  /** The room fixed by the installer; null lets the person at the panel choose. */
  systemId: Type.Union([Type.String({ minLength: 1 }), Type.Null()]),
  kiosk: Type.Boolean(),
  /**
   * Kiosk only: the technician PIN as a salted scrypt hash (`npm run pin-hash`), never the PIN.
   * Absent: the kiosk offers no technician access.
   */
  technicianPin: Type.Optional(Type.String()),
  /** Seconds the technician tools stay open untouched before they close (default 120). */
  technicianIdleS: Type.Optional(Type.Integer({ minimum: 5 })),
  /** Hide the pointer (touch-only panels); unset: hidden on a kiosk, shown elsewhere. */
  hideCursor: Type.Optional(Type.Boolean()),
  /** Whom to call, shown on the panel's error screen ("AV support, ext. 4357"). */
  supportContact: Type.Optional(Type.String({ maxLength: 200 })),
  poll: PollSettings,
  /** The panel's timers, and the language it speaks (see PanelLanguage). */
  panel: Type.Object({ ...PanelTimers.properties, ...PanelLanguage.properties }),
  /** Linux without a keyring: store tokens with safeStorage's basic_text backend anyway. */
  allowInsecureVault: Type.Boolean(),
  /** Where the vault and remembered settings live. */
  dataDir: Type.String(),
  /** Milliseconds before an API request is given up. */
  requestTimeoutMs: Type.Integer({ minimum: 100 }),
  /**
   * Updates (Electron only): the generic provider's feed URL (https, or http on loopback) and the
   * channel; no URL = no updates. Unset on a technician's laptop.
   */
  updates: Type.Optional(
    Type.Object({
      url: Type.Optional(Type.String()),
      channel: Type.Optional(Type.Union([Type.Literal('stable'), Type.Literal('beta')])),
    }),
  ),
  /** How Roomdeck talks to the control service (`service.*`). */
  service: Type.Optional(
    Type.Object({
      /**
       * Which API generation it speaks: `legacy` (`/api/control`), `current` (`/api/engine/v2`,
       * PlaceOS) or `auto` (asked once, the default).
       */
      api: Type.Optional(Type.Union([Type.Literal('legacy'), Type.Literal('current'), Type.Literal('auto')])),
      /**
       * `on` (the default): the control websocket pushes changes and carries commands, polling only
       * while it is down; `off`: no socket, polling only (a proxy that breaks websockets).
       */
      live: Type.Optional(LiveSetting),
    }),
  ),
  /** Browser host: address and port to serve on (port 0 = any free one). */
  host: Type.Object({ address: Type.String(), port: Type.Integer({ minimum: 0, maximum: 65535 }) }),
});
export type ResolvedConfig = Static<typeof ResolvedConfig>;
