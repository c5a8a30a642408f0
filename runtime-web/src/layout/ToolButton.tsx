import { Button } from '@douyinfe/semi-ui';
import type { ButtonProps } from '@douyinfe/semi-ui/lib/es/button';
import { forwardRef, type ReactNode } from 'react';

export interface ToolButtonProps extends Omit<ButtonProps, 'children'> {
  /** Tooltip text and accessible name. */
  label: string;
  icon: ReactNode;
  'data-testid'?: string;
}

/**
 * An icon-only borderless button named by `label` (native tooltip). Semi's Tooltip is avoided here: under
 * React 18 it calls the deprecated findDOMNode on every hover check, which logs a console error.
 * The span gives hosts such as Dropdown a DOM node to anchor to.
 */
export const ToolButton = forwardRef<HTMLSpanElement, ToolButtonProps>(function ToolButton({ label, icon, ...rest }, ref) {
  return (
    <span ref={ref} className="sa-tool">
      <Button theme="borderless" type="tertiary" icon={icon} aria-label={label} title={label} {...rest} />
    </span>
  );
});
