import { Link } from 'react-router';
import { BookOpen, KeyRound, Tags, Users } from 'lucide-react';
import { Card, CardBody } from '#components/ui/card.tsx';
import { RESELLER_DOCS } from '../utils/labels.ts';

const BENEFITS = [
  {
    icon: Tags,
    title: 'Your own prices',
    text: 'Wholesale prices per GB and per IP, agreed with us, and prepaid residential GB for your busiest product.',
  },
  {
    icon: Users,
    title: 'Sub-users',
    text: 'Create accounts for your customers and sell them plans from your balance; they sign in to their own customer area.',
  },
  {
    icon: KeyRound,
    title: 'The reseller API',
    text: 'Buy, extend and top up plans from your own shop or bot with an API key, with safe retries on every charge.',
  },
];

/** What joining gives, for a customer who is not in the programme yet. */
export function ProgrammeIntro() {
  return (
    <section aria-labelledby="programme-benefits" className="space-y-3">
      <h2 id="programme-benefits" className="text-base font-semibold text-slate-900 dark:text-white">
        What a reseller gets
      </h2>
      <ul className="grid gap-4 md:grid-cols-3">
        {BENEFITS.map(({ icon: Icon, title, text }) => (
          <li key={title}>
            <Card className="h-full">
              <CardBody className="space-y-2">
                <Icon className="size-5 text-brand-600 dark:text-brand-400" aria-hidden="true" />
                <h3 className="font-medium text-slate-900 dark:text-white">{title}</h3>
                <p className="text-sm text-slate-600 dark:text-slate-300">{text}</p>
              </CardBody>
            </Card>
          </li>
        ))}
      </ul>
      <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
        <BookOpen className="size-4 shrink-0" aria-hidden="true" />
        <span>
          Read the{' '}
          <Link to={RESELLER_DOCS} className="font-medium text-brand-600 hover:underline dark:text-brand-400">
            reseller API documentation
          </Link>{' '}
          before you apply.
        </span>
      </p>
    </section>
  );
}
