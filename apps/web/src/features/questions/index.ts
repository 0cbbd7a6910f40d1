/** What other features may use of the questions screens (docs/product.md#questions). */
export { QuestionsSection } from './QuestionsSection';
export { QuestionsProjector } from './QuestionsProjector';
export { LIVE_QUESTIONS_PREFIX, liveQuestionsPath } from './questionsPaths';
export type { QuestionForMission } from './QuestionMission';
