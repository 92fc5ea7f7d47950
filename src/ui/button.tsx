import type { ButtonHTMLAttributes, MouseEvent } from 'react';
import './ui.css';

/** The arena's button looks: green for money in, steam blue for the login, quiet for the rest. */
export type ButtonVariant = 'primary' | 'deposit' | 'steam' | 'ghost' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'md' | 'sm';
  /**
   * Waiting on its last press: the button looks disabled and ignores presses, but stays
   * enabled (aria-disabled). Disabling the button that has the focus moves the focus to the
   * page, so a player on a keyboard would lose their place at every press, and the browser
   * works out styles and layout again inside the render that disables it.
   */
  busy?: boolean;
}

const ignorePress = (event: MouseEvent) => event.preventDefault();

/** A button; type defaults to "button" so it never submits a form by accident. */
export function Button({ variant = 'ghost', size = 'md', className, type = 'button', busy = false, onClick, ...rest }: ButtonProps) {
  return <button type={type} className={buttonClass(variant, size, className)} aria-disabled={busy || undefined} onClick={busy ? ignorePress : onClick} {...rest} />;
}

/** The classes of a button look, for links that must look like buttons. */
export function buttonClass(variant: ButtonVariant, size: 'md' | 'sm' = 'md', extra?: string): string {
  return ['btn', `btn-${variant}`, size === 'sm' ? 'btn-sm' : '', extra ?? ''].filter(Boolean).join(' ');
}
