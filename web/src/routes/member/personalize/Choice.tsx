import type { ReactNode } from 'react';

/** A checkbox or radio with its label, at least 44 px high (a chip: 44 px square too; a card: the formats). */
export function Choice({
  type,
  name,
  checked,
  disabled,
  onChange,
  chip,
  card,
  children,
  ...rest
}: {
  type: 'checkbox' | 'radio';
  name?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  chip?: boolean;
  card?: boolean;
  children: ReactNode;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}) {
  const className = ['option', chip && 'option--chip', card && 'option--card'].filter(Boolean).join(' ');
  return (
    <label className={className}>
      <input
        type={type}
        name={name}
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        {...rest}
      />
      <span className="option__text">{children}</span>
    </label>
  );
}
