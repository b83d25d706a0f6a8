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
  'room.call.support': 'Call AV support.',
  'room.call.supportOn': 'Call AV support on {number}.',
  'room.call.clause': 'call {number}',
  'room.call.clauseSupport': 'call AV support',
  'room.device.theRoom': 'The room',
  'room.device.numbered': '{device} {number}',
  'room.device.mixer': 'The sound system',
  'room.device.lighting': 'The lighting',
  'room.device.switcher': 'The video switcher',
  'room.device.roomLogic': 'The room controller',
  'room.device.bookings': 'The room calendar',
  'room.device.display': 'The display',
  'room.device.projector': 'The projector',
  'room.device.camera': 'The camera',
  'room.device.blinds': 'The blinds',
  'room.device.other': 'The {name}',
  'room.failure.bookingRefused': 'The booking could not be changed: try another length, or {call}.',
  'room.failure.notResponding': '{count, plural, one {{devices} is not responding: check that it is switched on and plugged in, then try again, or {call}.} other {{devices} are not responding: check that they are switched on and plugged in, then try again, or {call}.}}',
  'room.failure.warming': '{count, plural, one {{devices} is still warming up or cooling down: wait a moment, then try again, or {call}.} other {{devices} are still warming up or cooling down: wait a moment, then try again, or {call}.}}',
  'room.failure.switchedOff': '{count, plural, one {{devices} is switched off in the room system: {call}.} other {{devices} are switched off in the room system: {call}.}}',
  'room.failure.couldNot': '{count, plural, one {{devices} could not do that: try again, or {call}.} other {{devices} could not do that: try again, or {call}.}}',
  'room.failure.noAnswer': '{device} is not responding: it may still do it, so wait a moment before trying again, or {call}.',
  'room.failure.refusedSetting': '{device} did not accept that setting: try another, or {call}.',
  'room.failure.mismatch': '{device} no longer matches this panel: reload the panel, or {call}.',
  'room.failure.forbidden': 'This panel is not allowed to do that: {call}.',
  'room.offline.notResponding': '{device} is not responding: {call}.',
  'room.link.live': 'Connected to the room system.',
  'room.link.unreachable': 'The room system is not answering. The controls come back by themselves.',
  'room.link.degraded': 'The room system is having trouble (it answers with errors). The controls come back by themselves.',
  'room.link.refused': 'The room system refused this panel’s credentials. The panel keeps trying; if this lasts, call AV support.',
  'room.help.noDesk': 'This room takes no help requests.',
  'room.help.start': '{shows, select, projector {**Starting the room.** Touch {sources}: the projector comes on and shows it.} screens {**Starting the room.** Touch {sources}: the screens come on and show it.} other {**Starting the room.** Touch {sources}.}}',
  'room.help.warmUp': 'The projector takes about half a minute to warm up.',
  'room.help.volume': 'The volume is at the bottom of the screen.',
  'room.help.pageLights': 'lights',
  'room.help.pageBlinds': 'blinds',
  'room.help.pageCameras': 'cameras',
  'room.help.pages': '{count, plural, one {{pages} have their own page at the top.} other {{pages} have their own pages at the top.}}',
  'room.help.leave': 'When you leave, touch **End meeting** (**Room off** when nothing is booked).',
  'room.equipment.display': '{count, plural, one {# display} other {# displays}}',
  'room.equipment.projector': '{count, plural, one {# projector} other {# projectors}}',
  'room.equipment.camera': '{count, plural, one {# camera} other {# cameras}}',
  'room.equipment.mixer': '{count, plural, one {# sound system} other {# sound systems}}',
  'room.equipment.lighting': '{count, plural, one {# lighting control} other {# lighting controls}}',
  'room.equipment.blinds': '{count, plural, one {# set of blinds} other {# sets of blinds}}',
  'room.equipment.roomPc': '{count, plural, one {# room PC} other {# room PCs}}',
  'room.equipment.other': '{count, plural, one {# {name}} other {# {names}}}',
  'room.booking.meeting': 'Meeting',
  'room.booking.private': 'Booked',
  'room.booking.inUse': 'In use',
  'room.booking.available': 'Available',
  'room.booking.until': 'until {time}',
  'room.booking.restOfDay': 'for the rest of the day',
  'room.booking.inUseUntil': 'In use until {time}',
  'room.booking.availableUntil': 'Available until {time}',
  'room.booking.availableAllDay': 'Available for the rest of the day',
  'room.booking.lengthUntil': 'Until {time}',
  'room.booking.length': '{minutes, plural, one {# min} other {# min}}',
  'room.booking.extend': '{minutes, plural, one {+# min} other {+# min}}',
  'room.booking.span': '{start}–{end}',
  'room.booking.countdown': '{minutes}:{seconds}',
  'room.dialog.endAndOff': 'End the meeting and switch the room off?',
  'room.dialog.endMeeting': 'End the meeting now? The room becomes free for others.',
  'room.dialog.off': 'Switch the room off? Screens, sound and cameras shut down.',
  'room.power.tileFailed': '{source} did not come up (the screens still show something else): try again, or {call}.',
  'room.power.onFailed': 'The room did not switch on: the devices still report off. Try again, or call AV support.',
  'room.power.offFailed': 'The room did not switch off (its devices still report on): try again, or {call}.',
  'room.source.showing': 'Showing now',
  'room.source.stopped': '{device} is switched off at the system. {call}',
  'room.source.silent': '{device} is not responding. {call}',
  'room.source.warming': '{device} warming up — {seconds, number} s',
  'room.source.switching': 'Switching…',
  'room.source.starting': 'Starting…',
  'room.source.didNotStart': 'Did not start',
  'room.source.waiting': 'Waiting for the devices…',
  'room.source.notRead': '{device} not read yet',
  'room.source.off': '{device} is off',
  'room.source.elsewhere': '{device} shows something else',
  'room.level.value': '{sign}{number} {unit}',
  'room.level.percent': '{number} %',
  'room.value.on': 'on',
  'room.value.off': 'off',
  'room.value.nothing': 'nothing',
  'room.control.notConfirmed': '{control}: the device did not confirm; it still reports {value}.',
  'room.plan.numbered': '{name} {number}',
  'room.plan.page.sources': 'Sources',
  'room.plan.page.room': 'Room',
  'room.plan.page.lights': 'Lights',
  'room.plan.page.camera': 'Camera',
  'room.plan.page.cameras': 'Cameras',
  'room.plan.page.audio': 'Mics',
  'room.plan.page.blinds': 'Blinds',
  'room.plan.page.display': 'Display',
  'room.plan.page.more': 'More',
  'room.plan.page.advanced': 'Advanced',
  'room.plan.group.microphones': 'Microphones',
  'room.plan.control.power': 'Power',
  'room.plan.control.input': 'Input',
  'room.plan.control.volume': 'Volume',
  'room.plan.control.mute': 'Mute',
  'room.plan.control.avMute': 'AV mute',
  'room.plan.control.output': 'Output {number}',
  'room.plan.control.inputNumber': 'Input {number}',
  'room.plan.control.area': 'Area {number}',
  'room.plan.control.up': 'Up',
  'room.plan.control.stop': 'Stop',
  'room.plan.control.down': 'Down',
  'room.plan.control.zoom': 'Zoom',
  'room.plan.control.master': 'Master',
  'room.plan.control.masterMute': 'Master mute',
  'room.plan.control.channelMute': '{channel} mute',
  'room.plan.control.blankPicture': 'Blank picture',
  'room.plan.control.pictureBlanked': 'Picture blanked',
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
