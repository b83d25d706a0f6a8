import '@testing-library/jest-dom/vitest';
import { speakEnglish } from './setup-language.ts';
import { cleanup } from '@testing-library/svelte';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
});

// Components and word-making modules read the page's language: English, as a panel with no other.
await speakEnglish();
