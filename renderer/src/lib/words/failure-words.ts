import { ErrorCode } from '#contract';
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
}

const NOT_ANSWERING =
  /not responding|offline|did not respond|no answer|not answer|timed? ?out|unreachable|not connected|no reply/i;
const WARMING = /warming|cooling/i;
/** "Display 1 did not respond", "Projector is not responding": the device the room named. */
const NAMED =
  /(?:^|[,:;]\s*|but\s+)([A-Z][\w-]*(?: [\w-]+)*?(?: \d+)?) (?:did not respond|is not responding|is still warming up|is switched off)/;

/** What the service said, when it said something (the bridge carries it apart from the message). */
const saidOf = (error: FailureLike): string | null => {
  const said = error.details?.said;
  return typeof said === 'string' && said.trim() !== '' ? said.trim() : null;
};

const sentence = (text: string): string => {
  const t = text.trim().replace(/[.\s]+$/, '');
  return `${t.charAt(0).toUpperCase()}${t.slice(1)}.`;
};

/** One sentence, or null when the failure is not about the room's devices (the caller keeps its words). */
export function failureSentence(error: FailureLike, context: FailureContext): string | null {
  const call = callFor(context.phone);
  const said = saidOf(error);
  const evidence = said ?? (error.code === ErrorCode.ROOMDECK_ROOM_PARTIAL ? error.message : '');
  if (context.booking) {
    // The calendar's refusal already says what clashes and what would fit.
    if (said && error.code === ErrorCode.ROOMDECK_DRIVER_ERROR) return sentence(said);
    if (error.code === ErrorCode.ROOMDECK_DRIVER_ERROR || error.code === ErrorCode.ROOMDECK_INVALID_ARGUMENTS)
      return `The booking could not be changed: try another length, or ${call}.`;
  }
  const named = NAMED.exec(evidence)?.[1];
  const device = named ?? context.device ?? 'The room';
  switch (error.code) {
    case ErrorCode.ROOMDECK_DRIVER_ERROR:
    case ErrorCode.ROOMDECK_ROOM_PARTIAL:
      if (NOT_ANSWERING.test(evidence))
        return `${device} is not responding: check that it is switched on and plugged in, then try again, or ${call}.`;
      if (WARMING.test(evidence))
        return `${device} is still warming up or cooling down: wait a moment, then try again, or ${call}.`;
      if (/switched off in the system|stopped/i.test(evidence))
        return `${device} is switched off in the room system: ${call}.`;
      return `${device} could not do that: try again, or ${call}.`;
    case ErrorCode.ROOMDECK_EXEC_TIMEOUT:
      return `${device} is not responding: it may still do it, so wait a moment before trying again, or ${call}.`;
    case ErrorCode.ROOMDECK_MODULE_STOPPED:
      return `${device} is switched off in the room system: ${call}.`;
    case ErrorCode.ROOMDECK_INVALID_ARGUMENTS:
      return `${device} did not accept that setting: try another, or ${call}.`;
    case ErrorCode.ROOMDECK_METHOD_NOT_FOUND:
    case ErrorCode.ROOMDECK_MODULE_NOT_FOUND:
      return `${device} no longer matches this panel: reload the panel, or ${call}.`;
    case ErrorCode.ROOMDECK_FORBIDDEN:
      return `This panel is not allowed to do that: ${call}.`;
    default:
      return null;
  }
}
