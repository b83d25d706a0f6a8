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
  'app.advice.sessionEnded': 'The sign-in expired or was revoked. Sign in again to keep using this panel.',
  'app.advice.authRequired': 'Sign in to use this panel.',
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
  'app.bridge.execNoAnswer': 'The command got no answer within {seconds, number} s. It may still take effect: watch the room, and try again if nothing changes.',
  'app.bridge.noAnswer': 'Roomdeck did not answer within {seconds, number} s. Try again; if it keeps happening, restart Roomdeck.',
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
  'app.host.openingTitle': 'Opening Roomdeck…',
  'app.host.connecting': 'Connecting this tab to Roomdeck.',
  'app.host.needsScript': 'Roomdeck needs JavaScript: allow it for this address and open the address Roomdeck printed again.',
  'app.host.storageBlocked': 'This browser does not let Roomdeck keep its key for this tab (site data is blocked). Allow site data for this address, then open the address Roomdeck printed again.',
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
