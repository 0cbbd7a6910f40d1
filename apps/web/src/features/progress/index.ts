// A mission's life after the conference (docs/product.md#mission-updates): what other features use.
export { UpdatesCard } from './UpdatesCard';
export { ProgressCard, StatusBadge, StatusFilter } from './ProgressCard';
export { STATUS_MESSAGE_IDS } from './statusLabels';
export { afterEventQuery } from './checkinApi';
