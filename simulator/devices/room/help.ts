import type { DeviceState } from '../../store/model.ts';
import { sources } from './siblings.ts';

/** The help a room logic module without devices gives (none to name): how to start, how to leave. */
export const DEFAULT_HELP = [
  '**Starting the room.** Touch a source: the screens and sound come on and show it.',
  '',
  '- When you leave, touch **End meeting** (**Room off** when nothing is booked).',
  '',
  'Something not working? Call the AV help desk on **extension 4357** (HELP).',
].join('\n');

const orList = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;

/**
 * The default help, said only of what this room has: its own sources, a projector's warm-up only
 * with a projector, pages only for the lights, blinds and cameras it has (never a Room PC or a
 * camera the room does not have).
 */
export function defaultHelpFor(settings: Record<string, unknown>, classes: readonly string[]): string {
  const has = (c: string) => classes.includes(c);
  if (classes.length === 0) return DEFAULT_HELP;
  const lines = [
    `**Starting the room.** Touch ${orList(sources(settings).map((s) => `**${s}**`))}: the screens and`,
    'sound come on and show it.',
  ];
  if (has('Projector')) lines.push('The projector takes about half a minute to warm up.');
  lines.push('');
  if (has('Mixer') || has('Display') || has('Projector'))
    lines.push('- The volume is always at the bottom of the screen.');
  const pages = [
    has('Lighting') ? 'lights' : '',
    has('Blinds') ? 'blinds' : '',
    has('Camera') ? 'cameras' : '',
  ].filter(Boolean);
  if (pages.length > 0) {
    const named = orList(pages).replace(' or ', ' and ');
    lines.push(
      `- ${named[0]?.toUpperCase()}${named.slice(1)} have their own page${pages.length > 1 ? 's' : ''} at the top.`,
    );
  }
  // The number to call is the panel's to show (the room's own, else the installation's), large.
  lines.push(
    '- When you leave, touch **End meeting** (**Room off** when nothing is booked).',
    '',
    'Something not working? Touch **Request help**.',
  );
  return lines.join('\n');
}

/** How many help requests the room keeps (oldest dropped first). */
export const MAX_HELP_REQUESTS = 20;
export const MAX_HELP_MESSAGE = 200;

/** A help request as the room records it: when (epoch seconds) and what was said. */
export interface HelpRequest {
  at: number;
  message: string;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
const withoutControls = (text: string): string => text.replace(/[\u0000-\u001f\u007f]+/g, ' ');

function helpRequestsOf(state: DeviceState): HelpRequest[] {
  const list = state.help_requests;
  return Array.isArray(list) ? (list as HelpRequest[]) : [];
}

/** Records a help request in the room's state (the newest MAX_HELP_REQUESTS kept) and returns it. */
export function recordHelpRequest(state: DeviceState, said: unknown, nowMs: number): HelpRequest {
  // Control characters go: the message is shown in the technician tools as it is.
  const message = withoutControls(String(said)).trim() || 'Help requested';
  const request: HelpRequest = { at: Math.round(nowMs / 1000), message };
  state.help_requests = [...helpRequestsOf(state), request].slice(-MAX_HELP_REQUESTS);
  return request;
}
