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
