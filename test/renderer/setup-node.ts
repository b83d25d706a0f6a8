import { useLanguage } from '../../renderer/src/lib/i18n/i18n.svelte.ts';

// The renderer's word-making modules read the page's language: English, as a panel with no other.
await useLanguage('en');
