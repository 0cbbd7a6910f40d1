import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import { appConfig } from '../../lib/appConfig';

/** A section's heading (the page's h1, id "section-title") and the browser tab's title. */
export function SectionHeading({ title, description, action }: { title: string; description?: ReactNode; action?: ReactNode }) {
  const { _ } = useLingui();
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <title>{_('organiser.console.sectionDocumentTitle', { title, productName: appConfig.productName })}</title>
      <div className="min-w-0">
        <h1 id="section-title" className="text-2xl font-bold text-slate-50 sm:text-3xl">
          {title}
        </h1>
        {description ? <p className="mt-1 text-slate-300">{description}</p> : null}
      </div>
      {action}
    </div>
  );
}
