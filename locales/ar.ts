/*
 * Roomdeck's words in Arabic (العربية), shown right to left. Keys and ICU structure as in en.ts.
 * Numbers and times inside messages are formatted by Intl in `ar` (Arabic-Indic digits).
 */
import type { Catalogue } from './en.ts';

export const ar = {
  // ── common: words shared everywhere (lead) ──
  'common.close': 'إغلاق',
  'common.cancel': 'إلغاء',
  'common.retry': 'أعد المحاولة',
  'common.reload': 'إعادة التحميل',
  // ── end common ──

  // ── app: App, sign-in, room picker, enrolment, load failure, link and bridge errors, kiosk error screen, host pages ──
  // ── end app ──

  // ── panel: the panel views and controls (renderer/src/views/panel, renderer/src/controls) ──
  'panel.actions.help': 'مساعدة',
  'panel.actions.changeRoom': 'تغيير الغرفة',
  'panel.actions.tools': 'أدوات الفني',
  'panel.actions.signOut': 'تسجيل الخروج',
  'panel.welcome.touchSource': 'المس مصدرًا لتشغيل الغرفة',
  'panel.welcome.touchRoomOn': 'المس «تشغيل الغرفة» لبدء استخدامها',
  'panel.welcome.nothing': 'لا يوجد في هذه الغرفة ما يمكن تشغيله',
  'panel.welcome.roomOn': 'تشغيل الغرفة',
  'panel.welcome.starting': 'جارٍ التشغيل…',
  'panel.sources.label': 'المصادر',
  'panel.sources.warming': 'جارٍ الإحماء — {seconds, number} ث',
  'panel.sources.silent': '{name} لا يستجيب',
  'panel.sources.failed': 'لم يبدأ التشغيل',
  'panel.story.warming': 'جارٍ الإحماء',
  'panel.story.left': 'يتبقى {seconds, plural, zero {# ثانية} one {ثانية واحدة} two {ثانيتان} few {# ثوانٍ} many {# ثانية} other {# ثانية}}',
  'panel.story.source': '{source}:',
  'panel.booking.label': 'حجز الغرفة',
  'panel.booking.next': 'الاجتماعات التالية اليوم',
  'panel.booking.noMore': 'لا مزيد من الاجتماعات اليوم.',
  'panel.booking.releasedIn': 'يُلغى الحجز بعد {countdown} ما لم يشغّل أحد الغرفة',
  'panel.booking.checkIn': 'تسجيل الحضور',
  'panel.booking.bookNow': 'احجز الآن',
  'panel.extend.label': 'تمديد الاجتماع',
  'panel.extend.word': 'تمديد',
  'panel.connection.unreachable': 'نظام الغرفة لا يستجيب',
  'panel.connection.down': 'لا يستجيب: {names}',
  'panel.connection.checking': 'جارٍ التحقق: {names}',
  'panel.connection.answering': '{count, plural, zero {لا أجهزة للتحقق منها} one {الجهاز يستجيب} two {الجهازان يستجيبان} few {تستجيب جميع الأجهزة الـ#} many {تستجيب جميع الأجهزة الـ#} other {تستجيب جميع الأجهزة الـ#}}',
  'panel.bar.label': 'عناصر التحكم في الغرفة',
  'panel.bar.noVolume': 'لا يوجد في هذه الغرفة تحكم في مستوى الصوت.',
  'panel.bar.ending': 'جارٍ الإنهاء…',
  'panel.bar.switchingOff': 'جارٍ الإطفاء…',
  'panel.bar.endMeeting': 'إنهاء الاجتماع',
  'panel.bar.roomOff': 'إطفاء الغرفة',
  'panel.mute.mute': 'كتم الصوت',
  'panel.mute.named': 'كتم {name}',
  'panel.mute.muted': 'مكتوم',
  'panel.level.value': '{value, number}',
  'panel.level.valueWithUnit': '{value, number} {unit}',
  'panel.level.down': 'خفض {label}',
  'panel.level.up': 'رفع {label}',
  'panel.blinds.unknown': 'الموضع غير معروف',
  'panel.blinds.open': 'مفتوحة',
  'panel.blinds.closed': 'مغلقة',
  'panel.blinds.partly': 'مغلقة بنسبة {position, number}٪',
  'panel.blinds.opening': 'جارٍ الفتح',
  'panel.blinds.closing': 'جارٍ الإغلاق',
  'panel.page.devices': 'الأجهزة',
  'panel.tabs.label': 'الصفحات',
  'panel.layout.problems': 'يحتوي التخطيط المخصص لهذه الغرفة على أخطاء؛ لذا يُعرض التخطيط التلقائي.',
  'panel.confirm.yes': 'نعم',
  'panel.confirm.no': 'لا',
  'panel.confirm.endMeeting': 'إنهاء الاجتماع',
  'panel.confirm.switchOff': 'أطفئ الغرفة',
  'panel.confirm.keepMeeting': 'متابعة الاجتماع',
  'panel.confirm.keepOn': 'أبقِها قيد التشغيل',
  'panel.reset.question': 'هل تريد إعادة ضبط الغرفة؟ ستعود الشاشات إلى المصدر المعتاد ويعود الصوت إلى مستواه المعتاد.',
  'panel.reset.yes': 'أعد ضبط الغرفة',
  'panel.stillUsing.question': 'هل ما زلت تستخدم الغرفة؟',
  'panel.stillUsing.countdown': 'ستُطفأ الغرفة خلال {seconds, plural, zero {# ثانية} one {ثانية واحدة} two {ثانيتين} few {# ثوانٍ} many {# ثانية} other {# ثانية}} ما لم تُجب.',
  'panel.stillUsing.keep': 'نعم، أبقِها قيد التشغيل',
  'panel.stillUsing.off': 'لا، أطفئها',
  'panel.screensaver.label': '{name}: المس للبدء',
  'panel.screensaver.hint': 'المس الشاشة للبدء',
  'panel.toast.connecting': 'جارٍ الاتصال بنظام الغرفة… تعرض عناصر التحكم آخر حالة معروفة للغرفة.',
  'panel.toast.ok': 'حسنًا',
  'panel.help.title': 'المساعدة في {name}',
  'panel.help.roomId': 'معرّف الغرفة {id}',
  'panel.help.call': 'للمساعدة اتصل على: {phone}',
  'panel.help.askSupport': 'اطلب المساعدة من فريق دعم الصوت والصورة.',
  'panel.help.page': 'صفحة هذه الغرفة على هاتفك: {address}',
  'panel.help.qr': 'رمز QR لصفحة هذه الغرفة، {address}',
  'panel.help.loading': 'جارٍ التحميل…',
  'panel.help.about': 'عن هذه الغرفة',
  'panel.help.seats': 'المقاعد',
  'panel.help.features': 'المزايا',
  'panel.help.equipment': 'المعدات',
  'panel.help.requested': 'طُلبت المساعدة الساعة {at}: يرى فريق دعم الصوت والصورة طلبك.',
  'panel.help.requestNote': 'طُلبت المساعدة من لوحة التحكم في {name}',
  'panel.help.request': 'اطلب المساعدة',
  'panel.help.reset': 'إعادة ضبط الغرفة',
  'panel.help.close': 'إغلاق المساعدة',
  'panel.load.gone': 'لم تعد هذه الغرفة موجودة في خدمة التحكم.',
  'panel.load.goneLocked': 'ربما حُذفت أو غُيّر اسمها. هذه اللوحة مرتبطة بها: اطلب من فريق دعم الصوت والصورة ربطها بغرفة أخرى. يواصل Roomdeck التحقق تحسّبًا لعودتها.',
  'panel.load.goneChoose': 'ربما حُذفت أو غُيّر اسمها. اختر غرفة أخرى؛ يواصل Roomdeck التحقق تحسّبًا لعودة هذه الغرفة.',
  'panel.load.chooseAnother': 'اختر غرفة أخرى',
  'panel.load.tryNow': 'أعد المحاولة الآن',
  'panel.load.failed': 'تعذّر تحميل هذه الغرفة حتى الآن.',
  'panel.load.keepsTrying': '{error} يواصل Roomdeck المحاولة تلقائيًا.',
  'panel.load.loading': 'جارٍ تحميل الغرفة…',
  'panel.control.warming': 'جارٍ الإحماء',
  'panel.control.cooling': 'جارٍ التبريد',
  'panel.control.offline': 'لا يستجيب',
  'panel.control.stale': 'غير محدَّث',
  'panel.control.transition': '{what}: {seconds, number} ث',
  'panel.control.transitionLeft': '{what}، يتبقى {seconds, number} ث',
  'panel.toggle.on': 'يعمل',
  'panel.toggle.off': 'متوقف',
  'panel.toggle.unknown': 'غير معروف',
  'panel.pager.previous': 'السابق',
  'panel.pager.next': 'التالي',
  'panel.pager.page': 'الصفحة {page, number} من {count, number}',
  'panel.search.searching': 'جارٍ البحث…',
  'panel.search.count': '{count} {noun}',
  // ── end panel ──

  // ── room: the room model's sentences (renderer/src/lib/words, lib/panel, lib/room, lib/plan) ──
  // ── end room ──

  // ── tech-a: technician tools: systems, modules, exec, live state, debug log ──
  // ── end tech-a ──

  // ── tech-b: technician tools: drawer, sign-in, PIN, fleet, help requests, keyboard, panel section, lib/technician ──
  // ── end tech-b ──

  // ── language: choosing a language ──
  'language.button': 'اللغة',
  // ── end language ──
} satisfies Catalogue;
