/**
 * Build gate for the conference content: validates speakers.json and agenda.json with the
 * contract's schema and exits non-zero with every problem listed when they are invalid.
 * Runs without Vite, before the web build:  npx tsx scripts/check-conference-content.ts
 */
import { readFileSync } from 'node:fs';
import { ConferenceContentError, parseConferenceContent } from '../packages/contract/src/conference.ts';

const CONTENT_DIR = new URL('../apps/web/src/features/conference/content/', import.meta.url);

function readJson(name: string): unknown {
  return JSON.parse(readFileSync(new URL(name, CONTENT_DIR), 'utf8'));
}

try {
  const { speakers, agenda } = parseConferenceContent(readJson('./speakers.json'), readJson('./agenda.json'));
  const parts = agenda.reduce((sum, session) => sum + session.parts.length, 0);
  console.log(`Conference content OK: ${speakers.length} speakers, ${agenda.length} sessions, ${parts} parts.`);
} catch (error) {
  if (error instanceof ConferenceContentError || error instanceof SyntaxError) {
    console.error(error.message);
    process.exitCode = 1;
  } else {
    throw error;
  }
}
