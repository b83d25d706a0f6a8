/* Roomdeck's words in English: the words around the panel: shared words, the app (sign-in, room picker, enrolment, load failures, the kiosk's error screen, the host's pages), choosing a language, error sentences and layout reasons. See ../en.ts. */
import { ERROR_CATALOGUE, type ErrorSentences } from '../../contract/error-codes.ts';

/** The English of every error code, by its catalogue key, as the contract writes it. */
function errorSentences(): ErrorSentences {
  return Object.fromEntries(Object.values(ERROR_CATALOGUE).map(({ words, message }) => [words, message])) as ErrorSentences;
}

export const shell = {
  // ── common: words shared everywhere (lead) ──
  'common.close': 'Close',
  'common.cancel': 'Cancel',
  'common.reload': 'Reload',
  // ── end common ──

  // ── app: App, sign-in, room picker, enrolment, load failure, link and bridge errors, kiosk error screen, host pages ──
  'app.starting': 'Starting…',
  'app.toolsLoadFailed': 'The technician tools could not be loaded. Reload the page; if it keeps happening, call AV support.',
  'app.signOut': 'Sign out',
  'app.loadFailed': 'Roomdeck could not load the panel. Reload it; if it keeps happening, call AV support.',
  'app.enrolment.choosing': 'Enrolling this panel: the room you choose now is its room from now on.',
  'app.signIn.title': 'Roomdeck',
  'app.signIn.reenrol': 'Re-enrol this panel',
  'app.signIn.asPanel': 'Sign in as the panel’s account',
  'app.signIn.button': 'Sign in',
  'app.signIn.notSignedIn': 'Not signed in',
  'app.signIn.signingIn': 'Signing in…',
  'app.signIn.signedIn': 'Signed in',
  'app.signIn.enrollingNote': 'Enrolling this panel: sign in as the panel’s own account (not yours), then choose its room.',
  'app.signIn.enrolledNote': 'This panel is enrolled to its room. Re-enrolling signs in its account again; the room stays.',
  'app.signIn.support': 'Need help? Call {contact}.',
  'app.signIn.waiting': 'Finish signing in in your browser. If you closed it, open it again; or cancel and start over.',
  'app.signIn.openBrowserAgain': 'Open the browser again',
  'app.advice.offline': 'The Control Service is not answering. Check the network, then sign in again; if it persists, call AV support.',
  'app.advice.bridgeUnreachable': 'Roomdeck itself is not answering. Restart the panel; if it persists, call AV support.',
  'app.advice.other': 'Try signing in again. If it keeps happening, call AV support and quote the message above.',
  'app.picker.title': 'Choose a room',
  'app.picker.search': 'Search',
  'app.picker.searchPlaceholder': 'e.g. board, harbour, display + camera, -lounge',
  'app.picker.zone': 'Zone',
  'app.picker.allZones': 'All zones',
  'app.picker.room': 'room',
  'app.picker.rooms': 'rooms',
  'app.picker.roomList': 'Rooms',
  'app.picker.seats': 'Seats {count, number}',
  'app.picker.pages': 'Pages',
  'app.bridge.unexpected': 'Something went wrong in Roomdeck: {detail}',
  'app.bridge.execNoAnswer': 'The command got no answer within {seconds, number, ::group-off} s. It may still take effect: watch the room, and try again if nothing changes.',
  'app.bridge.noAnswer': 'Roomdeck did not answer within {seconds, number, ::group-off} s. Try again; if it keeps happening, restart Roomdeck.',
  'app.bridge.unreachable': 'Roomdeck is not answering ({detail}).',
  'app.bridge.unreadable': 'Roomdeck answered {status} without a readable body.',
  'app.bridge.unexpectedAnswer': 'Roomdeck answered {status} unexpectedly.',
  'app.bridge.unavailable': 'This part of Roomdeck is not available in this version. Restart Roomdeck; if it stays, reinstall it.',
  'app.kiosk.title': 'This panel is having trouble',
  'app.kiosk.message': 'Roomdeck restarted the panel {count, plural, one {# time} other {# times}} in a short while, and it keeps failing. The room’s equipment is not affected.',
  'app.kiosk.retry': 'It tries again by itself in {minutes, plural, one {about a minute} other {about # minutes}}. There is nothing to press.',
  'app.kiosk.contact': 'If it keeps happening, contact {contact}.',
  'app.kiosk.contactTeam': 'If it keeps happening, contact your AV support team.',
  'app.kiosk.detail': 'Last problem: {kind, select, renderGone {the panel’s page stopped} unresponsive {the panel’s page stopped responding} gpuGone {the graphics process stopped} heartbeatLost {the panel’s page stopped answering} other {the panel’s page could not be loaded}} ({detail}) at {at}.',
  'app.kiosk.noAnswer': '{seconds, plural, one {no answer for # s} other {no answer for # s}}',
  'app.kiosk.noHeartbeat': '{seconds, plural, one {no heartbeat for # s} other {no heartbeat for # s}}',
  'app.host.launchTitle': 'Open Roomdeck from the address it printed',
  'app.host.launchSafety': 'For your safety, Roomdeck only opens from the address it printed when it started, which ends in {suffix}.',
  'app.host.launchCopy': 'Copy that address from the window where Roomdeck is running (it starts with {origin}) and open it in this browser. If Roomdeck was restarted, use the new address it printed.',
  'app.host.returningTitle': 'Returning to Roomdeck…',
  'app.host.returningBody': '{link} if this page does not move on by itself.',
  'app.host.continueLink': 'Continue to Roomdeck',
  'app.host.ignoredTitle': 'Sign-in answer ignored',
  'app.host.ignoredWhy': 'This answer does not belong to the sign-in Roomdeck started, so Roomdeck ignored it for your safety.',
  'app.host.ignoredNext': 'If you are signing in, finish on the sign-in page Roomdeck opened: Roomdeck is still waiting for it. Otherwise, {link}.',
  'app.host.returnLink': 'return to Roomdeck',
  'app.host.technicianTitle': 'Signed in on the panel',
  'app.host.technicianBody': 'The technician tools are open on the panel. This window closes by itself.',
  // ── end app ──

  // ── language: choosing a language ──
  'language.buttonLabel': 'Language: {name}',
  'language.choose': 'Choose a language',
  'language.technician': 'Language of the technician tools (this device)',
  'language.asPanel': 'As the panel ({name})',
  // ── end language ──

  // ── errors: a sentence for every ErrorCode, its English written once in contract/error-codes.ts ──
  ...errorSentences(),
  // ── end errors ──

  // ── layout: the room layout's validation reasons (renderer/src/lib/layout) ──
  'layout.required': 'is required',
  'layout.unknownControlField': 'is not a field of this control (a typo?)',
  'layout.expectedString': 'expected string',
  'layout.expectedNumber': 'expected number',
  'layout.expectedInteger': 'expected integer',
  'layout.expectedBoolean': 'expected boolean',
  'layout.expectedArray': 'expected array',
  'layout.expectedObject': 'expected object',
  'layout.expectedUnion': 'expected union value',
  'layout.expectedLiteral': 'expected {value}',
  'layout.minItems': 'expected array length to be greater or equal to {min}',
  'layout.minLength': 'expected string length greater or equal to {min}',
  'layout.greaterThan': 'expected number to be greater than {min}',
  'layout.atLeast': 'expected number to be greater or equal to {min}',
  'layout.schemaOther': '{message}',
  'layout.languageTag': 'must be a language tag such as "de", "en-GB" or "ar"',
  'layout.languageList': 'must be a list of language tags such as ["de", "en", "ar"]',
  'layout.sectionsEmpty': 'must be a list with at least one section',
  'layout.notObject': 'must be an object',
  'layout.notText': 'must be text',
  'layout.unknownSectionField': 'is not a field of a section (a typo?)',
  'layout.controlsList': 'must be a list of controls',
  'layout.pagesEmpty': 'must be a list with at least one page',
  'layout.pageNotObject': 'must be an object with "title" and "sections"',
  'layout.layoutNotObject': 'must be an object with "pages" or "sections"',
  'layout.unknownLayoutField': 'is not a field of a layout (a typo?)',
  'layout.version': 'must be 1 or 2',
  'layout.trueOrFalse': 'must be true or false',
  'layout.pagesAndSections': 'cannot be used together with "pages" (put them in a page)',
  'layout.pagesRequired': 'is required (or "home", "sections" or "advanced")',
  'layout.greaterThanMin': 'must be greater than min ({min})',
  'layout.limitMin': 'must be from {min} to below the upper limit',
  'layout.atMost': 'must be at most {max}',
  'layout.withinLimits': 'must be within the limits ({low} to {high})',
  'layout.controlType': 'must be one of "button", "toggle", "select", "level"',
  'layout.stepTooBig': 'must be at most max − min ({range})',
  'layout.noModule': 'this room has no "{module}" (it has {known})',
  'layout.noModules': 'this room has no "{module}" (it has none)',
  'layout.tooFewModules': '{count, plural, one {this room has # "{module}"} other {this room has # "{module}"}}',
  'layout.notJson': 'is not valid JSON ({why})',
  // ── end layout ──
};

/** The keys of this part, each a string in every language (../de/, ../ar/… are typed against it). */
export type Words = Readonly<Record<keyof typeof shell, string>>;
