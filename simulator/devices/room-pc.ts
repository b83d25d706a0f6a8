import { ROLE } from '../store/model.ts';
import { type Driver, type DriverContext, DriverError } from './driver.ts';
import { func, unknownMethod } from './params.ts';
import { readNullableString, readNumber } from './values.ts';

/*
 * A room PC reached over SSH (role 0): the meeting room's Windows or Linux computer, as an AV
 * control system manages it — see who is signed in, lock its screen, sign the user out, restart it.
 *
 * - Each command is an SSH session: it takes a moment (`ssh_delay_ms`, default 400 ms), and signing
 *   out waits for the desktop session to end (`log_off_ms`, default 1.5 s).
 * - A restart is accepted at once, then the PC is unreachable for `reboot_seconds` (default 20):
 *   `reachable` false, `rebooting` true, every command refused with the time left. It comes back
 *   with a fresh uptime and the room account signed in again (`auto_login_user`, default
 *   `meeting.room`; null for none), screen unlocked. Time-driven, from `back_at`, like the projector.
 * - Refusals a real PC gives: nothing to lock or sign out when nobody is signed in; nothing at all
 *   while it restarts.
 */

const DEFAULT_USER = 'meeting.room';
const DAY_S = 86_400;

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const settingsOf = (settings: Record<string, unknown>) => ({
  sshDelayMs: readNumber(settings, 'ssh_delay_ms', 400, 0, 60_000),
  logOffMs: readNumber(settings, 'log_off_ms', 1_500, 0, 60_000),
  rebootSeconds: readNumber(settings, 'reboot_seconds', 20, 0, 3_600),
  autoLoginUser:
    settings.auto_login_user === null
      ? null
      : (readNullableString(settings, 'auto_login_user') ?? DEFAULT_USER),
});

function label(ctx: DriverContext): string {
  const name = ctx.module.custom_name || 'Room PC';
  return ctx.module.ip ? `${name} at ${ctx.module.ip}` : name;
}

function requireReachable(ctx: DriverContext): void {
  if (ctx.state.reachable === true) return;
  const backAt = ctx.state.back_at;
  const left = typeof backAt === 'number' ? Math.max(1, Math.ceil((backAt - ctx.now()) / 1000)) : null;
  throw new DriverError(
    left === null
      ? `${label(ctx)} is not reachable over SSH`
      : `${label(ctx)} is restarting; try again in ${left} s`,
  );
}

function requireUser(ctx: DriverContext, action: string): string {
  const user = ctx.state.logged_in_user;
  if (typeof user === 'string' && user !== '') return user;
  throw new DriverError(`nobody is signed in on ${label(ctx)}; there is no session to ${action}`);
}

export const roomPc: Driver = {
  key: 'room-pc',
  className: 'RoomPC',
  role: ROLE.ssh,
  description:
    'Room PC managed over SSH: reachability, uptime, signed-in user, screen lock; lock screen, log off, reboot.',
  defaultPort: 22,
  funcs: {
    lock_screen: func(),
    log_off: func(),
    reboot: func(),
  },
  initialState(settings) {
    return {
      reachable: true,
      rebooting: false,
      back_at: null,
      // Set on the first read, from `uptime_seconds` (default 3 days): state has no clock of its own.
      booted_at: null,
      uptime_seconds: readNumber(settings, 'uptime_seconds', 3 * DAY_S, 0),
      logged_in_user: settingsOf(settings).autoLoginUser,
      screen_locked: false,
    };
  },
  advance(ctx) {
    const s = ctx.state;
    const now = ctx.now();
    if (typeof s.booted_at !== 'number') {
      s.booted_at = now - readNumber(s, 'uptime_seconds', 0, 0) * 1000;
    }
    const backAt = s.back_at;
    if (typeof backAt === 'number' && now >= backAt) {
      Object.assign(s, {
        reachable: true,
        rebooting: false,
        back_at: null,
        booted_at: backAt,
        logged_in_user: settingsOf(ctx.module.settings).autoLoginUser,
        screen_locked: false,
      });
    }
    s.uptime_seconds =
      s.reachable === true ? Math.max(0, Math.floor((now - (s.booted_at as number)) / 1000)) : null;
  },
  async exec(ctx, method) {
    const { sshDelayMs, logOffMs, rebootSeconds } = settingsOf(ctx.module.settings);
    requireReachable(ctx);
    // The SSH handshake and the command itself.
    if (sshDelayMs > 0) await realSleep(sshDelayMs);
    const s = ctx.state;
    switch (method) {
      case 'lock_screen':
        requireUser(ctx, 'lock');
        s.screen_locked = true;
        return;
      case 'log_off':
        requireUser(ctx, 'sign out');
        if (logOffMs > 0) await realSleep(logOffMs);
        s.logged_in_user = null;
        s.screen_locked = false;
        return;
      case 'reboot':
        Object.assign(s, {
          reachable: false,
          rebooting: true,
          back_at: ctx.now() + rebootSeconds * 1000,
          logged_in_user: null,
          screen_locked: false,
          uptime_seconds: null,
        });
        return;
      default:
        unknownMethod('room-pc', method);
    }
  },
};
