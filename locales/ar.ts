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
  'app.starting': 'جارٍ التشغيل…',
  'app.toolsLoadFailed': 'تعذّر تحميل أدوات الفني. أعد تحميل الصفحة، وإذا تكرر ذلك فاتصل بفريق دعم الصوت والصورة.',
  'app.signOut': 'تسجيل الخروج',
  'app.loadFailed': 'تعذّر على Roomdeck تحميل اللوحة. أعد تحميلها، وإذا تكرر ذلك فاتصل بفريق دعم الصوت والصورة.',
  'app.enrolment.choosing': 'جارٍ تسجيل هذه اللوحة: القاعة التي تختارها الآن ستكون قاعتها من الآن فصاعدًا.',
  'app.signIn.title': 'Roomdeck',
  'app.signIn.reenrol': 'إعادة تسجيل هذه اللوحة',
  'app.signIn.asPanel': 'تسجيل الدخول بحساب اللوحة',
  'app.signIn.button': 'تسجيل الدخول',
  'app.signIn.notSignedIn': 'لم يتم تسجيل الدخول',
  'app.signIn.signingIn': 'جارٍ تسجيل الدخول…',
  'app.signIn.signedIn': 'تم تسجيل الدخول',
  'app.signIn.enrollingNote': 'جارٍ تسجيل هذه اللوحة: سجّل الدخول بحساب اللوحة نفسها (لا بحسابك)، ثم اختر قاعتها.',
  'app.signIn.enrolledNote': 'هذه اللوحة مسجّلة لقاعتها. إعادة التسجيل تُدخل حسابها من جديد، وتبقى القاعة كما هي.',
  'app.signIn.support': 'هل تحتاج إلى مساعدة؟ اتصل بـ {contact}.',
  'app.signIn.waiting': 'أكمل تسجيل الدخول في متصفحك. إذا أغلقته فافتحه من جديد، أو ألغِ العملية وابدأ من البداية.',
  'app.signIn.openBrowserAgain': 'فتح المتصفح مرة أخرى',
  'app.advice.sessionEnded': 'انتهت صلاحية تسجيل الدخول أو أُلغي. سجّل الدخول مرة أخرى لمواصلة استخدام هذه اللوحة.',
  'app.advice.authRequired': 'سجّل الدخول لاستخدام هذه اللوحة.',
  'app.advice.offline': 'خدمة التحكم لا تستجيب. تحقّق من الشبكة ثم سجّل الدخول مرة أخرى، وإذا استمرت المشكلة فاتصل بفريق دعم الصوت والصورة.',
  'app.advice.bridgeUnreachable': 'تطبيق Roomdeck نفسه لا يستجيب. أعد تشغيل اللوحة، وإذا استمرت المشكلة فاتصل بفريق دعم الصوت والصورة.',
  'app.advice.other': 'حاول تسجيل الدخول مرة أخرى. وإذا تكرر ذلك فاتصل بفريق دعم الصوت والصورة واذكر لهم الرسالة أعلاه.',
  'app.picker.title': 'اختر قاعة',
  'app.picker.search': 'بحث',
  'app.picker.searchPlaceholder': 'مثال: اجتماعات، الميناء، شاشة + كاميرا، -استراحة',
  'app.picker.zone': 'المنطقة',
  'app.picker.allZones': 'كل المناطق',
  'app.picker.room': 'قاعة',
  'app.picker.rooms': 'قاعات',
  'app.picker.roomList': 'القاعات',
  'app.picker.seats': '{count, plural, zero {بلا مقاعد} one {مقعد واحد} two {مقعدان} few {# مقاعد} many {# مقعدًا} other {# مقعد}}',
  'app.picker.pages': 'الصفحات',
  'app.bridge.unexpected': 'حدث خطأ ما في Roomdeck: {detail}',
  'app.bridge.execNoAnswer': 'لم يصل أي رد على الأمر خلال {seconds, number} ثانية. قد يُنفَّذ رغم ذلك: راقب القاعة، وأعد المحاولة إذا لم يتغير شيء.',
  'app.bridge.noAnswer': 'لم يستجب Roomdeck خلال {seconds, number} ثانية. أعد المحاولة، وإذا تكرر ذلك فأعد تشغيل Roomdeck.',
  'app.bridge.unreachable': 'Roomdeck لا يستجيب ({detail}).',
  'app.bridge.unreadable': 'ردّ Roomdeck بالرمز {status} دون محتوى مقروء.',
  'app.bridge.unexpectedAnswer': 'ردّ Roomdeck بالرمز {status} على نحو غير متوقع.',
  'app.bridge.unavailable': 'هذا الجزء من Roomdeck غير متاح في هذا الإصدار. أعد تشغيل Roomdeck، وإذا بقي الأمر كذلك فأعد تثبيته.',
  'app.kiosk.title': 'تواجه هذه اللوحة مشكلة',
  'app.kiosk.message': 'أعاد Roomdeck تشغيل اللوحة {count, plural, zero {# مرة} one {مرة واحدة} two {مرتين} few {# مرات} many {# مرة} other {# مرة}} خلال وقت قصير، وما زالت تتعطل. معدات القاعة لم تتأثر.',
  'app.kiosk.retry': 'ستعاود المحاولة من تلقاء نفسها {minutes, plural, zero {بعد دقيقة تقريبًا} one {بعد دقيقة تقريبًا} two {بعد دقيقتين تقريبًا} few {بعد # دقائق تقريبًا} many {بعد # دقيقة تقريبًا} other {بعد # دقيقة تقريبًا}}. لا داعي للضغط على أي شيء.',
  'app.kiosk.contact': 'إذا تكرر ذلك، فاتصل بـ {contact}.',
  'app.kiosk.contactTeam': 'إذا تكرر ذلك، فاتصل بفريق دعم الصوت والصورة لديكم.',
  'app.kiosk.detail': 'آخر مشكلة: {kind, select, renderGone {توقفت صفحة اللوحة} unresponsive {توقفت صفحة اللوحة عن الاستجابة} gpuGone {توقفت عملية الرسوميات} heartbeatLost {توقفت صفحة اللوحة عن الرد} other {تعذّر تحميل صفحة اللوحة}} ({detail}) في {at}.',
  'app.host.launchTitle': 'افتح Roomdeck من العنوان الذي عرضه',
  'app.host.launchSafety': 'حفاظًا على أمانك، لا يُفتح Roomdeck إلا من العنوان الذي عرضه عند بدء تشغيله، وهو ينتهي بـ {suffix}.',
  'app.host.launchCopy': 'انسخ ذلك العنوان من النافذة التي يعمل فيها Roomdeck (يبدأ بـ {origin}) وافتحه في هذا المتصفح. وإذا أُعيد تشغيل Roomdeck، فاستخدم العنوان الجديد الذي عرضه.',
  'app.host.returningTitle': 'جارٍ العودة إلى Roomdeck…',
  'app.host.returningBody': '{link} إذا لم تنتقل هذه الصفحة من تلقاء نفسها.',
  'app.host.continueLink': 'تابع إلى Roomdeck',
  'app.host.ignoredTitle': 'تم تجاهل رد تسجيل الدخول',
  'app.host.ignoredWhy': 'هذا الرد لا يخص عملية تسجيل الدخول التي بدأها Roomdeck، لذلك تجاهله Roomdeck حفاظًا على أمانك.',
  'app.host.ignoredNext': 'إذا كنت تسجّل الدخول الآن، فأكمل ذلك في صفحة تسجيل الدخول التي فتحها Roomdeck، فهو ما زال ينتظرها. وإلا، {link}.',
  'app.host.returnLink': 'فعُد إلى Roomdeck',
  'app.host.openingTitle': 'جارٍ فتح Roomdeck…',
  'app.host.connecting': 'جارٍ ربط علامة التبويب هذه بـ Roomdeck.',
  'app.host.needsScript': 'يحتاج Roomdeck إلى JavaScript: اسمح به لهذا العنوان، ثم افتح العنوان الذي عرضه Roomdeck مرة أخرى.',
  'app.host.storageBlocked': 'لا يسمح هذا المتصفح لـ Roomdeck بحفظ مفتاحه لعلامة التبويب هذه (بيانات المواقع محظورة). اسمح ببيانات المواقع لهذا العنوان، ثم افتح العنوان الذي عرضه Roomdeck مرة أخرى.',
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
  'language.button': 'اللغة',
  // ── end language ──
} satisfies Catalogue;
