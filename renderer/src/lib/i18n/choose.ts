/*
 * Which language the panel speaks: the choice itself is in locales/choose.ts, because the hosts
 * make it too (the page's first language, whose catalogue they name before the page asks).
 */
export {
  type LanguageChoices,
  NO_ROOM_LANGUAGE,
  offeredLanguages,
  pageLanguage,
  panelLanguage,
  type RoomLanguage,
  roomLanguage,
  roomLanguageOf,
  roomLocaleOf,
} from '#locales';
