import { Construction } from 'lucide-react';
import { Badge, Card } from '../../components/ui';
import { SectionHeading } from './SectionHeading';

/** A console section that is still being built: says so plainly instead of showing an empty screen. */
export function SectionInProgress({ title, description }: { title: string; description: string }) {
  return (
    <section aria-labelledby="section-title" className="flex flex-col gap-6">
      <SectionHeading title={title} />
      <Card className="flex flex-col items-start gap-3">
        <Badge tone="warning">
          <Construction aria-hidden="true" className="size-3.5" />
          In progress
        </Badge>
        <p className="text-slate-300">{description}</p>
      </Card>
    </section>
  );
}
