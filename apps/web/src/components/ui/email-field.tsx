import { TextField, type TextFieldProps } from './text-field';

export interface EmailFieldProps extends Omit<TextFieldProps, 'label' | 'type' | 'onChange'> {
  /** Defaults to 'Email'. */
  label?: string;
  onValueChange: (value: string) => void;
}

/**
 * The e-mail field every form uses: the e-mail keyboard on phones, the browser's address autofill
 * and the `email` name password managers look for.
 */
export function EmailField({ label = 'Email', onValueChange, ...props }: EmailFieldProps) {
  return (
    <TextField
      label={label}
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      onChange={(event) => onValueChange(event.target.value)}
      {...props}
    />
  );
}
