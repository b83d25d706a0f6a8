import { ErrorCode } from '#contract';
import type { MessageKey } from '#locales';
import { fmt, t } from '../i18n/i18n.svelte.ts';
import type { DeviceProblem, PartialDevice } from './device-problem.ts';
import { callFor } from './help-contact.ts';

/*
 * Every failure the panel shows, as one sentence in the room's words: which device, what to do
 * next, and who to call. The service's and Roomdeck's own wording ("The device reported an error…
 * (The service said: …)") is evidence for the technician, not words for a lecturer.
 *
 * One fault vocabulary, shared with the technician tools (fault-words.ts): a device that does not
 * answer — offline, unreachable, timed out, not connected — "is not responding".
 */

export interface FailureLike {
  code: string;
  message: string;
  details?: Record<string, unknown> | undefined;
}

export interface FailureContext {
  /** The device the command was for, in the room's words ("Display 1"); absent: the room. */
  device?: string | undefined;
  /** The command was for the room's calendar: its refusal is a booking message, said as it is. */
  booking?: boolean | undefined;
  /** The room's help number or contact (null: none known). */
  phone: string | null;
  /**
   * Whether a person in the room can check the named device is switched on and plugged in (a
   * display at the wall); a ceiling projector or a rack's switcher is a technician's, so its
   * sentence only says who to call. Absent: every device is taken to be within reach.
   */
  withinReach?: ((device: string) => boolean) | undefined;
}

const NOT_ANSWERING =
  /not responding|offline|did not respond|no answer|not answer|timed? ?out|unreachable|not connected|no reply/i;
const WARMING = /warming|cooling/i;
/** "Display 1 did not respond", "Projector is not responding": the device the service's words name. */
const NAMED =
  /(?:^|[,:;]\s*|but\s+)([A-Z][\w-]*(?: [\w-]+)*?(?: \d+)?) (?:did not respond|is not responding|is still warming up|is switched off)/;

/** What the service said, when it said something (the bridge carries it apart from the message). */
const saidOf = (error: FailureLike): string | null => {
  const said = error.details?.said;
  return typeof said === 'string' && said.trim() !== '' ? said.trim() : null;
};

const sentence = (text: string): string => {
  const said = text.trim().replace(/[.\s]+$/, '');
  return `${said.charAt(0).toUpperCase()}${said.slice(1)}.`;
};

/** The sentence for each thing that can go wrong with one or more devices (`count`, `devices`, `call`). */
const PROBLEM_WORDS = {
  noAnswer: 'room.failure.notResponding',
  warming: 'room.failure.warming',
  stopped: 'room.failure.switchedOff',
  problem: 'room.failure.couldNot',
} as const satisfies Record<DeviceProblem, MessageKey>;
/** When devices failed in different ways, the one said first: the fault people can do something about. */
const WORST_FIRST: readonly DeviceProblem[] = ['noAnswer', 'warming', 'stopped', 'problem'];

const isProblem = (v: unknown): v is DeviceProblem =>
  typeof v === 'string' && Object.hasOwn(PROBLEM_WORDS, v);

/** The devices a partial failure carries structured (outcome.ts), or null when it carries none. */
function devicesOf(error: FailureLike): PartialDevice[] | null {
  const raw = error.details?.devices;
  if (!Array.isArray(raw)) return null;
  const devices = raw.filter(
    (d): d is PartialDevice =>
      typeof d === 'object' &&
      d !== null &&
      typeof d.name === 'string' &&
      d.name.trim() !== '' &&
      isProblem(d.problem),
  );
  return devices.length > 0 ? devices : null;
}

/** The sentence's words: "not responding" says what to check only when the devices are within reach. */
function wordsFor(problem: DeviceProblem, names: readonly string[], context: FailureContext): MessageKey {
  const reach = context.withinReach ?? (() => true);
  if (problem === 'noAnswer' && !names.every(reach)) return 'room.failure.notRespondingCall';
  return PROBLEM_WORDS[problem];
}

/** "Display 1 and Display 2 are not responding: …": the devices that share the worst problem, named. */
function partialSentence(devices: readonly PartialDevice[], context: FailureContext): string {
  const problem = WORST_FIRST.find((p) => devices.some((d) => d.problem === p)) ?? 'problem';
  const names = [...new Set(devices.filter((d) => d.problem === problem).map((d) => d.name))];
  return t(wordsFor(problem, names, context), {
    count: names.length,
    devices: fmt().list(names),
    call: callFor(context.phone),
  });
}

/** One sentence, or null when the failure is not about the room's devices (the caller keeps its words). */
export function failureSentence(error: FailureLike, context: FailureContext): string | null {
  const call = callFor(context.phone);
  const said = saidOf(error);
  if (context.booking) {
    // The calendar's refusal already says what clashes and what would fit.
    if (said && error.code === ErrorCode.ROOMDECK_DRIVER_ERROR) return sentence(said);
    if (error.code === ErrorCode.ROOMDECK_DRIVER_ERROR || error.code === ErrorCode.ROOMDECK_INVALID_ARGUMENTS)
      return t('room.failure.bookingRefused', { call });
  }
  if (error.code === ErrorCode.ROOMDECK_ROOM_PARTIAL) {
    const devices = devicesOf(error);
    if (devices) return partialSentence(devices, context);
  }
  // The service's own words (English, by its spec) may name the device and the fault; a partial
  // failure without structured devices (an older page's) is read the same way.
  const evidence = said ?? (error.code === ErrorCode.ROOMDECK_ROOM_PARTIAL ? error.message : '');
  const named = NAMED.exec(evidence)?.[1];
  const device = named ?? context.device ?? t('room.device.theRoom');
  const one = (problem: DeviceProblem) =>
    t(wordsFor(problem, [device], context), { count: 1, devices: device, call });
  switch (error.code) {
    case ErrorCode.ROOMDECK_DRIVER_ERROR:
    case ErrorCode.ROOMDECK_ROOM_PARTIAL:
      if (NOT_ANSWERING.test(evidence)) return one('noAnswer');
      if (WARMING.test(evidence)) return one('warming');
      if (/switched off in the system|stopped/i.test(evidence)) return one('stopped');
      return one('problem');
    case ErrorCode.ROOMDECK_EXEC_TIMEOUT:
      return t('room.failure.noAnswer', { device, call });
    case ErrorCode.ROOMDECK_MODULE_STOPPED:
      return one('stopped');
    case ErrorCode.ROOMDECK_INVALID_ARGUMENTS:
      return t('room.failure.refusedSetting', { device, call });
    case ErrorCode.ROOMDECK_METHOD_NOT_FOUND:
    case ErrorCode.ROOMDECK_MODULE_NOT_FOUND:
      return t('room.failure.mismatch', { device, call });
    case ErrorCode.ROOMDECK_FORBIDDEN:
      return t('room.failure.forbidden', { call });
    default:
      return null;
  }
}
