import { forwardRef } from 'react';
import { Input, type InputProps } from '#components/ui/input.tsx';
import { cn } from '#lib/cn.ts';

/**
 * The field for a 6-digit authenticator code. It is a text field (codes keep leading zeros) that
 * also accepts a backup code such as `abcde-12345`; `backup` swaps the numeric keypad for letters.
 */
export const CodeInput = forwardRef<HTMLInputElement, Omit<InputProps, 'type'> & { backup?: boolean }>(
  function CodeInput({ backup = false, className, ...props }, ref) {
    return (
      <Input
        ref={ref}
        type="text"
        inputMode={backup ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        maxLength={11}
        placeholder={backup ? 'abcde-12345' : '123456'}
        className={cn('[&_input]:font-mono [&_input]:tracking-[0.2em]', className)}
        {...props}
      />
    );
  },
);
