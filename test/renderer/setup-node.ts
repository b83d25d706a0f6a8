import { speakEnglish } from './setup-language.ts';

// The renderer's word-making modules read the page's language: English, as a panel with no other.
await speakEnglish();
