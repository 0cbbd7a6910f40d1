// What other features and the app may use of the polls feature.
export { default as PartPolls } from './PartPolls';
export { PollOnProjector } from './PollOnProjector';
