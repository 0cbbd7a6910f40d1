import { procedure } from '../../rpc/procedure.ts';
import { recordProgrammeAlerts } from '../../kernel/programme-alerts.ts';
import { organiserProcedure } from '../../kernel/access.ts';
import { actorOf } from '../../kernel/actor.ts';
import { readProgrammeDocument } from './store.ts';
import { listVersions, previewPublish, publishDraft } from './versions.ts';

/** The draft, its review and its publication (organisers), and the public changelog (everyone signed in). */
export const versionProcedures = {
  get_programme_draft: organiserProcedure('get_programme_draft', async (_params, ctx) => readProgrammeDocument(ctx.db)),
  preview_programme_publish: organiserProcedure('preview_programme_publish', async (_params, ctx) => previewPublish(ctx.db)),
  publish_programme: organiserProcedure('publish_programme', async (params, ctx) => {
    const published = await publishDraft(
      ctx.db,
      actorOf(ctx),
      { note: params.p_note, draftVersion: params.p_draft_version },
      {
        notify: (tx, version, changes) =>
          recordProgrammeAlerts(
            tx,
            version,
            changes.map((change) => change.partId),
            ctx.userId,
          ),
      },
    );
    return published;
  }),
  list_programme_versions: procedure('list_programme_versions', async (_params, ctx) => listVersions(ctx.db)),
};
