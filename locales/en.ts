/*
 * Roomdeck's words in English: the source catalogue. Every key here is in every language (de.ts,
 * ar.ts… are typed against it), and every message is ICU MessageFormat: `{name}` placeholders,
 * `{count, plural, one {# display} other {# displays}}`, `{kind, select, …}`, `{at, time, short}`.
 *
 * Keys are `area.place.what`. The file is one line per message, in sections by area, so that
 * several people adding words at once merge cleanly (.gitattributes: merge=union).
 */
export const en = {
  // ── common: words shared everywhere (lead) ──
  'common.close': 'Close',
  'common.cancel': 'Cancel',
  'common.retry': 'Try again',
  'common.reload': 'Reload',
  // ── end common ──

  // ── app: App, sign-in, room picker, enrolment, load failure, link and bridge errors, kiosk error screen, host pages ──
  // ── end app ──

  // ── panel: the panel views and controls (renderer/src/views/panel, renderer/src/controls) ──
  // ── end panel ──

  // ── room: the room model's sentences (renderer/src/lib/words, lib/panel, lib/room, lib/plan) ──
  // ── end room ──

  // ── tech-a: technician tools: systems, modules, exec, live state, debug log ──
  // ── end tech-a ──

  // ── tech-b: technician tools: drawer, sign-in, PIN, fleet, help requests, keyboard, panel section, lib/technician ──
  // ── end tech-b ──

  // ── language: choosing a language ──
  'language.button': 'Language',
  // ── end language ──

  // ── errors: a sentence for every ErrorCode (renderer/src/lib/i18n/error-words.ts; lead) ──
  'error.offline': 'Roomdeck cannot reach the control service. Check the network connection; Roomdeck keeps trying.',
  'error.timeout': 'The control service did not answer in time. Try again in a moment.',
  'error.credentialsRefused': 'The control service refused this panel’s credentials. Roomdeck keeps its sign-in and tries again by itself; if this lasts, ask your AV support team.',
  'error.serverError': 'The control service had a problem. Try again in a moment; if it persists, contact support.',
  'error.badResponse': 'The control service answered in a way Roomdeck does not understand. Check that Roomdeck is up to date, or contact support.',
  'error.bridgeUnreachable': 'Roomdeck is not answering. Restart Roomdeck; if it stays, reinstall it.',
  'error.authRequired': 'You are not signed in. Sign in to continue.',
  'error.sessionEnded': 'Your session has ended (it expired or was revoked). Sign in again to continue.',
  'error.forbidden': 'Your account is not allowed to do this. Ask an administrator for access, or sign in with another account.',
  'error.notFound': 'The room or device no longer exists. Refresh the list and pick it again.',
  'error.versionConflict': 'Someone else changed this room while you were editing it. Reload it, then apply your changes again.',
  'error.validationFailed': 'The service did not accept these values. Correct the highlighted fields and try again.',
  'error.badRequest': 'The service did not understand the request. Check the values and try again.',
  'error.signInFailed': 'Sign-in did not succeed. Try again; if it keeps failing, contact support.',
  'error.stateMissing': 'The sign-in answer was incomplete (it carried no state), so Roomdeck ignored it for your safety. Start the sign-in again.',
  'error.stateMismatch': 'The sign-in answer did not belong to the sign-in Roomdeck started, so it was ignored for your safety. Start the sign-in again.',
  'error.signInTimeout': 'Sign-in was not completed within 5 minutes. Start the sign-in again.',
  'error.signInDenied': 'Sign-in was cancelled or access was not granted. Sign in again and allow access to continue.',
  'error.signInCodeExpired': 'The sign-in code ran out before it was approved. Start the sign-in again for a new code.',
  'error.vaultInsecure': 'No secure key store is available (on Linux: no keyring), so Roomdeck will not store your sign-in. Install or unlock a keyring, or ask the installer to allow insecure storage knowingly.',
  'error.configInvalid': 'Roomdeck is not configured correctly. Ask the installer to check its settings.',
  'error.systemLocked': 'This panel is fixed to its room by the installer, so the room cannot be changed here. Ask the installer to change it.',
  'error.technicianLocked': 'The technician tools are closed (they lock after a while untouched). Open them again with the technician PIN.',
  'error.panelEnrolled': 'This panel is enrolled to its room, so the room cannot be changed here. A technician changes it with Re-enrol this panel in the technician tools.',
  'error.formInvalid': 'Some values cannot be sent as they are. Correct the marked fields and try again.',
  'error.bridgeInvalidArgs': 'Roomdeck could not send this request: it is not valid.',
  'error.bridgeForbidden': 'This page may not use Roomdeck’s bridge.',
  'error.bridgeUnauthorized': 'This tab is not connected to Roomdeck. Open the address Roomdeck printed (it ends in /?launch=…) in this tab; if Roomdeck was restarted, use the new address it printed.',
  'error.hostBadRequest': 'This address is not valid (it has a malformed %-encoding). Open the address Roomdeck printed.',
  'error.hostMisdirected': 'Open Roomdeck by its address.',
  'error.hostNotFound': 'There is nothing at this address.',
  'error.moduleNotFound': 'This room has no such device. The room may have been changed; reload the room to update its controls.',
  'error.methodNotFound': 'The device does not support this command. Its driver may have changed; reload the room to update its controls.',
  'error.moduleStopped': 'The device is stopped, so it cannot take commands. Start it, then try again.',
  'error.invalidArguments': 'The device did not accept the values sent with this command. Check them and try again.',
  'error.driverError': 'The device could not carry out the command. Check that it is switched on, then try again.',
  'error.execTimeout': 'The device did not confirm the command in time. It may still complete; check the room before trying again.',
  'error.roomPartial': 'Not everything worked: a device did not do what was asked. Check it is switched on, or call AV support.',
  'error.cancelled': 'The request was cancelled before it finished. Try again if it is still needed.',
  'error.internal': 'Something went wrong inside Roomdeck. Try again; if it persists, restart Roomdeck.',
  'error.bridgeInternal': 'Roomdeck hit an unexpected problem. Try again.',
  'error.hostInternal': 'Roomdeck hit an unexpected problem. Try again.',
  'error.bridgeUnknownVerb': 'This part of Roomdeck is not available here: the page and the app are different versions. Reload the page.',
  'error.bridgeBadResponse': 'Roomdeck answered unexpectedly.',
  'error.unexpected': 'Something went wrong in Roomdeck.',
  // ── end errors ──
};

export type MessageKey = keyof typeof en;
/** A language's catalogue: every key English has, no other. */
export type Catalogue = Readonly<Record<MessageKey, string>>;
