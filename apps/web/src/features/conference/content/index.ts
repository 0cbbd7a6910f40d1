import { parseConferenceContent } from '@mc/contract/conference.ts';
import agendaJson from './agenda.json';
import speakersJson from './speakers.json';

/**
 * The conference content, validated when this module loads: a broken file fails loudly here
 * (and earlier, in scripts/check-conference-content.ts, which the build runs) instead of rendering half a page.
 */
export const conference = parseConferenceContent(speakersJson, agendaJson);
