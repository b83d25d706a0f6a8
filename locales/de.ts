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

  // ── errors: a sentence for every ErrorCode (renderer/src/lib/i18n/error-words.ts; lead) ──
  'error.offline': 'Roomdeck erreicht den Steuerungsdienst nicht. Prüfen Sie die Netzwerkverbindung; Roomdeck versucht es weiter.',
  'error.timeout': 'Der Steuerungsdienst hat nicht rechtzeitig geantwortet. Versuchen Sie es gleich noch einmal.',
  'error.credentialsRefused': 'Der Steuerungsdienst hat die Zugangsdaten dieses Panels abgelehnt. Roomdeck behält die Anmeldung und versucht es selbst erneut; wenn das anhält, wenden Sie sich an Ihren AV-Support.',
  'error.serverError': 'Beim Steuerungsdienst ist ein Problem aufgetreten. Versuchen Sie es gleich noch einmal; wenn es bleibt, wenden Sie sich an den Support.',
  'error.badResponse': 'Der Steuerungsdienst hat auf eine Weise geantwortet, die Roomdeck nicht versteht. Prüfen Sie, ob Roomdeck aktuell ist, oder wenden Sie sich an den Support.',
  'error.bridgeUnreachable': 'Roomdeck antwortet nicht. Starten Sie Roomdeck neu; wenn das bleibt, installieren Sie es neu.',
  'error.authRequired': 'Sie sind nicht angemeldet. Melden Sie sich an, um fortzufahren.',
  'error.sessionEnded': 'Ihre Sitzung ist beendet (abgelaufen oder widerrufen). Melden Sie sich erneut an, um fortzufahren.',
  'error.forbidden': 'Ihr Konto darf das nicht. Bitten Sie einen Administrator um Zugriff oder melden Sie sich mit einem anderen Konto an.',
  'error.notFound': 'Der Raum oder das Gerät existiert nicht mehr. Aktualisieren Sie die Liste und wählen Sie erneut.',
  'error.versionConflict': 'Jemand anderes hat diesen Raum geändert, während Sie ihn bearbeitet haben. Laden Sie ihn neu und übernehmen Sie Ihre Änderungen erneut.',
  'error.validationFailed': 'Der Dienst hat diese Werte nicht akzeptiert. Korrigieren Sie die markierten Felder und versuchen Sie es erneut.',
  'error.badRequest': 'Der Dienst hat die Anfrage nicht verstanden. Prüfen Sie die Werte und versuchen Sie es erneut.',
  'error.signInFailed': 'Die Anmeldung ist fehlgeschlagen. Versuchen Sie es erneut; wenn sie weiter fehlschlägt, wenden Sie sich an den Support.',
  'error.stateMissing': 'Die Antwort der Anmeldung war unvollständig (ohne „state“), daher hat Roomdeck sie zu Ihrer Sicherheit ignoriert. Starten Sie die Anmeldung erneut.',
  'error.stateMismatch': 'Die Antwort gehörte nicht zu der Anmeldung, die Roomdeck gestartet hat, und wurde zu Ihrer Sicherheit ignoriert. Starten Sie die Anmeldung erneut.',
  'error.signInTimeout': 'Die Anmeldung wurde nicht innerhalb von 5 Minuten abgeschlossen. Starten Sie die Anmeldung erneut.',
  'error.signInDenied': 'Die Anmeldung wurde abgebrochen oder der Zugriff nicht gewährt. Melden Sie sich erneut an und erlauben Sie den Zugriff, um fortzufahren.',
  'error.signInCodeExpired': 'Der Anmeldecode ist abgelaufen, bevor er bestätigt wurde. Starten Sie die Anmeldung erneut, um einen neuen Code zu erhalten.',
  'error.vaultInsecure': 'Es ist kein sicherer Schlüsselspeicher verfügbar (unter Linux: kein Schlüsselbund), daher speichert Roomdeck Ihre Anmeldung nicht. Installieren oder entsperren Sie einen Schlüsselbund oder bitten Sie den Installateur, unsichere Speicherung bewusst zu erlauben.',
  'error.configInvalid': 'Roomdeck ist nicht richtig konfiguriert. Bitten Sie den Installateur, die Einstellungen zu prüfen.',
  'error.systemLocked': 'Dieses Panel ist vom Installateur fest seinem Raum zugeordnet; der Raum lässt sich hier nicht ändern. Bitten Sie den Installateur darum.',
  'error.technicianLocked': 'Die Technikerwerkzeuge sind geschlossen (sie sperren sich, wenn sie eine Weile unberührt bleiben). Öffnen Sie sie erneut mit der Techniker-PIN.',
  'error.panelEnrolled': 'Dieses Panel ist für seinen Raum registriert; der Raum lässt sich hier nicht ändern. Ein Techniker ändert ihn in den Technikerwerkzeugen mit „Panel neu registrieren“.',
  'error.formInvalid': 'Einige Werte können so nicht gesendet werden. Korrigieren Sie die markierten Felder und versuchen Sie es erneut.',
  'error.bridgeInvalidArgs': 'Roomdeck konnte diese Anfrage nicht senden: Sie ist ungültig.',
  'error.bridgeForbidden': 'Diese Seite darf die Schnittstelle von Roomdeck nicht verwenden.',
  'error.bridgeUnauthorized': 'Dieser Tab ist nicht mit Roomdeck verbunden. Öffnen Sie in diesem Tab die Adresse, die Roomdeck ausgegeben hat (sie endet auf /?launch=…); wurde Roomdeck neu gestartet, verwenden Sie die neue Adresse.',
  'error.hostBadRequest': 'Diese Adresse ist ungültig (fehlerhafte %-Kodierung). Öffnen Sie die Adresse, die Roomdeck ausgegeben hat.',
  'error.hostMisdirected': 'Öffnen Sie Roomdeck über seine Adresse.',
  'error.hostNotFound': 'Unter dieser Adresse gibt es nichts.',
  'error.moduleNotFound': 'Dieser Raum hat kein solches Gerät. Der Raum wurde vielleicht geändert; laden Sie ihn neu, um die Bedienelemente zu aktualisieren.',
  'error.methodNotFound': 'Das Gerät unterstützt diesen Befehl nicht. Sein Treiber wurde vielleicht geändert; laden Sie den Raum neu, um die Bedienelemente zu aktualisieren.',
  'error.moduleStopped': 'Das Gerät ist gestoppt und nimmt keine Befehle an. Starten Sie es und versuchen Sie es erneut.',
  'error.invalidArguments': 'Das Gerät hat die mit diesem Befehl gesendeten Werte nicht akzeptiert. Prüfen Sie sie und versuchen Sie es erneut.',
  'error.driverError': 'Das Gerät konnte den Befehl nicht ausführen. Prüfen Sie, ob es eingeschaltet ist, und versuchen Sie es erneut.',
  'error.execTimeout': 'Das Gerät hat den Befehl nicht rechtzeitig bestätigt. Er wird vielleicht noch ausgeführt; prüfen Sie den Raum, bevor Sie es erneut versuchen.',
  'error.roomPartial': 'Nicht alles hat funktioniert: Ein Gerät hat nicht getan, was verlangt wurde. Prüfen Sie, ob es eingeschaltet ist, oder rufen Sie den AV-Support an.',
  'error.cancelled': 'Die Anfrage wurde abgebrochen, bevor sie fertig war. Versuchen Sie es erneut, wenn sie noch nötig ist.',
  'error.internal': 'In Roomdeck ist etwas schiefgelaufen. Versuchen Sie es erneut; wenn es bleibt, starten Sie Roomdeck neu.',
  'error.bridgeInternal': 'Roomdeck ist auf ein unerwartetes Problem gestoßen. Versuchen Sie es erneut.',
  'error.hostInternal': 'Roomdeck ist auf ein unerwartetes Problem gestoßen. Versuchen Sie es erneut.',
  'error.bridgeUnknownVerb': 'Dieser Teil von Roomdeck ist hier nicht verfügbar: Seite und App haben verschiedene Versionen. Laden Sie die Seite neu.',
  'error.bridgeBadResponse': 'Roomdeck hat unerwartet geantwortet.',
  'error.unexpected': 'In Roomdeck ist etwas schiefgelaufen.',
  // ── end errors ──
} satisfies Catalogue;
