import { Input, type InputProps } from '#components/ui/input.tsx';

/** A number of days within a plan's bounds, naming the range unless the plan has one fixed length. */
export function DaysInput({ bounds, ...props }: { bounds: { min: number; max: number } } & InputProps) {
  return (
    <Input
      type="number"
      inputMode="numeric"
      min={bounds.min}
      max={bounds.max}
      step={1}
      hint={bounds.min === bounds.max ? undefined : `Between ${bounds.min} and ${bounds.max} days.`}
      {...props}
    />
  );
}
