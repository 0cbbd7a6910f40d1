import type { MissionStatus } from '@mc/contract';
import type { BadgeTone } from '../../components/ui';

/** Each status's catalogue id and badge tone (docs/product.md#mission-status). */
export const STATUS_MESSAGE_IDS: Record<MissionStatus, string> = {
  active: 'mission.status.active',
  paused: 'mission.status.paused',
  completed: 'mission.status.completed',
  stopped: 'mission.status.stopped',
};

export const STATUS_TONES: Record<MissionStatus, BadgeTone> = { active: 'success', paused: 'warning', completed: 'info', stopped: 'neutral' };
