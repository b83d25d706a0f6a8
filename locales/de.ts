/* Roomdeck's words in German (Deutsch). Keys and ICU structure as in en.ts; see there. */
import type { Catalogue } from './en.ts';

export const de = {
  // ── common: words shared everywhere (lead) ──
  'common.close': 'Schließen',
  'common.cancel': 'Abbrechen',
  'common.retry': 'Erneut versuchen',
  'common.reload': 'Neu laden',
  // ── end common ──

  // ── app: App, sign-in, room picker, enrolment, load failure, link and bridge errors, kiosk error screen, host pages ──
  'app.starting': 'Wird gestartet…',
  'app.toolsLoadFailed': 'Die Technikerwerkzeuge konnten nicht geladen werden. Laden Sie die Seite neu; wenn das wieder passiert, rufen Sie den AV-Support an.',
  'app.signOut': 'Abmelden',
  'app.loadFailed': 'Roomdeck konnte das Panel nicht laden. Laden Sie es neu; wenn das wieder passiert, rufen Sie den AV-Support an.',
  'app.enrolment.choosing': 'Dieses Panel wird registriert: Der Raum, den Sie jetzt wählen, ist ab sofort sein Raum.',
  'app.signIn.title': 'Roomdeck',
  'app.signIn.reenrol': 'Panel neu registrieren',
  'app.signIn.asPanel': 'Mit dem Konto des Panels anmelden',
  'app.signIn.button': 'Anmelden',
  'app.signIn.notSignedIn': 'Nicht angemeldet',
  'app.signIn.signingIn': 'Anmeldung läuft…',
  'app.signIn.signedIn': 'Angemeldet',
  'app.signIn.enrollingNote': 'Dieses Panel wird registriert: Melden Sie sich mit dem Konto des Panels an (nicht mit Ihrem eigenen) und wählen Sie dann seinen Raum.',
  'app.signIn.enrolledNote': 'Dieses Panel ist für seinen Raum registriert. Beim erneuten Registrieren wird sein Konto neu angemeldet; der Raum bleibt.',
  'app.signIn.support': 'Brauchen Sie Hilfe? Rufen Sie {contact} an.',
  'app.signIn.waiting': 'Schließen Sie die Anmeldung in Ihrem Browser ab. Falls Sie ihn geschlossen haben, öffnen Sie ihn erneut – oder brechen Sie ab und beginnen Sie von vorn.',
  'app.signIn.openBrowserAgain': 'Browser erneut öffnen',
  'app.advice.sessionEnded': 'Die Anmeldung ist abgelaufen oder wurde widerrufen. Melden Sie sich erneut an, um dieses Panel weiter zu nutzen.',
  'app.advice.authRequired': 'Melden Sie sich an, um dieses Panel zu nutzen.',
  'app.advice.offline': 'Der Control Service antwortet nicht. Prüfen Sie das Netzwerk und melden Sie sich dann erneut an; wenn das Problem bleibt, rufen Sie den AV-Support an.',
  'app.advice.bridgeUnreachable': 'Roomdeck selbst antwortet nicht. Starten Sie das Panel neu; wenn das Problem bleibt, rufen Sie den AV-Support an.',
  'app.advice.other': 'Versuchen Sie erneut, sich anzumelden. Wenn das wieder passiert, rufen Sie den AV-Support an und nennen Sie die Meldung oben.',
  'app.picker.title': 'Raum wählen',
  'app.picker.search': 'Suche',
  'app.picker.searchPlaceholder': 'z. B. Besprechung, Hafen, Display + Kamera, -Lounge',
  'app.picker.zone': 'Bereich',
  'app.picker.allZones': 'Alle Bereiche',
  'app.picker.room': 'Raum',
  'app.picker.rooms': 'Räume',
  'app.picker.roomList': 'Räume',
  'app.picker.seats': '{count, number} Plätze',
  'app.picker.pages': 'Seiten',
  'app.bridge.unexpected': 'In Roomdeck ist etwas schiefgelaufen: {detail}',
  'app.bridge.execNoAnswer': 'Der Befehl hat innerhalb von {seconds, number} s keine Antwort erhalten. Er kann trotzdem noch wirken: Beobachten Sie den Raum und versuchen Sie es erneut, wenn sich nichts ändert.',
  'app.bridge.noAnswer': 'Roomdeck hat nicht innerhalb von {seconds, number} s geantwortet. Versuchen Sie es erneut; wenn das wieder passiert, starten Sie Roomdeck neu.',
  'app.bridge.unreachable': 'Roomdeck antwortet nicht ({detail}).',
  'app.bridge.unreadable': 'Roomdeck hat mit {status} geantwortet, aber ohne lesbaren Inhalt.',
  'app.bridge.unexpectedAnswer': 'Roomdeck hat unerwartet mit {status} geantwortet.',
  'app.bridge.unavailable': 'Dieser Teil von Roomdeck ist in dieser Version nicht verfügbar. Starten Sie Roomdeck neu; wenn das so bleibt, installieren Sie es neu.',
  'app.kiosk.title': 'Dieses Panel hat ein Problem',
  'app.kiosk.message': 'Roomdeck hat das Panel in kurzer Zeit {count, plural, one {# Mal} other {# Mal}} neu gestartet, und es fällt weiterhin aus. Die Technik im Raum ist davon nicht betroffen.',
  'app.kiosk.retry': 'Es versucht es {minutes, plural, one {in etwa einer Minute} other {in etwa # Minuten}} von selbst erneut. Sie müssen nichts drücken.',
  'app.kiosk.contact': 'Wenn das Problem bleibt, wenden Sie sich an {contact}.',
  'app.kiosk.contactTeam': 'Wenn das Problem bleibt, wenden Sie sich an Ihren AV-Support.',
  'app.kiosk.detail': 'Letztes Problem: {kind, select, renderGone {Die Seite des Panels wurde beendet} unresponsive {Die Seite des Panels reagierte nicht mehr} gpuGone {Der Grafikprozess wurde beendet} heartbeatLost {Die Seite des Panels antwortete nicht mehr} other {Die Seite des Panels konnte nicht geladen werden}} ({detail}) um {at}.',
  'app.host.launchTitle': 'Öffnen Sie Roomdeck über die Adresse, die es ausgegeben hat',
  'app.host.launchSafety': 'Zu Ihrer Sicherheit öffnet sich Roomdeck nur über die Adresse, die es beim Start ausgegeben hat; sie endet auf {suffix}.',
  'app.host.launchCopy': 'Kopieren Sie diese Adresse aus dem Fenster, in dem Roomdeck läuft (sie beginnt mit {origin}), und öffnen Sie sie in diesem Browser. Wurde Roomdeck neu gestartet, verwenden Sie die neue Adresse, die es ausgegeben hat.',
  'app.host.returningTitle': 'Zurück zu Roomdeck…',
  'app.host.returningBody': '{link}, falls diese Seite nicht von selbst weitergeht.',
  'app.host.continueLink': 'Weiter zu Roomdeck',
  'app.host.ignoredTitle': 'Antwort auf die Anmeldung ignoriert',
  'app.host.ignoredWhy': 'Diese Antwort gehört nicht zu der Anmeldung, die Roomdeck begonnen hat; zu Ihrer Sicherheit hat Roomdeck sie ignoriert.',
  'app.host.ignoredNext': 'Wenn Sie sich gerade anmelden, schließen Sie die Anmeldung auf der Seite ab, die Roomdeck geöffnet hat: Roomdeck wartet noch darauf. Andernfalls {link}.',
  'app.host.returnLink': 'kehren Sie zu Roomdeck zurück',
  'app.host.openingTitle': 'Roomdeck wird geöffnet…',
  'app.host.connecting': 'Dieser Tab wird mit Roomdeck verbunden.',
  'app.host.needsScript': 'Roomdeck benötigt JavaScript: Erlauben Sie es für diese Adresse und öffnen Sie die von Roomdeck ausgegebene Adresse erneut.',
  'app.host.storageBlocked': 'Dieser Browser lässt Roomdeck seinen Schlüssel für diesen Tab nicht speichern (Websitedaten sind blockiert). Erlauben Sie Websitedaten für diese Adresse und öffnen Sie dann die von Roomdeck ausgegebene Adresse erneut.',
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
  'language.button': 'Sprache',
  // ── end language ──
} satisfies Catalogue;
