// What other features and the app may use of the feedback feature.
export { default as PartFeedback } from './PartFeedback';
export { partFeedbackListQuery, setFeedbackOff } from './feedbackApi';
