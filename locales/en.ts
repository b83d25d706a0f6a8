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
  'panel.actions.help': 'Help',
  'panel.actions.changeRoom': 'Change room',
  'panel.actions.tools': 'Technician tools',
  'panel.actions.signOut': 'Sign out',
  'panel.welcome.touchSource': 'Touch a source to start the room',
  'panel.welcome.touchRoomOn': 'Touch Room on to start the room',
  'panel.welcome.nothing': 'This room has nothing to switch on',
  'panel.welcome.roomOn': 'Room on',
  'panel.welcome.starting': 'Starting…',
  'panel.sources.label': 'Sources',
  'panel.sources.warming': 'Warming up — {seconds, number} s',
  'panel.sources.silent': '{name} not responding',
  'panel.sources.failed': 'Did not start',
  'panel.story.warming': 'Warming up',
  'panel.story.left': '{seconds, number} s left',
  'panel.story.source': '{source}:',
  'panel.booking.label': 'Room booking',
  'panel.booking.next': 'Next meetings today',
  'panel.booking.noMore': 'No more meetings today.',
  'panel.booking.releasedIn': 'Released in {countdown} unless someone starts the room',
  'panel.booking.checkIn': 'Check in',
  'panel.booking.bookNow': 'Book now',
  'panel.extend.label': 'Extend the meeting',
  'panel.extend.word': 'Extend',
  'panel.connection.unreachable': 'Room system not answering',
  'panel.connection.down': 'Not responding: {names}',
  'panel.connection.checking': 'Checking: {names}',
  'panel.connection.answering': '{count, plural, one {# device answering} other {All # devices answering}}',
  'panel.bar.label': 'Room controls',
  'panel.bar.noVolume': 'This room has no volume control.',
  'panel.bar.ending': 'Ending…',
  'panel.bar.switchingOff': 'Switching off…',
  'panel.bar.endMeeting': 'End meeting',
  'panel.bar.roomOff': 'Room off',
  'panel.mute.mute': 'Mute',
  'panel.mute.named': 'Mute {name}',
  'panel.mute.muted': 'Muted',
  'panel.level.value': '{value, number}',
  'panel.level.valueWithUnit': '{value, number} {unit}',
  'panel.level.down': '{label} down',
  'panel.level.up': '{label} up',
  'panel.blinds.unknown': 'Position unknown',
  'panel.blinds.open': 'Open',
  'panel.blinds.closed': 'Closed',
  'panel.blinds.partly': '{position, number} % closed',
  'panel.blinds.opening': 'Opening',
  'panel.blinds.closing': 'Closing',
  'panel.page.devices': 'Devices',
  'panel.tabs.label': 'Pages',
  'panel.layout.problems': "This room's custom layout has errors; the automatic layout is shown.",
  'panel.confirm.yes': 'Yes',
  'panel.confirm.no': 'No',
  'panel.confirm.endMeeting': 'End meeting',
  'panel.confirm.switchOff': 'Switch the room off',
  'panel.confirm.keepMeeting': 'Keep the meeting',
  'panel.confirm.keepOn': 'Keep it on',
  'panel.reset.question': 'Reset the room? The screens go back to the usual source and the sound to its usual level.',
  'panel.reset.yes': 'Reset the room',
  'panel.stillUsing.question': 'Still using the room?',
  'panel.stillUsing.countdown': 'It switches off in {seconds, number} s unless you answer.',
  'panel.stillUsing.keep': 'Yes, keep it on',
  'panel.stillUsing.off': 'No, switch off',
  'panel.screensaver.label': '{name}: touch to start',
  'panel.screensaver.hint': 'Touch the screen to begin',
  'panel.toast.connecting': 'Connecting to the room system… The controls show the room as last seen.',
  'panel.toast.ok': 'OK',
  'panel.help.title': 'Help for {name}',
  'panel.help.roomId': 'Room id {id}',
  'panel.help.call': 'Call for help: {phone}',
  'panel.help.askSupport': 'Ask your AV support team for help.',
  'panel.help.page': "This room's page, for your phone: {address}",
  'panel.help.qr': "QR code of this room's page, {address}",
  'panel.help.loading': 'Loading…',
  'panel.help.about': 'About this room',
  'panel.help.seats': 'Seats',
  'panel.help.features': 'Features',
  'panel.help.equipment': 'Equipment',
  'panel.help.requested': 'Help requested at {at}: AV support can see it.',
  'panel.help.requestNote': 'Help requested at the panel in {name}',
  'panel.help.request': 'Request help',
  'panel.help.reset': 'Reset the room',
  'panel.help.close': 'Close help',
  'panel.load.gone': 'This room is no longer on the control service.',
  'panel.load.goneLocked': 'It may have been removed or renamed. This panel is bound to it: ask AV support to bind it to another room. Roomdeck keeps checking in case it comes back.',
  'panel.load.goneChoose': 'It may have been removed or renamed. Choose another room; Roomdeck keeps checking in case this one comes back.',
  'panel.load.chooseAnother': 'Choose another room',
  'panel.load.tryNow': 'Try again now',
  'panel.load.failed': 'This room could not be loaded yet.',
  'panel.load.keepsTrying': '{error} Roomdeck keeps trying by itself.',
  'panel.load.loading': 'Loading the room…',
  'panel.control.warming': 'Warming up',
  'panel.control.cooling': 'Cooling down',
  'panel.control.offline': 'Not responding',
  'panel.control.stale': 'Not live',
  'panel.control.transition': '{what}: {seconds, number} s',
  'panel.control.transitionLeft': '{what}, {seconds, number} s left',
  'panel.toggle.on': 'On',
  'panel.toggle.off': 'Off',
  'panel.toggle.unknown': 'Unknown',
  'panel.pager.previous': 'Previous',
  'panel.pager.next': 'Next',
  'panel.pager.page': 'Page {page, number} of {count, number}',
  'panel.search.searching': 'Searching…',
  'panel.search.count': '{count} {noun}',
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
};

export type MessageKey = keyof typeof en;
/** A language's catalogue: every key English has, no other. */
export type Catalogue = Readonly<Record<MessageKey, string>>;
