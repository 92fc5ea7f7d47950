import type { ButtonHTMLAttributes } from 'react';
import './ui.css';

/** The arena's button looks: green for money in, steam blue for the login, quiet for the rest. */
export type ButtonVariant = 'primary' | 'deposit' | 'steam' | 'ghost' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'md' | 'sm';
}

/** A button; type defaults to "button" so it never submits a form by accident. */
export function Button({ variant = 'ghost', size = 'md', className, type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={buttonClass(variant, size, className)} {...rest} />;
}

/** The classes of a button look, for links that must look like buttons. */
export function buttonClass(variant: ButtonVariant, size: 'md' | 'sm' = 'md', extra?: string): string {
  return ['btn', `btn-${variant}`, size === 'sm' ? 'btn-sm' : '', extra ?? ''].filter(Boolean).join(' ');
}
