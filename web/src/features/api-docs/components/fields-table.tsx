import type { Field } from '../utils/schema.ts';

/**
 * A type as `"a" | "b"`: it wraps between alternatives, never inside one ("sticky" is not split
 * over two lines on a phone); an alternative longer than the column still breaks as a last resort.
 */
function TypeLabel({ type }: { type: string }) {
  const alternatives = type.split(' | ');
  return alternatives.map((alternative, i) => (
    <span key={i} className="inline-block [overflow-wrap:anywhere]">
      {alternative}
      {i < alternatives.length - 1 && <span className="whitespace-pre"> | </span>}
    </span>
  ));
}

export function FieldsTable({
  title,
  fields,
  location,
}: {
  title: string;
  fields: Array<Field & { in?: string }>;
  location?: boolean;
}) {
  if (fields.length === 0) return null;
  return (
    <div>
      <h4 className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">{title}</h4>
      <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
        <table className="w-full min-w-[480px] text-left text-sm">
          <thead className="bg-slate-50 text-xs text-slate-500 dark:bg-slate-900/60 dark:text-slate-400">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Name
              </th>
              {location && (
                <th scope="col" className="px-3 py-2 font-medium">
                  In
                </th>
              )}
              <th scope="col" className="px-3 py-2 font-medium">
                Type
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Notes
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {fields.map((field) => (
              <tr key={field.name}>
                <td className="px-3 py-2 align-top font-mono text-[13px] text-slate-900 dark:text-slate-100">
                  {field.name}
                  {field.required && (
                    <span className="ml-1 text-red-500" title="required">
                      *
                    </span>
                  )}
                </td>
                {location && <td className="px-3 py-2 align-top text-slate-500 dark:text-slate-400">{field.in}</td>}
                <td className="px-3 py-2 align-top font-mono text-[13px] text-brand-700 dark:text-brand-300">
                  <TypeLabel type={field.type} />
                </td>
                <td className="px-3 py-2 align-top text-slate-600 dark:text-slate-400">{field.notes || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
