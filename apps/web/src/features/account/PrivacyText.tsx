import type { ReactNode } from 'react';

/*
 * The privacy page's text, written by organisers as plain text: a line starting "## " is a
 * heading, lines starting "- " make a list, other lines make paragraphs. Nothing in it is read as
 * HTML, so whatever an organiser types is shown as text.
 */

type Block = { kind: 'heading' | 'paragraph'; text: string } | { kind: 'list'; items: string[] };

export function privacyBlocks(body: string): Block[] {
  const blocks: Block[] = [];
  for (const raw of body.split(/\r?\n/)) {
    const line = raw.trim();
    const last = blocks.at(-1);
    if (line === '') continue;
    if (line.startsWith('## ')) blocks.push({ kind: 'heading', text: line.slice(3).trim() });
    else if (line.startsWith('- ')) {
      if (last?.kind === 'list') last.items.push(line.slice(2).trim());
      else blocks.push({ kind: 'list', items: [line.slice(2).trim()] });
    } else blocks.push({ kind: 'paragraph', text: line });
  }
  return blocks;
}

/** The text as headings (h2), lists and paragraphs. */
export function PrivacyText({ body }: { body: string }) {
  return (
    <div className="flex flex-col gap-3 text-slate-200">
      {privacyBlocks(body).map((block, index): ReactNode => {
        if (block.kind === 'heading')
          return (
            <h2 key={index} className="mt-3 text-lg font-semibold text-slate-50">
              {block.text}
            </h2>
          );
        if (block.kind === 'list')
          return (
            <ul key={index} className="flex list-disc flex-col gap-1 pl-5">
              {block.items.map((item, itemIndex) => (
                <li key={itemIndex} className="break-words">
                  {item}
                </li>
              ))}
            </ul>
          );
        return (
          <p key={index} className="break-words">
            {block.text}
          </p>
        );
      })}
    </div>
  );
}
