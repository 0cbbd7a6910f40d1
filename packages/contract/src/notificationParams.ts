import { z } from './zod.ts';
import { EMAIL_DIGESTS } from './notifications.ts';

/**
 * The bell's procedures' parameters (docs/product.md#notifications), apart from notifications.ts,
 * which every signed-in screen loads without zod.
 */
export const notificationProcedureParams = {
  get_my_notifications: z.strictObject({}),
  /** One notification (its id), or every one when absent or null. */
  mark_notifications_read: z.strictObject({
    p_notification_id: z
      .string()
      .regex(/^[0-9]{1,18}$/, 'must be a notification id')
      .nullable()
      .optional(),
  }),
  get_notification_settings: z.strictObject({}),
  save_notification_settings: z.strictObject({ p_email_digest: z.enum(EMAIL_DIGESTS), p_allow_team_additions: z.boolean() }),
};
