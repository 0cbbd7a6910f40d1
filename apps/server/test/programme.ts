import { expect } from 'vitest';
import type { PublishPreview, PublishResult } from '@mc/contract';
import { untyped, type TestUser } from './harness.ts';

/** Publishes the organiser's draft as they would: review the changes, then confirm with a note. */
export async function publishNow(organiser: TestUser, note: string): Promise<{ preview: PublishPreview; result: PublishResult }> {
  const preview = await untyped(organiser.client).rpc('preview_programme_publish', {});
  expect(preview.error).toBeNull();
  const review = preview.data as PublishPreview;
  const published = await untyped(organiser.client).rpc('publish_programme', { p_note: note, p_draft_version: review.draft_version });
  expect(published.error).toBeNull();
  return { preview: review, result: published.data as PublishResult };
}
