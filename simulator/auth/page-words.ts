import Negotiator from 'negotiator';

/*
 * The words of the simulator's own pages (sign-in, consent, device verification, their errors) in
 * the languages Roomdeck ships. The simulator stands in for the Control Service, a product of its
 * own: it has its own small table here and never reads Roomdeck's catalogue (locales/). The page
 * follows the browser's Accept-Language (negotiator), English when none of these is wanted.
 *
 * Entries that take markup (`<strong>`, `<code>`) receive it already escaped by the page; every
 * other value passes through the page's escaping.
 */

export type PageLanguage = 'en' | 'de' | 'ar';
export const PAGE_LANGUAGES: readonly PageLanguage[] = ['en', 'de', 'ar'];

/** Why an authorize request cannot be answered at its redirect URI (authorize-request.ts). */
export type FatalReason = 'noClient' | 'unknownClient' | 'noRedirect' | 'unknownRedirect';
/** Which wrong guesses were counted: passwords (sign-in) or codes (device page). */
export type GuessKind = 'passwords' | 'codes';
/** Whose guesses were too many: the account's, or this address's. */
export type RefusalScope = 'account' | 'address';

export interface PageWords {
  lang: PageLanguage;
  dir: 'ltr' | 'rtl';
  username: string;
  password: string;
  signIn: string;
  continue: string;
  signInTo: (app: string) => string;
  /** `app`: markup. */
  toContinueTo: (app: string) => string;
  continueToTitle: (app: string) => string;
  continueAs: (user: string) => string;
  /** All three: markup. */
  consentBody: (app: string, username: string, target: string) => string;
  useAnotherAccount: string;
  signedOut: string;
  signedOutBody: string;
  requestRejected: string;
  misconfigured: string;
  malformed: (detail: string) => string;
  somethingWrong: string;
  fatal: Record<FatalReason, string>;
  foreignForm: string;
  foreignDeviceForm: string;
  expiredForm: string;
  expiredDevicePage: string;
  sessionExpired: string;
  enterCredentials: string;
  wrongCredentials: string;
  tooMany: (kind: GuessKind, scope: RefusalScope, seconds: number) => string;
  badCode: string;
  codeLabel: string;
  approveDevice: string;
  approveDeviceIntro: string;
  enterCode: string;
  /** `user`: markup. */
  signedInAs: (user: string) => string;
  approveTitle: (app: string) => string;
  signInAppAs: (app: string, user: string) => string;
  checkCode: string;
  approveOnlyIf: string;
  approve: string;
  deny: string;
  deviceApproved: string;
  approved: string;
  /** `app`: markup. */
  approvedBody: (app: string) => string;
  deviceDenied: string;
  denied: string;
  deniedBody: (app: string) => string;
}

const EN: PageWords = {
  lang: 'en',
  dir: 'ltr',
  username: 'Username',
  password: 'Password',
  signIn: 'Sign in',
  continue: 'Continue',
  signInTo: (app) => `Sign in to ${app}`,
  toContinueTo: (app) => `to continue to ${app} (Control Service simulator)`,
  continueToTitle: (app) => `Continue to ${app}?`,
  continueAs: (user) => `Continue as ${user}?`,
  consentBody: (app, username, target) =>
    `${app} asks to use the Control Service simulator as ${username}. It will receive the answer at ${target}.`,
  useAnotherAccount: 'Use another account',
  signedOut: 'Signed out',
  signedOutBody:
    'This browser is no longer signed in to the Control Service simulator. The next sign-in asks for a password.',
  requestRejected: 'Sign-in request rejected',
  misconfigured: 'The application that sent you here is misconfigured; you cannot continue from this page.',
  malformed: (detail) => `The sign-in request is malformed: ${detail}`,
  somethingWrong: 'Something went wrong.',
  fatal: {
    noClient: 'The request names no application (client_id is missing).',
    unknownClient: 'The application is not registered with this service.',
    noRedirect: 'The request has no redirect_uri.',
    unknownRedirect: 'The redirect_uri is not registered for this application.',
  },
  foreignForm: 'This sign-in form was sent from another site. Go back to the app and sign in again.',
  foreignDeviceForm: 'This form was sent from another site. Open the address shown on the panel instead.',
  expiredForm: 'This sign-in page had expired. Enter your username and password again.',
  expiredDevicePage: 'This page had expired. Sign in and check the code again.',
  sessionExpired: 'Your sign-in has expired. Sign in again.',
  enterCredentials: 'Enter your username and password.',
  wrongCredentials: 'Wrong username or password.',
  tooMany: (kind, scope, seconds) => {
    const wait = seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
    const what = kind === 'passwords' ? 'wrong passwords' : 'wrong codes';
    return scope === 'account'
      ? `Too many ${what} for this account. Wait ${wait} and try again.`
      : `Too many ${what} from this computer. Wait ${wait} and try again.`;
  },
  badCode: 'That code is not known, has expired or was already answered. Check the code on the panel.',
  codeLabel: 'Code shown on the panel',
  approveDevice: 'Sign in to approve a device',
  approveDeviceIntro: 'A Roomdeck panel asks to sign in with your account. Sign in, then check the code.',
  enterCode: 'Enter the code from the panel',
  signedInAs: (user) => `Signed in as ${user}.`,
  approveTitle: (app) => `Approve ${app}?`,
  signInAppAs: (app, user) => `Sign in ${app} as ${user}?`,
  checkCode: 'Check that the panel in front of you shows this code:',
  approveOnlyIf: 'Approve only if you started this on that panel yourself.',
  approve: 'Approve',
  deny: 'Deny',
  deviceApproved: 'Device approved',
  approved: 'Approved',
  approvedBody: (app) => `${app} is signing you in on the panel now. You can close this page.`,
  deviceDenied: 'Device denied',
  denied: 'Denied',
  deniedBody: (app) => `${app} will not be signed in. You can close this page.`,
};

const DE: PageWords = {
  lang: 'de',
  dir: 'ltr',
  username: 'Benutzername',
  password: 'Passwort',
  signIn: 'Anmelden',
  continue: 'Weiter',
  signInTo: (app) => `Bei ${app} anmelden`,
  toContinueTo: (app) => `um mit ${app} fortzufahren (Control-Service-Simulator)`,
  continueToTitle: (app) => `Weiter zu ${app}?`,
  continueAs: (user) => `Als ${user} fortfahren?`,
  consentBody: (app, username, target) =>
    `${app} möchte den Control-Service-Simulator als ${username} verwenden. Die Antwort geht an ${target}.`,
  useAnotherAccount: 'Anderes Konto verwenden',
  signedOut: 'Abgemeldet',
  signedOutBody:
    'Dieser Browser ist nicht mehr beim Control-Service-Simulator angemeldet. Bei der nächsten Anmeldung wird das Passwort abgefragt.',
  requestRejected: 'Anmeldeanfrage abgelehnt',
  misconfigured:
    'Die Anwendung, die Sie hierher geschickt hat, ist falsch konfiguriert; von dieser Seite aus können Sie nicht fortfahren.',
  malformed: (detail) => `Die Anmeldeanfrage ist fehlerhaft: ${detail}`,
  somethingWrong: 'Etwas ist schiefgelaufen.',
  fatal: {
    noClient: 'Die Anfrage nennt keine Anwendung (client_id fehlt).',
    unknownClient: 'Die Anwendung ist bei diesem Dienst nicht registriert.',
    noRedirect: 'Die Anfrage enthält keine redirect_uri.',
    unknownRedirect: 'Die redirect_uri ist für diese Anwendung nicht registriert.',
  },
  foreignForm:
    'Dieses Anmeldeformular wurde von einer anderen Website gesendet. Kehren Sie zur App zurück und melden Sie sich erneut an.',
  foreignDeviceForm:
    'Dieses Formular wurde von einer anderen Website gesendet. Öffnen Sie stattdessen die Adresse, die das Panel anzeigt.',
  expiredForm: 'Diese Anmeldeseite war abgelaufen. Geben Sie Benutzername und Passwort erneut ein.',
  expiredDevicePage: 'Diese Seite war abgelaufen. Melden Sie sich an und prüfen Sie den Code erneut.',
  sessionExpired: 'Ihre Anmeldung ist abgelaufen. Melden Sie sich erneut an.',
  enterCredentials: 'Geben Sie Benutzername und Passwort ein.',
  wrongCredentials: 'Benutzername oder Passwort ist falsch.',
  tooMany: (kind, scope, seconds) => {
    const wait = seconds < 90 ? `${seconds} Sekunden` : `${Math.ceil(seconds / 60)} Minuten`;
    const what = kind === 'passwords' ? 'falsche Passwörter' : 'falsche Codes';
    return scope === 'account'
      ? `Zu viele ${what} für dieses Konto. Warten Sie ${wait} und versuchen Sie es dann erneut.`
      : `Zu viele ${what} von diesem Computer. Warten Sie ${wait} und versuchen Sie es dann erneut.`;
  },
  badCode:
    'Dieser Code ist unbekannt, abgelaufen oder wurde bereits beantwortet. Prüfen Sie den Code auf dem Panel.',
  codeLabel: 'Code auf dem Panel',
  approveDevice: 'Anmelden, um ein Gerät freizugeben',
  approveDeviceIntro:
    'Ein Roomdeck-Panel möchte sich mit Ihrem Konto anmelden. Melden Sie sich an und prüfen Sie dann den Code.',
  enterCode: 'Code vom Panel eingeben',
  signedInAs: (user) => `Angemeldet als ${user}.`,
  approveTitle: (app) => `${app} freigeben?`,
  signInAppAs: (app, user) => `${app} als ${user} anmelden?`,
  checkCode: 'Prüfen Sie, ob das Panel vor Ihnen diesen Code anzeigt:',
  approveOnlyIf: 'Geben Sie nur frei, wenn Sie dies selbst an diesem Panel gestartet haben.',
  approve: 'Freigeben',
  deny: 'Ablehnen',
  deviceApproved: 'Gerät freigegeben',
  approved: 'Freigegeben',
  approvedBody: (app) => `${app} meldet Sie jetzt am Panel an. Sie können diese Seite schließen.`,
  deviceDenied: 'Gerät abgelehnt',
  denied: 'Abgelehnt',
  deniedBody: (app) => `${app} wird nicht angemeldet. Sie können diese Seite schließen.`,
};

/** Arabic counts: 1 and 2 have their own words, 3–10 take a plural, 11 and up a singular. */
function arabicCount(n: number, one: string, two: string, few: string, many: string): string {
  if (n === 1) return one;
  if (n === 2) return two;
  const rem = n % 100;
  if (rem >= 3 && rem <= 10) return `${n} ${few}`;
  return `${n} ${many}`;
}

const AR: PageWords = {
  lang: 'ar',
  dir: 'rtl',
  username: 'اسم المستخدم',
  password: 'كلمة المرور',
  signIn: 'تسجيل الدخول',
  continue: 'متابعة',
  signInTo: (app) => `تسجيل الدخول إلى ${app}`,
  toContinueTo: (app) => `للمتابعة إلى ${app} (محاكي خدمة التحكم)`,
  continueToTitle: (app) => `المتابعة إلى ${app}؟`,
  continueAs: (user) => `المتابعة باسم ${user}؟`,
  consentBody: (app, username, target) =>
    `يطلب ${app} استخدام محاكي خدمة التحكم باسم ${username}. سيتلقى الرد على ${target}.`,
  useAnotherAccount: 'استخدام حساب آخر',
  signedOut: 'تم تسجيل الخروج',
  signedOutBody:
    'لم يعد هذا المتصفح مسجّل الدخول إلى محاكي خدمة التحكم. سيُطلب منك إدخال كلمة المرور عند تسجيل الدخول التالي.',
  requestRejected: 'تم رفض طلب تسجيل الدخول',
  misconfigured: 'التطبيق الذي أرسلك إلى هنا غير مضبوط بشكل صحيح؛ لا يمكنك المتابعة من هذه الصفحة.',
  malformed: (detail) => `طلب تسجيل الدخول غير صالح: ${detail}`,
  somethingWrong: 'حدث خطأ ما.',
  fatal: {
    noClient: 'لا يحدد الطلب أي تطبيق (client_id مفقود).',
    unknownClient: 'التطبيق غير مسجّل لدى هذه الخدمة.',
    noRedirect: 'لا يتضمن الطلب redirect_uri.',
    unknownRedirect: 'عنوان redirect_uri غير مسجّل لهذا التطبيق.',
  },
  foreignForm: 'أُرسل نموذج تسجيل الدخول هذا من موقع آخر. ارجع إلى التطبيق وسجّل الدخول مرة أخرى.',
  foreignDeviceForm: 'أُرسل هذا النموذج من موقع آخر. افتح بدلًا من ذلك العنوان المعروض على اللوحة.',
  expiredForm: 'انتهت صلاحية صفحة تسجيل الدخول هذه. أدخل اسم المستخدم وكلمة المرور مرة أخرى.',
  expiredDevicePage: 'انتهت صلاحية هذه الصفحة. سجّل الدخول وتحقق من الرمز مرة أخرى.',
  sessionExpired: 'انتهت صلاحية تسجيل دخولك. سجّل الدخول مرة أخرى.',
  enterCredentials: 'أدخل اسم المستخدم وكلمة المرور.',
  wrongCredentials: 'اسم المستخدم أو كلمة المرور غير صحيحة.',
  tooMany: (kind, scope, seconds) => {
    const wait =
      seconds < 90
        ? arabicCount(seconds, 'ثانية واحدة', 'ثانيتين', 'ثوانٍ', 'ثانية')
        : arabicCount(Math.ceil(seconds / 60), 'دقيقة واحدة', 'دقيقتين', 'دقائق', 'دقيقة');
    const what = kind === 'passwords' ? 'محاولات كثيرة بكلمة مرور خاطئة' : 'محاولات كثيرة برمز خاطئ';
    return scope === 'account'
      ? `${what} لهذا الحساب. انتظر ${wait} ثم حاول مرة أخرى.`
      : `${what} من هذا الجهاز. انتظر ${wait} ثم حاول مرة أخرى.`;
  },
  badCode: 'هذا الرمز غير معروف، أو انتهت صلاحيته، أو سبق الرد عليه. تحقق من الرمز المعروض على اللوحة.',
  codeLabel: 'الرمز المعروض على اللوحة',
  approveDevice: 'سجّل الدخول للموافقة على جهاز',
  approveDeviceIntro: 'تطلب لوحة Roomdeck تسجيل الدخول بحسابك. سجّل الدخول، ثم تحقق من الرمز.',
  enterCode: 'أدخل الرمز المعروض على اللوحة',
  signedInAs: (user) => `مسجّل الدخول باسم ${user}.`,
  approveTitle: (app) => `الموافقة على ${app}؟`,
  signInAppAs: (app, user) => `تسجيل دخول ${app} باسم ${user}؟`,
  checkCode: 'تحقق من أن اللوحة التي أمامك تعرض هذا الرمز:',
  approveOnlyIf: 'لا توافق إلا إذا كنت أنت من بدأ ذلك على تلك اللوحة.',
  approve: 'موافقة',
  deny: 'رفض',
  deviceApproved: 'تمت الموافقة على الجهاز',
  approved: 'تمت الموافقة',
  approvedBody: (app) => `يسجّل ${app} دخولك على اللوحة الآن. يمكنك إغلاق هذه الصفحة.`,
  deviceDenied: 'تم رفض الجهاز',
  denied: 'تم الرفض',
  deniedBody: (app) => `لن يُسجَّل دخول ${app}. يمكنك إغلاق هذه الصفحة.`,
};

const TABLE: Record<PageLanguage, PageWords> = { en: EN, de: DE, ar: AR };

/** The page's words for a request: its Accept-Language's best match among en/de/ar, else English. */
export function pageWordsFor(headers: { 'accept-language'?: string | string[] | undefined }): PageWords {
  const header = headers['accept-language'];
  const value = Array.isArray(header) ? header.join(',') : header;
  const chosen = new Negotiator({
    headers: value === undefined ? {} : { 'accept-language': value },
  }).language([...PAGE_LANGUAGES]);
  return TABLE[(chosen as PageLanguage | undefined) ?? 'en'] ?? EN;
}
