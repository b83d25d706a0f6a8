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

  // ── errors: a sentence for every ErrorCode (renderer/src/lib/i18n/error-words.ts; lead) ──
  'error.offline': 'لا يستطيع Roomdeck الوصول إلى خدمة التحكم. تحقّق من اتصال الشبكة؛ سيواصل Roomdeck المحاولة.',
  'error.timeout': 'لم تُجب خدمة التحكم في الوقت المحدد. حاول مرة أخرى بعد قليل.',
  'error.credentialsRefused': 'رفضت خدمة التحكم بيانات اعتماد هذه اللوحة. يحتفظ Roomdeck بتسجيل الدخول ويعيد المحاولة تلقائيًا؛ إذا استمر ذلك فاتصل بفريق دعم الصوت والصورة.',
  'error.serverError': 'واجهت خدمة التحكم مشكلة. حاول مرة أخرى بعد قليل؛ وإذا استمرت فاتصل بالدعم.',
  'error.badResponse': 'أجابت خدمة التحكم بطريقة لا يفهمها Roomdeck. تأكّد من أن Roomdeck محدَّث، أو اتصل بالدعم.',
  'error.bridgeUnreachable': 'لا يستجيب Roomdeck. أعد تشغيل Roomdeck؛ وإذا استمر ذلك فأعد تثبيته.',
  'error.authRequired': 'لم تسجّل الدخول. سجّل الدخول للمتابعة.',
  'error.sessionEnded': 'انتهت جلستك (انتهت صلاحيتها أو أُلغيت). سجّل الدخول مرة أخرى للمتابعة.',
  'error.forbidden': 'حسابك غير مسموح له بهذا الإجراء. اطلب الصلاحية من المسؤول، أو سجّل الدخول بحساب آخر.',
  'error.notFound': 'لم تعد القاعة أو الجهاز موجودين. حدِّث القائمة واخترهما من جديد.',
  'error.versionConflict': 'غيّر شخص آخر هذه القاعة أثناء تعديلك لها. أعد تحميلها ثم طبّق تغييراتك مرة أخرى.',
  'error.validationFailed': 'لم تقبل الخدمة هذه القيم. صحّح الحقول المميَّزة وحاول مرة أخرى.',
  'error.badRequest': 'لم تفهم الخدمة الطلب. تحقّق من القيم وحاول مرة أخرى.',
  'error.signInFailed': 'لم ينجح تسجيل الدخول. حاول مرة أخرى؛ وإذا استمر الفشل فاتصل بالدعم.',
  'error.stateMissing': 'كانت إجابة تسجيل الدخول ناقصة (لم تحمل قيمة state)، لذا تجاهلها Roomdeck حفاظًا على أمانك. ابدأ تسجيل الدخول من جديد.',
  'error.stateMismatch': 'لم تكن إجابة تسجيل الدخول تخص عملية الدخول التي بدأها Roomdeck، لذا تم تجاهلها حفاظًا على أمانك. ابدأ تسجيل الدخول من جديد.',
  'error.signInTimeout': 'لم يكتمل تسجيل الدخول خلال ٥ دقائق. ابدأ تسجيل الدخول من جديد.',
  'error.signInDenied': 'أُلغي تسجيل الدخول أو لم يُمنح الوصول. سجّل الدخول مرة أخرى واسمح بالوصول للمتابعة.',
  'error.signInCodeExpired': 'انتهت صلاحية رمز تسجيل الدخول قبل الموافقة عليه. ابدأ تسجيل الدخول من جديد للحصول على رمز جديد.',
  'error.vaultInsecure': 'لا يتوفر مخزن مفاتيح آمن (على Linux: لا توجد حلقة مفاتيح)، لذا لن يحفظ Roomdeck تسجيل دخولك. ثبّت حلقة مفاتيح أو افتح قفلها، أو اطلب من المُركِّب السماح بالتخزين غير الآمن عن علم.',
  'error.configInvalid': 'إعدادات Roomdeck غير صحيحة. اطلب من المُركِّب التحقق من إعداداته.',
  'error.systemLocked': 'ثبّت المُركِّب هذه اللوحة على قاعتها، لذا لا يمكن تغيير القاعة من هنا. اطلب من المُركِّب تغييرها.',
  'error.technicianLocked': 'أدوات الفني مغلقة (تُقفل بعد فترة دون استخدام). افتحها مرة أخرى برمز PIN الخاص بالفني.',
  'error.panelEnrolled': 'هذه اللوحة مسجَّلة لقاعتها، لذا لا يمكن تغيير القاعة من هنا. يغيّرها الفني من خلال «إعادة تسجيل هذه اللوحة» في أدوات الفني.',
  'error.formInvalid': 'لا يمكن إرسال بعض القيم كما هي. صحّح الحقول المعلَّمة وحاول مرة أخرى.',
  'error.bridgeInvalidArgs': 'تعذّر على Roomdeck إرسال هذا الطلب: فهو غير صالح.',
  'error.bridgeForbidden': 'لا يُسمح لهذه الصفحة باستخدام واجهة Roomdeck.',
  'error.bridgeUnauthorized': 'علامة التبويب هذه غير متصلة بـ Roomdeck. افتح فيها العنوان الذي طبعه Roomdeck (ينتهي بـ ‎/?launch=…‎)؛ وإذا أُعيد تشغيل Roomdeck فاستخدم العنوان الجديد الذي طبعه.',
  'error.hostBadRequest': 'هذا العنوان غير صالح (يحتوي ترميز % مشوَّهًا). افتح العنوان الذي طبعه Roomdeck.',
  'error.hostMisdirected': 'افتح Roomdeck من خلال عنوانه.',
  'error.hostNotFound': 'لا يوجد شيء على هذا العنوان.',
  'error.moduleNotFound': 'لا يوجد في هذه القاعة جهاز كهذا. ربما تغيّرت القاعة؛ أعد تحميلها لتحديث عناصر التحكم.',
  'error.methodNotFound': 'لا يدعم الجهاز هذا الأمر. ربما تغيّر برنامج تشغيله؛ أعد تحميل القاعة لتحديث عناصر التحكم.',
  'error.moduleStopped': 'الجهاز متوقف، لذا لا يستقبل الأوامر. شغّله ثم حاول مرة أخرى.',
  'error.invalidArguments': 'لم يقبل الجهاز القيم المرسلة مع هذا الأمر. تحقّق منها وحاول مرة أخرى.',
  'error.driverError': 'تعذّر على الجهاز تنفيذ الأمر. تأكّد من أنه قيد التشغيل، ثم حاول مرة أخرى.',
  'error.execTimeout': 'لم يؤكّد الجهاز الأمر في الوقت المحدد. قد يكتمل لاحقًا؛ تحقّق من القاعة قبل المحاولة مرة أخرى.',
  'error.roomPartial': 'لم ينجح كل شيء: لم ينفّذ أحد الأجهزة ما طُلب منه. تأكّد من أنه قيد التشغيل، أو اتصل بدعم الصوت والصورة.',
  'error.cancelled': 'أُلغي الطلب قبل أن يكتمل. حاول مرة أخرى إن كان لا يزال مطلوبًا.',
  'error.internal': 'حدث خطأ داخل Roomdeck. حاول مرة أخرى؛ وإذا استمر فأعد تشغيل Roomdeck.',
  'error.bridgeInternal': 'واجه Roomdeck مشكلة غير متوقعة. حاول مرة أخرى.',
  'error.hostInternal': 'واجه Roomdeck مشكلة غير متوقعة. حاول مرة أخرى.',
  'error.bridgeUnknownVerb': 'هذا الجزء من Roomdeck غير متاح هنا: إصدار الصفحة يختلف عن إصدار التطبيق. أعد تحميل الصفحة.',
  'error.bridgeBadResponse': 'أجاب Roomdeck بشكل غير متوقع.',
  'error.unexpected': 'حدث خطأ في Roomdeck.',
  // ── end errors ──
} satisfies Catalogue;
