import { Link } from 'react-router';
import { Construction } from 'lucide-react';
import { Card } from './ui/Card';
import { buttonClasses } from './ui/Button';
import { appConfig } from '../lib/appConfig';

interface ComingSoonProps {
  title: string;
  description: string;
}

/** Placeholder for a screen that a later issue delivers. */
export function ComingSoon({ title, description }: ComingSoonProps) {
  return (
    <section className="mx-auto max-w-3xl">
      <title>{`${title} · ${appConfig.productName}`}</title>
      <h1 className="mb-6 text-2xl font-bold text-slate-50 sm:text-3xl">{title}</h1>
      <Card className="flex flex-col items-start gap-4">
        <span className="inline-flex size-12 items-center justify-center rounded-xl bg-amber-400/15 text-amber-200">
          <Construction aria-hidden="true" className="size-6" />
        </span>
        <div>
          <p className="text-lg font-semibold text-slate-50">Coming soon</p>
          <p className="mt-1 text-slate-300">{description}</p>
        </div>
        <Link to="/dashboard" className={buttonClasses('secondary', 'sm')}>
          Back to Dashboard
        </Link>
      </Card>
    </section>
  );
}
